//! Drunken corridor walk between recorded hall points: for each segment of a list (in
//! order), a walker starts on the first room's wall and staggers towards the second room,
//! biased towards its goal by one random roll per move, digging a 1–3 cells wide corridor
//! through empty cells and putting doors where it leaves or enters a room. Draws random
//! numbers as Diablo's Catacombs `ConnectHall` (shared/spec/diablo.md §3.3, §3.8 items 2–3).
//!
//! Per segment `from → to`, direction `d`:
//! 1. `minus = rnd(widen_roll) < widen_percent`, then `plus` likewise.
//! 2. A door is tried at `from` and at `to`: it is placed unless a 4-neighbour is already a
//!    door or the cell is a corner. The goal is `to − d`, marked `hall`.
//! 3. Each move: (a) at `x >= W − 1 − margin` heading E turn W, `y >= H − 1 − margin`
//!    heading S turn N, `x <= margin` heading W turn E, `y <= margin` heading N turn S;
//!    on a corner turn away (top-left: N/W → E; top-right: N/E → S; bottom-left: W/S → N;
//!    bottom-right: E/S → W). (b) Step. (c) On an `empty` cell: after being inside a room
//!    try a door on the cell left; otherwise widen (`minus`: the cell above, or left when
//!    heading N/S; `plus`: below, or right) where empty; mark the cell `hall`. On a `wall`
//!    from outside try a door there; any cell that is not `hall` means inside a room.
//!    (d) One roll `r = rnd(turn_roll)`: with `dx, dy` the distances to the goal, if
//!    `dx > dy` and `r < min(steer_x.per_cell · dx, steer_x.max)` head towards the goal in x,
//!    else if `dx <= dy` and `r < min(steer_y.per_cell · dy, steer_y.max)` towards it in y
//!    ("towards" = W/N when the goal is at or before the walker). (e) Overrides, in order:
//!    aligned in x with `dy < align_within` heading E/W → towards in y; aligned in y with
//!    `dx < align_within` heading N/S → towards in x; `dy == 1, dx > 1` heading N/S →
//!    towards in x; `dx == 1, dy > 1` heading E/W → towards in y; `dx == 0` heading E/W →
//!    N if the goal's x is at or before the segment's start x, else S; `dy == 0` heading
//!    N/S → W if the goal's y is at or before the start y, else E. (f) The walk ends on the
//!    goal.
//!
//! **Endless walks.** On some maps the walker can never reach its goal (Diablo's original
//! hangs on them). Every `trap_check` moves without a change to the map, the operator
//! explores every walker state (cell, heading, inside-a-room flag) reachable from the
//! current one under *both* outcomes of every roll on the unchanged map; when none of them
//! reaches the goal or changes the map (digs, widens or places a door), the real walk —
//! one path through that set — can never end, and the run stops with a [`Flow::Abort`]
//! naming this step. The check never cuts a walk that could end, however long. A move that
//! would leave the grid turns back instead (it cannot happen with a border margin of 1).
//! Coordinates: cells `(x, y)`, y down.
//!
//! The header is the shared [`TileHeader`] (`layer`, `area`, `when`; no flag layers): with
//! `area` (clipped to the grid), the border of step (a) is the area's (`W`, `H`, the turns
//! at `margin` and the turn-back are measured from its edges), so a walker whose segment
//! lies inside the area never leaves it.
//!
//! # Speed
//!
//! The walk keeps a memo of its quiet moves (`walk_corridors/moves.rs`, switch `FastPath::WalkPairs`):
//! a move on an unchanged map from a given walker state always goes the same way for the same
//! roll, so it is recorded once and taken with one table read (two moves in a row with one).
//! It stays here because what a walker state is (cell, heading, inside a room) and when the
//! map counts as unchanged (no dig, widen or door) are this operator's.

use crate::engine::dir::Dir;
use crate::engine::grid::{Grid, GridMut, Rect};
use crate::engine::state::{Segment, State};
use crate::engine::Flow;
use crate::operator::args::{Count, Tile};
use crate::operator::header::TileHeader;
use crate::operator::knobs::I32;
use crate::operator::Runnable;
use crate::rng::RandomSource;
use crate::ruleset::src::Src;
use moves::{slot, Memo, Move, Moves};
pub use op::{Compiled, SteerDef};
use op::{Walk, Walker};
use serde::Deserialize;

mod compile;
mod moves;
mod op;
mod steer;

