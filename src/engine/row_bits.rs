//! The cells of one row (a slice of at most 64 tile values) that equal, or differ from,
//! a value, as the bits of one word: bit `i` for `row[i]`. The one way every scan in the
//! engine and the operators turns a row of values into bits ([`eq_bits`], [`ne_bits`],
//! [`eq_planes`] for a few values against one row, and [`index_planes`] for the planes of
//! many values or classes through a lookup table); sixteen values per step with SSE2
//! (always present on x86-64), four per step in a 64-bit word for short rows.

/// Bit `i` set when `row[i] == v` (a row of at most 64 values).
#[inline]
pub fn eq_bits(row: &[u16], v: u16) -> u64 {
    match row.len() {
        0 => 0,
        n => !ne_bits(row, v) & u64::MAX >> (64 - n),
    }
}

/// Bit `i` set when `row[i] != v` (a row of at most 64 values): sixteen values
/// per step with SSE2 (always present on x86-64), rows shorter than sixteen four per step
/// by `ne_bits_swar`. (Always inlined: with `v` a constant the compare folds.)
#[inline(always)]
pub fn ne_bits(row: &[u16], v: u16) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        if row.len() < 16 {
            return ne_bits_swar(row, v);
        }
        // sixteen values a step; a last partial block as the row's last sixteen values
        // (overlapping the block before: the same bits again)
        let (blocks, rest) = row.as_chunks::<16>();
        let mut m = 0u64;
        for (k, b) in blocks.iter().enumerate() {
            m |= (block_mask(b, v) as u64) << (16 * k);
        }
        if let Some(last) = row.last_chunk::<16>().filter(|_| !rest.is_empty()) {
            m |= (block_mask(last, v) as u64) << (row.len() - 16);
        }
        m
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        ne_bits_swar(row, v)
    }
}

/// The mask of the values other than `v` of sixteen values, by SSE2.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn block_mask(b: &[u16; 16], v: u16) -> u32 {
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi16, _mm_loadu_si128, _mm_movemask_epi8, _mm_packs_epi16,
        _mm_set1_epi16,
    };
    // SAFETY: `b` is 16 u16 values (32 bytes) in bounds; unaligned loads are allowed.
    let equal_bits = unsafe {
        let p = b.as_ptr() as *const __m128i;
        let z = _mm_set1_epi16(v as i16);
        // lanes equal to `v` become 0xFFFF, packed to one byte per value
        let lo = _mm_cmpeq_epi16(_mm_loadu_si128(p), z);
        let hi = _mm_cmpeq_epi16(_mm_loadu_si128(p.add(1)), z);
        _mm_movemask_epi8(_mm_packs_epi16(lo, hi)) as u32
    };
    !equal_bits & 0xFFFF
}

/// [`ne_bits`] four values per step (SWAR: a 64-bit word holds four 16-bit lanes, each
/// the value XOR `v`).
#[inline(always)]
fn ne_bits_swar(row: &[u16], v: u16) -> u64 {
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
        let [a, b, c, d] = quads[k].map(|x| (x ^ v) as u64);
        let w = a | b << 16 | c << 32 | d << 48;
        if w != 0 {
            // the top bit of each lane is set when the lane is not 0
            let top = (((w & LOW15) + LOW15) | w) & HIGH;
            m |= ((top >> 15).wrapping_mul(GATHER) >> 45 & 0xF) << (4 * k);
        }
        k += 1;
    }
    let done = 4 * quads.len();
    for (i, &x) in rest.iter().enumerate() {
        if x != v {
            m |= 1 << (done + i);
        }
    }
    m
}

/// `out[i] = eq_bits(cells, values[i])` for each value (at most 64 cells; `out` as long as
/// `values`): with SSE2 the row is loaded once, in blocks of sixteen cells, and each value
/// costs two compares and a pack per block.
#[inline]
pub fn eq_planes(cells: &[u16], values: &[u16], out: &mut [u64]) {
    debug_assert!(cells.len() <= 64 && out.len() == values.len());
    #[cfg(target_arch = "x86_64")]
    {
        match cells.len().div_ceil(16) {
            0 => out.fill(0),
            1 => eq_planes_sse2::<1>(cells, values, out),
            2 => eq_planes_sse2::<2>(cells, values, out),
            3 => eq_planes_sse2::<3>(cells, values, out),
            _ => eq_planes_sse2::<4>(cells, values, out),
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    for (o, &v) in out.iter_mut().zip(values) {
        *o = eq_bits(cells, v);
    }
}

/// [`eq_planes`] of at most `16 · B` cells.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn eq_planes_sse2<const B: usize>(cells: &[u16], values: &[u16], out: &mut [u64]) {
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi16, _mm_loadu_si128, _mm_movemask_epi8, _mm_packs_epi16,
        _mm_set1_epi16,
    };
    // the row in whole blocks (the cells past its end are 0: their bits are masked off)
    let n = cells.len();
    let mut buf = [[0u16; 16]; B];
    buf.as_flattened_mut()[..n].copy_from_slice(cells);
    let keep = u64::MAX >> (64 - n);
    // SAFETY: each block is 16 u16 values (32 bytes) of `buf`; unaligned loads are allowed.
    let rows: [[__m128i; 2]; B] = std::array::from_fn(|b| unsafe {
        let p = buf[b].as_ptr() as *const __m128i;
        [_mm_loadu_si128(p), _mm_loadu_si128(p.add(1))]
    });
    for (o, &v) in out.iter_mut().zip(values) {
        let mut m = 0u64;
        for (b, [lo, hi]) in rows.iter().enumerate() {
            // SAFETY: SSE2 is part of x86-64; register operations only.
            let bits = unsafe {
                let v = _mm_set1_epi16(v as i16);
                let (lo, hi) = (_mm_cmpeq_epi16(*lo, v), _mm_cmpeq_epi16(*hi, v));
                _mm_movemask_epi8(_mm_packs_epi16(lo, hi)) as u32 as u64
            };
            m |= bits << (16 * b);
        }
        *o = m & keep;
    }
}

