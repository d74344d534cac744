//! Recursive division ("pinwheel" partition): draw one room of random size at a random spot
//! of an area, then divide what is left of the area into four strips around the room —
//! arranged like a pinwheel — and recurse into each, recording for every room a hall
//! (a segment) from the new room's wall to its parent's. Draws random numbers in the order of
//! Diablo's Catacombs `CreateRoom` (shared/spec/diablo.md §3.2, §3.8 item 1).
//!
//! Coordinates: an area is given by its two corner cells `(x1, y1) = (x, y)` and
//! `(x2, y2) = (x + w, y + h)`; rooms likewise by their corner cells (walls included).
//! For each area, in depth-first order (the first strip completely before the second):
//! 1. Stop when `max_rooms` rooms exist, or `x2 − x1 < area_min` or `y2 − y1 < area_min`.
//! 2. `aw = x2 − x1`, `ah = y2 − y1`; room width `rw = rnd(min(aw, room_max) − room_min) +
//!    room_min` when `aw > room_min`, else `aw`; then the height likewise (no draw when not
//!    larger). For the first room only, `forced` (when its condition holds) replaces both.
//! 3. `rx1 = x1 + rnd(aw)`, `ry1 = y1 + rnd(ah)`, `rx2 = rx1 + rw`, `ry2 = ry1 + rh`; a room
//!    past `x2` (`y2`) is shifted back to end there; then all four are clamped to `clamp`
//!    (default: 1 .. size − 2, the grid without its border).
//! 4. The room is drawn: `corners` (top-left, top-right, bottom-left, bottom-right, written in
//!    the order TL, BL, TR, BR), `wall` along the sides, `floor` inside.
//! 5. Unless it is the first room, a hall towards the parent goes to `halls`: for a room
//!    below its parent (direction N) from `(rnd(rw − 2) + rx1 + 1, ry1)` to
//!    `(rnd(pw − 2) + px1 + 1, py2)`; above (S): from the bottom wall to the parent's top
//!    wall; left of it (E): from `(rx2, rnd(rh − 2) + ry1 + 1)` to
//!    `(px1, rnd(ph − 2) + py1 + 1)`; right (W): from the left wall to the parent's right
//!    wall (`pw`, `ph`: the parent's corner distances; the start is drawn first).
//! 6. The four strips, each shrunk by `standoff` at both corners, with the room as parent:
//!    when `rh > rw` (drawn sizes) left, right, below, above; otherwise above, below, left,
//!    right (left/right strips span the area's height on the room's row band's side, see
//!    the code's table).
//!
//! `forced_area` receives, for a forced first room, four number variables: its top-left
//! `+ standoff`, and its size `− 1` (Diablo's set-piece rectangle). `forced_flag`
//! reproduces Diablo's protection quirk for the forced room: cells `(i, ry1)` for
//! `rx1 <= i < ry2` are flagged. Errors: none at run time (sizes that leave no room simply
//! stop the recursion).

use crate::engine::dir::Dir;
use crate::engine::point::Point;
use crate::engine::state::{Segment, State};
use crate::engine::value::Value;
use crate::engine::Flow;
use crate::lang::Program;
use crate::operator::args::{holds, Count, Rect as RectExpr, RectDef, Tile};
use crate::operator::knobs::Knobs;
use crate::operator::knobs::{NonNeg, I32};
use crate::operator::Runnable;
use crate::rng::RandomSource;
use crate::ruleset::src::Src;
use serde::Deserialize;

mod compile;

/// `(w: "expr", h: "expr", when: "cond")`: the first room's size, replacing the draws.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ForcedDef {
    /// Width (corner distance) in cells.
    pub w: Src,
    /// Height (corner distance) in cells.
    pub h: Src,
    /// Only when true. Default: always.
    #[serde(default)]
    pub when: Option<Src>,
}

