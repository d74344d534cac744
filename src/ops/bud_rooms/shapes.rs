//! The check rectangles of a room's size classes, found once per operator: for each budding
//! direction (onward, sideways), each class's check as offsets from the parent's anchor
//! ([`Bud::anchor`](super::step)), and what those checks reach ([`Reach`]). A pair table
//! then only moves them to the parent. Only for operators with at most four classes; with
//! wrapping (`coord_bits`), only for checks no wider or taller than the wrap mask, and only
//! where every field fits unwrapped ([`unwrapped_part`]).
//!
//! Each pair's check is also found as words ([`Shape::table`]): its columns as one mask,
//! and its rows as a range of the window of rows the checks span. When every range holds
//! one row (the pivot: the checks' greatest top row), a range's union is the union of its
//! rows above the pivot and that of the rest: two words of a table of [`ROWS`] unions up
//! from the pivot and [`ROWS`] down from it, made in one pass over the window per parent.

use super::framed::{Check, Frame, Reach, ROWS};
use super::pairs::PairTable;
use crate::engine::row_masks::RowMasks;

/// Most classes a shape holds (as [`super::framed`] tabulates).
pub(super) const MOST: usize = 4;

/// Largest size (in cells) a shape is made for: offsets and anchors then stay far from
/// `i32`'s ends.
const MOST_SIZE: i32 = 1 << 20;

/// One direction's checks.
#[derive(Debug, Clone, Copy)]
pub(super) struct Shape {
    /// [`Reach::of`] the checks.
    pub reach: Reach,
    /// Pair `(a, c)`'s check (index `a * MOST + c`, see [`super::framed::pair_table`]):
    /// its columns as bits from the least x of the checks (`reach.lo.0`).
    cols: [u64; MOST * MOST],
    /// Pair `(a, c)`'s rows: the entries of [`Shape::table`]'s unions whose union they are
    /// (its top row's, `< ROWS`, and its bottom row's, `>= ROWS`).
    ends: [(u8, u8); MOST * MOST],
    /// The window: its rows from the reach's least y (at most [`ROWS`]), and its pivot row
    /// (in `0..rows`).
    rows: u8,
    pivot: u8,
}

/// The shapes of both directions: `[onward, sideways]`.
#[derive(Debug, Clone, Copy)]
pub(super) struct Shapes(pub [Shape; 2]);

impl Shapes {
    /// The shapes of an operator's size classes `sizes`, `offset(sideways, s)` giving class
    /// size `s`'s check offsets, `swapped` whether its sideways checks swap width and height
    /// (see [`super::framed::pair_table`]), `wrap` the wrap mask (`2^bits − 1`) when it
    /// wraps coordinates; `None` when a wrapped check could be wider or taller than `wrap`
    /// (a size + 2 above it), there are more than [`MOST`] classes, a size is 0 or less or
    /// above `2^20`, a check is too tall for [`super::framed`], the checks span more than 64
    /// columns or [`ROWS`] rows, or no row is in every check.
    pub fn new(
        wrap: Option<i32>,
        swapped: bool,
        sizes: &[i32],
        offset: impl Fn(bool, i32) -> Check,
    ) -> Option<Shapes> {
        if wrap.is_some_and(|m| sizes.iter().any(|&s| s > m - 2))
            || sizes.is_empty()
            || sizes.len() > MOST
            || sizes.iter().any(|&s| s <= 0 || s > MOST_SIZE)
        {
            return None;
        }
        let shape = |sideways: bool| -> Option<Shape> {
            let mut checks = [(0, 0, 0, 0); MOST];
            for (c, &s) in checks.iter_mut().zip(sizes) {
                *c = offset(sideways, s);
            }
            let (swap, k) = (sideways && swapped, sizes.len());
            let reach = reach_of(swap, &checks[..k])?;
            // every pair's rectangle (`Reach::of` checked that the sizes are positive)
            let pair = |a: usize, c: usize| -> Check {
                let ((x, _, wa, ha), (_, y, wc, hc)) = (checks[a], checks[c]);
                if swap {
                    (x, y, wc, ha)
                } else {
                    (x, y, wa, hc)
                }
            };
            let (lo_x, lo_y) = reach.lo;
            let pivot = (0..k).map(|c| checks[c].1).max()?;
            let (mut cols, mut ends, mut rows) = ([0; MOST * MOST], [(0, 0); MOST * MOST], 0);
            for a in 0..k {
                for c in 0..k {
                    let (x, y, w, h) = pair(a, c);
                    let (top, bottom) = (y - lo_y, y + h - 1 - lo_y);
                    if x - lo_x + w > 64 || bottom >= ROWS as i32 || y + h <= pivot {
                        return None;
                    }
                    cols[a * MOST + c] = (u64::MAX >> (64 - w)) << (x - lo_x);
                    ends[a * MOST + c] = (top as u8, ROWS as u8 + bottom as u8);
                    rows = rows.max(bottom as u8 + 1);
                }
            }
            Some(Shape {
                reach,
                cols,
                ends,
                rows,
                pivot: (pivot - lo_y) as u8,
            })
        };
        Some(Shapes([shape(false)?, shape(true)?]))
    }
}

