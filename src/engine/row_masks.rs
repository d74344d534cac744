//! Occupancy bitmasks of a rectangle of a layer: one `u64` per row, bit `i` of row `y` set
//! when cell `(area.x + i, y)` is taken. Answers "is every cell of this rectangle free?" with
//! one AND per row instead of a read per cell, for operators that test many small
//! rectangles against a layer they also write (room budding's free-area checks).
//!
//! The masks are a cache of the layer: built from it by [`RowMasks::nonzero`] (a cell is
//! taken when it is not 0), and kept in step by calling [`RowMasks::fill`] with every fill of the
//! layer the caller makes. Areas wider than 64 cells have no masks (`new` returns `None`;
//! callers keep their cell loop).

use super::grid::{Grid, Rect};

/// Bitmasks of the taken cells of an area, one word per row (see the module doc).
#[derive(Debug, Clone)]
pub struct RowMasks {
    area: Rect,
    rows: Vec<u64>,
}

/// The low `w` bits set, `0 <= w <= 64`.
#[inline(always)]
fn low_bits(w: i32) -> u64 {
    if w >= 64 {
        u64::MAX
    } else {
        (1u64 << w) - 1
    }
}

/// The mask of the nonzero values of one row of at most 64 values, four values per step
/// (SWAR: a 64-bit word holds four 16-bit lanes).
#[inline]
fn row_mask(row: &[u16]) -> u64 {
    const LOW15: u64 = 0x7FFF_7FFF_7FFF_7FFF;
    const HIGH: u64 = 0x8000_8000_8000_8000;
    // moves bit 16k to bit 45 + k (k < 4); the four partial products never overlap
    const GATHER: u64 = (1 << 45) | (1 << 30) | (1 << 15) | 1;
    let (quads, rest) = row.as_chunks::<4>();
    let mut m = 0u64;
    // an indexed loop with a branch: cheaper on rows of a few dozen cells than the
    // vectorised form the compiler makes of an iterator chain (whose setup dominates)
    let mut k = 0;
    while k < quads.len() {
        let [a, b, c, d] = quads[k];
        let w = a as u64 | (b as u64) << 16 | (c as u64) << 32 | (d as u64) << 48;
        if w != 0 {
            // the top bit of each lane is set when the lane is not 0
            let top = (((w & LOW15) + LOW15) | w) & HIGH;
            m |= ((top >> 15).wrapping_mul(GATHER) >> 45 & 0xF) << (4 * k);
        }
        k += 1;
    }
    let done = 4 * quads.len();
    for (i, &v) in rest.iter().enumerate() {
        if v != 0 {
            m |= 1 << (done + i);
        }
    }
    m
}

impl RowMasks {
    /// The masks of `area` (which must lie inside the grid) on layer `g`, a cell being
    /// taken when its value is not 0; `None` when the area is wider than 64 cells.
    pub fn nonzero(g: &Grid, area: Rect) -> Option<RowMasks> {
        if area.w > 64 {
            return None;
        }
        let rows = if area.is_empty() {
            Vec::new()
        } else {
            (area.y..area.y1())
                .map(|y| row_mask(g.row(y, area.x, area.x1())))
                .collect()
        };
        Some(RowMasks { area, rows })
    }

    /// Whether every cell of `r` is free. `r` must be non-empty and lie inside the area.
    #[inline(always)]
    pub fn is_free(&self, r: Rect) -> bool {
        debug_assert!(!r.is_empty() && self.area.contains_rect(&r));
        let m = low_bits(r.w) << (r.x - self.area.x);
        let y0 = (r.y - self.area.y) as usize;
        self.rows[y0..y0 + r.h as usize]
            .iter()
            .all(|&row| row & m == 0)
    }

    /// Record a fill of `r` (clipped to the area) with a value that is taken or not.
    #[inline]
    pub fn fill(&mut self, r: Rect, taken: bool) {
        let r = r.intersect(&self.area);
        if r.is_empty() {
            return;
        }
        let m = low_bits(r.w) << (r.x - self.area.x);
        let y0 = (r.y - self.area.y) as usize;
        for row in &mut self.rows[y0..y0 + r.h as usize] {
            if taken {
                *row |= m;
            } else {
                *row &= !m;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_mask_has_a_bit_per_nonzero_value() {
        let vals = [
            0u16, 1, 0x7FFF, 0x8000, 0xFFFF, 0, 0x0100, 0, 2, 0, 0, 0x8001, 5,
        ];
        for n in 0..=64usize {
            let row: Vec<u16> = (0..n).map(|i| vals[(i * 7 + n) % vals.len()]).collect();
            let expected = row
                .iter()
                .enumerate()
                .fold(0u64, |m, (i, &v)| m | ((v != 0) as u64) << i);
            assert_eq!(row_mask(&row), expected, "{row:?}");
        }
    }

    #[test]
    fn masks_answer_as_the_cells_do() {
        // a 6x5 grid, the area its 4x3 middle from (1, 1)
        #[rustfmt::skip]
        let data: Vec<u16> = vec![
            9, 9, 9, 9, 9, 9,
            9, 0, 0, 7, 0, 9,
            9, 0, 0, 0, 0, 9,
            9, 3, 0, 0, 0, 9,
            9, 9, 9, 9, 9, 9,
        ];
        let g = Grid::new(&data, 6, 5);
        let area = Rect::new(1, 1, 4, 3);
        let mut m = RowMasks::nonzero(&g, area).unwrap();
        assert!(m.is_free(Rect::new(1, 1, 2, 2)));
        assert!(!m.is_free(Rect::new(1, 1, 3, 1))); // the 7 at (3, 1)
        assert!(!m.is_free(Rect::new(1, 2, 1, 2))); // the 3 at (1, 3)
        assert!(m.is_free(Rect::new(2, 2, 3, 2)));
        m.fill(Rect::new(4, 3, 5, 5), true); // clipped to (4, 3)
        assert!(!m.is_free(Rect::new(2, 2, 3, 2)));
        assert!(m.is_free(Rect::new(2, 2, 3, 1)));
        m.fill(Rect::new(0, 0, 9, 9), false);
        assert!(m.is_free(area));
        m.fill(area, true);
        assert!(!m.is_free(Rect::new(4, 3, 1, 1)));
        let wide = vec![0u16; 65];
        assert!(RowMasks::nonzero(&Grid::new(&wide, 65, 1), Rect::new(0, 0, 65, 1)).is_none());
        let full = RowMasks::nonzero(&Grid::new(&wide, 65, 1), Rect::new(1, 0, 64, 1));
        assert!(full.unwrap().is_free(Rect::new(1, 0, 64, 1)));
    }
}
