//! The compiled form of `BudRooms` (see the parent module for the technique), in its own
//! file so the budding step can name it without importing the operator module.

use super::shapes::Shapes;
use super::sizes::SizeTable;
use crate::lang::Program;
use crate::operator::args::Rect;
use crate::operator::knobs::Knobs;

/// A room to bud from: `(x, y, w, h, dir)`.
pub(super) type Room = (i32, i32, i32, i32, i32);

/// Compiled `BudRooms`.
#[derive(Debug, Clone)]
pub struct Compiled {
    pub(super) layer: u16,
    pub(super) value: u16,
    pub(super) parents: Vec<(Rect, Option<Program>)>,
    pub(super) dir: Program,
    pub(super) axis_roll: i64,
    pub(super) size_roll: i64,
    pub(super) size_add: i64,
    pub(super) size_even: bool,
    pub(super) attempts: i64,
    pub(super) swapped: bool,
    pub(super) area: Option<Rect>,
    pub(super) reject_edge: bool,
    /// `2^bits − 1` when coordinates wrap.
    pub(super) wrap: Option<i32>,
    /// The sizes tabulated, when `size_roll` is small and gives few distinct sizes.
    pub(super) sizes: Option<SizeTable>,
    /// The size classes' check rectangles per direction, without wrapping.
    pub(super) shapes: Option<Shapes>,
    /// The fields written as expressions.
    pub(super) knobs: Knobs<Compiled>,
}
crate::has_knobs!(Compiled);
