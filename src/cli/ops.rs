//! `undercroft ops [NAME]`: the operators, control steps, parts of a rule file (`Ruleset`,
//! `TileGlyphs`, ...) and expression functions rule files can use; with a NAME, its
//! reference (fields, docs, an example), built from the code's own documentation
//! (`undercroft::operator::docs`).

use std::process::ExitCode;

/// The control steps, with their usage.
const CONTROL: &[(&str, &str)] = &[
    ("Let", "Let(\"name\", \"expression\"): set a variable"),
    (
        "Require",
        "Require(\"condition\"): restart the enclosing Retry when false",
    ),
    (
        "Check",
        "Check(\"condition\", \"message\"): a Require that explains itself",
    ),
    (
        "Retry",
        "Retry(max: N, [var: \"attempt\",] [give_up: true,] steps: [...]): run steps until every Require holds",
    ),
    ("If", "If(cond: \"...\", then: [...], else: [...])"),
    (
        "ForEach",
        "ForEach(rooms: \"filter\" | list: \"name\" | markers: [...], as: \"r\", [max: N,] steps: [...]): once per item; items pushed onto the list meanwhile too",
    ),
    (
        "Repeat",
        "Repeat(count: \"n\", [var: \"i\",] [max: N,] steps: [...]): run steps n times, the state carrying over",
    ),
    (
        "While",
        "While(cond: \"...\", [var: \"i\",] [max: N,] steps: [...]): run steps while the condition holds (at most max times, else an error)",
    ),
    (
        "Push",
        "Push(\"list\", \"expression\"): append a room, an area or a cell (a split: both areas) to a list",
    ),
    (
        "Procedure",
        "Procedure(name: \"p\", params: [\"a: area\", ...], [max_depth: N,] steps: [...]): define steps that Call runs",
    ),
    (
        "Call",
        "Call(\"p\", [\"argument\", ...]): run a procedure, one expression per parameter",
    ),
    (
        "Named",
        "Named(\"name\", step): name a step for patch edits and traces",
    ),
];

/// `ops`' arguments.
#[derive(clap::Args)]
pub struct Args {
    /// An operator or control step (e.g. ScatterMiniset, Retry).
    pub name: Option<String>,
}

/// Print the listing, or the reference of `name` (exit 2 with the nearest name when there
/// is no such operator).
pub fn run(args: Args) -> ExitCode {
    let Some(name) = args.name.as_deref() else {
        listing();
        return ExitCode::SUCCESS;
    };
    if let Some(text) = undercroft::operator::docs::reference(name) {
        outln!("{}", text.trim_end());
        return ExitCode::SUCCESS;
    }
    if let Some((_, usage)) = CONTROL.iter().find(|(n, _)| *n == name) {
        outln!("{name} (a control step)\n\n  {usage}\n\nSee docs/authoring.md for control steps.");
        return ExitCode::SUCCESS;
    }
    let names = undercroft::ops::operators()
        .map(|o| o.name)
        .chain(CONTROL.iter().map(|(n, _)| *n))
        .chain(
            undercroft::operator::docs::STEP_DOCS
                .iter()
                .map(|(n, _)| *n),
        );
    let hint = match undercroft::lang::nearest(name, names) {
        Some(n) => format!("; did you mean `{n}`?"),
        None => String::new(),
    };
    eprintln!("error: no operator or step named `{name}`{hint} (`undercroft ops` lists them)");
    ExitCode::from(2)
}

fn listing() {
    outln!("Operators (steps in rule files):");
    for (name, usage) in CONTROL {
        outln!("  {name:<22} {usage}");
    }
    for o in undercroft::ops::operators() {
        outln!("  {:<22} {}", o.name, o.summary);
    }
    outln!("\nExpression functions:");
    for doc in undercroft::lang::compile::function_docs() {
        outln!("  {doc}");
    }
    outln!("\nBuilt-in names: rooms (number of rooms), width, height (of the room grid), none (no room)");
    let items: Vec<&str> = undercroft::operator::docs::STEP_DOCS
        .iter()
        .map(|(n, _)| *n)
        .filter(|n| !CONTROL.iter().any(|(c, _)| c == n))
        .collect();
    outln!("\nParts of a rule file: {}", items.join(", "));
    outln!(
        "\n`undercroft ops NAME` prints one operator's, step's or part's fields, their docs and an \
         example."
    );
}
