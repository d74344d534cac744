//! Room carving: scan open floor in raster order and carve walled rooms (with a doorway)
//! into every spot where a large enough square of floor begins, keeping carved rooms apart.
//! Reproduces Diablo's `DRLG_PlaceThemeRooms` / `CreateThemeRoom` for fixed-size rooms
//! (Catacombs, Caves; shared/spec/diablo.md §1.9, §7). Draws one `rnd(chance)` per floor cell
//! when `chance > 0` (a cell is considered when it is 0) and one `rnd(2)` per room (doorway).
//!
//! Size test at a floor cell `(x, y)` (bounds = `area`, default the grid): refused when
//! `x + max_size` passes the right edge **and** `y + max_size` the bottom edge (the
//! original's loose bound), or when `(x, y)` lies within `spacing` cells of a room carved by
//! this step (the room's rectangle grown by `spacing`, inclusive). Then for `i = 0 ..
//! max_size`: the run of floor rightwards along row `y + i` and downwards along column
//! `x + i`, each capped by the best width / height so far and the edge; when either is below
//! `min_size` the test fails if `i < min_size`, else stops; otherwise width and height
//! shrink to the runs. The room is `(x + 1, y + 1)`, size `(width − 2, height − 2)`.
//!
//! Carving: its top and bottom rows become `hwall`, its left and right columns `vwall`, the
//! rest `interior`; then the corners (top-left, top-right, bottom-left, bottom-right); then
//! `rnd(2) == 0` puts `door_right` at `(x + w − 1, (2y + h) / 2)`, else `door_bottom` at
//! `((2x + w) / 2, y + h − 1)`. With `near`, every cell within `spacing` of a room is set to
//! 1 in that flag layer (for later steps that keep away from rooms).

use super::args::{Count, Rect, RectDef, Tile};
use crate::engine::grid::Rect as GridRect;
use crate::engine::state::State;
use crate::engine::Flow;
use crate::rng::RandomSource;
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

/// One line for listings and the preview.
pub const DESCRIPTION: &str = "carve walled rooms with a doorway into large areas of floor";

/// Rule-file parameters of `CarveRooms(...)`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The tile layer read and written.
    pub layer: Src,
    /// The floor tile rooms are carved into.
    pub floor: Tile,
    /// Smallest floor square tested, in cells (the room is 2 smaller).
    pub min_size: Count,
    /// Largest floor square tested.
    pub max_size: Count,
    /// A floor cell is considered when `rnd(chance) == 0`; 0 = always, without a draw.
    #[serde(default)]
    pub chance: i64,
    /// Cells kept between rooms. Default 2.
    #[serde(default = "two")]
    pub spacing: i32,
    /// Top and bottom wall.
    pub hwall: Tile,
    /// Left and right wall.
    pub vwall: Tile,
    /// Inside.
    pub interior: Tile,
    /// Corners: top-left, top-right, bottom-left, bottom-right.
    pub corners: (Tile, Tile, Tile, Tile),
    /// Doorway in the middle of the right wall.
    pub door_right: Tile,
    /// Doorway in the middle of the bottom wall.
    pub door_bottom: Tile,
    /// Flag layer set within `spacing` of every room. Default none.
    #[serde(default)]
    pub near: Option<Src>,
    /// Scanned cells and edges of the size test. Default: the whole grid.
    #[serde(default)]
    pub area: Option<RectDef>,
}

fn two() -> i32 {
    2
}

/// Compiled `CarveRooms`.
#[derive(Debug)]
pub struct Op {
    layer: u16,
    floor: u16,
    min: i32,
    max: i32,
    chance: i64,
    spacing: i32,
    hwall: u16,
    vwall: u16,
    interior: u16,
    corners: [u16; 4],
    doors: (u16, u16),
    near: Option<u16>,
    area: Option<Rect>,
}

impl Params {
    /// The located string that messages about the step point at.
    pub fn anchor(&self) -> Option<&Src> {
        Some(&self.layer)
    }

    /// Resolve names and compile expressions; `None` when errors were reported to `cx`.
    pub fn compile(&self, cx: &mut Cx) -> Option<Op> {
        let layer = cx.layer(&self.layer);
        let near = self.near.as_ref().map(|n| cx.layer(n));
        if self.min_size.0 > self.max_size.0 || self.min_size.0 < 3 {
            cx.error(
                &self.layer,
                format!(
                    "min_size {} must be at least 3 and at most max_size {}",
                    self.min_size.0, self.max_size.0
                ),
                None,
            );
            return None;
        }
        let area = match &self.area {
            Some(a) => Some(a.compile(cx)?),
            None => None,
        };
        let (a, b, c, d) = self.corners;
        Some(Op {
            layer,
            floor: self.floor.0,
            min: self.min_size.0 as i32,
            max: self.max_size.0 as i32,
            chance: self.chance,
            spacing: self.spacing,
            hwall: self.hwall.0,
            vwall: self.vwall.0,
            interior: self.interior.0,
            corners: [a.0, b.0, c.0, d.0],
            doors: (self.door_right.0, self.door_bottom.0),
            near,
            area,
        })
    }
}