crate::tile_params! {
    header: reads,
    /// Rule-file parameters of `WalkCorridors(...)`.
    #[derive(Debug, Clone, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Params {
        /// The segment list (e.g. written by `DivideRooms`).
        pub halls: Src,
        /// Symbol of undug cells.
        pub empty: Tile,
        /// Symbol of room walls.
        pub wall: Tile,
        /// Symbol of doors.
        pub door: Tile,
        /// Symbol of dug corridor cells.
        pub hall: Tile,
        /// Corner symbols: top-left, top-right, bottom-left, bottom-right.
        pub corners: Vec<Tile>,
        /// Widening flags: `rnd(widen_roll) < widen_percent`. Diablo: 100, 50.
        pub widen_roll: Count,
        /// See `widen_roll`.
        pub widen_percent: I32,
        /// The per-move roll `rnd(turn_roll)`. Diablo: 100.
        pub turn_roll: Count,
        /// Turn chance towards the goal in x when farther in x. Diablo: (per_cell: 2, max: 30).
        pub steer_x: SteerDef,
        /// Turn chance towards the goal in y otherwise. Diablo: (per_cell: 5, max: 80).
        pub steer_y: SteerDef,
        /// Distance below which an aligned walker turns straight to the goal. Diablo: 10.
        pub align_within: I32,
        /// Cells from the border (the area's edge) at which the walker turns back. Diablo: 1.
        pub margin: I32,
        /// Moves without a map change between checks for an endless walk. Default 65536.
        #[serde(default = "every")]
        pub trap_check: Count,
    }
}

fn every() -> Count {
    Count::Lit(65536)
}

/// Headings, indices into [`Dir::ALL4`] (so `d ^ 1` turns back).
const E: u8 = 0;
const W: u8 = 1;
const S: u8 = 2;
const N: u8 = 3;

/// The step `(dx, dy)` of heading `d`.
#[inline]
fn delta(d: u8) -> (i32, i32) {
    let d = Dir::ALL4[d as usize & 3];
    (d.dx(), d.dy())
}

/// What the move part (a)–(c) would do before the roll.
enum Moved {
    /// The map changes (dig, widen or door): only the real walker does this.
    Changes,
    /// Nothing on the map changes; the walker is now here.
    Same(Walker),
}

impl Runnable for Compiled {
    fn run(&self, st: &mut State) -> Flow {
        crate::resolve_knobs!(self, st);
        let bounds = match self.head.begin(st) {
            Ok(a) => a,
            Err(f) => return f,
        };
        if bounds.is_empty() {
            return Flow::Continue;
        }
        let n = st.segments_mut(self.halls).len();
        // the layer is taken out of the state while the walkers dig (the RNG stays in it)
        let mut cells = std::mem::take(st.layer_mut(self.head.layer));
        let mut flow = Flow::Continue;
        let mut memo: Memo = st.scratch.take();
        for i in 0..n {
            let seg = st.segments[self.halls as usize][i];
            if let Flow::Abort(id) = self.walk(st, &mut memo, &mut cells, bounds, seg) {
                flow = Flow::Abort(id);
                break;
            }
        }
        st.scratch.put(memo);
        *st.layer_mut(self.head.layer) = cells;
        flow
    }
}

impl Compiled {
    #[inline(always)]
    fn at(&self, g: &Grid, x: i32, y: i32) -> u16 {
        g.get_or(x, y, self.empty)
    }

    /// Whether a door at `(x, y)` would be placed (and change the cell).
    #[inline]
    fn door_ok(&self, g: &Grid, x: i32, y: i32) -> bool {
        let c = self.at(g, x, y);
        !self.corners.contains(&c)
            && c != self.door
            && self.at(g, x - 1, y) != self.door
            && self.at(g, x + 1, y) != self.door
            && self.at(g, x, y - 1) != self.door
            && self.at(g, x, y + 1) != self.door
    }

    /// Steering (a) and the step (b); returns the walker after the step, unchanged flags.
    #[inline(always)]
    fn advance(&self, g: &Grid, b: Rect, mut w: Walker) -> Walker {
        let m = self.margin;
        if w.x >= b.x1() - 1 - m && w.d == E {
            w.d = W;
        }
        if w.y >= b.y1() - 1 - m && w.d == S {
            w.d = N;
        }
        if w.x <= b.x + m && w.d == W {
            w.d = E;
        }
        if w.y <= b.y + m && w.d == N {
            w.d = S;
        }
        let c = self.at(g, w.x, w.y);
        let [tl, tr, bl, br] = self.corners;
        if c == tl && (w.d == N || w.d == W) {
            w.d = E;
        }
        if c == tr && (w.d == N || w.d == E) {
            w.d = S;
        }
        if c == bl && (w.d == W || w.d == S) {
            w.d = N;
        }
        if c == br && (w.d == E || w.d == S) {
            w.d = W;
        }
        let (dx, dy) = delta(w.d);
        if !b.contains(w.x + dx, w.y + dy) {
            w.d ^= 1; // E<->W, S<->N
        }
        let (dx, dy) = delta(w.d);
        w.x += dx;
        w.y += dy;
        w
    }

