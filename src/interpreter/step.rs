//! The compiled steps: what the loader makes of a rule file's step tree and the interpreter
//! runs. Plain data; how each control step runs is in its own module.

use crate::engine::state::ListId;
use crate::lang::Program;
use crate::ops::CompiledOp;

/// A compiled step.
// A step list is built once at load and walked in place; boxing the large `Op` variant
// would add an allocation and a pointer chase per operator step for no gain.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
pub enum Step {
    /// `Let`: store an expression's value in a variable slot.
    Let {
        /// The variable slot written.
        slot: u16,
        /// The value.
        expr: Program,
    },
    /// `Require`/`Check`: fail failure point `id` when the condition is false.
    Require {
        /// The failure point.
        id: u32,
        /// The condition.
        expr: Program,
    },
    /// `Push`: append the value to a list.
    Push {
        /// The list.
        list: ListId,
        /// The value (a room, an area, a cell or a pair of areas).
        expr: Program,
    },
    /// `Call`: run a procedure with arguments.
    Call {
        /// The procedure's index in the rule set.
        proc: u16,
        /// The arguments, one per parameter.
        args: Box<[Program]>,
        /// Its label (the procedure's name and where the call is), for a message when a
        /// time budget ends the run inside it.
        label: u32,
    },
    /// `Retry`: run its steps again until they run without failing.
    Retry(Retry),
    /// `If`: run `then` or `otherwise`.
    If {
        /// The condition.
        cond: Program,
        /// Steps run when it holds.
        then: Vec<Step>,
        /// Steps run when it does not.
        otherwise: Vec<Step>,
    },
    /// `ForEach`: the loop's steps once per item of the source, the item in its variable.
    ForEach(Loop, Source),
    /// `Repeat`: the loop's steps a number of times, the count evaluated when it starts.
    Repeat(Loop, Program),
    /// `While`: the loop's steps while the condition holds.
    While(Loop, Program),
    /// An operator step.
    Op {
        /// Its index in the step labels.
        label: u32,
        /// The compiled operator.
        op: CompiledOp,
    },
}

/// What every compiled loop holds.
#[derive(Debug)]
pub struct Loop {
    /// Its index in the step labels (one trace step per iteration).
    pub label: u32,
    /// The loop variable's slot: the item (`ForEach`) or the iteration number from 0.
    pub var: Option<u16>,
    /// The budget: most iterations.
    pub max: u32,
    /// The failure point that ends the run when the budget is not enough.
    pub over_budget: u32,
    /// The steps run per iteration.
    pub body: Vec<Step>,
}

/// What a `ForEach` iterates over.
#[derive(Debug)]
pub enum Source {
    /// Every room for which the filter holds (evaluated with the loop variable bound), chosen
    /// when the loop starts.
    Rooms(Program),
    /// The rooms of a room list, visited by position while the list is longer.
    List(u16),
    /// The areas or cells of a value list (see `State::value_lists`), visited the same way.
    Values(u16),
    /// Named points, bound as cells.
    Markers(Vec<u16>),
}

/// A compiled `Retry`: run `body` again until it runs without failing, at most `max` times.
#[derive(Debug)]
pub struct Retry {
    /// Most attempts.
    pub max: u32,
    /// `file:line:col` of the `Retry`, for messages.
    pub at: String,
    /// The slot of the attempt-number variable, if any.
    pub var: Option<u16>,
    /// With `give_up`: the failure point reported to the enclosing `Retry` when every
    /// attempt failed.
    pub give_up: Option<u32>,
    /// The steps retried.
    pub body: Vec<Step>,
    /// What a restart restores (see [`Restore::of`]).
    pub restore: Restore,
}

/// What a `Retry` puts back before each new attempt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Restore {
    /// The whole state (but the random stream).
    All,
    /// The lists and tallies, these variables and these tile layers only: the body's steps
    /// write nothing else (see [`Restore::of`]).
    Parts {
        /// The tile layers written, in increasing order.
        layers: Box<[u16]>,
        /// The variable slots written, in increasing order.
        vars: Box<[u16]>,
    },
}

/// A compiled `Procedure`.
#[derive(Debug)]
pub struct Procedure {
    /// Its name, for messages.
    pub name: String,
    /// The variable slots each call has of its own: the parameters, in order, then the
    /// variables its steps set first.
    pub frame: Box<[u16]>,
    /// How many of `frame` are parameters.
    pub params: usize,
    /// The most calls in progress at once (of any procedures) when this one is called.
    pub max_depth: u32,
    /// The failure point that ends the run past `max_depth`.
    pub too_deep: u32,
    /// The steps.
    pub body: Vec<Step>,
}
