//! Same rules + seed + params = the same bytes, through every path: repeated calls, a fresh
//! load, many threads, the traced run, and the command line.

use rayon::prelude::*;
use std::collections::HashSet;
use std::process::Command;
use undercroft::{Params, RuleSet};

const RULES: [&str; 2] = ["rules/isaac/flash.ron", "rules/isaac/demo.ron"];

#[test]
fn every_path_gives_the_same_bytes() {
    for path in RULES {
        let a = RuleSet::load(path).unwrap();
        let b = RuleSet::load(path).unwrap();
        let params = Params::new().set("level", 4);
        let seq: Vec<String> = (0..300)
            .map(|s| a.generate(s, &params).unwrap().to_json())
            .collect();
        let again: Vec<String> = (0..300)
            .map(|s| b.generate(s, &params).unwrap().to_json())
            .collect();
        let par: Vec<String> = (0..300u64)
            .into_par_iter()
            .map(|s| a.generate(s, &params).unwrap().to_json())
            .collect();
        assert_eq!(seq, again, "{path}: a fresh load differs");
        assert_eq!(seq, par, "{path}: threads differ");
        for s in 0..50u64 {
            let (d, trace) = a.generate_traced(s, &params).unwrap();
            assert_eq!(
                d.to_json(),
                seq[s as usize],
                "{path}: tracing changed the result"
            );
            assert!(!trace.frames.is_empty());
        }
        // Different seeds give different floors (almost always).
        let distinct: HashSet<String> = seq
            .iter()
            .map(|j| {
                let v: serde_json::Value = serde_json::from_str(j).unwrap();
                v["layers"].to_string()
            })
            .collect();
        assert!(
            distinct.len() > 280,
            "{path}: only {} distinct floors of 300",
            distinct.len()
        );
    }
}

#[test]
fn params_change_the_result_and_are_recorded() {
    let rs = RuleSet::load("rules/isaac/flash.ron").unwrap();
    let a = rs.generate(5, &Params::new().set("level", 1)).unwrap();
    let b = rs.generate(5, &Params::new().set("level", 6)).unwrap();
    assert_ne!(a.rooms.len(), b.rooms.len());
    assert_eq!(a.params["level"], serde_json::json!(1));
    assert_eq!(b.params["level"], serde_json::json!(6));
    assert_eq!(b.params["fullhp"], serde_json::json!(false));
}

#[test]
fn cli_json_is_stable_and_follows_the_contract() {
    let run = || {
        let out = Command::new(env!("CARGO_BIN_EXE_undercroft"))
            .args([
                "generate",
                "rules/isaac/flash.ron",
                "--seed",
                "10",
                "--count",
                "3",
                "--param",
                "level=2",
                "--format",
                "json",
            ])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        out.stdout
    };
    let first = run();
    assert_eq!(first, run(), "the CLI is not deterministic");
    let text = String::from_utf8(first).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3);
    for (i, line) in lines.iter().enumerate() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["format"], "undercroft-dungeon/1");
        assert_eq!(v["ruleset"], "isaac/flash");
        assert_eq!(v["seed"], 10 + i as u64);
        assert_eq!(v["params"]["level"], 2);
        assert!(v["attempts"].is_u64());
        assert_eq!(
            (v["width"].as_i64(), v["height"].as_i64()),
            (Some(10), Some(8))
        );
        let rows = v["layers"]["rooms"].as_array().unwrap();
        assert_eq!(rows.len(), 8);
        assert!(rows
            .iter()
            .all(|r| r.as_str().unwrap().chars().count() == 10));
        // Every glyph used is explained in `symbols`.
        for r in rows {
            for c in r.as_str().unwrap().chars() {
                assert!(
                    v["symbols"][c.to_string()].is_string(),
                    "glyph {c} not in symbols"
                );
            }
        }
        for room in v["rooms"].as_array().unwrap() {
            assert!(room["id"].is_u64() && room["kind"].is_string() && room["shape"].is_string());
            let cell = &room["cells"][0];
            let (x, y) = (cell[0].as_i64().unwrap(), cell[1].as_i64().unwrap());
            let glyph = rows[y as usize]
                .as_str()
                .unwrap()
                .chars()
                .nth(x as usize)
                .unwrap();
            assert_eq!(
                v["symbols"][glyph.to_string()],
                room["kind"],
                "the layer and the room list disagree"
            );
        }
        for door in v["doors"].as_array().unwrap() {
            let [a, b] = [&door["cells"][0], &door["cells"][1]];
            let d = (a[0].as_i64().unwrap() - b[0].as_i64().unwrap()).abs()
                + (a[1].as_i64().unwrap() - b[1].as_i64().unwrap()).abs();
            assert_eq!(d, 1, "door cells must be adjacent");
            assert_eq!(door["rooms"].as_array().unwrap().len(), 2);
        }
        assert!(v["markers"].is_object());
    }
}

