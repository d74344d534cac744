//! Loops of draws against one bound, specialised to the generator once per loop.
//!
//! [`RandomSource::below`](super::RandomSource::below) works out, at every draw, which
//! generator runs, which output rule an LCG uses and how to take the remainder of the bound.
//! An operator whose innermost loop makes one draw per step against the same bound (the
//! drunken corridor walk: `rnd(100)` per move, millions of moves on some seeds) hands the
//! loop to [`Rng::draw_loop`] instead: the choice is made once, and the loop runs with a
//! [`Draws`] that does only the arithmetic of that case. The values and the stream are
//! exactly those of `below(n)` (a unit test compares them over many seeds and bounds).

use super::{Lcg32, LcgOutput, Rng, RECIPROCALS, SMALL};
use crate::rng::pcg::{Pcg128, Zone};

/// Draws against the bound a loop was started with: `draw()` is `below(n)`.
pub trait Draws {
    /// The next value, as [`RandomSource::below`] with the loop's bound gives it.
    fn draw(&mut self) -> i64;
}

/// A loop of draws against one bound ([`Rng::draw_loop`]): `run` is compiled once per kind
/// of [`Draws`].
pub trait DrawLoop {
    /// What the loop returns.
    type Out;
    /// Run the loop, drawing from `d`.
    fn run(self, d: &mut impl Draws) -> Self::Out;
}

impl Rng {
    /// Run `l` with draws of `below(n)` specialised to this generator and bound `n`: the
    /// same values, in the same order, leaving the same stream as `l`'s draws would through
    /// `below(n)`.
    #[inline]
    pub fn draw_loop<L: DrawLoop>(&mut self, n: i64, l: L) -> L::Out {
        if n <= 0 {
            return l.run(&mut Zero);
        }
        match self {
            Rng::Pcg64(r) => l.run(&mut PcgDraws {
                r,
                zone: Zone::new(n as u64),
            }),
            Rng::Lcg32(g) => match g.output {
                LcgOutput::AbsShift {
                    shift,
                    shift_max_bound,
                } if n < SMALL && n <= shift_max_bound => l.run(&mut AbsShiftSmall {
                    shift: shift.min(31),
                    reciprocal: RECIPROCALS[n as usize],
                    n: n as i32,
                    g,
                }),
                _ => l.run(&mut Plain { g, n }),
            },
        }
    }
}

/// `below(n)` for `n <= 0`: always 0, the generator not stepped.
struct Zero;
impl Draws for Zero {
    #[inline(always)]
    fn draw(&mut self) -> i64 {
        0
    }
}

/// PCG with the bound's rejection zone prepared.
struct PcgDraws<'a> {
    r: &'a mut Pcg128,
    zone: Zone,
}
impl Draws for PcgDraws<'_> {
    #[inline(always)]
    fn draw(&mut self) -> i64 {
        self.r.below(self.zone) as i64
    }
}

/// An LCG with `AbsShift` output and a bound below [`SMALL`] that uses the shifted value:
/// the remainder by the bound's prepared reciprocal.
struct AbsShiftSmall<'a> {
    g: &'a mut Lcg32,
    shift: u32,
    reciprocal: u64,
    n: i32,
}
impl Draws for AbsShiftSmall<'_> {
    #[inline(always)]
    fn draw(&mut self) -> i64 {
        let s = self.g.step();
        let v = (s as i32).wrapping_abs() >> self.shift; // -2^31 stays negative
        if v >= 0 {
            let low = self.reciprocal.wrapping_mul(v as u64);
            ((low as u128 * self.n as u128) >> 64) as i64
        } else {
            (v % self.n) as i64
        }
    }
}

/// Any other LCG case: its `below`.
struct Plain<'a> {
    g: &'a mut Lcg32,
    n: i64,
}
impl Draws for Plain<'_> {
    #[inline(always)]
    fn draw(&mut self) -> i64 {
        self.g.below(self.n)
    }
}

#[cfg(test)]
mod tests {
    use super::{DrawLoop, Draws};
    use crate::rng::{RandomSource, Rng, RngSpec};

    /// Draw `k` values through a loop.
    struct Take(usize);
    impl DrawLoop for Take {
        type Out = Vec<i64>;
        fn run(self, d: &mut impl Draws) -> Vec<i64> {
            (0..self.0).map(|_| d.draw()).collect()
        }
    }

    fn specs() -> Vec<RngSpec> {
        let lcg = |output| RngSpec::Lcg32 {
            multiplier: 22695477,
            increment: 1,
            output,
        };
        vec![
            RngSpec::Pcg64,
            lcg(super::LcgOutput::AbsShift {
                shift: 16,
                shift_max_bound: 32767,
            }),
            lcg(super::LcgOutput::AbsShift {
                shift: 0,
                shift_max_bound: 10,
            }),
            lcg(super::LcgOutput::High { shift: 16 }),
        ]
    }

    #[test]
    fn a_draw_loop_gives_below_s_values_and_leaves_the_same_stream() {
        for spec in specs() {
            for seed in [0u64, 1, 7, 4_000_000_000, 123_456_789] {
                for n in [-3i64, 0, 1, 2, 3, 7, 10, 11, 100, 255, 256, 1000, 40_000] {
                    let mut a = Rng::new(&spec, seed);
                    let mut b = a.clone();
                    let got = a.draw_loop(n, Take(300));
                    let want: Vec<i64> = (0..300).map(|_| b.below(n)).collect();
                    assert_eq!(got, want, "{spec:?} seed {seed} n {n}");
                    assert_eq!(a.below(1 << 20), b.below(1 << 20), "stream after the loop");
                }
            }
        }
    }

    #[test]
    fn the_negative_abs_shift_value_takes_the_truncating_remainder() {
        // state s with s * 22695477 + 1 = 2^31 (mod 2^32): the next value is |-2^31| = -2^31
        let spec = RngSpec::Lcg32 {
            multiplier: 22695477,
            increment: 1,
            output: super::LcgOutput::AbsShift {
                shift: 16,
                shift_max_bound: 32767,
            },
        };
        // the multiplier's inverse mod 2^32 (Newton's iteration doubles the correct bits)
        let m = 22695477u32;
        let mut inv = m;
        for _ in 0..5 {
            inv = inv.wrapping_mul(2u32.wrapping_sub(m.wrapping_mul(inv)));
        }
        assert_eq!(inv.wrapping_mul(m), 1);
        let s = (0x8000_0000u32 - 1).wrapping_mul(inv);
        let mut a = Rng::new(&spec, 0);
        if let Rng::Lcg32(g) = &mut a {
            g.state = s;
        }
        let mut b = a.clone();
        let got = a.draw_loop(100, Take(3));
        let want: Vec<i64> = (0..3).map(|_| b.below(100)).collect();
        assert_eq!(got, want);
        assert!(got[0] <= 0, "the -2^31 draw gives {}", got[0]);
    }
}
