//! Unit tests of `operator::args`.

use crate::operator::testing::run_rules_with;

const PAT: &str = "table cls { 0 0 0 0 0 0 0 0 0 0 0 0 0 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1 1 }\n\
        miniset block 2x2 { search 13 13 | 13 13 replace 7 7 | 7 7 }\n\
        miniset nine 3x3 { search . . . | . . . | . . . replace 9 9 9 | 9 9 9 | 9 9 9 }";

/// Each operator given `area: (2, 1, 4, 3)` on an 8x6 grid of 13s: every cell outside
/// the area keeps its 13, and some cell inside changed.
#[test]
fn an_operator_with_an_area_leaves_every_cell_outside_it_untouched() {
    let area = r#"area: (x: "2", y: "1", w: "4", h: "3")"#;
    for step in [
        format!(r#"RandomVariants(layer: "t", tile: 13, variants: [20, 21], {area})"#),
        format!(
            r#"SubstituteDecorations(layer: "t", classes: "p.pat#cls", roll: 1, variant_roll: 16,
                   partners: [(pick: 30, dx: 1, dy: 0, partner_class: 1, partner_tile: 40, fallback: 31)], {area})"#
        ),
        format!(r#"ScatterMiniset(layer: "t", miniset: "p.pat#block", percent: 100, {area})"#),
        format!(r#"Stamp(layer: "t", pattern: "p.pat#nine", at: (x: "4", y: "2"), {area})"#),
        format!(r#"Stamp(layer: "t", pattern: "p.pat#nine", at: (x: "0", y: "0"), {area})"#),
    ] {
        let g = run_rules_with(
            8,
            6,
            &format!(
                r#"FillRect(layer: "t", value: "13", rect: (x: "0", y: "0", w: "8", h: "6")), {step}"#
            ),
            "t",
            &[("p.pat", PAT)],
        );
        let mut changed_inside = false;
        for (y, row) in g.iter().enumerate() {
            for (x, &t) in row.iter().enumerate() {
                let inside = (2..6).contains(&x) && (1..4).contains(&y);
                if inside {
                    changed_inside |= t != 13;
                } else {
                    assert_eq!(t, 13, "{step}: ({x}, {y}) outside the area changed");
                }
            }
        }
        assert!(changed_inside, "{step}: nothing changed inside the area");
    }
}

#[test]
fn count_cells_counts_only_the_area_and_when_skips() {
    let g = run_rules_with(
        5,
        4,
        r#"FillRect(layer: "m", value: "1", rect: (x: "0", y: "0", w: "3", h: "4")),
               CountCells(layer: "m", values: [1], var: "n", area: (x: "1", y: "1", w: "9", h: "2")),
               CountCells(layer: "m", values: [1], var: "n", when: "false"),
               FillRect(layer: "out", value: "n", rect: (x: "0", y: "0", w: "1", h: "1"))"#,
        "out",
        &[],
    );
    // columns 1..3 of rows 1..3 hold 1: 4 cells
    assert_eq!(g[0][0], 4);
}

/// One way to say an area: the fields form and an area expression give the same cells,
/// and `protected` keeps a flagged cell of a painting operator as it was.
#[test]
fn an_area_is_fields_or_an_expression_and_protected_cells_stay() {
    let fields = run_rules_with(
        5,
        4,
        r#"FillRect(layer: "t", value: "7", rect: (x: "1", y: "1", w: "3", h: "2"))"#,
        "t",
        &[],
    );
    let expr = run_rules_with(
        5,
        4,
        r#"FillRect(layer: "t", value: "7", rect: "inset(grid(), 1)")"#,
        "t",
        &[],
    );
    assert_eq!(fields, expr);
    assert_eq!(expr[1], vec![0, 7, 7, 7, 0]);
    let g = run_rules_with(
        5,
        4,
        r#"FillRect(layer: "p", value: "1", rect: (x: "2", y: "1", w: "1", h: "1")),
               NoiseFill(layer: "t", value: "5", density: "1", area: "inset(grid(), 1)", protected: ["p"])"#,
        "t",
        &[],
    );
    assert_eq!(g[1], vec![0, 5, 0, 5, 0]);
    assert_eq!(g[2], vec![0, 5, 5, 5, 0]);
}