/// Rule-file parameters of `DivideRooms(...)`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The symbol layer drawn on.
    pub layer: Src,
    /// The area: corner cells `(x, y)` and `(x + w, y + h)`. Default: the whole grid,
    /// `(0, 0)` to `(width − 1, height − 1)`.
    #[serde(default)]
    pub area: Option<RectDef>,
    /// Condition; the step does nothing when false (the hall list is left as it is).
    /// Default: always.
    #[serde(default)]
    pub when: Option<Src>,
    /// The segment list receiving one hall per room but the first, in creation order.
    pub halls: Src,
    /// Smallest drawn room size (corner distance). Diablo: 4.
    pub room_min: NonNeg,
    /// Sizes are drawn below `min(area, room_max)`. Diablo: 10.
    pub room_max: I32,
    /// Areas narrower than this (corner distance) get no room. Diablo: 2.
    pub area_min: I32,
    /// Cells between a room and the strips around it. Diablo: 2.
    pub standoff: I32,
    /// At most this many rooms. Diablo: 80.
    pub max_rooms: Count,
    /// `(lo, hi)`: room corners are clamped to this range on both axes. Default
    /// `(1, min(width, height) − 2)` (one range for both axes: give it on non-square grids).
    #[serde(default)]
    pub clamp: Option<(I32, I32)>,
    /// Symbol of the room sides.
    pub wall: Tile,
    /// Symbol of the room interiors.
    pub floor: Tile,
    /// Symbols of the corners: top-left, top-right, bottom-left, bottom-right.
    pub corners: Vec<Tile>,
    /// The first room's size, replacing the draws. Default none.
    #[serde(default)]
    pub forced: Option<ForcedDef>,
    /// Four number variables (x, y, w, h) set for a forced room (see the module doc).
    #[serde(default)]
    pub forced_area: Option<Vec<Src>>,
    /// Flag layer for Diablo's protection quirk on a forced room (see the module doc).
    #[serde(default)]
    pub forced_flag: Option<Src>,
}

/// Compiled `DivideRooms`.
#[derive(Debug, Clone)]
pub struct Compiled {
    layer: u16,
    area: Option<RectExpr>,
    when: Option<Program>,
    halls: u16,
    room_min: i32,
    room_max: i32,
    area_min: i32,
    standoff: i32,
    max_rooms: usize,
    clamp: (i32, i32),
    wall: u16,
    floor: u16,
    corners: [u16; 4],
    forced: Option<(Program, Program, Option<Program>)>,
    forced_area: Option<[u16; 4]>,
    forced_flag: Option<u16>,
    knobs: Knobs<Compiled>,
}
crate::has_knobs!(Compiled);

/// A room by its corner cells.
#[derive(Debug, Clone, Copy)]
struct Room {
    x1: i32,
    y1: i32,
    x2: i32,
    y2: i32,
}

/// An area still to divide: corners, parent room index, direction of the hall to it.
type Area = (i32, i32, i32, i32, Option<(usize, Dir)>);

impl Runnable for Compiled {
    fn run(&self, st: &mut State) -> Flow {
        crate::resolve_knobs!(self, st);
        if !holds(&self.when, st) {
            return Flow::Continue;
        }
        let (x, y, w, h) = match &self.area {
            Some(a) => {
                let r = a.eval(st);
                (r.x, r.y, r.w, r.h)
            }
            None => (0, 0, st.width - 1, st.height - 1),
        };
        let forced = match &self.forced {
            Some((fw, fh, c)) if holds(c, st) => Some((fw.num(st) as i32, fh.num(st) as i32)),
            _ => None,
        };
        st.segments_mut(self.halls).clear();
        let mut rooms: Vec<Room> = Vec::new();
        let mut stack: Vec<Area> = vec![(x, y, x + w, y + h, None)];
        let (lo, hi) = self.clamp;
        let s = self.standoff;
        while let Some((x1, y1, x2, y2, parent)) = stack.pop() {
            if rooms.len() >= self.max_rooms || x1 + self.area_min > x2 || y1 + self.area_min > y2 {
                continue;
            }
            let (aw, ah) = (x2 - x1, y2 - y1);
            let mut rw = self.size(st, aw);
            let mut rh = self.size(st, ah);
            let first = rooms.is_empty();
            let forced_here = if first { forced } else { None };
            if let Some((fw, fh)) = forced_here {
                (rw, rh) = (fw, fh);
            }
            let mut rx1 = x1 + st.rng.below(aw as i64) as i32;
            let mut ry1 = y1 + st.rng.below(ah as i64) as i32;
            let (mut rx2, mut ry2) = (rx1 + rw, ry1 + rh);
            if rx2 > x2 {
                rx2 = x2;
                rx1 = x2 - rw;
            }
            if ry2 > y2 {
                ry2 = y2;
                ry1 = y2 - rh;
            }
            let room = Room {
                x1: rx1.clamp(lo, hi),
                y1: ry1.clamp(lo, hi),
                x2: rx2.clamp(lo, hi),
                y2: ry2.clamp(lo, hi),
            };
            if forced_here.is_some() {
                self.flag_forced(st, room);
            }
            self.draw(st, room);
            if let (Some(_), Some(vars)) = (forced_here, self.forced_area) {
                let v = [room.x1 + s, room.y1 + s, rw - 1, rh - 1];
                for (slot, v) in vars.iter().zip(v) {
                    st.vars[*slot as usize] = Value::Num(v as f64);
                }
            }
            let id = rooms.len();
            rooms.push(room);
            if let Some((pi, dir)) = parent {
                let seg = hall(st, room, rooms[pi], dir, (rw, rh));
                st.segments_mut(self.halls).push(seg);
            }
            let strips = strips((x1, y1, x2, y2), room, s, id, rh > rw);
            // depth first, first strip first: push in reverse
            stack.extend(strips.into_iter().rev());
        }
        Flow::Continue
    }
}

