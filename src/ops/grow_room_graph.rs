//! Breadth-first room growth on a grid ("floor plan" growth).
//!
//! From a start cell, every room of the frontier tries each direction in a fixed order; a
//! direction succeeds with a probability, and a room is placed in the neighbouring cell when
//! it is inside the allowed rows and columns, empty, has at most `max_neighbours` occupied
//! orthogonal neighbours, and fewer than `target` rooms were grown. Rooms that grew nothing
//! are appended to a dead-end list, in the order they were found.
//!
//! Two frontier disciplines:
//! * `Passes` — generation passes: each pass handles the whole frontier of the previous pass;
//!   a pass whose new frontier has fewer than `short_below` rooms counts only `1 - short_counts`
//!   of a pass; at most `count` passes. The start may be re-added to every pass (`reseed_when`).
//!   This is the pass loop of the 2011 Flash floor plan (spec/isaac.md §1.3).
//! * `Queue` — a first-in first-out queue, one room at a time, until it is empty
//!   (the article's JavaScript demo, spec/isaac.md §6).
//!
//! Forced growth (`force`): a condition evaluated for every open direction whose roll failed,
//! with the locals `pass` (the pass counter of `Passes` when the pass began, short passes
//! counted as fractions; 0 for `Queue`) and `grown` (rooms grown so far, the start not
//! counted); when it holds the direction is taken anyway (the per-direction probability
//! becomes 1), e.g. the fallback of spec/isaac.md §1.3 item 4.
//!
//! Writes: the start room and grown rooms (with a door to their parent), the dead-end list,
//! and optionally a variable holding the start room. Fails (restarting the enclosing
//! `Retry`) only if the start cell is already a room.

use crate::engine::dir::Dir;
use crate::engine::point::Point;
use crate::engine::state::{State, NO_ROOM};
use crate::engine::value::{RoomId, Value};
use crate::engine::Flow;
use crate::lang::Program;
use crate::operator::knobs::{Count0, Knobs, I32};
use crate::operator::Runnable;
use crate::rng::{Chance, RandomSource};
use crate::ruleset::src::Src;
use serde::Deserialize;

mod compile;

/// Rule-file parameters of `GrowRoomGraph(...)`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The start cell `(x, y)`.
    pub start: (I32, I32),
    /// Room kind of the start room.
    pub start_kind: Src,
    /// Variable that receives the start room (optional).
    #[serde(default)]
    pub start_var: Option<Src>,
    /// Room kind of every grown room.
    pub room_kind: Src,
    /// Rooms to grow, not counting the start: a room is added only while the number grown is
    /// below this number (not rounded, so 7.6 grows 8). Expression, evaluated once.
    pub target: Src,
    /// Directions in the order each frontier room tries them.
    pub directions: Vec<Dir>,
    /// Probability (0..1) that a direction is taken. Expression, evaluated once.
    pub chance: Src,
    /// When the random roll of a direction is drawn. Default `BeforeBounds`.
    #[serde(default)]
    pub roll: Roll,
    /// Inclusive column range `(min, max)` where rooms may be grown.
    pub columns: (I32, I32),
    /// Inclusive row range `(min, max)` where rooms may be grown.
    pub rows: (I32, I32),
    /// Most occupied orthogonal neighbours (the parent included) a new room's cell may have.
    /// Default 1, which makes the room graph a tree.
    #[serde(default = "one")]
    pub max_neighbours: Count0,
    /// How the frontier is processed.
    pub frontier: Frontier,
    /// Condition, evaluated once: when true, the start room is added to every pass's frontier
    /// (`Passes` only).
    #[serde(default)]
    pub reseed_when: Option<Src>,
    /// Whether the start room can be recorded as a dead end. Default false.
    #[serde(default)]
    pub start_can_be_dead_end: bool,
    /// Whether the start room's directions succeed regardless of the roll (the roll is still
    /// drawn). Default false.
    #[serde(default)]
    pub start_ignores_chance: bool,
    /// The list that receives dead ends (rooms that grew nothing). It is emptied first.
    pub dead_ends: Src,
    /// Forced growth: a true/false expression evaluated for each open direction whose roll
    /// failed (bound: `pass`, the pass counter when the pass began, fractional after short
    /// passes, 0 for `Queue`; `grown`, rooms grown so far, the start not counted); when true
    /// the direction is taken anyway. Default none (never forced).
    #[serde(default)]
    pub force: Option<Src>,
}

fn one() -> Count0 {
    Count0::Lit(1)
}

/// When the roll for a direction is drawn.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
pub enum Roll {
    /// Drawn first, so every direction consumes one draw even when out of bounds.
    #[default]
    BeforeBounds,
    /// Drawn only after the bounds, empty-cell, neighbour and count checks passed.
    AfterChecks,
}

/// Frontier discipline.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Frontier {
    /// Generation passes (see the module docs).
    Passes {
        /// Most passes (1..=1,000,000).
        count: u32,
        /// A pass whose new frontier holds fewer rooms than this is a short pass. Default 0.
        #[serde(default)]
        short_below: u32,
        /// How much of a pass a short pass does not count (0..1). Default 0.
        #[serde(default)]
        short_counts: f64,
    },
    /// First in, first out, one room at a time until empty.
    Queue,
}

