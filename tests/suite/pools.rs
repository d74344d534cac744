//! Issue 5: room pools — layouts fit their rooms, the Flash window rule holds in
//! distribution, and broken pool files are reported at file:line:col naming the layout.
use crate::common;

use common::*;
use std::collections::HashMap;
use undercroft::{Params, RuleSet};

/// Position of each `normal` layout among the normal layouts of the rule set, in file order.
fn positions(rs: &RuleSet) -> HashMap<String, usize> {
    let k = rs.kind_index("normal").unwrap();
    rs.layouts
        .iter()
        .filter(|l| l.kinds >> k & 1 == 1)
        .enumerate()
        .map(|(i, l)| (l.name.clone(), i))
        .collect()
}

fn drawn(rs: &RuleSet, floors: u64, level: u64) -> Vec<usize> {
    let pos = positions(rs);
    let mut counts = vec![0usize; pos.len()];
    for seed in 0..floors {
        let d = rs
            .generate(seed, &Params::new().set("level", level))
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        check_layouts(rs, &d, &["normal"]);
        for r in of_kind(&d, "normal") {
            counts[pos[r.layout.as_ref().unwrap()]] += 1;
        }
    }
    counts
}

#[test]
fn flash_window_per_stage() {
    let rs = RuleSet::load("rules/isaac/flash-rooms.ron").unwrap_or_else(|e| panic!("{e}"));
    for (level, lo, hi) in [(1, 0, 23), (2, 10, 33), (3, 0, 23)] {
        let c = drawn(&rs, 1000, level);
        for (p, &n) in c.iter().enumerate() {
            if (lo..=hi).contains(&p) {
                // ~ 4,500 normal rooms over 24 layouts: every layout of the window is drawn.
                assert!(n > 80, "level {level}: position {p} drawn {n} times");
            } else {
                assert_eq!(n, 0, "level {level}: position {p} is outside the window");
            }
        }
    }
}

#[test]
fn labyrinth_mixes_both_windows() {
    let rs = RuleSet::load("rules/isaac/labyrinth.ron").unwrap();
    let c = drawn(&rs, 1000, 1);
    let total: usize = c.iter().sum();
    let share = |a: usize, b: usize| c[a..=b].iter().sum::<usize>() as f64 / total as f64;
    println!(
        "labyrinth shares over {total} rooms: easy {:.3} medium {:.3} hard {:.3}",
        share(0, 9),
        share(10, 23),
        share(24, 33)
    );
    // Half the rooms use window 0..23, half 10..33: easy 10/48, medium 28/48, hard 10/48.
    for (got, want) in [
        (share(0, 9), 10.0 / 48.0),
        (share(10, 23), 28.0 / 48.0),
        (share(24, 33), 10.0 / 48.0),
    ] {
        assert!((got - want).abs() < 0.02, "share {got}, expected {want}");
    }
    assert!(
        c[34..].iter().all(|&n| n == 0),
        "positions past the windows were drawn"
    );
}

#[test]
fn rebirth_uses_layouts_with_fewer_doors_only_where_they_fit() {
    let rs = RuleSet::load("rules/isaac/rebirth.ron").unwrap();
    let mut fewer = 0;
    for seed in 0..1000 {
        let d = rs
            .generate(seed, &Params::new().set("stage", 1 + seed % 2))
            .unwrap();
        check_layouts(&rs, &d, &["normal"]);
        fewer += d
            .rooms
            .iter()
            .filter(|r| {
                r.layout
                    .as_deref()
                    .is_some_and(|l| l.contains("three-door"))
            })
            .count();
    }
    assert!(fewer > 50, "three-door layouts used {fewer} times");
}

// ---- broken pool files -------------------------------------------------------------------

const RULES: &str = r#"Ruleset(
    name: "t",
    grid: Grid(width: 4, height: 4),
    room_kinds: [RoomKind(name: "start", glyph: 'S'), RoomKind(name: "normal", glyph: 'o')],
    shapes: [
        Shape(name: "1x1", cells: [(0, 0)],
              doors: [("L0", (0, 0), W), ("U0", (0, 0), N), ("R0", (0, 0), E), ("D0", (0, 0), S)]),
        Shape(name: "LBR", cells: [(0, 0), (1, 0), (0, 1)],
              doors: [("L0", (0, 0), W), ("U0", (0, 0), N), ("R0", (1, 0), E), ("D0", (0, 1), S),
                      ("L1", (0, 1), W), ("U1", (1, 0), N), ("R1", (0, 1), E), ("D1", (1, 0), S)]),
    ],
    pools: { "p": "p.pool" },
    steps: [AssignLayouts(pools: ["p"], kinds: ["normal"], default_shape: "1x1", all_doors: true)],
)"#;

