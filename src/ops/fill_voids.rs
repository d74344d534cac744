//! Void filling: while too many cells are empty, probe random wall cells; where a straight
//! wall has empty space on one side and floor on the other, grow a room from the wall into
//! the void (first along the wall, then away from it), draw it and knock through the walls
//! it shares with open floor. Draws random numbers as Diablo's Catacombs `FillVoids`
//! (shared/spec/diablo.md §3.4, §3.8 item 4).
//!
//! While more than `empty_limit` cells hold `empty` and fewer than `attempts` probes hit a
//! wall: `x = rnd(W − 2·margin) + margin`, `y` likewise; a probe on a non-`wall` cell is not
//! counted. The side is the first (in the order west, east, north, south) whose cell is
//! `empty` with `floor` opposite; the wall qualifies when the two neighbours along the wall
//! of both those cells are `empty` and `floor` too (otherwise no other side is tried). Growing (described for the east case, the
//! others are its rotations): the room spans from the wall column `x` to the column `x + 1`
//! and rows `y − 1 .. y + 1`; both row ends move outwards one cell at a time while the cell
//! they reach in column `x + 1` is `empty`, not past the grid edge, and together by less
//! than `span_max`; then each end moves `back_off` cells back. The span must exceed
//! `min_size`. Then the far column moves out while every cell of it in the span is
//! `empty`, it is not on the grid edge and the depth is below `depth_max`; back off again;
//! the depth must exceed `min_size`. The room (corner cells inclusive) becomes `floor` with
//! a `wall` rim; along each rim side an inner rim cell with `floor` on both sides becomes
//! `floor`, and a `door` just outside becomes `floor`.
//!
//! Ends with a failure (restarting the enclosing `Retry`) when more than `empty_limit`
//! cells stay `empty`; also when no wall cell is left to probe (the original would spin).
//!
//! The header is the shared [`TileHeader`] (`layer`, `area`, `when`; no flag layers): with
//! `area` (clipped to the grid) everything above is measured in the area — `W × H` and the
//! probe margin, the edges that stop growth, the empty cells counted — and cells outside it
//! read as `wall` and are never written.
//!
//! # Speed
//!
//! The wall cells are a toolkit [`BitRows`](crate::engine::bit_rows::BitRows) plane (any
//! width). What stays here (`fill_voids/walls.rs`, switch `FastPath::VoidProbes`) is drawing a run of
//! probes in one loop until one lands on a wall not yet found barren, because a probe that
//! lands elsewhere changes nothing but this operator's try count.

mod barren;
mod walls;

use crate::engine::dir::Dir;
use crate::engine::grid::{Grid, Rect};
use crate::engine::state::State;
use crate::engine::Flow;
use crate::operator::args::{Count, Tile};
use crate::operator::header::TileHeader;
use crate::operator::knobs::Knobs;
use crate::operator::knobs::I32;
use crate::operator::{Operator, Runnable};
use crate::rng::{Below, RandomSource};
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use barren::Barren;
use serde::Deserialize;
use walls::{Probe, Walls};

mod growth;

crate::tile_params! {
    header: reads,
    /// Rule-file parameters of `FillVoids(...)`.
    #[derive(Debug, Clone, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Params {
        /// Symbol of empty cells.
        pub empty: Tile,
        /// Symbol of walls.
        pub wall: Tile,
        /// Symbol of floor.
        pub floor: Tile,
        /// Symbol of doors.
        pub door: Tile,
        /// Most empty cells allowed at the end. Diablo: 700.
        pub empty_limit: I32,
        /// Probes that hit a wall before giving up. Diablo: 100.
        pub attempts: Count,
        /// Probes avoid this many border cells (of the area). Diablo: 1.
        pub margin: I32,
        /// Largest span along the wall before backing off. Diablo: 14.
        pub span_max: I32,
        /// Largest depth away from the wall. Diablo: 12.
        pub depth_max: I32,
        /// Span and depth must exceed this after backing off. Diablo: 5.
        pub min_size: I32,
        /// Cells given back at a growing end. Diablo: 2.
        pub back_off: I32,
    }
}

