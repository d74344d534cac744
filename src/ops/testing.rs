//! Test helpers for the tile-grid operators: run a few steps on a small grid from a rule
//! text and read a layer back as rows.
#![cfg(test)]

use crate::ruleset::load::Reader;
use crate::ruleset::{Params, RuleSet};
use std::path::Path;

struct Mem(String, Vec<(String, String)>);
impl Reader for Mem {
    fn read(&self, path: &Path) -> std::io::Result<String> {
        if path == Path::new("t.ron") {
            return Ok(self.0.clone());
        }
        for (p, t) in &self.1 {
            if path == Path::new(p) {
                return Ok(t.clone());
            }
        }
        Err(std::io::Error::new(
            std::io::ErrorKind::NotFound,
            "no such file",
        ))
    }
}

/// Load a rule set from `steps` (a RON step list body) on a `w × h` grid with an Lcg32 RNG
/// (Diablo's constants), generate seed 1, and return layer `layer` as rows.
pub fn run_rules(w: i32, h: i32, steps: &str, layer: &str) -> Vec<Vec<u16>> {
    run_rules_seed(w, h, steps, layer, 1)
}

/// [`run_rules`] with a seed.
pub fn run_rules_seed(w: i32, h: i32, steps: &str, layer: &str, seed: u64) -> Vec<Vec<u16>> {
    run_rules_full(w, h, steps, layer, seed, &[])
}

/// [`run_rules`] with extra files (path, text) the rules may read.
pub fn run_rules_with(
    w: i32,
    h: i32,
    steps: &str,
    layer: &str,
    files: &[(&str, &str)],
) -> Vec<Vec<u16>> {
    run_rules_full(w, h, steps, layer, 1, files)
}

/// Everything: size, steps, layer, seed, extra files.
pub fn run_rules_full(
    w: i32,
    h: i32,
    steps: &str,
    layer: &str,
    seed: u64,
    files: &[(&str, &str)],
) -> Vec<Vec<u16>> {
    let files = files
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    let text = format!(
        "Ruleset(name: \"t\", rng: Lcg32(multiplier: 22695477, increment: 1, output: AbsShift(shift: 16, shift_max_bound: 32767)), grid: Grid(width: {w}, height: {h}), steps: [{steps}])"
    );
    let rs =
        RuleSet::load_with(Path::new("t.ron"), &Mem(text, files)).unwrap_or_else(|e| panic!("{e}"));
    let d = rs
        .generate(seed, &Params::new())
        .unwrap_or_else(|e| panic!("{e}"));
    match &d.layers[layer] {
        crate::dungeon::Layer::Ids(rows) => rows.clone(),
        _ => panic!("not a tile layer"),
    }
}

/// Rows of a layer from text: one row per line, numbers separated by spaces.
pub fn grid(text: &str) -> Vec<Vec<u16>> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|l| l.split_whitespace().map(|n| n.parse().unwrap()).collect())
        .collect()
}

/// A room graph on a `plan` grid of room cells of `cell` tiles, with one room kind `room`:
/// `GROW(n)` in `steps` is replaced by a room growth of `n` rooms from `(0, 0)` taking east
/// then south with certainty (so the rooms are known). Returns tile layer `layer` as rows.
pub fn run_rules_cells(
    plan: (i32, i32),
    cell: (i32, i32),
    steps: &str,
    layer: &str,
) -> Vec<Vec<u16>> {
    let d = dungeon_cells(plan, cell, steps, 1);
    match &d.layers[layer] {
        crate::dungeon::Layer::Ids(rows) => rows.clone(),
        _ => panic!("not a tile layer"),
    }
}

/// The dungeon of [`run_rules_cells`] for a seed.
pub fn dungeon_cells(
    plan: (i32, i32),
    cell: (i32, i32),
    steps: &str,
    seed: u64,
) -> crate::dungeon::Dungeon {
    let mut steps = steps.to_string();
    while let Some(i) = steps.find("GROW(") {
        let j = i + steps[i..].find(')').unwrap();
        let n = &steps[i + 5..j];
        let grow = format!(
            "GrowRoomGraph(start: (0, 0), start_kind: \"room\", room_kind: \"room\", target: \"{n}\", directions: [E, S], chance: \"1\", columns: (0, {}), rows: (0, {}), max_neighbours: 4, frontier: Queue, dead_ends: \"ends\")",
            plan.0 - 1,
            plan.1 - 1
        );
        steps.replace_range(i..=j, &grow);
    }
    let text = format!(
        "Ruleset(name: \"t\", grid: Grid(width: {}, height: {}, cell: ({}, {})), room_kinds: [RoomKind(name: \"room\", glyph: 'r')], steps: [{steps}])",
        plan.0, plan.1, cell.0, cell.1
    );
    let rs = RuleSet::load_with(Path::new("t.ron"), &Mem(text, Vec::new()))
        .unwrap_or_else(|e| panic!("{e}"));
    rs.generate(seed, &Params::new())
        .unwrap_or_else(|e| panic!("{e}"))
}
