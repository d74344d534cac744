//! Room carving in open floor: scan the floor in raster order and, where a large enough
//! square-ish block of floor starts and no carved room is near, carve a walled room with one
//! doorway into it. Draws random numbers as Diablo's `DRLG_PlaceThemeRooms` with
//! `CreateThemeRoom` (shared/spec/diablo.md §1.9): one `coin(freq)` per floor cell when
//! `freq > 0`, optional size draws, one door-side roll per room.
//!
//! At each cell `(x, y)` of the area holding `floor` (and `rnd(freq) == 0` when `freq > 0`):
//! 1. Skip when `x + max_size > W` **and** `y + max_size > H` (the original's bound) or when
//!    `(x, y)` lies within `spacing` cells of a carved room (its rectangle grown by `spacing`
//!    on every side, inclusive).
//! 2. Measure: with `mw = min(max_size, W − x)`, `mh = min(max_size, H − y)` and the room
//!    `(mw, mh)`, for `i = 0 .. max_size − 1`: the floor run to the right along row `y + i`
//!    (when `i < mh`, starting at `i` if `i` is below the current height, else at 0, capped by
//!    the current width) and the run down column `x + i` likewise; if either is below
//!    `min_size`, give up when `i < min_size`, else stop measuring; otherwise shrink the
//!    room to the runs. The room is the result minus 2 on each axis.
//! 3. With `random_size`: `w = lo + rnd(rnd(w − lo + 1))` (`lo = min_size − 2`), reset to
//!    `lo` outside `lo ..= max_size − 2`; then `h` likewise.
//! 4. Carve at `(x + 1, y + 1)`: top and bottom rows `hwall`, side columns `vwall`, inside
//!    `inside`, `corners` (top-left, top-right, bottom-left, bottom-right); then
//!    `rnd(door_roll) == 0` puts `door_right` at `(x2, (y1 + y2 + 1) / 2)`, else `door_bottom`
//!    at `((x1 + x2 + 1) / 2, y2)` (`x2`, `y2` = the last column and row).
//!
//! The number of rooms carved goes to `count` when given.

use super::args::{four, Count, Tile};
use crate::engine::grid::Rect;
use crate::engine::state::State;
use crate::engine::value::{Type, Value};
use crate::engine::Flow;
use crate::rng::RandomSource;
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

/// One line for listings and the preview.
pub const DESCRIPTION: &str = "carve walled rooms with one doorway into large blocks of open floor";

/// Rule-file parameters of `CarveRooms(...)`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The tile layer.
    pub layer: Src,
    /// The floor tile rooms are carved from.
    pub floor: Tile,
    /// Smallest measured block (rooms are 2 smaller). Diablo Catacombs: 6.
    pub min_size: i32,
    /// Largest measured block. Diablo: 10.
    pub max_size: i32,
    /// A floor cell is considered when `rnd(freq) == 0`; 0 = always, no draw. Default 0.
    #[serde(default)]
    pub freq: i64,
    /// Draw the room size below the measured one (see the module doc). Default false.
    #[serde(default)]
    pub random_size: bool,
    /// Cells kept free around carved rooms. Diablo: 2.
    pub spacing: i32,
    /// Tile of the top and bottom rows.
    pub hwall: Tile,
    /// Tile of the side columns.
    pub vwall: Tile,
    /// Tile inside.
    pub inside: Tile,
    /// Corner tiles: top-left, top-right, bottom-left, bottom-right.
    pub corners: Vec<Tile>,
    /// `rnd(door_roll) == 0` puts the doorway in the right wall. Diablo: 2.
    pub door_roll: Count,
    /// Doorway tile in the right wall.
    pub door_right: Tile,
    /// Doorway tile in the bottom wall.
    pub door_bottom: Tile,
    /// Number variable receiving the number of rooms carved.
    #[serde(default)]
    pub count: Option<Src>,
}

/// Compiled `CarveRooms`.
#[derive(Debug)]
pub struct Op {
    p: Params,
    corners: [u16; 4],
    layer: u16,
    count: Option<u16>,
}

impl Params {
    /// The string errors about this step point at.
    pub fn anchor(&self) -> Option<&Src> {
        Some(&self.layer)
    }

    /// Resolve names and compile expressions; errors go to `cx`.
    pub fn compile(&self, cx: &mut Cx) -> Option<Op> {
        let corners = four(cx, &self.layer, &self.corners, "corners")?;
        let layer = cx.layer(&self.layer);
        let count = cx.optional_var(self.count.as_ref(), Type::Num)?;
        if self.min_size < 2 || self.max_size < self.min_size {
            cx.error(
                &self.layer,
                format!(
                    "min_size {} and max_size {} must satisfy 2 <= min_size <= max_size",
                    self.min_size, self.max_size
                ),
                None,
            );
            return None;
        }
        Some(Op {
            p: self.clone(),
            corners,
            layer,
            count,
        })
    }
}

