//! Filling and counting the values of one row segment of a tile layer, for the short
//! segments (a few to a few dozen cells) that rectangles of small areas are made of: with
//! SSE2 (always present on x86-64) eight values per step, the last step overlapping the
//! one before it, so a segment of 8..=64 values costs a handful of instructions and no loop
//! tail; elsewhere, and for segments under eight values, the plain slice loops.
//!
//! Both give exactly what the plain loops give (tests below compare them on every length
//! and offset up to 80 values); `GridMut::fill` and `Grid::count_eq` use them per row.

/// Set every value of `row` to `v` (as `row.fill(v)`).
#[inline(always)]
pub fn fill(row: &mut [u16], v: u16) {
    #[cfg(target_arch = "x86_64")]
    if row.len() >= 8 {
        sse2::fill(row, v);
        return;
    }
    row.fill(v);
}

/// Segments at least this long are counted by the plain loop: with shorter ones one row adds
/// at most `LONG / 8` (4,096) to a lane, less than the count at which the SSE2 loop takes
/// its lanes' sums (`FLUSH` there).
const LONG: usize = 8 * 4096;

/// How many values equal `v` in `rows` segments of `len` values each, the first starting at
/// `data[start]` and each next one `stride` values after the one before (the rows of a
/// rectangle of a row-major layer).
///
/// Panics when a segment does not lie inside `data` (also when its end overflows `usize`).
#[inline(always)]
pub fn count_eq(
    data: &[u16],
    start: usize,
    len: usize,
    stride: usize,
    rows: usize,
    v: u16,
) -> usize {
    if rows == 0 || len == 0 {
        return 0;
    }
    // every segment in bounds: the last one ends inside `data` (and no sum wraps)
    let end = (rows - 1)
        .checked_mul(stride)
        .and_then(|o| o.checked_add(start))
        .and_then(|o| o.checked_add(len));
    assert!(
        end.is_some_and(|e| e <= data.len()),
        "segments past the data"
    );
    #[cfg(target_arch = "x86_64")]
    if (8..LONG).contains(&len) {
        // SAFETY: checked above: each segment `start + r * stride .. + len` (r < rows) is
        // inside `data`.
        return unsafe { sse2::count_eq(data.as_ptr().add(start), len, stride, rows, v) };
    }
    (0..rows)
        .map(|r| {
            let i = start + r * stride;
            data[i..i + len].iter().filter(|&&t| t == v).count()
        })
        .sum()
}

#[cfg(target_arch = "x86_64")]
mod sse2 {
    use std::arch::x86_64::{
        __m128i, _mm_add_epi32, _mm_and_si128, _mm_cmpeq_epi16, _mm_cvtsi128_si32, _mm_loadu_si128,
        _mm_madd_epi16, _mm_set1_epi16, _mm_setzero_si128, _mm_shuffle_epi32, _mm_storeu_si128,
        _mm_sub_epi16,
    };

    /// Lane masks for the last, overlapping block: `TAIL[k..k + 8]` keeps the last `k`
    /// lanes of a block (`k` in 0..=8).
    static TAIL: [u16; 16] = [0, 0, 0, 0, 0, 0, 0, 0, !0, !0, !0, !0, !0, !0, !0, !0];

    /// Segments of at least eight values: blocks of eight from the start, then the last
    /// eight values (their lanes already stored are stored again with the same value).
    #[inline(always)]
    pub fn fill(row: &mut [u16], v: u16) {
        let n = row.len();
        debug_assert!(n >= 8);
        let p = row.as_mut_ptr() as *mut __m128i;
        // SAFETY: every store writes eight values at an offset `o` with `o + 8 <= n`
        // (`o = 8 k` for `k < n / 8`, and `n − 8`); unaligned stores are allowed.
        unsafe {
            let z = _mm_set1_epi16(v as i16);
            for k in 0..n / 8 {
                _mm_storeu_si128(p.add(k), z);
            }
            _mm_storeu_si128(row.as_mut_ptr().add(n - 8) as *mut __m128i, z);
        }
    }

