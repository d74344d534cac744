//! Test helpers for the operators: run a few steps on a small grid from a rule text and
//! read a tile layer back as rows ([`run_rules`]), or the rooms back as an ASCII floor plan
//! with their lists, doors and layouts ([`plan`], [`rooms`]).
#![cfg(test)]

use crate::engine::state::{State, NO_ROOM};
use crate::engine::tile_grid::TileGrid;
use crate::interpreter::NoTrace;
use crate::ruleset::load::Reader;
use crate::ruleset::{Params, Resolved, RuleSet};
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

/// The RNG of every test rule set: a 32-bit LCG with Diablo's constants (state `s = seed`;
/// each draw `s = 22695477 s + 1 mod 2^32`; `rnd(n) = (|s as i32| >> 16) % n` for
/// `n <= 32767`; `chance(p)` is `s >> 17 < p * 32768`), so tests can follow the draws by hand.
pub(crate) const RNG: &str =
    "Lcg32(multiplier: 22695477, increment: 1, output: AbsShift(shift: 16, shift_max_bound: 32767))";

/// A reader of `t.ron` (the first text) and the (path, text) files.
pub struct MemFiles(pub String, pub Vec<(String, String)>);
use MemFiles as Mem;
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
    let rs = load(w, h, "", steps, files);
    let d = rs
        .generate(seed, &Params::new())
        .unwrap_or_else(|e| panic!("{e}"));
    match &d.layers[layer] {
        crate::dungeon::Layer::Ids(rows) => rows.clone(),
        _ => panic!("not a tile layer"),
    }
}

/// [`run_rules_full`], with a failed run's error text instead of a panic.
pub fn try_run_rules(
    w: i32,
    h: i32,
    steps: &str,
    layer: &str,
    seed: u64,
    files: &[(&str, &str)],
) -> Result<Vec<Vec<u16>>, String> {
    let files = files
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    let rs = load(w, h, "", steps, files);
    let d = rs
        .generate(seed, &Params::new())
        .map_err(|e| e.to_string())?;
    match &d.layers[layer] {
        crate::dungeon::Layer::Ids(rows) => Ok(rows.clone()),
        _ => panic!("not a tile layer"),
    }
}

/// The errors of loading the rule text `text` (as `t.ron`) with `files`: panics when it
/// loads.
pub fn load_error(text: &str, files: &[(&str, &str)]) -> String {
    let files = files
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    match RuleSet::load_with(Path::new("t.ron"), &Mem(text.to_string(), files)) {
        Ok(_) => panic!("the rule set loads"),
        Err(e) => e.to_string(),
    }
}

/// Load a `w × h` rule set with the test RNG, the fields `head` (e.g. `room_kinds: [...],`)
/// and `steps`; `files` are (path, text) the rules may read.
pub fn load(w: i32, h: i32, head: &str, steps: &str, files: Vec<(String, String)>) -> RuleSet {
    let text = load_text(w, h, head, steps);
    RuleSet::load_with(Path::new("t.ron"), &Mem(text, files)).unwrap_or_else(|e| panic!("{e}"))
}

/// The error of generating seed 1 from `steps` on a `w × h` grid (a panic when it loads
/// with errors or generates).
pub fn run_error(w: i32, h: i32, steps: &str) -> String {
    match load(w, h, "", steps, Vec::new()).generate(1, &Params::new()) {
        Ok(_) => panic!("generated without error: {steps}"),
        Err(e) => e.to_string(),
    }
}

/// The kinds of the trace steps of generating seed 1 from `steps` on a `w × h` grid.
pub fn trace_kinds(w: i32, h: i32, steps: &str) -> Vec<&'static str> {
    let rs = load(w, h, "", steps, Vec::new());
    let (_, trace) = rs.generate_traced(1, &Params::new()).unwrap();
    trace.frames.iter().map(|f| f.label.kind).collect()
}

/// The text of the rule file `t.ron` that [`load`] reads.
pub fn load_text(w: i32, h: i32, head: &str, steps: &str) -> String {
    format!(
        "Ruleset(name: \"t\", rng: {RNG}, grid: Grid(width: {w}, height: {h}), {head} steps: [{steps}])"
    )
}

/// [`run_rules`] with the tile grids of the rule set's `File` parameters given directly, in
/// declaration order (`head` declares them, e.g. `params: { "piece": File(doc: "") },`).
pub fn run_rules_assets(
    w: i32,
    h: i32,
    head: &str,
    steps: &str,
    layers: &[&str],
    assets: Vec<Option<TileGrid>>,
) -> Vec<Vec<Vec<u16>>> {
    let rs = load(w, h, head, steps, Vec::new());
    let mut r: Resolved = rs.resolve(&Params::new()).unwrap_or_else(|e| panic!("{e}"));
    r.assets = assets.into_iter().map(|g| g.map(Arc::new)).collect();
    let d = rs
        .generate_resolved(1, &r)
        .unwrap_or_else(|e| panic!("{e}"));
    layers
        .iter()
        .map(|l| match &d.layers[*l] {
            crate::dungeon::Layer::Ids(rows) => rows.clone(),
            _ => panic!("not a tile layer"),
        })
        .collect()
}

