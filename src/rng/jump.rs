//! Jumping a 32-bit LCG ahead by a fixed number of steps in O(1), for discarding the same
//! number of draws many times (room budding's failed size draws). `n` steps of
//! `s ↦ a·s + c` are one step of `s ↦ A·s + C` with `A = a^n` and
//! `C = c·(a^(n−1) + … + a + 1)` (mod 2^32).
//!
//! Some output rules need to know whether one of the states passed is a particular one
//! (the state whose `AbsShift` output is negative). The states from which `n` steps pass
//! through a state `t` are its `n` predecessors; a bit filter over their top bits answers
//! "certainly not" for almost every start state, and "maybe" sends the caller to the step
//! by step walk.

/// Most steps a [`Jump`] filters predecessors for (beyond, its filter would be too full).
pub const MAX_STEPS: u32 = 256;

/// Bits of the predecessor filter (a power of two).
const FILTER_BITS: usize = 1024;

/// A jump of `steps` steps of one LCG, with the filter of the start states from which
/// those steps pass through one target state.
#[derive(Debug, Clone)]
pub struct Jump {
    /// Steps jumped (0: no jump prepared).
    pub steps: u32,
    /// `a^steps`.
    pub mul: u32,
    /// `c·(a^(steps−1) + … + 1)`.
    pub add: u32,
    /// Bit `s >> 22` set for each start state `s` whose walk of `steps` steps reaches the
    /// target (and a few others: the filter is over the top ten bits).
    filter: [u64; FILTER_BITS / 64],
}

impl Default for Jump {
    fn default() -> Self {
        Jump {
            steps: 0,
            mul: 1,
            add: 0,
            filter: [0; FILTER_BITS / 64],
        }
    }
}

impl Jump {
    /// The jump of `steps` steps (`1..=MAX_STEPS`) of `s ↦ a·s + c`, filtering the start
    /// states that reach `target`. `a` must be odd (every full-period LCG's is).
    pub fn new(a: u32, c: u32, steps: u32, target: u32) -> Jump {
        debug_assert!(a % 2 == 1 && (1..=MAX_STEPS).contains(&steps));
        let (mut mul, mut add) = (1u32, 0u32);
        for _ in 0..steps {
            mul = mul.wrapping_mul(a);
            add = add.wrapping_mul(a).wrapping_add(c);
        }
        // the inverse of `a` mod 2^32 by Newton's iteration (each doubles the bits right)
        let mut inv = a;
        for _ in 0..5 {
            inv = inv.wrapping_mul(2u32.wrapping_sub(a.wrapping_mul(inv)));
        }
        let mut filter = [0u64; FILTER_BITS / 64];
        let mut p = target;
        for _ in 0..steps {
            p = p.wrapping_sub(c).wrapping_mul(inv);
            let bit = (p >> 22) as usize;
            filter[bit / 64] |= 1 << (bit % 64);
        }
        Jump {
            steps,
            mul,
            add,
            filter,
        }
    }

    /// Whether the walk of `steps` steps from `s` may pass through the target (`false`:
    /// it certainly does not).
    #[inline(always)]
    pub fn may_reach(&self, s: u32) -> bool {
        let bit = (s >> 22) as usize;
        self.filter[bit / 64] >> (bit % 64) & 1 != 0
    }

    /// The state `steps` steps after `s`.
    #[inline(always)]
    pub fn apply(&self, s: u32) -> u32 {
        s.wrapping_mul(self.mul).wrapping_add(self.add)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_jump_lands_where_the_steps_do_and_its_filter_holds_every_start_that_meets_the_target() {
        // a full-period LCG (the C standard's example constants)
        let (a, c) = (1103515245u32, 12345u32);
        let step = |s: u32| s.wrapping_mul(a).wrapping_add(c);
        for steps in [1, 2, 7, 36, 255, MAX_STEPS] {
            let target = 1u32 << 31;
            let j = Jump::new(a, c, steps, target);
            // every start state whose walk meets the target is flagged
            let (inv, mut p, mut back) = (inverse(a), target, Vec::new());
            for _ in 0..steps {
                p = p.wrapping_sub(c).wrapping_mul(inv);
                back.push(p);
            }
            for &s in &back {
                assert!(j.may_reach(s), "steps {steps}");
                let mut t = s;
                let mut met = false;
                for _ in 0..steps {
                    t = step(t);
                    met |= t == target;
                }
                assert!(met);
            }
            // jumps equal the walk, and few other states are flagged
            let mut s = 12345u32;
            let mut flagged = 0;
            for _ in 0..2000 {
                let mut t = s;
                for _ in 0..steps {
                    t = step(t);
                }
                assert_eq!(j.apply(s), t);
                flagged += j.may_reach(s) as u32;
                s = s.wrapping_mul(2654435761).wrapping_add(97);
            }
            assert!(
                flagged < 2000 * 2 * steps / FILTER_BITS as u32 + 20,
                "{flagged} flagged, steps {steps}"
            );
        }
    }

    fn inverse(a: u32) -> u32 {
        // the odd residues mod 2^32 form a group of order 2^31: a^(2^31 − 1) = a^(−1)
        let (mut r, mut b, mut e) = (1u32, a, (1u32 << 31) - 1);
        while e > 0 {
            if e & 1 == 1 {
                r = r.wrapping_mul(b);
            }
            b = b.wrapping_mul(b);
            e >>= 1;
        }
        assert_eq!(r.wrapping_mul(a), 1);
        r
    }
}