    /// Segments of at least eight values: each lane counts its matches (subtracting a
    /// compare's −1 per match), in blocks of eight from a segment's start, then
    /// its last eight values with the lanes counted already masked off. A lane counts at
    /// most one match per block; sums are taken every 2^14 blocks, before a lane can leave
    /// the signed 16-bit range the final multiply-add reads.
    ///
    /// Safety: `p + r * stride .. + len` must be readable for every `r < rows`.
    #[inline(always)]
    pub unsafe fn count_eq(p: *const u16, len: usize, stride: usize, rows: usize, v: u16) -> usize {
        debug_assert!(len >= 8);
        const FLUSH: usize = 1 << 14;
        let z = _mm_set1_epi16(v as i16);
        let (blocks, rest) = (len / 8, len % 8);
        // `TAIL` at `rest` in 0..8: eight values inside its sixteen
        let keep = _mm_loadu_si128(TAIL.as_ptr().add(rest) as *const __m128i);
        let (mut total, mut acc, mut pending) = (0usize, _mm_setzero_si128(), 0usize);
        for r in 0..rows {
            let row = p.add(r * stride);
            let q = row as *const __m128i;
            for k in 0..blocks {
                acc = _mm_sub_epi16(acc, _mm_cmpeq_epi16(_mm_loadu_si128(q.add(k)), z));
            }
            let last = _mm_loadu_si128(row.add(len - 8) as *const __m128i);
            acc = _mm_sub_epi16(acc, _mm_and_si128(_mm_cmpeq_epi16(last, z), keep));
            pending += blocks + 1;
            if pending + blocks + 1 > FLUSH {
                total += lanes_sum(acc);
                acc = _mm_setzero_si128();
                pending = 0;
            }
        }
        total + lanes_sum(acc)
    }

    /// The sum of eight unsigned 16-bit lanes.
    #[inline(always)]
    unsafe fn lanes_sum(acc: __m128i) -> usize {
        // lanes hold 0..=2^14: multiply-add by 1 pairs them into four 32-bit sums
        let pairs = _mm_madd_epi16(acc, _mm_set1_epi16(1));
        let s = _mm_add_epi32(pairs, _mm_shuffle_epi32::<0b01_00_11_10>(pairs));
        let s = _mm_add_epi32(s, _mm_shuffle_epi32::<0b10_11_00_01>(s));
        _mm_cvtsi128_si32(s) as u32 as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plain count of `rows` segments.
    fn plain(data: &[u16], start: usize, len: usize, stride: usize, rows: usize, v: u16) -> usize {
        (0..rows)
            .map(|r| {
                data[start + r * stride..][..len]
                    .iter()
                    .filter(|&&t| t == v)
                    .count()
            })
            .sum()
    }

    /// Every segment length 0..=80 at every offset 0..8 of a buffer with sentinels on both
    /// sides: the fill writes exactly the segment, the count equals the plain count, for
    /// one row and for three rows of a wider buffer.
    #[test]
    fn fill_and_count_equal_the_plain_loops() {
        for len in 0..=80usize {
            for off in 0..8usize {
                let mut buf: Vec<u16> = (0..3 * (len + 16)).map(|i| (i * 7 % 5) as u16).collect();
                let before = buf.clone();
                for v in [0u16, 1, 3, 4] {
                    for (rows, stride) in [(1, len), (3, len + 16), (2, len + 3)] {
                        let got = count_eq(&buf, off, len, stride, rows, v);
                        let want = plain(&buf, off, len, stride, rows, v);
                        assert_eq!(got, want, "count len {len} off {off} v {v} rows {rows}");
                    }
                }
                fill(&mut buf[off..off + len], 9);
                for (i, (&a, &b)) in buf.iter().zip(&before).enumerate() {
                    let inside = (off..off + len).contains(&i);
                    assert_eq!(
                        a,
                        if inside { 9 } else { b },
                        "fill len {len} off {off} at {i}"
                    );
                }
            }
        }
    }

    /// Enough rows for the lanes' periodic sums (more than 2^14 blocks of eight), and a
    /// segment long enough for the plain loop.
    #[test]
    fn long_counts_pass_a_lane_s_range() {
        let (len, rows) = (37, 3 * (1 << 14) / 5 + 7);
        let data = vec![2u16; len * rows];
        assert_eq!(count_eq(&data, 0, len, len, rows, 2), len * rows);
        assert_eq!(count_eq(&data, 0, len, len, rows, 1), 0);
        let long = vec![2u16; LONG + 3];
        assert_eq!(count_eq(&long, 1, LONG + 1, 0, 1, 2), LONG + 1);
    }

    /// A segment past the end of the data is refused.
    #[test]
    #[should_panic(expected = "segments past the data")]
    fn segments_past_the_data_panic() {
        count_eq(&[0u16; 30], 0, 10, 11, 3, 0);
    }

    /// A last segment whose end overflows `usize` (and would wrap into range) is refused.
    #[test]
    #[should_panic(expected = "segments past the data")]
    fn segments_whose_end_wraps_panic() {
        let b = std::hint::black_box;
        count_eq(&[0u16; 30], b(1 << 62), 8, b(3 << 62), 2, 0);
    }
}
