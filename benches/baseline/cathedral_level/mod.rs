//! A hand-written, native implementation of a whole Diablo Cathedral level (levels 1-4,
//! without quests), used only as a speed yardstick for the engine's
//! rules/diablo/cathedral.ron: every step of the rule file, in the same order, with the same
//! random draws, in plain Rust over `[u8; 1600]` arrays — no engine operator, no engine grid
//! type. Checked against the engine by tests/suite/cathedral_level_baseline.rs (tiles,
//! markers, rooms and themes, RNG state, layouts tried); timed by benches/cathedral_level.rs.
//!
//! Facts: shared/spec/diablo.md §1.2 (RNG), §1.5 A (single miniset placement, the Cathedral
//! quirk), §1.7 (marching squares), §1.10 and §2.8 (substitution, finishing steps), §2.1-§2.7
//! (the steps and their draws), §6 (retries), §9.1-§9.2 (theme candidates and the theme
//! draw, as the rule file approximates them: see rules/diablo/diablo.themes). The fix-up rule
//! lists of rules/diablo/cathedral.pat are if-chains, one `if` a rule, as the original writes
//! them (fix_tiles.rs, finish.rs); the other tables (decoration classes, base types,
//! minisets, glyph classes) are read from the .pat once, untimed ([`Tables::load`]); small
//! literals (chamber openings, AddWall pieces, the theme table) are written here.
//!
//! Order (rules/diablo/cathedral.ron): loop A { loop B (benches/baseline/cathedral.rs,
//! [`loop_b::layout_from`]); Dirt everywhere; MakeDmt; FillChambers; FixTilesPatterns (three
//! passes); AddWall; FloodTransparencyValues (theme candidates: 8-connected Floor regions of
//! 1..16 cells); stairs up (a failure restarts at once), stairs down (a failure restarts) }
//! FixDirtTiles; FixCornerTiles; Substitution; shadows; shadow fences; lamps; FillFloor;
//! InitThemes.

mod finish;
mod fix_tiles;
// the level uses `layout_from` and `rnd` only; the test suite loads the file for its own test too
#[allow(dead_code, clippy::duplicate_mod)]
#[path = "../cathedral.rs"]
mod loop_b;
mod tables;
mod themes;
mod tiles;

pub use tables::Tables;

/// Grid side.
pub const N: i32 = 40;
/// Cells.
pub const CELLS: usize = 1600;

/// Tile ids the steps name (DevilutionX `enum Tile`, spec §2).
pub const FLOOR: u8 = 13;
/// Solid dirt, the fill before MakeDmt.
pub const DIRT: u8 = 22;

/// A generated level.
pub struct Level {
    /// Tile ids, row-major (`tiles[y * 40 + x]`).
    pub tiles: [u8; CELLS],
    /// The top-left cells of the stairs-up and stairs-down stamps.
    pub stairs_up: (i32, i32),
    pub stairs_down: (i32, i32),
    /// The theme candidates in region order: their cells (row-major indices, raster order)
    /// and their theme (an index into [`themes::THEMES`]), `None` when none was drawn.
    pub rooms: Vec<(Vec<u16>, Option<u8>)>,
    /// FirstRoom layouts tried in all (loop B's tries over every loop A attempt).
    pub layouts: u32,
    /// The RNG state at the end.
    pub state: u32,
}

/// The name of theme `t` as the rule set's room kinds spell it.
pub fn theme_name(t: u8) -> &'static str {
    themes::THEMES[t as usize].0
}

/// The RNG (§1.2), the state the loop-B baseline steps.
pub struct Rnd(pub u32);

impl Rnd {
    /// `GenerateRnd(n)`.
    #[inline(always)]
    pub fn rnd(&mut self, n: i32) -> i32 {
        loop_b::rnd(&mut self.0, n)
    }
}

/// The tile layer and its flag layers.
pub struct Map {
    pub t: [u8; CELLS],
    /// Protected cells (doors): minisets, substitution, shadows and FillFloor leave them.
    pub prot: [u8; CELLS],
    /// Chamber interiors: partition walls do not enter them.
    pub chamber: [u8; CELLS],
}

impl Map {
    /// The tile at `(x, y)`, `None` outside the grid.
    #[inline(always)]
    pub fn get(&self, x: i32, y: i32) -> Option<u8> {
        if (0..N).contains(&x) && (0..N).contains(&y) {
            Some(self.t[(y * N + x) as usize])
        } else {
            None
        }
    }
}

/// Cathedral level `level` (1-4), no quests, from `SetRndSeed(seed)`.
pub fn generate(tb: &Tables, level: u32, seed: u32) -> Level {
    let mut r = Rnd(seed);
    let mut layouts = 0;
    // loop A: a stairs failure restarts everything; the stream goes on
    let (mut m, up, down, rooms) = loop {
        let l = loop_b::layout_from(level, r.0);
        r.0 = l.state;
        layouts += l.tried;
        let mut m = Map {
            t: [DIRT; CELLS],
            prot: [0; CELLS],
            chamber: [0; CELLS],
        };
        tiles::make_dmt(&mut m.t, &l.mask);
        tiles::fill_chambers(&mut m, l.vertical, l.has);
        fix_tiles::fix_tiles_patterns(&mut m);
        tiles::add_wall(&mut m, &mut r);
        let rooms = themes::flood_regions(&m.t);
        let Some(up) = tiles::place(&mut m, &tb.stairs_up, &mut r) else {
            continue;
        };
        if let Some(down) = tiles::place(&mut m, &tb.stairs_down, &mut r) {
            break (m, up, down, rooms);
        }
    };
    finish::fix_dirt_and_corners(&mut m);
    tiles::substitution(&mut m, tb, &mut r);
    finish::shadows_and_fences(&mut m, &tb.base);
    let lamps = r.rnd(5) + 5;
    for _ in 0..lamps {
        tiles::place(&mut m, &tb.lamps, &mut r);
    }
    tiles::fill_floor(&mut m, &mut r);
    let rooms = themes::init_themes(&m, tb, level, rooms, &[up, down], &mut r);
    Level {
        tiles: m.t,
        stairs_up: up,
        stairs_down: down,
        rooms,
        layouts,
        state: r.0,
    }
}
