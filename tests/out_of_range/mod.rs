//! Operator fields that once clamped, rounded or saturated an out-of-range number now refuse
//! it, naming the step, the field, the text and the range: a literal when the rule set loads
//! (`check` reports it), a computed value when the step runs (the run ends naming the step).
//! One snapshot per operator: the load errors (message and position), then the run errors.

use super::{gen_err, load_text_err};
use crate::common::edit;

/// BASE with `step` added after its first step.
fn with(step: &str) -> String {
    edit(
        "Let(\"target\", \"min(20, 5 + level * 2.6)\"),",
        &format!("Let(\"target\", \"min(20, 5 + level * 2.6)\"),\n        {step},"),
    )
}

/// The messages and positions of loading BASE with `step` (the source excerpts left out).
fn at_load(step: &str) -> String {
    let text = load_text_err(&with(step));
    let lines: Vec<&str> = (text.lines())
        .filter(|l| l.contains('×') || l.contains("╭─["))
        .map(str::trim)
        .collect();
    lines.join("\n")
}

/// The run error of BASE with `step` (`level` is 1).
fn at_run(step: &str) -> String {
    gen_err(&with(step))
}

/// Load errors of each step in `load`, then run errors of each in `run`.
fn table(load: &[&str], run: &[&str]) -> String {
    let mut out: Vec<String> = load.iter().map(|s| at_load(s)).collect();
    out.extend(run.iter().map(|s| at_run(s)));
    out.join("\n")
}

#[test]
fn noise_fill() {
    let nf = |v: &str, d: &str, o: &str| {
        format!("NoiseFill(layer: \"t\", value: \"{v}\", density: \"{d}\", other: \"{o}\")")
    };
    insta::assert_snapshot!(table(
        &[
            &nf("70000", "0.5", "0"),
            &nf("-5", "0.5", "0"),
            &nf("1", "2", "2.5"),
            &nf("1", "-1", "0"),
            &nf("1", "0.5", "1 / 0.4"),
        ],
        &[
            &nf("70000 * level", "0.5", "0"),
            &nf("1", "2 * level", "0"),
            &nf("1", "0.5", "level / 2"),
        ],
    ));
}

#[test]
fn fill_rect_literals() {
    let fr = |v: &str| {
        format!("FillRect(layer: \"t\", value: \"{v}\", rect: (x: \"0\", y: \"0\", w: \"2\", h: \"2\"))")
    };
    insta::assert_snapshot!(table(&[&fr("70000"), &fr("-1"), &fr("2.7")], &[]));
}
