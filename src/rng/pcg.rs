//! PCG XSL-RR 128/64 (O'Neill 2014) and uniform integer sampling, written out here so that
//! operators' innermost draws inline fully and draws whose values are dropped skip work.
//!
//! The stream is that of `rand_pcg` 0.3's `Lcg128Xsl64` (`rand_pcg::Pcg64`): the same
//! multiplier, seeding (`from_seed` reads state and increment from the 32 seed bytes, little
//! endian; `seed_from_u64` is `rand_core` 0.6's default method) and output function. Integer
//! draws reproduce `rand` 0.8's `gen_range(0..n)` (`UniformInt::sample_single_inclusive`):
//! widening multiply of a 64-bit output by `n`, rejected when the low half is above the
//! zone `(n << n.leading_zeros()) - 1`. Unit tests compare both with the crates.

use rand_core::{impls, le, Error, RngCore, SeedableRng};

/// The LCG multiplier of `rand_pcg` 0.3 (`pcg128.rs`).
const MULTIPLIER: u128 = 0x2360_ED05_1FC6_5DA4_4385_DF64_9FCC_F645;

/// A running PCG XSL-RR 128/64 generator.
#[derive(Clone, PartialEq, Eq)]
pub struct Pcg128 {
    state: u128,
    /// Odd.
    increment: u128,
}

impl std::fmt::Debug for Pcg128 {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "Pcg128 {{}}")
    }
}

/// A bound `n >= 1` with its rejection zone, computed once for repeated draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Zone {
    /// The bound.
    pub n: u64,
    /// The largest accepted low half of `output · n`.
    pub zone: u64,
}

impl Zone {
    /// For a power-of-two bound `n = 2^k`, the one output bit that decides rejection: the
    /// low half of `v · n` is `v << k`, above the zone `2^63 − 1` exactly when bit `63 − k`
    /// of `v` is set. `None` for other bounds.
    #[inline]
    fn power_of_two_bit(self) -> Option<u64> {
        self.n
            .is_power_of_two()
            .then(|| (1u64 << 63) >> self.n.trailing_zeros())
    }

    /// The zone of bound `n` (`n >= 1`).
    #[inline]
    pub fn new(n: u64) -> Zone {
        debug_assert!(n >= 1);
        Zone {
            n,
            zone: (n << n.leading_zeros()).wrapping_sub(1),
        }
    }
}

impl Pcg128 {
    #[inline(always)]
    fn step(&mut self) -> u128 {
        self.state = self
            .state
            .wrapping_mul(MULTIPLIER)
            .wrapping_add(self.increment);
        self.state
    }

    /// XSL RR: the two halves xored, rotated right by the top 6 bits.
    #[inline(always)]
    fn output(state: u128) -> u64 {
        let rot = (state >> 122) as u32;
        (((state >> 64) as u64) ^ (state as u64)).rotate_right(rot)
    }

    /// A uniform integer in `0..z.n`.
    #[inline(always)]
    pub fn below(&mut self, z: Zone) -> u64 {
        loop {
            let v = Self::output(self.step());
            let wide = v as u128 * z.n as u128;
            if wide as u64 <= z.zone {
                return (wide >> 64) as u64;
            }
        }
    }

    /// `rounds` times, one [`Pcg128::below`] draw for each zone of `zones` in turn, values
    /// dropped. Only the low half of each product is computed: it alone decides rejection
    /// (for a power-of-two bound, one bit of the output: [`Zone::power_of_two_bit`]).
    #[inline]
    pub fn discard(&mut self, zones: &[Zone], rounds: u32) {
        let generic = |z: Zone| move |v: u64| v.wrapping_mul(z.n) <= z.zone;
        let bit = |b: u64| move |v: u64| v & b == 0;
        let inc = self.increment;
        let s = &mut self.state;
        match *zones {
            // the common shapes (one bound; an x and a y) without the loop over the zones
            [z] => match z.power_of_two_bit() {
                Some(b) => rounds_of(s, inc, rounds, bit(b), |_| true, false),
                None => rounds_of(s, inc, rounds, generic(z), |_| true, false),
            },
            [zx, zy] => match (zx.power_of_two_bit(), zy.power_of_two_bit()) {
                (None, Some(by)) => rounds_of(s, inc, rounds, generic(zx), bit(by), true),
                (Some(bx), None) => rounds_of(s, inc, rounds, bit(bx), generic(zy), true),
                (Some(bx), Some(by)) => rounds_of(s, inc, rounds, bit(bx), bit(by), true),
                (None, None) => rounds_of(s, inc, rounds, generic(zx), generic(zy), true),
            },
            _ => {
                for _ in 0..rounds {
                    for &z in zones {
                        draw(s, inc, generic(z));
                    }
                }
            }
        }
    }
}

/// One discarded draw: steps until `accepts` takes an output.
#[inline(always)]
fn draw(s: &mut u128, inc: u128, accepts: impl Fn(u64) -> bool) {
    loop {
        *s = s.wrapping_mul(MULTIPLIER).wrapping_add(inc);
        if accepts(Pcg128::output(*s)) {
            break;
        }
    }
}

/// `rounds` rounds of one draw by `first` and, when `two`, one by `second`.
#[inline(always)]
fn rounds_of(
    state: &mut u128,
    inc: u128,
    rounds: u32,
    first: impl Fn(u64) -> bool + Copy,
    second: impl Fn(u64) -> bool + Copy,
    two: bool,
) {
    let mut s = *state;
    let mut left = rounds;
    while left != 0 {
        draw(&mut s, inc, first);
        if two {
            draw(&mut s, inc, second);
        }
        left -= 1;
    }
    *state = s;
}

impl SeedableRng for Pcg128 {
    type Seed = [u8; 32];

    /// State from the first 16 bytes, increment (forced odd) from the last 16; then the
    /// increment is added and one step taken, as `rand_pcg` does.
    fn from_seed(seed: Self::Seed) -> Self {
        let mut w = [0u64; 4];
        le::read_u64_into(&seed, &mut w);
        let mut p = Pcg128 {
            state: u128::from(w[0]) | (u128::from(w[1]) << 64),
            increment: (u128::from(w[2]) | (u128::from(w[3]) << 64)) | 1,
        };
        p.state = p.state.wrapping_add(p.increment);
        p.step();
        p
    }
}

impl RngCore for Pcg128 {
    #[inline]
    fn next_u32(&mut self) -> u32 {
        self.next_u64() as u32
    }

    #[inline]
    fn next_u64(&mut self) -> u64 {
        Self::output(self.step())
    }

    fn fill_bytes(&mut self, dest: &mut [u8]) {
        impls::fill_bytes_via_next(self, dest)
    }

    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), Error> {
        self.fill_bytes(dest);
        Ok(())
    }
}
