//! [`Compiled::fill`](super::Compiled) in the row masks of the bounds: the free check is one AND per
//! row of the block, and the border rolls become the bits of each row (one loop of draws
//! against `border_roll`, specialised to the generator), recorded in the masks and written to
//! the layer when the crawl ends. The same blocks, draws and cells as the cell-by-cell fill.

use super::Compiled;
use crate::engine::bit_rows::span_bits;
use crate::engine::grid::Rect as GridRect;
use crate::engine::row_masks::RowMasks;
use crate::engine::state::State;
use crate::rng::draws::{DrawLoop, Draws};

impl Compiled {
    /// Fill the closed rectangle `r = (x1, y1, x2, y2)` in the masks `m` of `bounds`, or
    /// refuse (see [`Compiled::fill_cells`]).
    pub(super) fn fill_masks(
        &self,
        st: &mut State,
        m: &mut RowMasks,
        bounds: GridRect,
        r: (i32, i32, i32, i32),
    ) -> bool {
        let (x1, y1, x2, y2) = r;
        let block = GridRect::from_corners(x1, y1, x2 + 1, y2 + 1);
        if !bounds.contains_rect(&block) {
            return false;
        }
        let taken = self.value != 0;
        if block.is_empty() {
            // only after a negative size draw (the generator's rare negative value): the
            // cell fill accepts the block and rolls its border loops, whose cells may lie
            // outside the bounds; they go to the layer as there, and to the masks inside
            let (l, v) = (self.head.layer, self.value);
            self.roll_border(st, r, |st, x, y| {
                st.grid_mut(l).set(x, y, v);
                if bounds.contains(x, y) {
                    m.fill(GridRect::new(x, y, 1, 1), taken);
                }
            });
            return true;
        }
        if !m.is_free(block) {
            return false;
        }
        let border = Border {
            m,
            left: (x1 - bounds.x) as u32,
            right: (x2 - bounds.x) as u32,
            rows: (y1, y2),
            min: self.border_min,
            taken,
        };
        st.rng.draw_loop(self.border_roll, border);
        true
    }
}

/// The fill of one accepted block: its interior and its rolled border cells, as row bits.
struct Border<'m, 'a> {
    m: &'m mut RowMasks<'a>,
    /// The block's left and right columns, counted from the masks' first column.
    left: u32,
    right: u32,
    /// Its top and bottom rows.
    rows: (i32, i32),
    /// A border cell is set when its draw is at least this.
    min: i64,
    /// Whether the value written is taken (not 0).
    taken: bool,
}

impl DrawLoop for Border<'_, '_> {
    type Out = ();

    #[inline(always)]
    fn run(self, d: &mut impl Draws) {
        let (a, b, min) = (self.left, self.right, self.min);
        let (y1, y2) = self.rows;
        // the words of the block's columns, and the columns as bits of their word
        let (i0, i1) = ((a / 64) as usize, (b / 64) as usize);
        let (ba, bb) = (a % 64, b % 64);
        if i0 == i1 {
            // one word: the interior's columns are bits ba + 1 .. bb
            let inner = ((1u64 << bb) - 1) & !((1u64 << ba) | ((1u64 << ba) - 1));
            for y in y1..=y2 {
                let mut bits = if y != y1 && y != y2 { inner } else { 0 };
                bits |= ((d.draw() >= min) as u64) << ba;
                bits |= ((d.draw() >= min) as u64) << bb;
                self.m.fill_bits(y, i0, bits, self.taken);
            }
            let (mut top, mut bottom) = (0u64, 0u64);
            for x in ba..=bb {
                top |= ((d.draw() >= min) as u64) << x;
                bottom |= ((d.draw() >= min) as u64) << x;
            }
            self.m.fill_bits(y1, i0, top, self.taken);
            self.m.fill_bits(y2, i0, bottom, self.taken);
            return;
        }
        // several words: the same draws in the same order, the bits word by word
        let interior = |i: usize| span_bits(i, a as i32 + 1, b as i32);
        for y in y1..=y2 {
            let inside = y != y1 && y != y2;
            let left = ((d.draw() >= min) as u64) << ba;
            let right = ((d.draw() >= min) as u64) << bb;
            for i in i0..=i1 {
                let mut bits = if inside { interior(i) } else { 0 };
                bits |= if i == i0 { left } else { 0 } | if i == i1 { right } else { 0 };
                self.m.fill_bits(y, i, bits, self.taken);
            }
        }
        let (mut top, mut bottom) = (0u64, 0u64);
        for x in a..=b {
            top |= ((d.draw() >= min) as u64) << (x % 64);
            bottom |= ((d.draw() >= min) as u64) << (x % 64);
            if x % 64 == 63 || x == b {
                let i = (x / 64) as usize;
                self.m
                    .fill_bits(y1, i, std::mem::take(&mut top), self.taken);
                self.m
                    .fill_bits(y2, i, std::mem::take(&mut bottom), self.taken);
            }
        }
    }
}
