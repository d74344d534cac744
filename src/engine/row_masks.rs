//! Occupancy bitmasks of a rectangle of a layer: `⌈w / 64⌉` words per row, bit `i % 64` of
//! word `i / 64` of row `y` set when cell `(area.x + i, y)` is taken. Answers "is every cell of this rectangle free?" with
//! one AND per row instead of a read per cell, for operators that test many small
//! rectangles against a layer they also write (room budding's free-area checks).
//!
//! The masks are built from the layer by [`RowMasks::nonzero`] (a cell is taken when it is
//! not 0), in storage the caller lends (no allocation per use), and only the caller's fills
//! change them: [`RowMasks::fill`] updates the masks and remembers the cells filled, and
//! [`RowMasks::write_filled`] writes those cells to the layer in one pass (every fill of a
//! run writes the same value, so their order does not matter). Between the two the layer is
//! stale: the caller reads only the masks. Any width: the row unions a caller ANDs with its
//! own column masks ([`RowMasks::unions_down`], [`RowMasks::columns`], ...) are there when a
//! row is one word ([`RowMasks::one_word`]); the free tests and fills take any width.
//!
//! [`RowMasks::guarded`] adds a guard band: [`GUARD`] rows and columns of taken cells on
//! every side of the area (areas up to `64 − 2·GUARD` cells wide). A rectangle anywhere in
//! that frame is then tested without a bounds check: one that leaves the area covers a
//! guard cell and is not free ([`RowMasks::free_in_frame`]).

use super::bit_rows::span_bits;
use super::grid::{Grid, GridMut, Rect};
use super::row_bits::ne_bits;

/// Width of the guard band of [`RowMasks::guarded`], in cells on each side.
pub const GUARD: i32 = 8;

/// Bitmasks of the taken cells of an area, one word per row, in storage the caller lends
/// (see [`RowMasks::words`]), and the cells filled since the last
/// [`RowMasks::write_filled`] (see the module doc).
#[derive(Debug)]
pub struct RowMasks<'a> {
    area: Rect,
    /// The guard band's width: 0, or [`GUARD`].
    guard: i32,
    /// Rows `area.y − guard .. area.y1() + guard`; bit `guard + i` is column `area.x + i`.
    rows: &'a mut [u64],
    /// The area's rows; bit `i` is column `area.x + i`.
    filled: &'a mut [u64],
    /// The area's first column and first row count as taken (see [`RowMasks::guarded`]).
    edges: bool,
    /// Words per row (1 with a guard band).
    wpr: usize,
}

impl RowMasks<'_> {
    /// The words [`RowMasks::nonzero`] needs for `area`: two sets of `⌈w / 64⌉` words
    /// per row.
    #[inline]
    pub fn words(area: Rect) -> usize {
        2 * area.h.max(0) as usize * (area.w.max(0) as usize).div_ceil(64)
    }

    /// Whether a row is one word (the area at most 64 cells wide, or guarded): the row
    /// unions and column masks are there only then.
    #[inline(always)]
    pub fn one_word(&self) -> bool {
        self.wpr == 1
    }

    /// Whether [`RowMasks::guarded`] takes `area`: not empty, at most `64 − 2·GUARD` wide.
    #[inline]
    pub fn can_guard(area: Rect) -> bool {
        !area.is_empty() && area.w <= 64 - 2 * GUARD
    }

    /// The words [`RowMasks::guarded`] needs for an area of height `h`.
    #[inline]
    pub fn guarded_words(h: i32) -> usize {
        2 * h.max(0) as usize + 2 * GUARD as usize
    }
}

/// The low `w` bits set, `1 <= w <= 64`.
#[inline(always)]
fn low_bits(w: i32) -> u64 {
    debug_assert!((1..=64).contains(&w));
    u64::MAX >> (64 - w)
}

