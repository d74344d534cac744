//! Room budding's size draws: the sizes a draw can give, tabulated as classes at compile
//! time, and the search over a room's later size draws that uses them (see
//! [`SizeTable::later_attempts`]). Every draw is made, in the original's order; only the
//! checks are shared between draws that give the same sizes.

use super::pairs::{PairTable, CLASSES};
use crate::engine::state::State;
use crate::rng::RandomSource;

/// Most values of `size_roll` for which the sizes are tabulated.
const TABLE: i64 = 256;

/// One room's size draws and checks, as [`SizeTable::later_attempts`] makes them.
pub trait Attempt {
    /// The sizes `(cw, ch)` a pair of draws gives.
    fn sizes(&self, ra: i64, rc: i64) -> (i32, i32);
    /// Whether the room of sizes `(cw, ch)` passes its check (the layer is not written
    /// between the draws of one room, so the answer depends on the sizes alone).
    fn test(&self, st: &State, cw: i32, ch: i32) -> bool;
    /// [`Attempt::test`] of every pair of `sizes` (`(sizes[a], sizes[c])` as pair
    /// `a * sizes.len() + c`), at once.
    fn table(&self, st: &State, sizes: &[i32]) -> PairTable;
}

/// A drawn size `v` as stored: rounded down to even when `even`, then reduced modulo 2^bits
/// when `wrap` is `2^bits − 1`.
#[inline(always)]
pub fn size_of(v: i64, even: bool, wrap: Option<i32>) -> i32 {
    let v = (if even { v & !1 } else { v }) as i32;
    match wrap {
        Some(m) => v & m,
        None => v,
    }
}

/// The sizes of every draw `0..size_roll`, as distinct classes (for the pair table).
#[derive(Debug, Clone)]
pub struct SizeTable {
    /// The class of each draw.
    of_draw: Box<[u8]>,
    /// The size of each class.
    size: Box<[i32]>,
    /// When every pair of draws is a bit of a word (`size_roll <= 8`) and there are at most
    /// [`PAIR_BITS`] pairs of classes: for each [`PairTable`] (as its bits), the same table
    /// per pair of draws (bit `ra * size_roll + rc` for draws `(ra, rc)`).
    of_pairs: Option<Box<[u64]>>,
}

/// Most values of `size_roll` for which a pair table is also made per pair of draws.
const DRAW_PAIRS: usize = 8;

/// Most pairs of classes for [`SizeTable`]'s tables per pair of draws (`2^PAIR_BITS`
/// entries).
const PAIR_BITS: usize = 10;

impl SizeTable {
    /// The table of the sizes `rnd(size_roll) + size_add` (even when `even`, wrapped by
    /// `wrap`); `None` when `size_roll` is out of `1..=TABLE` or the draws give more than
    /// [`CLASSES`] distinct sizes.
    pub fn new(size_roll: i64, size_add: i64, even: bool, wrap: Option<i32>) -> Option<SizeTable> {
        if !(1..=TABLE).contains(&size_roll) {
            return None;
        }
        let mut size: Vec<i32> = Vec::new();
        let of_draw = (0..size_roll)
            .map(|r| {
                let v = size_of(r + size_add, even, wrap);
                match size.iter().position(|&s| s == v) {
                    Some(i) => i,
                    None => {
                        size.push(v);
                        size.len() - 1
                    }
                }
            })
            .collect::<Vec<_>>();
        if size.len() > CLASSES {
            return None;
        }
        let (k, r) = (size.len(), size_roll as usize);
        let of_pairs = (r <= DRAW_PAIRS && k * k <= PAIR_BITS).then(|| {
            (0..1u64 << (k * k))
                .map(|classes| {
                    let mut draws = 0;
                    for (ra, &a) in of_draw.iter().enumerate() {
                        for (rc, &c) in of_draw.iter().enumerate() {
                            draws |= (classes >> (a * k + c) & 1) << (ra * r + rc);
                        }
                    }
                    draws
                })
                .collect()
        });
        Some(SizeTable {
            of_draw: of_draw.iter().map(|&i| i as u8).collect(),
            size: size.into_boxed_slice(),
            of_pairs,
        })
    }

