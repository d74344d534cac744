//! Carved rooms: a raster scan for open floor large enough to hold a walled room, which is
//! then drawn into the floor (walls, corners, a doorway on its right or bottom wall).
//! Diablo's `DRLG_PlaceThemeRooms` / `CreateThemeRoom` of Catacombs, Caves and Hell
//! (shared/spec/diablo.md §1.9, §5.7 item 1).
//!
//! For each cell `(x, y)` of the area in raster order holding `floor`:
//! 1. `rnd(freq) == 0` must hold (`freq: 0` draws nothing and always holds);
//! 2. the size test: fail when `x + max_size > W` **and** `y + max_size > H` (the original's
//!    bound), or when `(x, y)` lies within `spacing` cells of a room already
//!    carved (from `room − spacing` to `room + size + spacing`, inclusive). Then, starting from `max × max`, for
//!    `i = 0 .. max_size − 1`: count the floor run rightwards along row `y + i` from `x` and
//!    downwards along column `x + i` from `y`, each capped by the current width/height and
//!    the grid; if either is below `min_size`, fail when `i < min_size`, else stop;
//!    otherwise the width/height shrink to the runs. The size is that minus 2 each way;
//! 3. with `random_size`, `lo = min_size − 2`, `hi = max_size − 2`: `w = lo +
//!    rnd(rnd(w − lo + 1))` (two separate draws; an inner 0 makes the outer draw nothing),
//!    outside `lo..=hi` → `lo`; then the same for `h`;
//! 4. the room is `(x + 1, y + 1, w, h)`: `walls.0` on its top and bottom rows, `walls.1`
//!    on its left and right columns, `floor` inside, `corners` (top-left, top-right,
//!    bottom-left, bottom-right); then `rnd(2) == 0` puts `door_right` (cells `(dx, dy,
//!    tile)` from `(x1, (2·y + h) / 2)`, `x1` the right column) else `door_bottom` (from
//!    `((2·x + w) / 2, y1)`, `y1` the bottom row).
//!
//! The scan sees the rooms already carved. The number of rooms goes to `var` when given.
//! With `near`, every cell within `spacing` of a carved room (the same inclusive rectangle)
//! is set to 1 in that flag layer, for later steps that keep away from the rooms (Diablo's
//! `IsNearThemeRoom`).
//! With `kind`, each room's inside (the cells within its walls, `(x + 1, y + 1, w − 2,
//! h − 2)`, less cells of earlier rooms) is recorded as a room of that kind, in carving
//! order (e.g. theme-room candidates for `AssignThemes`).
//! Cells outside the grid read as "not floor"; writes outside it are skipped.

use crate::engine::grid::Rect as GRect;
use crate::engine::point::Point;
use crate::engine::state::{State, NO_ROOM};
use crate::engine::value::{Type, Value};
use crate::engine::Flow;
use crate::operator::args::{Count, Rect, RectDef, Tile};
use crate::operator::knobs::Knobs;
use crate::operator::knobs::{Count0, Int, I32};
use crate::operator::{Operator, Runnable};
use crate::rng::RandomSource;
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

/// Rule-file parameters of `CarveRooms(...)`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The tile layer.
    pub layer: Src,
    /// The open-floor tile scanned for, and written inside rooms.
    pub floor: Tile,
    /// Smallest measured floor extent, in cells (the room is 2 smaller). Diablo: 5–7.
    pub min_size: Int<3, 1_000_000>,
    /// Largest measured floor extent, in cells. Diablo: 10.
    pub max_size: Count,
    /// A candidate cell needs `rnd(freq) == 0`; 0 draws nothing. Default 0.
    #[serde(default)]
    pub freq: I32,
    /// Shrink each room to a random size (two nested draws per side). Default false.
    #[serde(default)]
    pub random_size: bool,
    /// `(horizontal, vertical)`: tiles of the top/bottom rows and the left/right columns.
    pub walls: (Tile, Tile),
    /// Corner tiles: top-left, top-right, bottom-left, bottom-right.
    pub corners: (Tile, Tile, Tile, Tile),
    /// Doorway in the right wall: `(dx, dy, tile)` from the middle of the right column.
    pub door_right: Vec<(i32, i32, Tile)>,
    /// Doorway in the bottom wall: `(dx, dy, tile)` from the middle of the bottom row.
    pub door_bottom: Vec<(i32, i32, Tile)>,
    /// The scanned cells. Default: the whole grid.
    #[serde(default)]
    pub area: Option<RectDef>,
    /// A number variable receiving how many rooms were carved.
    #[serde(default)]
    pub var: Option<Src>,
    /// Cells kept free around a carved room, in cells (required).
    pub spacing: Count0,
    /// A flag layer set to 1 within `spacing` of every carved room. Default none.
    #[serde(default)]
    pub near: Option<Src>,
    /// A room kind: each room's inside is recorded as a room of it. Default: none recorded.
    #[serde(default)]
    pub kind: Option<Src>,
}

