//! The check rectangles of a room's size classes, found once per operator: for each budding
//! direction (onward, sideways), each class's check as offsets from the parent's anchor
//! ([`Bud::anchor`](super::step)), and what those checks reach ([`Reach`]). A pair table
//! then only moves them to the parent. Only for operators without wrapping (a wrapped
//! check is not its offsets moved) and with at most four classes.

use super::framed::{Check, Reach};

/// Most classes a shape holds (as [`super::framed`] tabulates).
pub(super) const MOST: usize = 4;

/// Largest size (in cells) a shape is made for: offsets and anchors then stay far from
/// `i32`'s ends.
const MOST_SIZE: i32 = 1 << 20;

/// One direction's checks.
#[derive(Debug, Clone, Copy)]
pub(super) struct Shape {
    /// Class `i`'s check of sizes `(s_i, s_i)`, as offsets from the anchor (unused entries
    /// past the class count are zero).
    pub checks: [Check; MOST],
    /// [`Reach::of`] the checks.
    pub reach: Reach,
}

/// The shapes of both directions: `[onward, sideways]`.
#[derive(Debug, Clone, Copy)]
pub(super) struct Shapes(pub [Shape; 2]);

impl Shapes {
    /// The shapes of an operator's size classes `sizes`, `offset(sideways, s)` giving class
    /// size `s`'s check offsets, `swapped` whether its sideways checks swap width and height
    /// (see [`super::framed::pair_table`]); `None` when it wraps coordinates, there are more than
    /// [`MOST`] classes, a size is 0 or less or above `2^20`, or a check is too tall for
    /// [`super::framed`].
    pub fn new(
        wraps: bool,
        swapped: bool,
        sizes: &[i32],
        offset: impl Fn(bool, i32) -> Check,
    ) -> Option<Shapes> {
        if wraps
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
            let swap = sideways && swapped;
            Some(Shape {
                checks,
                reach: reach_of(swap, &checks[..sizes.len()])?,
            })
        };
        Some(Shapes([shape(false)?, shape(true)?]))
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
