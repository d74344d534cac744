//! One budding step of [`BudRooms`](super): the first room's size draws and checks, the
//! second room's check, and marking (in the layer, and in the row masks when the run has
//! them).

use super::bounded::{pair_table, shared_cells_refuse, Class, Side, REJECTED};
use super::framed::{self, Check};
use super::op::{Compiled, Room};
use super::pairs::{PairTable, CLASSES};
use super::sizes::{size_of, Attempt};
use crate::engine::grid::Rect as GRect;
use crate::engine::row_masks::RowMasks;
use crate::engine::state::State;
use crate::rng::RandomSource;

/// One run: the area (clipped to the grid), the wrap mask, and the taken cells of the
/// area as row bitmasks (kept in step with every room marked, which is also written to the
/// layer; `None` for areas wider than a mask word).
pub(super) struct Run<'a> {
    pub area: GRect,
    /// `area.x1()`, `area.y1()`.
    pub x1: i32,
    pub y1: i32,
    pub wrap: Option<i32>,
    /// `wrap`'s mask, or −1 (every bit) without wrapping.
    pub wrap_mask: i32,
    pub masks: Option<RowMasks<'a>>,
    /// The masks' frame when they have a guard band ([`RowMasks::guarded`], with
    /// `reject_edge`'s edges): a check inside it is answered by the masks alone.
    pub frame: Option<framed::Frame>,
    /// The part of the frame where checks may be read from the operator's shapes: the
    /// frame without wrapping, its part where no field wraps with it
    /// ([`super::shapes::unwrapped_part`]).
    pub shape_frame: Option<framed::Frame>,
}

impl Run<'_> {
    /// A stored coordinate or size: reduced modulo 2^bits when wrapping.
    #[inline(always)]
    fn w(&self, v: i32) -> i32 {
        v & self.wrap_mask
    }

    /// Whether the rectangle `(x, y, w, h)` (`w`, `h` positive) lies inside frame `f`.
    #[inline(always)]
    fn in_frame(f: framed::Frame, x: i32, y: i32, w: i32, h: i32) -> bool {
        let (x, y) = (x as i64, y as i64);
        x >= f.0 && y >= f.1 && x + w as i64 <= f.2 && y + h as i64 <= f.3
    }
}

/// What the area's bounds say of a check rectangle.
enum Bounds {
    /// It fails (outside the area, or on its edge with `reject_edge`).
    Fails,
    /// It passes without a look at the cells (an empty rectangle, with wrapping).
    Passes,
    /// Its cells decide: a non-empty rectangle inside the area.
    Cells(GRect),
}

impl Compiled {
    /// Every cell of the check rectangle inside the area and free. Without wrapping, empty
    /// rectangles never pass (a room of size 0 is never placed: the original would accept
    /// one only after a negative draw, once in 2^32 steps, and with parameters allowing size
    /// 0 it would bud forever); with wrapping they pass, as the original's empty loop does.
    #[inline(always)]
    fn free(&self, st: &State, run: &Run, (x, y, w, h): (i32, i32, i32, i32)) -> bool {
        if let (Some(m), Some(f)) = (&run.masks, run.frame) {
            let (x, y, w, h) = (run.w(x), run.w(y), run.w(w), run.w(h));
            if w > 0 && h > 0 && Run::in_frame(f, x, y, w, h) {
                return m.free_in_frame(x, y, w, h);
            }
        }
        let r = match self.bounds(run, x, y, w, h) {
            Bounds::Fails => return false,
            Bounds::Passes => return true,
            Bounds::Cells(r) => r,
        };
        if let Some(m) = &run.masks {
            return m.is_free(r);
        }
        let g = st.grid(self.layer);
        let (x, y, x1, y1) = (r.x, r.y, r.x1() - 1, r.y1() - 1);
        // corners first: most failing checks hit a taken corner
        if (g.at(x, y) | g.at(x1, y) | g.at(x, y1) | g.at(x1, y1)) != 0 {
            return false;
        }
        g.all_in(r, |v| v == 0)
    }

    /// The check rectangle `(x, y, w, h)` as stored (wrapped), against the area's bounds.
    #[inline(always)]
    fn bounds(&self, run: &Run, x: i32, y: i32, w: i32, h: i32) -> Bounds {
        let (x, y, w, h) = (run.w(x), run.w(y), run.w(w), run.w(h));
        let a = &run.area;
        if self.reject_edge && (x <= a.x || y <= a.y) {
            return Bounds::Fails;
        }
        if w <= 0 || h <= 0 {
            return match run.wrap {
                Some(_) => Bounds::Passes,
                None => Bounds::Fails,
            };
        }
        // inside the area (in i64: no overflow)
        if x < a.x
            || y < a.y
            || x as i64 + w as i64 > run.x1 as i64
            || y as i64 + h as i64 > run.y1 as i64
        {
            return Bounds::Fails;
        }
        Bounds::Cells(GRect::new(x, y, w, h))
    }