type Door = Vec<(i32, i32, u16)>;

/// Compiled `CarveRooms`.
#[derive(Debug, Clone)]
pub struct Compiled {
    layer: u16,
    floor: u16,
    min: i32,
    max: i32,
    freq: i64,
    random_size: bool,
    walls: (u16, u16),
    corners: [u16; 4],
    doors: [Door; 2],
    area: Option<Rect>,
    var: Option<u16>,
    spacing: i32,
    near: Option<u16>,
    kind: Option<u16>,
    knobs: Knobs<Compiled>,
}
crate::has_knobs!(Compiled);

impl Operator for Params {
    type Compiled = Compiled;

    fn anchor(&self) -> Option<&Src> {
        Some(&self.layer)
    }

    fn compile(&self, cx: &mut Cx) -> Option<Compiled> {
        let mut k: Knobs<Compiled> = Knobs::default();
        let layer = cx.layer(&self.layer);
        let kind = match &self.kind {
            Some(k) => Some(cx.kind(k)?),
            None => None,
        };
        if let (Some(min), Some(max)) = (self.min_size.literal(), self.max_size.literal()) {
            if min > max {
                cx.error(
                    &self.layer,
                    format!("`min_size` must be 3..=max_size ({max}), found {min}"),
                    None,
                );
                return None;
            }
        }
        let area = match &self.area {
            Some(a) => Some(a.compile(cx)?),
            None => None,
        };
        let var = cx.optional_var(self.var.as_ref(), Type::Num)?;
        let door = |d: &[(i32, i32, Tile)]| d.iter().map(|&(x, y, t)| (x, y, t.0)).collect();
        let c = self.corners;
        Some(Compiled {
            layer,
            floor: self.floor.0,
            min: self
                .min_size
                .get(cx, &mut k, |c: &mut Compiled, v| c.min = v as i32) as i32,
            max: self
                .max_size
                .get(cx, &mut k, |c: &mut Compiled, v| c.max = v as i32) as i32,
            freq: self
                .freq
                .get(cx, &mut k, |c: &mut Compiled, v| c.freq = v as i64),
            random_size: self.random_size,
            walls: (self.walls.0 .0, self.walls.1 .0),
            corners: [c.0 .0, c.1 .0, c.2 .0, c.3 .0],
            doors: [door(&self.door_right), door(&self.door_bottom)],
            area,
            var,
            spacing: self
                .spacing
                .get(cx, &mut k, |c: &mut Compiled, v| c.spacing = v as i32)
                as i32,
            near: self.near.as_ref().map(|n| cx.layer(n)),
            kind,
            knobs: {
                let what = "CarveRooms: `min_size` is above `max_size`".to_string();
                k.require(cx, &self.layer, what, |c, _| c.min <= c.max);
                k.done()?
            },
        })
    }
}