/// Room kinds and shapes of the room-graph tests. Kinds: `start` `S`, `normal` `o`, `boss`
/// `B`, `secret` `?`, `shop` `$`, `treasure` `T`; empty cells `.`. Shapes: `1x1` (door
/// slots L0 W, U0 N, R0 E, D0 S) and `2x1`, cells (0, 0) (1, 0), slots L0 (0, 0) W, U0
/// (0, 0) N, U1 (1, 0) N, R0 (1, 0) E, D0 (0, 0) S, D1 (1, 0) S.
pub const ROOM_HEAD: &str = r#"
    room_kinds: [RoomKind(name: "start", glyph: 'S'), RoomKind(name: "normal", glyph: 'o'),
                 RoomKind(name: "boss", glyph: 'B'), RoomKind(name: "secret", glyph: '?'),
                 RoomKind(name: "shop", glyph: '$'), RoomKind(name: "treasure", glyph: 'T')],
    empty_glyph: '.',
    shapes: [
        Shape(name: "1x1", cells: [(0, 0)],
              doors: [("L0", (0, 0), W), ("U0", (0, 0), N), ("R0", (0, 0), E), ("D0", (0, 0), S)]),
        Shape(name: "2x1", cells: [(0, 0), (1, 0)],
              doors: [("L0", (0, 0), W), ("U0", (0, 0), N), ("U1", (1, 0), N), ("R0", (1, 0), E),
                      ("D0", (0, 0), S), ("D1", (1, 0), S)]),
    ],"#;

/// What a room-graph test run left.
#[derive(Debug)]
pub struct Rooms {
    /// The floor plan, one line per row (top first): each cell the glyph of its room's kind.
    pub plan: String,
    /// Every room list by name, each room given by its first cell. (Cells are written `[x, y]`
    /// here, as tests write their expected values.)
    pub lists: BTreeMap<String, Vec<[i32; 2]>>,
    /// Every door as its two cells, each pair and the whole list sorted.
    pub doors: Vec<[[i32; 2]; 2]>,
    /// The layout of every room that has one: (first cell, `pool/layout`), in room order.
    pub layouts: Vec<([i32; 2], String)>,
    /// Each room's cells, in room order.
    pub cells: Vec<Vec<[i32; 2]>>,
}

/// The floor plan after `steps` on a `w × h` grid (seed 1, [`ROOM_HEAD`]'s kinds and shapes).
pub fn plan(w: i32, h: i32, steps: &str) -> String {
    rooms(w, h, "", steps, &[]).plan
}

/// Run `steps` (seed 1) on a `w × h` grid with [`ROOM_HEAD`] and the extra fields `head`;
/// `files` are (path, text) the rules may read (pools). Panics when generation fails.
pub fn rooms(w: i32, h: i32, head: &str, steps: &str, files: &[(&str, &str)]) -> Rooms {
    try_rooms(w, h, head, steps, files).unwrap_or_else(|e| panic!("{e}"))
}

/// [`rooms`], returning the generation error instead of panicking.
pub fn try_rooms(
    w: i32,
    h: i32,
    head: &str,
    steps: &str,
    files: &[(&str, &str)],
) -> Result<Rooms, crate::GenError> {
    let files = files
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    let rs = load(w, h, &format!("{ROOM_HEAD} {head}"), steps, files);
    let values = rs.resolve_params(&Params::new())?;
    let (st, _) = rs.run(1, &values, &mut NoTrace)?;
    Ok(read_rooms(&rs, &st))
}

fn read_rooms(rs: &RuleSet, st: &State) -> Rooms {
    let plan = (0..st.height)
        .map(|y| {
            (0..st.width)
                .map(|x| match st.room_at(x, y) {
                    NO_ROOM => rs.empty_glyph,
                    r => rs.kinds[st.rooms[r as usize].kind as usize].glyph,
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n");
    let first = |r: u32| st.cells_of(r)[0].to_array();
    let lists = rs
        .lists
        .iter()
        .zip(&st.lists)
        .map(|(name, l)| (name.clone(), l.iter().map(|&r| first(r)).collect()))
        .collect();
    let mut doors: Vec<[[i32; 2]; 2]> = st
        .doors
        .iter()
        .map(|d| {
            let mut c = d.cells.map(|p| p.to_array());
            c.sort();
            c
        })
        .collect();
    doors.sort();
    let layouts = (0..st.rooms.len() as u32)
        .filter_map(|r| {
            let l = st.rooms[r as usize].layout?;
            Some((first(r), rs.layouts[l as usize].name.clone()))
        })
        .collect();
    let cells = (0..st.rooms.len() as u32)
        .map(|r| st.cells_of(r).iter().map(|p| p.to_array()).collect())
        .collect();
    Rooms {
        plan,
        lists,
        doors,
        layouts,
        cells,
    }
}

/// A floor plan from lines (leading blanks of each line and blank lines dropped), to compare
/// with [`Rooms::plan`].
pub fn lines(text: &str) -> String {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("\n")
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

#[cfg(test)]
mod width_paths;
