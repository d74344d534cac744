//! Partition walls across open floor: a raster scan that, at cells holding trigger tiles,
//! tries to run a wall to the right (horizontal) or downward (vertical) across open floor
//! until it meets a wall, then picks a wall kind and a door position at random. Draws random
//! numbers in the order of Diablo's Cathedral `AddWall` (shared/spec/diablo.md §2.6).
//!
//! At each cell not flagged in `skip`, every trigger `(tile, dir, start)` is checked in
//! order against the cell's current tile. A matching trigger first draws and discards
//! `discard` values, then walks from offset 1 along `dir` while the tile is `open`, the two
//! side neighbours are `open`, and the cell is not flagged in `skip`. The walk of length
//! `len` (the offset where it stopped) is accepted when `len >= min_length` and the tile
//! there is one of `stops`. Then:
//! 1. `k = rnd(len of kinds)` chooses a kind (a negative draw takes kind 0): its wall tile,
//!    door tile and start replacements `(from, to)` applied to `start`;
//! 2. `rnd(open_door.0) == open_door.1` turns the door into `open_door.2`;
//! 3. the start tile goes at the origin, the wall tile at offsets `1..len`;
//! 4. the door goes at offset `rnd(len − 1) + 1`; a door listed in `protect_doors` is
//!    flagged in the `protect` layer.
//!
//! Walks read outside the grid as "not open".

use super::args::{flag_layers, flagged, Count, Tile};
use crate::engine::state::State;
use crate::engine::Flow;
use crate::rng::RandomSource;
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

/// One line for listings and the preview.
pub const DESCRIPTION: &str = "run partition walls with doors across open floor from trigger tiles";

/// Which way a wall runs from its origin.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum WallDir {
    /// Toward x + 1.
    Horizontal,
    /// Toward y + 1.
    Vertical,
}

/// `(tile: 3, dir: Horizontal, start: 2)`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TriggerDef {
    /// The tile the scanned cell must hold.
    pub tile: Tile,
    /// Which way the wall runs from the trigger cell.
    pub dir: WallDir,
    /// The tile written at the origin (before the kind's replacements).
    pub start: Tile,
}

/// A wall kind: `(wall: 2, door: 26, starts: [(2, 12)])`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KindDef {
    /// Tile of the wall body.
    pub wall: Tile,
    /// Tile of the door.
    pub door: Tile,
    /// Replacements of the start tile, `(from, to)`. Default none.
    #[serde(default)]
    pub starts: Vec<(Tile, Tile)>,
}

/// The kinds of one direction and its open-door tile.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DirDef {
    /// Kinds, chosen by `rnd(kinds.len())`.
    pub kinds: Vec<KindDef>,
    /// `(roll, hit, tile)`: when `rnd(roll) == hit` the door becomes `tile`.
    pub open_door: (Count, i64, Tile),
}

/// Rule-file parameters of `PartitionWalls(...)`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The tile layer.
    pub layer: Src,
    /// Flag layers whose cells are neither scanned nor crossed (protected, chamber).
    #[serde(default)]
    pub skip: Vec<Src>,
    /// The flag layer that real doors are marked in.
    pub protect: Src,
    /// Triggers, checked in order at each cell.
    pub triggers: Vec<TriggerDef>,
    /// Random values drawn and thrown away per matching trigger. Diablo: 1.
    #[serde(default)]
    pub discard: u32,
    /// The open-floor tile walls cross.
    pub open: Tile,
    /// Tiles a wall may end on.
    pub stops: Vec<Tile>,
    /// Shortest accepted walk (origin included). Diablo: 2.
    pub min_length: Count,
    /// Wall kinds and open-door roll of walls run toward x + 1.
    pub horizontal: DirDef,
    /// Wall kinds and open-door roll of walls run toward y + 1.
    pub vertical: DirDef,
    /// Door tiles that get flagged in `protect`.
    #[serde(default)]
    pub protect_doors: Vec<Tile>,
}

