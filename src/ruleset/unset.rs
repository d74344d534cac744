//! The state [`super::causes`] keeps in the compile context (a leaf module, so that the
//! context can hold it without importing the code that uses it).

use super::diag::Diagnostic;
use std::collections::BTreeSet;

/// The variables that may be unset at a point of the compile, and how many were declared.
pub(crate) struct Mark {
    pub(super) unset: BTreeSet<u16>,
    pub(super) vars: usize,
}

/// What the compile context knows of earlier problems and of variables that may be unset.
#[derive(Debug, Default)]
pub(crate) struct Causes {
    /// A step failed to compile (and was reported).
    pub(crate) step_failed: bool,
    /// The rule set has `tile_glyphs`, which failed to compile (and were reported).
    pub(crate) glyphs_failed: bool,
    /// Variable slots that may be unset where the compile is.
    pub(super) unset: BTreeSet<u16>,
    /// The conjuncts of the conditions of the `If`s whose `then` the compile is in
    /// (whitespace removed).
    pub(super) guards: Vec<String>,
    /// Slots already warned about (one warning per variable).
    pub(super) warned: BTreeSet<u16>,
    /// Reads of variables that may be unset.
    pub(crate) warnings: Vec<Diagnostic>,
}
