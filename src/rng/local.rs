//! Draws in a tight loop: [`LcgDraws`], a copy of an LCG's state and constants, so the
//! state stays in a register and nothing is dispatched per draw. Values and stream are
//! those of [`RandomSource::below`](super::RandomSource::below).

use super::output::{output_below, LcgOutput};

/// A copy of an [`Lcg32`](super::Lcg32)'s state and constants for a run of draws. Hand it
/// back with [`Rng::resume`](super::Rng::resume) before the generator draws again.
#[derive(Debug, Clone, Copy)]
pub struct LcgDraws {
    state: u32,
    multiplier: u32,
    increment: u32,
    output: LcgOutput,
}

impl LcgDraws {
    pub(super) fn new(state: u32, multiplier: u32, increment: u32, output: LcgOutput) -> Self {
        LcgDraws {
            state,
            multiplier,
            increment,
            output,
        }
    }

    /// The state reached.
    #[inline(always)]
    pub(super) fn state(&self) -> u32 {
        self.state
    }

    /// One step of the generator: the new state.
    #[inline(always)]
    pub(super) fn step(&mut self) -> u32 {
        self.state = self
            .state
            .wrapping_mul(self.multiplier)
            .wrapping_add(self.increment);
        self.state
    }

    /// `RandomSource::below`: a uniform integer in `0..n`, 0 without a draw when `n <= 0`.
    #[inline(always)]
    pub fn below(&mut self, n: i64) -> i64 {
        if n <= 0 {
            return 0;
        }
        let s = self.step();
        output_below(self.output, s, n)
    }
}
