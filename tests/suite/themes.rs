//! Themed rooms (issue 13): over 1,000 levels of each Diablo level type with themes
//! (Cathedral 1-4, Catacombs 5-8, Caves 9-12, Hell 13-15; level 16 has no theme rooms, §1.9), every room given a theme
//! obeys the theme's rules as shared/spec/diablo.md §9.1–§9.2 states them, checked here from
//! the output alone (room kinds and cells, the `level` glyph layer, markers): the theme is
//! allowed on the level type, a once-per-level theme appears at most once, the room holds
//! the clear square its fit test needs (in tiles: a 5x5-piece square spans 3x3 tiles, a
//! 3x3-piece one 2x2, as rules/diablo/diablo.themes states), and no stairs lie inside. One
//! violation fails the test. And a theme that can never fit is reported by `stats` with the
//! requirement that turned it down.

use crate::diablo_common;

use diablo_common::{load, symbols};
use std::collections::BTreeMap;
use std::process::Command;
use undercroft::{Dungeon, Params};

/// A theme's rule: (allowed on `level`, once per level, clear square side in tiles).
type Rule = (fn(i64) -> bool, bool, usize);

/// §9.2 per theme: its [`Rule`], `None` for a name that is not a theme.
fn rule(name: &str) -> Option<Rule> {
    let all: fn(i64) -> bool = |_| true;
    let not_caves_hell: fn(i64) -> bool = |l| l <= 8;
    let not_cathedral: fn(i64) -> bool = |l| l > 4;
    let hell: fn(i64) -> bool = |l| l >= 13;
    Some(match name {
        "barrel" | "monster_pit" => (all, false, 0),
        "treasure" => (all, true, 0),
        "shrine" | "library" => (not_caves_hell, false, 2),
        "skeleton_room" => (not_caves_hell, false, 3),
        "torture" | "decapitated" | "burning_cross" => (all, false, 2),
        "blood_fountain" | "purifying_fountain" | "murky_fountain" | "tear_fountain" => {
            (all, true, 3)
        }
        "armour_stand" | "weapon_rack" => (not_cathedral, false, 2),
        "goat_shrine" => (all, false, 3),
        "cauldron" => (hell, true, 3),
        _ => return None,
    })
}

/// Whether `cells` hold an `n × n` square whose cells are all floor in `glyphs` (every
/// cell of the room when the rule set has no glyph layer: Catacombs and Caves count a carved
/// room's inside as clear, as their rule files state).
fn has_square(cells: &[[i32; 2]], glyphs: Option<&[Vec<char>]>, n: usize) -> bool {
    let set: std::collections::BTreeSet<[i32; 2]> = cells
        .iter()
        .copied()
        .filter(|&[x, y]| glyphs.is_none_or(|g| g[y as usize][x as usize] == '.'))
        .collect();
    let n = n as i32;
    set.iter()
        .any(|&[x0, y0]| (0..n).all(|dy| (0..n).all(|dx| set.contains(&[x0 + dx, y0 + dy]))))
}

/// Every violation of §9.2 by the themed rooms of `d` (level `level`).
fn violations(d: &Dungeon, level: i64, seen: &mut BTreeMap<String, usize>) -> Vec<String> {
    let glyphs = d.layers.contains_key("level").then(|| symbols(d, "level"));
    let mut out = Vec::new();
    let mut count: BTreeMap<&str, usize> = BTreeMap::new();
    for r in d.rooms.iter().filter(|r| r.kind != "theme") {
        let Some((allowed, once, square)) = rule(&r.kind) else {
            out.push(format!("room {} has kind {}, not a theme", r.id, r.kind));
            continue;
        };
        *seen.entry(r.kind.clone()).or_insert(0) += 1;
        *count.entry(&r.kind).or_insert(0) += 1;
        if !allowed(level) {
            out.push(format!("{} on level {level}", r.kind));
        }
        if once && count[r.kind.as_str()] > 1 {
            out.push(format!("{} twice on one level", r.kind));
        }
        if square > 0 && !has_square(&r.cells, glyphs.as_deref(), square) {
            out.push(format!(
                "{} without a clear {square}x{square} square",
                r.kind
            ));
        }
        if glyphs.as_ref().is_some_and(|g| {
            r.cells
                .iter()
                .any(|&[x, y]| g[y as usize][x as usize] == '>')
        }) {
            out.push(format!("{} with a stairs tile inside", r.kind));
        }
        for (m, p) in &d.markers {
            if r.cells.contains(p) && m != "pentagram" {
                out.push(format!("{} with marker {m} inside", r.kind));
            }
        }
    }
    out
}