#[derive(Debug)]
struct Kind {
    wall: u16,
    door: u16,
    starts: Vec<(u16, u16)>,
}

#[derive(Debug)]
struct Dir {
    kinds: Vec<Kind>,
    open_roll: i64,
    open_hit: i64,
    open_tile: u16,
}

/// Compiled `PartitionWalls`.
#[derive(Debug)]
pub struct Op {
    layer: u16,
    skip: Vec<u16>,
    protect: u16,
    triggers: Vec<(u16, WallDir, u16)>,
    discard: u32,
    open: u16,
    stops: Vec<u16>,
    min_length: i32,
    dirs: [Dir; 2],
    protect_doors: Vec<u16>,
}

fn dir(cx: &mut Cx, at: &Src, d: &DirDef) -> Option<Dir> {
    if d.kinds.is_empty() {
        cx.error(at, "a wall direction needs at least one kind".into(), None);
        return None;
    }
    Some(Dir {
        kinds: d
            .kinds
            .iter()
            .map(|k| Kind {
                wall: k.wall.0,
                door: k.door.0,
                starts: k.starts.iter().map(|(a, b)| (a.0, b.0)).collect(),
            })
            .collect(),
        open_roll: d.open_door.0 .0,
        open_hit: d.open_door.1,
        open_tile: d.open_door.2 .0,
    })
}

impl Params {
    /// The located string that messages about the step point at.
    pub fn anchor(&self) -> Option<&Src> {
        Some(&self.layer)
    }

    /// Resolve names and compile expressions; `None` when errors were reported to `cx`.
    pub fn compile(&self, cx: &mut Cx) -> Option<Op> {
        let layer = cx.layer(&self.layer);
        let skip = flag_layers(cx, &self.skip);
        let protect = cx.layer(&self.protect);
        let h = dir(cx, &self.layer, &self.horizontal);
        let v = dir(cx, &self.layer, &self.vertical);
        Some(Op {
            layer,
            skip,
            protect,
            triggers: self
                .triggers
                .iter()
                .map(|t| (t.tile.0, t.dir, t.start.0))
                .collect(),
            discard: self.discard,
            open: self.open.0,
            stops: self.stops.iter().map(|t| t.0).collect(),
            min_length: self.min_length.0 as i32,
            dirs: [h?, v?],
            protect_doors: self.protect_doors.iter().map(|t| t.0).collect(),
        })
    }
}

impl Op {
    #[inline]
    fn tile(&self, st: &State, x: i32, y: i32) -> Option<u16> {
        st.in_bounds(x, y)
            .then(|| st.layers[self.layer as usize][(y * st.width + x) as usize])
    }

    /// Length of an acceptable wall from `(x, y)` along `(dx, dy)`, if any.
    fn walk(&self, st: &State, x: i32, y: i32, dx: i32, dy: i32) -> Option<i32> {
        let open = Some(self.open);
        let mut n = 1;
        loop {
            let (cx, cy) = (x + n * dx, y + n * dy);
            if self.tile(st, cx, cy) != open {
                break;
            }
            // side neighbours: across the wall's direction
            if self.tile(st, cx - dy, cy - dx) != open
                || self.tile(st, cx + dy, cy + dx) != open
                || flagged(st, &self.skip, (cy * st.width + cx) as usize)
            {
                break;
            }
            n += 1;
        }
        let end = self.tile(st, x + n * dx, y + n * dy)?;
        (n >= self.min_length && self.stops.contains(&end)).then_some(n)
    }