    /// Mark a room, clipped to the area, in the layer (and in the row masks when the run
    /// has them).
    #[inline(always)]
    fn mark(&self, st: &mut State, run: &mut Run, x: i32, y: i32, w: i32, h: i32) {
        // a room wholly outside the area (wrapped coordinates) marks nothing
        // (`GridMut::fill` is not given a rectangle of negative width)
        let r = GRect::new(x, y, w, h).intersect(&run.area);
        if r.is_empty() {
            return;
        }
        if let Some(m) = &mut run.masks {
            m.set(r, self.value != 0);
        }
        st.grid_mut(self.layer).fill(r, self.value);
    }

    /// One budding step from room `(x, y, w, h)`: returns the rooms placed (first, second)
    /// with their axis flag, to bud from next.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
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
        let (cw, ch, ok) = match self.sizes.as_ref().filter(|_| tables_allowed()) {
            Some(t) => {
                let (cw, ch) = at.draw(st);
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
                    let (cw, ch) = at.draw(st);
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
            let ok2 = cw > 0 && ch > 0 && self.free(st, run, (x2, ry - 1, cw + 1, ch + 2));
            (x2, ry, ok2)
        } else {
            let y2 = run.w(y + h);
            let ok2 = cw > 0 && ch > 0 && self.free(st, run, (rx - 1, y2, cw + 2, ch + 1));
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
    op: &'a Compiled,
    run: &'a Run<'b>,
    x: i32,
    y: i32,
    w: i32,
    h: i32,
    sideways: bool,
}

impl Bud<'_, '_> {
    /// The point the first room is placed from: the parent's left edge at its middle row
    /// sideways, its middle column at its top edge onward. Without wrapping, every check
    /// is this point moved by the check's offsets ([`check_offset`]).
    #[inline(always)]
    fn anchor(&self) -> (i32, i32) {
        if self.sideways {
            (self.x, self.h / 2 + self.y)
        } else {
            (self.w / 2 + self.x, self.y)
        }
    }

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

impl Bud<'_, '_> {
    /// Draw a size pair: the sizes `(cw, ch)`.
    #[inline(always)]
    fn draw(&self, st: &mut State) -> (i32, i32) {
        let size_roll = self.op.size_roll;
        let (ra, rc) = (st.rng.below(size_roll), st.rng.below(size_roll));
        self.sizes(ra, rc)
    }
}

impl Attempt for Bud<'_, '_> {
    #[inline(always)]
    fn sizes(&self, ra: i64, rc: i64) -> (i32, i32) {
        let op = self.op;
        (
            size_of(ra + op.size_add, op.size_even, op.wrap),
            size_of(rc + op.size_add, op.size_even, op.wrap),
        )
    }

    #[inline(always)]
    fn test(&self, st: &State, cw: i32, ch: i32) -> bool {
        cw > 0 && ch > 0 && self.op.free(st, self.run, self.check(cw, ch))
    }

    fn table(&self, st: &State, sizes: &[i32]) -> PairTable {
        let mut t = PairTable::default();
        let k = sizes.len();
        let run = self.run;
        let Some(masks) = &run.masks else {
            for (a, &cw) in sizes.iter().enumerate() {
                for (c, &ch) in sizes.iter().enumerate() {
                    if self.test(st, cw, ch) {
                        t.set(a * k + c);
                    }
                }
            }
            return t;
        };
        let swap = self.sideways && self.op.swapped;
        if let Some(frame) = run.frame {
            if let Some(t) = self.framed_table(masks, frame, sizes, swap) {
                return t;
            }
        }
        // per class: its check position and room in either role, and the sizes it decides
        let mut cls = [Class::default(); CLASSES];
        let k = k.min(CLASSES);
        for i in 0..k {
            cls[i] = self.class(sizes[i]);
        }
        let (cls, empty_passes) = (&cls[..k], run.wrap.is_some());
        if (!empty_passes || cls.iter().all(|c| c.w > 0 && c.h > 0))
            && shared_cells_refuse(cls, swap, &run.area, masks)
        {
            return t;
        }
        // the swapped check's width comes from the height class, its height from the width class
        if swap {
            pair_table::<true>(cls, masks, empty_passes)
        } else {
            pair_table::<false>(cls, masks, empty_passes)
        }
    }
}

impl Bud<'_, '_> {
    /// [`framed::pair_table`] of `sizes`, for up to four classes; `None` when it cannot
    /// answer (more classes, a size of 0 or less, a check that may leave the frame).
    #[inline(always)]
    fn framed_table(
        &self,
        masks: &RowMasks,
        frame: framed::Frame,
        sizes: &[i32],
        swap: bool,
    ) -> Option<PairTable> {
        match sizes.len() {
            1 => self.framed_k::<1>(masks, frame, sizes, swap),
            2 => self.framed_k::<2>(masks, frame, sizes, swap),
            3 => self.framed_k::<3>(masks, frame, sizes, swap),
            4 => self.framed_k::<4>(masks, frame, sizes, swap),
            _ => None,
        }
    }

    #[inline(always)]
    fn framed_k<const K: usize>(
        &self,
        masks: &RowMasks,
        frame: framed::Frame,
        sizes: &[i32],
        swap: bool,
    ) -> Option<PairTable> {
        // the operator's check offsets moved to this parent's anchor (kept far from
        // `i32`'s ends, so no sum wraps)
        if let (Some(sh), Some(shape_frame)) = (
            self.op.shapes.as_ref().filter(|_| shapes_allowed()),
            self.run.shape_frame,
        ) {
            let shape = &sh.0[self.sideways as usize];
            let (ax, ay) = self.anchor();
            const NEAR: i32 = 1 << 28;
            if (-NEAR..NEAR).contains(&ax) && (-NEAR..NEAR).contains(&ay) {
                return shape.table::<K>(masks, shape_frame, ax, ay);
            }
        }
        let sizes: &[i32; K] = sizes.try_into().ok()?;
        let run = self.run;
        if sizes.iter().any(|&s| s <= 0) {
            return None;
        }
        let mut checks = [(0, 0, 0, 0); K];
        for (c, &s) in checks.iter_mut().zip(sizes) {
            let (x, y, w, h) = self.check(s, s);
            *c = (run.w(x), run.w(y), run.w(w), run.w(h));
        }
        if swap {
            let reach = framed::Reach::of::<true, K>(&checks)?;
            framed::pair_table::<true, K>(masks, frame, &checks, &reach)
        } else {
            let reach = framed::Reach::of::<false, K>(&checks)?;
            framed::pair_table::<false, K>(masks, frame, &checks, &reach)
        }
    }
}

impl Bud<'_, '_> {
    /// [`Class`] of size `s` (the check's x depends on the width alone and its y on the
    /// height alone, so `check(s, s)` gives both roles).
    #[inline(always)]
    fn class(&self, s: i32) -> Class {
        let (run, reject) = (self.run, self.op.reject_edge);
        let (x, y, w, h) = self.check(s, s);
        let side = |at: i32, first: i32, end: i32| Side {
            at,
            room: if s <= 0 || reject && at <= first {
                REJECTED
            } else if at < first {
                -1
            } else {
                (end as i64 - at as i64).min(i32::MAX as i64) as i32
            },
        };
        let a = &run.area;
        Class {
            x: side(run.w(x), a.x, run.x1),
            y: side(run.w(y), a.y, run.y1),
            w: run.w(w),
            h: run.w(h),
        }
    }
}

impl Bud<'_, '_> {
    /// The first room's check rectangle `(x, y, w, h)` for sizes `(cw, ch)`, before wrapping:
    /// its `x` depends on `cw` alone and its `y` on `ch` alone.
    #[inline(always)]
    fn check(&self, cw: i32, ch: i32) -> (i32, i32, i32, i32) {
        let (rx, ry) = self.place(cw, ch);
        if !self.sideways {
            (rx - 1, ry - 1, cw + 2, ch + 1)
        } else if self.op.swapped {
            (rx - 1, ry - 1, ch + 2, cw + 1)
        } else {
            (rx - 1, ry - 1, cw + 1, ch + 2)
        }
    }
}

/// The check rectangle of sizes `(s, s)` as offsets from [`Bud::anchor`], for an operator
/// without wrapping: the check of a parent whose anchor is the origin.
pub(super) fn check_offset(op: &Compiled, sideways: bool, s: i32) -> Check {
    let origin = GRect::new(0, 0, 0, 0);
    let run = Run {
        area: origin,
        x1: 0,
        y1: 0,
        wrap: None,
        wrap_mask: -1,
        masks: None,
        frame: None,
        shape_frame: None,
    };
    let at = Bud {
        op,
        run: &run,
        x: 0,
        y: 0,
        w: 0,
        h: 0,
        sideways,
    };
    at.check(s, s)
}

/// Whether a pair table may be made from the operator's check shapes (unit tests turn it
/// off to compare with the tables of the parent's checks).
#[inline(always)]
fn shapes_allowed() -> bool {
    crate::engine::fast_path::allowed(crate::engine::fast_path::FastPath::BudShapes)
}

/// Whether a room's later size draws may read a pair table (unit tests turn it off to
/// compare with the check of every draw).
#[inline(always)]
fn tables_allowed() -> bool {
    crate::engine::fast_path::allowed(crate::engine::fast_path::FastPath::BudTables)
}