/// Generate `per_level` seeds of each level, in two threads; check each; return the themes
/// seen (rooms, levels with one) and the number of levels.
fn check(rules: &str, levels: &[i64], per_level: u64) -> (BTreeMap<String, usize>, usize) {
    let rs = load(rules);
    let jobs: Vec<(i64, u64)> = levels
        .iter()
        .flat_map(|&l| (1..=per_level).map(move |s| (l, s)))
        .collect();
    let halves: Vec<&[(i64, u64)]> = jobs.chunks(jobs.len().div_ceil(2)).collect();
    let results: Vec<(BTreeMap<String, usize>, Vec<String>)> = std::thread::scope(|sc| {
        let handles: Vec<_> = halves
            .iter()
            .map(|part| {
                let rs = &rs;
                sc.spawn(move || {
                    let mut seen = BTreeMap::new();
                    let mut bad = Vec::new();
                    for &(level, seed) in part.iter() {
                        let d = rs
                            .generate(seed, &Params::new().set("level", level))
                            .unwrap_or_else(|e| panic!("{rules} level {level} seed {seed}: {e}"));
                        for v in violations(&d, level, &mut seen) {
                            bad.push(format!("{rules} level {level} seed {seed}: {v}"));
                        }
                    }
                    (seen, bad)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let mut seen = BTreeMap::new();
    let mut bad = Vec::new();
    for (s, b) in results {
        for (k, n) in s {
            *seen.entry(k).or_insert(0) += n;
        }
        bad.extend(b);
    }
    assert!(
        bad.is_empty(),
        "{} violations, e.g.:\n{}",
        bad.len(),
        bad[..bad.len().min(10)].join("\n")
    );
    (seen, jobs.len())
}

#[test]
fn cathedral_themes_obey_their_requirements() {
    let (seen, n) = check("rules/diablo/cathedral.ron", &[1, 2, 3, 4], 250);
    println!("cathedral, {n} levels: {seen:?}");
    assert!(n >= 1000);
    // the themes every Cathedral level may take do appear
    for t in ["barrel", "monster_pit", "treasure", "shrine", "library"] {
        assert!(seen.get(t).copied().unwrap_or(0) > 0, "{t} never given");
    }
    for t in ["armour_stand", "weapon_rack", "cauldron"] {
        assert!(!seen.contains_key(t), "{t} is not a Cathedral theme");
    }
}

#[test]
fn hell_themes_obey_their_requirements() {
    let (seen, n) = check("rules/diablo/hell.ron", &[13, 14, 15], 334);
    println!("hell, {n} levels: {seen:?}");
    assert!(n >= 1000);
    // carved rooms are rare (§1.9: none in 146 of 150 levels), but 1,000 levels have some
    assert!(seen.values().sum::<usize>() > 0, "no themed room in Hell");
    for t in ["shrine", "library", "skeleton_room"] {
        assert!(!seen.contains_key(t), "{t} is not a Hell theme");
    }
}

#[test]
fn catacombs_themes_obey_their_requirements() {
    let (seen, n) = check("rules/diablo/catacombs.ron", &[5, 6, 7, 8], 250);
    println!("catacombs, {n} levels: {seen:?}");
    assert!(n >= 1000);
    assert!(
        seen.values().sum::<usize>() > 0,
        "no themed room in the Catacombs"
    );
}

#[test]
fn caves_themes_obey_their_requirements() {
    let (seen, n) = check("rules/diablo/caves.ron", &[9, 10, 11, 12], 250);
    println!("caves, {n} levels: {seen:?}");
    assert!(n >= 1000);
    assert!(
        seen.values().sum::<usize>() > 0,
        "no themed room in the Caves"
    );
    for t in ["shrine", "library", "skeleton_room"] {
        assert!(!seen.contains_key(t), "{t} is not a Caves theme");
    }
}

#[test]
fn stats_name_the_requirement_that_turns_a_theme_down() {
    let out = Command::new(env!("CARGO_BIN_EXE_undercroft"))
        .args([
            "stats",
            concat!(env!("CARGO_MANIFEST_DIR"), "/tests/themes/impossible.ron"),
            "--count",
            "200",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let line = text
        .lines()
        .find(|l| l.trim_start().starts_with("vault"))
        .unwrap_or_else(|| panic!("no line for the vault:\n{text}"));
    // "vault  `cells >= 1000` N" with N > 0: the requirement that rejected it, how often
    let n: u64 = line
        .split("`cells >= 1000`")
        .nth(1)
        .unwrap_or_else(|| panic!("{line}"))
        .trim()
        .split(|c: char| !c.is_ascii_digit())
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(n > 0, "{line}");
    assert!(text.contains("themes never given"), "{text}");
    // the possible theme of the same table is given
    assert!(text.contains("alcove"), "{text}");
}
