//! 3×3 pattern tiling: each cell of a tile layer gets the tile of the **last** pattern (in
//! list order) whose nine cells match the cell's 3×3 neighbourhood in a symbol layer. A
//! pattern cell holds a code; code `k` accepts the symbols of set `codes[k]` (set cells:
//! one code stands for several symbols). Neighbours outside the grid match every code.
//! Cells no pattern matches keep their tile. Draws no random numbers. Diablo's Catacombs
//! `DoPatternCheck` (shared/spec/diablo.md §3.5).
//!
//! The pattern table is a pattern-file `table` of 10 numbers per pattern: the nine codes
//! in raster order around the cell (`(x−1, y−1)`, `(x, y−1)`, ..., `(x+1, y+1)`), then the
//! output tile. Errors (at load): a table whose length is not a multiple of 10, a code
//! without a set, a symbol above 63.
//!
//! The header is the shared [`TileHeader`] with `to` as its layer: only cells of `area`
//! (clipped to the grid) are written, none flagged in `protected`, nothing when `when` is
//! false.

use crate::engine::grid::{Grid, GridMut};
use crate::engine::state::State;
use crate::engine::Flow;
use crate::operator::header::TileHeader;
use crate::operator::{Operator, Runnable, Writes};
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

crate::tile_params! {
    header: writes,
    /// Rule-file parameters of `TilePatterns(...)`.
    #[derive(Debug, Clone, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Params {
        /// The symbol layer read.
        pub from: Src,
        /// The pattern table, `"file.pat#name"` (10 numbers per pattern, see the module doc).
        pub patterns: Src,
        /// For each code 0, 1, ...: the symbols it accepts.
        pub codes: Vec<Vec<u16>>,
    }
}

/// Compiled `TilePatterns`: the patterns as a `Lookup` (by the cell's tile).
#[derive(Debug)]
pub struct Compiled {
    from: u16,
    /// `to` and its area, condition and flag layers.
    head: TileHeader,
    lookup: Lookup,
}

/// Where a neighbour reads in a [`Lookup`]: symbols `0..=63` are themselves.
const ABOVE: usize = 64;
/// The slot of a neighbour outside the grid.
const OUTSIDE: usize = 65;
/// Slots per neighbour: the 64 symbols, [`ABOVE`] (a symbol no code accepts), [`OUTSIDE`].
const SLOTS: usize = 66;

/// The patterns (each nine symbol-set bit masks and the tile, in reverse list order: the
/// last match wins, so the first found in this order) as bit sets: for neighbour `k` and slot `s`, the
/// set of patterns whose code at `k` accepts `s`. A cell's patterns are the intersection
/// of its nine neighbours' sets, the winner its lowest bit: nine `and`s per 64 patterns
/// instead of testing the patterns in turn.
#[derive(Debug)]
struct Lookup {
    /// Words of 64 patterns per set.
    words: usize,
    /// `[k][slot][word]`.
    bits: Vec<u64>,
    /// The tile of each pattern, in the same order.
    tiles: Vec<u16>,
}

impl Lookup {
    fn new(patterns: &[([u64; 9], u16)]) -> Lookup {
        let words = patterns.len().div_ceil(64).max(1);
        let mut bits = vec![0u64; 9 * SLOTS * words];
        for (i, (m, _)) in patterns.iter().enumerate() {
            for (k, &mask) in m.iter().enumerate() {
                for s in 0..SLOTS {
                    // outside the grid every symbol bit is set: any non-empty code accepts
                    let ok = match s {
                        ABOVE => false,
                        OUTSIDE => mask != 0,
                        s => mask >> s & 1 == 1,
                    };
                    if ok {
                        bits[(k * SLOTS + s) * words + i / 64] |= 1 << (i % 64);
                    }
                }
            }
        }
        Lookup {
            words,
            bits,
            tiles: patterns.iter().map(|p| p.1).collect(),
        }
    }

    /// The tile of the first pattern accepting the nine slots, if any.
    #[inline]
    fn find(&self, slots: &[usize; 9]) -> Option<u16> {
        let words = self.words;
        for word in 0..words {
            let mut acc = u64::MAX;
            for (k, &s) in slots.iter().enumerate() {
                acc &= self.bits[(k * SLOTS + s) * words + word];
                if acc == 0 {
                    break;
                }
            }
            if acc != 0 {
                return Some(self.tiles[word * 64 + acc.trailing_zeros() as usize]);
            }
        }
        None
    }
}

/// Index bits and entries of a run's neighbourhood memo.
const MEMO_BITS: u32 = 10;
const MEMO: usize = 1 << MEMO_BITS;
/// No packed neighbourhood (63 bits) is this.
const NO_KEY: u64 = u64::MAX;
/// An odd multiplier mixing a key's bits into the top ones (Fibonacci hashing).
const MIX: u64 = 0x9E37_79B9_7F4A_7C15;