const POOL: &str = "pool \"p\"
cell 5 x 3
legend {
  '.' floor
  '#' rock solid
  ' ' outside outside
}
layout \"good\" {
  shape \"1x1\" doors [L0 U0 R0 D0] kinds [normal] difficulty 1 weight 1
  interior {
    |.#.#.|
    |.....|
    |.#.#.|
  }
}
layout \"a\" {
  shape \"1x1\" doors [L0 U0 R0 D0] kinds [normal] difficulty 1 weight 1
  interior {
    |.....|
    |.....|
    |.....|
  }
}
";

/// Load RULES with POOL edited by `edit`; return the diagnostics.
fn errors(edit: impl Fn(&str) -> String) -> Vec<String> {
    let pool = edit(POOL);
    match load_mem(&[("/mem/r.ron", RULES), ("/mem/p.pool", &pool)]) {
        Ok(_) => panic!("expected an error for pool:\n{pool}"),
        Err(e) => e,
    }
}

/// `/mem/p.pool:LINE:COL` of the first occurrence of `needle` after `after` in `text`.
fn at(text: &str, after: &str, needle: &str) -> String {
    let start = text.find(after).expect("after");
    let off = start + text[start..].find(needle).expect("needle");
    let line = text[..off].matches('\n').count() + 1;
    let col = off - text[..off].rfind('\n').map_or(0, |i| i + 1) + 1;
    format!("/mem/p.pool:{line}:{col}")
}

fn assert_one(errs: &[String], pos: &str, parts: &[&str]) {
    assert!(
        errs.iter()
            .any(|e| e.starts_with(pos) && parts.iter().all(|p| e.contains(p))),
        "expected an error at {pos} containing {parts:?}, got:\n{}",
        errs.join("\n")
    );
}

#[test]
fn the_good_pool_loads() {
    let rs = load_mem(&[("/mem/r.ron", RULES), ("/mem/p.pool", POOL)]).unwrap();
    assert_eq!(rs.layouts.len(), 2);
    assert_eq!(rs.layouts[1].name, "p/a");
}

#[test]
fn door_mask_lacking_a_needed_slot() {
    let pool = POOL.replace(
        "doors [L0 U0 R0 D0] kinds [normal] difficulty 1 weight 1\n  interior {\n    |.....|",
        "doors [L0 R0 D0] kinds [normal] difficulty 1 weight 1\n  interior {\n    |.....|",
    );
    let errs = errors(|_| pool.clone());
    assert_one(
        &errs,
        &at(&pool, "layout \"a\"", "doors"),
        &["pool `p`", "layout `a`", "`U0`"],
    );
}

#[test]
fn door_blocked_by_an_obstacle() {
    let edit = |p: &str| {
        p.replace("layout \"a\" {\n  shape \"1x1\" doors [L0 U0 R0 D0] kinds [normal] difficulty 1 weight 1\n  interior {\n    |.....|\n    |.....|", "layout \"a\" {\n  shape \"1x1\" doors [L0 U0 R0 D0] kinds [normal] difficulty 1 weight 1\n  interior {\n    |.....|\n    |....#|")
    };
    let errs = errors(edit);
    let pool = edit(POOL);
    assert_one(
        &errs,
        &at(&pool, "layout \"a\"", "#|"),
        &["pool `p`", "layout `a`", "door slot `R0` is blocked"],
    );
}

#[test]
fn ragged_row() {
    let edit = |p: &str| {
        p.replacen(
            "    |.....|\n    |.....|\n    |.....|",
            "    |.....|\n    |....|\n    |.....|",
            1,
        )
    };
    let errs = errors(edit);
    assert_one(
        &errs,
        &at(&edit(POOL), "layout \"a\"", "....|\n    |....."),
        &["layout `a`", "row 2 has 4 tiles"],
    );
}

#[test]
fn unknown_glyph() {
    let edit = |p: &str| {
        p.replacen(
            "    |.....|\n    |.....|\n    |.....|",
            "    |.....|\n    |..X..|\n    |.....|",
            1,
        )
    };
    let errs = errors(edit);
    assert_one(
        &errs,
        &at(&edit(POOL), "layout \"a\"", "X"),
        &["layout `a`", "unknown glyph 'X'"],
    );
}

#[test]
fn wrong_size_for_the_shape() {
    let edit = |p: &str| {
        p.replace("shape \"1x1\" doors [L0 U0 R0 D0] kinds [normal] difficulty 1 weight 1\n  interior {\n    |.....|\n    |.....|", "shape \"LBR\" doors [L0 U0 R0 D0] kinds [normal] difficulty 1 weight 1\n  interior {\n    |.....|\n    |.....|")
    };
    let errs = errors(edit);
    assert_one(
        &errs,
        &at(&edit(POOL), "layout \"a\"", "interior"),
        &["layout `a`", "3 rows", "`LBR`", "needs 6"],
    );
}

