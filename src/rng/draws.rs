//! Loops of draws against one bound, specialised to the generator once per loop.
//!
//! [`RandomSource::below`] works out, at every draw, which
//! generator runs, which output rule an LCG uses and how to take the remainder of the bound.
//! An operator whose innermost loop makes one draw per step against the same bound (the
//! drunken corridor walk: `rnd(100)` per move, millions of moves on some seeds) hands the
//! loop to [`Rng::draw_loop`] instead: the choice is made once, and the loop runs with a
//! [`Draws`] that does only the arithmetic of that case. The values and the stream are
//! exactly those of `below(n)` (a unit test compares them over many seeds and bounds).
//! [`Rng::draw_loop2`] does the same for loops that draw against two bounds in turn
//! (random positions: `rnd(w)`, then `rnd(h)`).

use super::output::{RECIPROCALS, SMALL};
use super::{Below, Lcg32, LcgDraws, LcgOutput, RandomSource, Rng};
use crate::rng::pcg::{Pcg128, Zone};

/// Draws against the bounds a loop was started with: `draw()` is `below(n)` of the first,
/// `draw_second()` of the second (of the one bound, for [`Rng::draw_loop`]).
pub trait Draws {
    /// The next value, as [`RandomSource::below`] with the loop's first bound gives it.
    fn draw(&mut self) -> i64;
    /// The next value, as [`RandomSource::below`] with the loop's second bound gives it.
    fn draw_second(&mut self) -> i64;
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
        self.draw_loop2([n, n], l)
    }

    /// [`Rng::draw_loop`] with two bounds: `draw()` is `below(n[0])`, `draw_second()`
    /// `below(n[1])`.
    #[inline]
    pub fn draw_loop2<L: DrawLoop>(&mut self, n: [i64; 2], l: L) -> L::Out {
        if n.iter().any(|&n| n <= 0) {
            // (`below` of a bound <= 0 is 0, the generator not stepped)
            return l.run(&mut Prepared {
                r: self,
                b: n.map(Below::new),
            });
        }
        match self {
            Rng::Pcg64(r) => l.run(&mut PcgDraws {
                r,
                zone: n.map(|n| Zone::new(n as u64)),
            }),
            Rng::Lcg32(g) => match g.output {
                LcgOutput::AbsShift {
                    shift,
                    shift_max_bound,
                } if n.iter().all(|&n| n < SMALL && n <= shift_max_bound) => {
                    // the state in a copy (a register in the loop), written back once
                    let shift = shift.min(31);
                    if n.iter().all(|&n| n & (n - 1) == 0) {
                        return small(g, shift, n, LowBits, l);
                    }
                    small(
                        g,
                        shift,
                        n,
                        Reciprocal(n.map(|n| RECIPROCALS[n as usize])),
                        l,
                    )
                }
                _ => l.run(&mut Plain { g, n }),
            },
        }
    }
}

/// Any generator, any bounds: its `below_prepared`.
struct Prepared<'a> {
    r: &'a mut Rng,
    b: [Below; 2],
}
impl Draws for Prepared<'_> {
    #[inline(always)]
    fn draw(&mut self) -> i64 {
        self.r.below_prepared(self.b[0])
    }
    #[inline(always)]
    fn draw_second(&mut self) -> i64 {
        self.r.below_prepared(self.b[1])
    }
}

/// PCG with the bounds' rejection zones prepared.
struct PcgDraws<'a> {
    r: &'a mut Pcg128,
    zone: [Zone; 2],
}
impl Draws for PcgDraws<'_> {
    #[inline(always)]
    fn draw(&mut self) -> i64 {
        self.r.below(self.zone[0]) as i64
    }
    #[inline(always)]
    fn draw_second(&mut self) -> i64 {
        self.r.below(self.zone[1]) as i64
    }
}

/// Run `l` on the LCG `g` (`AbsShift` output, shifted by `shift`) with bounds `n` below
/// [`SMALL`] that use the shifted value, the remainders taken by `rem`; the state goes
/// back to `g` when the loop ends.
#[inline(always)]
fn small<L: DrawLoop, R: SmallRem>(g: &mut Lcg32, shift: u32, n: [i64; 2], rem: R, l: L) -> L::Out {
    let mut d = AbsShiftSmall {
        lcg: g.draws(),
        shift,
        n: n.map(|n| n as i32),
        rem,
    };
    let out = l.run(&mut d);
    g.resume(d.lcg);
    out
}

