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

/// Every tile id 0..=65535 that some rule file or pattern file could make a step write.
fn writable(cx: &Cx) -> Vec<bool> {
    let mut ok = vec![false; 65536];
    let mut mark = |v: i64| {
        if let Ok(t) = u16::try_from(v) {
            ok[t as usize] = true;
        }
    };
    mark(0);
    mark(1);
    for f in cx.files {
        let mut run = String::new();
        for c in f.text.chars().chain(std::iter::once(' ')) {
            if c.is_ascii_digit() {
                run.push(c);
            } else if !run.is_empty() {
                mark(run.parse().unwrap_or(-1));
                run.clear();
            }
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
            Cell::Tile(t) => (!ok[*t as usize]).then(|| (i, format!("tile {t}"))),
            Cell::Set(s) => (!s.iter().any(|t| ok[*t as usize])).then(|| {
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
