//! The hand-written whole Cathedral level (benches/baseline/cathedral_level/, a speed
//! yardstick) does the same work as the engine running rules/diablo/cathedral.ron without
//! quests: for every seed, the same tiles, the same stairs markers, the same theme
//! candidates (cells, in order) with the same themes, the same number of layouts tried, and
//! the same RNG state after the last draw (InitThemes').

use std::path::Path;
use undercroft::interpreter::NoTrace;
use undercroft::{Params, RuleSet};

#[path = "../../benches/baseline/cathedral_level/mod.rs"]
mod baseline;

/// Checks one seed; returns (layouts tried, rooms, themed rooms).
fn same(rs: &RuleSet, tb: &baseline::Tables, level: u32, seed: u32) -> (u32, usize, usize) {
    let n = baseline::generate(tb, level, seed);
    let values = rs
        .resolve_params(&Params::new().set("level", level))
        .unwrap();
    let (st, restarts) = rs.run(seed as u64, &values, &mut NoTrace).unwrap();
    let state = st.rng.lcg_state().unwrap();
    let d = rs.finish(st, seed as u64, &values, restarts);
    let what = format!("level {level} seed {seed}");
    let tiles: Vec<u16> = crate::diablo_common::ids(&d, "tiles").concat();
    let native: Vec<u16> = n.tiles.iter().map(|&t| t as u16).collect();
    if let Some(i) = (0..1600).find(|&i| tiles[i] != native[i]) {
        panic!(
            "{what}: tile ({}, {}) is {} in the engine, {} native",
            i % 40,
            i / 40,
            tiles[i],
            native[i]
        );
    }
    let marker = |m: &str| d.markers.get(m).map(|p| (p[0], p[1]));
    assert_eq!(marker("stairs_up"), Some(n.stairs_up), "{what}: stairs up");
    assert_eq!(
        marker("stairs_down"),
        Some(n.stairs_down),
        "{what}: stairs down"
    );
    let rooms: Vec<(Vec<[i32; 2]>, &str)> = n
        .rooms
        .iter()
        .map(|(cells, theme)| {
            let cells = cells.iter().map(|&c| [c as i32 % 40, c as i32 / 40]);
            (cells.collect(), theme.map_or("theme", baseline::theme_name))
        })
        .collect();
    let engine: Vec<(Vec<[i32; 2]>, &str)> = d
        .rooms
        .iter()
        .map(|r| (r.cells.clone(), r.kind.as_str()))
        .collect();
    assert_eq!(engine, rooms, "{what}: theme candidates and their themes");
    assert_eq!(restarts + 1, n.layouts, "{what}: layouts tried");
    assert_eq!(state, n.state, "{what}: RNG state at the end");
    let themed = n.rooms.iter().filter(|r| r.1.is_some()).count();
    (n.layouts, n.rooms.len(), themed)
}

/// Levels 1-4, seeds 0.. and seeds spread over the 32-bit range. Besides agreeing, the runs
/// must exercise what they check: candidates and themed rooms on most levels (else the
/// theme comparison would be empty).
#[test]
fn whole_level_baseline_does_the_engines_work() {
    let rs = crate::diablo_common::load("rules/diablo/cathedral.ron");
    let tb = baseline::Tables::load(Path::new(env!("CARGO_MANIFEST_DIR")));
    let spread = |n: u32| (0..n).map(|i| i.wrapping_mul(2_654_435_761) ^ 0x2545_f491);
    for (level, seeds) in [(1, 300), (2, 300), (3, 200), (4, 200)] {
        let (mut rooms, mut themed) = (0, 0);
        for seed in (0..seeds / 2).chain(spread(seeds / 2)) {
            let (_, r, t) = same(&rs, &tb, level, seed);
            rooms += r;
            themed += t;
        }
        assert!(
            rooms > seeds as usize && themed > seeds as usize / 4,
            "level {level}: {rooms} candidates, {themed} themed over {seeds} seeds"
        );
    }
}
