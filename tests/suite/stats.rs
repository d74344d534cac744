//! The measures of `undercroft stats` on small hand-built dungeons (exact values), `lint`
//! on a hand-made disconnected level, measure expressions, and the CLI: `--vs` marks a
//! change with a known effect and not an identical pair, every `search` result satisfies
//! its predicate (and the seeds it skipped do not), and the two shard identities.

use std::process::Command;
use undercroft::engine::value::Type;
use undercroft::stats::expr::MeasureScope;
use undercroft::stats::{measure, Aggregate, StatsSpec, Walkable};
use undercroft::{Dungeon, Params, RuleSet};

/// A room graph: start(0) - normal(1, two cells) - normal(2) - boss(3), start - shop(4),
/// and a secret room (5) without a door.
fn graph() -> Dungeon {
    Dungeon::from_json(
        r#"{"format":"undercroft-dungeon/1","ruleset":"t","seed":7,"params":{},"attempts":3,
        "width":6,"height":3,"symbols":{},"layers":{},
        "rooms":[
          {"id":0,"kind":"start","cells":[[0,0]],"shape":"1x1"},
          {"id":1,"kind":"normal","cells":[[1,0],[2,0]],"shape":"2x1"},
          {"id":2,"kind":"normal","cells":[[3,0]],"shape":"1x1"},
          {"id":3,"kind":"boss","cells":[[4,0]],"shape":"1x1"},
          {"id":4,"kind":"shop","cells":[[0,1]],"shape":"1x1"},
          {"id":5,"kind":"secret","cells":[[5,2]],"shape":"1x1"}],
        "doors":[{"rooms":[0,1],"cells":[[0,0],[1,0]]},{"rooms":[1,2],"cells":[[2,0],[3,0]]},
                 {"rooms":[2,3],"cells":[[3,0],[4,0]]},{"rooms":[0,4],"cells":[[0,0],[0,1]]},
                 {"rooms":[1,0],"cells":[[1,0],[0,0]]}],
        "markers":{}}"#,
    )
    .unwrap()
}

/// A tile level (7x5), floor `.`, door `+`, wall `#` (the class of other tiles), with the
/// stairs at [1, 1] and [5, 3] and a room on [5, 1]; `middle` is the tile at [3, 2].
fn tiles(middle: char) -> Dungeon {
    let rows = [
        "#######",
        "#..#..#",
        &format!("#..{middle}..#"),
        "#+##..#",
        "#######",
    ];
    let level: Vec<String> = rows.iter().map(|r| format!("\"{r}\"")).collect();
    Dungeon::from_json(&format!(
        r##"{{"format":"undercroft-dungeon/1","ruleset":"t","seed":9,"params":{{}},"attempts":0,
        "width":7,"height":5,"symbols":{{}},"layers":{{"level":[{}]}},
        "rooms":[{{"id":0,"kind":"theme","cells":[[5,1]],"shape":"1x1"}}],"doors":[],
        "markers":{{"stairs_up":[1,1],"stairs_down":[5,3]}},
        "palette":{{"empty_glyph":".","kinds":[{{"name":"theme","glyph":"t","colour":"#ffffff"}}],
          "tiles":{{"layer":"tiles","output":"level","classes":[
            {{"name":"floor","glyph":".","colour":"#000000"}},
            {{"name":"door","glyph":"+","colour":"#000000"}},
            {{"name":"wall","glyph":"#","colour":"#000000"}}]}}}}}}"##,
        level.join(",")
    ))
    .unwrap()
}

fn spec() -> StatsSpec {
    StatsSpec {
        walkable: Walkable::Classes(vec!["floor".into(), "door".into()]),
        markers: vec!["stairs_up".into(), "stairs_down".into()],
        ..StatsSpec::default()
    }
}

fn get(s: &undercroft::stats::Sample, name: &str) -> f64 {
    s.get(name)
        .unwrap_or_else(|| panic!("no measure {name}: {:?}", s.values))
}

/// The door-distance ends of the room-graph tests, as a rule file names them.
fn start_boss() -> StatsSpec {
    StatsSpec {
        rooms: Some(["start".into(), "boss".into()]),
        ..StatsSpec::default()
    }
}

