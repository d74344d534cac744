//! The maze, walk and collapse operators (issue 45) take expressions in their number fields
//! like the others (issue 44): one row per operator, each with a small map worked out by
//! hand from the operator's spec, the same map from a literal and from an expression, and an
//! expression value outside the field's range ending the run with a located error (never a
//! value clamped into the range, as these fields did before).

use std::path::Path;
use undercroft::dungeon::Layer;
use undercroft::ruleset::load::Reader;
use undercroft::{Params, RuleSet};

/// `rules/examples/t.ron` from memory; any other path from the disk (the example pattern
/// files beside it).
struct Mem(String);
impl Reader for Mem {
    fn read(&self, p: &Path) -> std::io::Result<String> {
        if p == Path::new("rules/examples/t.ron") {
            Ok(self.0.clone())
        } else {
            std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(p))
        }
    }
}

fn load(w: i32, h: i32, steps: &str) -> Result<RuleSet, String> {
    let text =
        format!("Ruleset(name: \"t\", grid: Grid(width: {w}, height: {h}), steps: [{steps}])");
    RuleSet::load_with(Path::new("rules/examples/t.ron"), &Mem(text)).map_err(|e| e.to_string())
}

/// Layer `t` after generating seed 1, or the error.
fn run(w: i32, h: i32, steps: &str) -> Result<Vec<Vec<u16>>, String> {
    let d = load(w, h, steps)?
        .generate(1, &Params::new())
        .map_err(|e| e.to_string())?;
    match &d.layers["t"] {
        Layer::Ids(rows) => Ok(rows.clone()),
        _ => panic!("t is not a tile layer"),
    }
}

fn grid(text: &str) -> Vec<Vec<u16>> {
    text.lines()
        .map(|l| l.split_whitespace().map(|v| v.parse().unwrap()).collect())
        .collect()
}

/// One operator: `steps` with `{}` where the field is written, the literal, the expression
/// (which may read `a` = 1, `b` = 2, `c` = 3, set before), the map both give, and an
/// expression outside the field's range with the message it gives.
struct Row {
    op: &'static str,
    steps: &'static str,
    literal: &'static str,
    expr: &'static str,
    want: &'static str,
    bad: &'static str,
    says: &'static str,
}

const LETS: &str = r#"Let("a", "1"), Let("b", "2"), Let("c", "3"),"#;

