//! Every kind of bad input gives an error naming the file, line and column, what was
//! expected, and the nearest valid name — never a panic.

use crate::common;
use common::*;
use undercroft::ruleset::diag::render;
use undercroft::{GenError, Params, RuleSet};

/// 1-based line and column of the first occurrence of `needle` in `text` (after skipping
/// `skip` bytes): the test's own oracle for where an error must point.
fn pos_of(text: &str, needle: &str) -> (usize, usize) {
    let at = text
        .find(needle)
        .unwrap_or_else(|| panic!("`{needle}` not in text"));
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().unwrap().chars().count() + 1;
    (line, col)
}

/// Assert loading `text` fails with a diagnostic containing `message` that points at the
/// first occurrence of `at` in the text, and (if given) a hint containing `help`.
fn fails(text: &str, at: &str, message: &str, help: Option<&str>) {
    fails_off(text, at, 0, message, help)
}

/// [`fails`], pointing `offset` characters after the start of `at`.
fn fails_off(text: &str, at: &str, offset: usize, message: &str, help: Option<&str>) {
    let (line, col) = pos_of(text, at);
    let col = col + offset;
    let diags = match load_text(text) {
        Ok(_) => panic!("expected an error containing `{message}`"),
        Err(d) => d.0,
    };
    let d = diags
        .iter()
        .find(|d| d.message.contains(message))
        .unwrap_or_else(|| {
            panic!(
                "no diagnostic contains `{message}`:\n{}",
                render(&diags, false)
            )
        });
    assert_eq!(
        (d.line, d.column),
        (line, col),
        "position of `{}` (want `{at}`)",
        d.message
    );
    assert_eq!(d.path.to_str(), Some("rules/isaac/test.ron"));
    if let Some(h) = help {
        let got = d.help.clone().unwrap_or_default();
        assert!(got.contains(h), "help `{got}` lacks `{h}`");
    }
    // The rendered report names file:line:col too.
    let text = render(std::slice::from_ref(d), false);
    assert!(
        text.contains(&format!("rules/isaac/test.ron:{line}:{col}")),
        "{text}"
    );
}

#[test]
fn base_is_valid() {
    let rs = load_text(BASE).unwrap();
    rs.generate(1, &Params::new()).unwrap();
}

#[test]
fn ron_syntax_error() {
    fails(
        &edit(
            "grid: Grid(width: 10, height: 8),",
            "grid: Grid(width: 10 height: 8),",
        ),
        "height: 8",
        "",
        None,
    );
}

#[test]
fn unknown_field_suggests_nearest() {
    fails(
        &edit("grid: Grid(", "grd: Grid("),
        "grd",
        "unknown field `grd`",
        Some("did you mean `grid`?"),
    );
}

#[test]
fn unknown_operator_suggests_nearest() {
    fails(
        &edit("PickRoom(from", "PickRom(from"),
        "PickRom",
        "unknown step or operator `PickRom`",
        Some("`PickRoom`"),
    );
}

#[test]
fn unknown_operator_field() {
    fails(
        &edit("how: Last,", "hwo: Last,"),
        "hwo",
        "unknown field `hwo`",
        Some("`how`"),
    );
}

#[test]
fn missing_field() {
    fails(
        &edit("Retry(max: 100, steps", "Retry(steps"),
        "Retry",
        "missing field `max`",
        None,
    );
}

#[test]
fn expression_syntax_error_points_inside_the_string() {
    fails_off(
        &edit("\"rooms - 1 >= target\"", "\"rooms - 1 >= )\""),
        " )\"",
        1,
        "expected a value",
        None,
    );
}

#[test]
fn unknown_variable_suggests_nearest() {
    fails(
        &edit("5 + level * 2.6", "5 + levl * 2.6"),
        "levl",
        "unknown name `levl`",
        Some("did you mean `level`?"),
    );
}

#[test]
fn unknown_function_suggests_nearest() {
    fails(
        &edit("min(20, 5", "mni(20, 5"),
        "mni",
        "unknown function `mni`",
        Some("did you mean `min`?"),
    );
}

#[test]
fn wrong_argument_count() {
    fails(
        &edit("min(20, 5 + level * 2.6)", "floor(20, 5 + level * 2.6)"),
        "floor",
        "`floor` takes 1 argument",
        None,
    );
}

#[test]
fn wrong_type() {
    fails(
        &edit("\"rooms - 1 >= target\"", "\"rooms - 1\""),
        "rooms - 1",
        "expected a true/false value",
        None,
    );
    fails(
        &edit("5 + level * 2.6", "5 + (level > 2)"),
        "level > 2",
        "expected a number, found a true/false value",
        None,
    );
}

#[test]
fn unknown_room_kind_suggests_nearest() {
    fails(
        &edit("kind: \"boss\"", "kind: \"bos\""),
        "bos\"",
        "unknown room kind `bos`",
        Some("did you mean `boss`?"),
    );
}

#[test]
fn unknown_list_suggests_nearest() {
    fails(
        &edit("from: \"dead_ends\"", "from: \"dead_end\""),
        "dead_end\"",
        "unknown list `dead_end`",
        Some("did you mean `dead_ends`?"),
    );
}

