//! The scan of [`super::Compiled`] over bit planes, for grids whose lines are at most 64 cells
//! long: per line (a row, or a column), one word of the cells holding `run` and one of those
//! holding `beside`, bit `k` = position `k` along the line. The planes are built once per
//! pass (columns by transposing the rows) and kept in step with every write; a line's
//! qualifying cells are one AND of its `run` word with the `beside` word of the line at
//! `side` (shifted by the side's step along the line), found again after every re-roll, so
//! that the cells after a run read the tiles as they are then — the same runs, ends and
//! draws as the cell-by-cell scan.

use super::{Along, Compiled};
use crate::engine::bit_planes::transpose64;
use crate::engine::fast_path::{self, FastPath};
use crate::engine::grid::{GridMut, Rect};
use crate::engine::row_bits::eq_bits;
use crate::engine::state::State;

/// The `run` and `beside` words of every line of a layer.
struct Planes {
    run: [u64; 64],
    beside: [u64; 64],
    /// The number of lines.
    lines: i32,
}

impl Compiled {
    /// Whether the planes scan applies: lines of at most 64 cells.
    pub(super) fn fits_lines(&self, w: i32, h: i32) -> bool {
        if !fast_path::allowed(FastPath::RunPlanes) {
            return false;
        }
        let (len, lines) = match self.along {
            Along::Rows => (w, h),
            Along::Columns => (h, w),
        };
        (1..=64).contains(&len) && (1..=64).contains(&lines)
    }

    /// `(line, position)` of cell `(x, y)`, and back (the same swap).
    #[inline(always)]
    fn swap(&self, (a, b): (i32, i32)) -> (i32, i32) {
        match self.along {
            Along::Rows => (b, a),
            Along::Columns => (a, b),
        }
    }

    /// The planes of layer `g`.
    fn planes(&self, g: &GridMut) -> Planes {
        let (w, h) = (g.width(), g.height());
        let mut p = Planes {
            run: [0; 64],
            beside: [0; 64],
            lines: h,
        };
        let gr = g.as_grid();
        for y in 0..h {
            let row = gr.row(y, 0, w);
            p.run[y as usize] = eq_bits(row, self.run);
            p.beside[y as usize] = eq_bits(row, self.beside);
        }
        if self.along == Along::Columns {
            transpose64(&mut p.run);
            transpose64(&mut p.beside);
            p.lines = w;
        }
        p
    }

    /// The scan of [`Compiled::run`] over the planes, inside `area`, on the layer `g`.
    pub(super) fn run_lines(&self, g: &mut GridMut, st: &mut State, area: Rect) {
        if area.is_empty() {
            return;
        }
        let mut p = self.planes(g);
        let (l0, p0) = self.swap((area.x, area.y));
        let (l1, p1) = self.swap((area.x1(), area.y1()));
        // the side as (lines across, positions along)
        let (sl, sp) = self.swap(self.side);
        let span = (u64::MAX >> (64 - (p1 - p0))) << p0;
        let qualifying = |p: &Planes, line: i32| {
            let other = line + sl;
            if other < 0 || other >= p.lines || sp.unsigned_abs() >= 64 {
                return 0;
            }
            let b = p.beside[other as usize];
            // bit k: position k + sp of the other line (0 past either end)
            let b = if sp >= 0 { b >> sp } else { b << -sp };
            p.run[line as usize] & b & span
        };
        for line in l0..l1 {
            let mut q = qualifying(&p, line);
            let mut k = 0u32;
            while k < 64 && q >> k != 0 {
                let start = k + (q >> k).trailing_zeros();
                let end = start + (!(q >> start)).trailing_zeros();
                if end as i32 >= p1 {
                    // a run still open at the end of the scan is never re-rolled
                    break;
                }
                let cell = |pos: i32| self.swap((line, pos));
                self.reroll(g, st, (start as i32, end as i32), cell, |x, y, v| {
                    let (pl, pp) = self.swap((x, y));
                    let bit = 1u64 << pp;
                    for (plane, value) in [(&mut p.run, self.run), (&mut p.beside, self.beside)] {
                        if v == value {
                            plane[pl as usize] |= bit;
                        } else {
                            plane[pl as usize] &= !bit;
                        }
                    }
                });
                q = qualifying(&p, line);
                k = end + 1;
            }
        }
    }
}
