//! Helpers every command shares: seeds, `--param` pairs, loading a rule set.

use std::io::IsTerminal;
use std::path::PathBuf;
pub(crate) use undercroft::batch::{one_line, seeds};
use undercroft::ruleset::diag::render;
use undercroft::{Params, RuleSet};

/// Parse `NAME=VALUE` pairs.
pub(crate) fn parse_params(raw: &[String]) -> Result<Params, String> {
    Params::from_pairs(raw)
}

/// Load a rule set, printing diagnostics on failure.
pub(crate) fn load(path: &PathBuf) -> Option<RuleSet> {
    match RuleSet::load(path) {
        Ok(r) => Some(r),
        Err(d) => {
            eprint!("{}", render(&d.0, std::io::stderr().is_terminal()));
            None
        }
    }
}
