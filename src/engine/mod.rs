//! The engine: the run-time state of a generation and the machinery around it.
//!
//! * [`state`], [`grid`], [`point`], [`dir`], [`row_masks`], [`bit_planes`], [`shape`],
//!   [`value`], [`tile_grid`], [`tile_set`]:
//!   what operators read and write (grid layers, rooms, doors, markers, variables, the random
//!   stream) and the grid toolkit.
//! * [`walk`]: walking over open cells (distance fields, regions); [`queries`]: the
//!   spatial queries of expressions over them, cached per layer version.
//! * [`row_bits`]: a row of values to the bits of the cells equal to (or other than) a value,
//!   the one way every scan does it.
//! * [`fast_path`]: the switches unit tests use to run an operator without its fast path.
//! * [`budget`]: a run's time budget, which long loops consult.
//! * this module: the small types steps and operators share ([`Flow`], [`StepLabel`],
//!   [`FailurePoint`], [`GenError`]); it depends on nothing else of the crate (it only
//!   re-exports [`State`]).

pub mod bit_planes;
pub mod bit_rows;
pub mod budget;
pub mod dir;
pub mod fast_path;
pub mod grid;
pub mod neighbour_counts;
pub mod point;
pub mod queries;
pub mod regions;
pub mod room_measures;
pub mod row_bits;
pub mod row_flood;
pub mod row_masks;
pub mod row_versions;
pub mod scratch;
pub mod shape;
pub mod short_rows;
pub mod state;
pub mod tile_grid;
pub mod tile_set;
pub mod value;
pub mod walk;

pub use state::State;

/// What a step tells the interpreter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    /// Go on with the next step.
    Continue,
    /// Failure point `id` (see [`crate::ruleset::RuleSet::failure_points`]) did not hold:
    /// restart the innermost `Retry`.
    Fail(u32),
    /// Failure point `id` found that the run can never finish (e.g. a walk that can no
    /// longer reach its goal): end the whole run with [`GenError::Stuck`], no restart.
    Abort(u32),
}

/// Information about an operator step, for traces and the preview.
#[derive(Debug, Clone)]
pub struct StepLabel {
    /// The `Named` name, or the operator's kind.
    pub name: String,
    /// The operator's kind, e.g. "GrowRoomGraph".
    pub kind: &'static str,
    /// `file:line:col` where it is written, when known.
    pub at: String,
}

/// A place that can fail: a `Require` or an operator's own failure.
#[derive(Debug, Clone)]
pub struct FailurePoint {
    /// e.g. "Require `rooms - 1 >= target`".
    pub what: String,
    /// `file:line:col`.
    pub at: String,
}

/// Why a generation ended without a dungeon.
#[derive(Debug, Clone, PartialEq)]
pub enum GenError {
    /// A `Retry` used its whole budget. `failures` lists each failure point with how many
    /// attempts it ended, most frequent first.
    RetryExhausted {
        /// The `Retry` budget (attempts).
        max: u32,
        /// `file:line:col` of the `Retry`.
        at: String,
        /// Each failure point and how many attempts it ended, most frequent first.
        failures: Vec<(String, u32)>,
    },
    /// A `Require` failed outside any `Retry`.
    Failed {
        /// The failure point and where it is written.
        what: String,
    },
    /// A parameter given by the user is unknown, of the wrong type or out of range.
    Param(String),
    /// All `Retry` steps together restarted more than [`MAX_RESTARTS`] times (nested
    /// Retries multiply their budgets; this bounds the whole run).
    TooManyRestarts {
        /// Each failure point and how many attempts it ended, most frequent first.
        failures: Vec<(String, u32)>,
    },
    /// The observer asked to stop (e.g. the preview has a newer request).
    Cancelled,
    /// The run's deadline ([`crate::interpreter::Observer::deadline`]) passed: `at`
    /// says where the run was ("in the step CellularAutomaton at f.ron:4:5", "at a restart
    /// of the Retry at f.ron:3:5").
    TimedOut {
        /// Where the run was when the deadline was seen to pass.
        at: String,
    },
    /// An operator proved that the run can never finish (see [`Flow::Abort`]): `what` names
    /// the step, where it is written and why; `seed` and `params` say which run it was.
    Stuck {
        /// The failure point: the step, where it is written, and why.
        what: String,
        /// The seed of the run.
        seed: u64,
        /// The run's parameters, `name=value` separated by commas.
        params: String,
    },
}

/// Most restarts of all `Retry` steps in one generation.
pub const MAX_RESTARTS: u32 = 2_000_000;

/// One line per failure point: "  Require `x` at file:l:c failed N times".
fn write_failures(f: &mut std::fmt::Formatter<'_>, failures: &[(String, u32)]) -> std::fmt::Result {
    for (what, n) in failures {
        write!(
            f,
            "\n  {what} failed {n} time{}",
            if *n == 1 { "" } else { "s" }
        )?;
    }
    Ok(())
}

impl std::fmt::Display for GenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GenError::RetryExhausted { max, at, failures } => {
                write!(f, "Retry at {at} failed all {max} attempts")?;
                write_failures(f, failures)
            }
            GenError::Failed { what } => write!(f, "{what} failed"),
            GenError::Param(m) => f.write_str(m),
            GenError::TooManyRestarts { failures } => {
                write!(f, "gave up after {MAX_RESTARTS} restarts in one generation")?;
                write_failures(f, failures)
            }
            GenError::Cancelled => f.write_str("cancelled"),
            GenError::TimedOut { at } => write!(f, "out of time {at}"),
            GenError::Stuck { what, seed, params } => {
                write!(f, "{what} (seed {seed}")?;
                if !params.is_empty() {
                    write!(f, ", {params}")?;
                }
                f.write_str(")")
            }
        }
    }
}

impl std::error::Error for GenError {}
