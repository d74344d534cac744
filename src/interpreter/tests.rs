//! The control steps, each pinned by a small exact case.
use crate::operator::testing::{load_text, run_error as error, run_rules, trace_kinds};

/// A restart puts back every variable the body writes (by `Let` and by an operator)
/// and leaves the others: the third attempt reads `n` and `c` as they were before the
/// Retry, not as the second attempt left them.
#[test]
fn a_restart_restores_the_variables_the_body_writes() {
    let g = run_rules(
        4,
        3,
        r#"Let("n", "0"), Let("c", "7"), Let("k", "5"),
           Retry(max: 10, var: "attempt", steps: [
               FillRect(layer: "out", value: "c", rect: (x: "attempt - 1", y: "1", w: "1", h: "1")),
               Let("n", "n + 1"),
               FillRect(layer: "out", value: "n", rect: (x: "attempt - 1", y: "0", w: "1", h: "1")),
               FillRect(layer: "m", value: "1", rect: (x: "0", y: "0", w: "attempt", h: "1")),
               CountCells(layer: "m", values: [1], var: "c"),
               Require("attempt >= 3"),
           ]),
           FillRect(layer: "out", value: "c", rect: (x: "3", y: "2", w: "1", h: "1")),
           FillRect(layer: "out", value: "k", rect: (x: "0", y: "2", w: "1", h: "1"))"#,
        "out",
    );
    // attempts 1 and 2 were undone (their writes to `out` too); attempt 3 counted 3
    assert_eq!(
        g,
        vec![vec![0, 0, 1, 0], vec![0, 0, 7, 0], vec![5, 0, 0, 3]]
    );
}

/// The error of generating seed 1 from `steps` on a `w × 1` grid.
fn run_error(w: i32, steps: &str) -> String {
    error(w, 1, steps)
}

