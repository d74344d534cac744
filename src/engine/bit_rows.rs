//! Part of the grid toolkit (see [`super::grid`]): a grid as rows of bits, any width.
//!
//! [`BitRows`] holds one bit per cell of a `width × height` grid: row `y` is
//! `words_per_row = ⌈width / 64⌉` words, bit `x % 64` of word `x / 64` for cell `(x, y)`.
//! Around the grid is a margin in a *fill* state (all ones or all zeros, for "outside the grid
//! counts as ..."): margin rows above and below, the bits at and past `width` in a row's last
//! word, and, for the neighbour reads of [`BitRows::west`] and [`BitRows::east`], the
//! imaginary words before the first and after the last. So a scan reads any neighbour of
//! any cell without a bounds test, 64 cells per word operation.
//!
//! A plane is built from a tile layer by a [`TileSet`] ([`BitRows::set_plane`]), 64 cells per
//! step. The storage is kept between builds: after the first build of a size nothing is
//! allocated. Used by the cellular automaton and the region scans; any width, no fallback.

use super::grid::Grid;
use super::tile_set::TileSet;

mod cells;
mod transpose;

/// One bit per cell of a grid, with a margin (see the module doc).
#[derive(Debug, Clone, Default)]
pub struct BitRows {
    width: i32,
    height: i32,
    /// Margin rows above and below the grid.
    pad: usize,
    /// `⌈width / 64⌉`.
    wpr: usize,
    /// The margin's word: `!0` or `0`.
    fill: u64,
    /// Row `y` (`-pad <= y < height + pad`) is `words[(pad + y) · wpr ..][..wpr]`.
    words: Vec<u64>,
}

/// The bits of `0..n` of a word (`n` 0..=64).
#[inline(always)]
pub fn low_bits(n: u32) -> u64 {
    if n >= 64 {
        !0
    } else {
        (1u64 << n) - 1
    }
}

/// The bits of columns `x0..x1` that fall in word `i` (columns `64 i .. 64 i + 64`).
#[inline(always)]
pub fn span_bits(i: usize, x0: i32, x1: i32) -> u64 {
    let base = 64 * i as i32;
    let lo = (x0 - base).clamp(0, 64) as u32;
    let hi = (x1 - base).clamp(0, 64) as u32;
    low_bits(hi) & !low_bits(lo)
}

impl BitRows {
    /// An empty grid of bits (build one with [`BitRows::set_plane`]).
    pub fn new() -> BitRows {
        BitRows::default()
    }

    /// Width in cells.
    pub fn width(&self) -> i32 {
        self.width
    }

    /// Height in cells.
    pub fn height(&self) -> i32 {
        self.height
    }

    /// Words per row, `⌈width / 64⌉`.
    pub fn words_per_row(&self) -> usize {
        self.wpr
    }

    /// Make this a `width × height` grid of clear cells with `pad` margin rows; the margin
    /// (and the bits past the width) read as `outside`. Storage is reused.
    pub fn reset(&mut self, width: i32, height: i32, pad: usize, outside: bool) {
        let (w, h) = (width.max(0), height.max(0));
        let wpr = (w as usize).div_ceil(64);
        let fill = if outside { !0 } else { 0 };
        (self.width, self.height, self.pad, self.wpr, self.fill) = (w, h, pad, wpr, fill);
        // the same storage refilled (no clear and regrow: reset runs once per step)
        self.words.resize((h as usize + 2 * pad) * wpr, fill);
        self.words.fill(fill);
        if fill == 0 {
            return;
        }
        let tail = fill & !low_bits((w as u32) % 64);
        for y in 0..h {
            let row = self.row_mut(y);
            row.fill(0);
            if w % 64 != 0 {
                row[wpr - 1] = tail;
            }
        }
    }

