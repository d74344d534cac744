//! Helpers shared by the Diablo fixture tests (Cathedral, Catacombs, ...): loading a shipped
//! rule set, reading layers, reading `.dun` tile grids, and running every fixture of one
//! level type against a rule set with a report per fixture (exact, or the first differing
//! cell and the share of equal cells).
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use undercroft::dungeon::{Dungeon, Layer};
use undercroft::{Params, RuleSet};

/// Load `rules/<rel>` of this crate.
pub fn rules(rel: &str) -> RuleSet {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("rules")
        .join(rel);
    RuleSet::load(&p).unwrap_or_else(|e| panic!("{e}"))
}

/// A tile-id layer as rows.
pub fn ids(d: &Dungeon, name: &str) -> Vec<Vec<u16>> {
    match &d.layers[name] {
        Layer::Ids(r) => r.clone(),
        _ => panic!("{name} is not a tile layer"),
    }
}

/// A symbol layer as rows of chars.
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

/// The fixture index (`index.json`).
pub fn index(dir: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(dir.join("index.json")).unwrap()).unwrap()
}

/// `None` when `got` equals the fixture grid, else the first differing cell
/// `(x, y, ours, fixture)` in raster order and the share of equal cells.
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

/// Run every fixture of `kind` in `index.json` through `rs` with `params_for(entry, dir)`,
/// check each with `extra(entry, dungeon)` (spawn points, ...), print one line per fixture
/// and return (exact, total, report lines).
pub fn run_fixtures(
    dir: &Path,
    kind: &str,
    rs: &RuleSet,
    params_for: impl Fn(&serde_json::Value, &Path) -> Params,
    extra: impl Fn(&serde_json::Value, &Dungeon),
) -> (usize, usize, Vec<String>) {
    let mut report = Vec::new();
    let (mut exact, mut total) = (0, 0);
    for e in index(dir).as_array().unwrap() {
        if e["type"] != kind {
            continue;
        }
        total += 1;
        let name = e["fixture"].as_str().unwrap();
        let (w, h, want) = read_dun(&dir.join("levels").join(format!("{name}.dun")));
        let seed = e["seed"].as_u64().unwrap();
        let d = match rs.generate(seed, &params_for(e, dir)) {
            Ok(d) => d,
            Err(err) => {
                report.push(format!("{name}: error: {err}"));
                continue;
            }
        };
        let got = ids(&d, "tiles");
        match first_difference(&got, w, h, &want) {
            None => {
                extra(e, &d);
                exact += 1;
                report.push(format!("{name}: exact ({} restarts)", d.attempts));
            }
            Some(((x, y, g, f), share)) => report.push(format!(
                "{name}: first difference at ({x}, {y}): ours {g}, fixture {f}; {:.1}% equal",
                100.0 * share
            )),
        }
    }
    println!("{}", report.join("\n"));
    (exact, total, report)
}

/// A spawn point of the fixture (`view_positions[kind]`), if listed.
pub fn view_position(e: &serde_json::Value, kind: &str) -> Option<[i32; 2]> {
    let p = &e["view_positions"][kind];
    Some([p[0].as_i64()? as i32, p[1].as_i64()? as i32])
}

/// The spawn point of a stamp at `marker`: `2 * top-left + 16 + offset` (spec §1.4).
pub fn spawn(d: &Dungeon, marker: &str, off: (i32, i32)) -> Option<[i32; 2]> {
    d.markers
        .get(marker)
        .map(|p| [2 * p[0] + 16 + off.0, 2 * p[1] + 16 + off.1])
}
