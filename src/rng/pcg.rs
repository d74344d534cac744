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

/// Bits of an output that make a `[0, 1)` double (its significand and the hidden bit).
pub const CHANCE_BITS: u32 = 53;

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

    /// The 53 (`CHANCE_BITS`) high bits of the next output: the integer behind `rand` 0.8's
    /// `gen::<f64>()` (`Standard` for `f64`), which is this value times `2^-53`.
    #[inline(always)]
    pub fn unit_bits(&mut self) -> u64 {
        Self::output(self.step()) >> (64 - CHANCE_BITS)
    }

    /// `rand` 0.8's `gen::<f64>()`: a uniform double in `[0, 1)` from 53 random bits. The
    /// integer is below 2^53, so the conversion through `i64` (one instruction) is exact.
    #[inline(always)]
    pub fn unit(&mut self) -> f64 {
        self.unit_bits() as i64 as f64 * (1.0 / (1u64 << CHANCE_BITS) as f64)
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
    /// dropped. Only the low half of each product is computed: it alone decides rejection.
    /// One or two zones (the common shapes: one bound; an x and a y) go through
    /// `Pcg128::discard_alternating`; more, one draw after the other.
    #[inline]
    pub fn discard(&mut self, zones: &[Zone], rounds: u32) {
        match *zones {
            [z] => self.discard_alternating([z, z], rounds as u64),
            [zx, zy] => self.discard_alternating([zx, zy], 2 * rounds as u64),
            _ => {
                for _ in 0..rounds {
                    for &z in zones {
                        loop {
                            let v = Self::output(self.step());
                            if v.wrapping_mul(z.n) <= z.zone {
                                break;
                            }
                        }
                    }
                }
            }
        }
    }

    /// `draws` discarded draws against `zones[0]`, `zones[1]`, `zones[0]`, ... in turn
    /// (`draws` even when the zones differ). Without a branch on the outputs: a step's
    /// output either completes the current draw (the zone of its parity, `left & 1`, takes
    /// it) or not, and `left` counts the draws still to make. While two or more remain, the
    /// next two steps are both taken whatever they give, so they are computed side by side
    /// from the same state (`s + 1 = M s + c`, `s + 2 = M² s + (M + 1) c`), which halves
    /// the chain of 128-bit multiplications the loop waits on. Each output is judged
    /// against both zones at once (bit `k` of its verdict: zone of parity `k` takes it),
    /// off that chain; what waits on the previous step is only picking the verdict bit of
    /// the current parity, a shift and a subtraction.
    #[inline]
    fn discard_alternating(&mut self, zones: [Zone; 2], draws: u64) {
        // parity of `left` -> zone: the first draw (left = draws) is zones[0]
        let first = (draws & 1) as usize;
        let mut n = [0u64; 2];
        let mut zone = [0u64; 2];
        n[first] = zones[0].n;
        zone[first] = zones[0].zone;
        n[first ^ 1] = zones[1].n;
        zone[first ^ 1] = zones[1].zone;
        let inc = self.increment;
        let inc2 = inc.wrapping_mul(MULTIPLIER.wrapping_add(1));
        let mut s = self.state;
        let mut left = draws;
        let verdicts = |v: u64| {
            (v.wrapping_mul(n[0]) <= zone[0]) as u64
                | ((v.wrapping_mul(n[1]) <= zone[1]) as u64) << 1
        };
        let take = |verdicts: u64, left: u64| verdicts >> (left & 1) & 1;
        while left >= 2 {
            let s1 = s.wrapping_mul(MULTIPLIER).wrapping_add(inc);
            let s2 = s.wrapping_mul(MULTIPLIER_2).wrapping_add(inc2);
            let (v1, v2) = (verdicts(Self::output(s1)), verdicts(Self::output(s2)));
            left -= take(v1, left);
            left -= take(v2, left);
            s = s2;
        }
        while left != 0 {
            s = s.wrapping_mul(MULTIPLIER).wrapping_add(inc);
            left -= take(verdicts(Self::output(s)), left);
        }
        self.state = s;
    }
}

/// `MULTIPLIER²` mod 2^128: two steps at once.
const MULTIPLIER_2: u128 = MULTIPLIER.wrapping_mul(MULTIPLIER);

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
