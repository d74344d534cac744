//! How an LCG's state becomes a draw `0..n`: the output rules ([`LcgOutput`]) and the
//! remainder by a small bound without a division.

use serde::Deserialize;

/// How an [`RngSpec::Lcg32`](super::RngSpec::Lcg32) step becomes `rnd(n)`.
#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub enum LcgOutput {
    /// `AbsShift(shift: K, shift_max_bound: M)`: reinterpret the new state as a signed
    /// 32-bit `v`, take `a = |v|` (with `|-2^31| = -2^31`, as C's `abs`), and return
    /// `(a >> K) % n` when `n <= M`, else `a % n` (arithmetic shift, remainder truncating
    /// toward zero: the rare `a = -2^31` gives a value `<= 0`). The generator of spec §1.2
    /// has `K = 16`, `M = 32767`.
    AbsShift {
        /// Bits dropped before the remainder, 0..=31.
        shift: u32,
        /// Largest bound that uses the shifted value.
        shift_max_bound: i64,
    },
    /// `High(shift: K)`: `(s >> K) % n` of the unsigned state.
    High {
        /// Bits dropped before the remainder, 0..=31.
        shift: u32,
    },
}

/// `below(n)` (`n >= 1`) of the new state `s` under the output rule.
#[inline(always)]
pub(super) fn output_below(output: LcgOutput, s: u32, n: i64) -> i64 {
    // 32-bit remainders where the bound allows (much cheaper than 64-bit division)
    match output {
        LcgOutput::AbsShift {
            shift,
            shift_max_bound,
        } => {
            let a = (s as i32).wrapping_abs(); // -2^31 stays -2^31
            let v = if n <= shift_max_bound {
                a >> shift.min(31)
            } else {
                a
            };
            if v >= 0 && n < SMALL {
                small_rem(v as u32, n) as i64
            } else if n <= i32::MAX as i64 {
                (v % n as i32) as i64
            } else {
                v as i64 % n
            }
        }
        LcgOutput::High { shift } => {
            let v = s >> shift.min(31);
            if n < SMALL {
                small_rem(v, n) as i64
            } else if n <= u32::MAX as i64 {
                (v % n as u32) as i64
            } else {
                v as i64 % n
            }
        }
    }
}

/// Bounds below this take their remainder through [`RECIPROCALS`] instead of a division.
pub(super) const SMALL: i64 = 256;

/// `⌊(2^64 − 1) / d⌋ + 1` (mod 2^64) for every `d` in `1..SMALL` (entry 0 unused): the
/// reciprocals of Lemire, Kaser and Kurz, "Faster remainder by direct computation" (2019).
pub(super) static RECIPROCALS: [u64; SMALL as usize] = {
    let mut t = [0u64; SMALL as usize];
    let mut d = 1;
    while d < SMALL as usize {
        t[d] = (u64::MAX / d as u64).wrapping_add(1);
        d += 1;
    }
    t
};

/// `v % d` for `1 <= d < SMALL`, without a division: exact for every 32-bit `v` (the
/// paper's Theorem 1 with N = 32, F = 64). Two multiplications cost a fraction of the
/// division they replace, and LCG draws with small bounds are the innermost work of
/// several operators.
#[inline(always)]
pub(super) fn small_rem(v: u32, d: i64) -> u32 {
    let low = RECIPROCALS[d as usize].wrapping_mul(v as u64);
    ((low as u128 * d as u128) >> 64) as u32
}
