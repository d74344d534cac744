//! The operator contract and what operators share.
//!
//! An operator is one generic technique, one file in [`crate::ops`] named after it (the snake
//! case of its rule-file name: `BudRooms` in `ops/bud_rooms.rs`), listed once in that module's
//! registry. The file holds two types and two trait impls:
//!
//! * `Params`, what a rule file writes (serde, `deny_unknown_fields`, a `///` doc on every
//!   field with its unit and default), implementing [`Operator`]: compile it once at load;
//! * `Compiled`, names resolved to indices and expressions compiled, implementing [`Runnable`]:
//!   run it on a [`State`], and say what it writes.
//!
//! Tile operators declare their parameters with [`tile_params!`](crate::tile_params), which
//! adds the common tile header (`layer`, `area`, `when`, `protected`) compiled by
//! [`header::TileHeader`].
//!
//! Beside the contract: the parameter kinds rule files write ([`args`]: areas, tiles, the
//! tile header; [`knobs`]: number fields that take an expression), the rule-file forms of
//! the control steps ([`control`]), the reference `undercroft ops` prints ([`docs`]) and the
//! unit-test helpers (`testing`). Directions are the grid toolkit's
//! [`Dir`](crate::engine::dir::Dir).

pub mod args;
pub mod control;
pub mod docs;
pub mod header;
pub mod knobs;
pub mod num_var;
#[cfg(test)]
pub(crate) mod testing;

use crate::engine::state::State;
use crate::engine::Flow;
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;

/// The rule-file form of an operator (its `Params`): what a designer writes, compiled once
/// when the rule set loads. The one-line summary of an operator is its doc line in the
/// registry ([`crate::ops`]), the one source of `undercroft ops`, the preview and the docs.
pub trait Operator {
    /// The compiled form, run by the interpreter.
    type Compiled: Runnable;

    /// The located string that messages about the step point at (its position is the step's
    /// position in messages and traces): the field that best names what the step works on,
    /// such as its layer or its list. `None` when the step has no located string.
    fn anchor(&self) -> Option<&Src>;

    /// Resolve names to indices and compile expressions, reporting every problem to `cx`
    /// (file, line, column, message, nearest valid name). `None` when anything was
    /// reported: a step that did not compile never runs.
    fn compile(&self, cx: &mut Cx) -> Option<Self::Compiled>;
}

/// The compiled form of an operator: immutable, shared by every run of the rule set.
pub trait Runnable {
    /// Runnable the technique once on the state: read and write its layers, rooms, doors,
    /// markers, variables and lists, draw from its random stream. [`Flow::Fail`] restarts
    /// the innermost `Retry` (a failure point the operator registered when it compiled),
    /// [`Flow::Abort`] ends the run.
    fn run(&self, st: &mut State) -> Flow;

    /// What [`Runnable::run`] may write. The default, [`Writes::Anything`], is always correct:
    /// a `Retry` around the step then restores the whole state on a restart. An operator
    /// that writes only some tile layers and variables says so, and a restart copies back
    /// only those (tests/suite/writes.rs runs every operator of the shipped rule sets and
    /// fails when a step changes anything its declaration leaves out).
    fn writes(&self) -> Writes<'_> {
        Writes::Anything
    }
}

/// What an operator writes ([`Runnable::writes`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Writes<'a> {
    /// Anything in the state: rooms, doors, markers, lists, variables, layers.
    Anything,
    /// Only these tile layers and variable slots (the random stream aside, which a restart
    /// never rewinds).
    Only {
        /// Tile layers.
        layers: &'a [u16],
        /// Variable slots.
        vars: &'a [u16],
    },
}

impl<'a> Writes<'a> {
    /// Only the tile layers `layers`.
    pub fn layers(layers: &'a [u16]) -> Writes<'a> {
        Writes::Only { layers, vars: &[] }
    }

    /// Only the variable slots `vars`.
    pub fn vars(vars: &'a [u16]) -> Writes<'a> {
        Writes::Only { layers: &[], vars }
    }
}