    /// The size of each class.
    pub fn sizes(&self) -> &[i32] {
        &self.size
    }

    /// Size draws 2..=`attempts` after a failed first one: the layer does not change during
    /// the draws, so whether a size pair passes is the same at every draw, and every pair of
    /// size classes is checked at once ([`Attempt::table`]). When none passes, the draws
    /// before the last make no difference (only the last sizes are used, by the second room)
    /// and are discarded without being looked at (`size_roll` is the bound of each draw).
    /// Every draw is still made, in order. Returns the last sizes drawn and whether they
    /// passed.
    #[inline(always)]
    pub fn later_attempts(
        &self,
        st: &mut State,
        attempts: i64,
        size_roll: i64,
        at: &impl Attempt,
    ) -> (i32, i32, bool) {
        let table = at.table(st, &self.size);
        let mut n = 1;
        if table.is_empty() {
            let skip = (attempts - 2).min(u32::MAX as i64 / 2) as u32;
            if st.rng.discard_below(size_roll, 2 * skip) {
                n += skip as i64;
            }
        }
        // an LCG draws on a copy of its state (no dispatch per draw); with a table per pair
        // of draws, a pair costs one bit test
        if let (Some(of_pairs), Some(mut d)) = (
            self.of_pairs.as_ref().filter(|_| draw_pairs_allowed()),
            st.rng.lcg_draws(),
        ) {
            let bits = table.bits_in(of_pairs);
            let found = self.search_pairs(st, attempts, n, bits, at, |_| d.below(size_roll));
            st.rng.resume(d);
            return found;
        }
        match st.rng.lcg_draws() {
            Some(mut d) => {
                let found = self.search(st, attempts, n, &table, at, |_| d.below(size_roll));
                st.rng.resume(d);
                found
            }
            None => self.search(st, attempts, n, &table, at, |st| st.rng.below(size_roll)),
        }
    }

    /// [`SizeTable::search`] with the table per pair of draws `bits` (see `of_pairs`).
    #[inline(always)]
    fn search_pairs(
        &self,
        st: &mut State,
        attempts: i64,
        mut n: i64,
        bits: u64,
        at: &impl Attempt,
        mut draw: impl FnMut(&mut State) -> i64,
    ) -> (i32, i32, bool) {
        let r = self.of_draw.len() as u64;
        loop {
            let (ra, rc) = (draw(st), draw(st));
            n += 1;
            let ok = if (ra as u64) < r && (rc as u64) < r {
                bits >> (ra as u64 * r + rc as u64) & 1 != 0
            } else {
                let (cw, ch) = at.sizes(ra, rc);
                at.test(st, cw, ch)
            };
            if ok || n >= attempts {
                let (cw, ch) = at.sizes(ra, rc);
                return (cw, ch, ok);
            }
        }
    }

    /// The draws after the `n`-th up to `attempts`, each pair answered by `table` (a
    /// negative draw, §1.2, has no class: checked directly), until one passes.
    #[inline(always)]
    fn search(
        &self,
        st: &mut State,
        attempts: i64,
        mut n: i64,
        table: &PairTable,
        at: &impl Attempt,
        mut draw: impl FnMut(&mut State) -> i64,
    ) -> (i32, i32, bool) {
        let k = self.size.len();
        loop {
            let (ra, rc) = (draw(st), draw(st));
            let (cw, ch) = at.sizes(ra, rc);
            n += 1;
            let ok = match (self.of_draw.get(ra as usize), self.of_draw.get(rc as usize)) {
                (Some(&a), Some(&c)) => table.get(a as usize * k + c as usize),
                _ => at.test(st, cw, ch),
            };
            if ok || n >= attempts {
                return (cw, ch, ok);
            }
        }
    }
}

/// Whether the later draws may read a table per pair of draws (unit tests turn it off to
/// compare with the table per pair of classes).
#[inline(always)]
fn draw_pairs_allowed() -> bool {
    crate::engine::fast_path::allowed(crate::engine::fast_path::FastPath::BudDrawPairs)
}
