//! Random number generators a rule file can select.
//!
//! Every operator draws through [`RandomSource`]; the concrete generator is an enum so
//! that the call is a direct, inlinable `match` rather than a virtual call.
//!
//! * [`Rng::Pcg64`] — the default: PCG XSL-RR 128/64 (O'Neill 2014), seeded with
//!   `seed_from_u64`. Portable: the same seed gives the same stream on every platform.
//!   Integer draws use `rand` 0.8's uniform-range sampling; `chance(p)` compares a `[0,1)`
//!   double built from 53 random bits against `p`. Generator and sampling are written out
//!   in [`Pcg128`] (draw for draw the stream of `rand_pcg::Pcg64` with `rand::Rng::gen_range`,
//!   checked by unit tests), so that they inline into operators' try loops.
//! * [`Rng::Lcg32`] — a 32-bit linear congruential generator `s' = a·s + c mod 2^32` whose
//!   multiplier, increment and output rule are written in the rule file. With
//!   `multiplier: 22695477, increment: 1` and the `AbsShift` output it is the generator of
//!   Diablo (1996) (`GenerateRnd` of DevilutionX `Source/engine/random.cpp`; facts in
//!   shared/spec/diablo.md §1.2), so operators that draw in the original order reproduce the
//!   original levels seed for seed.

pub mod draws;
mod jump;
mod local;
mod output;
mod pcg;

pub use local::LcgDraws;
use output::output_below;
pub use output::LcgOutput;
pub use pcg::Pcg128;
use pcg::Zone;
use rand::SeedableRng;
use serde::Deserialize;

/// Resolution of `chance(p)` on a 32-bit LCG: probabilities are rounded to 1/2^15.
const CHANCE_BITS: u32 = 15;
const CHANCE_STEPS: i64 = 1 << CHANCE_BITS;

/// The interface every operator draws random numbers through.
pub trait RandomSource {
    /// A uniform integer in `0..n`. Returns 0 and draws nothing when `n <= 0`
    /// (an empty range is not an error: rule files may compute a bound of zero).
    /// An [`LcgOutput::AbsShift`] generator reproduces its original's one quirk: once in
    /// 2^32 steps the value is negative (see there).
    fn below(&mut self, n: i64) -> i64;
    /// Make `count` draws of `below(n)` and drop their values, as fast as the generator
    /// allows. Returns `false`, having drawn nothing, when one of those draws would have been
    /// outside `0..n` (the rare negative value of [`LcgOutput::AbsShift`]): the caller then
    /// makes the draws itself.
    fn discard_below(&mut self, n: i64, count: u32) -> bool;
    /// `below(b.n())`: the same value and the same stream, with the generator's per-bound
    /// work (PCG's rejection zone) done once in [`Below::new`]. For try loops that draw
    /// against the same bounds many times.
    fn below_prepared(&mut self, b: Below) -> i64;
    /// `rounds` times, one `below` draw for each bound of `bounds` in turn, values dropped:
    /// the stream ends where those draws would leave it. Returns `false`, having drawn
    /// nothing, when the generator cannot make them blind (the rare negative value of
    /// [`LcgOutput::AbsShift`], or more than 2^32 − 1 LCG steps): the caller then makes
    /// the draws itself.
    fn discard_rounds(&mut self, bounds: &[Below], rounds: u32) -> bool;
    /// `true` with probability `p` (clamped to `0..=1`); always draws once.
    fn chance(&mut self, p: f64) -> bool;
    /// `chance(c.p())`: the same result and the same stream, with the comparison turned
    /// into an integer threshold once in [`Chance::new`]. For loops that roll the same
    /// probability many times.
    fn chance_prepared(&mut self, c: Chance) -> bool;
}