/// An LCG with `AbsShift` output and bounds below [`SMALL`] that use the shifted value; a
/// value not negative takes its remainder by `rem`, the rare negative one (`-2^31`
/// shifted) the truncating `%`.
struct AbsShiftSmall<R> {
    /// The generator's state and constants (a copy: the state goes back when the loop ends).
    lcg: LcgDraws,
    shift: u32,
    n: [i32; 2],
    rem: R,
}

/// How [`AbsShiftSmall`] takes `v % n` of a value `v` not negative, for bound `k`.
trait SmallRem {
    fn rem(&self, v: u32, k: usize, n: i32) -> i64;
}

/// By the bound's prepared reciprocal: two multiplications, any bound below [`SMALL`].
struct Reciprocal([u64; 2]);
impl SmallRem for Reciprocal {
    #[inline(always)]
    fn rem(&self, v: u32, k: usize, n: i32) -> i64 {
        let low = self.0[k].wrapping_mul(v as u64);
        ((low as u128 * n as u128) >> 64) as i64
    }
}

/// By the low bits, for bounds that are powers of two: one `and` on the path to the branch
/// a loop takes on the draw.
struct LowBits;
impl SmallRem for LowBits {
    #[inline(always)]
    fn rem(&self, v: u32, _: usize, n: i32) -> i64 {
        (v & (n as u32 - 1)) as i64
    }
}

impl<R: SmallRem> AbsShiftSmall<R> {
    #[inline(always)]
    fn draw_of(&mut self, k: usize) -> i64 {
        let s = self.lcg.step();
        let v = (s as i32).wrapping_abs() >> self.shift; // -2^31 stays negative
        if v >= 0 {
            self.rem.rem(v as u32, k, self.n[k])
        } else {
            (v % self.n[k]) as i64
        }
    }
}
impl<R: SmallRem> Draws for AbsShiftSmall<R> {
    #[inline(always)]
    fn draw(&mut self) -> i64 {
        self.draw_of(0)
    }
    #[inline(always)]
    fn draw_second(&mut self) -> i64 {
        self.draw_of(1)
    }
}

/// Any other LCG case: its `below`.
struct Plain<'a> {
    g: &'a mut Lcg32,
    n: [i64; 2],
}
impl Draws for Plain<'_> {
    #[inline(always)]
    fn draw(&mut self) -> i64 {
        self.g.below(self.n[0])
    }
    #[inline(always)]
    fn draw_second(&mut self) -> i64 {
        self.g.below(self.n[1])
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
                for n in [
                    -3i64, 0, 1, 2, 3, 4, 7, 10, 11, 16, 100, 128, 255, 256, 1000, 40_000,
                ] {
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

    /// Draw `k` pairs through a two-bound loop.
    struct Pairs(usize);
    impl DrawLoop for Pairs {
        type Out = Vec<(i64, i64)>;
        fn run(self, d: &mut impl Draws) -> Vec<(i64, i64)> {
            (0..self.0).map(|_| (d.draw(), d.draw_second())).collect()
        }
    }

    #[test]
    fn a_two_bound_loop_gives_below_s_values_in_turn() {
        let bounds = [-3i64, 0, 1, 3, 4, 16, 38, 100, 128, 255, 256, 40_000];
        for spec in specs() {
            for seed in [0u64, 7, 4_000_000_000] {
                for n in bounds {
                    for m in bounds {
                        let mut a = Rng::new(&spec, seed);
                        let mut b = a.clone();
                        let got = a.draw_loop2([n, m], Pairs(100));
                        let want: Vec<_> = (0..100).map(|_| (b.below(n), b.below(m))).collect();
                        assert_eq!(got, want, "{spec:?} seed {seed} bounds {n} {m}");
                        assert_eq!(a.below(1 << 20), b.below(1 << 20), "stream after the loop");
                    }
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
        // 100 takes the reciprocal's path, 64 the power of two's
        for n in [100, 64] {
            let (mut a, mut b) = (a.clone(), a.clone());
            let got = a.draw_loop(n, Take(3));
            let want: Vec<i64> = (0..3).map(|_| b.below(n)).collect();
            assert_eq!(got, want);
            assert!(got[0] <= 0, "the -2^31 draw gives {}", got[0]);
        }
    }
}