impl Op {
    fn near(&self, rooms: &[GridRect], x: i32, y: i32) -> bool {
        let s = self.spacing;
        rooms
            .iter()
            .any(|r| r.x - s <= x && x <= r.x1() + s && r.y - s <= y && y <= r.y1() + s)
    }

    /// The room size for a floor square starting at `(x, y)`, or `None`.
    fn size(
        &self,
        st: &State,
        b: GridRect,
        rooms: &[GridRect],
        x: i32,
        y: i32,
    ) -> Option<(i32, i32)> {
        if (x + self.max > b.x1() && y + self.max > b.y1()) || self.near(rooms, x, y) {
            return None;
        }
        let g = st.grid(self.layer);
        let floor = |x: i32, y: i32| b.contains(x, y) && g.at(x, y) == self.floor;
        let (mut w, mut h) = (self.max, self.max);
        for i in 0..self.max {
            let rw = (0..w).take_while(|&k| floor(x + k, y + i)).count() as i32;
            let rh = (0..h).take_while(|&k| floor(x + i, y + k)).count() as i32;
            if rw < self.min || rh < self.min {
                if i < self.min {
                    return None;
                }
                break;
            }
            (w, h) = (rw, rh);
        }
        Some((w - 2, h - 2))
    }

    fn carve(&self, st: &mut State, r: GridRect) {
        let (x1, y1) = (r.x1() - 1, r.y1() - 1);
        let mut g = st.grid_mut(self.layer);
        for (x, y) in r.cells() {
            let t = if y == r.y || y == y1 {
                self.hwall
            } else if x == r.x || x == x1 {
                self.vwall
            } else {
                self.interior
            };
            g.set_checked(x, y, t);
        }
        let [tl, tr, bl, br] = self.corners;
        g.set_checked(r.x, r.y, tl);
        g.set_checked(x1, r.y, tr);
        g.set_checked(r.x, y1, bl);
        g.set_checked(x1, y1, br);
        if st.rng.below(2) == 0 {
            st.grid_mut(self.layer)
                .set_checked(x1, (2 * r.y + r.h) / 2, self.doors.0);
        } else {
            st.grid_mut(self.layer)
                .set_checked((2 * r.x + r.w) / 2, y1, self.doors.1);
        }
        if let Some(n) = self.near {
            let s = self.spacing;
            st.grid_mut(n).fill(
                GridRect::new(r.x - s, r.y - s, r.w + 2 * s + 1, r.h + 2 * s + 1),
                1,
            );
        }
    }

    /// Run the operator on the state.
    pub fn run(&self, st: &mut State) -> Flow {
        let b = match &self.area {
            Some(a) => {
                let (x0, y0, x1, y1) = a.clipped(st);
                GridRect::from_corners(x0, y0, x1, y1)
            }
            None => GridRect::of_size(st.width, st.height),
        };
        let mut rooms: Vec<GridRect> = Vec::new();
        for (x, y) in b.cells() {
            if st.grid(self.layer).at(x, y) != self.floor {
                continue;
            }
            if self.chance > 0 && st.rng.below(self.chance) != 0 {
                continue;
            }
            if let Some((w, h)) = self.size(st, b, &rooms, x, y) {
                let r = GridRect::new(x + 1, y + 1, w, h);
                rooms.push(r);
                self.carve(st, r);
            }
        }
        Flow::Continue
    }
}

#[cfg(test)]
mod tests {
    use crate::ops::testing::{grid, run_rules};

    #[test]
    fn carves_one_room_into_a_floor_square_and_keeps_the_next_away() {
        // a 7x7 floor square: the test at (0,0) gives 7 - 2 = 5, the room is (1,1) 5x5;
        // seed 1 draws rnd(2) = 0: the doorway goes into the right wall, at (5, 3)
        let g = run_rules(
            12,
            12,
            r#"FillRect(layer: "t", value: "7", rect: (x: "0", y: "0", w: "7", h: "7")),
               CarveRooms(layer: "t", floor: 7, min_size: 5, max_size: 10, hwall: 2, vwall: 1, interior: 7,
                          corners: (3, 4, 5, 6), door_right: 9, door_bottom: 8, near: "near")"#,
            "t",
        );
        let corner: Vec<Vec<u16>> = g[..7].iter().map(|r| r[..7].to_vec()).collect();
        assert_eq!(
            corner,
            grid(
                "7 7 7 7 7 7 7\n7 3 2 2 2 4 7\n7 1 7 7 7 1 7\n7 1 7 7 7 9 7\n\
                 7 1 7 7 7 1 7\n7 5 2 2 2 6 7\n7 7 7 7 7 7 7"
            )
        );
        // one room only: nothing else changed
        let rest = (0..12).flat_map(|y| (0..12).map(move |x| (x, y)));
        assert!(rest
            .filter(|&(x, y)| x >= 7 || y >= 7)
            .all(|(x, y)| g[y][x] == 0));
    }
}