#[test]
fn cli_reports_broken_rules_and_bad_params() {
    let dir = std::env::temp_dir().join(format!("undercroft-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.ron");
    std::fs::write(
        &bad,
        "Ruleset(\n  grid: Grid(width: 10, height: 8),\n  stepz: [],\n)\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_undercroft"))
        .args(["check"])
        .arg(&bad)
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("bad.ron:3:3")
            && err.contains("unknown field `stepz`")
            && err.contains("did you mean `steps`?"),
        "{err}"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_undercroft"))
        .args(["generate"])
        .arg(&bad)
        .output()
        .unwrap();
    assert!(
        !out.status.success(),
        "generate must refuse a broken rule set"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_undercroft"))
        .args(["generate", "rules/isaac/flash.ron", "--param", "level=40"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("1..=11"));
    let out = Command::new(env!("CARGO_BIN_EXE_undercroft"))
        .args(["check", "rules/isaac/flash.ron", "rules/isaac/demo.ron"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("--param level"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A dungeon given back to its rule set (`RuleSet::recycle`, as `stats` does with each one
/// it has measured) only lends its buffers: the next outputs are those of a rule set that
/// never got one back, whatever it held (its own, its own with stale parameter values, one
/// changed in every field, or another rule set's).
#[test]
fn dungeons_given_back_leave_nothing_in_later_ones() {
    use undercroft::dungeon::{Layer, Tally};
    let cases = [
        ("rules/isaac/flash-rooms.ron", Params::new()),
        ("rules/examples/themed_halls.ron", Params::new()),
        ("rules/diablo/cathedral.ron", Params::new().set("level", 2)),
        ("rules/isaac/flash.ron", Params::new().set("level", 4)),
    ];
    let other = RuleSet::load("rules/diablo/caves.ron").unwrap();
    let foreign = other.generate(1, &Params::new().set("level", 9)).unwrap();
    for (path, params) in cases {
        let (fresh, reused) = (RuleSet::load(path).unwrap(), RuleSet::load(path).unwrap());
        for s in 0..15u64 {
            let want = fresh.generate(s, &params).unwrap();
            let got = reused.generate(s, &params).unwrap();
            assert_eq!(got, want, "{path} seed {s}");
            let back = match s % 3 {
                // its own, every parameter's value stale (the names as they were)
                0 => {
                    let mut d = got;
                    d.params
                        .values_mut()
                        .for_each(|v| *v = serde_json::json!("stale"));
                    d
                }
                1 => foreign.clone(),
                _ => {
                    let mut d = got;
                    d.format.push('x');
                    d.ruleset.clear();
                    d.params.insert("zz".into(), serde_json::json!("x"));
                    d.params.remove("level");
                    d.layers.insert("zz".into(), Layer::Ids(vec![vec![1, 2]]));
                    d.layers
                        .insert("rooms".into(), Layer::Ids(vec![vec![3]; 99]));
                    if let Some(Layer::Ids(rows)) = d.layers.values_mut().last() {
                        rows.truncate(1);
                        rows[0].push(7);
                    }
                    d.markers.insert("zz".into(), [1, 1]);
                    d.rooms.truncate(1);
                    if let Some(r) = d.rooms.first_mut() {
                        (r.layout, r.shape) = (Some("zz".into()), "9x9".into());
                        r.cells.push([99, 99]);
                    }
                    d.doors.clear();
                    d.tallies.push(Tally {
                        kind: "zz".into(),
                        reason: "zz".into(),
                        count: 1,
                    });
                    d.interiors = None;
                    if let Some(g) = &mut d.grids {
                        g.layers.insert("zz".into(), "plan".into());
                    }
                    d
                }
            };
            reused.recycle(back);
        }
    }
}
