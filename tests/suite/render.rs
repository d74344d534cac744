//! A Dungeon draws itself (issue 8): `undercroft render` of a `generate --format json` output
//! gives the same ASCII and the same PNG bytes as `generate --format ascii|png` for the same
//! seed, for every shipped rule set, through the real binary; several JSON lines and standard
//! input work; and the Dungeon reads back from its JSON unchanged.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use undercroft::{Dungeon, Params, RuleSet};

fn shipped() -> Vec<PathBuf> {
    crate::common::shipped_rule_sets()
}

/// Run the binary with `args` (and `stdin`), returning standard output; fails the test on a
/// non-zero exit.
fn run(args: &[&str], stdin: Option<&[u8]>) -> Vec<u8> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_undercroft"))
        .args(args)
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run undercroft");
    if let Some(input) = stdin {
        child.stdin.take().unwrap().write_all(input).unwrap();
    }
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "undercroft {}: {}",
        args.join(" "),
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("undercroft-render-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn render_of_saved_json_is_generate_for_every_shipped_rule_set() {
    let dir = temp_dir("each");
    for rules in shipped() {
        let r = rules.to_str().unwrap();
        for seed in ["1", "7"] {
            let json = dir.join("d.json");
            let json_s = json.to_str().unwrap();
            run(
                &[
                    "generate", r, "--seed", seed, "--format", "json", "-o", json_s,
                ],
                None,
            );
            let ascii = run(&["generate", r, "--seed", seed, "--color", "never"], None);
            let redrawn = run(&["render", json_s, "--color", "never"], None);
            assert_eq!(
                String::from_utf8_lossy(&redrawn),
                String::from_utf8_lossy(&ascii),
                "{r} seed {seed}: ASCII"
            );
            assert!(!ascii.is_empty());
            let a = dir.join("a.png");
            let b = dir.join("b.png");
            run(
                &[
                    "generate",
                    r,
                    "--seed",
                    seed,
                    "--format",
                    "png",
                    "-o",
                    a.to_str().unwrap(),
                ],
                None,
            );
            run(
                &[
                    "render",
                    json_s,
                    "--format",
                    "png",
                    "-o",
                    b.to_str().unwrap(),
                ],
                None,
            );
            let (pa, pb) = (std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
            assert!(pa.starts_with(b"\x89PNG"), "{r} seed {seed}: not a PNG");
            assert!(pa == pb, "{r} seed {seed}: the PNG bytes differ");
            std::fs::remove_file(&b).unwrap();
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn interiors_redraw_the_same() {
    let dir = temp_dir("interiors");
    for r in ["rules/isaac/rebirth.ron", "rules/isaac/labyrinth.ron"] {
        let json = run(&["generate", r, "--seed", "3", "--format", "json"], None);
        let want = run(&["generate", r, "--seed", "3", "--interiors"], None);
        let got = run(&["render", "-", "--interiors"], Some(&json));
        assert_eq!(
            String::from_utf8_lossy(&got),
            String::from_utf8_lossy(&want),
            "{r}: --interiors"
        );
        // Every room has a layout, so the picture holds the layouts' tiles, not plain floor.
        assert!(want.len() > 2000, "{r}: {} bytes", want.len());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn several_json_lines_and_standard_input() {
    let dir = temp_dir("many");
    let (r, p) = ("rules/isaac/flash.ron", "level=4");
    let json = run(
        &[
            "generate", r, "--seed", "10", "--count", "4", "-p", p, "--format", "json",
        ],
        None,
    );
    assert_eq!(json.iter().filter(|&&b| b == b'\n').count(), 4);
    let file = dir.join("many.json");
    std::fs::write(&file, &json).unwrap();
    let want = run(
        &[
            "generate", r, "--seed", "10", "--count", "4", "-p", p, "--color", "never",
        ],
        None,
    );
    let from_file = run(
        &["render", file.to_str().unwrap(), "--color", "never"],
        None,
    );
    let from_stdin = run(&["render", "-", "--color", "never"], Some(&json));
    assert_eq!(
        String::from_utf8_lossy(&from_file),
        String::from_utf8_lossy(&want)
    );
    assert_eq!(from_stdin, want);
    // Four pictures, named by seed as `generate --count` names them.
    let gen = dir.join("gen.png");
    let ren = dir.join("ren.png");
    run(
        &[
            "generate",
            r,
            "--seed",
            "10",
            "--count",
            "4",
            "-p",
            p,
            "--format",
            "png",
            "-o",
            gen.to_str().unwrap(),
        ],
        None,
    );
    run(
        &[
            "render",
            "-",
            "--format",
            "png",
            "-o",
            ren.to_str().unwrap(),
        ],
        Some(&json),
    );
    for seed in 10..14 {
        let a = std::fs::read(dir.join(format!("gen-{seed}.png"))).unwrap();
        let b = std::fs::read(dir.join(format!("ren-{seed}.png"))).unwrap();
        assert!(a == b, "seed {seed}: the PNG bytes differ");
    }
    // The four floors differ (the test would pass on one picture drawn four times otherwise).
    let first = std::fs::read(dir.join("ren-10.png")).unwrap();
    assert!((11..14).any(|s| std::fs::read(dir.join(format!("ren-{s}.png"))).unwrap() != first));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_json_is_a_located_error() {
    let out = Command::new(env!("CARGO_BIN_EXE_undercroft"))
        .args(["render", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            let json = run(
                &["generate", "rules/isaac/flash.ron", "--format", "json"],
                None,
            );
            let mut input = json.clone();
            input.extend_from_slice(b"{\"format\": 3}\n");
            c.stdin.take().unwrap().write_all(&input).unwrap();
            c.wait_with_output()
        })
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("-:2:"), "{err}");
    assert!(err.contains("not a Dungeon"), "{err}");
    assert!(out.stdout.is_empty(), "nothing is drawn from a bad file");
}

#[test]
fn a_dungeon_reads_back_from_its_json() {
    for rules in shipped() {
        let loaded = RuleSet::load(&rules).unwrap();
        let d = loaded.generate(2, &Params::new()).unwrap();
        // a rule file with `select:` draws with the palette of the rule set it chose
        let rs = loaded.pick(&Params::new()).unwrap().0;
        let back = Dungeon::from_json(&d.to_json()).unwrap();
        assert_eq!(back, d, "{}", rules.display());
        assert_eq!(back.to_json(), d.to_json());
        // The palette names every room kind of the rule set, with its glyph and colour.
        let kinds: Vec<(&str, char, &str)> = rs
            .kinds
            .iter()
            .map(|k| (k.name.as_str(), k.glyph, k.colour.as_str()))
            .collect();
        let carried: Vec<(&str, char, &str)> = d
            .palette
            .kinds
            .iter()
            .map(|k| (k.name.as_str(), k.glyph, k.colour.as_str()))
            .collect();
        assert_eq!(carried, kinds, "{}", rules.display());
        assert_eq!(
            d.palette.tiles.is_some(),
            rs.tile_glyphs.is_some(),
            "{}",
            rules.display()
        );
    }
}

/// JSON written before the palette existed still reads (and draws with made-up colours).
#[test]
fn json_without_the_drawing_fields_still_reads() {
    let rs = RuleSet::load("rules/isaac/flash.ron").unwrap();
    let d = rs.generate(1, &Params::new()).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&d.to_json()).unwrap();
    for k in ["palette", "defaults", "interiors"] {
        v.as_object_mut().unwrap().remove(k);
    }
    let old = Dungeon::from_json(&v.to_string()).unwrap();
    assert_eq!(old.rooms, d.rooms);
    assert!(old.palette.kinds.is_empty());
    let text = undercroft::render::ascii::floor_plan(&old, false);
    assert_eq!(
        text.lines().count(),
        undercroft::render::ascii::floor_plan(&d, false)
            .lines()
            .count()
    );
}

/// Issue 14 item 8: `--scale N` zooms a PNG: N times the size, every pixel an N×N block of
/// the default picture's; a scale that is not one whole factor is refused with exit code 2.
#[test]
fn png_scale_zooms_by_whole_pixels() {
    let dir = temp_dir("scale");
    let (one, three) = (dir.join("one.png"), dir.join("three.png"));
    for (scale, path) in [("1", &one), ("3", &three)] {
        run(
            &[
                "generate",
                "rules/diablo/cathedral.ron",
                "--seed",
                "2",
                "--format",
                "png",
                "--scale",
                scale,
                "-o",
                path.to_str().unwrap(),
            ],
            None,
        );
    }
    let a = image::open(&one).unwrap().to_rgb8();
    let b = image::open(&three).unwrap().to_rgb8();
    assert_eq!((b.width(), b.height()), (a.width() * 3, a.height() * 3));
    for (x, y, p) in b.enumerate_pixels() {
        assert_eq!(p, a.get_pixel(x / 3, y / 3), "({x}, {y})");
    }
    let out = Command::new(env!("CARGO_BIN_EXE_undercroft"))
        .args([
            "generate",
            "rules/diablo/cathedral.ron",
            "--format",
            "png",
            "--scale",
            "2x3",
        ])
        .args(["-o", dir.join("bad.png").to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("one zoom factor"));
    let _ = std::fs::remove_dir_all(&dir);
}