const ROWS: &[Row] = &[
    // 5x3 with one-tile cells and walls: two maze cells, (1, 1) and (3, 1); the tree from
    // (1, 1) carves both and the wall tile between them.
    Row {
        op: "GrowMaze",
        steps: r#"GrowMaze(layer: "t", value: {}, solid: [0], start: (x: "1", y: "1"))"#,
        literal: "2",
        expr: r#""a + 1""#,
        want: "0 0 0 0 0\n0 2 2 2 0\n0 0 0 0 0",
        bad: r#""b * 40000""#,
        says: "gave a value that is not a whole number 0..=65535",
    },
    // `cell` 3 with walls 1 on a 5x5: one maze cell, tiles 1..=3 each way.
    Row {
        op: "GrowMaze",
        steps: r#"GrowMaze(layer: "t", value: 1, solid: [0], cell: {})"#,
        literal: "3",
        expr: r#""c""#,
        want: "0 0 0 0 0\n0 1 1 1 0\n0 1 1 1 0\n0 1 1 1 0\n0 0 0 0 0",
        bad: r#""c * 30""#,
        says: "gave a value that is not a whole number 1..=64",
    },
    Row {
        op: "GrowMaze",
        steps: r#"GrowMaze(layer: "t", value: 1, solid: [0], cell: 3, straight: {})"#,
        literal: "0.5",
        expr: r#""a / b""#,
        want: "0 0 0 0 0\n0 1 1 1 0\n0 1 1 1 0\n0 1 1 1 0\n0 0 0 0 0",
        bad: r#""c / b""#,
        says: "gave a value that is not a number 0..=1",
    },
    // Floor at x = 0 and x = 2 (1 0 1): the wall tile x = 1 joins the two regions and is
    // opened with `value`; x = 3, 4 touch one region only.
    Row {
        op: "ConnectRegions",
        steps: r#"FillRect(layer: "t", value: "1", rect: (x: "0", y: "0", w: "1", h: "1")),
            FillRect(layer: "t", value: "1", rect: (x: "2", y: "0", w: "1", h: "1")),
            ConnectRegions(layer: "t", open: [1], value: "7", extra: {})"#,
        literal: "0",
        expr: r#""a - 1""#,
        want: "1 7 1 0 0",
        bad: r#""b""#,
        says: "gave a value that is not a number 0..=1",
    },
    // A corridor of five: one pass fills its two ends.
    Row {
        op: "RemoveDeadEnds",
        steps: r#"FillRect(layer: "t", value: "1", rect: (x: "0", y: "0", w: "5", h: "1")),
            RemoveDeadEnds(layer: "t", open: [1], value: {}, passes: 1)"#,
        literal: "9",
        expr: r#""c * c""#,
        want: "9 1 1 1 9",
        bad: r#""0 - a""#,
        says: "gave a value that is not a whole number 0..=65535",
    },
    // Two passes: the ends, then the tiles next to them.
    Row {
        op: "RemoveDeadEnds",
        steps: r#"FillRect(layer: "t", value: "1", rect: (x: "0", y: "0", w: "5", h: "1")),
            RemoveDeadEnds(layer: "t", open: [1], value: 9, passes: {})"#,
        literal: "2",
        expr: r#""b""#,
        want: "9 9 1 9 9",
        bad: r#""a / b""#,
        says: "gave a value that is not a whole number 0..=1000000",
    },
    // Open 1 1 0 1 on layer `m`: distances 0 1 from x = 0; the wall and the tile beyond it
    // are unreachable.
    Row {
        op: "DistanceField",
        steps: r#"FillRect(layer: "m", value: "1", rect: (x: "0", y: "0", w: "2", h: "1")),
            FillRect(layer: "m", value: "1", rect: (x: "3", y: "0", w: "1", h: "1")),
            DistanceField(layer: "t", on: "m", open: [1], from: [Cell("cell(0, 0)")], unreachable: {})"#,
        literal: "99",
        expr: r#""100 - a""#,
        want: "0 1 99 99",
        bad: r#""70000 + a""#,
        says: "gave a value that is not a whole number 0..=65535",
    },
    // No steps: each walker paints its brush at the start tile (1, 1) and stops.
    Row {
        op: "RandomWalk",
        steps: r#"RandomWalk(layer: "t", value: "1", steps: "0", start: (x: "1", y: "1"), brush: {})"#,
        literal: "2",
        expr: r#""b""#,
        want: "0 0 0 0\n0 1 1 0\n0 1 1 0\n0 0 0 0",
        bad: r#""b * 40""#,
        says: "gave a value that is not a whole number 1..=64",
    },
    // A share of 1/4 of 4x4 (4 tiles) is reached by the 2x2 brush at the start: the walk
    // stops before its first step (with a share of 1/2 it would need steps, and fail).
    Row {
        op: "RandomWalk",
        steps: r#"RandomWalk(layer: "t", value: "1", steps: "0", start: (x: "1", y: "1"), brush: 2, walkers: 3, turn: 0.5, bias: 0.5, share: {})"#,
        literal: "0.25",
        expr: r#""a / 4""#,
        want: "0 0 0 0\n0 1 1 0\n0 1 1 0\n0 0 0 0",
        bad: r#""b / a""#,
        says: "gave a value that is not a number 0..=1",
    },
    Row {
        op: "RandomWalk",
        steps: r#"RandomWalk(layer: "t", value: "1", steps: "0", start: (x: "1", y: "1"), walkers: {})"#,
        literal: "3",
        expr: r#""c""#,
        want: "0 0 0 0\n0 1 0 0\n0 0 0 0\n0 0 0 0",
        bad: r#""0 * c""#,
        says: "gave a value that is not a whole number 1..=1024",
    },
    // wfc.pat's overlapping model on 12x10: the same map with 10 restarts written either
    // way (what the collapse makes is checked in tests/suite/wfc.rs).
    Row {
        op: "WaveFunctionCollapse",
        steps: r#"WaveFunctionCollapse(layer: "t", model: "wfc.pat#dungeon", restarts: {})"#,
        literal: "10",
        expr: r#""c * 3 + a""#,
        want: "",
        bad: r#""0 - c""#,
        says: "gave a value that is not a whole number 0..=1000000",
    },
];

#[test]
fn the_new_operators_number_fields_take_expressions() {
    for r in ROWS {
        let with = |v: &str| format!("{LETS} {}", r.steps.replace("{}", v));
        let (w, h) = match r.want {
            "" => (12, 10),
            want => {
                let g = grid(want);
                (g[0].len() as i32, g.len() as i32)
            }
        };
        let lit = run(w, h, &with(r.literal)).unwrap_or_else(|e| panic!("{}: {e}", r.op));
        let expr = run(w, h, &with(r.expr)).unwrap_or_else(|e| panic!("{}: {e}", r.op));
        if !r.want.is_empty() {
            assert_eq!(lit, grid(r.want), "{} with {}", r.op, r.literal);
        }
        assert_eq!(expr, lit, "{} with {}", r.op, r.expr);
        let e = run(w, h, &with(r.bad)).expect_err(r.bad);
        let bad = r.bad.trim_matches('"');
        assert!(
            e.contains(&format!("`{bad}` {}", r.says)) && e.contains("t.ron:"),
            "{} with {}: {e}",
            r.op,
            r.bad
        );
    }
}

/// A literal outside a probability's range is refused when the file is read.
#[test]
fn a_literal_probability_above_1_is_refused_at_load() {
    let e = load(
        4,
        4,
        r#"RandomWalk(layer: "t", value: "1", steps: "3", turn: 1.5)"#,
    )
    .map(|_| ())
    .expect_err("loaded");
    assert!(e.contains("expected a number 0..=1, found 1.5"), "{e}");
}
