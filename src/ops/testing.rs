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
