//! The authoring guide runs (issue 4): every rule file it quotes is a file of the repo,
//! quoted in full, and every example rule set loads and generates; the new style does what
//! the guide says it does.

use std::collections::BTreeSet;
use std::path::Path;
use undercroft::{Params, RuleSet};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

#[test]
fn the_guide_quotes_the_example_files_exactly() {
    let doc = std::fs::read_to_string(Path::new(ROOT).join("docs/authoring.md")).unwrap();
    let mut quoted = 0;
    for block in doc.split("```ron\n").skip(1) {
        let body = &block[..block.find("```").expect("closed code block")];
        let first = body.lines().next().unwrap_or("");
        let Some(path) = first
            .strip_prefix("// ")
            .and_then(|l| l.split_whitespace().next())
        else {
            continue;
        };
        let file = std::fs::read_to_string(Path::new(ROOT).join(path))
            .unwrap_or_else(|e| panic!("the guide quotes {path}: {e}"));
        assert_eq!(body, file, "docs/authoring.md quotes {path} out of date");
        quoted += 1;
    }
    assert!(quoted >= 2, "the guide quotes its example rule files");
    // every picture the guide shows exists
    for part in doc.split("](").skip(1) {
        let target = &part[..part.find(')').unwrap()];
        if target.ends_with(".png") {
            assert!(
                Path::new(ROOT).join("docs").join(target).exists(),
                "{target}"
            );
        }
    }
}

#[test]
fn every_example_rule_set_loads_and_generates() {
    let dir = Path::new(ROOT).join("rules/examples");
    let mut n = 0;
    for e in std::fs::read_dir(&dir).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "ron") {
            let rs = RuleSet::load(&p).unwrap_or_else(|d| panic!("{}: {:?}", p.display(), d));
            for seed in 1..=20 {
                let a = rs.generate(seed, &Params::new()).unwrap();
                assert_eq!(
                    a,
                    rs.generate(seed, &Params::new()).unwrap(),
                    "deterministic"
                );
            }
            n += 1;
        }
    }
    assert!(n >= 2);
}

/// Door graph: is there a cycle? (A connected graph with more doors than rooms - 1.)
fn doors_and_rooms(d: &undercroft::Dungeon) -> (usize, usize) {
    let pairs: BTreeSet<[u32; 2]> = d
        .doors
        .iter()
        .map(|x| {
            let [a, b] = x.rooms;
            [a.min(b), a.max(b)]
        })
        .collect();
    (pairs.len(), d.rooms.len())
}

#[test]
fn the_warren_has_loops_exactly_when_it_has_hubs() {
    let rs = RuleSet::load(Path::new(ROOT).join("rules/examples/warren.ron")).unwrap();
    for seed in 1..=30 {
        let d = rs.generate(seed, &Params::new()).unwrap();
        let (doors, rooms) = doors_and_rooms(&d);
        assert_eq!(d.rooms.iter().filter(|r| r.kind == "hub").count(), 3);
        assert!(
            doors > rooms - 1,
            "seed {seed}: hubs close loops ({doors} doors, {rooms} rooms)"
        );
        let tree = rs.generate(seed, &Params::new().set("hubs", 0)).unwrap();
        let (doors, rooms) = doors_and_rooms(&tree);
        assert_eq!(
            doors,
            rooms - 1,
            "seed {seed}: without hubs the warren is a tree"
        );
    }
}