#[test]
fn out_of_range_grid() {
    fails(
        &edit("width: 10,", "width: 0,"),
        "0,",
        "a grid dimension must be 1..=4096 cells, found 0",
        None,
    );
}

#[test]
fn out_of_range_parameter_default() {
    fails(
        &edit("default: 1, min: 1", "default: 0, min: 1"),
        "level",
        "the default is out of range",
        None,
    );
}

#[test]
fn start_cell_outside_grid() {
    fails(
        &edit("start: (5, 3)", "start: (12, 3)"),
        "start: (12",
        "start cell (12, 3) is outside the 10x8 grid",
        None,
    );
    // Numbers have no position in RON: the error points at the field's name.
    fails(
        &edit("columns: (1, 9)", "columns: (1, 40)"),
        "columns: (1, 40)",
        "columns (1, 40) must be an inclusive range",
        None,
    );
    fails(
        &edit("directions: [E, W, S, N]", "directions: []"),
        "directions: []",
        "`directions` is empty",
        None,
    );
}

#[test]
fn bad_colour() {
    fails(
        &edit("\"#ffffff\"", "\"white\""),
        "white",
        "`white` is not a colour",
        Some("#rrggbb"),
    );
}

#[test]
fn variable_type_changes() {
    fails_off(
        &edit("var: \"boss\"", "var: \"target\""),
        "\"target\")",
        1,
        "`target` was a number before",
        None,
    );
}

#[test]
fn extends_missing_file() {
    let text = r#"Ruleset(extends: "nowhere.ron")"#;
    fails(text, "nowhere", "cannot read rules/isaac/nowhere.ron", None);
}

#[test]
fn extends_cycle() {
    let text = r#"Ruleset(extends: "test.ron")"#;
    fails(text, "test.ron", "cycle", None);
}

#[test]
fn patch_of_unknown_step_suggests_nearest() {
    let text = r#"Ruleset(extends: "flash.ron", patch: [Remove("specail")])"#;
    fails(
        text,
        "specail",
        "no step is named `specail`",
        Some("did you mean `specials`?"),
    );
}

#[test]
fn all_errors_are_reported_at_once() {
    let text = edit("kind: \"boss\"", "kind: \"bos\"").replace("5 + level", "5 + levl");
    let n = load_text(&text).unwrap_err().0.len();
    assert_eq!(n, 2);
}

#[test]
fn bad_parameters_at_generate_time() {
    let rs = RuleSet::load("rules/isaac/flash.ron").unwrap();
    let e = rs.generate(1, &Params::new().set("level", 12)).unwrap_err();
    assert!(
        matches!(&e, GenError::Param(m) if m.contains("1..=11") && m.contains("12")),
        "{e}"
    );
    let e = rs.generate(1, &Params::new().set("levle", 2)).unwrap_err();
    assert!(
        matches!(&e, GenError::Param(m) if m.contains("did you mean `level`?")),
        "{e}"
    );
    let e = rs
        .generate(1, &Params::new().set("fullhp", "maybe"))
        .unwrap_err();
    assert!(
        matches!(&e, GenError::Param(m) if m.contains("true or false")),
        "{e}"
    );
    let e = rs
        .generate(1, &Params::new().set("level", "2.5"))
        .unwrap_err();
    assert!(
        matches!(&e, GenError::Param(m) if m.contains("whole number")),
        "{e}"
    );
}

#[test]
fn unsatisfiable_require_names_itself_within_the_budget() {
    let rs = load_text(&edit("\"rooms - 1 >= target\"", "\"rooms > 100\"")).unwrap();
    let e = rs.generate(7, &Params::new()).unwrap_err();
    match &e {
        GenError::RetryExhausted { max, failures, .. } => {
            assert_eq!(*max, 100);
            assert_eq!(failures.len(), 1);
            let (l, c) = pos_of(
                &edit("\"rooms - 1 >= target\"", "\"rooms > 100\""),
                "rooms > 100",
            );
            assert!(
                failures[0].0.contains(&format!(
                    "Require `rooms > 100` at rules/isaac/test.ron:{l}:{c}"
                )),
                "{e}"
            );
            assert_eq!(failures[0].1, 100);
        }
        other => panic!("{other}"),
    }
    assert!(e.to_string().contains("failed 100 times"), "{e}");
}

