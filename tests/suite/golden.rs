//! Golden hashes: every shipped rule set, for fixed seeds and parameter sets, gives the same
//! output as when the hashes were recorded (issue 8: refactors prove they change no output).
//!
//! For each case of [`CASES`] the test hashes, per seed 1..=20, the Dungeon JSON restricted to
//! the contract's top-level fields of `undercroft-dungeon/1` (fields added later are left out,
//! so adding a field is not a change of output); and, through the command line, the ASCII
//! picture (seeds 1..=3, no colour) and the PNG bytes (seed 1). The recorded hashes are in
//! `tests/golden/hashes.txt`; `GOLDEN_RECORD=1 cargo test --release --test golden` rewrites
//! them — only when an output change is intended, and said so in the commit.

use std::collections::BTreeMap;
use std::process::Command;
use undercroft::{Params, RuleSet};

/// (rule file, parameters as `name=value`).
const CASES: &[(&str, &[&str])] = &[
    ("rules/isaac/flash.ron", &["level=1"]),
    ("rules/isaac/flash.ron", &["level=2"]),
    ("rules/isaac/flash.ron", &["level=4"]),
    ("rules/isaac/flash.ron", &["level=6"]),
    ("rules/isaac/flash.ron", &["level=9"]),
    ("rules/isaac/flash.ron", &["level=11"]),
    (
        "rules/isaac/flash.ron",
        &["level=3", "fullhp=true", "coins=5", "has_book=true"],
    ),
    ("rules/isaac/demo.ron", &["level=1"]),
    ("rules/isaac/demo.ron", &["level=5"]),
    ("rules/isaac/flash-rooms.ron", &["level=1"]),
    ("rules/isaac/flash-rooms.ron", &["level=5"]),
    ("rules/isaac/labyrinth.ron", &["level=1"]),
    ("rules/isaac/labyrinth.ron", &["level=5"]),
    ("rules/isaac/rebirth.ron", &["stage=1"]),
    ("rules/isaac/rebirth.ron", &["stage=6", "hard=true"]),
    ("rules/isaac/rebirth.ron", &["stage=12"]),
    ("rules/diablo/cathedral.ron", &["level=1"]),
    ("rules/diablo/cathedral.ron", &["level=2"]),
    (
        "rules/diablo/cathedral.ron",
        &["level=2", "poisoned_water=true"],
    ),
    ("rules/diablo/cathedral.ron", &["level=3"]),
    ("rules/diablo/cathedral.ron", &["level=4"]),
    ("rules/diablo/cathedral_worn.ron", &["level=1"]),
    ("rules/diablo/cathedral_worn.ron", &["level=4"]),
    ("rules/examples/flash_deep.ron", &[]),
    ("rules/examples/warren.ron", &[]),
    // added after the merges of the second wave (recorded then, not at 2e0bb5b)
    ("rules/diablo/catacombs.ron", &["level=5"]),
    ("rules/diablo/catacombs.ron", &["level=8"]),
    ("rules/diablo/caves.ron", &["level=9"]),
    ("rules/diablo/caves.ron", &["level=12"]),
    ("rules/diablo/hell.ron", &["level=13"]),
    ("rules/diablo/hell.ron", &["level=14"]),
    ("rules/diablo/diablo.ron", &["level=6"]),
    ("rules/examples/arena.ron", &[]),
    ("rules/examples/caverns.ron", &[]),
    ("rules/examples/crypt.ron", &[]),
    ("rules/examples/keep.ron", &[]),
    ("rules/examples/lava_caverns.ron", &[]),
    ("rules/examples/themed_halls.ron", &[]),
    // added with the wandering corridors (issue 9)
    ("rules/examples/barrow.ron", &[]),
    // added with loops and procedures (issue 44)
    ("rules/examples/bsp.ron", &[]),
    ("rules/examples/drunkard.ron", &[]),
    // added with mazes, template rooms and wave function collapse (issue 45): recorded from
    // the build of the day they were added, not derived
    ("rules/examples/rooms_and_mazes.ron", &[]),
    ("rules/examples/room_path.ron", &[]),
    ("rules/examples/wfc.ron", &[]),
];

/// The top-level fields of the Dungeon JSON when the hashes were recorded.
const CONTRACT_FIELDS: &[&str] = &[
    "format", "ruleset", "seed", "params", "attempts", "width", "height", "symbols", "layers",
    "rooms", "doors", "markers",
];

