//! Helpers every command shares: seeds, `--param` pairs, loading a rule set.

use std::io::IsTerminal;
use std::path::PathBuf;
use undercroft::ruleset::diag::render;
use undercroft::{Params, RuleSet};

/// Seeds `first`, `first + 1`, ... (`count` of them, fewer if `u64::MAX` is reached).
pub(crate) fn seeds(first: u64, count: u64) -> impl Iterator<Item = u64> {
    (0..count).map_while(move |i| first.checked_add(i))
}

/// Parse `NAME=VALUE` pairs.
pub(crate) fn parse_params(raw: &[String]) -> Result<Params, String> {
    let mut p = Params::new();
    for r in raw {
        let Some((k, v)) = r.split_once('=') else {
            return Err(format!("--param takes NAME=VALUE, found `{r}`"));
        };
        p = p.set(k.trim(), v.trim());
    }
    Ok(p)
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

/// An error message on one line (the failure lists of a Retry go after `;`).
pub(crate) fn one_line(e: &str) -> String {
    e.lines().map(str::trim).collect::<Vec<_>>().join("; ")
}
