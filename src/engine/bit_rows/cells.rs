//! A [`BitRows`] plane from one flag per cell (rows of cells and a test, a byte mask, any
//! sequence of flags): for scans whose open cells are not a tile set of a layer (the
//! walkable floor of a finished dungeon, a closure's cells).

use super::BitRows;

impl BitRows {
    /// Make this the plane of a `width × height` grid, no margin rows, the bits past the
    /// width clear: cell `i` in row-major order is set when the `i`-th flag of `cells` is
    /// (flags past the last cell are not read; cells past the last flag are clear). Storage
    /// is reused.
    pub fn set_cells(&mut self, width: i32, height: i32, cells: impl IntoIterator<Item = bool>) {
        self.reset(width, height, 0, false);
        let (w, wpr) = (self.width as usize, self.wpr);
        if wpr == 0 {
            return;
        }
        let mut cells = cells.into_iter();
        for row in self.words.chunks_exact_mut(wpr) {
            for (i, word) in row.iter_mut().enumerate() {
                let mut bits = 0u64;
                for b in 0..(w - 64 * i).min(64) {
                    bits |= ((cells.next() == Some(true)) as u64) << b;
                }
                *word = bits;
            }
        }
    }

    /// Make this the plane of a `width × height` grid, no margin rows, the bits past the
    /// width clear, from its rows of cells: cell `(x, y)` is set when `open` holds for
    /// `rows[y][x]` (cells past a short row's end, and the rows past the last, are clear;
    /// cells past the width are not read). Storage is reused; 64 cells make a word without
    /// a test per cell.
    pub fn set_rows<'a, T: Copy + 'a>(
        &mut self,
        width: i32,
        height: i32,
        rows: impl IntoIterator<Item = &'a [T]>,
        open: impl Fn(T) -> bool,
    ) {
        self.reset(width, height, 0, false);
        let (w, wpr) = (self.width as usize, self.wpr);
        if wpr == 0 {
            return;
        }
        for (words, cells) in self.words.chunks_exact_mut(wpr).zip(rows) {
            let cells = &cells[..cells.len().min(w)];
            for (word, chunk) in words.iter_mut().zip(cells.chunks(64)) {
                // from the last cell down: each cell's bit shifted in below the later ones'
                *word = chunk
                    .iter()
                    .rev()
                    .fold(0, |bits, &c| bits << 1 | open(c) as u64);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::BitRows;

    #[test]
    fn cells_fill_rows_of_any_width_in_raster_order() {
        // 70 wide: the second word of a row holds columns 64..70
        let (w, h) = (70, 3);
        let on = |i: usize| i.is_multiple_of(7) || i == 69 || i == 70;
        let mut b = BitRows::new();
        // the flags stop in the middle of row 2: its cells from there on are clear
        b.set_cells(w, h, (0..150).map(on));
        for y in 0..h {
            for x in 0..w {
                let i = (y * w + x) as usize;
                assert_eq!(b.get(x, y), i < 150 && on(i), "({x}, {y})");
            }
        }
        assert_eq!(b.row(0)[1], 1 << 5);
        // nothing past the width: row 1 starts with cell 70
        assert_eq!(b.row(1)[0] & 1, 1);
        // the same cells as rows: a long row is cut at the width, a short one ends clear
        let flat: Vec<bool> = (0..210).map(|i| i < 150 && on(i)).collect();
        let mut rows: Vec<Vec<bool>> = flat.chunks(70).map(<[bool]>::to_vec).collect();
        rows[0].extend([true; 5]);
        rows[2].truncate(10);
        let mut r = BitRows::new();
        r.set_rows(w, h, rows.iter().map(Vec::as_slice), |o| o);
        assert_eq!(r.grid_words(), b.grid_words());
        r.set_rows(w, h, rows[..1].iter().map(Vec::as_slice), |o| !o);
        assert_eq!((r.row(0)[1], r.row(1)), (!(1 << 5) & 0x3f, &[0, 0][..]));
    }
}