/// The slot of a symbol.
#[inline(always)]
fn slot(v: u16) -> usize {
    (v as usize).min(ABOVE)
}

impl Operator for Params {
    type Compiled = Compiled;

    fn anchor(&self) -> Option<&Src> {
        Some(&self.patterns)
    }

    fn compile(&self, cx: &mut Cx) -> Option<Compiled> {
        let from = cx.layer(&self.from);
        let head = TileHeader::compile(cx, self.header());
        let table = cx.table(&self.patterns)?;
        if table.len() % 10 != 0 {
            cx.error(
                &self.patterns,
                format!(
                    "a pattern table holds 10 numbers per pattern (9 codes, then the tile); this one holds {}",
                    table.len()
                ),
                None,
            );
            return None;
        }
        let mut masks = Vec::new();
        for set in &self.codes {
            let mut m = 0u64;
            for &s in set {
                if s > 63 {
                    cx.error(
                        &self.patterns,
                        format!("code symbols are 0..=63, found {s}"),
                        None,
                    );
                    return None;
                }
                m |= 1 << s;
            }
            masks.push(m);
        }
        let mut patterns = Vec::new();
        for (i, p) in table.chunks(10).enumerate() {
            let mut m = [0u64; 9];
            for k in 0..9 {
                match usize::try_from(p[k]).ok().and_then(|c| masks.get(c)) {
                    Some(&mask) => m[k] = mask,
                    None => {
                        cx.error(
                            &self.patterns,
                            format!(
                                "pattern {i} uses code {}, but `codes` defines only {} codes",
                                p[k],
                                masks.len()
                            ),
                            None,
                        );
                        return None;
                    }
                }
            }
            let Ok(tile) = u16::try_from(p[9]) else {
                cx.error(
                    &self.patterns,
                    format!("pattern {i}: tile {} is not 0..=65535", p[9]),
                    None,
                );
                return None;
            };
            patterns.push((m, tile));
        }
        patterns.reverse();
        Some(Compiled {
            from,
            head: head?,
            lookup: Lookup::new(&patterns),
        })
    }
}

impl Runnable for Compiled {
    fn writes(&self) -> Writes<'_> {
        self.head.writes_layer()
    }

    fn run(&self, st: &mut State) -> Flow {
        let area = match self.head.begin(st) {
            Ok(a) => a,
            Err(f) => return f,
        };
        let to = self.head.layer;
        let (w, h) = (st.width, st.height);
        // the slots of the symbols as they are before the step (`from` may be `to`), with
        // a border of `OUTSIDE`: cell (x, y) is (x + 1, y + 1) of the padded grid
        let g = st.grid(self.from);
        let mut padded = vec![OUTSIDE as u16; ((w + 2) * (h + 2)) as usize];
        let mut pm = GridMut::new(&mut padded, w + 2, h + 2);
        for y in 0..h {
            for (x, &v) in g.row(y, 0, w).iter().enumerate() {
                pm.set(x as i32 + 1, y + 1, slot(v) as u16);
            }
        }
        let pg = Grid::new(&padded, w + 2, h + 2);
        // the answers by neighbourhood, the nine slots packed 7 bits each, column by column
        // (a window moving one cell right drops a column and takes one): neighbourhoods
        // repeat across a map, and an answer depends on them alone
        let mut memo = vec![(NO_KEY, None); MEMO];
        let column =
            |x: i32, y: i32| (0..3).fold(0u64, |c, dy| c | (pg.at(x, y + dy) as u64) << (7 * dy));
        for y in area.y..area.y1() {
            let mut key = column(area.x, y) << 21 | column(area.x + 1, y) << 42;
            for x in area.x..area.x1() {
                key = key >> 21 | column(x + 2, y) << 42;
                if self.head.flagged(st, x, y) {
                    continue;
                }
                let m = &mut memo[(key.wrapping_mul(MIX) >> (64 - MEMO_BITS)) as usize];
                if m.0 != key {
                    // the 3x3 neighbourhood of (x, y): columns x..x+3 of padded rows y..y+3
                    let mut slots = [OUTSIDE; 9];
                    for dy in 0..3 {
                        let row = pg.row(y + dy, x, x + 3);
                        for dx in 0..3 {
                            slots[(dy * 3 + dx) as usize] = row[dx as usize] as usize;
                        }
                    }
                    *m = (key, self.lookup.find(&slots));
                }
                if let Some(t) = m.1 {
                    st.grid_mut(to).set(x, y, t);
                }
            }
        }
        Flow::Continue
    }
}

#[cfg(test)]
mod tests {
    use super::{slot, Lookup, OUTSIDE};
    use crate::operator::testing::{grid, run_rules_with};

