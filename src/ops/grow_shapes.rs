//! Room growth with multi-cell shapes over door slots (the Rebirth-family floor plan,
//! spec/isaac-rebirth.md §5.1–§5.4; Boris/Parzer's description in spec/isaac.md §5.1).
//!
//! A double-ended queue starts with the start room. Each popped room looks through each of
//! its shape's door slots, in slot order, at the cell N behind it; when N is inside the grid
//! and empty it offers the `base_shape` at N (no random draw) and then walks the `attach`
//! entries for that side, drawing `rnd(one_in)` for every entry (whatever the outcome); an
//! entry whose draw is 0 and whose shape is still in the floor's pool offers that shape,
//! attached through the named slot so that it covers N. The offers are shuffled
//! (Fisher–Yates from the end) and tried in order, at most `children` (start:
//! `start_children`) placements per room and `target` rooms in all. An offer is placed when
//! every cell is inside the grid and empty, N has at most `max_neighbours` occupied
//! neighbours (only N is tested: the other cells may touch rooms, so loops form), and every
//! edge shared with another room has a door slot on both sides. The new room is joined by a
//! door on every shared edge and goes to the back of the queue with `push_back_chance`,
//! else to the front. After a shape other than the base shape is placed it leaves the pool
//! for the rest of the floor with `remove_chance` (\[B\]'s "95%"; \[BL\] has no removal).
//!
//! Dead ends (written to `dead_ends`): rooms other than the start that touch exactly one
//! room, sorted by door distance from the start, farthest first (ties in placement order).
//!
//! Writes rooms (with their shape), doors, the list, optional variables. Fails (restarting
//! the `Retry`) only if the start room cannot be placed.

use crate::engine::point::Point;
use crate::engine::shape::{connect, fits, Shape};
use crate::engine::state::{State, NO_ROOM};
use crate::engine::value::{RoomId, Value};
use crate::engine::Flow;
use crate::lang::Program;
use crate::operator::knobs::{Count0, Knobs, I32};
use crate::operator::Runnable;
use crate::rng::RandomSource;
use crate::ruleset::src::Src;
use serde::Deserialize;
use std::collections::VecDeque;

mod compile;

/// Rule-file parameters of `GrowShapes(...)`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// Grid cell `(x, y)` of the start room's origin.
    pub start: (I32, I32),
    /// Shape of the start room.
    pub start_shape: Src,
    /// Room kind of the start room.
    pub start_kind: Src,
    /// Variable that receives the start room (optional).
    #[serde(default)]
    pub start_var: Option<Src>,
    /// Room kind of every grown room.
    pub room_kind: Src,
    /// Rooms to grow besides the start (expression, evaluated once; rooms are added while
    /// fewer than this many were grown).
    pub target: Src,
    /// Shape offered at every free door without a draw (e.g. "1x1").
    pub base_shape: Src,
    /// Big-shape offers: `(shape, slot, one_in)` — the shape attached through its door slot
    /// `slot` (which faces the parent), offered when `rnd(one_in) == 0`. Entries are drawn in
    /// list order among those for the side being looked through.
    #[serde(default)]
    pub attach: Vec<(Src, Src, u32)>,
    /// Probability (expression, evaluated once) that a placed non-base shape leaves the pool.
    pub remove_chance: Src,
    /// Most children of the start room (expression, evaluated when the start is expanded).
    pub start_children: Src,
    /// Most children of any other room (expression, evaluated per room).
    pub children: Src,
    /// Probability (expression, evaluated once) that a new room goes to the back of the
    /// queue rather than the front.
    pub push_back_chance: Src,
    /// Most occupied orthogonal neighbours (the parent included) of the cell behind the
    /// door. Default 1.
    #[serde(default = "one")]
    pub max_neighbours: Count0,
    /// Probability (expression, evaluated once) that a cell behind a door with more than
    /// `max_neighbours` occupied neighbours is allowed anyway (a crowding exception; the roll
    /// is drawn only for such a cell, and not while adding rooms for `min_dead_ends`).
    /// Default none (never).
    #[serde(default)]
    pub crowd_chance: Option<Src>,
    /// Dead ends wanted (expression, evaluated after growing); with `augment_rounds`, see the
    /// module docs. Default: none.
    #[serde(default)]
    pub min_dead_ends: Option<Src>,
    /// Most rooms added to reach `min_dead_ends`. Default 0.
    #[serde(default)]
    pub augment_rounds: Count0,
    /// List that receives the dead ends (emptied first).
    pub dead_ends: Src,
    /// Number variable counting placed non-base shapes (optional).
    #[serde(default)]
    pub big_placed_var: Option<Src>,
    /// Number variable counting shapes removed from the pool (optional).
    #[serde(default)]
    pub big_removed_var: Option<Src>,
}

