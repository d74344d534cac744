//! Miniset random scatter: try every top-left position in raster order and, where the
//! miniset matches, place it with a probability — later positions see earlier placements.
//! Draws random numbers as Diablo's `PlaceMiniSetRandom` (shared/spec/diablo.md §1.5 B):
//! one `rnd(roll)` per matching position, placed when it is below `percent`.
//!
//! Positions: `0 <= y < H − h`, `0 <= x < W − w` (the last row and column of positions are
//! never tried, as in the original); with `area` `(ax, ay, aw, ah)` (clipped to the grid),
//! `ay <= y < ay + ah − h`, `ax <= x < ax + aw − w`, so every write stays inside it. `when`
//! false skips the step. A match needs the search grid to match (the one
//! matcher, [`crate::lang::matcher`]: `.` any tile, a tile, or a set cell) and no footprint
//! cell flagged in `protected`. Optional extra checks, both before the roll (no draw when
//! they fail): `avoid` — the top-left must lie outside a rectangle; `spread` — no cell of
//! the window `[x − w, x + 2w) × [y − h, y + 2h)` (clipped to the grid) may hold the
//! miniset's top-left replace tile (anti-clustering; tile 0 when that cell is `.`, as the
//! original reads its 0 "leave" cell). Diablo's Catacombs
//! `PlaceMiniSetRandom` uses both (§1.5 B).
//!
//! With `isolate: (lo, hi)` (Diablo's Caves `CanReplaceTile`, shared/spec/diablo.md §1.5 B,
//! §4.9.5): when the miniset's top-left replace cell writes a tile in `lo..=hi`, a position is
//! refused when its left neighbour is in the grid and `<= hi` and one of its left, right,
//! lower or upper neighbours (in the grid) is `>= lo` — the original's comparison, which
//! always reads the left neighbour for the upper bound, is kept. The check runs after the
//! match and before the draw (a refused position draws nothing). Other level-type-specific
//! checks are not part of this operator.

use crate::engine::dir::Dir;
use crate::engine::grid;
use crate::engine::state::State;
use crate::engine::Flow;
use crate::lang::matcher::{Matcher, Planes, RowHits, RowMatcher};
use crate::operator::args::{Count, Rect, RectDef};
use crate::operator::header::TileHeader;
use crate::operator::knobs::Knobs;
use crate::operator::knobs::I32;
use crate::operator::{Operator, Runnable};
use crate::rng::RandomSource;
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

crate::tile_params! {
    header: writes,
    /// Rule-file parameters of `ScatterMiniset(...)`.
    #[derive(Debug, Clone, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Params {
        /// The miniset, `"file.pat#name"`.
        pub miniset: Src,
        /// Placed when `rnd(roll) < percent`. Default roll 100.
        #[serde(default = "hundred")]
        pub roll: Count,
        /// See `roll`.
        pub percent: I32,
        /// Positions whose top-left lies in this rectangle are skipped. Default none.
        #[serde(default)]
        pub avoid: Option<RectDef>,
        /// Skip positions near a copy of the top-left replace tile (see the module doc).
        /// Default false.
        #[serde(default)]
        pub spread: bool,
        /// `(lo, hi)`: refuse positions next to tiles in that range (see the module doc).
        /// Default none.
        #[serde(default)]
        pub isolate: Option<(u16, u16)>,
    }
}

fn hundred() -> Count {
    Count::Lit(100)
}

/// Compiled `ScatterMiniset`.
#[derive(Debug, Clone)]
pub struct Compiled {
    head: TileHeader,
    m: Matcher,
    /// `m` over bit planes, when it can be (see [`Matcher::rows`]).
    rows: Option<RowMatcher>,
    roll: i64,
    percent: i64,
    avoid: Option<Rect>,
    spread: bool,
    /// The replace tile of the top-left cell (what `spread` looks for).
    first: u16,
    isolate: Option<(u16, u16)>,
    knobs: Knobs<Compiled>,
}
crate::has_knobs!(Compiled);

impl Operator for Params {
    type Compiled = Compiled;

    fn anchor(&self) -> Option<&Src> {
        Some(&self.miniset)
    }

    fn compile(&self, cx: &mut Cx) -> Option<Compiled> {
        let mut k: Knobs<Compiled> = Knobs::default();
        let head = TileHeader::compile(cx, self.header());
        let m = cx.miniset(&self.miniset)?;
        if m.width > cx.width() || m.height > cx.height() {
            cx.error(
                &self.miniset,
                "the miniset is larger than the grid".into(),
                None,
            );
            return None;
        }
        let avoid = match &self.avoid {
            Some(a) => Some(a.compile(cx)?),
            None => None,
        };
        let matcher = Matcher::miniset(&m).for_grid(cx.width());
        Some(Compiled {
            head: head?,
            rows: matcher.rows(),
            m: matcher,
            roll: self
                .roll
                .get(cx, &mut k, |c: &mut Compiled, v| c.roll = v as i64),
            percent: self
                .percent
                .get(cx, &mut k, |c: &mut Compiled, v| c.percent = v as i64),
            avoid,
            spread: self.spread,
            // a `.` top-left reads as tile 0, as the original's 0 "leave" cell did
            first: m.replace[0].unwrap_or(0),
            // only minisets whose top-left replace cell writes a tile in the range are checked
            isolate: self
                .isolate
                .filter(|&(lo, hi)| m.replace[0].is_some_and(|t| (lo..=hi).contains(&t))),
            knobs: k.done()?,
        })
    }
}

