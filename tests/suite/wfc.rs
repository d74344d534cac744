//! The wave function collapse example, `rules/examples/wfc.ron` (issue 45): what the collapse
//! writes keeps every adjacency rule of its model on every seed tested — every 3x3 window of
//! the map, framed by the rock border it was collapsed against, is a 3x3 window of the example
//! grid of `wfc.pat` (read here from the file, turned and mirrored here, independently of the
//! engine) — and the finished levels have both stairs, on one floor region, and pass `lint`.
//!
//! 1,000 seeds, as issue 45 asks: a seed takes about 50 ms in release (restarts included), so
//! the seeds are spread over the machine's threads (rayon); `lint` runs the same 1,000.

use rayon::prelude::*;
use std::collections::BTreeSet;
use std::path::Path;
use undercroft::engine::{State, StepLabel};
use undercroft::interpreter::Observer;
use undercroft::{Params, RuleSet};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
/// Seeds 1..=SEEDS are checked, and linted.
const SEEDS: u64 = 1000;

/// The example grid of `example dungeon` in wfc.pat as tiles (' ' 0 rock, '#' 1 wall,
/// '.' 2 floor), rows top to bottom.
fn example_grid() -> Vec<Vec<u16>> {
    let text = std::fs::read_to_string(Path::new(ROOT).join("rules/examples/wfc.pat")).unwrap();
    let body = &text[text.find("example dungeon 3x3 rotate mirror {").unwrap()..];
    let body = &body[..body.find('}').unwrap()];
    body.lines()
        .filter_map(|l| {
            let l = l.trim();
            let row = l.strip_prefix('|')?.strip_suffix('|')?;
            Some(row.chars().map(|c| " #.".find(c).unwrap() as u16).collect())
        })
        .collect()
}

/// A 3x3 window, row-major.
type Window = [u16; 9];

/// Every 3x3 window of the example, turned by 0, 90, 180, 270 degrees, each also mirrored.
fn allowed_windows() -> BTreeSet<Window> {
    let g = example_grid();
    let mut out = BTreeSet::new();
    for y in 0..g.len() - 2 {
        for x in 0..g[0].len() - 2 {
            let mut w: Window = std::array::from_fn(|k| g[y + k / 3][x + k % 3]);
            for _ in 0..4 {
                out.insert(w);
                out.insert(std::array::from_fn(|k| w[(k / 3) * 3 + 2 - k % 3]));
                // turn: the new row r, column c is the old row 2 - c, column r
                w = std::array::from_fn(|k| w[(2 - k % 3) * 3 + k / 3]);
            }
        }
    }
    out
}

/// Keeps the first tile layer after the step named `collapse` (the last run of it: the
/// attempt that succeeded) and after the last step.
#[derive(Default)]
struct Collapsed {
    collapsed: Vec<u16>,
    last: Vec<u16>,
    width: usize,
}

impl Observer for Collapsed {
    fn after_step(&mut self, label: &StepLabel, st: &State) {
        if let Some(l) = st.layers().first() {
            self.last = l.clone();
            if label.name == "collapse" {
                self.collapsed = l.clone();
                self.width = st.width as usize;
            }
        }
    }
}

#[test]
fn the_example_windows_are_what_the_test_reads() {
    let w = allowed_windows();
    // a wall corner with rock outside, turned four ways; a straight corridor both ways
    assert!(w.contains(&[0, 0, 0, 0, 1, 1, 0, 1, 2]));
    assert!(w.contains(&[0, 0, 0, 1, 1, 0, 2, 1, 0]));
    assert!(w.contains(&[2, 1, 0, 1, 1, 0, 0, 0, 0]));
    assert!(w.contains(&[1, 2, 1, 1, 2, 1, 1, 2, 1]));
    assert!(w.contains(&[1, 1, 1, 2, 2, 2, 1, 1, 1]));
    // walls are one tile thick: no 2x2 block of wall anywhere
    assert!(!w.iter().any(|w| [0, 1, 3, 4].iter().all(|&k| w[k] == 1)));
    assert!(
        !w.contains(&[2, 0, 2, 2, 0, 2, 2, 0, 2]),
        "rock touches no floor"
    );
}

#[test]
fn every_collapsed_map_keeps_every_window_rule_and_the_levels_are_whole() {
    let rs = RuleSet::load(Path::new(ROOT).join("rules/examples/wfc.ron")).unwrap();
    let allowed = allowed_windows();
    let built = (1..=SEEDS)
        .into_par_iter()
        .filter(|&seed| check_seed(&rs, &allowed, seed))
        .count() as u64;
    // issue 45: at least 99 % of the seeds build
    assert!(built * 100 >= 99 * SEEDS, "{built} of {SEEDS} seeds built");
}

/// Generate `seed` and check its collapsed map and its level (panics on a fault); whether
/// it built (a seed whose attempts all failed builds nothing).
fn check_seed(rs: &RuleSet, allowed: &BTreeSet<Window>, seed: u64) -> bool {
    let mut obs = Collapsed::default();
    let Ok(d) = rs.generate_with(seed, &Params::new(), &mut obs) else {
        return false;
    };
    let (w, h) = (obs.width, obs.collapsed.len() / obs.width);
    // the map framed by its rock border, as the collapse saw it
    let at = |x: usize, y: usize| -> u16 {
        if x == 0 || y == 0 || x > w || y > h {
            0
        } else {
            obs.collapsed[(y - 1) * w + x - 1]
        }
    };
    for y in 0..h {
        for x in 0..w {
            let win: Window = std::array::from_fn(|k| at(x + k % 3, y + k / 3));
            assert!(
                allowed.contains(&win),
                "seed {seed}: the window at ({x}, {y}) of the framed map is not one of the \
                 example's: {win:?}"
            );
        }
    }
    let undercroft::dungeon::Layer::Ids(rows) = &d.layers["tiles"] else {
        panic!("tiles is a tile layer")
    };
    let flat: Vec<u16> = rows.concat();
    assert_eq!(flat, obs.last, "the observed layer is `tiles`");
    let count = |t: u16| flat.iter().filter(|&&v| v == t).count();
    assert_eq!(count(3), 1, "seed {seed}: one up");
    assert_eq!(count(4), 1, "seed {seed}: one down");
    // `Require("floor >= 400")` counts floor before the two stairs are placed on it
    assert!(count(2) + count(3) + count(4) >= 400, "seed {seed}");
    true
}

#[test]
fn the_example_is_at_most_30_lines() {
    // issue 45: rules/examples/wfc.ron in at most 30 lines (its pattern file aside)
    let text = std::fs::read_to_string(Path::new(ROOT).join("rules/examples/wfc.ron")).unwrap();
    assert!(text.lines().count() <= 30, "{} lines", text.lines().count());
}

#[test]
fn the_example_passes_lint() {
    // issue 45: no level built has a problem, and at most 1 % of the seeds build nothing
    // (`lint` then exits with failure, naming them: seed 619 uses all 50 attempts)
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_undercroft"))
        .current_dir(ROOT)
        .args([
            "lint",
            "rules/examples/wfc.ron",
            "--count",
            &SEEDS.to_string(),
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    let last = err.lines().last().unwrap_or_default();
    let clean = format!("examples/wfc: 0 of {SEEDS} dungeons with problems (no problems)");
    assert!(last.starts_with(&clean), "{err}");
    let failed: u64 = last
        .strip_suffix(" failed to generate")
        .map_or(0, |s| s.rsplit(' ').next().unwrap().parse().unwrap());
    assert!(failed * 100 <= SEEDS, "{err}");
    assert_eq!(out.status.success(), failed == 0, "{err}");
}