    /// Part (c) without changing the map: `Changes` when it would.
    #[inline]
    fn probe(&self, g: &Grid, w: Walker) -> Moved {
        let c = self.at(g, w.x, w.y);
        if c == self.empty {
            return Moved::Changes;
        }
        if !w.inside && c == self.wall && self.door_ok(g, w.x, w.y) {
            return Moved::Changes;
        }
        let mut w = w;
        if c != self.hall {
            w.inside = true;
        }
        Moved::Same(w)
    }

    /// Try a door at `(x, y)`; whether the map changed.
    #[inline]
    fn door(&self, cells: &mut [u16], w: i32, h: i32, x: i32, y: i32) -> bool {
        if self.door_ok(&Grid::new(cells, w, h), x, y) {
            GridMut::new(cells, w, h).set_checked(x, y, self.door);
            true
        } else {
            false
        }
    }

    fn walk(
        &self,
        st: &mut State,
        memo: &mut Memo,
        cells: &mut [u16],
        bounds: Rect,
        seg: Segment,
    ) -> Flow {
        let (gw, gh) = (st.width, st.height);
        let minus = st.rng.below(self.widen_roll) < self.widen_percent;
        let plus = st.rng.below(self.widen_roll) < self.widen_percent;
        let (fx, fy) = (seg.from.x, seg.from.y);
        let (tx, ty) = (seg.to.x, seg.to.y);
        self.door(cells, gw, gh, fx, fy);
        self.door(cells, gw, gh, tx, ty);
        let (ddx, ddy) = (seg.dir.dx(), seg.dir.dy());
        let goal = (tx - ddx, ty - ddy);
        GridMut::new(cells, gw, gh).set_checked(goal.0, goal.1, self.hall);
        let k = Walk {
            bounds,
            goal,
            start: (fx, fy),
            minus,
            plus,
        };
        let w = Walker {
            x: fx,
            y: fy,
            d: seg.dir as u8,
            inside: false,
        };
        let slots = (gw * gh) as usize * 8;
        memo.fit(slots);
        memo.next_generation(); // a new segment: new goal, start and widening
        let goal_cell = match Grid::new(cells, gw, gh).in_bounds(goal.0, goal.1) {
            true => Grid::new(cells, gw, gh).index(goal.0, goal.1),
            false => usize::MAX,
        };
        let at = slot(&Grid::new(cells, gw, gh), w);
        // the moves, with `rnd(turn_roll)` specialised to the generator once
        st.rng.draw_loop(
            self.turn_roll,
            Moves {
                op: self,
                memo,
                cells,
                k: &k,
                gw,
                gh,
                at,
                goal_cell,
            },
        )
    }

    /// One move (a)–(e) from `w` on the real map, but for the roll: parts (a)–(c) (which
    /// may dig, widen or place a door: then `true`), the roll's threshold and the walker
    /// after (d)–(e) for either outcome of the roll.
    fn step(&self, cells: &mut [u16], gw: i32, gh: i32, k: &Walk, w: Walker) -> (Move, bool) {
        let mut w = self.advance(&Grid::new(cells, gw, gh), k.bounds, w);
        let mut changed = false;
        let c = self.at(&Grid::new(cells, gw, gh), w.x, w.y);
        if c == self.empty {
            if w.inside {
                let (px, py) = before_cell(w);
                self.door(cells, gw, gh, px, py);
                w.inside = false;
            } else {
                let vertical = w.d == N || w.d == S;
                let (mx, my, px, py) = if vertical {
                    (w.x - 1, w.y, w.x + 1, w.y)
                } else {
                    (w.x, w.y - 1, w.x, w.y + 1)
                };
                let mut g = GridMut::new(cells, gw, gh);
                if k.minus && g.get(mx, my) == Some(self.empty) {
                    g.set(mx, my, self.hall);
                }
                if k.plus && g.get(px, py) == Some(self.empty) {
                    g.set(px, py, self.hall);
                }
            }
            GridMut::new(cells, gw, gh).set_checked(w.x, w.y, self.hall);
            changed = true;
        } else {
            if !w.inside && c == self.wall && self.door(cells, gw, gh, w.x, w.y) {
                changed = true;
            }
            if self.at(&Grid::new(cells, gw, gh), w.x, w.y) != self.hall {
                w.inside = true;
            }
        }
        let dist = Self::dist(k, w);
        let g = Grid::new(cells, gw, gh);
        let mv = Move {
            generation: 0,
            threshold: self.threshold(dist) as i32,
            // (written out: `[false, true].map(..)` compiles to an array drain, not inlined)
            next: [
                slot(&g, self.steer(k, w, dist, false)) as u32,
                slot(&g, self.steer(k, w, dist, true)) as u32,
            ],
        };
        (mv, changed)
    }
}

/// The cell the walker came from.
#[inline]
fn before_cell(w: Walker) -> (i32, i32) {
    let (dx, dy) = delta(w.d);
    (w.x - dx, w.y - dy)
}

#[cfg(test)]
mod tests;