/// Compiled `FillVoids`.
#[derive(Debug, Clone)]
pub struct Compiled {
    head: TileHeader,
    empty: u16,
    wall: u16,
    floor: u16,
    door: u16,
    empty_limit: i64,
    attempts: i64,
    margin: i32,
    span_max: i32,
    depth_max: i32,
    min_size: i32,
    back_off: i32,
    fail: u32,
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
        let head = TileHeader::compile(cx, self.header());
        let fail = cx.failure_point(
            format!("FillVoids: more than {} empty cells left", self.empty_limit),
            &self.layer,
        );
        Some(Compiled {
            head: head?,
            empty: self.empty.0,
            wall: self.wall.0,
            floor: self.floor.0,
            door: self.door.0,
            empty_limit: self
                .empty_limit
                .get(cx, &mut k, |c: &mut Compiled, v| c.empty_limit = v as i64),
            attempts: self
                .attempts
                .get(cx, &mut k, |c: &mut Compiled, v| c.attempts = v as i64),
            margin: self
                .margin
                .get(cx, &mut k, |c: &mut Compiled, v| {
                    c.margin = (v as i32).max(0)
                })
                .max(0) as i32,
            span_max: self
                .span_max
                .get(cx, &mut k, |c: &mut Compiled, v| c.span_max = v as i32)
                as i32,
            depth_max: self
                .depth_max
                .get(cx, &mut k, |c: &mut Compiled, v| c.depth_max = v as i32)
                as i32,
            min_size: self
                .min_size
                .get(cx, &mut k, |c: &mut Compiled, v| c.min_size = v as i32)
                as i32,
            back_off: self
                .back_off
                .get(cx, &mut k, |c: &mut Compiled, v| c.back_off = v as i32)
                as i32,
            fail,
            knobs: k.done()?,
        })
    }
}

/// The four growth directions, in probe order: west, east, north, south (the original's
/// order, which decides the side of a wall facing two voids).
const OUT: [Dir; 4] = [Dir::W, Dir::E, Dir::N, Dir::S];

impl Runnable for Compiled {
    fn run(&self, st: &mut State) -> Flow {
        crate::resolve_knobs!(self, st);
        let b = match self.head.begin(st) {
            Ok(a) => a,
            Err(f) => return f,
        };
        // with a margin every cell read lies in the area (probes are `margin` cells in,
        // growth stops at the area's edges and backs off inwards): no test per read
        if self.margin >= 1 && self.back_off >= 0 {
            self.fill(st, b, |g: &Grid, x, y| g.at(x, y))
        } else {
            let wall = self.wall;
            self.fill(
                st,
                b,
                move |g: &Grid, x, y| {
                    if b.contains(x, y) {
                        g.at(x, y)
                    } else {
                        wall
                    }
                },
            )
        }
    }
}

impl Compiled {
    /// Draw the room (rim `wall`, inside `floor`) and knock through shared walls.
    fn draw(&self, st: &mut State, b: Rect, r: Rect) {
        let (x1, y1, x2, y2) = (r.x, r.y, r.x1() - 1, r.y1() - 1);
        let mut g = st.grid_mut(self.head.layer);
        g.fill(r, self.floor);
        for y in y1..=y2 {
            g.set_checked(x1, y, self.wall);
            g.set_checked(x2, y, self.wall);
        }
        for x in x1..=x2 {
            g.set_checked(x, y1, self.wall);
            g.set_checked(x, y2, self.wall);
        }
        let (fl, dr) = (self.floor, self.door);
        // (the room lies in the area; its neighbours outside the area are not read)
        let get =
            |g: &crate::engine::grid::GridMut, x: i32, y: i32| b.contains(x, y).then(|| g.at(x, y));
        for x in x1 + 1..x2 {
            if get(&g, x, y1 - 1) == Some(fl) && get(&g, x, y1 + 1) == Some(fl) {
                g.set_checked(x, y1, fl);
            }
            if get(&g, x, y2 - 1) == Some(fl) && get(&g, x, y2 + 1) == Some(fl) {
                g.set_checked(x, y2, fl);
            }
            if get(&g, x, y1 - 1) == Some(dr) {
                g.set_checked(x, y1 - 1, fl);
            }
            if get(&g, x, y2 + 1) == Some(dr) {
                g.set_checked(x, y2 + 1, fl);
            }
        }
        for y in y1 + 1..y2 {
            if get(&g, x1 - 1, y) == Some(fl) && get(&g, x1 + 1, y) == Some(fl) {
                g.set_checked(x1, y, fl);
            }
            if get(&g, x2 - 1, y) == Some(fl) && get(&g, x2 + 1, y) == Some(fl) {
                g.set_checked(x2, y, fl);
            }
            if get(&g, x1 - 1, y) == Some(dr) {
                g.set_checked(x1 - 1, y, fl);
            }
            if get(&g, x2 + 1, y) == Some(dr) {
                g.set_checked(x2 + 1, y, fl);
            }
        }
    }

