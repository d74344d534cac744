//! Doors in dividing walls: find straight runs of wall tiles with floor on both sides (a
//! wall between two floor areas) and give each run without a door one door at its last
//! cell, so no area is locked out. Draws no random numbers. Diablo's Catacombs
//! `FixLockout` passes 2 and 3 (shared/spec/diablo.md §3.6, §3.8 item 7).
//!
//! For each entry of `runs`, in order, one scan over the area (default: the grid without
//! its border) — for a run `along: X`: rows top to bottom, x left to right, floor tested
//! above and below; `along: Y`: columns left to right, y top to bottom, floor tested left
//! and right. A cell not flagged in `protected`, holding one of `walls`, with `floor` on
//! both sides starts a run; the run continues while the cell holds one of `walls` with
//! floor on both sides (every cell re-tested). When no cell of the run holds `door` and its
//! last cell is not protected, that cell becomes `door`. The scan goes on two cells after
//! the run's last cell (the cell that ended the run is not tested), as in the original.
//! Cells outside the grid read as 0.
//!
//! The header is the shared [`TileHeader`] (`layer`, `area`, `when`, `protected`). As for
//! `FixRules`, `area` is the set of cells where a run may *start*: a run goes on while its
//! cells divide two floor areas, so its door may lie past the area's end (as in the
//! original, whose scan stops one cell before the grid's edge but whose runs do not).

use crate::engine::state::State;
use crate::engine::Flow;
use crate::operator::args::Tile;
use crate::operator::header::TileHeader;
use crate::operator::{Operator, Runnable};
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

/// The direction a wall run goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum Axis {
    /// Along x (a horizontal wall): floor above and below.
    X,
    /// Along y (a vertical wall): floor left and right.
    Y,
}

/// `(along: X, walls: [2, 5], door: 5)`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunDef {
    /// Direction of the wall run.
    pub along: Axis,
    /// Tiles that make up the wall (doors included).
    pub walls: Vec<Tile>,
    /// The door tile.
    pub door: Tile,
}

crate::tile_params! {
    header: writes,
    /// Rule-file parameters of `WallRunDoors(...)`.
    #[derive(Debug, Clone, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Params {
        /// The floor tile.
        pub floor: Tile,
        /// The passes, in order.
        pub runs: Vec<RunDef>,
    }
}

/// Compiled `WallRunDoors`.
#[derive(Debug)]
pub struct Compiled {
    head: TileHeader,
    /// No `area` given: scan the grid without its border.
    inset: bool,
    floor: u16,
    runs: Vec<RunDef>,
}

impl Operator for Params {
    type Compiled = Compiled;

    fn anchor(&self) -> Option<&Src> {
        Some(&self.layer)
    }

    fn compile(&self, cx: &mut Cx) -> Option<Compiled> {
        let head = TileHeader::compile(cx, self.header());
        Some(Compiled {
            head: head?,
            inset: self.area.is_none(),
            floor: self.floor.0,
            runs: self.runs.clone(),
        })
    }
}

impl Runnable for Compiled {
    fn run(&self, st: &mut State) -> Flow {
        let mut area = match self.head.begin(st) {
            Ok(a) => a,
            Err(f) => return f,
        };
        if self.inset {
            area = area.inset(1);
        }
        let (x0, y0, x1, y1) = (area.x, area.y, area.x1(), area.y1());
        let l = self.head.layer;
        for run in &self.runs {
            let is_wall = |t: u16| run.walls.iter().any(|v| v.0 == t);
            // (outer, inner) -> (x, y); side offsets
            let (to_xy, side): (ToXy, (i32, i32)) = match run.along {
                Axis::X => (|o, i| (i, o), (0, 1)),
                Axis::Y => (|o, i| (o, i), (1, 0)),
            };
            let (o0, o1, i0, i1) = match run.along {
                Axis::X => (y0, y1, x0, x1),
                Axis::Y => (x0, x1, y0, y1),
            };
            let dividing = |st: &State, x: i32, y: i32| {
                let g = st.grid(l);
                is_wall(g.get_or(x, y, 0))
                    && g.get_or(x - side.0, y - side.1, 0) == self.floor
                    && g.get_or(x + side.0, y + side.1, 0) == self.floor
            };
            for o in o0..o1 {
                let mut i = i0;
                while i < i1 {
                    let (x, y) = to_xy(o, i);
                    let prot = |st: &State, x: i32, y: i32| {
                        st.in_bounds(x, y) && self.head.flagged(st, x, y)
                    };
                    // (both tests are pure: the cheaper one, failing on most cells, first)
                    if dividing(st, x, y) && !prot(st, x, y) {
                        let mut door = false;
                        loop {
                            let (x, y) = to_xy(o, i);
                            if !dividing(st, x, y) {
                                break;
                            }
                            if st.grid(l).get_or(x, y, 0) == run.door.0 {
                                door = true;
                            }
                            i += 1;
                        }
                        let (lx, ly) = to_xy(o, i - 1);
                        if !door && !prot(st, lx, ly) {
                            st.grid_mut(l).set_checked(lx, ly, run.door.0);
                        }
                    }
                    i += 1;
                }
            }
        }
        Flow::Continue
    }
}

/// Maps (outer, inner) coordinates of a run's axis to `(x, y)`.
type ToXy = fn(i32, i32) -> (i32, i32);

#[cfg(test)]
mod tests {
    use crate::operator::testing::{grid, run_rules_with};

    #[test]
    fn a_dividing_wall_without_a_door_gets_one_at_its_end() {
        // rows: floor / wall 2 2 2 / floor, and a second run that already has a door 5
        let steps = r#"FillRect(layer: "t", value: "3", rect: (x: "0", y: "0", w: "9", h: "3")),
            FillRect(layer: "t", value: "2", rect: (x: "1", y: "1", w: "3", h: "1")),
            FillRect(layer: "t", value: "2", rect: (x: "5", y: "1", w: "3", h: "1")),
            FillRect(layer: "t", value: "5", rect: (x: "6", y: "1", w: "1", h: "1")),
            WallRunDoors(layer: "t", floor: 3, runs: [(along: X, walls: [2, 5], door: 5)],
                area: (x: "0", y: "1", w: "9", h: "1"))"#;
        let g = run_rules_with(9, 3, steps, "t", &[]);
        assert_eq!(
            g,
            grid("3 3 3 3 3 3 3 3 3\n3 2 2 5 3 2 5 2 3\n3 3 3 3 3 3 3 3 3")
        );
    }
}
