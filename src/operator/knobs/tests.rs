//! Tests of the expression fields (src/operator/knobs.rs), declared there under
//! #[cfg(test)]: compiled for the unit tests only.

use crate::operator::testing::{grid, load, run_rules};
use crate::Params;

use crate::operator::testing::run_error;

/// A 7x1 row: one wall tile at x = 3 grows by one each iteration of "copy a neighbour".
const GROW: &str = r#"rules: [(when: "count4(1) >= 1", set: 1)]"#;

fn grow(iterations: &str, lets: &str) -> Vec<Vec<u16>> {
    run_rules(
        7,
        1,
        &format!(
            r#"{lets} FillRect(layer: "t", value: "1", rect: (x: "3", y: "0", w: "1", h: "1")),
               CellularAutomaton(layer: "t", iterations: {iterations}, {GROW})"#
        ),
        "t",
    )
}

/// `iterations: 2` and `iterations: "n"` with `n` = 1 + 1 give the same row: the wall
/// grew two cells each way; `"n + 1"` grows three.
#[test]
fn an_expression_field_gives_what_its_literal_gives() {
    assert_eq!(grow("2", ""), grid("0 1 1 1 1 1 0"));
    assert_eq!(
        grow(r#""n""#, r#"Let("n", "1 + 1"),"#),
        grid("0 1 1 1 1 1 0")
    );
    assert_eq!(
        grow(r#""n + 1""#, r#"Let("n", "1 + 1"),"#),
        grid("1 1 1 1 1 1 1")
    );
    assert_eq!(grow("1", ""), grid("0 0 1 1 1 0 0"));
}

/// An expression outside the field's range ends the run with the expression's position;
/// a literal outside it is refused when the file is read; an expression of another type
/// is refused at load, in the string.
#[test]
fn out_of_range_and_mistyped_expressions_are_located_errors() {
    let steps = r#"Let("n", "0"), CellularAutomaton(layer: "t", iterations: "n * 5", rules: [(when: "is(1)", set: 1)])"#;
    let rs = load(4, 1, "", steps, vec![]);
    let e = rs.generate(1, &Params::new()).unwrap_err().to_string();
    assert!(
        e.contains("`n * 5` gave a value that is not a whole number 1..=1000"),
        "{e}"
    );
    assert!(e.contains("t.ron:1:"), "{e}");

    let bad = |steps: &str| -> String {
        let rng = crate::operator::testing::RNG;
        let text = format!(
            "Ruleset(name: \"t\", rng: {rng}, grid: Grid(width: 4, height: 1), steps: [{steps}])"
        );
        match crate::ruleset::RuleSet::load_with(
            std::path::Path::new("t.ron"),
            &crate::operator::testing::MemFiles(text, vec![]),
        ) {
            Ok(_) => panic!("loaded: {steps}"),
            Err(e) => e.to_string(),
        }
    };
    let e =
        bad(r#"CellularAutomaton(layer: "t", iterations: 0, rules: [(when: "is(1)", set: 1)])"#);
    assert!(e.contains("expected 1..=1000, found 0"), "{e}");
    let e = bad(
        r#"CellularAutomaton(layer: "t", iterations: "true", rules: [(when: "is(1)", set: 1)])"#,
    );
    assert!(
        e.contains("expected a number, but this expression is a true/false value"),
        "{e}"
    );
}

/// A tuple of fields (a cell, a range) takes an expression in each half. Row 1 holds
/// five 1s then a 0 (x = 5), under a row of 0s. With `side` = `(0, -1)` (the cell above)
/// x 0..=4 qualify and the 0 at x = 5 ends that run of 5 ≥ `min_run`: it is re-rolled to
/// 5s (the skip roll is 0 once in a million). With `(0, 1)` (below the grid) no cell
/// qualifies. A run still open at the end of the line is never re-rolled (the operator's
/// spec), so a full row of 1s stays as it is whatever `side` is.
#[test]
fn each_half_of_a_pair_takes_an_expression() {
    let run = |w: i32, side: &str| {
        run_rules(
            6,
            2,
            &format!(
                r#"Let("d", "3"),
                   FillRect(layer: "t", value: "1", rect: (x: "0", y: "1", w: "{w}", h: "1")),
                   RoughenRuns(layer: "t", along: Rows, run: 1, beside: 0, side: {side},
                               min_run: 1, skip_roll: 1000000, values: [5])"#
            ),
            "t",
        )
    };
    assert_eq!(
        run(5, r#"("d - 3", "0 - 1")"#),
        grid("0 0 0 0 0 0\n5 5 5 5 5 0")
    );
    assert_eq!(run(5, r#"(0, "d - 2")"#), grid("0 0 0 0 0 0\n1 1 1 1 1 0"));
    assert_eq!(
        run(6, r#"("d - 3", "0 - 1")"#),
        grid("0 0 0 0 0 0\n1 1 1 1 1 1")
    );
}

/// A whole-number field given a fraction by its expression ends the run: the value is never
/// rounded (issue 46's rule, for every expression field).
#[test]
fn a_fraction_in_a_whole_number_field_is_an_error_not_rounded() {
    let e = run_error(
        4,
        1,
        r#"Let("n", "5"), CellularAutomaton(layer: "t", iterations: "n / 2", rules: [(when: "is(1)", set: 1)])"#,
    );
    assert!(
        e.contains("`n / 2` gave a value that is not a whole number 1..=1000"),
        "{e}"
    );
}
