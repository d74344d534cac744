//! The moves of a corridor walk on an unchanged map, from a memo: a walker state's quiet
//! move (one that digs, widens and places nothing) is recorded once and then taken with
//! one table read and the roll; two recorded moves in a row are joined into one entry and
//! taken with one read and two rolls. The draws are the same as move by move: one
//! `rnd(turn_roll)` per move, in order.

use super::op::{Compiled, Walk, Walker};
use crate::engine::fast_path::{self, FastPath};
use crate::engine::grid::Grid;
use crate::engine::Flow;
use crate::rng::draws::{DrawLoop, Draws};
use std::hint::select_unpredictable;

/// The moves of one segment's walk, from slot `at` until the goal cell is reached or the
/// walker is trapped: one `rnd(turn_roll)` per move, the rest from the memo where the move
/// from this slot is known (see [`Memo`]).
pub(super) struct Moves<'a> {
    pub op: &'a Compiled,
    pub memo: &'a mut Memo,
    pub cells: &'a mut [u16],
    pub k: &'a Walk,
    /// The grid's width and height, in cells.
    pub gw: i32,
    pub gh: i32,
    pub at: usize,
    /// The goal's cell index (`usize::MAX` when outside the grid).
    pub goal_cell: usize,
}

impl DrawLoop for Moves<'_> {
    type Out = Flow;
    #[inline]
    fn run(self, d: &mut impl Draws) -> Flow {
        let Moves {
            op,
            memo,
            cells,
            k,
            gw,
            gh,
            mut at,
            goal_cell,
        } = self;
        let mut quiet: u64 = 0;
        let pairs = fast_path::allowed(FastPath::WalkPairs);
        loop {
            // two recorded moves at once, when no trap check falls between them
            if pairs && quiet + 1 < op.trap_check {
                let p = memo.pairs[at];
                if p.generation == memo.generation {
                    // every field read at once, the outcomes chosen without branches or
                    // dependent reads (the walk's speed is this chain's length)
                    let (r1, r2) = (d.draw(), d.draw());
                    let t1 = r1 < p.threshold as i64;
                    let then = select_unpredictable(t1, p.then[1], p.then[0]);
                    let t2 = r2 < then as i64;
                    let [n0, n1, n2, n3] = p.next;
                    let (a, b) = select_unpredictable(t1, (n2, n3), (n0, n1));
                    at = select_unpredictable(t2, b, a) as usize;
                    if at >> 3 == goal_cell {
                        return Flow::Continue;
                    }
                    quiet += 2;
                    if quiet >= op.trap_check {
                        let g = Grid::new(cells, gw, gh);
                        if op.trapped(&g, k, unslot(&g, at)) {
                            return Flow::Abort(op.stuck);
                        }
                        quiet = 0;
                    }
                    continue;
                }
            }
            let mv = match memo.moves[at] {
                mv if mv.generation == memo.generation => {
                    if pairs {
                        memo.join(at, mv);
                    }
                    mv
                }
                _ => {
                    let w = unslot(&Grid::new(cells, gw, gh), at);
                    let (mv, changed) = op.step(cells, gw, gh, k, w);
                    if changed {
                        memo.next_generation();
                        quiet = 0;
                    } else {
                        memo.moves[at] = Move {
                            generation: memo.generation,
                            ..mv
                        };
                    }
                    mv
                }
            };
            let turn = d.draw() < mv.threshold as i64;
            at = mv.next[turn as usize] as usize;
            if at >> 3 == goal_cell {
                return Flow::Continue;
            }
            quiet += 1;
            if quiet >= op.trap_check {
                let g = Grid::new(cells, gw, gh);
                if op.trapped(&g, k, unslot(&g, at)) {
                    return Flow::Abort(op.stuck);
                }
                quiet = 0;
            }
        }
    }
}

/// A walker state's slot in [`Memo::moves`] and in the trap search: its cell's index,
/// heading and flag (walkers stay in the grid).
#[inline(always)]
pub(super) fn slot(g: &Grid, w: Walker) -> usize {
    ((g.index(w.x, w.y) * 4 + w.d as usize) << 1) | w.inside as usize
}

/// The walker state of a [`slot`].
#[inline]
pub(super) fn unslot(g: &Grid, s: usize) -> Walker {
    let (x, y) = g.point(s >> 3);
    Walker {
        x,
        y,
        d: ((s >> 1) & 3) as u8,
        inside: s & 1 == 1,
    }
}