impl Op {
    /// Step 2: the room size for a block starting at `(x, y)`, or `None`.
    fn measure(&self, st: &State, x: i32, y: i32) -> Option<(i32, i32)> {
        let g = st.grid(self.layer);
        let (min, max) = (self.p.min_size, self.p.max_size);
        let f = self.p.floor.0;
        let mw = max.min(st.width - x);
        let mh = max.min(st.height - y);
        let (mut rw, mut rh) = (mw, mh);
        for i in 0..max {
            let mut width = if i < rh { i } else { 0 };
            if i < mh {
                while width < rw && g.get(x + width, y + i) == Some(f) {
                    width += 1;
                }
            }
            let mut height = if i < rw { i } else { 0 };
            if i < mw {
                while height < rh && g.get(x + i, y + height) == Some(f) {
                    height += 1;
                }
            }
            if width < min || height < min {
                if i < min {
                    return None;
                }
                break;
            }
            rw = rw.min(width);
            rh = rh.min(height);
        }
        Some((rw - 2, rh - 2))
    }

    fn carve(&self, st: &mut State, r: Rect) {
        let p = &self.p;
        let (x1, y1, x2, y2) = (r.x, r.y, r.x1() - 1, r.y1() - 1);
        let mut g = st.grid_mut(self.layer);
        for y in y1..=y2 {
            for x in x1..=x2 {
                let v = if y == y1 || y == y2 {
                    p.hwall.0
                } else if x == x1 || x == x2 {
                    p.vwall.0
                } else {
                    p.inside.0
                };
                g.set_checked(x, y, v);
            }
        }
        let [tl, tr, bl, br] = self.corners;
        g.set_checked(x1, y1, tl);
        g.set_checked(x2, y1, tr);
        g.set_checked(x1, y2, bl);
        g.set_checked(x2, y2, br);
        drop(g);
        if st.rng.below(p.door_roll.0) == 0 {
            st.grid_mut(self.layer)
                .set_checked(x2, (y1 + y2 + 1) / 2, p.door_right.0);
        } else {
            st.grid_mut(self.layer)
                .set_checked((x1 + x2 + 1) / 2, y2, p.door_bottom.0);
        }
    }

    /// Run the step on the state.
    pub fn run(&self, st: &mut State) -> Flow {
        let p = &self.p;
        let mut rooms: Vec<Rect> = Vec::new();
        let s = p.spacing;
        for y in 0..st.height {
            for x in 0..st.width {
                if st.grid(self.layer).at(x, y) != p.floor.0 {
                    continue;
                }
                if p.freq > 0 && st.rng.below(p.freq) != 0 {
                    continue;
                }
                if x + p.max_size > st.width && y + p.max_size > st.height {
                    continue;
                }
                if rooms.iter().any(|r| {
                    Rect::new(r.x - s, r.y - s, r.w + 2 * s + 1, r.h + 2 * s + 1).contains(x, y)
                }) {
                    continue;
                }
                let Some((mut w, mut h)) = self.measure(st, x, y) else {
                    continue;
                };
                if p.random_size {
                    let (lo, hi) = (p.min_size - 2, p.max_size - 2);
                    for v in [&mut w, &mut h] {
                        let inner = st.rng.below((*v - lo + 1) as i64);
                        *v = lo + st.rng.below(inner) as i32;
                        if *v < lo || *v > hi {
                            *v = lo;
                        }
                    }
                }
                let r = Rect::new(x + 1, y + 1, w, h);
                self.carve(st, r);
                rooms.push(r);
            }
        }
        if let Some(c) = self.count {
            st.vars[c as usize] = Value::Num(rooms.len() as f64);
        }
        Flow::Continue
    }
}

#[cfg(test)]
mod tests {
    use crate::ops::testing::{grid, run_rules_with};

    #[test]
    fn carves_one_walled_room_with_a_doorway_into_a_floor_block() {
        let steps = r#"FillRect(layer: "t", value: "3", rect: (x: "0", y: "0", w: "8", h: "8")),
            CarveRooms(layer: "t", floor: 3, min_size: 6, max_size: 10, spacing: 2,
                hwall: 2, vwall: 1, inside: 3, corners: [8, 7, 9, 6], door_roll: 2,
                door_right: 4, door_bottom: 5)"#;
        let g = run_rules_with(12, 12, steps, "t", &[]);
        assert!(g[8..].iter().flatten().all(|&v| v == 0));
        let g: Vec<Vec<u16>> = g[..8].iter().map(|r| r[..8].to_vec()).collect();
        // block 8x8 at (0, 0) -> room 6x6 at (1, 1); no second room fits (spacing)
        let right = grid(
            "3 3 3 3 3 3 3 3
             3 8 2 2 2 2 7 3
             3 1 3 3 3 3 1 3
             3 1 3 3 3 3 1 3
             3 1 3 3 3 3 4 3
             3 1 3 3 3 3 1 3
             3 9 2 2 2 2 6 3
             3 3 3 3 3 3 3 3",
        );
        let bottom = grid(
            "3 3 3 3 3 3 3 3
             3 8 2 2 2 2 7 3
             3 1 3 3 3 3 1 3
             3 1 3 3 3 3 1 3
             3 1 3 3 3 3 1 3
             3 1 3 3 3 3 1 3
             3 9 2 2 5 2 6 3
             3 3 3 3 3 3 3 3",
        );
        assert!(g == right || g == bottom, "{g:?}");
    }
}