    /// The probe loop, reading cells through `at` (`wall` outside the area).
    #[inline(always)]
    fn fill(&self, st: &mut State, b: Rect, at: impl Fn(&Grid, i32, i32) -> u16 + Copy) -> Flow {
        let l = self.head.layer as usize;
        let (w, h) = (st.width, st.height);
        let m = self.margin;
        let probe_area = b.inset(m);
        let (pw, ph) = (
            Below::new(probe_area.w as i64),
            Below::new(probe_area.h as i64),
        );
        let e = self.empty;
        let mut empty = st.grid(self.head.layer).count_eq(b, e) as i64;
        // a draw turns every cell of its room into floor or wall and doors next to it into
        // floor: with `empty` unlike those, it takes exactly the room's empty cells
        let by_room = e != self.floor && e != self.wall && e != self.door;
        // with the wall cells as row words, the draws run in one loop up to the next wall
        // not known barren (`Walls`); otherwise a probe at a time
        let fast = fast_probes();
        let (mut barren, mut walls): (Barren, Walls) = st.scratch.take();
        let mut probes = |barren: &mut Barren, walls: &mut Walls| {
            // the wall cells known to grow no room on the map as it is (cleared by a draw)
            barren.begin((w.max(0) * h.max(0)) as usize);
            if fast {
                walls.of(&st.grid(self.head.layer), self.wall);
            }
            let mut tries = 0;
            let mut walls_known = false;
            while empty > self.empty_limit && tries < self.attempts {
                if st.budget.spend(16) {
                    break;
                }
                if !walls_known {
                    // a probe area without walls would never count a try
                    if probe_area.is_empty()
                        || !st
                            .grid(self.head.layer)
                            .any_in(probe_area, |v| v == self.wall)
                    {
                        break;
                    }
                    walls_known = true;
                }
                let (x, y, live) = if fast {
                    let (g, rng) = st.grid_and_rng(l as u16);
                    match walls.probe(&g, rng, probe_area, barren, &mut tries, self.attempts) {
                        Probe::Live(x, y) => (x, y, true),
                        Probe::Unread(x, y) => (x, y, false),
                        Probe::Spent => break,
                    }
                } else {
                    let x = st.rng.below_prepared(pw) as i32 + probe_area.x;
                    (x, st.rng.below_prepared(ph) as i32 + probe_area.y, false)
                };
                let g = Grid::new(st.layer(l as u16), w, h);
                let i = g.index(x, y);
                if !live {
                    if at(&g, x, y) != self.wall {
                        continue;
                    }
                    tries += 1;
                    if barren.has(i) {
                        continue;
                    }
                }
                match self.room_at(|x, y| at(&g, x, y), b, x, y) {
                    Some(r) => {
                        let inside = g.count_eq(r, e) as i64;
                        self.draw(st, b, r);
                        if fast {
                            // (the drawing writes the room and the doors next to it)
                            let g = st.grid(self.head.layer);
                            walls.redo(&g, self.wall, r.y - 1, r.y1() + 1);
                        }
                        empty = match by_room {
                            true => empty - inside,
                            false => st.grid(self.head.layer).count_eq(b, e) as i64,
                        };
                        barren.clear();
                        walls_known = false;
                    }
                    None => barren.set(i),
                }
            }
            if empty > self.empty_limit {
                Flow::Fail(self.fail)
            } else {
                Flow::Continue
            }
        };
        let flow = probes(&mut barren, &mut walls);
        st.scratch.put((barren, walls));
        flow
    }
}

/// Whether runs may draw their probes in one loop ([`Walls::probe`]); tests turn it off
/// to compare with a probe at a time.
fn fast_probes() -> bool {
    crate::engine::fast_path::allowed(crate::engine::fast_path::FastPath::VoidProbes)
}

#[cfg(test)]
mod tests;
