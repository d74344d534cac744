//! `undercroft check`: load rule files, say what each is and list its parameters.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use undercroft::ruleset::diag::render_warnings;
use undercroft::RuleSet;

/// `check`'s arguments.
#[derive(clap::Args)]
pub struct Args {
    /// Rule files to check.
    #[arg(required = true)]
    pub rules: Vec<PathBuf>,
}

/// Check every file (all of them, whatever fails): a line per file and one per parameter
/// on standard output, diagnostics and warnings on standard error. Failure when one does
/// not load.
pub fn run(args: Args) -> ExitCode {
    let mut ok = true;
    for r in &args.rules {
        let Some(rs) = super::common::load(r) else {
            ok = false;
            continue;
        };
        describe(r, &rs);
        if !rs.warnings.is_empty() {
            let colour = std::io::stderr().is_terminal();
            eprint!("{}", render_warnings(&rs.warnings, colour));
        }
    }
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// `FILE: ok — NAME (...)` and the parameters of a loaded rule set: a selecting one names
/// the rule sets it chooses among, any other its operator steps and grid.
fn describe(path: &Path, rs: &RuleSet) {
    if rs.selects() {
        outln!(
            "{}: ok — {} (selects among {})",
            path.display(),
            rs.name,
            rs.choice_names().join(", ")
        );
        for p in &rs.params {
            outln!("  --param {}=…  {}: {}", p.name, p.describe(), p.doc);
        }
        outln!("  and the parameters of the rule set chosen");
        return;
    }
    // (a `Call` has a label for its timeout message; it is not a step of its own)
    let steps = rs.step_labels().iter().filter(|l| l.kind != "Call").count();
    outln!(
        "{}: ok — {} ({} operator step{}, grid {}x{})",
        path.display(),
        rs.name,
        steps,
        if steps == 1 { "" } else { "s" },
        rs.width,
        rs.height
    );
    for p in &rs.params {
        let doc = if p.doc.is_empty() {
            String::new()
        } else {
            format!(": {}", p.doc)
        };
        outln!("  --param {}=…  {}{}", p.name, p.describe(), doc);
    }
}
