//! Steering a corridor walker toward its goal: parts (d)–(e) of a move (the new heading
//! for the roll's outcome), the roll threshold by distance, and the trap test (no state the
//! walker can reach ever reaches the goal or changes the map).

use super::moves::slot;
use super::op::{Walk, Walker};
use super::{Compiled, Moved, E, N, S, W};
use crate::engine::grid::Grid;

impl Compiled {
    /// Parts (d)-(e): the new heading for roll outcome `turn`.
    #[inline(always)]
    pub(super) fn steer(&self, k: &Walk, mut w: Walker, dist: (i32, i32), turn: bool) -> Walker {
        let (dx, dy) = dist;
        let (gx, gy) = k.goal;
        let toward_x = if gx <= w.x { W } else { E };
        let toward_y = if gy <= w.y { N } else { S };
        if turn {
            w.d = if dx > dy { toward_x } else { toward_y };
        }
        let horizontal = |d: u8| d == E || d == W;
        if dy < self.align_within && w.x == gx && horizontal(w.d) {
            w.d = toward_y;
        }
        if dx < self.align_within && w.y == gy && !horizontal(w.d) {
            w.d = toward_x;
        }
        if dy == 1 && dx > 1 && !horizontal(w.d) {
            w.d = toward_x;
        }
        if dx == 1 && dy > 1 && horizontal(w.d) {
            w.d = toward_y;
        }
        if dx == 0 && horizontal(w.d) {
            w.d = if gx <= k.start.0 { N } else { S };
        }
        if dy == 0 && !horizontal(w.d) {
            w.d = if gy <= k.start.1 { W } else { E };
        }
        w
    }

    #[inline(always)]
    pub(super) fn dist(k: &Walk, w: Walker) -> (i32, i32) {
        ((k.goal.0 - w.x).abs(), (k.goal.1 - w.y).abs())
    }

    /// The roll threshold at distance `dist`.
    #[inline(always)]
    pub(super) fn threshold(&self, dist: (i32, i32)) -> i64 {
        let (dx, dy) = dist;
        let t = if dx > dy {
            (self.steer_x.per_cell * dx).min(self.steer_x.max)
        } else {
            (self.steer_y.per_cell * dy).min(self.steer_y.max)
        };
        t as i64
    }

    /// Whether no walker state reachable from `w` (either roll outcome each move) reaches
    /// the goal or changes the map: then the walk can never end.
    pub(super) fn trapped(&self, g: &Grid, k: &Walk, w: Walker) -> bool {
        let key = |w: &Walker| slot(g, *w);
        let mut seen = vec![false; g.bounds().area() as usize * 8];
        let mut todo = vec![w];
        seen[key(&w)] = true;
        while let Some(w) = todo.pop() {
            let moved = self.advance(g, k.bounds, w);
            let Moved::Same(m) = self.probe(g, moved) else {
                return false;
            };
            let dist = Self::dist(k, m);
            for turn in [false, true] {
                let n = self.steer(k, m, dist, turn);
                if (n.x, n.y) == k.goal {
                    return false;
                }
                let i = key(&n);
                if !seen[i] {
                    seen[i] = true;
                    todo.push(n);
                }
            }
        }
        true
    }
}