/// `out[j]` = the cells of `row` (at most 64) whose plane `plane(value)` is `first + j`,
/// as bits: the planes of many values (or classes) from one row, where comparing the row
/// with each value would cost a compare per value and cell. Each cell's plane is looked up
/// once into a row of bytes, then each plane is one byte compare per sixteen cells (SSE2),
/// with no chain of writes to the same word from cell to cell.
#[inline]
pub fn index_planes(row: &[u16], plane: impl Fn(u16) -> u8, first: u8, out: &mut [u64]) {
    debug_assert!(row.len() <= 64 && first as usize + out.len() <= 256);
    let mut idx = [u8::MAX; 64];
    for (i, &v) in idx.iter_mut().zip(row) {
        *i = plane(v);
    }
    #[cfg(target_arch = "x86_64")]
    {
        if row.len() > 16 && std::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has AVX2 (checked just above; std caches the answer).
            unsafe {
                match row.len() {
                    ..=32 => index_planes_avx2::<1>(&idx, row.len(), first, out),
                    _ => index_planes_avx2::<2>(&idx, row.len(), first, out),
                }
            }
            return;
        }
        match row.len().div_ceil(16) {
            0 => out.fill(0),
            1 => index_planes_sse2::<1>(&idx, row.len(), first, out),
            2 => index_planes_sse2::<2>(&idx, row.len(), first, out),
            3 => index_planes_sse2::<3>(&idx, row.len(), first, out),
            _ => index_planes_sse2::<4>(&idx, row.len(), first, out),
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    for (j, o) in out.iter_mut().enumerate() {
        let k = first.wrapping_add(j as u8);
        *o = idx[..row.len()]
            .iter()
            .enumerate()
            .fold(0, |m, (x, &p)| m | ((p == k) as u64) << x);
    }
}

/// [`index_planes`] of the first `n` (at most `16 · B`) bytes of `idx`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn index_planes_sse2<const B: usize>(idx: &[u8; 64], n: usize, first: u8, out: &mut [u64]) {
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_set1_epi8,
    };
    let keep = u64::MAX >> (64 - n);
    // SAFETY: block `b < 4` is 16 bytes of `idx` (64 bytes); unaligned loads are allowed.
    let blocks: [__m128i; B] = std::array::from_fn(|b| unsafe {
        _mm_loadu_si128(idx.as_ptr().add(16 * b) as *const __m128i)
    });
    for (j, o) in out.iter_mut().enumerate() {
        let k = first.wrapping_add(j as u8);
        let mut m = 0u64;
        for (b, block) in blocks.iter().enumerate() {
            // SAFETY: SSE2 is part of x86-64; register operations only.
            let bits = unsafe { _mm_movemask_epi8(_mm_cmpeq_epi8(*block, _mm_set1_epi8(k as i8))) };
            m |= (bits as u32 as u64) << (16 * b);
        }
        *o = m & keep;
    }
}