/// Compiled `GrowRoomGraph`.
#[derive(Debug, Clone)]
pub struct Compiled {
    start: (i32, i32),
    start_kind: u16,
    start_var: Option<u16>,
    room_kind: u16,
    target: Program,
    /// `directions` as unit offsets.
    dirs: Vec<Point>,
    chance: Program,
    roll: Roll,
    columns: (i32, i32),
    rows: (i32, i32),
    max_neighbours: u32,
    frontier: Frontier,
    reseed: Option<Program>,
    start_can_be_dead_end: bool,
    start_ignores_chance: bool,
    dead_ends: u16,
    fail_occupied: u32,
    /// The forced-growth condition and the slots of its locals `pass`, `grown`.
    force: Option<(Program, [u16; 2])>,
    /// The variable in front of `force` (`switch && ...`) that turns it off for a run
    /// when false ([`gate::leading_switch`]).
    force_switch: Option<u16>,
    knobs: Knobs<Compiled>,
}
crate::has_knobs!(Compiled);

/// The two frontier buffers of `Passes`, kept in the run's scratch so that a run allocates
/// nothing once they have grown (a run takes them out while it uses them).
#[derive(Default)]
struct Frontiers(Vec<RoomId>, Vec<RoomId>);

/// Per-run values of the growth.
struct Run {
    start: RoomId,
    target: f64,
    p: Chance,
    grown: f64,
    pass: f64,
    /// Whether the forced-growth condition can hold in this run.
    force_on: bool,
}

impl Runnable for Compiled {
    fn run(&self, st: &mut State) -> Flow {
        crate::resolve_knobs!(self, st);
        let (sx, sy) = self.start;
        if st.room_at(sx, sy) != NO_ROOM {
            return Flow::Fail(self.fail_occupied);
        }
        st.lists[self.dead_ends as usize].clear();
        let start = st.add_room(self.start_kind, &[Point::new(sx, sy)]);
        if let Some(v) = self.start_var {
            st.vars[v as usize] = Value::Room(start);
        }
        let mut run = Run {
            start,
            target: self.target.num(st),
            p: Chance::new(self.chance.num(st)),
            grown: 0.0,
            pass: 0.0,
            force_on: self.force.is_some()
                && self
                    .force_switch
                    .is_none_or(|s| st.vars[s as usize].truthy()),
        };
        match self.frontier {
            Frontier::Passes {
                count,
                short_below,
                short_counts,
            } => {
                let reseed = self.reseed.as_ref().is_some_and(|r| r.truth(st));
                let cap = (st.plan_width * st.plan_height).max(4) as usize;
                let Frontiers(mut next, mut current) = st.scratch.take();
                next.clear();
                next.reserve(cap);
                next.push(start);
                current.clear();
                current.reserve(cap);
                let mut pass = 0.0f64;
                while pass < count as f64 {
                    std::mem::swap(&mut current, &mut next);
                    next.clear();
                    if reseed {
                        next.push(start);
                    }
                    let mut closed = true;
                    run.pass = pass;
                    for &room in &current {
                        closed &= self.expand(st, &mut run, room, &mut next);
                    }
                    if (next.len() as u32) < short_below {
                        pass -= short_counts;
                    }
                    pass += 1.0;
                    // Skip the idle passes once nothing observable can happen any more: the
                    // frontier is empty, or it is only the start and every direction of the
                    // start failed a check that no roll can change (full, crowded, out of
                    // bounds, or the target reached). Only unused draws are saved.
                    let only_start = next.iter().all(|&r| r == start);
                    let start_only_now = current.iter().all(|&r| r == start);
                    let idle = next.is_empty()
                        || (only_start
                            && !self.start_can_be_dead_end
                            && (run.grown >= run.target || closed && start_only_now));
                    if idle {
                        break;
                    }
                }
                st.scratch.put(Frontiers(next, current));
            }
            Frontier::Queue => {
                let mut queue = std::collections::VecDeque::from([start]);
                let mut added: Vec<RoomId> = Vec::new();
                while let Some(room) = queue.pop_front() {
                    added.clear();
                    let _ = self.expand(st, &mut run, room, &mut added);
                    queue.extend(added.iter().copied());
                }
            }
        }
        Flow::Continue
    }
}

impl Compiled {
    /// Let `room` try every direction; append new rooms to `out`, and `room` to the dead
    /// ends if it grew nothing. Returns whether every direction was closed by a check that no
    /// roll can change.
    #[inline(always)]
    fn expand(&self, st: &mut State, run: &mut Run, room: RoomId, out: &mut Vec<RoomId>) -> bool {
        let Point { x: cx, y: cy } = st.cells_of(room)[0];
        let before = out.len();
        let is_start = room == run.start;
        let mut closed = true;
        for &Point { x: dx, y: dy } in &self.dirs {
            let early = self.roll == Roll::BeforeBounds && st.rng.chance_prepared(run.p);
            let (nx, ny) = (cx + dx, cy + dy);
            let open = nx >= self.columns.0
                && nx <= self.columns.1
                && ny >= self.rows.0
                && ny <= self.rows.1
                && run.grown < run.target
                && st.room_at(nx, ny) == NO_ROOM
                && st.occupied_neighbours(nx, ny) <= self.max_neighbours;
            if !open {
                continue;
            }
            closed = false;
            let take = match self.roll {
                Roll::BeforeBounds => early,
                Roll::AfterChecks => {
                    st.rng.chance_prepared(run.p) || (is_start && self.start_ignores_chance)
                }
            } || gate::forced(&self.force, run.force_on, (run.pass, run.grown), st);
            if !take {
                continue;
            }
            let next = Point::new(nx, ny);
            let id = st.add_room(self.room_kind, &[next]);
            st.add_door(room, Point::new(cx, cy), id, next);
            out.push(id);
            run.grown += 1.0;
        }
        if out.len() == before && (!is_start || self.start_can_be_dead_end) {
            st.lists[self.dead_ends as usize].push(room);
        }
        closed
    }
}

mod gate;
#[cfg(test)]
mod tests;
