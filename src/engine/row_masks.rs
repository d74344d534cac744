//! Occupancy bitmasks of a rectangle of a layer: one `u64` per row, bit `i` of row `y` set
//! when cell `(area.x + i, y)` is taken. Answers "is every cell of this rectangle free?" with
//! one AND per row instead of a read per cell, for operators that test many small
//! rectangles against a layer they also write (room budding's free-area checks).
//!
//! The masks are built from the layer by [`RowMasks::nonzero`] (a cell is taken when it is
//! not 0), in storage the caller lends (no allocation per use), and only the caller's fills
//! change them: [`RowMasks::fill`] updates the masks and remembers the cells filled, and
//! [`RowMasks::write_filled`] writes those cells to the layer in one pass (every fill of a
//! run writes the same value, so their order does not matter). Between the two the layer is
//! stale: the caller reads only the masks. Areas wider than 64 cells have no masks
//! (`nonzero` returns `None`; callers keep their cell loop).
//!
//! [`RowMasks::guarded`] adds a guard band: [`GUARD`] rows and columns of taken cells on
//! every side of the area (areas up to `64 − 2·GUARD` cells wide). A rectangle anywhere in
//! that frame is then tested without a bounds check: one that leaves the area covers a
//! guard cell and is not free ([`RowMasks::free_in_frame`]).

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
}