impl<'a> RowMasks<'a> {
    /// The masks of `area` (which must lie inside the grid) on layer `g`, a cell being
    /// taken when its value is not 0, kept in `buf` (at least [`RowMasks::words`] words;
    /// its contents do not matter). Any width.
    pub fn nonzero(g: &Grid, area: Rect, buf: &'a mut [u64]) -> RowMasks<'a> {
        let wpr = (area.w.max(0) as usize).div_ceil(64).max(1);
        let n = area.h.max(0) as usize * wpr;
        let (rows, rest) = buf[..2 * n].split_at_mut(n);
        if wpr == 1 && !area.is_empty() {
            for (y, row) in (area.y..area.y1()).zip(rows.iter_mut()) {
                *row = ne_bits(g.row(y, area.x, area.x1()), 0);
            }
        } else if !area.is_empty() {
            for (y, row) in (area.y..area.y1()).zip(rows.chunks_exact_mut(wpr)) {
                let cells = g.row(y, area.x, area.x1()).chunks(64);
                for (word, cells) in row.iter_mut().zip(cells) {
                    *word = ne_bits(cells, 0);
                }
            }
        }
        rest.fill(0);
        RowMasks {
            area,
            guard: 0,
            rows,
            filled: rest,
            edges: false,
            wpr,
        }
    }

    /// [`RowMasks::nonzero`] with a guard band of [`GUARD`] taken cells around the area,
    /// in `buf` (at least [`RowMasks::guarded_words`] words). With `edges`, the area's
    /// first column and first row also count as taken, whatever is filled there (for
    /// tests that refuse rectangles starting on them). `None` when the area is empty or
    /// wider than `64 − 2·GUARD` cells.
    pub fn guarded(g: &Grid, area: Rect, buf: &'a mut [u64], edges: bool) -> Option<RowMasks<'a>> {
        if !RowMasks::can_guard(area) {
            return None;
        }
        let (h, gu) = (area.h as usize, GUARD as usize);
        let (rows, rest) = buf[..2 * h + 2 * gu].split_at_mut(h + 2 * gu);
        // the guard band, and with `edges` the area's first column (its first row below)
        let outside = !(low_bits(area.w) << GUARD) | if edges { 1 << GUARD } else { 0 };
        rows[..gu].fill(u64::MAX);
        rows[gu + h..].fill(u64::MAX);
        let (w, stride) = (area.w as usize, g.width() as usize);
        let cells = &g.as_slice()[area.y as usize * stride + area.x as usize..];
        for (row, cells) in rows[gu..gu + h].iter_mut().zip(cells.chunks(stride)) {
            *row = ne_bits(&cells[..w], 0) << GUARD | outside;
        }
        if edges {
            rows[gu] = u64::MAX;
        }
        rest.fill(0);
        Some(RowMasks {
            area,
            guard: GUARD,
            rows,
            filled: rest,
            edges,
            wpr: 1,
        })
    }

    /// With `edges`, set the pinned bits of row index `i` again: the area's first column,
    /// and the whole of its first row.
    #[inline(always)]
    fn pin(&mut self, i: usize) {
        if self.edges {
            self.rows[i] |= if i == self.guard as usize {
                u64::MAX
            } else {
                1 << self.guard
            };
        }
    }

    /// The frame: the area and its guard band.
    #[inline(always)]
    pub fn frame(&self) -> Rect {
        let g = self.guard;
        Rect::new(
            self.area.x - g,
            self.area.y - g,
            self.area.w + 2 * g,
            self.area.h + 2 * g,
        )
    }

    /// Whether every cell of the rectangle `(x, y, w, h)` is free, for a non-empty rectangle
    /// inside the [frame](RowMasks::frame): a guard cell (or, with `edges`, a cell of the
    /// area's first column or row) is never free.
    #[inline(always)]
    pub fn free_in_frame(&self, x: i32, y: i32, w: i32, h: i32) -> bool {
        debug_assert!(w > 0 && h > 0 && self.frame().contains_rect(&Rect::new(x, y, w, h)));
        let y0 = (y - self.area.y + self.guard) as usize;
        if self.wpr == 1 {
            let m = self.columns(x, w);
            return self.rows[y0..y0 + h as usize]
                .iter()
                .all(|&row| row & m == 0);
        }
        // the words the columns fall in, each with its part of them
        let (b0, b1) = (self.bit(x), self.bit(x) + w);
        let (i0, i1) = ((b0 / 64) as usize, ((b1 - 1) / 64) as usize);
        let rows = &self.rows[y0 * self.wpr..(y0 + h as usize) * self.wpr];
        rows.chunks_exact(self.wpr)
            .all(|row| (i0..=i1).all(|i| row[i] & span_bits(i, b0, b1) == 0))
    }

    /// Whether every cell of `r` is free. `r` must be non-empty and lie inside the area.
    #[inline(always)]
    pub fn is_free(&self, r: Rect) -> bool {
        debug_assert!(!r.is_empty() && self.area.contains_rect(&r));
        self.free_in_frame(r.x, r.y, r.w, r.h)
    }

    /// The columns `x..x + w` of the frame as a mask (`1 <= w`, inside the frame; rows of
    /// [one word](RowMasks::one_word)): a rectangle of those columns is free when its rows'
    /// union ANDed with it is 0.
    #[inline(always)]
    pub fn columns(&self, x: i32, w: i32) -> u64 {
        debug_assert!(self.wpr == 1);
        low_bits(w) << self.bit(x)
    }

    /// The bit of column `x` (inside the frame) in every row's mask.
    #[inline(always)]
    pub fn bit(&self, x: i32) -> i32 {
        x - self.area.x + self.guard
    }

    /// The masks of rows `y..y + n` (inside the frame; rows of one word).
    #[inline(always)]
    pub fn rows_down(&self, y: i32, n: usize) -> &[u64] {
        debug_assert!(self.wpr == 1);
        let y0 = (y - self.area.y + self.guard) as usize;
        &self.rows[y0..y0 + n]
    }

    /// The unions of the rows from row `y` (inside the frame) down: `out[i]` = the union of
    /// rows `y..=y + i`, for `i` below `out.len()` and the rows left in the frame. Returns
    /// the number of entries written. Many rectangles with top row `y` are then tested with
    /// one AND each (see [`RowMasks::columns`]). Rows of one word.
    #[inline(always)]
    pub fn unions_down(&self, y: i32, out: &mut [u64]) -> usize {
        debug_assert!(self.wpr == 1);
        let rows = &self.rows[(y - self.area.y + self.guard) as usize..];
        let mut acc = 0;
        for (o, &r) in out.iter_mut().zip(rows) {
            acc |= r;
            *o = acc;
        }
        out.len().min(rows.len())
    }

    /// The union of rows `y..y + h` (`h >= 1`, inside the frame; rows of one word).
    #[inline(always)]
    pub fn union(&self, y: i32, h: i32) -> u64 {
        debug_assert!(self.wpr == 1);
        let y0 = (y - self.area.y + self.guard) as usize;
        self.rows[y0..y0 + h as usize].iter().fold(0, |u, &r| u | r)
    }

    /// Mark the cells of `r` (non-empty, inside the area) taken or free in the masks only,
    /// for a caller that writes the layer itself (nothing is recorded for
    /// [`RowMasks::write_filled`]).
    #[inline(always)]
    pub fn set(&mut self, r: Rect, taken: bool) {
        debug_assert!(!r.is_empty() && self.area.contains_rect(&r));
        if self.wpr > 1 {
            let (b0, b1) = (self.bit(r.x), self.bit(r.x1()));
            for y in r.y..r.y1() {
                for i in (b0 / 64) as usize..=((b1 - 1) / 64) as usize {
                    self.mark_word(y, i, span_bits(i, b0, b1), taken);
                }
            }
            return;
        }
        let m = self.columns(r.x, r.w);
        let y0 = (r.y - self.area.y + self.guard) as usize;
        let rows = &mut self.rows[y0..y0 + r.h as usize];
        if taken {
            rows.iter_mut().for_each(|row| *row |= m);
        } else {
            rows.iter_mut().for_each(|row| *row &= !m);
            for i in y0..y0 + r.h as usize {
                self.pin(i);
            }
        }
    }

    /// Record a fill of `r` (clipped to the area) with a value that is taken or not. The
    /// layer itself is written later, by [`RowMasks::write_filled`].
    #[inline]
    pub fn fill(&mut self, r: Rect, taken: bool) {
        let r = r.intersect(&self.area);
        if r.is_empty() {
            return;
        }
        self.set(r, taken);
        let (b0, b1) = (r.x - self.area.x, r.x1() - self.area.x);
        let y0 = (r.y - self.area.y) as usize;
        let filled = &mut self.filled[y0 * self.wpr..(y0 + r.h as usize) * self.wpr];
        let (i0, i1) = ((b0 / 64) as usize, ((b1 - 1) / 64) as usize);
        for row in filled.chunks_exact_mut(self.wpr) {
            for (i, word) in row.iter_mut().enumerate().take(i1 + 1).skip(i0) {
                *word |= span_bits(i, b0, b1);
            }
        }
    }

    /// Record a fill of the cells of row `y` (inside the area) whose bits are set in `bits`,
    /// bit `k` being cell `(area.x + 64 i + k, y)` (word `i` of the row): [`RowMasks::fill`]
    /// for any set of cells of a row.
    #[inline(always)]
    pub fn fill_bits(&mut self, y: i32, i: usize, bits: u64, taken: bool) {
        debug_assert!(y >= self.area.y && y < self.area.y1() && i < self.wpr);
        debug_assert!(self.guard == 0 || i == 0);
        let row = (y - self.area.y) as usize;
        if self.wpr == 1 {
            // one word a row: no index arithmetic
            let r = row + self.guard as usize;
            if taken {
                self.rows[r] |= bits << self.guard;
            } else {
                self.rows[r] &= !(bits << self.guard);
                self.pin(r);
            }
            self.filled[row] |= bits;
            return;
        }
        self.mark_word(y, i, bits, taken);
        self.filled[row * self.wpr + i] |= bits;
    }

    /// Mark the cells of word `i` of row `y` (inside the area) whose bits are set in `bits`
    /// (bits of the frame) taken or free, in the masks only.
    #[inline(always)]
    fn mark_word(&mut self, y: i32, i: usize, bits: u64, taken: bool) {
        let r = (y - self.area.y + self.guard) as usize;
        let word = &mut self.rows[r * self.wpr + i];
        if taken {
            *word |= bits;
        } else {
            *word &= !bits;
            self.pin(r);
        }
    }

    /// Write `v` on layer `g` at every cell recorded by [`RowMasks::fill`] since the last
    /// call, and forget them: rows of at least sixteen cells sixteen cells a step by SSE2
    /// (see `write_row`), others one slice fill per run of cells.
    pub fn write_filled(&mut self, g: &mut GridMut, v: u16) {
        let (x0, y0, w) = (self.area.x, self.area.y, self.area.w.max(0) as usize);
        for (y, f) in (y0..).zip(self.filled.chunks_exact_mut(self.wpr)) {
            for (i, f) in f.iter_mut().enumerate() {
                let m = std::mem::take(f);
                if m == 0 {
                    continue;
                }
                let at = g.index(x0, y) + 64 * i;
                let n = (w - 64 * i).min(64);
                write_row(&mut g.as_mut_slice()[at..at + n], m, v);
            }
        }
    }
}

/// Write `v` at the cells of `row` (at most 64) whose bit of `m` is set.
#[inline]
fn write_row(row: &mut [u16], m: u64, v: u16) {
    #[cfg(target_arch = "x86_64")]
    if row.len() >= 16 {
        let n = row.len();
        let (blocks, rest) = row.as_chunks_mut::<16>();
        let tail = !rest.is_empty();
        for (k, b) in blocks.iter_mut().enumerate() {
            write_block(b, (m >> (16 * k)) as u16, v);
        }
        // the last sixteen cells, overlapping the block before (written again, the same)
        if let Some(last) = row.last_chunk_mut::<16>().filter(|_| tail) {
            write_block(last, (m >> (n - 16)) as u16, v);
        }
        return;
    }
    write_runs(row, m, v);
}

/// [`write_row`] one slice fill per run of set bits.
#[inline]
fn write_runs(row: &mut [u16], mut m: u64, v: u16) {
    while m != 0 {
        let start = m.trailing_zeros();
        let len = (!(m >> start)).trailing_zeros();
        for c in &mut row[start as usize..(start + len) as usize] {
            *c = v;
        }
        m &= !(low_bits(len as i32) << start);
    }
}

/// Write `v` at the cells of `b` whose bit of `m` is set, by SSE2 (a lane select).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn write_block(b: &mut [u16; 16], m: u16, v: u16) {
    use std::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_andnot_si128, _mm_cmpeq_epi16, _mm_loadu_si128, _mm_or_si128,
        _mm_set1_epi16, _mm_setr_epi16, _mm_storeu_si128,
    };
    if m == 0 {
        return;
    }
    // SAFETY: `b` is 16 u16 values (32 bytes) in bounds; unaligned loads and stores are
    // allowed.
    unsafe {
        let p = b.as_mut_ptr() as *mut __m128i;
        let (bits, value) = (_mm_set1_epi16(m as i16), _mm_set1_epi16(v as i16));
        let lo_lanes = _mm_setr_epi16(1, 2, 4, 8, 16, 32, 64, 128);
        let hi_lanes = _mm_setr_epi16(256, 512, 1024, 2048, 4096, 8192, 16384, i16::MIN);
        for (half, lanes) in [(0, lo_lanes), (1, hi_lanes)] {
            // lanes whose bit is set become 0xFFFF
            let sel = _mm_cmpeq_epi16(_mm_and_si128(bits, lanes), lanes);
            let old = _mm_loadu_si128(p.add(half));
            let new = _mm_or_si128(_mm_and_si128(sel, value), _mm_andnot_si128(sel, old));
            _mm_storeu_si128(p.add(half), new);
        }
    }
}

mod window;

#[cfg(test)]
mod tests;