    /// The words of the grid's rows `0..height`, row after row (no margin rows).
    #[inline(always)]
    pub fn grid_words(&self) -> &[u64] {
        &self.words[self.pad * self.wpr..][..self.height as usize * self.wpr]
    }

    /// [`BitRows::grid_words`], to change (keep the bits past the width as they are).
    #[inline(always)]
    pub fn grid_words_mut(&mut self) -> &mut [u64] {
        &mut self.words[self.pad * self.wpr..][..self.height as usize * self.wpr]
    }

    /// Set every cell of the grid (the margin is left as it is).
    pub fn set_all(&mut self) {
        let (w, wpr, fill) = (self.width, self.wpr, self.fill);
        let inside = low_bits((w % 64) as u32);
        for y in 0..self.height {
            let row = self.row_mut(y);
            row.fill(!0);
            if w % 64 != 0 {
                row[wpr - 1] = inside | fill & !inside;
            }
        }
    }

    /// Set cell `(x, y)` (inside the grid) to `on`.
    #[inline(always)]
    pub fn put(&mut self, x: i32, y: i32, on: bool) {
        put_bit(&mut self.words, self.wpr, x, self.pad as i32 + y, on);
    }

    /// The bits of columns `0..width` in word `i` of a row.
    #[inline(always)]
    pub fn full(&self, i: usize) -> u64 {
        span_bits(i, 0, self.width)
    }

    /// Make these the plane of the cells of `g` holding a tile of `set`, with `pad` margin
    /// rows; the margin reads as `outside` (true: every margin bit set).
    pub fn set_plane(&mut self, g: &Grid, set: &TileSet, outside: bool, pad: usize) {
        let (w, h) = (g.width().max(0), g.height().max(0));
        let wpr = (w as usize).div_ceil(64);
        let fill = if outside { !0 } else { 0 };
        (self.width, self.height, self.pad, self.wpr, self.fill) = (w, h, pad, wpr, fill);
        let rows = h as usize + 2 * pad;
        self.words.resize(rows * wpr, 0);
        self.words[..pad * wpr].fill(fill);
        self.words[(pad + h as usize) * wpr..].fill(fill);
        self.redo_rows(g, 0, h, |cells| set.row_bits(cells));
    }

    /// Rows `y0..y1` (clipped to the grid) of `g` changed: make their words again, each from
    /// `bits(cells)` of its (at most 64) cells, bit `k` for the `k`-th; the bits past the
    /// width read as the margin. `g` has this grid's size.
    pub fn redo_rows(&mut self, g: &Grid, y0: i32, y1: i32, bits: impl Fn(&[u16]) -> u64) {
        let (w, wpr, fill) = (self.width, self.wpr, self.fill);
        let tail = fill & !low_bits((w as u32) % 64);
        for y in y0.max(0)..y1.min(self.height) {
            let cells = g.row(y, 0, w);
            let row = self.row_mut(y);
            for (word, chunk) in row.iter_mut().zip(cells.chunks(64)) {
                *word = bits(chunk);
            }
            if w % 64 != 0 {
                row[wpr - 1] |= tail;
            }
        }
    }

    /// Row `y`'s words (`-pad <= y < height + pad`).
    #[inline(always)]
    pub fn row(&self, y: i32) -> &[u64] {
        let r = (self.pad as i32 + y) as usize;
        &self.words[r * self.wpr..][..self.wpr]
    }

    /// Whether cell `(x, y)` is set (inside the grid).
    #[inline]
    pub fn get(&self, x: i32, y: i32) -> bool {
        self.row(y)[(x / 64) as usize] >> (x % 64) & 1 != 0
    }

    /// Row `y`'s words, to change (`-pad <= y < height + pad`; keep the bits past the
    /// width as they are).
    #[inline(always)]
    pub fn row_mut(&mut self, y: i32) -> &mut [u64] {
        let r = (self.pad as i32 + y) as usize;
        &mut self.words[r * self.wpr..][..self.wpr]
    }

