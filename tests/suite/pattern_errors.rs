//! Errors in pattern files and in references to them reach the user with file:line:col
//! (issue 3). Each case: a rule file + a pattern file in memory, the expected position and
//! message fragment.

use std::path::Path;
use undercroft::ruleset::load::Reader;
use undercroft::RuleSet;

struct Mem(Vec<(&'static str, String)>);
impl Reader for Mem {
    fn read(&self, path: &Path) -> std::io::Result<String> {
        self.0
            .iter()
            .find(|(p, _)| Path::new(p) == path)
            .map(|(_, t)| t.clone())
            .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::NotFound, "no such file"))
    }
}

fn errors(step: &str, pat: &str) -> String {
    let ron = format!("Ruleset(grid: Grid(width: 8, height: 8), steps: [\n    {step},\n])\n");
    let files = Mem(vec![("r/t.ron", ron), ("r/p.pat", pat.to_string())]);
    match RuleSet::load_with(Path::new("r/t.ron"), &files) {
        Ok(_) => panic!("loaded without error"),
        Err(d) => d.to_string(),
    }
}

const OK_PAT: &str = "table t { 1 2 }\nminiset m 1x1 { search . replace 5 }\n";

#[test]
fn syntax_error_in_a_pattern_file_names_its_line_and_column() {
    let e = errors(
        r#"FixRules(layer: "t", rules: "p.pat#r")"#,
        "table t { 1 2 }\nrules r {\n  13 if (1,0) = 2 -> (0,0) = 1\n}\n",
    );
    assert!(e.contains("p.pat:3:15"), "{e}");
    assert!(e.contains("`==` or `!=`"), "{e}");
}

#[test]
fn unknown_item_points_at_the_ron_string_with_a_suggestion() {
    let e = errors(
        r#"Stamp(layer: "t", pattern: "p.pat#n", at: (x: "0", y: "0"))"#,
        OK_PAT,
    );
    assert!(e.contains("t.ron:2:"), "{e}");
    assert!(e.contains("no item `n`"), "{e}");
    let e = errors(
        r#"Stamp(layer: "t", pattern: "p.pat#t", at: (x: "0", y: "0"))"#,
        OK_PAT,
    );
    assert!(e.contains("is a table, not a miniset"), "{e}");
}

#[test]
fn missing_pattern_file_and_bad_reference() {
    let e = errors(r#"FixRules(layer: "t", rules: "q.pat#r")"#, OK_PAT);
    assert!(e.contains("cannot read pattern file"), "{e}");
    let e = errors(r#"FixRules(layer: "t", rules: "p.pat")"#, OK_PAT);
    assert!(e.contains("file.pat#name"), "{e}");
}

#[test]
fn semantic_errors_in_a_pattern_file_are_all_reported() {
    let e = errors(
        r#"PlaceMiniset(layer: "t", miniset: "p.pat#m", tries: 10)"#,
        "tiles { Floor = 13 }\nminiset m 2x2 { search Flor 1 | 2 3 replace 1 2 3 }\n",
    );
    assert!(e.contains("p.pat:2:24"), "{e}");
    assert!(e.contains("did you mean `Floor`"), "{e}");
    assert!(e.contains("expected 4 cells"), "{e}");
}

#[test]
fn a_miniset_as_large_as_the_grid_is_an_error_not_a_panic() {
    let pat = "miniset big 8x1 { search . . . . . . . . replace 1 1 1 1 1 1 1 1 }";
    let e = errors(
        r#"PlaceMiniset(layer: "t", miniset: "p.pat#big", tries: 10)"#,
        pat,
    );
    assert!(e.contains("the grid is only 8x8"), "{e}");
}

#[test]
fn the_shipped_pattern_file_parses_and_no_truncation_of_it_panics() {
    use undercroft::lang::pattern::parse_patterns;
    let p = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("rules/diablo/cathedral.pat");
    let text = std::fs::read_to_string(p).unwrap();
    let f = parse_patterns(&text).unwrap_or_else(|e| panic!("{e:?}"));
    assert!(f.get("FixTilesPatterns_2").is_some());
    let mut errs = 0;
    for i in (0..text.len())
        .filter(|&i| text.is_char_boundary(i))
        .step_by(97)
    {
        if parse_patterns(&text[..i]).is_err() {
            errs += 1;
        }
        // and a stray character in the middle
        let mut s = text[..i].to_string();
        s.push('§');
        s.push_str(&text[i..]);
        let _ = parse_patterns(&s); // must not panic (inside a comment it is even valid)
    }
    assert!(errs > 0);
}

#[test]
fn an_unplaceable_miniset_ends_a_bounded_retry_with_a_count() {
    let ron = r#"Ruleset(grid: Grid(width: 8, height: 8), steps: [
    Retry(max: 3, steps: [
        PlaceMiniset(layer: "t", miniset: "p.pat#m", tries: 100),
    ]),
])"#;
    let files = Mem(vec![
        ("r/t.ron", ron.to_string()),
        ("r/p.pat", OK_PAT.replace("search .", "search 9")),
    ]);
    let rs = RuleSet::load_with(Path::new("r/t.ron"), &files).unwrap();
    let e = rs
        .generate(1, &undercroft::Params::new())
        .unwrap_err()
        .to_string();
    assert!(e.contains("failed all 3 attempts"), "{e}");
    assert!(e.contains("PlaceMiniset `p.pat#m` at r/t.ron:3:"), "{e}");
    assert!(e.contains("failed 3 times"), "{e}");
}

#[test]
fn set_cell_errors_name_their_line_and_column() {
    let e = errors(
        r#"PlaceMiniset(layer: "t", miniset: "p.pat#m", tries: 10)"#,
        "set walls = {1 2}\nminiset m 2x1 {\n  search {} wals replace . . }\n",
    );
    assert!(e.contains("p.pat:3:10"), "{e}");
    assert!(e.contains("an empty set matches no tile"), "{e}");
    assert!(e.contains("p.pat:3:13"), "{e}");
    assert!(
        e.contains("unknown tile or set name `wals`; did you mean `walls`?"),
        "{e}"
    );
    let e = errors(
        r#"PlaceMiniset(layer: "t", miniset: "p.pat#m", tries: 10)"#,
        "set walls = {1 2}\nminiset m 1x1 { search walls replace walls }\n",
    );
    assert!(e.contains("p.pat:2:38"), "{e}");
    assert!(
        e.contains("`walls` is a set; one tile is needed here"),
        "{e}"
    );
}

/// Issue 44: a bare `0` in a grid used to mean `.`; an old file that still writes it gets a
/// located error saying what to write instead, in each grid's words (no silent change).
#[test]
fn an_old_style_zero_in_a_grid_is_a_located_error_saying_what_to_write() {
    let e = errors(
        r#"PlaceMiniset(layer: "t", miniset: "p.pat#m", tries: 10)"#,
        "tiles { Rock = 0 }\nminiset m 2x2 {\n  search  13 0 | Rock .\n  replace 0  . | . Rock\n}\n",
    );
    assert!(e.contains("p.pat:3:14"), "{e}");
    assert!(
        e.contains(
            "a bare `0` in a grid is reserved (it used to mean `.`): write `.` for any tile"
        ),
        "{e}"
    );
    assert!(e.contains("p.pat:4:11"), "{e}");
    assert!(
        e.contains("write `.` to leave the tile, or name tile 0"),
        "{e}"
    );
    // the names of tile 0 (`Rock`) are no error
    assert_eq!(e.matches("a bare `0`").count(), 2, "{e}");
}
