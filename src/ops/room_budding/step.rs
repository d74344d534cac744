//! One budding step of [`BudRooms`](super): the first room's size draws and checks, the
//! second room's check, and marking (in the row masks when the run has them, else in the
//! layer).

use super::op::{Op, Room};
use super::sizes::{size_of, Attempt};
use crate::engine::grid::Rect as GRect;
use crate::engine::row_masks::RowMasks;
use crate::engine::state::State;
use crate::rng::RandomSource;

/// One run: the area (clipped to the grid), the wrap mask, and the taken cells of the
/// area as row bitmasks (kept in step with every room marked, which reaches the layer only
/// when the caller writes the masks' fills; `None` for areas wider than a mask word).
pub(super) struct Run<'a> {
    pub area: GRect,
    /// `area.x1()`, `area.y1()`.
    pub x1: i32,
    pub y1: i32,
    pub wrap: Option<i32>,
    pub masks: Option<RowMasks<'a>>,
}

impl Run<'_> {
    /// A stored coordinate or size: reduced modulo 2^bits when wrapping.
    #[inline(always)]
    fn w(&self, v: i32) -> i32 {
        match self.wrap {
            Some(m) => v & m,
            None => v,
        }
    }
}

impl Op {
    /// Every cell of the check rectangle inside the area and free. Without wrapping, empty
    /// rectangles never pass (a room of size 0 is never placed: the original would accept
    /// one only after a negative draw, once in 2^32 steps, and with parameters allowing size
    /// 0 it would bud forever); with wrapping they pass, as the original's empty loop does.
    #[inline(always)]
    fn free(&self, st: &State, run: &Run, x: i32, y: i32, w: i32, h: i32) -> bool {
        let (x, y, w, h) = (run.w(x), run.w(y), run.w(w), run.w(h));
        let a = &run.area;
        if self.reject_edge && (x <= a.x || y <= a.y) {
            return false;
        }
        if w <= 0 || h <= 0 {
            return run.wrap.is_some();
        }
        // inside the area (in i64: no overflow)
        if x < a.x
            || y < a.y
            || x as i64 + w as i64 > run.x1 as i64
            || y as i64 + h as i64 > run.y1 as i64
        {
            return false;
        }
        let r = GRect::new(x, y, w, h);
        if let Some(m) = &run.masks {
            return m.is_free(r);
        }
        let g = st.grid(self.layer);
        let (x1, y1) = (r.x1() - 1, r.y1() - 1);
        // corners first: most failing checks hit a taken corner
        if (g.at(x, y) | g.at(x1, y) | g.at(x, y1) | g.at(x1, y1)) != 0 {
            return false;
        }
        g.all_in(r, |v| v == 0)
    }

    /// Mark a room, clipped to the area.
    #[inline(always)]
    fn mark(&self, st: &mut State, run: &mut Run, x: i32, y: i32, w: i32, h: i32) {
        let r = GRect::new(x, y, w, h);
        match &mut run.masks {
            Some(m) => m.fill(r, self.value != 0),
            None => {
                // a room wholly outside the area (wrapped coordinates) marks nothing
                // (`GridMut::fill` is not given a rectangle of negative width)
                let r = r.intersect(&run.area);
                if !r.is_empty() {
                    st.grid_mut(self.layer).fill(r, self.value);
                }
            }
        }
    }

    /// One budding step from room `(x, y, w, h)`: returns the rooms placed (first, second)
    /// with their axis flag, to bud from next.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn bud(
        &self,
        st: &mut State,
        run: &mut Run,
        x: i32,
        y: i32,
        w: i32,
        h: i32,
        dir: i32,
    ) -> [Option<Room>; 2] {
        let r = st.rng.below(self.axis_roll);
        let sideways = if dir == 1 { r == 0 } else { r != 0 };
        let nd = if sideways { 1 } else { 0 };
        let at = Bud {
            op: self,
            run,
            x,
            y,
            w,
            h,
            sideways,
        };
        let (cw, ch, ok) = match &self.sizes {
            Some(t) => {
                let (_, _, cw, ch) = at.draw(st);
                let ok = at.test(st, cw, ch);
                if ok || self.attempts <= 1 {
                    (cw, ch, ok)
                } else {
                    t.later_attempts(st, self.attempts, self.size_roll, &at)
                }
            }
            None => {
                let mut n = 0;
                loop {
                    let (_, _, cw, ch) = at.draw(st);
                    let ok = at.test(st, cw, ch);
                    n += 1;
                    if ok || n >= self.attempts {
                        break (cw, ch, ok);
                    }
                }
            }
        };
        let (rx, ry) = at.place(cw, ch);
        if ok {
            self.mark(st, run, rx, ry, cw, ch);
        }
        let (x2, y2, ok2) = if sideways {
            let x2 = run.w(x + w);
            let ok2 = cw > 0 && ch > 0 && self.free(st, run, x2, ry - 1, cw + 1, ch + 2);
            (x2, ry, ok2)
        } else {
            let y2 = run.w(y + h);
            let ok2 = cw > 0 && ch > 0 && self.free(st, run, rx - 1, y2, cw + 2, ch + 1);
            (rx, y2, ok2)
        };
        if ok2 {
            self.mark(st, run, x2, y2, cw, ch);
        }
        [
            ok.then_some((rx, ry, cw, ch, nd)),
            ok2.then_some((x2, y2, cw, ch, nd)),
        ]
    }
}

/// The first room of one budding step, for each size pair: its place and its check.
struct Bud<'a, 'b> {
    op: &'a Op,
    run: &'a Run<'b>,
    x: i32,
    y: i32,
    w: i32,
    h: i32,
    sideways: bool,
}

impl Bud<'_, '_> {
    /// The first room's top-left for sizes `(cw, ch)`.
    #[inline(always)]
    fn place(&self, cw: i32, ch: i32) -> (i32, i32) {
        let (b, x, y, w, h) = (self.run, self.x, self.y, self.w, self.h);
        if self.sideways {
            (b.w(x - cw), b.w(h / 2 + y - ch / 2))
        } else {
            (b.w(w / 2 + x - cw / 2), b.w(y - ch))
        }
    }
}

impl Attempt for Bud<'_, '_> {
    #[inline(always)]
    fn draw(&self, st: &mut State) -> (i64, i64, i32, i32) {
        let op = self.op;
        let (ra, rc) = (st.rng.below(op.size_roll), st.rng.below(op.size_roll));
        (
            ra,
            rc,
            size_of(ra + op.size_add, op.size_even, op.wrap),
            size_of(rc + op.size_add, op.size_even, op.wrap),
        )
    }

    #[inline(always)]
    fn test(&self, st: &State, cw: i32, ch: i32) -> bool {
        let (op, b) = (self.op, self.run);
        let (rx, ry) = self.place(cw, ch);
        cw > 0
            && ch > 0
            && if !self.sideways {
                op.free(st, b, rx - 1, ry - 1, cw + 2, ch + 1)
            } else if op.swapped {
                op.free(st, b, rx - 1, ry - 1, ch + 2, cw + 1)
            } else {
                op.free(st, b, rx - 1, ry - 1, cw + 1, ch + 2)
            }
    }
}