impl Runnable for Compiled {
    fn run(&self, st: &mut State) -> Flow {
        crate::resolve_knobs!(self, st);
        let area = match self.head.begin(st) {
            Ok(a) => a,
            Err(f) => return f,
        };
        let m = &self.m;
        let l = self.head.layer;
        let avoid = self.avoid.as_ref().map(|a| a.eval(st));
        // every footprint lies in the area: with no flagged cell there (commonly none at
        // all), no position needs the flag layers' test; a flag layer the miniset writes
        // is tested at every position
        let flagged = self
            .head
            .protected
            .iter()
            .any(|&f| f == l || st.grid(f).count_in(area, |v| v != 0) > 0);
        let checks = (avoid, flagged);
        // (in the grid: the area is clipped to it)
        let positions = grid::Rect::new(area.x, area.y, area.w - m.width(), area.h - m.height());
        // only matching positions can draw or write: the matcher skips to the next one on
        // the grid as it is now (a write changes what the later positions see)
        let mut from = (positions.x, positions.y);
        if let Some(rows) = self.rows.as_ref() {
            // the same search a row at a time, the planes kept in step with the writes
            let (mut planes, mut hits): (Planes, RowHits) = st.scratch.take();
            planes.sync(&st.grid(l));
            rows.begin(&planes, &mut hits);
            while let Some((x, y)) = hits.next_match(positions, from) {
                from = (x + 1, y);
                if self.placed_at(st, Some(&planes), checks, x, y) {
                    m.write_noting(&mut st.grid_mut(l), x, y, |cx, cy, v| {
                        planes.set(cx, cy, v);
                        rows.note(&mut hits, cx, cy, v);
                    });
                }
            }
            st.scratch.put((planes, hits));
            return Flow::Continue;
        }
        while let Some((x, y)) = m.next_match(&st.grid(l), positions, from) {
            from = (x + 1, y);
            if self.placed_at(st, None, checks, x, y) {
                m.write(&mut st.grid_mut(l), x, y);
            }
        }
        Flow::Continue
    }
}

impl Compiled {
    /// The `isolate` check at top-left `(x, y)`.
    fn crowded(&self, st: &State, x: i32, y: i32) -> bool {
        let Some((lo, hi)) = self.isolate else {
            return false;
        };
        let g = st.grid(self.head.layer);
        match g.get(x - 1, y) {
            Some(left) if left <= hi => Dir::ALL4
                .iter()
                .any(|d| g.get(x + d.dx(), y + d.dy()).is_some_and(|t| t >= lo)),
            _ => false,
        }
    }

    /// The checks after a match at `(x, y)` and the roll: whether to place there. `planes`,
    /// when given, are those of the layer as it is (they answer the `spread` test);
    /// `flagged`: whether a protected cell may lie under a footprint (else the test of the
    /// flag layers is skipped).
    #[inline]
    fn placed_at(
        &self,
        st: &mut State,
        planes: Option<&Planes>,
        (avoid, flagged): (Option<grid::Rect>, bool),
        x: i32,
        y: i32,
    ) -> bool {
        let m = &self.m;
        if avoid.is_some_and(|r| r.contains(x, y)) {
            return false;
        }
        // (the footprint lies in the grid: positions keep it inside the area)
        if flagged {
            let foot = m.footprint(x, y);
            if self
                .head
                .protected
                .iter()
                .any(|&f| st.grid(f).any_in(foot, |v| v != 0))
            {
                return false;
            }
        }
        if self.spread {
            // the footprint's 3x3 neighbourhood of footprints (clipped to the grid)
            let (fw, fh) = (m.width(), m.height());
            let win = grid::Rect::new(x - fw, y - fh, 3 * fw, 3 * fh);
            let near = match planes {
                Some(p) => p.any_in(self.first, win),
                None => st.grid(self.head.layer).any_in(win, |t| t == self.first),
            };
            if near {
                return false;
            }
        }
        !self.crowded(st, x, y) && st.rng.below(self.roll) < self.percent
    }
}

#[cfg(test)]
mod tests {
    use crate::operator::testing::{grid, run_rules_with};

