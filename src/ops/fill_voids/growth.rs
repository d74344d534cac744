//! The room a wall cell grows in `FillVoids`: the side the wall faces (empty on one side,
//! floor on the other), whether it qualifies along three cells, and the growth away from it.

use super::{Compiled, OUT};
use crate::engine::dir::Dir;
use crate::engine::grid::Rect;

impl Compiled {
    /// Whether the cell on side `o` of `(x, y)` is empty and the opposite one floor: this
    /// picks the orientation (the first such side, even when `qualifies` then fails).
    /// `rd` reads a cell (`wall` outside the area).
    #[inline(always)]
    fn faces(&self, rd: impl Fn(i32, i32) -> u16, x: i32, y: i32, o: Dir) -> bool {
        let o = (o.dx(), o.dy());
        rd(x + o.0, y + o.1) == self.empty && rd(x - o.0, y - o.1) == self.floor
    }

    /// Whether the wall at `(x, y)` has the void on side `o` and floor opposite, along three
    /// cells of the wall.
    #[inline(always)]
    fn qualifies(&self, rd: impl Fn(i32, i32) -> u16, x: i32, y: i32, o: Dir) -> bool {
        let o = (o.dx(), o.dy());
        let a = (o.1.abs(), o.0.abs()); // along the wall
        (-1..=1).all(|s| {
            rd(x + o.0 + a.0 * s, y + o.1 + a.1 * s) == self.empty
                && rd(x - o.0 + a.0 * s, y - o.1 + a.1 * s) == self.floor
        })
    }

    /// The room grown from the wall cell `(x, y)`, if any: the side it faces, whether the
    /// wall qualifies, and the growth.
    #[inline(always)]
    pub(super) fn room_at(
        &self,
        rd: impl Fn(i32, i32) -> u16 + Copy,
        b: Rect,
        x: i32,
        y: i32,
    ) -> Option<Rect> {
        let &o = OUT.iter().find(|&&o| self.faces(rd, x, y, o))?;
        if !self.qualifies(rd, x, y, o) {
            return None;
        }
        // one growth per direction, each with its steps constants (the cell arithmetic
        // of the loops folds)
        match o {
            Dir::W => self.grow::<-1, 0>(rd, b, x, y),
            Dir::E => self.grow::<1, 0>(rd, b, x, y),
            Dir::N => self.grow::<0, -1>(rd, b, x, y),
            Dir::S => self.grow::<0, 1>(rd, b, x, y),
        }
    }

    /// Grow from the wall at `(x, y)` towards `(OX, OY)` (one of [`OUT`]); the room's
    /// rectangle if big enough.
    #[inline(always)]
    fn grow<const OX: i32, const OY: i32>(
        &self,
        rd: impl Fn(i32, i32) -> u16,
        b: Rect,
        x: i32,
        y: i32,
    ) -> Option<Rect> {
        let o = (OX, OY);
        let a = (o.1.abs(), o.0.abs());
        // cell at depth t, lateral s
        let cell = |t: i32, s: i32| (x + o.0 * t + a.0 * s, y + o.1 * t + a.1 * s);
        let lateral_coord = |s: i32| if a.0 == 1 { x + s } else { y + s };
        let (lateral_lo, lateral_hi) = if a.0 == 1 {
            (b.x, b.x1() - 1)
        } else {
            (b.y, b.y1() - 1)
        };
        let (mut s1, mut s2) = (-1, 1);
        let (mut g1, mut g2) = (true, true);
        while g1 || g2 {
            if lateral_coord(s1) == lateral_lo {
                g1 = false;
            }
            if lateral_coord(s2) == lateral_hi {
                g2 = false;
            }
            if s2 - s1 >= self.span_max {
                g1 = false;
                g2 = false;
            }
            if g1 {
                s1 -= 1;
            }
            if g2 {
                s2 += 1;
            }
            let (cx, cy) = cell(1, s1);
            if rd(cx, cy) != self.empty {
                g1 = false;
            }
            let (cx, cy) = cell(1, s2);
            if rd(cx, cy) != self.empty {
                g2 = false;
            }
        }
        s1 += self.back_off;
        s2 -= self.back_off;
        if s2 - s1 <= self.min_size {
            return None;
        }
        let mut t = 1;
        let far_edge = |t: i32| {
            let (cx, cy) = cell(t, 0);
            match o {
                (-1, 0) => cx == b.x,
                (1, 0) => cx == b.x1() - 1,
                (0, -1) => cy == b.y,
                _ => cy == b.y1() - 1,
            }
        };
        let mut g = true;
        while g {
            if far_edge(t) || t >= self.depth_max {
                g = false;
            }
            if (s1..s2 + 1).any(|s| {
                let (cx, cy) = cell(t, s);
                rd(cx, cy) != self.empty
            }) {
                g = false;
            }
            if g {
                t += 1;
            }
        }
        t -= self.back_off;
        if t <= self.min_size {
            return None;
        }
        let (ax, ay) = cell(0, s1);
        let (bx, by) = cell(t, s2);
        Some(Rect::from_corners(
            ax.min(bx),
            ay.min(by),
            ax.max(bx) + 1,
            ay.max(by) + 1,
        ))
    }
}