fn one() -> Count0 {
    Count0::Lit(1)
}

#[derive(Debug, Clone, Copy)]
struct Offer {
    shape: u16,
    /// The shape cell that covers N.
    cell: Point,
    one_in: u32,
}

/// Compiled `GrowShapes`.
#[derive(Debug, Clone)]
pub struct Compiled {
    shapes: Vec<Shape>,
    start: Point,
    start_shape: u16,
    start_kind: u16,
    start_var: Option<u16>,
    room_kind: u16,
    target: Program,
    base: u16,
    /// Offers by the parent door's direction (indexed by `Dir as usize`).
    attach: [Vec<Offer>; 4],
    remove_chance: Program,
    start_children: Program,
    children: Program,
    push_back: Program,
    max_neighbours: u32,
    crowd_chance: Option<Program>,
    min_dead_ends: Option<Program>,
    augment_rounds: u32,
    dead_ends: u16,
    big_placed: Option<u16>,
    big_removed: Option<u16>,
    fail_start: u32,
    knobs: Knobs<Compiled>,
}
crate::has_knobs!(Compiled);

impl Runnable for Compiled {
    fn run(&self, st: &mut State) -> Flow {
        crate::resolve_knobs!(self, st);
        let start_sh = &self.shapes[self.start_shape as usize];
        if fits(st, &self.shapes, start_sh, self.start, NO_ROOM).is_none() {
            return Flow::Fail(self.fail_start);
        }
        st.lists[self.dead_ends as usize].clear();
        let start = self.place(st, self.start_shape, self.start, self.start_kind);
        if let Some(v) = self.start_var {
            st.vars[v as usize] = Value::Room(start);
        }
        let target = self.target.num(st);
        let remove_p = self.remove_chance.num(st);
        let back_p = self.push_back.num(st);
        let crowd_p = self.crowd_chance.as_ref().map_or(0.0, |c| c.num(st));
        let mut pool: u64 = u64::MAX;
        let (mut placed_big, mut removed) = (0.0, 0.0);
        let mut grown = 0.0f64;
        let mut queue: VecDeque<RoomId> = VecDeque::from([start]);
        // (shape, origin, the cell N behind the door)
        let mut offers: Vec<(u16, Point, Point)> = Vec::new();
        while let Some(room) = queue.pop_front() {
            if grown >= target {
                break;
            }
            self.offers(st, room, pool, &mut offers);
            let mut quota = if room == start {
                self.start_children.num(st)
            } else {
                self.children.num(st)
            };
            for &(shape, origin, n) in &offers {
                if quota < 1.0 || grown >= target {
                    break;
                }
                if pool >> shape & 1 == 0 || st.room_at(n.x, n.y) != NO_ROOM {
                    continue;
                }
                if st.occupied_neighbours(n.x, n.y) > self.max_neighbours
                    && !(crowd_p > 0.0 && st.rng.chance(crowd_p))
                {
                    continue;
                }
                let sh = &self.shapes[shape as usize];
                if fits(st, &self.shapes, sh, origin, NO_ROOM).is_none() {
                    continue;
                }
                let id = self.place(st, shape, origin, self.room_kind);
                grown += 1.0;
                quota -= 1.0;
                if st.rng.chance(back_p) {
                    queue.push_back(id);
                } else {
                    queue.push_front(id);
                }
                if shape != self.base {
                    placed_big += 1.0;
                    if st.rng.chance(remove_p) {
                        pool &= !(1u64 << shape);
                        removed += 1.0;
                    }
                }
            }
        }
        if let Some(v) = self.big_placed {
            st.vars[v as usize] = Value::Num(placed_big);
        }
        if let Some(v) = self.big_removed {
            st.vars[v as usize] = Value::Num(removed);
        }
        self.list_dead_ends(st, start);
        Flow::Continue
    }
}