    /// Clear cell `(x, y)` and say whether it was set; `false` for a cell off the grid.
    #[inline(always)]
    pub fn take(&mut self, x: i32, y: i32) -> bool {
        if x < 0 || y < 0 || x >= self.width || y >= self.height {
            return false;
        }
        let i = (self.pad as i32 + y) as usize * self.wpr + (x / 64) as usize;
        let bit = 1u64 << (x % 64);
        let was = self.words[i] & bit != 0;
        self.words[i] &= !bit;
        was
    }

    /// Keep only the cells of `area` (clipped to the grid); the margin is left as it is.
    pub fn keep_only(&mut self, area: super::grid::Rect) {
        let area = area.clip(self.width, self.height);
        for y in 0..self.height {
            let inside = y >= area.y && y < area.y1();
            let row = self.row_mut(y);
            for (i, word) in row.iter_mut().enumerate() {
                *word &= if inside {
                    span_bits(i, area.x, area.x1())
                } else {
                    0
                };
            }
        }
    }

    /// Keep only the cells also set in `other` (a plane of the same grid); margins unchanged.
    pub fn and_with(&mut self, other: &BitRows) {
        debug_assert_eq!((self.width, self.height), (other.width, other.height));
        for y in 0..self.height {
            let from = other.row(y);
            for (a, &b) in self.row_mut(y).iter_mut().zip(from) {
                *a &= b;
            }
        }
    }

    /// Word `i` of `row` shifted so that bit `x` holds cell `x - 1`'s bit (the west
    /// neighbour); the cell before column 0 reads as the margin.
    #[inline(always)]
    pub fn west(&self, row: &[u64], i: usize) -> u64 {
        let before = if i == 0 { self.fill } else { row[i - 1] };
        row[i] << 1 | before >> 63
    }

    /// Word `i` of `row` shifted so that bit `x` holds cell `x + 1`'s bit (the east
    /// neighbour); the cell past the last column reads as the margin.
    #[inline(always)]
    pub fn east(&self, row: &[u64], i: usize) -> u64 {
        let after = if i + 1 == row.len() {
            self.fill
        } else {
            row[i + 1]
        };
        row[i] >> 1 | after << 63
    }
}

/// Set bit `(x, y)` of rows of `wpr` words each (a [`BitRows::grid_words_mut`] slice, row
/// `y` from word `y · wpr`) to `on`, for a scan that holds the words while it writes.
#[inline(always)]
pub fn put_bit(words: &mut [u64], wpr: usize, x: i32, y: i32, on: bool) {
    let i = y as usize * wpr + (x / 64) as usize;
    let bit = 1u64 << (x % 64);
    if on {
        words[i] |= bit;
    } else {
        words[i] &= !bit;
    }
}

/// Word `i` of a row shifted by `dx` cells: bit `b` holds the bit of column `64 i + b + dx`
/// of `row`, or `fill`'s for a column before the first word or past the last (`dx` any
/// number: `-1` reads the west neighbour, `1` the east one, as [`BitRows::west`] and
/// [`BitRows::east`]).
#[inline(always)]
pub fn shifted(row: &[u64], i: usize, dx: i32, fill: u64) -> u64 {
    let n = row.len() as i64;
    let at = i as i64 + (dx >> 6) as i64;
    let r = (dx & 63) as u32;
    let lo = if at >= 0 && at < n {
        row[at as usize]
    } else {
        fill
    };
    if r == 0 {
        return lo;
    }
    let hi = if at + 1 >= 0 && at + 1 < n {
        row[(at + 1) as usize]
    } else {
        fill
    };
    lo >> r | hi << (64 - r)
}