    /// The first pattern whose nine masks accept the neighbours (`None`: outside the grid,
    /// which sets every bit), testing the patterns in turn.
    fn find_plain(patterns: &[([u64; 9], u16)], cells: &[Option<u16>; 9]) -> Option<u16> {
        let bits = cells.map(|c| match c {
            None => u64::MAX,
            Some(v) if v < 64 => 1 << v,
            Some(_) => 0,
        });
        patterns
            .iter()
            .find(|(m, _)| (0..9).all(|k| m[k] & bits[k] != 0))
            .map(|p| p.1)
    }

    /// The lookup answers as testing the patterns in turn: random pattern lists (1 to 150
    /// patterns, so one to three words; masks of few symbols, some empty) and random
    /// neighbourhoods (symbols 0..70, some outside the grid).
    #[test]
    fn the_lookup_agrees_with_testing_every_pattern() {
        let mut s = 0x2545f491u64;
        let mut next = |n: u64| {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (s >> 33) % n
        };
        let mut found = 0;
        for round in 0..200 {
            let n = 1 + next(150) as usize;
            let patterns: Vec<([u64; 9], u16)> = (0..n)
                .map(|i| {
                    let mut m = [0u64; 9];
                    for mk in m.iter_mut() {
                        for _ in 0..next(4) {
                            *mk |= 1 << next(8);
                        }
                        if next(3) == 0 {
                            *mk = u64::MAX; // an "any" code
                        }
                    }
                    (m, i as u16)
                })
                .collect();
            let lookup = Lookup::new(&patterns);
            for _ in 0..200 {
                let cells: [Option<u16>; 9] = std::array::from_fn(|_| match next(12) {
                    0 => None,
                    1 => Some(64 + next(6) as u16),
                    _ => Some(next(8) as u16),
                });
                let slots = cells.map(|c| c.map_or(OUTSIDE, slot));
                let want = find_plain(&patterns, &cells);
                found += want.is_some() as u32;
                assert_eq!(lookup.find(&slots), want, "round {round}: {cells:?}");
            }
        }
        assert!(found > 1000, "{found}");
    }

    #[test]
    fn the_last_matching_pattern_wins_and_outside_matches_everything() {
        // codes: 0 any of {0, 1}, 1 = {1}, 2 = {0}
        // pattern A: anything -> 7; pattern B: centre 1 with a 1 to the right -> 9;
        // pattern C: centre 1, left neighbour 0 -> 5 (listed last: wins over B)
        let pat = "table p { 0 0 0 0 0 0 0 0 0 7   0 0 0 0 1 1 0 0 0 9   0 0 0 2 1 0 0 0 0 5 }";
        let g = run_rules_with(
            4,
            1,
            r#"FillRect(layer: "s", value: "1", rect: (x: "1", y: "0", w: "3", h: "1")),
               TilePatterns(from: "s", layer: "t", patterns: "p.pat#p", codes: [[0, 1], [1], [0]])"#,
            "t",
            &[("p.pat", pat)],
        );
        // symbols 0 1 1 1: cell 0 -> 7; cell 1 (left 0, right 1) -> 5 (C beats B);
        // cell 2 -> 9; cell 3 (right outside: matches) -> 9
        assert_eq!(g, grid("7 5 9 9"));
    }

    /// With an area only its cells are written; with `from` = `to` every cell reads the
    /// symbols as they were before the step.
    #[test]
    fn an_area_bounds_the_writes_and_the_input_is_read_before_the_step() {
        let pat = "table p { 0 0 0 0 0 0 0 0 0 7   0 0 0 0 1 1 0 0 0 9   0 0 0 2 1 0 0 0 0 5 }";
        let g = run_rules_with(
            4,
            1,
            r#"FillRect(layer: "s", value: "1", rect: (x: "1", y: "0", w: "3", h: "1")),
               TilePatterns(from: "s", layer: "t", patterns: "p.pat#p", codes: [[0, 1], [1], [0]],
                   area: (x: "1", y: "0", w: "2", h: "1"))"#,
            "t",
            &[("p.pat", pat)],
        );
        assert_eq!(g, grid("0 5 9 0"));
        // in place: codes 0 {0, 1, 5, 9}, 1 {1}, 2 {0}; pattern C needs a 0 on the left,
        // which cell 1 still sees although cell 0 has become 7
        let pat = "table p { 0 0 0 0 0 0 0 0 0 7   0 0 0 2 1 0 0 0 0 5 }";
        let g = run_rules_with(
            4,
            1,
            r#"FillRect(layer: "s", value: "1", rect: (x: "1", y: "0", w: "3", h: "1")),
               TilePatterns(from: "s", layer: "s", patterns: "p.pat#p", codes: [[0, 1, 5, 7], [1], [0]])"#,
            "s",
            &[("p.pat", pat)],
        );
        assert_eq!(g, grid("7 5 7 7"));
    }
}
