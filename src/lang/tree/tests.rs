//! Unit tests of `lang::tree`.

use super::Tree;
use crate::engine::fast_path::{run_with, FastPath};
use crate::engine::state::State;
use crate::engine::value::{Type, Value};
use crate::lang::test_scope::TestScope;
use crate::lang::{compile, parse, Program};
use crate::rng::{RandomSource, Rng, RngSpec};

/// `a`, `b` numbers, `c` a truth value; `z` (a number) and `y` (a truth value) no step
/// has set (`Nil`).
const VARS: TestScope = TestScope {
    vars: &[
        ("a", Type::Num),
        ("b", Type::Num),
        ("c", Type::Bool),
        ("z", Type::Num),
        ("y", Type::Bool),
    ],
    lists: &[],
};

fn program(text: &str) -> Option<Program> {
    compile(&parse(text).ok()?, &VARS).ok()
}

/// A random expression of depth at most `depth` over the variables of [`VARS`].
fn expr(g: &mut Rng, depth: u32) -> String {
    let leaf = [
        "a", "b", "c", "z", "y", "0", "1", "2", "7", "2.5", "-3", "true", "false",
    ];
    if depth == 0 || g.below(4) == 0 {
        return leaf[g.below(leaf.len() as i64) as usize].to_string();
    }
    let (x, y) = (expr(g, depth - 1), expr(g, depth - 1));
    match g.below(9) {
        0..=2 => {
            let ops = [
                "+", "-", "*", "/", "%", "<", "<=", ">", ">=", "==", "!=", "&&", "||",
            ];
            format!("({x} {} {y})", ops[g.below(ops.len() as i64) as usize])
        }
        3 => format!("({} ? {x} : {y})", expr(g, depth - 1)),
        4 => {
            let f = ["rnd", "chance", "floor", "ceil", "round", "abs", "-", "!"];
            format!("{}({x})", f[g.below(f.len() as i64) as usize])
        }
        5 => format!("min({x}, {y})"),
        6 => format!("max({x}, {y}, {})", expr(g, depth - 1)),
        7 => format!("chance({x} / 10)"),
        _ => format!("rnd({x} + 5)"),
    }
}

/// The value, the state of the random stream after it and the fault, by the tree (or
/// by the stack code when `stack`), with `a`, `b`, `c` set from `vals`.
fn run(p: &Program, vals: (f64, f64, bool), seed: u64, stack: bool) -> (Value, i64, Option<u32>) {
    let mut st = State::new(3, 2, 0, 5, 0, 0, Rng::new(&RngSpec::Pcg64, seed));
    st.vars[0] = Value::Num(vals.0);
    st.vars[1] = Value::Num(vals.1);
    st.vars[2] = Value::Bool(vals.2);
    let off: &[FastPath] = if stack { &[FastPath::ExprTrees] } else { &[] };
    let v = run_with(off, || p.eval(&mut st));
    (v, st.rng.below(1 << 30), st.fault)
}

/// Values equal as bits (NaN is NaN).
fn same(x: Value, y: Value) -> bool {
    match (x, y) {
        (Value::Num(a), Value::Num(b)) => a.to_bits() == b.to_bits(),
        _ => x == y,
    }
}

#[test]
fn a_tree_gives_the_value_draws_and_fault_of_the_stack_code() {
    let mut g = Rng::new(&RngSpec::Pcg64, 11);
    let (mut trees, mut programs) = (0, 0);
    for _ in 0..4000 {
        let text = expr(&mut g, 4);
        let Some(mut p) = program(&text) else {
            continue;
        };
        p.fault = 9;
        programs += 1;
        if p.tree.is_none() {
            continue;
        }
        trees += 1;
        for vals in [
            (3.0, 0.0, true),
            (-2.5, 4.0, false),
            (0.0, 0.0, true),
            (40.0, 1.5, false),
        ] {
            for seed in [1, 2, 99] {
                let (tv, tr, tf) = run(&p, vals, seed, false);
                let (sv, sr, sf) = run(&p, vals, seed, true);
                assert!(same(tv, sv), "{text} {vals:?}: tree {tv:?}, stack {sv:?}");
                assert_eq!(tr, sr, "{text} {vals:?}: the stream after it");
                assert_eq!(tf, sf, "{text} {vals:?}: the fault");
            }
        }
    }
    // the generator makes mostly programs a tree can hold, and the test sees them
    assert!(
        programs > 1000 && trees * 2 > programs,
        "{trees} trees of {programs}"
    );
}

#[test]
fn a_tree_is_built_only_where_it_gives_the_value_exactly() {
    let has = |t: &str| program(t).expect(t).tree.is_some();
    // results that are a variable as it is (it may be Nil) keep the stack code
    assert!(!has("c && y"), "&& passes its right side on");
    assert!(!has("c ? a : z"), "?: of two variables");
    assert!(!has("(a < 1) || y"), "|| passes a variable on");
    // a variable read as a number or compared as it is is exact
    assert!(has("z + 1"));
    assert!(has("z == a"));
    assert!(!has("(c && y) == true"), "an inexact operand of ==");
    assert!(has("c ? a + 0 : 3"));
    assert!(has("min(a, z, 2)"));
    assert!(matches!(
        Tree::of(&program("a < 2 && c == true").unwrap().code),
        Some(Tree::Bool(_))
    ));
}
