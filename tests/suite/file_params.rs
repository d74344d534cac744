//! `File` parameters are read once per run, not once per seed (issue 8): the library
//! resolves parameters and loads their tile grids once ([`RuleSet::resolve`]) and shares
//! them across seeds; `generate --count` and `stats` do the same.

use std::io::Write;
use std::process::{Command, Stdio};
use undercroft::{Params, RuleSet};

/// A rule set that copies the `piece` File parameter onto a 4x3 layer at (1, 1).
const RULES: &str = r#"Ruleset(
    name: "piece",
    grid: Grid(width: 4, height: 3),
    params: { "piece": File(doc: "a tile grid") },
    steps: [PlaceSetPiece(layer: "tiles", file: "piece", at: (x: "1", y: "1"))],
)"#;

/// A 2x1 `.dun` grid holding tiles 7 and 9.
const PIECE: [u8; 8] = [2, 0, 1, 0, 7, 0, 9, 0];

fn tiles(d: &undercroft::Dungeon) -> Vec<Vec<u16>> {
    match &d.layers["tiles"] {
        undercroft::dungeon::Layer::Ids(rows) => rows.clone(),
        _ => panic!("not a tile layer"),
    }
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("undercroft-file-params-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Resolving reads the file; generating from the resolved parameters does not: the file is
/// deleted after resolving and every seed still gets the piece.
#[test]
fn resolved_parameters_do_not_read_the_file_again() {
    let rules = scratch("piece.ron");
    std::fs::write(&rules, RULES).unwrap();
    let piece = scratch("piece.dun");
    std::fs::write(&piece, PIECE).unwrap();
    let rs = RuleSet::load(&rules).unwrap_or_else(|e| panic!("{e}"));
    let params = Params::new().set("piece", piece.display());
    let resolved = rs.resolve(&params).unwrap();
    std::fs::remove_file(&piece).unwrap();
    let want = vec![vec![0, 0, 0, 0], vec![0, 7, 9, 0], vec![0, 0, 0, 0]];
    for seed in 1..=5 {
        let d = rs.generate_resolved(seed, &resolved).unwrap();
        assert_eq!(tiles(&d), want, "seed {seed}");
    }
    // `generate` still loads per call: the file is gone now.
    let e = rs.generate(1, &params).unwrap_err().to_string();
    assert!(e.contains("piece") && e.contains("cannot read"), "{e}");
    let _ = std::fs::remove_file(&rules);
}

/// The command line reads a File parameter once for all seeds of `--count` and of
/// `stats`: given `/dev/stdin` fed by a pipe, a second read would find the pipe empty
/// ("too short for a width and height") and fail the second seed.
#[test]
fn count_and_stats_read_a_file_parameter_once() {
    let rules = scratch("piece-cli.ron");
    std::fs::write(&rules, RULES).unwrap();
    for args in [
        &["generate", "--count", "3", "--format", "json"][..],
        &["stats", "--count", "3"][..],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_undercroft"))
            .args(&args[..1])
            .arg(&rules)
            .args(&args[1..])
            .args(["--param", "piece=/dev/stdin"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(&PIECE).unwrap();
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{args:?}: {stderr}");
        if args[0] == "generate" {
            let stdout = String::from_utf8(out.stdout).unwrap();
            let lines: Vec<&str> = stdout.lines().collect();
            assert_eq!(lines.len(), 3, "{stdout}");
            for l in lines {
                let d: undercroft::Dungeon = serde_json::from_str(l).unwrap();
                assert_eq!(tiles(&d)[1], vec![0, 7, 9, 0]);
            }
        } else {
            let stdout = String::from_utf8_lossy(&out.stdout);
            assert!(
                stdout.contains("3 generated, 0 failed"),
                "{stdout}\n{stderr}"
            );
        }
    }
    let _ = std::fs::remove_file(&rules);
}