#[test]
fn room_graph_measures() {
    assert!(measure(&graph(), &StatsSpec::default())
        .get("boss_distance")
        .is_some_and(f64::is_nan));
    let s = measure(&graph(), &start_boss());
    assert_eq!(get(&s, "rooms"), 6.0);
    assert_eq!(get(&s, "doors"), 5.0);
    // boss (3) and shop (4) have one neighbour; the doorless secret room none
    assert_eq!(get(&s, "dead_ends"), 2.0);
    assert_eq!(get(&s, "room_cells"), 7.0);
    assert_eq!(get(&s, "boss_distance"), 3.0);
    // no tiles: regions of rooms joined by doors, {0..4} and {5}
    assert_eq!(get(&s, "regions"), 2.0);
    assert!(get(&s, "stairs_distance").is_nan());
    assert!(get(&s, "walkable").is_nan());
    assert_eq!(get(&s, "markers"), 0.0);
    assert_eq!(get(&s, "attempts"), 3.0);
    assert_eq!(get(&s, "kind.normal"), 2.0);
    assert_eq!(get(&s, "kind.secret"), 1.0);
    assert_eq!(get(&s, "shape.1x1"), 5.0);
    assert_eq!(get(&s, "shape.2x1"), 1.0);
    let checks: Vec<(&str, &str)> = s
        .problems
        .iter()
        .map(|p| (p.check.as_str(), p.detail.as_str()))
        .collect();
    assert_eq!(
        checks,
        [(
            "rooms_unreachable",
            "room 5 (secret) has no door path from room 0"
        )]
    );
    assert_eq!(get(&s, "problems"), 1.0);
}

#[test]
fn lint_finds_a_disconnected_level_and_measures_its_tiles() {
    let d = tiles('#');
    let before = d.clone();
    let mut sp = spec();
    sp.markers.push("town".into());
    let s = measure(&d, &sp);
    assert_eq!(d, before, "measuring never changes the dungeon");
    assert_eq!(get(&s, "regions"), 2.0);
    assert_eq!(get(&s, "walkable"), 11.0);
    assert!(get(&s, "stairs_distance").is_nan(), "the stairs are apart");
    assert_eq!(get(&s, "area.floor"), 10.0);
    assert_eq!(get(&s, "area.door"), 1.0);
    assert_eq!(get(&s, "area.wall"), 24.0);
    let checks: Vec<(&str, &str)> = s
        .problems
        .iter()
        .map(|p| (p.check.as_str(), p.detail.as_str()))
        .collect();
    assert_eq!(
        checks,
        [
            ("disconnected", "2 walkable regions (sizes 5, 6)"),
            (
                "markers_unreachable",
                "`stairs_down` at [5, 3] cannot be reached from `stairs_up` at [1, 1]"
            ),
            (
                "rooms_unreachable",
                "room 0 (theme) has no walkable tile in the main region"
            ),
            ("missing_markers", "no marker `town`"),
        ]
    );
    // opened in the middle: one region, the stairs 6 steps apart, no problem
    let s = measure(&tiles('.'), &spec());
    assert_eq!(get(&s, "regions"), 1.0);
    assert_eq!(get(&s, "walkable"), 12.0);
    assert_eq!(get(&s, "stairs_distance"), 6.0);
    assert!(s.problems.is_empty(), "{:?}", s.problems);
    // only floor walkable: the door tile drops out
    let floor_only = StatsSpec {
        walkable: Walkable::FirstClass,
        ..spec()
    };
    assert_eq!(get(&measure(&tiles('.'), &floor_only), "walkable"), 11.0);
}

#[test]
fn measure_expressions_compile_evaluate_and_point_at_mistakes() {
    let kinds: Vec<String> = ["start", "normal", "boss", "shop", "secret"]
        .map(String::from)
        .into();
    let scope = MeasureScope::new(&kinds, &["1x1".into(), "2x1".into()], &[]);
    let d = graph();
    let s = measure(&d, &start_boss());
    let mut st = scope.state();
    let holds = |text: &str, st: &mut _| {
        let p = scope.compile(text, Type::Bool).unwrap();
        undercroft::stats::expr::holds(&scope, st, &p, &d, &s).unwrap()
    };
    assert!(holds("boss_distance >= 3 && count(shop) > 0", &mut st));
    assert!(!holds("boss_distance >= 4", &mut st));
    assert!(holds(
        "shape_2x1 == 1 && kind_normal == 2 && rooms - doors == 1",
        &mut st
    ));
    // undefined measures make comparisons false
    assert!(!holds("stairs_distance >= 0", &mut st));
    // a division by zero is an error, not `x / 0 = x` (issue 46)
    let p = scope
        .compile("rooms / (doors - doors) > 0", Type::Bool)
        .unwrap();
    let e = undercroft::stats::expr::holds(&scope, &mut st, &p, &d, &s).unwrap_err();
    assert_eq!(e, "the --where condition divided by zero");
    let e = scope.compile("bos_distance > 1", Type::Bool).unwrap_err();
    assert_eq!(e[0].span, (0, 12));
    assert_eq!(e[0].help.as_deref(), Some("did you mean `boss_distance`?"));
    let e = scope.compile("rooms > rnd(3)", Type::Bool).unwrap_err();
    assert_eq!(e[0].span, (8, 11));
    assert!(
        e[0].message.contains("`rnd` cannot be used"),
        "{}",
        e[0].message
    );
    let e = scope.compile("rooms + 1", Type::Bool).unwrap_err();
    assert!(
        e[0].message.contains("expected a true/false value"),
        "{}",
        e[0].message
    );
}