/// [`index_planes_sse2`] in blocks of 32 bytes: the first `n` (`1..=32 · B`) bytes of
/// `idx`. A row of 17 to 64 cells takes one or two compares per plane where SSE2 takes two
/// to four (a 40-wide row: two against three).
///
/// # Safety
/// The CPU must support AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn index_planes_avx2<const B: usize>(idx: &[u8; 64], n: usize, first: u8, out: &mut [u64]) {
    use std::arch::x86_64::{
        __m256i, _mm256_cmpeq_epi8, _mm256_loadu_si256, _mm256_movemask_epi8, _mm256_set1_epi8,
    };
    let keep = u64::MAX >> (64 - n);
    let mut blocks = [_mm256_set1_epi8(0); B];
    for (b, block) in blocks.iter_mut().enumerate() {
        // SAFETY: block `b < 2` is 32 bytes of `idx` (64 bytes); unaligned loads are allowed.
        *block = unsafe { _mm256_loadu_si256(idx.as_ptr().add(32 * b) as *const __m256i) };
    }
    for (j, o) in out.iter_mut().enumerate() {
        let k = _mm256_set1_epi8(first.wrapping_add(j as u8) as i8);
        let mut m = 0u64;
        for (b, block) in blocks.iter().enumerate() {
            let bits = _mm256_movemask_epi8(_mm256_cmpeq_epi8(*block, k));
            m |= (bits as u32 as u64) << (32 * b);
        }
        *o = m & keep;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ne_and_eq_bits_agree_with_a_compare_per_value_at_every_length() {
        let vals = [
            0u16, 1, 0x7FFF, 0x8000, 0xFFFF, 0, 0x0100, 0, 2, 0, 0, 0x8001, 5,
        ];
        for n in 0..=64usize {
            let row: Vec<u16> = (0..n).map(|i| vals[(i * 7 + n) % vals.len()]).collect();
            let expected = row
                .iter()
                .enumerate()
                .fold(0u64, |m, (i, &v)| m | ((v != 0) as u64) << i);
            assert_eq!(ne_bits(&row, 0), expected, "{row:?}");
            assert_eq!(ne_bits_swar(&row, 0), expected, "{row:?}");
            for v in vals {
                let equal = row
                    .iter()
                    .enumerate()
                    .fold(0u64, |m, (i, &x)| m | ((x == v) as u64) << i);
                assert_eq!(eq_bits(&row, v), equal, "{row:?} {v}");
                assert_eq!(ne_bits_swar(&row, v) ^ equal, low(n), "{row:?} {v}");
            }
        }
    }

    #[test]
    fn eq_planes_agree_with_one_compare_per_cell_at_every_length() {
        let mut x = 7u64;
        let mut next = || {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (x >> 33) as u16
        };
        // 0 among the values: the cells past a short row's end (0 in the blocks) stay unset
        let values = [0u16, 1, 2, 3, 65535, 9];
        let mut seen = 0u64;
        for n in 0..=64usize {
            for _ in 0..8 {
                let cells: Vec<u16> = (0..n)
                    .map(|_| match next() % 5 {
                        4 => 65535,
                        k => k,
                    })
                    .collect();
                let mut out = [u64::MAX; 6];
                eq_planes(&cells, &values, &mut out);
                for (k, &v) in values.iter().enumerate() {
                    let want = (0..n).fold(0u64, |m, i| m | ((cells[i] == v) as u64) << i);
                    assert_eq!(out[k], want, "{n} cells, value {v}");
                    seen |= want;
                }
            }
        }
        // every column was set for some value
        assert_eq!(seen, u64::MAX);
    }

    /// The low `n` bits, `0 <= n <= 64`.
    fn low(n: usize) -> u64 {
        if n == 0 {
            0
        } else {
            u64::MAX >> (64 - n)
        }
    }
    /// Every plane of every length against a cell-by-cell lookup, with cells in no plane
    /// (`u8::MAX`) and planes before `first`.
    #[test]
    fn index_planes_agree_with_a_lookup_per_cell() {
        let plane = |v: u16| if v % 7 == 6 { u8::MAX } else { (v % 7) as u8 };
        for n in 0..=64usize {
            let row: Vec<u16> = (0..n).map(|i| ((i * 5 + n * 3) % 23) as u16).collect();
            for first in [0u8, 2] {
                let mut out = [0u64; 5];
                index_planes(&row, plane, first, &mut out);
                for (j, &o) in out.iter().enumerate() {
                    let want = row.iter().enumerate().fold(0u64, |m, (x, &v)| {
                        m | ((plane(v) == first + j as u8) as u64) << x
                    });
                    assert_eq!(o, want, "n {n} first {first} plane {j}");
                }
                // both block widths, whichever the CPU takes above
                #[cfg(target_arch = "x86_64")]
                if n > 0 {
                    let mut idx = [u8::MAX; 64];
                    idx.iter_mut().zip(&row).for_each(|(i, &v)| *i = plane(v));
                    let mut sse2 = [0u64; 5];
                    match n.div_ceil(16) {
                        1 => index_planes_sse2::<1>(&idx, n, first, &mut sse2),
                        2 => index_planes_sse2::<2>(&idx, n, first, &mut sse2),
                        3 => index_planes_sse2::<3>(&idx, n, first, &mut sse2),
                        _ => index_planes_sse2::<4>(&idx, n, first, &mut sse2),
                    }
                    assert_eq!(sse2, out, "SSE2, n {n} first {first}");
                    if std::is_x86_feature_detected!("avx2") {
                        let mut avx2 = [0u64; 5];
                        // SAFETY: the CPU has AVX2 (checked just above).
                        unsafe {
                            match n {
                                ..=32 => index_planes_avx2::<1>(&idx, n, first, &mut avx2),
                                _ => index_planes_avx2::<2>(&idx, n, first, &mut avx2),
                            }
                        }
                        assert_eq!(avx2, out, "AVX2, n {n} first {first}");
                    }
                }
            }
        }
    }
}