impl Compiled {
    /// Mark the forced room on `forced_flag`: cells `x1..y2` of its top row.
    fn flag_forced(&self, st: &mut State, room: Room) {
        if let Some(p) = self.forced_flag {
            let mut g = st.grid_mut(p);
            if room.x1 < room.x2 {
                for i in room.x1..room.y2 {
                    g.set_checked(i, room.y1, 1);
                }
            }
        }
    }
}

/// The hall from `room` (`rw × rh`) to its parent room `p`, which lies towards `dir` of it:
/// a cell drawn on each facing wall.
#[inline]
fn hall(st: &mut State, room: Room, p: Room, dir: Dir, (rw, rh): (i32, i32)) -> Segment {
    match dir {
        Dir::N | Dir::S => {
            let fx = st.rng.below((rw - 2) as i64) as i32 + room.x1 + 1;
            let tx = st.rng.below((p.x2 - p.x1 - 2) as i64) as i32 + p.x1 + 1;
            let (fy, ty) = if dir == Dir::N {
                (room.y1, p.y2)
            } else {
                (room.y2, p.y1)
            };
            Segment {
                from: Point::new(fx, fy),
                to: Point::new(tx, ty),
                dir,
            }
        }
        _ => {
            let fy = st.rng.below((rh - 2) as i64) as i32 + room.y1 + 1;
            let ty = st.rng.below((p.y2 - p.y1 - 2) as i64) as i32 + p.y1 + 1;
            let (fx, tx) = if dir == Dir::E {
                (room.x2, p.x1)
            } else {
                (room.x1, p.x2)
            };
            Segment {
                from: Point::new(fx, fy),
                to: Point::new(tx, ty),
                dir,
            }
        }
    }
}

/// The four strips of the area `(x1, y1, x2, y2)` around room `r` (room number `id`),
/// `s` cells from it, still to divide: for a `tall` room the side strips run the full
/// height, otherwise the top and bottom ones the full width.
#[inline]
fn strips(
    (x1, y1, x2, y2): (i32, i32, i32, i32),
    r: Room,
    s: i32,
    id: usize,
    tall: bool,
) -> [Area; 4] {
    if tall {
        [
            (x1 + s, y1 + s, r.x1 - s, r.y2 - s, Some((id, Dir::E))),
            (r.x2 + s, r.y1 + s, x2 - s, y2 - s, Some((id, Dir::W))),
            (x1 + s, r.y2 + s, r.x2 - s, y2 - s, Some((id, Dir::N))),
            (r.x1 + s, y1 + s, x2 - s, r.y1 - s, Some((id, Dir::S))),
        ]
    } else {
        [
            (x1 + s, y1 + s, r.x2 - s, r.y1 - s, Some((id, Dir::S))),
            (r.x1 + s, r.y2 + s, x2 - s, y2 - s, Some((id, Dir::N))),
            (x1 + s, r.y1 + s, r.x1 - s, y2 - s, Some((id, Dir::E))),
            (r.x2 + s, y1 + s, x2 - s, r.y2 - s, Some((id, Dir::W))),
        ]
    }
}

impl Compiled {
    fn size(&self, st: &mut State, a: i32) -> i32 {
        if a > self.room_min {
            st.rng.below((a.min(self.room_max) - self.room_min) as i64) as i32 + self.room_min
        } else {
            a
        }
    }

    fn draw(&self, st: &mut State, r: Room) {
        let [tl, tr, bl, br] = self.corners;
        let mut g = st.grid_mut(self.layer);
        for (x, y, v) in [
            (r.x1, r.y1, tl),
            (r.x1, r.y2, bl),
            (r.x2, r.y1, tr),
            (r.x2, r.y2, br),
        ] {
            g.set_checked(x, y, v);
        }
        for x in r.x1 + 1..r.x2 {
            g.set_checked(x, r.y1, self.wall);
            g.set_checked(x, r.y2, self.wall);
        }
        for y in r.y1 + 1..r.y2 {
            g.set_checked(r.x1, y, self.wall);
            g.set_checked(r.x2, y, self.wall);
            for x in r.x1 + 1..r.x2 {
                g.set_checked(x, y, self.floor);
            }
        }
    }
}

#[cfg(test)]
mod tests;