#[test]
fn summaries_merge_like_one_run() {
    let spec = StatsSpec::default();
    let a_d = graph();
    let mut b_d = graph();
    b_d.seed = 8;
    b_d.rooms.pop();
    let one = |ds: &[&Dungeon]| {
        let mut a = Aggregate::new("t", Default::default());
        for d in ds {
            a.add(
                &measure(d, &spec),
                &[("Require `x` at f:1:1".into(), 2)],
                &[],
                1e-5,
            );
        }
        a
    };
    let mut merged = one(&[&b_d]);
    merged.merge(&one(&[&a_d]));
    assert_eq!(merged, one(&[&a_d, &b_d]));
    assert_eq!(merged.ranges, vec![[7, 2]]);
    assert_eq!(merged.restarts["Require `x` at f:1:1"], 4);
    let rooms = merged.counts("rooms");
    assert_eq!(rooms.0, vec![(5.0, 1), (6.0, 1)]);
    assert_eq!(rooms.mean(), 5.5);
    assert_eq!(rooms.quantile(0.5), 5.0);
    // seed 8 has no secret room: the family's zero is filled in
    assert_eq!(merged.counts("kind.secret").0, vec![(0.0, 1), (1.0, 1)]);
    assert_eq!(merged.lint["rooms_unreachable"].len(), 1);
    let back = Aggregate::from_json(&merged.to_json()).unwrap();
    assert_eq!(back, merged);
}

// ---- the command line ----------------------------------------------------------------------

fn cli(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_undercroft"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The lines of a `--vs` table that are marked.
fn marked(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| l.starts_with('*'))
        .map(|l| l.split_whitespace().nth(1).unwrap().to_string())
        .collect()
}

#[test]
fn vs_marks_a_known_effect_and_not_an_identical_pair() {
    let f = "rules/isaac/flash.ron";
    // floor 1 has 7-8 rooms, floor 6 about 20: rooms (and more) differ beyond noise
    let (ok, out, err) = cli(&[
        "stats",
        f,
        "-p",
        "level=1",
        "--vs-param",
        "level=6",
        "--count",
        "400",
    ]);
    assert!(ok, "{err}");
    let m = marked(&out);
    assert!(m.contains(&"rooms".to_string()), "{out}");
    assert!(m.contains(&"dead_ends".to_string()), "{out}");
    // every column labelled, the restart causes' too
    assert!(
        out.contains("measure (mean)") && out.contains("B - A"),
        "{out}"
    );
    assert!(out.contains("      A       B  cause"), "{out}");
    // the same rule file twice over the same seeds: identical, nothing marked, no row shown
    let (ok, out, err) = cli(&["stats", f, "--vs", f, "--count", "400"]);
    assert!(ok, "{err}");
    assert!(marked(&out).is_empty(), "{out}");
    assert!(out.contains("Welch"), "{out}");
    assert!(!out.contains("  rooms "), "equal rows are hidden: {out}");
    assert!(out.contains("measures equal in A and B not shown"), "{out}");
}

/// Issue 47: `stats` lists the ten most common room shapes and counts the rest in one line.
#[test]
fn stats_lists_the_top_shapes_and_counts_the_rest() {
    let (ok, out, err) = cli(&["stats", "rules/diablo/cathedral.ron", "--count", "20"]);
    assert!(ok, "{err}");
    let section = out
        .split("room shapes (share of dungeons with one, mean count):\n")
        .nth(1)
        .expect("a shapes section");
    let lines: Vec<&str> = section
        .lines()
        .take_while(|l| l.starts_with("  "))
        .collect();
    assert_eq!(lines.len(), 11, "{section}");
    let more = lines[10];
    let n: usize = more
        .trim()
        .strip_prefix("and ")
        .and_then(|r| r.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("an `and N more` line: {more}"));
    assert!(n > 0, "{more}");
    // the most common first
    let mean = |l: &str| l.split_whitespace().nth(2).unwrap().parse::<f64>().unwrap();
    assert!(
        lines[..10].windows(2).all(|w| mean(w[0]) >= mean(w[1])),
        "{section}"
    );
}

