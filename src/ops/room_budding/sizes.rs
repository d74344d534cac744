//! Room budding's size draws: the sizes a draw can give, tabulated as classes at compile
//! time, and the search over a room's later size draws that uses them (see
//! [`SizeTable::later_attempts`]). Every draw is made, in the original's order; only the
//! checks are shared between draws that give the same sizes.

use crate::engine::state::State;
use crate::rng::RandomSource;

/// Most distinct sizes for which checks are remembered during one room's size draws.
pub const MEMO: usize = 16;

/// Failed size draws of one room after which every size pair is checked (see
/// [`SizeTable::later_attempts`]).
const LAZY: i64 = 3;

/// Most values of `size_roll` for which the sizes are tabulated.
const TABLE: i64 = 256;

/// One room's size draws and checks, as [`SizeTable::later_attempts`] makes them.
pub trait Attempt {
    /// Draw a size pair: the two draws and the sizes they give.
    fn draw(&self, st: &mut State) -> (i64, i64, i32, i32);
    /// Whether the room of sizes `(cw, ch)` passes its check (the layer is not written
    /// between the draws of one room, so the answer depends on the sizes alone).
    fn test(&self, st: &State, cw: i32, ch: i32) -> bool;
}

/// Remembered checks of size-class pairs (at most `MEMO * MEMO`): two bitsets.
#[derive(Default)]
struct Memo {
    tested: [u64; MEMO * MEMO / 64],
    passed: [u64; MEMO * MEMO / 64],
}

impl Memo {
    /// The answer for pair `key`, from `check` the first time.
    #[inline(always)]
    fn get(&mut self, key: usize, check: impl FnOnce() -> bool) -> bool {
        let (w, bit) = (key / 64, 1u64 << (key % 64));
        if self.tested[w] & bit == 0 {
            self.tested[w] |= bit;
            if check() {
                self.passed[w] |= bit;
            }
        }
        self.passed[w] & bit != 0
    }
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

/// The sizes of every draw `0..size_roll`, as distinct classes (for the check memo).
#[derive(Debug)]
pub struct SizeTable {
    /// The class of each draw.
    of_draw: Box<[u8]>,
    /// The size of each class.
    size: Box<[i32]>,
    /// Number of classes (at most `MEMO`).
    classes: u8,
    /// Every pair of classes (width, height), smallest area first.
    pairs: Box<[(u8, u8)]>,
}

impl SizeTable {
    /// The table of the sizes `rnd(size_roll) + size_add` (even when `even`, wrapped by
    /// `wrap`); `None` when `size_roll` is out of `1..=TABLE` or the draws give more than
    /// [`MEMO`] distinct sizes.
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
        if size.len() > MEMO {
            return None;
        }
        let k = size.len() as u8;
        let mut pairs: Vec<(u8, u8)> = (0..k).flat_map(|a| (0..k).map(move |c| (a, c))).collect();
        pairs.sort_by_key(|&(a, c)| size[a as usize] as i64 * size[c as usize] as i64);
        Some(SizeTable {
            of_draw: of_draw.iter().map(|&i| i as u8).collect(),
            classes: k,
            size: size.into_boxed_slice(),
            pairs: pairs.into_boxed_slice(),
        })
    }

    /// Size draws 2..=`attempts` after a failed first one: the layer does not change during
    /// the draws, so whether a size pair passes is the same at every draw, and it is checked
    /// once per pair of size classes. After [`LAZY`] failed attempts the pairs are checked
    /// until one passes: when none does, the draws before the last make no difference (only
    /// the last sizes are used, by the second room) and are discarded without being looked
    /// at (`size_roll` is the bound of each draw). Every draw is still made, in order.
    /// Returns the last sizes drawn and whether they passed.
    #[inline(always)]
    pub fn later_attempts(
        &self,
        st: &mut State,
        attempts: i64,
        size_roll: i64,
        at: &impl Attempt,
    ) -> (i32, i32, bool) {
        let k = self.classes as usize;
        // the checks made so far, by pair of classes `a * k + c`: tested, and passed
        let mut known = Memo::default();
        let mut n = 1;
        loop {
            let (ra, rc, cw, ch) = at.draw(st);
            n += 1;
            // a negative draw (§1.2) has no class: checked directly
            let ok = match (self.of_draw.get(ra as usize), self.of_draw.get(rc as usize)) {
                (Some(&a), Some(&c)) => {
                    known.get(a as usize * k + c as usize, || at.test(st, cw, ch))
                }
                _ => at.test(st, cw, ch),
            };
            if ok || n >= attempts {
                return (cw, ch, ok);
            }
            if n == LAZY {
                // smallest pairs first: a passing one (which ends the search) is likeliest
                // among them
                let any = self.pairs.iter().any(|&(a, c)| {
                    known.get(a as usize * k + c as usize, || {
                        at.test(st, self.size[a as usize], self.size[c as usize])
                    })
                });
                let skip = (attempts - n - 1).min(u32::MAX as i64 / 2) as u32;
                if !any && st.rng.discard_below(size_roll, 2 * skip) {
                    n += skip as i64;
                }
            }
        }
    }
}