/// `undercroft ops NAME` prints every parameter the operator's `Params` declares (read here
/// from its source file, the same place rustc reads them), each with its doc, and an
/// example from a shipped rule file; a misspelt name is refused with the nearest one.
#[test]
fn ops_name_prints_every_parameter_with_its_doc_and_an_example() {
    let bin = env!("CARGO_BIN_EXE_undercroft");
    for (op, file) in [
        ("FillRect", "src/ops/fill_rect.rs"),
        ("ScatterMiniset", "src/ops/scatter_miniset.rs"),
        ("PlaceByNeighbours", "src/ops/place_by_neighbours.rs"),
    ] {
        let out = std::process::Command::new(bin)
            .args(["ops", op])
            .output()
            .unwrap();
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        let src = std::fs::read_to_string(file).unwrap();
        let params = &src[src.find("pub struct Params {").unwrap()..];
        let params = &params[..params.find("\n}").unwrap()];
        let fields: Vec<&str> = params
            .lines()
            .filter_map(|l| l.trim().strip_prefix("pub "))
            .filter_map(|l| l.split(':').next())
            .filter(|f| !f.starts_with("struct"))
            .collect();
        assert!(fields.len() >= 3, "{op}: {fields:?}");
        for f in fields {
            let line = text
                .lines()
                .position(|l| l.starts_with(&format!("  {f}: ")))
                .unwrap_or_else(|| panic!("{op}: no line for `{f}` in\n{text}"));
            let doc = text.lines().nth(line + 1).unwrap();
            assert!(
                doc.starts_with("      ") && doc.trim().len() > 3,
                "{op}.{f}: {doc}"
            );
        }
        assert!(text.contains("Example (rules/"), "{op}:\n{text}");
        assert!(text.contains(&format!("  {op}(")), "{op}:\n{text}");
    }
    let out = std::process::Command::new(bin)
        .args(["ops", "FillRec"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("did you mean `FillRect`?"), "{err}");
}

/// The guide's table of limits (issue 46) says what the code enforces.
#[test]
fn the_table_of_limits_matches_the_code() {
    let doc = std::fs::read_to_string(Path::new(ROOT).join("docs/authoring.md")).unwrap();
    let table = &doc[doc.find("## 8. Limits").expect("a limits section")..];
    let row = |what: &str| -> &str {
        table
            .lines()
            .find(|l| l.starts_with("| ") && l.contains(what))
            .unwrap_or_else(|| panic!("no row for {what}"))
    };
    let mib = |b: u64| format!("{} MiB", b >> 20);
    use undercroft::input::Kind;
    for (what, want) in [
        ("grid side", undercroft::dungeon::MAX_SIDE.to_string()),
        (
            "room-pool cell",
            undercroft::dungeon::MAX_INTERIOR_CELL.to_string(),
        ),
        (
            "restarts of all",
            undercroft::engine::MAX_RESTARTS.to_string(),
        ),
        (
            "`RandomWalk` steps",
            undercroft::ops::random_walk::MAX_STEPS.to_string(),
        ),
        (
            "tile values",
            undercroft::operator::args::TILE_VALUES.1.to_string(),
        ),
        (
            "densities and probabilities",
            format!(
                "{}..={}",
                undercroft::operator::args::SHARES.0,
                undercroft::operator::args::SHARES.1
            ),
        ),
        (
            "expression length",
            undercroft::lang::parse::MAX_LEN.to_string(),
        ),
        (
            "set members",
            undercroft::lang::pattern::MAX_SET_MEMBERS.to_string(),
        ),
        ("rule, pattern", mib(Kind::Rules.limit())),
        ("rule, pattern", mib(Kind::Pattern.limit())),
        ("tile grids", mib(Kind::TileGrid.limit())),
        ("`render` input", mib(Kind::Dungeons.limit())),
        ("`stats --merge`", mib(Kind::StatsShard.limit())),
        ("for tmx", undercroft::export::MAX_SCALE.to_string()),
        ("for tmx", undercroft::export::MAX_MAP_TILES.to_string()),
        ("for png", undercroft::render::png::MAX_SIDE.to_string()),
        (
            "`serve` gallery",
            undercroft::serve::state::MAX_SEEDS.to_string(),
        ),
        (
            "`serve` connections",
            undercroft::serve::conn::MAX_CONNECTIONS.to_string(),
        ),
    ] {
        assert!(
            row(what).contains(&want),
            "{what}: the table should say {want}"
        );
    }
}