/// A probability of [`RandomSource::chance`] prepared for repeated rolls
/// ([`RandomSource::chance_prepared`]). `chance(p)` compares a value `x / 2^k` (`x` an
/// integer in `0..2^k`: `k = 53` for PCG, 15 for an LCG) with `p`; since `p · 2^k` is exact
/// (a scaling by a power of two), `x / 2^k < p` holds exactly when `x < ⌈p · 2^k⌉`, the
/// threshold kept here (0 for `p <= 0` or NaN, `2^k` for `p >= 1`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Chance {
    p: f64,
    /// The threshold on PCG's 53-bit value.
    pcg: u64,
    /// The threshold on an LCG's [`CHANCE_BITS`]-bit value.
    lcg: i64,
}

impl Chance {
    /// Prepare probability `p` (any `f64`).
    pub fn new(p: f64) -> Chance {
        let threshold = |bits: u32| -> u64 {
            let t = p * (1u64 << bits) as f64;
            if t > 0.0 {
                // also for t >= 2^bits: every value is below it
                (t.ceil().min((1u64 << bits) as f64)) as u64
            } else {
                0 // p <= 0 or NaN: never
            }
        };
        Chance {
            p,
            pcg: threshold(pcg::CHANCE_BITS),
            lcg: threshold(CHANCE_BITS) as i64,
        }
    }

    /// The probability.
    #[inline]
    pub fn p(&self) -> f64 {
        self.p
    }
}

/// A bound of [`RandomSource::below`] prepared for repeated draws
/// ([`RandomSource::below_prepared`], [`RandomSource::discard_rounds`]). Any `i64`: a
/// bound `<= 0` draws nothing and gives 0, as `below` does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Below {
    n: i64,
    /// PCG's zone for `n`; unused when `n <= 0`.
    zone: Zone,
}

impl Below {
    /// Prepare bound `n`.
    #[inline]
    pub fn new(n: i64) -> Below {
        let zone = if n > 0 {
            Zone::new(n as u64)
        } else {
            Zone { n: 0, zone: 0 }
        };
        Below { n, zone }
    }

    /// The bound.
    #[inline]
    pub fn n(&self) -> i64 {
        self.n
    }
}

/// Which generator a rule set uses, as written in its `rng:` field.
#[derive(Debug, Clone, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub enum RngSpec {
    /// PCG XSL-RR 128/64, seeded from the 64-bit dungeon seed. The default.
    #[default]
    Pcg64,
    /// `Lcg32(multiplier: A, increment: C, output: ...)`: the state is the seed (which must
    /// be below 2^32; a larger seed is refused, see [`RngSpec::max_seed`]); each step `s = A·s + C mod 2^32`; `output` turns a step into `rnd(n)`.
    Lcg32 {
        /// A, the multiplier (0..2^32).
        multiplier: u32,
        /// C, the increment (0..2^32).
        increment: u32,
        /// How a step becomes a value.
        output: LcgOutput,
    },
}

impl RngSpec {
    /// The largest seed this generator takes: a larger one would wrap onto a smaller seed's
    /// dungeon, so generation refuses it.
    pub fn max_seed(&self) -> u64 {
        match self {
            RngSpec::Pcg64 => u64::MAX,
            RngSpec::Lcg32 { .. } => u32::MAX as u64,
        }
    }

    /// The generator's rule-file name.
    pub fn name(&self) -> &'static str {
        match self {
            RngSpec::Pcg64 => "Pcg64",
            RngSpec::Lcg32 { .. } => "Lcg32",
        }
    }
}

/// A running 32-bit LCG (see [`RngSpec::Lcg32`]).
#[derive(Debug, Clone)]
pub struct Lcg32 {
    /// The current state.
    pub state: u32,
    multiplier: u32,
    increment: u32,
    output: LcgOutput,
    /// The last jump [`Lcg32::discard`] prepared (reused while the count stays the same).
    jump: Option<Box<jump::Jump>>,
}

impl Lcg32 {
    #[inline]
    fn step(&mut self) -> u32 {
        self.state = self
            .state
            .wrapping_mul(self.multiplier)
            .wrapping_add(self.increment);
        self.state
    }