    /// `spread`: no copy of the top-left replace tile in the 3x3 footprints around a
    /// position; `avoid`: no position inside the rectangle. Positions are x 0..5 of row 0.
    #[test]
    fn avoid_and_spread_skip_positions_before_the_roll() {
        let pat = "miniset m 1x1 { search 13 replace 7 }";
        let run = |extra: &str| {
            run_rules_with(
                6,
                2,
                &format!(
                    r#"FillRect(layer: "t", value: "13", rect: (x: "0", y: "0", w: "6", h: "2")),
                       ScatterMiniset(layer: "t", miniset: "p.pat#m", percent: 100, {extra})"#
                ),
                "t",
                &[("p.pat", pat)],
            )
        };
        assert_eq!(
            run("spread: true"),
            grid("7 13 7 13 7 13\n13 13 13 13 13 13")
        );
        assert_eq!(
            run(r#"avoid: (x: "2", y: "0", w: "1", h: "1")"#),
            grid("7 7 13 7 7 13\n13 13 13 13 13 13")
        );
    }

    /// A footprint over a cell flagged in a `protected` layer is refused (before the
    /// roll); a flag layer with no flag refuses nothing.
    #[test]
    fn protected_cells_refuse_footprints_over_them() {
        let pat = "miniset m 2x1 { search 13 13 replace 7 7 }";
        let run = |flag: &str| {
            run_rules_with(
                6,
                2,
                &format!(
                    r#"FillRect(layer: "t", value: "13", rect: (x: "0", y: "0", w: "6", h: "2")),
                       FillRect(layer: "p", value: "{flag}", rect: (x: "2", y: "0", w: "1", h: "1")),
                       ScatterMiniset(layer: "t", miniset: "p.pat#m", percent: 100, protected: ["p"])"#
                ),
                "t",
                &[("p.pat", pat)],
            )
        };
        // positions x 0..4 of row 0: (0,0) placed, (1,0) no longer matches, (2,0) covers
        // the flag, (3,0) placed
        assert_eq!(run("1"), grid("7 7 13 7 7 13\n13 13 13 13 13 13"));
        assert_eq!(run("0"), grid("7 7 7 7 13 13\n13 13 13 13 13 13"));
    }

    #[test]
    fn scatters_where_it_matches_with_the_given_odds() {
        let pat = "miniset m 1x1 { search 13 replace 7 }";
        let run = |percent: i64| {
            run_rules_with(
                21,
                21,
                &format!(
                    r#"FillRect(layer: "t", value: "13", rect: (x: "0", y: "0", w: "21", h: "21")),
                       ScatterMiniset(layer: "t", miniset: "p.pat#m", percent: {percent})"#
                ),
                "t",
                &[("p.pat", pat)],
            )
        };
        let all = run(100);
        // the last row and column of positions are never tried
        assert!(all[..20].iter().all(|r| r[..20].iter().all(|&t| t == 7)));
        assert!(all[20].iter().all(|&t| t == 13));
        assert_eq!(run(0).iter().flatten().filter(|&&t| t == 7).count(), 0);
        let some = run(25).iter().flatten().filter(|&&t| t == 7).count();
        assert!((50..150).contains(&some), "{some} of 400");
    }

    #[test]
    fn set_cells_match_any_member() {
        let pat = "set ab = {1 2}\n\
            miniset m 2x1 { search ab {3 4} replace 9 . }\n\
            miniset input 5x2 { search . . . . . | . . . . . replace 1 3 2 4 . | 2 2 1 5 . }";
        let g = run_rules_with(
            5,
            3,
            r#"Stamp(layer: "t", pattern: "p.pat#input", at: (x: "0", y: "0")),
               ScatterMiniset(layer: "t", miniset: "p.pat#m", percent: 100)"#,
            "t",
            &[("p.pat", pat)],
        );
        // (0,0): 1 in ab, 3 in {3 4}; (2,0): 2, 4. Row 1 has no 3 or 4 right of an a/b.
        assert_eq!(g, grid("9 3 9 4 0\n2 2 1 5 0\n0 0 0 0 0"));
    }

    #[test]
    fn isolate_refuses_positions_next_to_tiles_in_the_range() {
        // 1x1 "13 -> 90" with isolate (84, 100): (0,0) is never refused (no left neighbour)
        let pat = "miniset m 1x1 { search 13 replace 90 }";
        let g = run_rules_with(
            5,
            2,
            r#"FillRect(layer: "t", value: "13", rect: (x: "0", y: "0", w: "5", h: "2")),
               FillRect(layer: "t", value: "84", rect: (x: "3", y: "0", w: "1", h: "1")),
               FillRect(layer: "t", value: "7", rect: (x: "0", y: "1", w: "5", h: "1")),
               ScatterMiniset(layer: "t", miniset: "p.pat#m", percent: 100, isolate: (84, 100))"#,
            "t",
            &[("p.pat", pat)],
        );
        // (0,0) -> 90; (1,0): its left neighbour is now 90 (>= 84) -> refused; (2,0): right 84
        assert_eq!(g[0], vec![90, 13, 13, 84, 13]);
    }
}