impl Runnable for Compiled {
    fn run(&self, st: &mut State) -> Flow {
        crate::resolve_knobs!(self, st);
        let area = match &self.area {
            Some(a) => {
                let crate::engine::grid::Rect { x, y, w, h } = a.eval(st);
                GRect::new(x, y, w, h).clip(st.width, st.height)
            }
            None => GRect::of_size(st.width, st.height),
        };
        let mut rooms: Vec<GRect> = Vec::new();
        for (x, y) in area.cells() {
            if st.grid(self.layer).at(x, y) != self.floor || st.rng.below(self.freq) != 0 {
                continue;
            }
            let Some((mut w, mut h)) = self.fit(st, &rooms, x, y) else {
                continue;
            };
            if self.random_size {
                w = self.shrink(st, w);
                h = self.shrink(st, h);
            }
            let r = GRect::new(x + 1, y + 1, w, h);
            self.carve(st, r);
            rooms.push(r);
            if let Some(k) = self.kind {
                let inside: Vec<Point> = GRect::new(r.x + 1, r.y + 1, r.w - 2, r.h - 2)
                    .clip(st.width, st.height)
                    .cells()
                    .filter(|&(x, y)| st.room_at(x, y) == NO_ROOM)
                    .map(Point::from)
                    .collect();
                if !inside.is_empty() {
                    st.add_room(k, &inside);
                }
            }
        }
        if let Some(v) = self.var {
            st.vars[v as usize] = Value::Num(rooms.len() as f64);
        }
        Flow::Continue
    }
}

impl Compiled {
    /// The room size fitting at `(x, y)` (step 2), if any.
    fn fit(&self, st: &State, rooms: &[GRect], x: i32, y: i32) -> Option<(i32, i32)> {
        let (w, h) = (st.width, st.height);
        if x + self.max > w && y + self.max > h {
            return None;
        }
        let s = self.spacing;
        let near = |r: &GRect| x >= r.x - s && x <= r.x1() + s && y >= r.y - s && y <= r.y1() + s;
        if rooms.iter().any(near) {
            return None;
        }
        let g = st.grid(self.layer);
        let floor = |cx: i32, cy: i32| g.get(cx, cy) == Some(self.floor);
        let (mut bw, mut bh) = (self.max, self.max);
        for i in 0..self.max {
            let xs = (0..bw).take_while(|&k| floor(x + k, y + i)).count() as i32;
            let ys = (0..bh).take_while(|&k| floor(x + i, y + k)).count() as i32;
            if xs < self.min || ys < self.min {
                if i < self.min {
                    return None;
                }
                break;
            }
            bw = bw.min(xs);
            bh = bh.min(ys);
        }
        Some((bw - 2, bh - 2))
    }

    /// Step 3 for one side.
    fn shrink(&self, st: &mut State, v: i32) -> i32 {
        let (lo, hi) = (self.min - 2, self.max - 2);
        let inner = st.rng.below((v - lo + 1) as i64);
        let v = lo + st.rng.below(inner) as i32;
        if v < lo || v > hi {
            lo
        } else {
            v
        }
    }