    /// One step; the top [`CHANCE_BITS`] bits of the new state, `0..CHANCE_STEPS`. The
    /// high bits of an LCG mod 2^32 have the full period; bit k alone has period 2^(k+1),
    /// so the low 15 bits would repeat every 2^15 draws.
    #[inline]
    fn high_bits(&mut self) -> i64 {
        (self.step() >> (32 - CHANCE_BITS)) as i64
    }

    /// `count` steps, committed unless one of the states reached is the one that gives
    /// an `AbsShift` output its negative value (`|-2^31| = -2^31`).
    #[inline]
    fn discard(&mut self, count: u32) -> bool {
        const RARE: u32 = 1 << 31;
        // the same count again and again (room budding): one jump, when no state passed
        // can be the rare one (preparing a jump costs about five walks of `count` steps;
        // an odd multiplier is needed to walk back to the rare state's predecessors)
        if (8..=jump::MAX_STEPS).contains(&count) && self.multiplier % 2 == 1 {
            let (a, c) = (self.multiplier, self.increment);
            let j = match &mut self.jump {
                Some(j) => {
                    if j.steps != count {
                        **j = jump::Jump::new(a, c, count, RARE);
                    }
                    j
                }
                slot => slot.insert(Box::new(jump::Jump::new(a, c, count, RARE))),
            };
            let abs = matches!(self.output, LcgOutput::AbsShift { .. });
            if !abs || !j.may_reach(self.state) {
                self.state = j.apply(self.state);
                return true;
            }
        }
        let (a, c) = (self.multiplier, self.increment);
        let step = |s: u32| s.wrapping_mul(a).wrapping_add(c);
        let mut s = self.state;
        let mut rare = false;
        let mut left = count;
        if left >= 8 {
            // four lanes, each four steps at a time: s' = a^4 s + c (a^3 + a^2 + a + 1)
            let (a2, c2) = (a.wrapping_mul(a), c.wrapping_mul(a).wrapping_add(c));
            let (a4, c4) = (a2.wrapping_mul(a2), c2.wrapping_mul(a2).wrapping_add(c2));
            let mut lanes = [0u32; 4];
            for l in &mut lanes {
                s = step(s);
                *l = s;
                rare |= s == RARE;
            }
            left -= 4;
            while left >= 4 {
                for l in &mut lanes {
                    *l = l.wrapping_mul(a4).wrapping_add(c4);
                    rare |= *l == RARE;
                }
                left -= 4;
            }
            s = lanes[3];
        }
        for _ in 0..left {
            s = step(s);
            rare |= s == RARE;
        }
        if rare && matches!(self.output, LcgOutput::AbsShift { .. }) {
            return false;
        }
        self.state = s;
        true
    }

    #[inline]
    fn below(&mut self, n: i64) -> i64 {
        let s = self.step();
        output_below(self.output, s, n)
    }

    /// A copy of the generator for a run of draws ([`LcgDraws`]).
    #[inline(always)]
    pub fn draws(&self) -> LcgDraws {
        LcgDraws::new(self.state, self.multiplier, self.increment, self.output)
    }

    /// Continue from the state a run of draws reached.
    #[inline(always)]
    pub fn resume(&mut self, d: LcgDraws) {
        self.state = d.state();
    }
}

/// A running generator.
#[derive(Debug, Clone)]
pub enum Rng {
    /// PCG XSL-RR 128/64.
    Pcg64(Pcg128),
    /// A 32-bit LCG.
    Lcg32(Lcg32),
}

impl Rng {
    /// Start the generator `spec` from `seed`.
    pub fn new(spec: &RngSpec, seed: u64) -> Rng {
        match spec {
            RngSpec::Pcg64 => Rng::Pcg64(Pcg128::seed_from_u64(seed)),
            RngSpec::Lcg32 {
                multiplier,
                increment,
                output,
            } => Rng::Lcg32(Lcg32 {
                state: seed as u32,
                multiplier: *multiplier,
                increment: *increment,
                output: *output,
                jump: None,
            }),
        }
    }