impl RowMasks<'_> {
    /// The words [`RowMasks::nonzero`] needs for an area of height `h`.
    #[inline]
    pub fn words(h: i32) -> usize {
        2 * h.max(0) as usize
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
    /// its contents do not matter); `None` when the area is wider than 64 cells.
    pub fn nonzero(g: &Grid, area: Rect, buf: &'a mut [u64]) -> Option<RowMasks<'a>> {
        if area.w > 64 {
            return None;
        }
        let h = area.h.max(0) as usize;
        let (rows, rest) = buf[..2 * h].split_at_mut(h);
        if !area.is_empty() {
            for (y, row) in (area.y..area.y1()).zip(rows.iter_mut()) {
                *row = ne_bits(g.row(y, area.x, area.x1()), 0);
            }
        }
        rest.fill(0);
        Some(RowMasks {
            area,
            guard: 0,
            rows,
            filled: rest,
            edges: false,
        })
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
        let m = self.columns(x, w);
        let y0 = (y - self.area.y + self.guard) as usize;
        self.rows[y0..y0 + h as usize]
            .iter()
            .all(|&row| row & m == 0)
    }

    /// Whether every cell of `r` is free. `r` must be non-empty and lie inside the area.
    #[inline(always)]
    pub fn is_free(&self, r: Rect) -> bool {
        debug_assert!(!r.is_empty() && self.area.contains_rect(&r));
        self.free_in_frame(r.x, r.y, r.w, r.h)
    }

    /// The columns `x..x + w` of the frame as a mask (`1 <= w`, inside the frame): a
    /// rectangle of those columns is free when its rows' union ANDed with it is 0.
    #[inline(always)]
    pub fn columns(&self, x: i32, w: i32) -> u64 {
        low_bits(w) << self.bit(x)
    }

    /// The bit of column `x` (inside the frame) in every row's mask.
    #[inline(always)]
    pub fn bit(&self, x: i32) -> i32 {
        x - self.area.x + self.guard
    }

    /// The masks of rows `y..y + n` (inside the frame).
    #[inline(always)]
    pub fn rows_down(&self, y: i32, n: usize) -> &[u64] {
        let y0 = (y - self.area.y + self.guard) as usize;
        &self.rows[y0..y0 + n]
    }

    /// The unions of the rows from row `y` (inside the frame) down: `out[i]` = the union of
    /// rows `y..=y + i`, for `i` below `out.len()` and the rows left in the frame. Returns
    /// the number of entries written. Many rectangles with top row `y` are then tested with
    /// one AND each (see [`RowMasks::columns`]).
    #[inline(always)]
    pub fn unions_down(&self, y: i32, out: &mut [u64]) -> usize {
        let rows = &self.rows[(y - self.area.y + self.guard) as usize..];
        let mut acc = 0;
        for (o, &r) in out.iter_mut().zip(rows) {
            acc |= r;
            *o = acc;
        }
        out.len().min(rows.len())
    }

    /// The union of rows `y..y + h` (`h >= 1`, inside the frame).
    #[inline(always)]
    pub fn union(&self, y: i32, h: i32) -> u64 {
        let y0 = (y - self.area.y + self.guard) as usize;
        self.rows[y0..y0 + h as usize].iter().fold(0, |u, &r| u | r)
    }

    /// Mark the cells of `r` (non-empty, inside the area) taken or free in the masks only,
    /// for a caller that writes the layer itself (nothing is recorded for
    /// [`RowMasks::write_filled`]).
    #[inline(always)]
    pub fn set(&mut self, r: Rect, taken: bool) {
        debug_assert!(!r.is_empty() && self.area.contains_rect(&r));
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
        let m = low_bits(r.w) << (r.x - self.area.x);
        let y0 = (r.y - self.area.y) as usize;
        for f in &mut self.filled[y0..y0 + r.h as usize] {
            *f |= m;
        }
    }

    /// Record a fill of the cells of row `y` (inside the area) whose bits are set in `bits`,
    /// bit `i` being cell `(area.x + i, y)`: [`RowMasks::fill`] for any set of cells of a row.
    #[inline(always)]
    pub fn fill_bits(&mut self, y: i32, bits: u64, taken: bool) {
        debug_assert!(y >= self.area.y && y < self.area.y1());
        let i = (y - self.area.y) as usize;
        let (g, r) = (self.guard, i + self.guard as usize);
        if taken {
            self.rows[r] |= bits << g;
        } else {
            self.rows[r] &= !(bits << g);
            self.pin(r);
        }
        self.filled[i] |= bits;
    }

    /// Write `v` on layer `g` at every cell recorded by [`RowMasks::fill`] since the last
    /// call, and forget them: rows of at least sixteen cells sixteen cells a step by SSE2
    /// (see `write_row`), others one slice fill per run of cells.
    pub fn write_filled(&mut self, g: &mut GridMut, v: u16) {
        let (x0, y0, w) = (self.area.x, self.area.y, self.area.w.max(0) as usize);
        for (y, f) in (y0..).zip(self.filled.iter_mut()) {
            let m = std::mem::take(f);
            if m == 0 {
                continue;
            }
            let i = g.index(x0, y);
            write_row(&mut g.as_mut_slice()[i..i + w], m, v);
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A `w × h` layer with about a third of its cells taken (1), the rest 0.
    fn random_cells(w: i32, h: i32, seed: u32) -> Vec<u16> {
        let mut x = seed;
        (0..w * h)
            .map(|_| {
                x = x.wrapping_mul(1103515245).wrapping_add(12345);
                (x >> 16).is_multiple_of(3) as u16
            })
            .collect()
    }

    #[test]
    fn row_unions_and_columns_answer_as_is_free_does() {
        // a 13x20 area off the origin of a 16x24 grid, about a third of its cells taken
        let (gw, gh) = (16, 24);
        let data = random_cells(gw, gh, 12345);
        let area = Rect::new(2, 1, 13, 20);
        let mut buf = [0u64; 40];
        let m = RowMasks::nonzero(&Grid::new(&data, gw, gh), area, &mut buf).unwrap();
        let (mut free, mut tested) = (0, 0);
        for y in area.y..area.y1() {
            for n in [0, 1, 5, 30] {
                let mut out = vec![7u64; n];
                let got = m.unions_down(y, &mut out);
                assert_eq!(got, n.min((area.y1() - y) as usize));
                for h in 1..=got as i32 {
                    for w in 1..=4 {
                        for rx in area.x..=area.x1() - w {
                            let want = m.is_free(Rect::new(rx, y, w, h));
                            let union = out[h as usize - 1];
                            assert_eq!(union & m.columns(rx, w) == 0, want);
                            free += want as usize;
                            tested += 1;
                        }
                    }
                }
                // the entries past the area's last row are left alone
                assert!(out[got..].iter().all(|&v| v == 7));
            }
        }
        // both answers occur often
        assert!(
            free > tested / 10 && free < tested * 9 / 10,
            "{free} of {tested}"
        );
    }

    #[test]
    fn a_row_write_sets_the_cells_of_the_mask_bits() {
        let mut x = 99u64;
        for n in 0..=64usize {
            for _ in 0..20 {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let m = (x ^ x >> 29) & if n == 64 { u64::MAX } else { (1 << n) - 1 };
                let old: Vec<u16> = (0..n as u16).map(|i| i * 3 + 1).collect();
                let mut row = old.clone();
                write_row(&mut row, m, 0xBEEF);
                let want: Vec<u16> = (0..n)
                    .map(|i| if m >> i & 1 != 0 { 0xBEEF } else { old[i] })
                    .collect();
                assert_eq!(row, want, "n {n} m {m:x}");
                let mut runs = old.clone();
                write_runs(&mut runs, m, 0xBEEF);
                assert_eq!(runs, want, "n {n} m {m:x}");
            }
        }
    }

    #[test]
    fn masks_answer_as_the_cells_do() {
        // a 6x5 grid, the area its 4x3 middle from (1, 1)
        #[rustfmt::skip]
        let mut data: Vec<u16> = vec![
            9, 9, 9, 9, 9, 9,
            9, 0, 0, 7, 0, 9,
            9, 0, 0, 0, 0, 9,
            9, 3, 0, 0, 0, 9,
            9, 9, 9, 9, 9, 9,
        ];
        let area = Rect::new(1, 1, 4, 3);
        let mut buf = [1u64; 6];
        assert_eq!(RowMasks::words(3), 6);
        let copy = data.clone();
        let mut m = RowMasks::nonzero(&Grid::new(&copy, 6, 5), area, &mut buf).unwrap();
        assert!(m.is_free(Rect::new(1, 1, 2, 2)));
        assert!(!m.is_free(Rect::new(1, 1, 3, 1))); // the 7 at (3, 1)
        assert!(!m.is_free(Rect::new(1, 2, 1, 2))); // the 3 at (1, 3)
        assert!(m.is_free(Rect::new(2, 2, 3, 2)));
        m.fill(Rect::new(4, 3, 5, 5), true); // clipped to (4, 3)
        assert!(!m.is_free(Rect::new(2, 2, 3, 2)));
        assert!(m.is_free(Rect::new(2, 2, 3, 1)));
        m.fill(Rect::new(1, 2, 2, 1), true);
        m.write_filled(&mut GridMut::new(&mut data, 6, 5), 5);
        #[rustfmt::skip]
        assert_eq!(data, vec![
            9, 9, 9, 9, 9, 9,
            9, 0, 0, 7, 0, 9,
            9, 5, 5, 0, 0, 9,
            9, 3, 0, 0, 5, 9,
            9, 9, 9, 9, 9, 9,
        ]);
        // written once: a second write with nothing filled changes nothing
        m.write_filled(&mut GridMut::new(&mut data, 6, 5), 6);
        assert_eq!(data[3 * 6 + 4], 5);
        m.fill(Rect::new(0, 0, 9, 9), false);
        assert!(m.is_free(area));
        m.write_filled(&mut GridMut::new(&mut data, 6, 5), 0);
        assert_eq!(data.iter().filter(|&&v| v != 0 && v != 9).count(), 0);
        m.fill(area, true);
        assert!(!m.is_free(Rect::new(4, 3, 1, 1)));
        let wide = vec![0u16; 65];
        let mut buf = [0u64; 2];
        let g = Grid::new(&wide, 65, 1);
        assert!(RowMasks::nonzero(&g, Rect::new(0, 0, 65, 1), &mut buf).is_none());
        let full = RowMasks::nonzero(&g, Rect::new(1, 0, 64, 1), &mut buf).unwrap();
        assert!(full.is_free(Rect::new(1, 0, 64, 1)));
        // a full-width run is written whole
        let mut wide = vec![0u16; 65];
        let mut full = RowMasks::nonzero(
            &Grid::new(&wide.clone(), 65, 1),
            Rect::new(1, 0, 64, 1),
            &mut buf,
        )
        .unwrap();
        full.fill(Rect::new(0, 0, 70, 1), true);
        full.write_filled(&mut GridMut::new(&mut wide, 65, 1), 2);
        assert_eq!(wide[0], 0);
        assert!(wide[1..].iter().all(|&v| v == 2));
    }

    #[test]
    fn bits_fill_as_cells_do() {
        let data = vec![0u16; 5 * 3];
        let mut buf = [0u64; 4];
        let g = Grid::new(&data, 5, 3);
        let mut m = RowMasks::nonzero(&g, Rect::new(1, 1, 4, 2), &mut buf).unwrap();
        m.fill_bits(2, 0b1010, true); // cells (2, 2) and (4, 2)
        assert!(!m.is_free(Rect::new(2, 2, 1, 1)) && !m.is_free(Rect::new(4, 2, 1, 1)));
        assert!(m.is_free(Rect::new(3, 1, 1, 2)) && m.is_free(Rect::new(1, 1, 4, 1)));
        m.fill_bits(2, 0b0010, false);
        assert!(m.is_free(Rect::new(1, 2, 2, 1)));
        let mut out = data.clone();
        m.write_filled(&mut GridMut::new(&mut out, 5, 3), 3);
        assert_eq!(&out[10..], &[0, 0, 3, 0, 3]);
    }

    #[test]
    fn guarded_masks_refuse_the_guard_band_and_pinned_edges() {
        // a 14x11 area off the origin of a 20x16 grid, about a third of its cells taken
        let (gw, gh) = (20, 16);
        let data = random_cells(gw, gh, 777);
        let g = Grid::new(&data, gw, gh);
        let area = Rect::new(3, 2, 14, 11);
        for edges in [false, true] {
            let mut buf = vec![0u64; RowMasks::guarded_words(area.h)];
            let mut m = RowMasks::guarded(&g, area, &mut buf, edges).unwrap();
            assert_eq!(
                m.frame(),
                Rect::new(3 - GUARD, 2 - GUARD, 14 + 2 * GUARD, 11 + 2 * GUARD)
            );
            // cleared cells: a rectangle over the first column and row, freed
            let cleared = Rect::new(3, 2, 4, 3);
            for round in 0..2 {
                let taken = |cx: i32, cy: i32| {
                    !area.contains(cx, cy)
                        || edges && (cx == area.x || cy == area.y)
                        || !(round == 1 && cleared.contains(cx, cy))
                            && data[(cy * gw + cx) as usize] != 0
                };
                let f = m.frame();
                let (mut free, mut tested) = (0, 0);
                for y in f.y..f.y1() {
                    for x in f.x..f.x1() {
                        for (w, h) in [(1, 1), (2, 3), (4, 2), (3, 5), (9, 1)] {
                            let r = Rect::new(x, y, w, h);
                            if !f.contains_rect(&r) {
                                continue;
                            }
                            let want = r.cells().all(|(cx, cy)| !taken(cx, cy));
                            assert_eq!(m.free_in_frame(x, y, w, h), want, "{r:?} edges {edges}");
                            let union = m.union(y, h);
                            assert_eq!(union & m.columns(x, w) == 0, want);
                            free += want as usize;
                            tested += 1;
                        }
                    }
                }
                assert!(free > 20 && free < tested / 2, "{free} of {tested}");
                m.set(cleared, false);
            }
        }
    }
}