    fn carve(&self, st: &mut State, r: GRect) {
        let (hw, vw) = self.walls;
        let [tl, tr, bl, br] = self.corners;
        let (x1, y1) = (r.x1() - 1, r.y1() - 1);
        let floor = self.floor;
        st.grid_mut(self.layer).map_in(r, |x, y, _| {
            match (x == r.x || x == x1, y == r.y || y == y1) {
                (true, true) => match (x == r.x, y == r.y) {
                    (true, true) => tl,
                    (false, true) => tr,
                    (true, false) => bl,
                    (false, false) => br,
                },
                (_, true) => hw,
                (true, false) => vw,
                (false, false) => floor,
            }
        });
        let right = st.rng.below(2) == 0;
        let (base, door) = if right {
            ((x1, (2 * r.y + r.h) / 2), &self.doors[0])
        } else {
            (((2 * r.x + r.w) / 2, y1), &self.doors[1])
        };
        let mut g = st.grid_mut(self.layer);
        for &(dx, dy, t) in door {
            g.set_checked(base.0 + dx, base.1 + dy, t);
        }
        if let Some(n) = self.near {
            let s = self.spacing;
            let grown = GRect::new(r.x - s, r.y - s, r.w + 2 * s + 1, r.h + 2 * s + 1);
            st.grid_mut(n).fill(grown, 1);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::operator::testing::{grid, rooms, run_rules};

    #[test]
    fn with_a_kind_each_room_inside_is_recorded() {
        // as below: one 5x5 room at (1, 1); its inside is the 3x3 block at (2, 2)
        let r = rooms(
            7,
            7,
            "",
            r#"FillRect(layer: "t", value: "6", rect: (x: "0", y: "0", w: "7", h: "7")),
               CarveRooms(layer: "t", spacing: 2, floor: 6, min_size: 5, max_size: 7, walls: (2, 1),
                          corners: (9, 16, 15, 12), door_right: [(0, 0, 60)],
                          door_bottom: [(0, 0, 61)], kind: "normal")"#,
            &[],
        );
        let inside: Vec<[i32; 2]> = (2..5).flat_map(|y| (2..5).map(move |x| [x, y])).collect();
        assert_eq!(r.cells, vec![inside]);
    }

    #[test]
    fn a_room_is_carved_into_open_floor_with_a_doorway() {
        // 7x7 floor: at (0, 0) every run is 7 (the grid edge caps it), so the room is 5x5 at
        // (1, 1); every other cell is within 2 of it. Seed 1's first step gives 346 (|s| >> 16),
        // so rnd(2) = 0 picks the right wall: its middle is (5, (2 + 5) / 2) = (5, 3).
        let g = run_rules(
            7,
            7,
            r#"FillRect(layer: "t", value: "6", rect: (x: "0", y: "0", w: "7", h: "7")),
               CarveRooms(layer: "t", spacing: 2, floor: 6, min_size: 5, max_size: 7, walls: (2, 1),
                          corners: (9, 16, 15, 12), door_right: [(0, 0, 60), (-1, 0, 54)],
                          door_bottom: [(0, 0, 61)])"#,
            "t",
        );
        assert_eq!(
            g,
            grid(
                "6  6  6  6  6  6 6
                 6  9  2  2  2 16 6
                 6  1  6  6  6  1 6
                 6  1  6  6 54 60 6
                 6  1  6  6  6  1 6
                 6 15  2  2  2 12 6
                 6  6  6  6  6  6 6"
            )
        );
    }

    #[test]
    fn spacing_and_the_near_layer() {
        // 12x7 floor, rooms 3x3 (min 5, max 5): the first at (1, 1) from (0, 0). With spacing
        // 0, (4, 0) is not near it (row 0 is above its rectangle) and has a 5x5 square of floor
        // (column 4 is right of the room), so the second room is at (5, 1). `near` marks each
        // room's rectangle to its inclusive end: x 1..=4 and 5..=8, y 1..=4.
        let g = run_rules(
            12,
            7,
            r#"FillRect(layer: "t", value: "6", rect: (x: "0", y: "0", w: "12", h: "7")),
               CarveRooms(layer: "t", floor: 6, min_size: 5, max_size: 5, walls: (2, 1),
                          corners: (9, 9, 9, 9), door_right: [], door_bottom: [],
                          spacing: 0, near: "near")"#,
            "near",
        );
        let row = "0 1 1 1 1 1 1 1 1 0 0 0";
        let empty = "0 0 0 0 0 0 0 0 0 0 0 0";
        assert_eq!(
            g,
            grid(&[empty, row, row, row, row, empty, empty].join("\n"))
        );
        // a spacing of 2 keeps x 0..=6 of rows 0..=6 away: the second room is at
        // (8, 1), from (7, 0)
        let g = run_rules(
            12,
            7,
            r#"FillRect(layer: "t", value: "6", rect: (x: "0", y: "0", w: "12", h: "7")),
               CarveRooms(layer: "t", spacing: 2, floor: 6, min_size: 5, max_size: 5, walls: (2, 1),
                          corners: (9, 9, 9, 9), door_right: [], door_bottom: [])"#,
            "t",
        );
        assert_eq!((g[1][1], g[1][5], g[1][6], g[1][8]), (9, 6, 6, 9));
    }
}