impl Compiled {
    /// Into `offers`, shuffled: what may grow behind room `room`'s free door slots, as
    /// (shape, origin, the cell N behind the door): the base shape, and each attached shape
    /// that is still in `pool` and whose `one_in` draw hits.
    fn offers(
        &self,
        st: &mut State,
        room: RoomId,
        pool: u64,
        offers: &mut Vec<(u16, Point, Point)>,
    ) {
        offers.clear();
        let (sh, o) = crate::engine::shape::placed(st, &self.shapes, room).expect("shaped");
        for s in &sh.slots {
            let n = (o + s.cell).step(s.dir);
            if !st.in_bounds(n.x, n.y) || st.room_at(n.x, n.y) != NO_ROOM {
                continue;
            }
            if pool >> self.base & 1 == 1 {
                offers.push((self.base, n, n));
            }
            for e in &self.attach[s.dir as usize] {
                let hit = st.rng.below(e.one_in as i64) == 0;
                if hit && pool >> e.shape & 1 == 1 {
                    offers.push((e.shape, n - e.cell, n));
                }
            }
        }
        for i in (1..offers.len()).rev() {
            let j = st.rng.below(i as i64 + 1) as usize;
            offers.swap(i, j);
        }
    }

    /// With `min_dead_ends`, attach rooms (at most `augment_rounds`) until there are that
    /// many dead ends; then fill the dead-end list, farthest from `start` first.
    fn list_dead_ends(&self, st: &mut State, start: RoomId) {
        if let Some(m) = &self.min_dead_ends {
            let want = m.num(st);
            for _ in 0..self.augment_rounds {
                let have = (0..st.rooms.len() as RoomId)
                    .filter(|&r| r != start && st.neighbour_rooms(r) == 1)
                    .count();
                if have as f64 >= want || !self.augment(st) {
                    break;
                }
            }
        }
        let dist = st.door_distances(start);
        let mut list = std::mem::take(&mut st.lists[self.dead_ends as usize]);
        for r in 0..st.rooms.len() as RoomId {
            if r != start && st.neighbour_rooms(r) == 1 {
                list.push(r);
            }
        }
        list.sort_by(|a, b| dist[*b as usize].cmp(&dist[*a as usize]));
        st.lists[self.dead_ends as usize] = list;
    }
}

impl Compiled {
    fn place(&self, st: &mut State, shape: u16, o: Point, kind: u16) -> RoomId {
        let sh = &self.shapes[shape as usize];
        let mut cells = [Point::default(); crate::engine::shape::MAX_CELLS];
        for (i, &c) in sh.cells.iter().enumerate() {
            cells[i] = o + c;
        }
        let id = st.add_room(kind, &cells[..sh.cells.len()]);
        st.rooms[id as usize].shape = Some(shape);
        connect(st, id);
        id
    }

    /// Attach one room to the first room (in placement order) that can take one; false when
    /// none can.
    fn augment(&self, st: &mut State) -> bool {
        for room in 0..st.rooms.len() as RoomId {
            let Some((sh, o)) = crate::engine::shape::placed(st, &self.shapes, room) else {
                continue;
            };
            for s in &sh.slots {
                let n = (o + s.cell).step(s.dir);
                if !st.in_bounds(n.x, n.y)
                    || st.room_at(n.x, n.y) != NO_ROOM
                    || st.occupied_neighbours(n.x, n.y) > self.max_neighbours
                {
                    continue;
                }
                let base = std::iter::once((self.base, n));
                let big = self.attach[s.dir as usize]
                    .iter()
                    .map(|e| (e.shape, n - e.cell));
                for (shape, origin) in base.chain(big) {
                    let shp = &self.shapes[shape as usize];
                    if fits(st, &self.shapes, shp, origin, NO_ROOM).is_some() {
                        self.place(st, shape, origin, self.room_kind);
                        return true;
                    }
                }
            }
        }
        false
    }
}

#[cfg(test)]
mod tests;