    fn build(&self, st: &mut State, x: i32, y: i32, d: WallDir, start: u16, len: i32) {
        let (dx, dy, dd) = match d {
            WallDir::Horizontal => (1, 0, &self.dirs[0]),
            WallDir::Vertical => (0, 1, &self.dirs[1]),
        };
        let k = st.rng.below(dd.kinds.len() as i64);
        let kind = &dd.kinds[k.max(0) as usize];
        let start = kind
            .starts
            .iter()
            .find(|(from, _)| *from == start)
            .map_or(start, |&(_, to)| to);
        let door = if st.rng.below(dd.open_roll) == dd.open_hit {
            dd.open_tile
        } else {
            kind.door
        };
        let w = st.width;
        let l = self.layer as usize;
        st.layers[l][(y * w + x) as usize] = start;
        for n in 1..len {
            st.layers[l][((y + n * dy) * w + x + n * dx) as usize] = kind.wall;
        }
        let n = st.rng.below((len - 1) as i64) as i32 + 1;
        let i = ((y + n * dy) * w + x + n * dx) as usize;
        st.layers[l][i] = door;
        if self.protect_doors.contains(&door) {
            st.layers[self.protect as usize][i] = 1;
        }
    }

    /// Run the operator on the state.
    pub fn run(&self, st: &mut State) -> Flow {
        let w = st.width;
        for y in 0..st.height {
            for x in 0..w {
                let i = (y * w + x) as usize;
                let t = st.layers[self.layer as usize][i];
                if !self.triggers.iter().any(|&(tile, _, _)| tile == t)
                    || flagged(st, &self.skip, i)
                {
                    continue;
                }
                for &(tile, d, start) in &self.triggers {
                    if st.layers[self.layer as usize][i] != tile {
                        continue;
                    }
                    for _ in 0..self.discard {
                        st.rng.below(2);
                    }
                    let (dx, dy) = match d {
                        WallDir::Horizontal => (1, 0),
                        WallDir::Vertical => (0, 1),
                    };
                    if let Some(len) = self.walk(st, x, y, dx, dy) {
                        self.build(st, x, y, d, start, len);
                    }
                }
            }
        }
        Flow::Continue
    }
}

#[cfg(test)]
mod tests {
    use crate::ops::testing::{grid, run_rules};

    const WALLS: &str = r#"PartitionWalls(layer: "t", protect: "p", triggers: [(tile: 3, dir: Horizontal, start: 2)],
        discard: 1, open: 13, stops: [1], min_length: 2,
        horizontal: (kinds: [(wall: 2, door: 26)], open_door: (6, 9, 12)),
        vertical: (kinds: [(wall: 1, door: 25)], open_door: (6, 9, 11)),
        protect_doors: [26])"#;

    #[test]
    fn walls_run_from_a_trigger_to_a_stop_with_one_protected_door() {
        let g = run_rules(
            6,
            3,
            &format!(
                r#"FillRect(layer: "t", value: "13", rect: (x: "0", y: "0", w: "6", h: "3")),
                   FillRect(layer: "t", value: "3", rect: (x: "0", y: "1", w: "1", h: "1")),
                   FillRect(layer: "t", value: "1", rect: (x: "5", y: "1", w: "1", h: "1")),
                   {WALLS}"#
            ),
            "t",
        );
        let row = &g[1];
        assert_eq!(row[0], 2);
        assert_eq!(row[5], 1);
        assert_eq!(row[1..5].iter().filter(|&&t| t == 26).count(), 1, "{row:?}");
        assert!(row[1..5].iter().all(|&t| t == 2 || t == 26));
        assert_eq!(g[0], vec![13; 6]);
    }

    #[test]
    fn no_wall_without_a_stop_tile() {
        let g = run_rules(
            4,
            3,
            &format!(
                r#"FillRect(layer: "t", value: "13", rect: (x: "0", y: "0", w: "4", h: "3")),
                   FillRect(layer: "t", value: "3", rect: (x: "0", y: "1", w: "1", h: "1")),
                   {WALLS}"#
            ),
            "t",
        );
        assert_eq!(g, grid("13 13 13 13\n3 13 13 13\n13 13 13 13"));
    }
}