/// The part of frame `f` where a wrapping operator's checks are answered as their offsets
/// moved, as without wrapping: `f` itself without wrapping. With it, every stored field is
/// its exact value reduced modulo 2^bits (the fields are sums and differences of stored
/// values, and `v & wrap` is that reduction), and sizes are at most `wrap`
/// ([`Shapes::new`]), so a check whose exact coordinates lie in `0..=wrap` is stored
/// unchanged; one whose exact coordinate `c` is negative is stored at `c + 2^bits`, beyond
/// the area's end `end` (`(x1, y1)`) when `c >= end - 2^bits`, where it fails — as the masks'
/// guard band makes it fail (frame `f` answers an unwrapped check beside the area with a
/// failure). So the part is `f` within `max(f's start, min(0, end - 2^bits))..=wrap` each
/// way.
pub(super) fn unwrapped_part(f: Frame, wrap: Option<i32>, end: (i32, i32)) -> Frame {
    match wrap {
        Some(m) => {
            let span = m as i64 + 1;
            let low = |start: i64, end: i32| start.max((end as i64 - span).min(0));
            (
                low(f.0, end.0),
                low(f.1, end.1),
                f.2.min(span),
                f.3.min(span),
            )
        }
        None => f,
    }
}

/// [`Reach::of`] for a run-time class count and swap flag.
fn reach_of(swap: bool, checks: &[Check]) -> Option<Reach> {
    fn k<const SWAP: bool>(c: &[Check]) -> Option<Reach> {
        match c.len() {
            1 => Reach::of::<SWAP, 1>(c.try_into().ok()?),
            2 => Reach::of::<SWAP, 2>(c.try_into().ok()?),
            3 => Reach::of::<SWAP, 3>(c.try_into().ok()?),
            4 => Reach::of::<SWAP, 4>(c.try_into().ok()?),
            _ => None,
        }
    }
    if swap {
        k::<true>(checks)
    } else {
        k::<false>(checks)
    }
}

impl Shape {
    /// [`super::framed::pair_table`] of this shape's first `K` classes for a parent whose
    /// anchor is `(ax, ay)` (kept far from `i32`'s ends), on guarded masks of frame `frame`;
    /// `None` when a check may leave the frame. Pair `(a, c)` passes when the union of its
    /// rows (two words of the window's unions, see the module doc) ANDed with its columns
    /// is 0.
    #[inline(always)]
    pub(super) fn table<const K: usize>(
        &self,
        masks: &RowMasks,
        frame: Frame,
        ax: i32,
        ay: i32,
    ) -> Option<PairTable> {
        const { assert!(K <= MOST && ROWS.is_power_of_two() && ROWS <= 128) };
        let reach = self.reach.moved(ax, ay);
        if reach.leaves(frame) {
            return None;
        }
        let mut t = PairTable::default();
        if reach.shared_taken(masks) {
            return Some(t);
        }
        // inside the frame: the least x's bit is in 0..64, the window's rows in the frame;
        // `unions[i]` (i < ROWS) is the union of window rows i..pivot, `unions[ROWS + i]`
        // that of rows pivot..=i
        let shift = masks.bit(reach.lo.0) as u32;
        let window = masks.rows_down(reach.lo.1, self.rows as usize);
        let pivot = self.pivot as usize;
        let mut unions = [0u64; 2 * ROWS];
        let mut u = 0;
        for i in (0..pivot.min(ROWS)).rev() {
            u |= window[i];
            unions[i] = u;
        }
        u = 0;
        for (i, &r) in window.iter().enumerate().skip(pivot).take(ROWS) {
            u |= r;
            unions[ROWS + i] = u;
        }
        for a in 0..K {
            for c in 0..K {
                let i = a * MOST + c;
                let (top, bottom) = self.ends[i];
                let rows = unions[top as usize % (2 * ROWS)] | unions[bottom as usize % (2 * ROWS)];
                t.set_if(a * K + c, rows & self.cols[i] << shift == 0);
            }
        }
        Some(t)
    }
}
