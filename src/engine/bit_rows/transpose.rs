//! The transpose of a [`BitRows`] grid (rows to columns), 64 × 64 blocks at a time, for scans
//! that read columns as lines of bits (see `RoughenRuns`).

use super::BitRows;
use crate::engine::bit_planes::transpose64;

impl BitRows {
    /// Make `out` the transpose of this grid: a `height × width` grid (no margin rows, bits
    /// past its width clear) whose cell `(y, x)` is this grid's cell `(x, y)`. Any size;
    /// `out`'s storage is reused. Cost: one 64 × 64 bit transpose per block of 64 × 64 cells.
    pub fn transpose_into(&self, out: &mut BitRows) {
        let (w, h) = (self.width, self.height);
        out.reset(h, w, 0, false);
        let mut block = [0u64; 64];
        let (from, wpr) = (self.grid_words(), self.wpr);
        let out_wpr = out.wpr;
        let to = out.grid_words_mut();
        // block (bx, by): columns 64 bx.., rows 64 by.. of this grid
        for by in 0..out_wpr {
            let rows = (h - 64 * by as i32).min(64) as usize;
            let band = &from[64 * by * wpr..][..rows * wpr];
            for bx in 0..wpr {
                let cols = (w - 64 * bx as i32).min(64) as usize;
                let last = super::low_bits(cols as u32);
                for (b, row) in block.iter_mut().zip(band.chunks_exact(wpr)) {
                    *b = row[bx] & last;
                }
                block[rows..].fill(0);
                transpose64(&mut block);
                let band = &mut to[64 * bx * out_wpr..][..cols * out_wpr];
                for (b, row) in block.iter().zip(band.chunks_exact_mut(out_wpr)) {
                    row[by] = *b;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::BitRows;

    /// Every cell of random grids of sizes around the word edges lands at its mirrored place.
    #[test]
    fn every_cell_lands_at_its_mirrored_place() {
        let mut s = 12345u64;
        for (w, h) in [
            (1, 1),
            (5, 3),
            (64, 64),
            (65, 63),
            (130, 70),
            (3, 200),
            (200, 3),
        ] {
            let mut a = BitRows::new();
            a.reset(w, h, 1, true);
            let mut cells = Vec::new();
            for y in 0..h {
                for x in 0..w {
                    s = s
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    let on = s >> 61 & 1 == 1;
                    a.put(x, y, on);
                    cells.push(on);
                }
            }
            let mut t = BitRows::new();
            t.reset(7, 9, 2, true); // reused storage of another shape
            a.transpose_into(&mut t);
            assert_eq!((t.width(), t.height()), (h, w));
            for y in 0..h {
                for x in 0..w {
                    assert_eq!(
                        t.get(y, x),
                        cells[(y * w + x) as usize],
                        "{w}x{h} at ({x}, {y})"
                    );
                }
            }
            // the bits past the width are clear
            let tail = super::super::low_bits((h % 64) as u32);
            if h % 64 != 0 {
                for x in 0..w {
                    assert_eq!(t.row(x)[t.words_per_row() - 1] & !tail, 0);
                }
            }
        }
    }
}
