//! Every operator field that holds a number, a count, a probability, a cell or a size takes
//! an expression (issue 44): read from the reference `undercroft ops NAME` prints, a
//! parameter whose type is an `integer` or a `number` must also say `or "expression"`,
//! unless it is one of the exceptions below, each with why.
//!
//! Not numbers in this sense: tile ids (`tile id`: a tile is resolved when the rule set
//! loads, into the sets and tables patterns and lookups are built from) and true/false
//! switches that choose a variant of a technique (`true/false`). Conditions are the `when`
//! fields, expressions already.

use std::collections::BTreeMap;
use undercroft::operator::docs::OPERATOR_DOCS;

/// `(operator, field)`: why it takes only literals.
const EXCEPTIONS: &[(&str, &str, &str)] = &[
    (
        "AssignLayouts",
        "ranges",
        "a table (layout id ranges), read into the layout index when the rule set loads",
    ),
    (
        "CarveRooms",
        "door_right",
        "a table of door pieces (offset, offset, tile)",
    ),
    (
        "CarveRooms",
        "door_bottom",
        "a table of door pieces (offset, offset, tile)",
    ),
    (
        "GrowShapes",
        "attach",
        "a table of attachment rules (shape, shape, count)",
    ),
    (
        "MarchingSquares",
        "weights",
        "the corner weights that index the case table built at load",
    ),
    (
        "MarchingSquares",
        "picks",
        "the case table itself (case, tiles)",
    ),
    (
        "PartitionWalls",
        "doorway_side",
        "a table of doorway pieces (offset, tile)",
    ),
    (
        "PlaceByScore",
        "penalties",
        "a table of (room kind bit, penalty) rows",
    ),
    (
        "ReshapeRoom",
        "shapes",
        "a table of (shape, weight) rows, a weighted draw built at load",
    ),
    (
        "FloodRegions",
        "connectivity",
        "a choice between two neighbourhoods (4 or 8), not a quantity",
    ),
    (
        "FixRules",
        "stop_after",
        "a rule number of the rule list, checked against the list at load",
    ),
    (
        "SubstituteDecorations",
        "dx",
        "a column of the `partners` table",
    ),
    (
        "SubstituteDecorations",
        "dy",
        "a column of the `partners` table",
    ),
    (
        "ScatterMiniset",
        "isolate",
        "a range of tile ids, not a quantity",
    ),
    (
        "AssignThemes",
        "weight",
        "a column of the theme table; the draw's total is summed at load",
    ),
    ("TilePatterns", "codes", "a table of tile codes"),
];

/// `(operator, "field: type")` of every parameter line of the reference.
fn parameters() -> Vec<(&'static str, String, String)> {
    let mut out = Vec::new();
    for &(op, text) in OPERATOR_DOCS {
        for line in text.lines() {
            // parameter lines are indented by 2, their docs by 6
            let Some(l) = line.strip_prefix("  ") else {
                continue;
            };
            if l.starts_with(' ') {
                continue;
            }
            if let Some((field, ty)) = l.split_once(": ") {
                if field.chars().all(|c| c.is_ascii_lowercase() || c == '_') {
                    out.push((op, field.to_string(), ty.to_string()));
                }
            }
        }
    }
    out
}

/// Whether a type in the reference's words has a number that takes only a literal.
fn literal_number(ty: &str) -> bool {
    let mut rest = ty;
    while let Some(i) = rest.find("integer").or_else(|| rest.find("number")) {
        let after = &rest[i..];
        let word = if after.starts_with("integer") {
            "integer"
        } else {
            "number"
        };
        let tail = &after[word.len()..];
        // `integer 1..=1000 or "expression"`
        let tail = tail.trim_start_matches(|c: char| {
            c == ' ' || c.is_ascii_digit() || c == '.' || c == '=' || c == '-'
        });
        if !tail.starts_with("or \"expression\"") {
            return true;
        }
        rest = tail;
    }
    false
}

#[test]
fn every_number_field_takes_an_expression_but_the_listed_exceptions() {
    let params = parameters();
    assert!(
        params.len() > 300,
        "only {} parameters read: is the scan broken?",
        params.len()
    );
    let exceptions: BTreeMap<(&str, &str), &str> = EXCEPTIONS
        .iter()
        .map(|&(o, f, why)| ((o, f), why))
        .collect();
    let mut literal = Vec::new();
    let mut excused = Vec::new();
    for (op, field, ty) in &params {
        if literal_number(ty) {
            if exceptions.contains_key(&(*op, field.as_str())) {
                excused.push((*op, field.as_str()));
            } else {
                literal.push(format!("{op} `{field}: {ty}`"));
            }
        }
    }
    assert!(
        literal.is_empty(),
        "{} number fields take only a literal (make them `Int`/`Count`/`Real` of \
         src/operator/knobs.rs, or add them to EXCEPTIONS with why):\n{}",
        literal.len(),
        literal.join("\n")
    );
    // every exception is still a literal-only number field (none left over)
    for &(op, field, _) in EXCEPTIONS {
        assert!(
            excused.contains(&(op, field)),
            "{op} `{field}` is listed as an exception but is not a literal-only number field"
        );
    }
}

#[test]
fn the_scan_tells_an_expression_field_from_a_literal_one() {
    assert!(!literal_number("integer 1..=1000 or \"expression\""));
    assert!(!literal_number(
        "(integer or \"expression\", integer or \"expression\")"
    ));
    assert!(!literal_number("number or \"expression\""));
    assert!(literal_number("integer"));
    assert!(literal_number("[(integer, tile id), ...]"));
    assert!(literal_number("(integer or \"expression\", integer)"));
    assert!(!literal_number("tile id"));
}
