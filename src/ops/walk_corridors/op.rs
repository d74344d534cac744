//! The compiled form of `WalkCorridors` and the walker's state (see the parent module for
//! the technique), in a file of their own so the move loop (`moves.rs`) can name them
//! without importing the operator module.

use crate::engine::grid::Rect;
use crate::operator::args::I32;
use crate::operator::header::TileHeader;
use crate::operator::knobs::Knobs;
use crate::ruleset::compile::Cx;
use serde::Deserialize;

/// `(per_cell: 2, max: 30)`: a turn chance growing with the distance to the goal, capped.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SteerDef {
    /// Roll threshold added per cell of distance.
    pub per_cell: I32,
    /// Largest threshold.
    pub max: I32,
}

/// A compiled [`SteerDef`].
#[derive(Debug, Clone, Copy)]
pub struct Steer {
    /// Roll threshold added per cell of distance.
    pub per_cell: i32,
    /// Largest threshold.
    pub max: i32,
}

impl SteerDef {
    /// The literals now; expressions through `k` (`x`: the horizontal one).
    pub(super) fn compile(&self, cx: &mut Cx, k: &mut Knobs<Compiled>, x: bool) -> Steer {
        let (per_cell, max) = if x {
            (
                self.per_cell
                    .get(cx, k, |c, v| c.steer_x.per_cell = v as i32),
                self.max.get(cx, k, |c, v| c.steer_x.max = v as i32),
            )
        } else {
            (
                self.per_cell
                    .get(cx, k, |c, v| c.steer_y.per_cell = v as i32),
                self.max.get(cx, k, |c, v| c.steer_y.max = v as i32),
            )
        };
        Steer {
            per_cell: per_cell as i32,
            max: max as i32,
        }
    }
}

/// Compiled `WalkCorridors`.
#[derive(Debug, Clone)]
pub struct Compiled {
    pub(super) head: TileHeader,
    pub(super) halls: u16,
    pub(super) empty: u16,
    pub(super) wall: u16,
    pub(super) door: u16,
    pub(super) hall: u16,
    pub(super) corners: [u16; 4],
    pub(super) widen_roll: i64,
    pub(super) widen_percent: i64,
    pub(super) turn_roll: i64,
    pub(super) steer_x: Steer,
    pub(super) steer_y: Steer,
    pub(super) align_within: i32,
    pub(super) margin: i32,
    pub(super) trap_check: u64,
    pub(super) stuck: u32,
    /// The fields written as expressions.
    pub(super) knobs: Knobs<Compiled>,
}
crate::has_knobs!(Compiled);

/// A walker: cell, heading, inside a room.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Walker {
    pub(super) x: i32,
    pub(super) y: i32,
    pub(super) d: u8,
    pub(super) inside: bool,
}

/// One segment's constants.
pub(super) struct Walk {
    /// The area the walker stays in.
    pub(super) bounds: Rect,
    pub(super) goal: (i32, i32),
    pub(super) start: (i32, i32),
    pub(super) minus: bool,
    pub(super) plus: bool,
}