/// Mark cell `x` (an expression) of a one-row layer `t` with `v`.
fn mark(x: &str, v: &str) -> String {
    format!(r#"FillRect(layer: "t", value: "{v}", rect: (x: "{x}", y: "0", w: "1", h: "1"))"#)
}

#[test]
fn repeat_runs_its_count_and_the_state_carries_over() {
    let steps = format!(
        r#"Let("n", "10"), Repeat(count: "3", var: "i", steps: [Let("n", "n + 1"), {}]),
           {}"#,
        mark("i", "n"),
        mark("4", "n")
    );
    // iterations 0, 1, 2 write 11, 12, 13; after the loop n is 13
    assert_eq!(run_rules(5, 1, &steps, "t"), vec![vec![11, 12, 13, 0, 13]]);
    // a count is rounded down; 0, a negative count and NaN run nothing
    for (count, want) in [
        ("2.9", vec![1, 1, 0]),
        ("0", vec![0; 3]),
        ("-4", vec![0; 3]),
    ] {
        let steps = format!(
            r#"Repeat(count: "{count}", var: "i", steps: [{}])"#,
            mark("i", "1")
        );
        assert_eq!(run_rules(3, 1, &steps, "t"), vec![want], "{count}");
    }
}

#[test]
fn while_runs_until_its_condition_fails() {
    let steps = format!(
        r#"Let("x", "0"), While(cond: "x < 3", var: "i", steps: [{}, Let("x", "x + 1")])"#,
        mark("x", "i + 5")
    );
    assert_eq!(run_rules(4, 1, &steps, "t"), vec![vec![5, 6, 7, 0]]);
    // false at once: no iteration
    let steps = format!(r#"While(cond: "false", steps: [{}])"#, mark("0", "1"));
    assert_eq!(run_rules(2, 1, &steps, "t"), vec![vec![0, 0]]);
}

#[test]
fn a_loop_past_its_budget_is_an_error_naming_it() {
    let steps = r#"While(cond: "true", max: 5, steps: [])"#;
    // the column of `true` in the one-line rule file `load` writes
    let col = load_text(2, 1, "", steps).find("\"true\"").unwrap() + 2;
    assert_eq!(
        run_error(2, steps),
        format!("While `true` still held after 5 iterations, its budget (`max`) at t.ron:1:{col} (seed 1)")
    );
    let e = run_error(2, r#"Named("forever", While(cond: "1 > 0", steps: []))"#);
    assert!(
        e.starts_with("While `forever` (`1 > 0`) still held after 100000 iterations"),
        "{e}"
    );
    let e = run_error(2, r#"Repeat(count: "7", max: 6, steps: [])"#);
    assert!(
        e.starts_with(
            "Repeat `7` asked for more iterations than its budget of 6 (`max`) at t.ron:"
        ),
        "{e}"
    );
    // exactly the budget is fine
    let steps = format!(
        r#"Repeat(count: "2", max: 2, var: "i", steps: [{}])"#,
        mark("i", "1")
    );
    assert_eq!(run_rules(2, 1, &steps, "t"), vec![vec![1, 1]]);
}

#[test]
fn a_require_in_a_loop_restarts_the_enclosing_retry() {
    // attempt 1 fails in the loop's second iteration; attempt 2 runs it through
    let steps = format!(
        r#"Retry(max: 3, var: "a", steps: [
             Repeat(count: "3", var: "i", steps: [{}, Require("a > 1 || i < 1")]),
           ])"#,
        mark("i", "a")
    );
    assert_eq!(run_rules(3, 1, &steps, "t"), vec![vec![2, 2, 2]]);
}

#[test]
fn every_iteration_is_a_trace_step() {
    let steps = format!(r#"Repeat(count: "3", steps: [{}])"#, mark("0", "1"));
    assert_eq!(
        trace_kinds(2, 1, &steps),
        ["FillRect", "Repeat", "FillRect", "Repeat", "FillRect", "Repeat"]
    );
}

#[test]
fn for_each_walks_a_list_its_steps_grow() {
    // a work list: halve areas wider than 2; the leaves are numbered in the order found
    let steps = r#"
        Push("todo", "rect(0, 0, 8, 1)"),
        ForEach(list: "todo", as: "a", steps: [
            If(cond: "w(a) > 2", then: [Push("todo", "split_columns(a, w(a) / 2)")],
               else: [Push("leaves", "a")]),
        ]),
        Let("k", "0"),
        ForEach(list: "leaves", as: "l", steps: [
            Let("k", "k + 1"),
            FillRect(layer: "t", value: "k", rect: "l"),
        ]),
        FillRect(layer: "u", value: "len(todo)", rect: "rect(0, 0, 1, 1)"),
    "#;
    assert_eq!(
        run_rules(8, 1, steps, "t"),
        vec![vec![1, 1, 2, 2, 3, 3, 4, 4]]
    );
    // 1 + 2 + 4 areas were pushed onto the work list
    assert_eq!(run_rules(8, 1, steps, "u")[0][0], 7);
}

#[test]
fn lists_of_cells_push_and_pop_in_order() {
    let steps = format!(
        r#"Push("q", "cell(1, 0)"), Push("q", "cell(3, 0)"), Push("q", "cell(4, 0)"),
           Let("a", "pop_first(q)"), Let("b", "pop_last(q)"),
           {}, {}, {}"#,
        mark("x(a)", "len(q) + 5"),
        mark("x(b)", "contains(q, cell(3, 0)) ? 2 : 9"),
        mark("x(last(q))", "1"),
    );
    assert_eq!(run_rules(5, 1, &steps, "t"), vec![vec![0, 6, 0, 1, 2]]);
}

#[test]
fn area_functions_in_steps() {
    let steps = r#"
        Let("halves", "split_rows(grid(), 1)"),
        FillRect(layer: "t", value: "1", rect: "first(halves)"),
        FillRect(layer: "t", value: "3", rect: "span(centre(second(halves)), cell(0, 3))"),
        FillRect(layer: "t", value: "4", rect: "intersect(grow(rect(4, 2, 1, 1), 1), grid())"),
        FillRect(layer: "t", value: "2", rect: "inset(second(halves), 1)"),
    "#;
    // rows 1..4 are the second half; its centre is (2, 2); (4, 2) grown by 1 is cut at the
    // grid's right edge
    assert_eq!(
        run_rules(5, 4, steps, "t"),
        vec![
            vec![1, 1, 1, 1, 1],
            vec![0, 0, 0, 4, 4],
            vec![3, 2, 2, 2, 4],
            vec![3, 3, 3, 4, 4],
        ]
    );
}

#[test]
fn a_split_of_an_empty_area_is_an_error_naming_the_expression() {
    let e = run_error(4, r#"Let("h", "split(rect(0, 0, 4, 1), 4)")"#);
    assert!(
        e.starts_with(
            "an empty area (or a split leaving an empty part) in the expression \
             `split(rect(0, 0, 4, 1), 4)` at t.ron:1:"
        ),
        "{e}"
    );
}

/// A procedure that calls itself: each call's parameters and the variables its steps set
/// first (`p`) are its own, so after the first recursive call `second(p)` is still this
/// call's second half. Leaves of an 8-wide row are numbered like a heap (1 the root).
#[test]
fn a_procedure_recurses_with_its_own_variables() {
    let steps = r#"
        Procedure(name: "cut", params: ["a: area", "v: number"], steps: [
            If(cond: "w(a) > 2", then: [
                Let("p", "split_columns(a, w(a) / 2)"),
                Call("cut", ["first(p)", "v * 2"]),
                Call("cut", ["second(p)", "v * 2 + 1"]),
            ], else: [FillRect(layer: "t", value: "v", rect: "a")]),
        ]),
        Call("cut", ["grid()", "1"]),
    "#;
    assert_eq!(
        run_rules(8, 1, steps, "t"),
        vec![vec![4, 4, 5, 5, 6, 6, 7, 7]]
    );
}

/// Variables a procedure's steps did not set first are shared with the rest of the rule
/// file: a counter outside the procedure counts every call; the caller's own variable of
/// the same name as a parameter is put back after the call.
#[test]
fn a_procedure_shares_outer_variables_and_restores_its_parameters() {
    let steps = format!(
        r#"Let("calls", "0"), Let("v", "9"),
           Procedure(name: "mark", params: ["v: number"], steps: [
               Let("calls", "calls + 1"), {}
           ]),
           Call("mark", ["1"]), Call("mark", ["v - 6"]),
           {}, {}"#,
        mark("v", "calls"),
        mark("4", "calls"),
        mark("5", "v"),
    );
    // call 1 marks cell 1 with 1; call 2 gets v - 6 = 3 (the caller's v) and marks cell 3
    // with 2; after both, calls = 2 and v is the caller's 9 again
    assert_eq!(run_rules(6, 1, &steps, "t"), vec![vec![0, 1, 0, 2, 2, 9]]);
}

#[test]
fn recursion_past_the_depth_limit_is_an_error_naming_the_procedure() {
    let steps = r#"Procedure(name: "down", params: ["n: number"], max_depth: 5, steps: [
                       Call("down", ["n + 1"]),
                   ]),
                   Call("down", ["0"])"#;
    let col = load_text(2, 1, "", steps).find("\"down\"").unwrap() + 2;
    assert_eq!(
        run_error(2, steps),
        format!(
            "Procedure `down`: calls nested deeper than 5, its limit (`max_depth`) at t.ron:1:{col} (seed 1)"
        )
    );
    // exactly the limit is fine: calls 1..=5 deep
    let steps = format!(
        r#"Procedure(name: "down", params: ["n: number"], max_depth: 5, steps: [
               {}, If(cond: "n < 4", then: [Call("down", ["n + 1"])]),
           ]),
           Call("down", ["0"])"#,
        mark("n", "1")
    );
    assert_eq!(run_rules(6, 1, &steps, "t"), vec![vec![1, 1, 1, 1, 1, 0]]);
}
