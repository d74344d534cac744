//! The rule-file forms of the control steps that hold steps (`Retry`, `If`, `ForEach`,
//! `Repeat`, `While`, `Procedure`), generic over the step type `S` so that they live beside
//! the operator contract rather than in the registry that defines the step enum
//! ([`crate::ops::StepDef`] instantiates them). Compiled by `crate::ruleset` (its `steps`
//! module) and run by [`crate::interpreter`].

use crate::ruleset::src::Src;
use serde::Deserialize;

/// `Retry(max: N, steps: [...])`: run the steps; when a `Require` among them fails, restore
/// the state the Retry started from (the random stream continues) and run them again, at
/// most `max` times in all. With `var: "attempt"` the steps read the attempt number (1 on
/// the first run, set after the state is restored, so it survives the restart); with
/// `give_up: true` a Retry whose attempts all failed fails the enclosing `Retry` (which
/// restarts from its own beginning) instead of ending the run with an error.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename = "Retry", bound = "S: Deserialize<'de>")]
pub struct RetryDef<S> {
    /// The most attempts, 1..=10,000,000 (the first run counts as one).
    pub max: Attempts,
    /// A number variable holding the attempt number, 1..=max. Default none.
    #[serde(default)]
    pub var: Option<Src>,
    /// When all `max` attempts failed: `true` fails the enclosing `Retry` (a failure point
    /// of its own, "gave up after N attempts"); `false` ends the run with an error naming the
    /// conditions that kept failing. Default false.
    #[serde(default)]
    pub give_up: bool,
    /// The steps run on every attempt.
    pub steps: Vec<S>,
}

/// A budget of attempts: 1..=10,000,000.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(try_from = "i64")]
pub struct Attempts(pub u32);

impl TryFrom<i64> for Attempts {
    type Error = String;
    fn try_from(v: i64) -> Result<Self, String> {
        if (1..=10_000_000).contains(&v) {
            Ok(Attempts(v as u32))
        } else {
            Err(format!("expected 1..=10000000 attempts, found {v}"))
        }
    }
}

/// A budget of iterations: 1..=10,000,000.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(try_from = "i64")]
pub struct Iterations(pub u32);

impl TryFrom<i64> for Iterations {
    type Error = String;
    fn try_from(v: i64) -> Result<Self, String> {
        if (1..=10_000_000).contains(&v) {
            Ok(Iterations(v as u32))
        } else {
            Err(format!("expected 1..=10000000 iterations, found {v}"))
        }
    }
}

/// `If(cond: "...", then: [...], else: [...])`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename = "If", bound = "S: Deserialize<'de>")]
pub struct IfDef<S> {
    /// The condition, a true/false expression evaluated when the step runs.
    pub cond: Src,
    /// Steps run when the condition holds. Default none.
    #[serde(default)]
    pub then: Vec<S>,
    /// Steps run when it does not (`else` in rule files). Default none.
    #[serde(default, rename = "else")]
    pub otherwise: Vec<S>,
}

/// `ForEach(rooms: "filter", as: "r", steps: [...])`: run `steps` once per item, with the
/// item in the variable `as`. Exactly one source: `rooms` (every room in id order for which
/// the filter expression, evaluated with `as` bound, is true; `"true"` for all; the rooms
/// are chosen when the loop starts), `list` (the items of a list of rooms, areas or cells,
/// in order — the items the steps push onto it while the loop runs are visited too, so a
/// list is a work list) or `markers` (named points, bound as cells; unset markers are
/// skipped). The trace shows one step per iteration.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename = "ForEach", bound = "S: Deserialize<'de>")]
pub struct ForEachDef<S> {
    /// Filter over all rooms: a true/false expression of the loop variable.
    #[serde(default)]
    pub rooms: Option<Src>,
    /// Name of a list (of rooms, areas or cells).
    #[serde(default)]
    pub list: Option<Src>,
    /// Marker names.
    #[serde(default)]
    pub markers: Option<Vec<Src>>,
    /// The loop variable (a room, an area or a cell: the list's items; a cell for markers).
    #[serde(rename = "as")]
    pub var: Src,
    /// The budget: at most this many iterations, 1..=10,000,000; a loop that has more
    /// items ends the run with an error naming it. Default 10,000.
    #[serde(default)]
    pub max: Option<Iterations>,
    /// The steps run per item.
    pub steps: Vec<S>,
}

/// `Repeat(count: "n", var: "i", steps: [...])`: run the steps `count` times, the state
/// carrying over from one iteration to the next (unlike `Retry`). The count is an
/// expression evaluated once, when the loop starts (rounded down; 0 or less runs nothing).
/// The trace shows one step per iteration.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename = "Repeat", bound = "S: Deserialize<'de>")]
pub struct RepeatDef<S> {
    /// How many iterations, a number expression.
    pub count: Src,
    /// A number variable holding the iteration number, 0 on the first. Default none.
    #[serde(default)]
    pub var: Option<Src>,
    /// The budget, 1..=10,000,000: a count above it ends the run with an error naming the
    /// loop. Default 100,000.
    #[serde(default)]
    pub max: Option<Iterations>,
    /// The steps run per iteration.
    pub steps: Vec<S>,
}

/// `While(cond: "...", steps: [...])`: run the steps again and again while the condition
/// holds (it is evaluated before every iteration), the state carrying over. The trace
/// shows one step per iteration.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename = "While", bound = "S: Deserialize<'de>")]
pub struct WhileDef<S> {
    /// The condition, a true/false expression.
    pub cond: Src,
    /// A number variable holding the iteration number, 0 on the first. Default none.
    #[serde(default)]
    pub var: Option<Src>,
    /// The budget, 1..=10,000,000: when the condition still holds after this many
    /// iterations the run ends with an error naming the loop. Default 100,000.
    #[serde(default)]
    pub max: Option<Iterations>,
    /// The steps run per iteration.
    pub steps: Vec<S>,
}

/// `Procedure(name: "split", params: ["leaf: area", "depth: number"], steps: [...])`: a named
/// block of steps that `Call("split", ["inset(grid(), 1)", "5"])` runs, here or anywhere
/// after this definition (defining it runs nothing). Each call has its own parameters and
/// its own copies of the variables its steps set first (others are shared with the rest of
/// the rule file); a procedure may call itself, at most `max_depth` calls deep.
#[derive(Debug, Clone, Deserialize)]
#[serde(
    deny_unknown_fields,
    rename = "Procedure",
    bound = "S: Deserialize<'de>"
)]
pub struct ProcedureDef<S> {
    /// The name `Call` uses.
    pub name: Src,
    /// The parameters, each `"name: type"` with the type one of `number`, `bool`, `room`,
    /// `cell`, `area`, `pair`. Default none.
    #[serde(default)]
    pub params: Vec<Src>,
    /// The most calls in progress at once (this and other procedures) when this one is
    /// called, 1..=1000; deeper, the run ends with an error naming the procedure. Default 100.
    #[serde(default)]
    pub max_depth: Option<Depth>,
    /// The steps.
    pub steps: Vec<S>,
}

/// A depth of calls: 1..=1000.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(try_from = "i64")]
pub struct Depth(pub u32);

impl TryFrom<i64> for Depth {
    type Error = String;
    fn try_from(v: i64) -> Result<Self, String> {
        if (1..=1000).contains(&v) {
            Ok(Depth(v as u32))
        } else {
            Err(format!("expected a depth of 1..=1000 calls, found {v}"))
        }
    }
}