#[test]
fn l_shape_notch_must_be_outside() {
    let pool = format!(
        "{POOL}layout \"l\" {{\n  shape \"LBR\" doors [L0 U0] kinds [normal]\n  interior {{\n{}  }}\n}}\n",
        "    |..........|\n".repeat(6)
    );
    let errs = errors(|_| pool.clone());
    // The notch (cell (1, 1)) starts at interior row 4, tile 6: reported once, there.
    let l_at = pool.find("layout \"l\"").unwrap();
    let line = pool[..l_at].matches('\n').count() + 1 + 3 + 3;
    let first_tile = format!("/mem/p.pool:{line}:{}", 4 + 1 + 1 + 5);
    assert_one(
        &errs,
        &first_tile,
        &["layout `l`", "cell (1, 1) is not part of shape `LBR`"],
    );
    assert_eq!(
        errs.iter()
            .filter(|e| e.contains("not part of shape"))
            .count(),
        1,
        "{errs:?}"
    );
}

#[test]
fn slot_the_shape_does_not_have_and_unknown_names() {
    let edit = |p: &str| {
        p.replacen(
            "doors [L0 U0 R0 D0] kinds [normal]",
            "doors [L0 U0 R0 D0 U1] kinds [normal boss]",
            2,
        )
    };
    let errs = errors(edit);
    let pool = edit(POOL);
    assert_one(
        &errs,
        &at(&pool, "layout \"good\"", "U1"),
        &[
            "layout `good`",
            "door slot `U1` is not a slot of shape `1x1`",
        ],
    );
    assert_one(
        &errs,
        &at(&pool, "layout \"a\"", "boss"),
        &["layout `a`", "unknown room kind `boss`"],
    );
}

#[test]
fn broken_syntax_names_the_layout() {
    let edit = |p: &str| {
        p.replacen(
            "    |.....|\n    |.....|\n    |.....|",
            "    |.....|\n    |.....\n    |.....|",
            1,
        )
    };
    let errs = errors(edit);
    assert!(
        errs.len() == 1 && errs[0].contains("syntax error in layout `a`"),
        "{errs:?}"
    );
    assert!(errs[0].starts_with("/mem/p.pool:"), "{errs:?}");
}

#[test]
fn missing_pool_file_points_at_the_rule_file() {
    let errs = load_mem(&[("/mem/r.ron", RULES)]).unwrap_err();
    assert!(
        errs.iter()
            .any(|e| e.starts_with("/mem/r.ron:") && e.contains("cannot read pool file")),
        "{errs:?}"
    );
}

/// No mutation of a pool file panics the loader: each load ends in a rule set or in
/// diagnostics with a position.
#[test]
fn mutated_pool_files_never_panic() {
    let pool = std::fs::read_to_string("rules/isaac/pools/basement.pool").unwrap();
    let glyphs = [
        '.', '#', '|', '"', '{', '}', '\n', ' ', 'X', '[', ']', '\'', '9', 'é',
    ];
    let mut x: u64 = 0x9e3779b97f4a7c15;
    let mut next = |n: usize| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % n as u64) as usize
    };
    let kinds: String = [
        "start",
        "normal",
        "boss",
        "super_secret",
        "shop",
        "treasure",
        "secret",
        "sacrifice",
        "library",
        "curse",
        "miniboss",
        "miniboss_special",
        "challenge",
        "arcade",
    ]
    .iter()
    .enumerate()
    .map(|(i, k)| {
        format!(
            "RoomKind(name: \"{k}\", glyph: '{}'),",
            (b'a' + i as u8) as char
        )
    })
    .collect();
    let rules = RULES
        .replace("\"p\": \"p.pool\"", "\"basement\": \"p.pool\"")
        .replace("pools: [\"p\"]", "pools: [\"basement\"]")
        .replace("all_doors: true", "all_doors: false")
        .replace(
            "room_kinds: [RoomKind(name: \"start\", glyph: 'S'), RoomKind(name: \"normal\", glyph: 'o')]",
            &format!("room_kinds: [{kinds}]"),
        );
    if let Err(e) = load_mem(&[("/mem/r.ron", &rules), ("/mem/p.pool", &pool)]) {
        panic!("{e:?}");
    }
    let mut loaded = 0;
    for _ in 0..300 {
        let mut chars: Vec<char> = pool.chars().collect();
        for _ in 0..1 + next(4) {
            let i = next(chars.len());
            match next(3) {
                0 => {
                    chars.remove(i);
                }
                1 => chars.insert(i, glyphs[next(glyphs.len())]),
                _ => chars[i] = glyphs[next(glyphs.len())],
            }
        }
        let text: String = chars.into_iter().collect();
        match load_mem(&[("/mem/r.ron", &rules), ("/mem/p.pool", &text)]) {
            Ok(_) => loaded += 1,
            Err(errs) => assert!(errs.iter().all(|e| e.starts_with("/mem/")), "{errs:?}"),
        }
    }
    // Some mutations are harmless (inside comments, a floor tile changed to another one).
    assert!(loaded > 10 && loaded < 300, "{loaded} mutated files loaded");
}
