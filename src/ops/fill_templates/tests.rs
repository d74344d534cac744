//! Unit tests of `FillTemplates`: exact small fills chosen by exits, tags and `pick`, chunks,
//! protected cells, weighted draws, and the errors.

use crate::operator::testing::{grid, load_error, run_rules_with, try_run_rules};

/// Templates 3x2: `closed` (side), `open` (E W, path), `down` (E W S, path, weight 3) with a
/// 1x1 chunk `o` that is a wall.
const POOL: &str = "glyphs { '#' = 1 '.' = 2 }\n\
    templates rooms 3x2 {\n\
      chunk 'o' 1x1 { |#| }\n\
      template closed tags [side] { |###| |###| }\n\
      template open exits [E W] tags [path] { |...| |#.#| }\n\
      template down exits [E W S] tags [path] weight 3 { |.o.| |#.#| }\n\
    }\n\
    templates spots 2x1 {\n\
      chunk 'x' 1x1 { |#| }\n\
      chunk 'x' 1x1 weight 3 { |.| }\n\
      template t { |xx| }\n\
    }\n";

#[test]
fn cells_get_templates_by_tag_exits_and_pick() {
    // row 0 is tagged side: closed. Row 1: (1, 1) needs S, so only `down` fits; the others
    // take the first (col 0) or the last (col 2) of all three.
    let g = run_rules_with(
        10,
        5,
        r#"FillTemplates(layer: "t", templates: "p.pat#rooms", tags: [("row == 0", "side")],
             exits: "row == 1 && col == 1 ? 4 : 0", pick: "col == 0 ? 0 : count - 1")"#,
        "t",
        &[("p.pat", POOL)],
    );
    // the tenth column and the fifth row are left over: not written
    assert_eq!(
        g,
        grid(
            "1 1 1 1 1 1 1 1 1 0\n\
             1 1 1 1 1 1 1 1 1 0\n\
             1 1 1 2 1 2 2 1 2 0\n\
             1 1 1 1 2 1 1 2 1 0\n\
             0 0 0 0 0 0 0 0 0 0"
        )
    );
}

#[test]
fn the_area_places_the_cells_and_protected_tiles_stay() {
    let g = run_rules_with(
        5,
        3,
        r#"FillRect(layer: "f", value: "1", rect: (x: "2", y: "1", w: "1", h: "1")),
           FillTemplates(layer: "t", templates: "p.pat#rooms", exits: "2", pick: "0",
             area: (x: "1", y: "1", w: "4", h: "2"), protected: ["f"])"#,
        "t",
        &[("p.pat", POOL)],
    );
    // `open` at (1, 1); (2, 1) is protected and keeps its 0
    assert_eq!(g, grid("0 0 0 0 0\n0 2 0 2 0\n0 1 2 1 0"));
}

#[test]
fn draws_follow_the_weights_of_templates_and_chunks() {
    let steps = r#"FillTemplates(layer: "t", templates: "p.pat#rooms", exits: "2"),
                   FillTemplates(layer: "u", templates: "p.pat#spots")"#;
    let (mut down, mut open_floor, mut chunks) = (0, 0, 0);
    for seed in 1..=200 {
        let files = [("p.pat", POOL)];
        let g = try_run_rules(3, 2, steps, "t", seed, &files).unwrap();
        match g[0].as_slice() {
            [2, 1, 2] => down += 1,
            [2, 2, 2] => open_floor += 1,
            other => panic!("not a template that opens E and W: {other:?}"),
        }
        let u = try_run_rules(3, 2, steps, "u", seed, &files).unwrap();
        chunks += u[0][..2].iter().filter(|&&v| v == 2).count();
    }
    assert_eq!(down + open_floor, 200);
    // weights 3 and 1: `down` about 150 of 200; chunk `.` about 300 of 400
    assert!((125..=175).contains(&down), "{down}");
    assert!((260..=340).contains(&chunks), "{chunks}");
}

#[test]
fn a_cell_no_template_fits_fails_the_step() {
    let e = try_run_rules(
        3,
        2,
        r#"FillTemplates(layer: "t", templates: "p.pat#rooms", exits: "1")"#,
        "t",
        1,
        &[("p.pat", POOL)],
    )
    .unwrap_err();
    assert!(e.contains("no template fits a cell"), "{e}");
}

#[test]
fn an_unknown_tag_and_a_template_of_the_wrong_size_are_located_errors() {
    let text = |pool: &str| {
        format!(
            "Ruleset(name: \"t\", grid: Grid(width: 6, height: 4), steps: [\n\
             FillTemplates(layer: \"t\", templates: \"p.pat#{pool}\", tags: [(\"true\", \"sied\")])])"
        )
    };
    let e = load_error(&text("rooms"), &[("p.pat", POOL)]);
    assert!(e.contains("t.ron:2:"), "{e}");
    assert!(
        e.contains("no template of `p.pat#rooms` carries the tag `sied`"),
        "{e}"
    );
    let bad = "glyphs { '#' = 1 }\ntemplates big 3x2 {\n  template wide { |####| |####| }\n}";
    let e = load_error(&text("big"), &[("p.pat", bad)]);
    assert!(e.contains("p.pat:3:12"), "{e}");
    assert!(
        e.contains("template `wide` is 4x2; the templates of this item are 3x2"),
        "{e}"
    );
}

/// `pick` is a place among the qualifying templates: a value past the last, below 0 or not
/// whole ends the run with a located error at the expression (it used to be clamped); so
/// does an `exits` that is no sum of side bits.
#[test]
fn a_pick_or_exits_out_of_range_is_a_located_error() {
    let files = [("p.pat", POOL)];
    let run = |pick: &str| {
        let steps =
            format!(r#"FillTemplates(layer: "t", templates: "p.pat#rooms", pick: "{pick}")"#);
        let text = crate::operator::testing::load_text(3, 2, "", &steps);
        // the column of the expression (after its opening quote), 1-based
        let col = text.find(&format!("\"{pick}\"")).unwrap() + 2;
        (try_run_rules(3, 2, &steps, "t", 1, &files), col)
    };
    // all three templates qualify (no exits, no tags): places 0..=2
    for pick in ["count", "-1", "0.5", "count + 7"] {
        let (e, col) = run(pick);
        let e = e.unwrap_err();
        assert!(
            e.contains(&format!(
                "`{pick}` gave a value that is not a whole number 0..=count - 1"
            )),
            "{e}"
        );
        assert!(e.contains(&format!("t.ron:1:{col}")), "{col}: {e}");
    }
    // `exits` is a sum of the side bits, 0..=15 (it used to be clamped too)
    for exits in ["16", "-1", "2.5"] {
        let steps =
            format!(r#"FillTemplates(layer: "t", templates: "p.pat#rooms", exits: "{exits}")"#);
        let e = try_run_rules(3, 2, &steps, "t", 1, &files).unwrap_err();
        let want = format!("`{exits}` gave a value that is not a whole number 0..=15");
        assert!(e.contains(&want), "{e}");
    }
    // the last place is `count - 1`: `down`, |.o.| over |#.#| with its chunk `o` a wall
    assert_eq!(
        run("count - 1").0.unwrap(),
        vec![vec![2, 1, 2], vec![1, 2, 1]]
    );
}