/// `to |= from` shifted by `dx` cells, over whole rows of `wpr` words each (bit `x` of a row
/// of `to` takes column `x + dx` of the same row of `from`, clear past `from`'s ends), each
/// row's last word ANDed with `last` (the grid's columns in it). `to` and `from` hold the
/// same number of rows.
#[inline]
pub fn or_shifted(to: &mut [u64], from: &[u64], wpr: usize, dx: i32, last: u64) {
    if wpr == 1 {
        // one word a row: the shift alone, fixed for the loop
        let pairs = to.iter_mut().zip(from);
        match dx {
            0..=63 => pairs.for_each(|(t, &f)| *t |= f >> dx & last),
            -63..=-1 => pairs.for_each(|(t, &f)| *t |= f << -dx & last),
            _ => {}
        }
        return;
    }
    for (t, f) in to.chunks_exact_mut(wpr).zip(from.chunks_exact(wpr)) {
        for (i, w) in t.iter_mut().enumerate() {
            *w |= shifted(f, i, dx, 0);
        }
        t[wpr - 1] &= last;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn planes_of_any_width_with_their_margins() {
        for w in [1, 5, 63, 64, 65, 130] {
            let h = 3;
            let data: Vec<u16> = (0..w * h).map(|i| (i % 3) as u16).collect();
            let g = Grid::new(&data, w, h);
            let mut b = BitRows::new();
            b.set_plane(&g, &TileSet::new([1]), true, 1);
            assert_eq!(b.words_per_row(), (w as usize).div_ceil(64));
            for y in 0..h {
                for x in 0..w {
                    assert_eq!(
                        b.get(x, y),
                        data[(y * w + x) as usize] == 1,
                        "w {w} ({x}, {y})"
                    );
                }
                let row = b.row(y);
                for x in 0..w {
                    let i = (x / 64) as usize;
                    let west = x == 0 || data[(y * w + x - 1) as usize] == 1;
                    let east = x == w - 1 || data[(y * w + x + 1) as usize] == 1;
                    assert_eq!(
                        b.west(row, i) >> (x % 64) & 1 == 1,
                        west,
                        "w {w} west of {x}"
                    );
                    assert_eq!(
                        b.east(row, i) >> (x % 64) & 1 == 1,
                        east,
                        "w {w} east of {x}"
                    );
                }
            }
            assert!(b.row(-1).iter().all(|&x| x == !0) && b.row(h).iter().all(|&x| x == !0));
            b.set_plane(&g, &TileSet::new([1]), false, 1);
            assert!(
                !b.west(b.row(0), 0) & 1 == 1,
                "w {w}: outside reads as clear"
            );
        }
    }

    #[test]
    fn shifts_across_words_read_the_fill_outside() {
        // columns 0..130: bit set at the multiples of 3
        let mut b = BitRows::new();
        b.reset(130, 1, 0, false);
        for x in (0..130).step_by(3) {
            b.put(x, 0, true);
        }
        let row = b.row(0).to_vec();
        for dx in [-70, -64, -3, -1, 0, 1, 2, 63, 64, 65, 129, 200] {
            for i in 0..row.len() {
                for bit in 0..64 {
                    let col = 64 * i as i32 + bit + dx;
                    let want = if (0..192).contains(&col) {
                        col < 130 && col % 3 == 0
                    } else {
                        true // the fill
                    };
                    let got = shifted(&row, i, dx, !0) >> bit & 1 == 1;
                    assert_eq!(got, want, "dx {dx} word {i} bit {bit}");
                }
            }
        }
        assert_eq!(shifted(&row, 0, 1, 0), b.east(&row, 0));
        assert_eq!(shifted(&row, 1, -1, 0), b.west(&row, 1));
    }

    #[test]
    fn spans_of_columns_per_word() {
        assert_eq!(span_bits(0, 1, 4), 0b1110);
        assert_eq!(span_bits(0, 0, 64), !0);
        assert_eq!(span_bits(1, 0, 65), 1);
        assert_eq!(span_bits(1, 70, 200), !0 << 6);
        assert_eq!(span_bits(2, 0, 65), 0);
    }
}
