//! The pair table of a room's size classes on guarded row masks
//! ([`RowMasks::guarded`]): when every pair's check rectangle lies inside the masks' frame,
//! its cells alone decide it (a check leaving the area covers a guard cell, one starting on
//! a refused edge covers a pinned one), so a pair costs one AND with the union of its rows.
//! The number of classes is a constant here, so the loops unroll.

use super::pairs::PairTable;
use crate::engine::row_masks::RowMasks;

/// Most rows a check may span here (taller ones go to the general table).
pub(super) const ROWS: usize = 16;

/// A check rectangle `(x, y, w, h)` as stored, in cells.
pub(super) type Check = (i32, i32, i32, i32);

/// The frame `(x0, y0, x1, y1)` of the masks, in cells (ends exclusive).
pub(super) type Frame = (i64, i64, i64, i64);

/// What a table's checks reach, found once per set of checks (at compile time for the
/// check offsets of an operator without wrapping, see [`Reach::moved`]).
#[derive(Debug, Clone, Copy)]
pub(super) struct Reach {
    /// The least x and the least y of the checks.
    pub(super) lo: (i32, i32),
    /// The greatest x plus the greatest width, the greatest y plus the greatest height:
    /// every pair's far edges are at most these.
    pub(super) hi: (i32, i32),
    /// The cells every pair's check covers, `(x0, y0, x1, y1)` (ends exclusive; empty
    /// when `x0 >= x1` or `y0 >= y1`).
    shared: (i32, i32, i32, i32),
    /// The tallest check's height.
    pub(super) max_h: i32,
}

impl Reach {
    /// The reach of `checks` (as [`pair_table`] takes them); `None` when a check has a size
    /// of 0 or less or is taller than [`ROWS`].
    #[inline(always)]
    pub(super) fn of<const SWAP: bool, const K: usize>(checks: &[Check; K]) -> Option<Reach> {
        let (mut lo, mut hi) = (
            (i32::MAX, i32::MAX, i32::MAX, i32::MAX),
            (i32::MIN, i32::MIN, 0, 0),
        );
        let (mut ix0, mut iy0, mut ix1, mut iy1) = (i32::MIN, i32::MIN, i32::MAX, i32::MAX);
        for &(x, y, w, h) in checks {
            lo = (lo.0.min(x), lo.1.min(y), lo.2.min(w), lo.3.min(h));
            hi = (hi.0.max(x), hi.1.max(y), hi.2.max(w), hi.3.max(h));
            (ix0, iy0) = (ix0.max(x), iy0.max(y));
            if !SWAP {
                (ix1, iy1) = (ix1.min(x.saturating_add(w)), iy1.min(y.saturating_add(h)));
            }
        }
        // with `SWAP`, a pair's x and extent come from different classes
        if SWAP {
            (ix1, iy1) = (lo.0.saturating_add(lo.2), lo.1.saturating_add(lo.3));
        }
        if lo.2 <= 0 || lo.3 <= 0 || hi.3 as usize > ROWS {
            return None;
        }
        Some(Reach {
            lo: (lo.0, lo.1),
            hi: (hi.0.saturating_add(hi.2), hi.1.saturating_add(hi.3)),
            shared: (ix0, iy0, ix1, iy1),
            max_h: hi.3,
        })
    }

    /// Whether a check may leave `frame`.
    #[inline(always)]
    pub(super) fn leaves(&self, frame: Frame) -> bool {
        let (x0, y0, x1, y1) = frame;
        (self.lo.0 as i64) < x0
            || (self.lo.1 as i64) < y0
            || self.hi.0 as i64 > x1
            || self.hi.1 as i64 > y1
    }

    /// Whether a cell every pair's check covers is taken (checks inside the frame): then no
    /// pair passes (in a crowded area most tables are empty, and this answers about a
    /// quarter of them).
    #[inline(always)]
    pub(super) fn shared_taken(&self, masks: &RowMasks) -> bool {
        let (ix0, iy0, ix1, iy1) = self.shared;
        ix0 < ix1 && iy0 < iy1 && !masks.free_in_frame(ix0, iy0, ix1 - ix0, iy1 - iy0)
    }

    /// The reach of the same checks moved by `(dx, dy)` cells.
    #[inline(always)]
    pub(super) fn moved(&self, dx: i32, dy: i32) -> Reach {
        let (x, y) = (|v: i32| v.wrapping_add(dx), |v: i32| v.wrapping_add(dy));
        let (x0, y0, x1, y1) = self.shared;
        Reach {
            lo: (x(self.lo.0), y(self.lo.1)),
            hi: (x(self.hi.0), y(self.hi.1)),
            shared: (x(x0), y(y0), x(x1), y(y1)),
            max_h: self.max_h,
        }
    }
}

/// Which pairs of `K` size classes pass, pair `(a, c)` (width class `a`, height class `c`)
/// being bit `a * K + c`. `checks[i]` is the check rectangle of sizes `(s_i, s_i)`: its x
/// depends on the width class alone and its y on the height class alone; its width on the
/// width class and its height on the height class, or with `SWAP` the other way round;
/// `reach` is [`Reach::of`] them. `None` when a check may leave the frame (the caller then
/// answers pair by pair).
#[allow(clippy::needless_range_loop)]
#[inline(always)]
pub(super) fn pair_table<const SWAP: bool, const K: usize>(
    masks: &RowMasks,
    frame: Frame,
    checks: &[Check; K],
    reach: &Reach,
) -> Option<PairTable> {
    if reach.leaves(frame) {
        return None;
    }
    let mut t = PairTable::default();
    if reach.shared_taken(masks) {
        return Some(t);
    }
    let mut unions = [0u64; ROWS];
    for c in 0..K {
        let (_, y, w_c, h_c) = checks[c];
        if SWAP {
            // the height comes from the width class: every union down to the tallest
            masks.unions_down(y, &mut unions[..reach.max_h as usize]);
            for a in 0..K {
                let (x, _, _, h) = checks[a];
                if unions[h as usize - 1] & masks.columns(x, w_c) == 0 {
                    t.set(a * K + c);
                }
            }
        } else {
            let u = masks.union(y, h_c);
            for a in 0..K {
                let (x, _, w, _) = checks[a];
                if u & masks.columns(x, w) == 0 {
                    t.set(a * K + c);
                }
            }
        }
    }
    Some(t)
}