/// Issue 47: `lint` follows every seed it lists with a command that shows it.
#[test]
fn lint_prints_a_command_to_view_each_seed() {
    // two rooms that nothing joins: every seed is listed
    let dir = std::env::temp_dir().join(format!("undercroft-lint-view-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rules = dir.join("apart.ron");
    std::fs::write(
        &rules,
        r#"Ruleset(name: "apart", rng: Pcg64, grid: Grid(width: 10, height: 5),
    stats: Stats(walkable: Tiles(layer: "t", ids: [1])),
    steps: [
        FillRect(layer: "t", value: "1", rect: (x: "1", y: "1", w: "2", h: "2")),
        FillRect(layer: "t", value: "1", rect: (x: "6", y: "1", w: "2", h: "2")),
    ])"#,
    )
    .unwrap();
    let path = rules.display().to_string();
    let (ok, out2, err) = cli(&["lint", &path, "--count", "3"]);
    assert!(!ok, "problems found: {out2}{err}");
    for s in 1..=3 {
        assert!(
            out2.contains(&format!(
                "seed {s}: disconnected: 2 walkable regions (sizes 4, 4)\n"
            )) && out2.contains(&format!(
                "  view it: undercroft preview {path} --seed {s}\n"
            )),
            "{out2}"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn search_results_satisfy_the_predicate_and_skipped_seeds_do_not() {
    let f = "rules/isaac/flash.ron";
    let (ok, out, err) = cli(&[
        "search",
        f,
        "-p",
        "level=4",
        "--where",
        "boss_distance >= 6 && count(shop) > 0",
        "--limit",
        "6",
        "--seed",
        "1",
    ]);
    assert!(ok, "{err}");
    let seeds: Vec<u64> = out.lines().map(|l| l.parse().unwrap()).collect();
    assert_eq!(seeds.len(), 6, "{out}");
    let rs = RuleSet::load(f).unwrap();
    let p = Params::new().set("level", 4);
    // checked here by hand, not through the expression evaluator
    let ok_seed = |s: u64| {
        let d = rs.generate(s, &p).unwrap();
        // the rule file's own ends of boss_distance (flash.ron: start -> boss)
        let m = measure(&d, &rs.stats);
        m.get("boss_distance").unwrap() >= 6.0 && d.rooms.iter().any(|r| r.kind == "shop")
    };
    for s in 1..=*seeds.last().unwrap() {
        assert_eq!(ok_seed(s), seeds.contains(&s), "seed {s}");
    }
    // a mistake in the expression is located
    let (ok, _, err) = cli(&[
        "search",
        f,
        "--where",
        "boss_distance >= 6 && count(shp) > 0",
    ]);
    assert!(!ok);
    assert!(err.contains("unknown room kind `shp`"), "{err}");
    assert!(err.contains("column 29"), "{err}");
    assert!(err.contains("did you mean `shop`?"), "{err}");
}

/// Everything of a summary but the clock.
fn timeless(json: &str) -> Aggregate {
    let mut a = Aggregate::from_json(json.trim()).unwrap();
    a.time_us = Default::default();
    a.wall_s = 0.0;
    a
}

#[test]
fn shards_concatenate_and_merge_to_one_run() {
    for f in ["rules/isaac/flash.ron", "rules/diablo/cathedral.ron"] {
        let gen = |seed: &str, count: &str| {
            let (ok, out, err) = cli(&[
                "generate", f, "--seed", seed, "--count", count, "--format", "json",
            ]);
            assert!(ok, "{err}");
            out
        };
        assert_eq!(
            gen("1", "6") + &gen("7", "4"),
            gen("1", "10"),
            "{f}: JSON lines"
        );
        let dir = std::env::temp_dir().join(format!("undercroft-shards-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let stats = |seed: &str, count: &str| {
            let (ok, out, err) = cli(&[
                "stats", f, "--seed", seed, "--count", count, "--format", "json",
            ]);
            assert!(ok, "{err}");
            out
        };
        let (a, b) = (dir.join("a.json"), dir.join("b.json"));
        std::fs::write(&a, stats("1", "6")).unwrap();
        std::fs::write(&b, stats("7", "4")).unwrap();
        let (ok, merged, err) = cli(&[
            "stats",
            "--merge",
            b.to_str().unwrap(),
            a.to_str().unwrap(),
            "--format",
            "json",
        ]);
        assert!(ok, "{err}");
        let whole = timeless(&stats("1", "10"));
        assert_eq!(timeless(&merged), whole, "{f}: merged summary");
        assert_eq!(whole.ranges, vec![[1, 10]]);
        assert_eq!(whole.generated, 10);
        // and the time counts merge too: ten of them
        assert_eq!(Aggregate::from_json(&merged).unwrap().time_us.n(), 10);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
