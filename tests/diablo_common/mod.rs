//! Helpers shared by the Diablo tests (one per level type, and the whole-game entry point):
//! loading a rule file, reading layers and `.dun` fixtures, comparing a level with a fixture
//! (exact, or the first differing cell), spawn points, and reachability over a symbol layer.
#![allow(dead_code)]

use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use undercroft::dungeon::{Dungeon, Layer};
use undercroft::RuleSet;

/// Load a rule file by its path inside the crate, e.g. `rules/diablo/hell.ron`.
pub fn load(rel: &str) -> RuleSet {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(rel);
    RuleSet::load(&p).unwrap_or_else(|e| panic!("{e}"))
}

/// Serves one file's replaced text (`.0` for the file at `.1`), the rest from disk: a rule
/// file loaded with an edit (`RuleSet::load_with`).
struct Replace(String, PathBuf);
impl undercroft::ruleset::load::Reader for Replace {
    fn read(&self, path: &Path) -> std::io::Result<String> {
        if path == self.1 {
            Ok(self.0.clone())
        } else {
            std::fs::read_to_string(path)
        }
    }
}

/// Load a rule file by its path inside the crate with every `from` of its text replaced by
/// `to` (which must be there: the edit is checked to change something).
pub fn load_edited(rel: &str, from: &str, to: &str) -> RuleSet {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(rel);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains(from), "{rel} has no `{from}`");
    RuleSet::load_with(&path, &Replace(text.replace(from, to), path.clone()))
        .unwrap_or_else(|e| panic!("{e}"))
}

/// A tile layer of a generated level, as rows.
pub fn ids(d: &Dungeon, name: &str) -> Vec<Vec<u16>> {
    match &d.layers[name] {
        Layer::Ids(r) => r.clone(),
        _ => panic!("{name} is not a tile layer"),
    }
}

/// A symbol layer of a generated level, as rows of glyphs.
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

/// The entries of `index.json` of one level type (`"cathedral"`, `"hell"`, ...).
pub fn fixtures_of(dir: &Path, kind: &str) -> Vec<serde_json::Value> {
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

/// How a generated tile grid compares with a fixture's.
pub struct Diff {
    /// The first differing cell in raster order: (x, y, ours, fixture).
    pub first: Option<(usize, usize, u16, u16)>,
    pub equal: usize,
    pub total: usize,
}

impl Diff {
    pub fn exact(&self) -> bool {
        self.first.is_none()
    }

    /// One report line: exact, or the first differing cell and the share of equal cells.
    pub fn line(&self, name: &str, restarts: u32) -> String {
        match self.first {
            None => format!("{name}: exact ({restarts} restarts)"),
            Some((x, y, g, f)) => format!(
                "{name}: first difference at ({x}, {y}): ours {g}, fixture {f}; {:.1}% equal",
                100.0 * self.equal as f64 / self.total as f64
            ),
        }
    }
}

/// Compare rows `got` with a fixture's row-major `w × h` ids (sizes must agree).
pub fn compare(name: &str, got: &[Vec<u16>], w: usize, h: usize, want: &[u16]) -> Diff {
    assert_eq!((got.len(), got[0].len()), (h, w), "{name}: size");
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
    Diff {
        first,
        equal,
        total: w * h,
    }
}

/// A spawn point (spec §1.4): `2 · marker + 16 + off`, in the 112×112 coordinates.
pub fn view(d: &Dungeon, marker: &str, off: (i32, i32)) -> Option<[i32; 2]> {
    d.markers
        .get(marker)
        .map(|p| [2 * p[0] + 16 + off.0, 2 * p[1] + 16 + off.1])
}

/// A fixture's spawn point for an entry kind (`ENTRY_MAIN`, ...), if it lists one.
pub fn want_view(entry: &serde_json::Value, kind: &str) -> Option<[i32; 2]> {
    let p = &entry["view_positions"][kind];
    Some([p[0].as_i64()? as i32, p[1].as_i64()? as i32])
}

/// The first cell (raster order) for which `must` holds but that cannot be reached from
/// `start` over 4-connected `walkable` cells; `None` when all are reachable.
pub fn unreachable(
    sym: &[Vec<char>],
    start: (usize, usize),
    walkable: impl Fn(usize, usize) -> bool,
    must: impl Fn(usize, usize) -> bool,
) -> Option<(usize, usize)> {
    let (w, h) = (sym[0].len(), sym.len());
    let mut seen = vec![vec![false; w]; h];
    let mut queue = VecDeque::from([start]);
    seen[start.1][start.0] = true;
    while let Some((x, y)) = queue.pop_front() {
        for (dx, dy) in [(1i32, 0i32), (-1, 0), (0, 1), (0, -1)] {
            let (nx, ny) = (x as i32 + dx, y as i32 + dy);
            if nx < 0 || ny < 0 || nx >= w as i32 || ny >= h as i32 {
                continue;
            }
            let (nx, ny) = (nx as usize, ny as usize);
            if !seen[ny][nx] && walkable(nx, ny) {
                seen[ny][nx] = true;
                queue.push_back((nx, ny));
            }
        }
    }
    (0..h)
        .flat_map(|y| (0..w).map(move |x| (x, y)))
        .find(|&(x, y)| must(x, y) && !seen[y][x])
}

/// The symbol layer as text, for failure messages.
pub fn picture(sym: &[Vec<char>]) -> String {
    sym.iter()
        .map(|r| r.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Counts restarts per failure point (index = the failure point's number in
/// `RuleSet::failure_points`).
pub struct Restarts(pub Vec<u32>);

impl undercroft::interpreter::Observer for Restarts {
    fn restarted(&mut self, failure: u32) {
        self.0[failure as usize] += 1;
    }
}

/// For each `(entry kind, marker, offset)`: when the fixture records that entry's view,
/// the dungeon's marker plus the offset must be it (the player's spawn cell).
pub fn check_views(
    d: &Dungeon,
    e: &serde_json::Value,
    name: &str,
    entries: &[(&str, &str, (i32, i32))],
) {
    for &(kind, marker, off) in entries {
        if let Some(want) = want_view(e, kind) {
            assert_eq!(view(d, marker, off), Some(want), "{name}: {kind}");
        }
    }
}

/// End a fixture run: print the per-fixture report, require at least `min` fixtures of
/// `what` in the index and every one of them exact.
pub fn conclude(what: &str, report: &[String], exact: usize, n: usize, min: usize) {
    println!("{}", report.join("\n"));
    assert!(n >= min, "only {n} {what} fixtures in index.json");
    assert_eq!(exact, n, "\n{}", report.join("\n"));
}
