//! The whole game from one entry point, `rules/diablo/diablo.ron` (`select:` by `level`):
//! every level type on this branch runs through it with the same output as its own rule
//! file, every Diablo fixture of a type it selects matches through it, and `select` reports
//! bad input with located errors.

use undercroft::{Params, RuleSet};

use crate::common;
use crate::diablo_common;
use crate::fixture_dir;
use diablo_common::{compare, ids, load, read_dun};

#[test]
fn each_level_runs_its_type_with_the_same_output() {
    let game = load("rules/diablo/diablo.ron");
    let cathedral = load("rules/diablo/cathedral.ron");
    let catacombs = load("rules/diablo/catacombs.ron");
    let caves = load("rules/diablo/caves.ron");
    let hell = load("rules/diablo/hell.ron");
    for level in [1u32, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] {
        let own = match level {
            ..=4 => &cathedral,
            5..=8 => &catacombs,
            9..=12 => &caves,
            _ => &hell,
        };
        for seed in [3u64, 4] {
            let p = Params::new().set("level", level);
            let a = game.generate(seed, &p).unwrap();
            let b = own.generate(seed, &p).unwrap();
            assert_eq!(a.to_json(), b.to_json(), "level {level} seed {seed}");
        }
    }
}

#[test]
fn quest_parameters_reach_the_chosen_rule_set_and_typos_are_caught() {
    let game = load("rules/diablo/diablo.ron");
    // a Hell-only parameter is accepted for a Cathedral level (it does not apply there)
    let p = Params::new().set("level", 2).set("lazarus_mp", true);
    assert!(game.generate(1, &p).is_ok());
    let e = game
        .generate(1, &Params::new().set("level", 13).set("warlrd", true))
        .unwrap_err()
        .to_string();
    assert!(e.contains("did you mean `warlord`"), "{e}");
    let e = game
        .generate(1, &Params::new().set("level", 17))
        .unwrap_err()
        .to_string();
    assert!(e.contains("level"), "{e}");
}

#[test]
fn the_fixtures_of_the_selected_types_match_through_the_entry_point() {
    let Some(dir) = fixture_dir::dir() else {
        return;
    };
    let game = load("rules/diablo/diablo.ron");
    let l4 = dir.join("setpieces/l4data");
    // the no-quest fixtures of each type present on this branch
    for (name, level, seed) in [
        ("1-743271966", 1u32, 743271966u64),
        ("3-844660068", 3, 844660068),
        ("8-1999936419", 8, 1999936419),
        ("9-262005438", 9, 262005438),
        ("12-2104541047", 12, 2104541047),
        ("13-428074402", 13, 428074402),
        ("14-717625719", 14, 717625719),
    ] {
        let (w, h, want) = read_dun(&dir.join("levels").join(format!("{name}.dun")));
        let d = game
            .generate(seed, &Params::new().set("level", level))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let diff = compare(name, &ids(&d, "tiles"), w, h, &want);
        assert!(diff.exact(), "{}", diff.line(name, d.attempts));
    }
    // level 16 with its set pieces
    let p = [
        "diab1", "diab2a", "diab2b", "diab3a", "diab3b", "diab4a", "diab4b",
    ]
    .iter()
    .fold(Params::new().set("level", 16), |p, q| {
        p.set(q, l4.join(format!("{q}.dun")).display())
    });
    let (w, h, want) = read_dun(&dir.join("levels/16-741281013.dun"));
    let d = game.generate(741281013, &p).unwrap();
    let diff = compare("16-741281013", &ids(&d, "tiles"), w, h, &want);
    assert!(diff.exact(), "{}", diff.line("16-741281013", d.attempts));
}

fn errors(files: &[(&str, &str)]) -> Vec<String> {
    match common::load_mem(files) {
        Ok(_) => panic!("loaded"),
        Err(e) => e,
    }
}

const CHILD: &str = r#"Ruleset(name: "child", grid: Grid(width: 4, height: 4),
    params: {"n": Int(default: 1, min: 1, max: 3)},
    steps: [FillRect(layer: "t", value: "n", rect: (x: "0", y: "0", w: "4", h: "4"))])"#;

#[test]
fn select_chooses_by_the_first_condition_that_holds() {
    let rs = common::load_mem(&[
        (
            "/m/top.ron",
            r#"Ruleset(name: "top", params: {"n": Int(default: 1, min: 1, max: 9)},
               select: [(when: "n <= 3", rules: "child.ron"), (when: "n > 3", rules: "other.ron")])"#,
        ),
        ("/m/child.ron", CHILD),
        (
            "/m/other.ron",
            r#"Ruleset(name: "other", grid: Grid(width: 2, height: 2),
               steps: [FillRect(layer: "t", value: "7", rect: (x: "0", y: "0", w: "2", h: "2"))])"#,
        ),
    ])
    .unwrap_or_else(|e| panic!("{e:?}"));
    assert!(rs.selects());
    assert_eq!(rs.choice_names(), ["child", "other"]);
    let a = rs.generate(1, &Params::new().set("n", 2)).unwrap();
    assert_eq!(a.ruleset, "child");
    assert_eq!(ids(&a, "t"), vec![vec![2u16; 4]; 4]);
    // n = 5 is out of the child's range but the other file does not declare n
    let b = rs.generate(1, &Params::new().set("n", 5)).unwrap();
    assert_eq!(ids(&b, "t"), vec![vec![7u16; 2]; 2]);
}

#[test]
fn select_errors_are_located() {
    let e = errors(&[(
        "/m/top.ron",
        r#"Ruleset(name: "top", select: [(when: "true", rules: "missing.ron")])"#,
    )]);
    assert!(
        e.iter()
            .any(|m| m.starts_with("/m/top.ron:1:") && m.contains("cannot read")),
        "{e:?}"
    );
    let e = errors(&[
        (
            "/m/top.ron",
            r#"Ruleset(name: "top", grid: Grid(width: 2, height: 2), steps: [],
               select: [(when: "true", rules: "child.ron")])"#,
        ),
        ("/m/child.ron", CHILD),
    ]);
    assert!(
        e.iter()
            .any(|m| m.starts_with("/m/top.ron:2:") && m.contains("no `steps` or `grid`")),
        "{e:?}"
    );
    let e = errors(&[
        (
            "/m/top.ron",
            r#"Ruleset(name: "top", select: [(when: "nn > 1", rules: "child.ron")])"#,
        ),
        ("/m/child.ron", CHILD),
    ]);
    assert!(e.iter().any(|m| m.contains("nn")), "{e:?}");
    let e = errors(&[(
        "/m/top.ron",
        r#"Ruleset(name: "top", select: [(when: "true", rules: "top.ron")])"#,
    )]);
    assert!(e.iter().any(|m| m.contains("nests deeper")), "{e:?}");
}

#[test]
fn the_entry_point_loads() {
    let rs: RuleSet = load("rules/diablo/diablo.ron");
    assert!(rs.knows("level") && rs.knows("warlord") && rs.knows("butcher"));
    assert!(rs.knows("blood") && rs.knows("bone_chamber") && rs.knows("blind"));
    assert!(rs.knows("anvil"));
}
