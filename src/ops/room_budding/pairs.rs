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

    /// Whether pair `key` passes.
    #[inline(always)]
    pub fn get(&self, key: usize) -> bool {
        self.bits >> key & 1 != 0
    }

    /// Whether no pair passes.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.bits == 0
    }
}