    /// The LCG's copy for a run of draws ([`LcgDraws`]); `None` for other generators.
    #[inline(always)]
    pub fn lcg_draws(&self) -> Option<LcgDraws> {
        match self {
            Rng::Lcg32(l) => Some(l.draws()),
            Rng::Pcg64(_) => None,
        }
    }

    /// Continue an LCG from the state its run of draws reached (nothing for others).
    #[inline(always)]
    pub fn resume(&mut self, d: LcgDraws) {
        if let Rng::Lcg32(l) = self {
            l.resume(d);
        }
    }

    /// The raw 32-bit state of an LCG (for tests and traces); `None` for other generators.
    pub fn lcg_state(&self) -> Option<u32> {
        match self {
            Rng::Lcg32(l) => Some(l.state),
            Rng::Pcg64(_) => None,
        }
    }
}

impl RandomSource for Rng {
    #[inline]
    fn below(&mut self, n: i64) -> i64 {
        if n <= 0 {
            return 0;
        }
        match self {
            Rng::Pcg64(r) => r.below(Zone::new(n as u64)) as i64,
            Rng::Lcg32(l) => l.below(n),
        }
    }

    #[inline]
    fn below_prepared(&mut self, b: Below) -> i64 {
        if b.n <= 0 {
            return 0;
        }
        match self {
            Rng::Pcg64(r) => r.below(b.zone) as i64,
            Rng::Lcg32(l) => l.below(b.n),
        }
    }

    #[inline]
    fn discard_rounds(&mut self, bounds: &[Below], rounds: u32) -> bool {
        match self {
            Rng::Pcg64(r) => {
                let mut zones = [Zone { n: 0, zone: 0 }; 8];
                let mut k = 0;
                for b in bounds.iter().filter(|b| b.n > 0) {
                    if k == zones.len() {
                        // more bounds than the buffer holds: draw one by one
                        for _ in 0..rounds {
                            for b in bounds.iter().filter(|b| b.n > 0) {
                                r.below(b.zone);
                            }
                        }
                        return true;
                    }
                    zones[k] = b.zone;
                    k += 1;
                }
                r.discard(&zones[..k], rounds);
                true
            }
            // one step per draw, whatever the bound
            Rng::Lcg32(l) => {
                let per_round = bounds.iter().filter(|b| b.n > 0).count() as u32;
                match per_round.checked_mul(rounds) {
                    Some(steps) => l.discard(steps),
                    None => false,
                }
            }
        }
    }

    #[inline]
    fn discard_below(&mut self, n: i64, count: u32) -> bool {
        if n <= 0 {
            return true;
        }
        match self {
            Rng::Pcg64(r) => {
                r.discard(&[Zone::new(n as u64)], count);
                true
            }
            // one step per draw, whatever the bound
            Rng::Lcg32(l) => l.discard(count),
        }
    }

    /// For an LCG: one step, the top 15 bits of the new state (whatever the output rule)
    /// compared with `p · 2^15`. Not through `below(2^15)`: an output rule may use the
    /// unshifted state for a bound that large (`AbsShift` above its `shift_max_bound`), and
    /// the low bits of an LCG are poor (bit k repeats every 2^(k+1) steps).
    #[inline]
    fn chance(&mut self, p: f64) -> bool {
        match self {
            Rng::Pcg64(r) => r.unit() < p,
            Rng::Lcg32(l) => (l.high_bits() as f64) < p * CHANCE_STEPS as f64,
        }
    }

    #[inline]
    fn chance_prepared(&mut self, c: Chance) -> bool {
        match self {
            Rng::Pcg64(r) => r.unit_bits() < c.pcg,
            Rng::Lcg32(l) => l.high_bits() < c.lcg,
        }
    }
}

#[cfg(test)]
mod tests;
