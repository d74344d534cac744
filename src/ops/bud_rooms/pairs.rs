//! Which size-class pairs pass one room's check: a bitset filled once, after the room's
//! first failed size draw, and read by every later draw (see
//! [`SizeTable::later_attempts`](super::sizes::SizeTable::later_attempts)).

/// Most size classes a table holds (so at most `CLASSES²` = 64 pairs).
pub const CLASSES: usize = 8;

/// Pair `(a, c)` (width class `a`, height class `c`) of `k` classes is bit `a * k + c`.
#[derive(Default)]
pub struct PairTable {
    bits: u64,
}

impl PairTable {
    /// Mark pair `key` as passing.
    #[inline(always)]
    pub fn set(&mut self, key: usize) {
        self.bits |= 1 << key;
    }

    /// Mark pair `key` as passing when `passes` (without a branch).
    #[inline(always)]
    pub fn set_if(&mut self, key: usize, passes: bool) {
        self.bits |= (passes as u64) << key;
    }

    /// Whether pair `key` passes.
    #[inline(always)]
    pub fn get(&self, key: usize) -> bool {
        self.bits >> key & 1 != 0
    }

    /// The entry of `t` indexed by the table's bits (`t` as long as the tables of its
    /// class count).
    #[inline(always)]
    pub fn bits_in(&self, t: &[u64]) -> u64 {
        t[self.bits as usize]
    }

    /// Whether no pair passes.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.bits == 0
    }
}
