//! `check`'s warnings about minisets that can never match: a search grid needing a tile id
//! that nothing in the rule set can write.
//!
//! Decidable (as an over-approximation) when every tile a step writes is written in a rule
//! file: then the tiles a layer can ever hold are among the numbers of the rule files (RON:
//! every integer, wherever it stands) and of the pattern files outside search grids
//! (replace grids, tables, fix rules), plus 0 and 1. A rule set with room pools can hold any
//! tile: no warning then. Neither a tile computed by an expression (`"base + 3"`) nor one
//! of the tile grid a `File` parameter names is seen (the warning says so): hence a
//! warning, not an error.

use super::compile::Cx;
use super::diag::Diagnostic;
use crate::lang::pattern::{Cell, ItemKind};

/// Tile ids 0..=65535 some step could write, a bit each.
struct WritableTiles(Vec<u64>);

impl WritableTiles {
    fn mark(&mut self, v: i64) {
        if let Ok(t) = u16::try_from(v) {
            self.0[t as usize / 64] |= 1 << (t % 64);
        }
    }

    fn has(&self, t: u16) -> bool {
        self.0[t as usize / 64] >> (t % 64) & 1 == 1
    }
}

/// The index of the first ASCII digit of `b` at or after `i` (eight bytes at a time: a
/// rule file is mostly other bytes).
fn next_digit(b: &[u8], mut i: usize) -> Option<usize> {
    const ONES: u64 = u64::from_ne_bytes([1; 8]);
    while let Some(chunk) = b.get(i..i + 8) {
        let w = u64::from_ne_bytes(chunk.try_into().unwrap());
        // per byte of 7 bits x (no carry between bytes): x >= '0' sets the top bit of
        // x + 0x50, x > '9' that of x + 0x46; a byte with its top bit set is no digit
        let x = w & (0x7f * ONES);
        let digits = (x + 0x50 * ONES) & !(x + 0x46 * ONES) & !w & (0x80 * ONES);
        if digits != 0 {
            let first = if cfg!(target_endian = "little") {
                digits.trailing_zeros()
            } else {
                digits.leading_zeros()
            };
            return Some(i + first as usize / 8);
        }
        i += 8;
    }
    (i..b.len()).find(|&j| b[j].is_ascii_digit())
}

/// Every tile id 0..=65535 that some rule file or pattern file could make a step write.
fn writable(cx: &Cx) -> WritableTiles {
    let mut ok = WritableTiles(vec![0; 65536 / 64]);
    let mut mark = |v: i64| ok.mark(v);
    mark(0);
    mark(1);
    for f in cx.files {
        // every run of ASCII digits, read as a number (one over 65535 names no tile)
        let b = f.text.as_bytes();
        let mut i = 0;
        while let Some(start) = next_digit(b, i) {
            let mut n = 0i64;
            i = start;
            while let Some(d) = b.get(i).filter(|d| d.is_ascii_digit()) {
                n = (n * 10 + (d - b'0') as i64).min(1 << 20);
                i += 1;
            }
            mark(n);
        }
    }
    for (_, parsed) in cx.patterns.values() {
        let Some(p) = parsed else { continue };
        for item in &p.items {
            match &item.kind {
                ItemKind::Table(t) => t.iter().for_each(|&v| mark(v)),
                ItemKind::Miniset(m) => m.replace.iter().flatten().for_each(|&v| mark(v as i64)),
                ItemKind::Automaton(rules) => rules.iter().for_each(|r| mark(r.set as i64)),
                ItemKind::Rules(rules) => {
                    for r in rules {
                        r.heads.iter().for_each(|&v| mark(v as i64));
                        r.tests.iter().for_each(|t| mark(t.value as i64));
                        let writes = r.actions.iter().chain(r.picks.iter().flatten());
                        writes.for_each(|&(_, _, v)| mark(v as i64));
                    }
                }
                ItemKind::TileSet(t) => t.tiles.iter().for_each(|&(v, _)| mark(v as i64)),
                ItemKind::Example(e) => e.grid.cells.iter().for_each(|&v| mark(v as i64)),
                ItemKind::Templates(t) => {
                    let chunks = t.chunks.iter().flat_map(|c| &c.alternatives);
                    let cells = t.templates.iter().map(|t| &t.cells);
                    for v in cells.chain(chunks.map(|(_, c)| c)).flatten() {
                        mark(*v as i64);
                    }
                }
            }
        }
    }
    ok
}

/// The warnings: one per miniset reference whose search grid needs a tile (or a set of
/// tiles) nothing can write, at the reference.
pub(super) fn unreachable_minisets(cx: &mut Cx) -> Vec<Diagnostic> {
    if !cx.pools.is_empty() || cx.used_minisets.is_empty() {
        return Vec::new();
    }
    let ok = writable(cx);
    let mut warnings = Vec::new();
    let used = std::mem::take(&mut cx.used_minisets);
    let mut seen = Vec::new();
    for (src, m) in &used {
        if seen.contains(&(src.file, &src.text, src.ordinal)) {
            continue;
        }
        seen.push((src.file, &src.text, src.ordinal));
        let bad = m.search.iter().enumerate().find_map(|(i, c)| match c {
            Cell::Any => None,
            Cell::Tile(t) => (!ok.has(*t)).then(|| (i, format!("tile {t}"))),
            Cell::Set(s) => (!s.iter().any(|t| ok.has(*t))).then(|| {
                let ids: Vec<String> = s.iter().map(|t| t.to_string()).collect();
                (i, format!("one of the tiles {{{}}}", ids.join(" ")))
            }),
        });
        let Some((i, what)) = bad else { continue };
        let (row, col) = (i as i32 / m.width + 1, i as i32 % m.width + 1);
        let files = match cx.file_params.as_slice() {
            [] => String::new(),
            names => format!(
                " (only the tile grid of a `File` parameter could bring it: {})",
                names.join(", ")
            ),
        };
        let before = cx.diags.len();
        cx.error(
            src,
            format!(
                "the miniset `{}` can never match: its search grid needs {what} (row {row}, \
                 column {col}), which no step of this rule set writes",
                src.text
            ),
            Some(format!(
                "no rule file or pattern file mentions {what} outside search grids{files}; \
                 check the tile id in the pattern file, or add a step that writes it"
            )),
        );
        warnings.extend(cx.diags.drain(before..));
    }
    cx.used_minisets = used;
    warnings
}

#[cfg(test)]
mod tests {
    use super::next_digit;

    /// The word-at-a-time search finds what a byte-at-a-time one finds, from every start,
    /// among every byte value (those next to '0' and '9', and with the top bit set).
    #[test]
    fn next_digit_is_the_first_digit() {
        let mut b: Vec<u8> = (0..=255u8).collect();
        b.extend((0..=255u8).rev().step_by(3));
        b.extend(b"abc/9x0 //\xb0\xb9\x30");
        for i in 0..=b.len() {
            let naive = (i..b.len()).find(|&j| b[j].is_ascii_digit());
            assert_eq!(next_digit(&b, i), naive, "{i}");
        }
    }
}
