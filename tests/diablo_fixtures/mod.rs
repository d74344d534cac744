//! Helpers shared by the Diablo fixture tests (Cathedral, Caves, ...): loading a shipped rule
//! set, reading `.dun` tile grids, the fixture index, comparing a generated tile layer with a
//! fixture (exact, or the first differing cell), and counting restarts per failure point.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use undercroft::dungeon::{Dungeon, Layer};
use undercroft::RuleSet;

/// Load `rules/<rel>` of this crate.
pub fn rules(rel: &str) -> RuleSet {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("rules")
        .join(rel);
    RuleSet::load(&p).unwrap_or_else(|e| panic!("{e}"))
}

/// A tile layer as rows.
pub fn ids(d: &Dungeon, name: &str) -> Vec<Vec<u16>> {
    match &d.layers[name] {
        Layer::Ids(r) => r.clone(),
        _ => panic!("{name} is not a tile layer"),
    }
}

/// A symbol layer as rows of characters.
pub fn symbols(d: &Dungeon, name: &str) -> Vec<Vec<char>> {
    match &d.layers[name] {
        Layer::Symbols(r) => r.iter().map(|s| s.chars().collect()).collect(),
        _ => panic!("{name} is not a symbol layer"),
    }
}

/// The tile layer of a `.dun` file: u16 LE width, height, then width*height ids row-major.
pub fn read_dun(path: &Path) -> (usize, usize, Vec<u16>) {
    let b = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let u = |i: usize| u16::from_le_bytes([b[2 * i], b[2 * i + 1]]);
    let (w, h) = (u(0) as usize, u(1) as usize);
    (w, h, (0..w * h).map(|i| u(2 + i)).collect())
}

/// The entries of `index.json` of one level type ("cathedral", "caves", ...).
pub fn entries(dir: &Path, kind: &str) -> Vec<serde_json::Value> {
    let index: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("index.json")).unwrap()).unwrap();
    index
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["type"] == kind)
        .cloned()
        .collect()
}

/// Compare a generated tile layer with a fixture's grid: `None` when equal, else the first
/// differing cell in raster order `(x, y, ours, fixture)` and the share of equal cells.
pub fn first_difference(
    got: &[Vec<u16>],
    w: usize,
    h: usize,
    want: &[u16],
) -> Option<((usize, usize, u16, u16), f64)> {
    assert_eq!((got.len(), got[0].len()), (h, w), "size");
    let mut first = None;
    let mut equal = 0;
    for y in 0..h {
        for x in 0..w {
            if got[y][x] == want[y * w + x] {
                equal += 1;
            } else if first.is_none() {
                first = Some((x, y, got[y][x], want[y * w + x]));
            }
        }
    }
    first.map(|f| (f, equal as f64 / (w * h) as f64))
}

/// One report line: "NAME: exact (N restarts)" or the first difference.
pub fn report_line(
    name: &str,
    attempts: u32,
    diff: Option<((usize, usize, u16, u16), f64)>,
) -> String {
    match diff {
        None => format!("{name}: exact ({attempts} restarts)"),
        Some(((x, y, g, f), share)) => format!(
            "{name}: first difference at ({x}, {y}): ours {g}, fixture {f}; {:.1}% equal",
            100.0 * share
        ),
    }
}

/// Counts restarts per failure point.
pub struct Restarts(pub Vec<u32>);
impl undercroft::engine::interpreter::Observer for Restarts {
    fn restarted(&mut self, failure: u32) {
        self.0[failure as usize] += 1;
    }
}