/// What a quiet move (one that changes nothing on the map) from a walker state leads to:
/// the roll's threshold and the walker state for either outcome of the roll.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Move {
    /// The [`Memo::generation`] this was recorded in (valid while it is current).
    pub generation: u32,
    pub threshold: i32,
    /// The walker's [`slot`] after the move: roll not below / below the threshold.
    pub next: [u32; 2],
}

/// Two quiet moves in a row from a walker state: the first move's threshold, then for either outcome of its roll the second
/// move's threshold, and the four slots after both (`next[2 * t1 + t2]`, `t` = roll below
/// the threshold). Half a cache line.
#[derive(Debug, Clone, Copy, Default)]
#[repr(align(32))]
pub(super) struct Pair {
    /// The [`Memo::generation`] this was recorded in (valid while it is current).
    generation: u32,
    threshold: i32,
    then: [i32; 2],
    next: [u32; 4],
}

/// The quiet moves seen since the map last changed, by walker state: long walks go round
/// the same cells for millions of moves, and a recorded move is taken again with one table
/// read and the roll (the draws are the same: one per move). Every change of the map or a
/// new segment starts a new generation, which drops all of them at once.
#[derive(Debug, Default)]
pub(super) struct Memo {
    pub moves: Vec<Move>,
    /// Two moves joined, by the slot they start from (see [`Pair`]).
    pairs: Vec<Pair>,
    pub generation: u32,
}

impl Memo {
    /// Room for `slots` walker states.
    pub fn fit(&mut self, slots: usize) {
        if self.moves.len() < slots {
            self.moves.resize(slots, Move::default());
            self.pairs.resize(slots, Pair::default());
        }
    }

    /// Drop every recorded move.
    pub fn next_generation(&mut self) {
        if self.generation == u32::MAX {
            self.moves.iter_mut().for_each(|m| m.generation = 0);
            self.pairs.iter_mut().for_each(|m| m.generation = 0);
            self.generation = 0;
        }
        self.generation += 1;
    }

    /// Join the recorded move `mv` from slot `at` with the moves recorded from both slots
    /// it may lead to, when both are. (Neither of those is on the goal: the walk ends on
    /// reaching it, so no move from a goal slot is recorded in the segment's generation.)
    #[inline(always)]
    fn join(&mut self, at: usize, mv: Move) {
        let g = self.generation;
        let (a, b) = (
            self.moves[mv.next[0] as usize],
            self.moves[mv.next[1] as usize],
        );
        if a.generation == g && b.generation == g {
            self.pairs[at] = Pair {
                generation: g,
                threshold: mv.threshold,
                then: [a.threshold, b.threshold],
                next: [a.next[0], a.next[1], b.next[0], b.next[1]],
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::fast_path::{run_with, FastPath};
    use crate::operator::testing::run_rules_seed;

    /// Two moves per read walk exactly as a move at a time: the same corridors, and the
    /// same draws (a noise fill after the walks shows the stream), over seeds whose walks
    /// run long on a divided 40x40 map (most moves there repeat a recorded one).
    #[test]
    fn joined_moves_walk_as_single_moves() {
        let steps = r#"DivideRooms(layer: "m", area: (x: "2", y: "2", w: "37", h: "37"), halls: "h",
                room_min: 4, room_max: 10, area_min: 2, standoff: 2, max_rooms: 80, clamp: (1, 38),
                wall: 1, floor: 2, corners: [5, 6, 7, 8]),
            WalkCorridors(layer: "m", halls: "h", empty: 0, wall: 1, door: 3, hall: 4,
                corners: [5, 6, 7, 8], widen_roll: 100, widen_percent: 50, turn_roll: 100,
                steer_x: (per_cell: 2, max: 30), steer_y: (per_cell: 5, max: 80), align_within: 10,
                margin: 1, trap_check: 997),
            NoiseFill(layer: "m", value: "9", density: "0.01")"#;
        let mut halls = 0;
        for seed in 0..100 {
            let joined = run_rules_seed(40, 40, steps, "m", seed);
            let single = run_with(&[FastPath::WalkPairs], || {
                run_rules_seed(40, 40, steps, "m", seed)
            });
            assert_eq!(joined, single, "seed {seed}");
            halls += joined.iter().flatten().filter(|&&v| v == 4).count();
        }
        assert!(halls > 1000, "{halls} hall cells: the walks did not run");
    }
}
