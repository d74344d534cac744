//! Determinism under every path, for every shipped rule set (tests/suite/determinism.rs covers the
//! library paths on two of them at length): the command line's `generate` one seed at a
//! time, `generate --count`, with `--timeout` (the run is observed) and without, the
//! library with the trace on and off, on one thread and on many, all give the same bytes;
//! and `stats` counts the same rooms as those dungeons have, on one thread and on many.

use rayon::prelude::*;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Command;
use undercroft::{Params, RuleSet};

const SEEDS: u64 = 3;

/// The shipped rule sets that generate with their defaults (`select` ones included).
fn shipped() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = ["rules/isaac", "rules/diablo", "rules/examples"]
        .iter()
        .flat_map(|d| std::fs::read_dir(d).unwrap().flatten().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    v.sort();
    assert!(v.len() >= 10, "{v:?}");
    v
}

fn cli(args: &[&str], env: &[(&str, &str)]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_undercroft"))
        .args(args)
        .envs(env.iter().copied())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn generate_count_timeout_trace_and_threads_agree() {
    for path in shipped() {
        let p = path.to_str().unwrap();
        let rs = RuleSet::load(&path).unwrap();
        let none = Params::new();
        let lib: Vec<String> = (1..=SEEDS)
            .map(|s| rs.generate(s, &none).unwrap().to_json())
            .collect();
        let count = SEEDS.to_string();
        let all = cli(&["generate", p, "--count", &count, "--format", "json"], &[]);
        let lines: Vec<&str> = all.lines().collect();
        assert_eq!(lines, lib, "{p}: --count differs from the library");
        let timed = cli(
            &[
                "generate",
                p,
                "--count",
                &count,
                "--format",
                "json",
                "--timeout",
                "600",
            ],
            &[],
        );
        assert_eq!(timed, all, "{p}: --timeout changed the output");
        for s in 1..=SEEDS {
            let one = cli(
                &["generate", p, "--seed", &s.to_string(), "--format", "json"],
                &[],
            );
            assert_eq!(one.trim_end(), lib[s as usize - 1], "{p}: seed {s} alone");
            if !rs.selects() {
                let (d, _) = rs.generate_traced(s, &none).unwrap();
                assert_eq!(d.to_json(), lib[s as usize - 1], "{p}: trace on, seed {s}");
            }
        }
        let one_thread = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap();
        let seq: Vec<String> = one_thread.install(|| {
            (1..=SEEDS)
                .into_par_iter()
                .map(|s| rs.generate(s, &none).unwrap().to_json())
                .collect()
        });
        let many = rayon::ThreadPoolBuilder::new()
            .num_threads(4)
            .build()
            .unwrap();
        let par: Vec<String> = many.install(|| {
            (1..=SEEDS)
                .into_par_iter()
                .map(|s| rs.generate(s, &none).unwrap().to_json())
                .collect()
        });
        assert_eq!(seq, lib, "{p}: one thread");
        assert_eq!(par, lib, "{p}: four threads");
    }
}

#[test]
fn stats_counts_what_generate_makes_on_one_thread_and_many() {
    for p in ["rules/isaac/flash.ron", "rules/diablo/cathedral.ron"] {
        let n = 8;
        let args = [
            "stats", p, "--count", "8", "--seed", "1", "--format", "json",
        ];
        let one = cli(&args, &[("RAYON_NUM_THREADS", "1")]);
        let four = cli(&args, &[("RAYON_NUM_THREADS", "4")]);
        // everything but the timings agrees
        let timeless = |t: &str| {
            let mut a = undercroft::stats::Aggregate::from_json(t.trim()).unwrap();
            a.time_us = Default::default();
            a.wall_s = 0.0;
            a
        };
        assert_eq!(
            timeless(&one),
            timeless(&four),
            "{p}: stats, 1 vs 4 threads"
        );
        let rs = RuleSet::load(p).unwrap();
        let mut rooms: BTreeMap<usize, usize> = BTreeMap::new();
        for s in 1..=n {
            *rooms
                .entry(rs.generate(s, &Params::new()).unwrap().rooms.len())
                .or_default() += 1;
        }
        let want: Vec<(f64, u64)> = rooms.iter().map(|(k, c)| (*k as f64, *c as u64)).collect();
        assert_eq!(
            timeless(&one).counts("rooms").0,
            want,
            "{p}: stats' rooms vs generate ({n} seeds)"
        );
    }
}