const SEEDS: std::ops::RangeInclusive<u64> = 1..=20;
const HASHES: &str = "tests/golden/hashes.txt";

/// FNV-1a, 64 bits: stable across runs, platforms and Rust versions.
fn fnv(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

fn params_of(case: &[&str]) -> Params {
    case.iter().fold(Params::new(), |p, kv| {
        let (k, v) = kv.split_once('=').unwrap();
        p.set(k, v)
    })
}

/// The JSON restricted to [`CONTRACT_FIELDS`], re-serialised with sorted keys.
fn contract_json(json: &str) -> String {
    let v: serde_json::Value = serde_json::from_str(json).expect("Dungeon JSON");
    let obj = v.as_object().expect("a JSON object");
    let kept: BTreeMap<&str, &serde_json::Value> = CONTRACT_FIELDS
        .iter()
        .filter_map(|&k| obj.get(k).map(|v| (k, v)))
        .collect();
    serde_json::to_string(&kept).unwrap()
}

fn cli(args: &[&str]) -> Vec<u8> {
    let out = Command::new(env!("CARGO_BIN_EXE_undercroft"))
        .args(args)
        .output()
        .expect("run undercroft");
    assert!(
        out.status.success(),
        "undercroft {}: {}",
        args.join(" "),
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

fn key(rule: &str, case: &[&str]) -> String {
    format!("{rule} {}", if case.is_empty() { "-" } else { "" }) + &case.join(",")
}

/// Every hash line of the current build: `KEY json SEED HASH`, `KEY ascii HASH`, `KEY png HASH`.
fn current() -> Vec<String> {
    let mut lines = Vec::new();
    let dir = std::env::temp_dir().join(format!("undercroft-golden-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (rule, case) in CASES {
        let rs = RuleSet::load(rule).unwrap_or_else(|d| panic!("{rule}: {d:?}"));
        let params = params_of(case);
        let k = key(rule, case);
        for seed in SEEDS {
            let d = rs
                .generate(seed, &params)
                .unwrap_or_else(|e| panic!("{k} seed {seed}: {e}"));
            let h = fnv(contract_json(&d.to_json()).as_bytes());
            lines.push(format!("{k} json {seed} {h:016x}"));
        }
        let mut args = vec![
            "generate", *rule, "--seed", "1", "--count", "3", "--color", "never",
        ];
        for kv in case.iter() {
            args.push("--param");
            args.push(kv);
        }
        let ascii = cli(&args);
        lines.push(format!("{k} ascii {:016x}", fnv(&ascii)));
        let png = dir.join("g.png");
        let png_s = png.to_str().unwrap().to_string();
        let mut pargs = vec![
            "generate", *rule, "--seed", "1", "--format", "png", "-o", &png_s,
        ];
        for kv in case.iter() {
            pargs.push("--param");
            pargs.push(kv);
        }
        cli(&pargs);
        lines.push(format!(
            "{k} png {:016x}",
            fnv(&std::fs::read(&png).unwrap())
        ));
    }
    let _ = std::fs::remove_dir_all(&dir);
    lines
}

#[test]
fn shipped_rule_sets_give_the_recorded_output() {
    let now = current();
    if std::env::var_os("GOLDEN_RECORD").is_some() {
        std::fs::create_dir_all("tests/golden").unwrap();
        std::fs::write(HASHES, now.join("\n") + "\n").unwrap();
        eprintln!("recorded {} hashes in {HASHES}", now.len());
        return;
    }
    let recorded = std::fs::read_to_string(HASHES).expect("tests/golden/hashes.txt");
    let recorded: Vec<&str> = recorded.lines().collect();
    let differing: Vec<String> = now
        .iter()
        .zip(recorded.iter())
        .filter(|(a, b)| a.as_str() != **b)
        .map(|(a, b)| format!("  now      {a}\n  recorded {b}"))
        .collect();
    assert!(
        differing.is_empty() && now.len() == recorded.len(),
        "{} of {} golden hashes differ ({} now, {} recorded):\n{}",
        differing.len(),
        now.len().max(recorded.len()),
        now.len(),
        recorded.len(),
        differing.join("\n")
    );
}
