//! Row unions over a window of 64 columns, for masks of any width: a caller that tests many
//! rectangles whose columns all fall within 64 of each other (room budding's pair tables)
//! reads each row as the one word of its window, so a rectangle costs one AND with the
//! union of its rows whatever the area's width. For rows of one word the window is the word
//! itself, and these are [`RowMasks::unions_down`] and [`RowMasks::columns`].

use super::{low_bits, RowMasks};
use crate::engine::bit_rows::shifted;

impl RowMasks<'_> {
    /// The first column of a 64-column window holding columns `lo..hi` (inside the frame),
    /// or `None` when they span more than 64. Rows of one word: the frame's first column,
    /// whatever `lo` and `hi`.
    #[inline(always)]
    pub fn window(&self, lo: i32, hi: i32) -> Option<i32> {
        if self.wpr == 1 {
            Some(self.area.x - self.guard)
        } else {
            (hi - lo <= 64).then_some(lo)
        }
    }

    /// The columns `x..x + w` (`1 <= w`, within the window from column `base`) as a mask of
    /// the window's word.
    #[inline(always)]
    pub fn window_columns(base: i32, x: i32, w: i32) -> u64 {
        low_bits(w) << (x - base)
    }

    /// [`RowMasks::unions_down`] over the window from column `base` (see
    /// [`RowMasks::window`]): `out[i]` = the union of rows `y..=y + i` read as the 64
    /// columns from `base`. Only the window's columns inside the area mean anything (the
    /// caller's checks stay inside it). Returns the number of entries written.
    #[inline(always)]
    pub fn window_unions_down(&self, y: i32, base: i32, out: &mut [u64]) -> usize {
        if self.wpr == 1 {
            return self.unions_down(y, out);
        }
        let y0 = (y - self.area.y + self.guard) as usize;
        let rows = &self.rows[y0 * self.wpr..];
        let dx = base - self.area.x + self.guard;
        let mut acc = 0;
        let mut n = 0;
        for (o, row) in out.iter_mut().zip(rows.chunks_exact(self.wpr)) {
            acc |= shifted(row, 0, dx, u64::MAX);
            *o = acc;
            n += 1;
        }
        n
    }
}