/// Deterministic pseudo-random mutations of the shipped rule files never panic the loader.
#[test]
fn mutated_rule_files_never_panic() {
    let sources = [
        std::fs::read_to_string("rules/isaac/flash.ron").unwrap(),
        std::fs::read_to_string("rules/isaac/demo.ron").unwrap(),
        BASE.to_string(),
    ];
    let pieces = [
        "(",
        ")",
        "[",
        "]",
        "\"",
        ",",
        ":",
        "'",
        "/",
        "*",
        "-1",
        "99999999999",
        "\\",
        "é",
        "rnd(",
        "&&",
        "?",
        "Named(\"x\", ",
        "0.5",
        "\n",
    ];
    let mut s: u64 = 0x9e3779b97f4a7c15;
    let mut next = |n: usize| {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        (s % n as u64) as usize
    };
    let mut loaded = 0;
    for i in 0..1500 {
        let mut text = sources[i % sources.len()].clone();
        for _ in 0..1 + next(3) {
            let mut at = next(text.len());
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            match next(3) {
                0 => text.insert_str(at, pieces[next(pieces.len())]),
                1 => {
                    let mut end = (at + 1 + next(8)).min(text.len());
                    while !text.is_char_boundary(end) {
                        end += 1;
                    }
                    text.replace_range(at..end, "");
                }
                _ => {
                    let mut end = (at + 1).min(text.len());
                    while !text.is_char_boundary(end) {
                        end += 1;
                    }
                    text.replace_range(at..end, pieces[next(pieces.len())]);
                }
            }
        }
        match load_text(&text) {
            Ok(rs) => {
                loaded += 1;
                // Whatever loads must also generate or fail cleanly.
                let _ = rs.generate(1, &Params::new());
            }
            Err(d) => {
                assert!(!d.0.is_empty());
                let _ = render(&d.0, false);
            }
        }
    }
    assert!(loaded < 1500);
}

#[test]
fn nested_retries_are_bounded_for_the_whole_run() {
    // 10^7 x 10^7 attempts would never end; the run-wide restart budget ends it.
    let text = edit(
        "Require(\"rooms - 1 >= target\"),",
        "Retry(max: 10000000, steps: [Retry(max: 10000000, steps: [Require(\"rnd(1000) == 0\")]), Require(\"false\")]),",
    );
    let rs = load_text(&text).unwrap();
    let e = rs.generate(1, &Params::new()).unwrap_err();
    match &e {
        GenError::TooManyRestarts { failures } => {
            assert!(
                failures.iter().any(|(w, _)| w.contains("Require `false`")),
                "{e}"
            );
            let total: u32 = failures.iter().map(|f| f.1).sum();
            assert!(total >= undercroft::engine::MAX_RESTARTS, "{e}");
        }
        other => panic!("{other}"),
    }
}

#[test]
fn an_observer_can_cancel_a_run() {
    use undercroft::interpreter::{NoTrace, Stoppable};
    let rs = RuleSet::load("rules/isaac/flash.ron").unwrap();
    let mut polls = 0;
    let mut obs = Stoppable {
        inner: NoTrace,
        stop: || {
            polls += 1;
            polls > 3
        },
    };
    let e = rs.generate_with(1, &Params::new(), &mut obs).unwrap_err();
    assert_eq!(e, GenError::Cancelled);
    let mut never = Stoppable {
        inner: NoTrace,
        stop: || false,
    };
    let d = rs.generate_with(1, &Params::new(), &mut never).unwrap();
    assert_eq!(d, rs.generate(1, &Params::new()).unwrap());
}

#[test]
fn check_fails_with_its_message() {
    let text = edit(
        "Let(\"target\"",
        "Check(\"level > 5\", \"this style needs level 6 or more\"),\n        Let(\"target\"",
    );
    let rs = load_text(&text).unwrap();
    let e = rs.generate(1, &Params::new()).unwrap_err().to_string();
    assert!(
        e.starts_with(
            "this style needs level 6 or more (Check `level > 5`) at rules/isaac/test.ron:"
        ),
        "{e}"
    );
    assert!(rs.generate(1, &Params::new().set("level", 6)).is_ok());
}

#[test]
fn room_kind_names_are_checked() {
    fails(
        &edit("RoomKind(name: \"boss\"", "RoomKind(name: \"normal\""),
        "normal\", glyph: 'B'",
        "room kind `normal` is declared twice",
        None,
    );
    fails(
        &edit("RoomKind(name: \"boss\"", "RoomKind(name: \"\""),
        "\", glyph: 'B'",
        "is not a valid room kind name",
        None,
    );
}

#[test]
fn parameter_range_must_not_be_empty() {
    fails(
        &edit("min: 1, max: 11", "min: 12, max: 11"),
        "level",
        "has `min` greater than `max`",
        None,
    );
}

#[test]
fn byte_order_mark_is_ignored_and_deep_nesting_is_an_error() {
    assert!(load_text(&format!("\u{feff}{BASE}")).is_ok());
    let deep = format!(
        "Ruleset(grid: Grid(width: 4, height: 4), steps: [{}Require(\"true\"){}])",
        "If(cond: \"true\", then: [".repeat(200),
        "])".repeat(200)
    );
    let e = load_text(&deep).unwrap_err();
    assert!(
        e.0.iter().any(|d| d.message.contains("nested too deeply")),
        "{e}"
    );
}

#[test]
fn step_names_are_unique() {
    let text = edit("PickRoom(from", "Named(\"grow\", PickRoom(from")
        .replace("var: \"boss\"),", "var: \"boss\")),");
    fails(
        &text,
        "grow\", PickRoom",
        "two steps are named `grow`",
        Some("unique"),
    );
}
