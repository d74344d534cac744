//! Unit tests of `ops::assign_layouts`.

use crate::operator::testing::{rooms, try_rooms};

/// One-tile layouts (cell 1 x 1) with their doors, kinds, difficulty and weight.
fn pool(layouts: &[(&str, &str, &str, u32, f64)]) -> String {
    let mut s = String::from("pool \"p\"\ncell 1 x 1\nlegend {\n  '.' floor\n}\n");
    for (name, doors, kinds, difficulty, weight) in layouts {
        s += &format!(
                "layout \"{name}\" {{\n  shape \"1x1\" doors [{doors}] kinds [{kinds}] difficulty {difficulty} weight {weight}\n  interior {{\n    |.|\n  }}\n}}\n"
            );
    }
    s
}

const HEAD: &str = r#"pools: { "p": "p.pool" },"#;

/// Passes with a target of 2.5 on 5x3 from (2, 1): the start (2, 1) has doors W, E, S
/// (slots L0, R0, D0); (3, 1) one door W (L0), (1, 1) one E (R0), (2, 2) one N (U0).
/// Rooms have no shape: `default_shape` is the `1x1`.
fn assign(args: &str) -> String {
    format!(
        r#"GrowRoomGraph(start: (2, 1), start_kind: "start", room_kind: "normal",
                target: "2.5", directions: [E, W, S, N], chance: "1", columns: (0, 4),
                rows: (0, 2), frontier: Passes(count: 10), dead_ends: "dead_ends"),
            AssignLayouts(pools: ["p"], kinds: ["start", "normal"], default_shape: "1x1", {args}),"#
    )
}

fn standard() -> String {
    pool(&[
        ("west", "L0", "normal", 1, 1.0),
        ("east", "R0", "normal", 1, 1.0),
        ("north", "U0", "normal", 2, 1.0),
        ("three", "L0 R0", "start", 1, 1.0),
        ("all", "L0 U0 R0 D0", "start", 1, 1.0),
    ])
}

/// A layout must serve the kind and support every door the room uses: each room has
/// exactly one candidate (the start's L0 R0 layout lacks D0).
#[test]
fn the_doors_a_room_uses_choose_its_layout() {
    let p = standard();
    let r = rooms(5, 3, HEAD, &assign(""), &[("p.pool", &p)]);
    assert_eq!(
        r.layouts,
        [
            ([2, 1], "p/all".to_string()),
            ([3, 1], "p/west".to_string()),
            ([1, 1], "p/east".to_string()),
            ([2, 2], "p/north".to_string()),
        ]
    );
}

/// `difficulty (1, 1)` leaves (2, 2) no candidate: the run fails, or with `require:
/// false` that room gets no layout.
#[test]
fn difficulty_filters_and_require() {
    let p = standard();
    let e = try_rooms(
        5,
        3,
        HEAD,
        &assign(r#"difficulty: ("1", "1")"#),
        &[("p.pool", &p)],
    )
    .unwrap_err()
    .to_string();
    assert!(
        e.contains("AssignLayouts: no layout of `p` fits a `normal` room of shape `1x1`"),
        "{e}"
    );
    let steps = assign(r#"difficulty: ("1", "1"), require: false"#);
    let r = rooms(5, 3, HEAD, &steps, &[("p.pool", &p)]);
    let names: Vec<&str> = r.layouts.iter().map(|l| l.1.as_str()).collect();
    assert_eq!(names, ["p/all", "p/west", "p/east"]);
}

/// A window numbers the layouts serving a kind in file order (normal: west 0, east 1,
/// north 2; start: three 0, all 1): range (1, 2) drops west (so (3, 1) gets none) and
/// keeps `all` for the start.
#[test]
fn a_window_restricts_positions() {
    let p = standard();
    let steps = assign(r#"window: Window(index: "1", ranges: [(0, 0), (1, 2)]), require: false"#);
    let r = rooms(5, 3, HEAD, &steps, &[("p.pool", &p)]);
    assert_eq!(
        r.layouts,
        [
            ([2, 1], "p/all".to_string()),
            ([1, 1], "p/east".to_string()),
            ([2, 2], "p/north".to_string()),
        ]
    );
}

/// With `exact_bias` the layouts whose doors are exactly the needed ones are drawn from
/// with probability `min(1, bias × exact weight / total weight)`: 1000 × 1 / 101 ≥ 1, so
/// (3, 1) gets `west` (L0 only), never the heavy `both` (L0 R0), and (1, 1) `east`.
#[test]
fn exact_bias_prefers_exact_doors() {
    let p = pool(&[
        ("west", "L0", "normal", 1, 1.0),
        ("east", "R0", "normal", 1, 1.0),
        ("both", "L0 R0", "normal", 1, 100.0),
        ("north", "U0", "normal", 1, 1.0),
        ("all", "L0 U0 R0 D0", "start", 1, 1.0),
    ]);
    let steps = assign("weighted: true, exact_bias: 1000");
    let r = rooms(5, 3, HEAD, &steps, &[("p.pool", &p)]);
    let names: Vec<&str> = r.layouts.iter().map(|l| l.1.as_str()).collect();
    assert_eq!(names, ["p/all", "p/west", "p/east", "p/north"]);
}
