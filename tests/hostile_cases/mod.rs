//! Issue 46: hostile and careless inputs — output files that must not be replaced, special
//! files as inputs, edited Dungeon JSON for `render`, limits, time, arithmetic and messages.
//! Each case's messages are an insta snapshot (tests/snapshots/bad_input_table__hostile_cases__*).
//! The special files (FIFOs, character devices) are made in a scratch folder under
//! target/, never the system's.

use super::{cli, scratch};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// A fresh scratch folder `target/bad_input_table/NAME` (relative path, for stable messages).
fn folder(name: &str) -> String {
    let rel = format!("target/bad_input_table/{name}");
    let abs = Path::new(ROOT).join(&rel);
    let _ = std::fs::remove_dir_all(&abs);
    std::fs::create_dir_all(&abs).unwrap();
    rel
}

fn abs(rel: &str) -> PathBuf {
    Path::new(ROOT).join(rel)
}

/// `mkfifo` / `mknod` in the crate directory; false when not allowed here.
fn make(tool: &str, args: &[&str]) -> bool {
    Command::new(tool)
        .args(args)
        .current_dir(ROOT)
        .status()
        .is_ok_and(|s| s.success())
}

/// A character device like the system's `major, minor` (1,3 null; 1,7 full) at `rel`;
/// false (and a note) when this user may not make devices.
fn device(rel: &str, minor: &str) -> bool {
    let ok = make("mknod", &[rel, "c", "1", minor]);
    if !ok {
        assert!(
            std::env::var("CI").map_or(true, |v| v != "true"),
            "mknod is needed under CI (run as root)"
        );
        println!("skipped: cannot mknod here (not root)");
    }
    ok
}

fn file_type(rel: &str) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    match std::fs::symlink_metadata(abs(rel)).map(|m| m.file_type()) {
        Ok(t) if t.is_symlink() => "symlink",
        Ok(t) if t.is_fifo() => "fifo",
        Ok(t) if t.is_char_device() => "char device",
        Ok(t) if t.is_file() => "file",
        Ok(_) => "other",
        Err(_) => "missing",
    }
}

/// Run the program with standard output into `stdout` (a path), standing no more than 30 s
/// (a hang is a failure, not a stuck test): exit code and standard error.
fn run_into(args: &[&str], stdout: &str) -> String {
    let out = std::fs::OpenOptions::new()
        .write(true)
        .open(abs(stdout))
        .unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_undercroft"))
        .args(args)
        .current_dir(ROOT)
        .env("NO_COLOR", "1")
        .stdout(out)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let end = Instant::now() + Duration::from_secs(30);
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if Instant::now() > end {
            let _ = child.kill();
            panic!("{args:?} did not finish in 30 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    format!("{args:?} -> exit {:?}\n{err}", status.code())
}

/// [`cli`] that fails instead of hanging.
fn cli_bounded(args: &[&str]) -> String {
    let (tx, rx) = std::sync::mpsc::channel();
    let owned: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    std::thread::spawn(move || {
        let refs: Vec<&str> = owned.iter().map(String::as_str).collect();
        let _ = tx.send(cli(&refs));
    });
    rx.recv_timeout(Duration::from_secs(30))
        .unwrap_or_else(|_| panic!("{args:?} did not finish in 30 s"))
}

// --- finding 2: output files ------------------------------------------------------------------

#[test]
fn output_goes_through_a_symlink_and_never_replaces_a_special_file() {
    let dir = folder("out");
    std::fs::write(abs(&format!("{dir}/target.png")), b"old").unwrap();
    std::os::unix::fs::symlink("target.png", abs(&format!("{dir}/link.png"))).unwrap();
    assert!(make("mkfifo", &[&format!("{dir}/fifo.png")]));
    let png = |o: &str| {
        cli_bounded(&[
            "generate",
            "rules/isaac/flash.ron",
            "--format",
            "png",
            "-o",
            &format!("{dir}/{o}"),
        ])
    };
    let link = png("link.png");
    assert!(link.starts_with("exit: Some(0)"), "{link}");
    assert_eq!(file_type(&format!("{dir}/link.png")), "symlink");
    let written = std::fs::read(abs(&format!("{dir}/target.png"))).unwrap();
    assert_eq!(
        &written[1..4],
        b"PNG",
        "the link's target holds the picture"
    );
    let mut seen = vec![png("fifo.png")];
    assert_eq!(file_type(&format!("{dir}/fifo.png")), "fifo");
    if device(&format!("{dir}/null"), "3") {
        let null = png("null");
        assert!(null.starts_with("exit: Some(0)"), "{null}");
        assert_eq!(file_type(&format!("{dir}/null")), "char device");
        seen.push(null);
    }
    insta::assert_snapshot!(seen.join("\n"));
}

/// `-o` naming a file the run reads — the rule file, its pattern file (through another
/// spelling of the path), or the saved dungeons `render` redraws — is refused before anything
/// is written, and the file is left as it was (session 32's review: `generate x.ron -o x.ron`
/// replaced the rule file with the picture).
#[test]
fn output_never_replaces_a_file_the_run_reads() {
    let dir = folder("inputs");
    for f in ["caverns.ron", "caverns.pat"] {
        std::fs::copy(
            abs(&format!("rules/examples/{f}")),
            abs(&format!("{dir}/{f}")),
        )
        .unwrap();
    }
    let rules = format!("{dir}/caverns.ron");
    let before: Vec<Vec<u8>> = ["caverns.ron", "caverns.pat"]
        .iter()
        .map(|f| std::fs::read(abs(&format!("{dir}/{f}"))).unwrap())
        .collect();
    for (format, out) in [
        ("ascii", rules.clone()),
        ("png", format!("{dir}/../inputs/caverns.pat")),
    ] {
        let said = cli_bounded(&["generate", &rules, "--format", format, "-o", &out]);
        assert!(said.starts_with("exit: Some(2)"), "{said}");
        assert!(
            said.contains("is a file of the rule set this run reads"),
            "{said}"
        );
        assert!(said.contains("choose another output file"), "{said}");
    }
    for (f, was) in ["caverns.ron", "caverns.pat"].iter().zip(&before) {
        assert_eq!(
            &std::fs::read(abs(&format!("{dir}/{f}"))).unwrap(),
            was,
            "{f}"
        );
    }
    let json = format!("{dir}/d.json");
    let made = cli_bounded(&["generate", &rules, "--format", "json", "-o", &json]);
    assert!(made.starts_with("exit: Some(0)"), "{made}");
    let saved = std::fs::read(abs(&json)).unwrap();
    let said = cli_bounded(&["render", &json, "--format", "ascii", "-o", &json]);
    assert!(said.starts_with("exit: Some(2)"), "{said}");
    assert!(said.contains("is the file this run reads"), "{said}");
    assert_eq!(std::fs::read(abs(&json)).unwrap(), saved);
    // another output file is written as before
    let ok = cli_bounded(&["generate", &rules, "-o", &format!("{dir}/out.txt")]);
    assert!(ok.starts_with("exit: Some(0)"), "{ok}");
}

#[test]
fn a_failed_write_is_an_error_naming_the_file_and_the_reason() {
    let dir = folder("full");
    let full = format!("{dir}/full");
    if !device(&full, "7") {
        return;
    }
    let json = scratch("one.json", b"");
    let made = run_into(
        &["generate", "rules/isaac/flash.ron", "--format", "json"],
        &json,
    );
    assert!(made.contains("exit Some(0)"), "{made}");
    let mut out = Vec::new();
    for args in [
        &["generate", "rules/isaac/flash.ron"][..],
        &[
            "generate",
            "rules/isaac/flash.ron",
            "--count",
            "3",
            "--format",
            "json",
        ],
        &["check", "rules/isaac/flash.ron"],
        &["stats", "rules/isaac/flash.ron", "--count", "4"],
        &[
            "search",
            "rules/isaac/flash.ron",
            "--where",
            "rooms > 1",
            "--limit",
            "2",
        ],
        &["render", &json],
        &["ops"],
    ] {
        out.push(run_into(args, &full));
    }
    for format in ["json", "png", "tmx"] {
        let args = [
            "generate",
            "rules/isaac/flash.ron",
            "--format",
            format,
            "-o",
            &full,
        ];
        out.push(run_into(&args, "/dev/null"));
    }
    out.push(run_into(&["render", &json, "-o", &full], "/dev/null"));
    for o in &out {
        assert!(!o.contains("exit Some(0)"), "a failed write must fail: {o}");
    }
    assert_eq!(file_type(&full), "char device");
    insta::assert_snapshot!(out.join("\n"));
}

// --- finding 5 (issue numbering): special files and sizes as inputs -----------------------------

#[test]
fn special_files_and_huge_files_as_inputs_are_refused() {
    let dir = folder("special");
    assert!(make("mkfifo", &[&format!("{dir}/pipe.ron")]));
    // a rule file whose pattern file is a FIFO
    std::fs::write(
        abs(&format!("{dir}/uses_pipe.ron")),
        "Ruleset(grid: Grid(width: 8, height: 8), steps: [\n    \
         PlaceMiniset(layer: \"t\", miniset: \"pipe.pat#m\", tries: 10),\n])\n",
    )
    .unwrap();
    assert!(make("mkfifo", &[&format!("{dir}/pipe.pat")]));
    // `extends`, `select`, a theme table and a pool file that are not regular files
    for (name, text) in [
        ("extends.ron", "Ruleset(extends: \"/dev/zero\")\n"),
        (
            "select.ron",
            "Ruleset(name: \"s\", select: [(when: \"true\", rules: \"pipe.ron\")])\n",
        ),
        (
            "themes.ron",
            "Ruleset(name: \"t\", grid: Grid(width: 8, height: 8), themes: \"pipe.themes\", \
             steps: [])\n",
        ),
        (
            "pools.ron",
            "Ruleset(name: \"p\", grid: Grid(width: 8, height: 8), pools: {\"p\": \"pipe.pool\"}, \
             steps: [])\n",
        ),
    ] {
        std::fs::write(abs(&format!("{dir}/{name}")), text).unwrap();
    }
    for fifo in ["pipe.themes", "pipe.pool"] {
        assert!(make("mkfifo", &[&format!("{dir}/{fifo}")]));
    }
    let big = format!("{dir}/big.ron");
    std::fs::write(abs(&big), vec![b' '; (1 << 20) + 1]).unwrap();
    let pipe = format!("{dir}/pipe.ron");
    let runs = [
        cli_bounded(&["check", "/dev/zero"]),
        cli_bounded(&["check", &pipe]),
        cli_bounded(&["check", &dir]),
        cli_bounded(&["check", &big]),
        cli_bounded(&["check", &format!("{dir}/uses_pipe.ron")]),
        cli_bounded(&["check", &format!("{dir}/extends.ron")]),
        cli_bounded(&["check", &format!("{dir}/select.ron")]),
        cli_bounded(&["check", &format!("{dir}/themes.ron")]),
        cli_bounded(&["check", &format!("{dir}/pools.ron")]),
        cli_bounded(&[
            "generate",
            "rules/diablo/cathedral.ron",
            "-p",
            "setpiece=/dev/urandom",
        ]),
        cli_bounded(&["render", "/dev/zero"]),
        cli_bounded(&["render", &pipe]),
        cli_bounded(&["stats", "--merge", &pipe]),
    ];
    insta::assert_snapshot!(runs.join("\n"));
}

// --- finding 3: render of edited JSON -----------------------------------------------------------

/// Seed 1 of a shipped rule set as Dungeon JSON, edited by `f`, rendered as `format`.
fn render_edited(
    rules: &str,
    name: &str,
    format: &str,
    f: impl Fn(&mut serde_json::Value),
) -> String {
    let rs = undercroft::RuleSet::load(abs(rules)).unwrap();
    let d = rs.generate(1, &undercroft::Params::new()).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&d.to_json()).unwrap();
    f(&mut v);
    let p = scratch(name, v.to_string().as_bytes());
    let out = format!("{}/render-{name}.out", folder("render"));
    cli_bounded(&["render", &p, "--format", format, "-o", &out])
}

#[test]
fn render_checks_the_json_against_the_contract() {
    use serde_json::json;
    let flash = "rules/isaac/flash.ron";
    let cathedral = "rules/diablo/cathedral.ron";
    let runs = [
        render_edited(flash, "huge.json", "png", |v| {
            v["width"] = json!(1_000_000_000);
            v["height"] = json!(1_000_000_000);
        }),
        render_edited(cathedral, "marked.json", "png", |v| {
            v["width"] = json!(4096);
            v["height"] = json!(4096);
            v["grids"]["plan"] = json!([4096, 4096]);
            v["grids"]["tiles"] = json!([4096, 4096]);
        }),
        render_edited(flash, "wide.json", "ldtk", |v| {
            v["width"] = json!(2_000_000_000)
        }),
        render_edited(flash, "row.json", "png", |v| {
            let row = v["layers"]["rooms"][2].as_str().unwrap().to_string();
            v["layers"]["rooms"][2] = json!(row[1..]);
        }),
        render_edited(flash, "marker.json", "png", |v| {
            v["markers"] = json!({"stairs": [10, 99]});
        }),
        render_edited(flash, "room.json", "png", |v| {
            v["rooms"][0]["cells"][0] = json!([-1, 3])
        }),
        render_edited(flash, "door.json", "png", |v| {
            v["doors"][0]["rooms"] = json!([0, 999])
        }),
        render_edited(flash, "format.json", "png", |v| {
            v["format"] = json!("undercroft-dungeon/9")
        }),
        render_edited(flash, "layer.json", "png", |v| {
            v["layers"]["rooms"] = json!([[1, 2], "ab"])
        }),
        render_edited(flash, "count.json", "tmx", |v| v["width"] = json!(-3)),
    ];
    for r in &runs {
        assert!(r.starts_with("exit: Some(1)"), "{r}");
    }
    insta::assert_snapshot!(runs.join("\n"));
}

// --- finding 6: time --------------------------------------------------------------------------

/// A 1,000-iteration automaton on a 4,096² grid runs for minutes: `--timeout` stops it inside
/// the step (before, the clock was read only between steps, and a slow last step exited 0).
#[test]
fn timeout_stops_a_long_step_inside_it() {
    let dir = folder("timeout");
    std::fs::copy(
        abs("rules/examples/caverns.pat"),
        abs(&format!("{dir}/caverns.pat")),
    )
    .unwrap();
    let rules = format!("{dir}/ca.ron");
    std::fs::write(
        abs(&rules),
        r#"Ruleset(name: "ca", grid: Grid(width: 4096, height: 4096), steps: [
    FillRect(layer: "tiles", value: "1", rect: (x: "0", y: "0", w: "2048", h: "4096")),
    CellularAutomaton(layer: "tiles", iterations: 1000, automaton: "caverns.pat#smooth"),
])
"#,
    )
    .unwrap();
    let started = Instant::now();
    // 3 s: under load, loading and the 4,096² FillRect once took over 0.5 s, and the timeout
    // fired in the FillRect instead of the automaton this test is about
    let out = cli_bounded(&["generate", &rules, "--timeout", "3", "--format", "json"]);
    // ample for a loaded machine; without the check inside the step it runs for minutes
    assert!(started.elapsed() < Duration::from_secs(20), "{out}");
    insta::assert_snapshot!(super::redact_counts(&out));
}

/// A procedure that calls itself twice runs 2^depth calls; with a body of control steps
/// alone (`Let`, `If`, `Call`) no operator step ever read the clock, so `--timeout` never
/// stopped it (session 32's review). Each call now counts against the budget.
#[test]
fn timeout_stops_calls_of_control_steps_alone() {
    let dir = folder("timeout_calls");
    let rules = format!("{dir}/calls.ron");
    std::fs::write(
        abs(&rules),
        r#"Ruleset(name: "calls", grid: Grid(width: 8, height: 8), steps: [
    Procedure(name: "f", params: ["d: number"], steps: [Let("z", "d"),
        If(cond: "d < 40", then: [Call("f", ["d + 1"]), Call("f", ["d + 1"])])]),
    Call("f", ["0"]),
])
"#,
    )
    .unwrap();
    // 2^40 calls: hours without the check
    let out = stopped_by_a_one_second_budget(&rules);
    assert!(out.contains("in the step Call `f` at "), "{out}");
    assert!(out.contains("calls.ron:3:"), "{out}");
}

/// `PlaceMiniset` with a huge `count` on a map where no placement can succeed: each
/// placement failed at once (or, past the budget, stopped trying at once) and the next one
/// began, so `--timeout` did not end the step (session 32's review). Each placement now
/// counts against the budget.
#[test]
fn timeout_stops_a_huge_miniset_count() {
    let dir = folder("timeout_count");
    std::fs::write(
        abs(&format!("{dir}/m.pat")),
        "tiles { Rock = 0  Floor = 1  Stair = 3 }\nminiset put 1x1 { search Floor replace Stair }\n",
    )
    .unwrap();
    let rules = format!("{dir}/count.ron");
    std::fs::write(
        abs(&rules),
        r#"Ruleset(name: "count", grid: Grid(width: 64, height: 64), steps: [
    PlaceMiniset(layer: "a", miniset: "m.pat#put", tries: 1000, count: "1000000000000"),
])
"#,
    )
    .unwrap();
    let out = stopped_by_a_one_second_budget(&rules);
    assert!(out.contains("PlaceMiniset"), "{out}");
}

/// `generate RULES --timeout 1`, which must end soon with the timeout's error (exit 1); what
/// it printed.
fn stopped_by_a_one_second_budget(rules: &str) -> String {
    let started = Instant::now();
    let out = cli_bounded(&["generate", rules, "--timeout", "1"]);
    assert!(started.elapsed() < Duration::from_secs(20), "{out}");
    assert!(out.contains("exit: Some(1)"), "{out}");
    assert!(out.contains("stopped by --timeout 1 s"), "{out}");
    out
}

// --- finding 4: numbers from the command line ---------------------------------------------------

/// The resident memory of process `pid`, in kB.
fn rss_kb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

/// `stats`/`lint --count 1000000000` collected every seed first (an 8 GB list, an abort on
/// allocation): now they stream, and stay small while they run.
#[test]
fn a_billion_seeds_are_streamed_not_collected() {
    for cmd in ["stats", "lint"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_undercroft"))
            .args([cmd, "rules/isaac/flash.ron", "--count", "1000000000"])
            .current_dir(ROOT)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_secs(2));
        let alive = child.try_wait().unwrap().is_none();
        let rss = rss_kb(child.id());
        let _ = child.kill();
        let status = child.wait().unwrap();
        let mut err = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut err)
            .unwrap();
        assert!(alive, "{cmd} ended early ({status}): {err}");
        assert!(rss < 200_000, "{cmd} holds {rss} kB after 2 s");
    }
}

#[test]
fn scales_and_counts_past_their_limits_are_refused() {
    let runs = [
        cli(&[
            "generate",
            "rules/isaac/flash.ron",
            "--format",
            "tmx",
            "--scale",
            "100000x100000",
            "-o",
            "target/bad_input_table/x.tmx",
        ]),
        cli(&[
            "generate",
            "rules/diablo/cathedral.ron",
            "--format",
            "ldtk",
            "--scale",
            "256",
            "-o",
            "target/bad_input_table/x.ldtk",
        ]),
        cli(&[
            "search",
            "rules/isaac/flash.ron",
            "--where",
            "rooms > 0",
            "--count",
            "0",
        ]),
    ];
    insta::assert_snapshot!(runs.join("\n"));
}

/// `search` without `--count` searched for ever when nothing matched; now 1,000,000 seeds.
#[test]
fn search_without_count_ends() {
    let p = scratch(
        "empty.ron",
        b"Ruleset(name: \"empty\", grid: Grid(width: 1, height: 1), steps: [])\n",
    );
    insta::assert_snapshot!(cli_bounded(&["search", &p, "--where", "rooms > 0"]));
}

// --- finding 7: arithmetic ----------------------------------------------------------------------

#[test]
fn out_of_range_values_are_errors_naming_the_step() {
    use super::{gen_err, load_text_err};
    use crate::common::edit;
    let fill = |v: &str| {
        gen_err(&edit(
            "Let(\"target\", \"min(20, 5 + level * 2.6)\"),",
            &format!(
                "Let(\"target\", \"min(20, 5 + level * 2.6)\"),\n        \
                 FillRect(layer: \"t\", value: \"{v}\", rect: (x: \"0\", y: \"0\", w: \"2\", h: \"2\")),"
            ),
        ))
    };
    let walk = gen_err(&edit(
        "Let(\"target\", \"min(20, 5 + level * 2.6)\"),",
        "Let(\"target\", \"min(20, 5 + level * 2.6)\"),\n        \
         RandomWalk(layer: \"t\", value: \"1\", steps: \"20000000 * level\"),",
    ));
    let param = load_text_err(&edit(
        "Let(\"target\", \"min(20, 5 + level * 2.6)\"),",
        "Let(\"target\", \"min(20, 5 + level * 2.6)\"),\n        Let(\"level\", \"99\"),",
    ));
    // computed values (level is 1): literals out of range are refused at load
    let runs = [
        fill("70000 * level"),
        fill("-level"),
        fill("2.7 * level"),
        walk,
        param,
    ];
    insta::assert_snapshot!(runs.join("\n"));
}

#[test]
fn divisions_by_zero_in_measures_and_search_are_errors() {
    let rules = scratch(
        "ratio.ron",
        crate::common::edit(
            "    ],\n)",
            "    ],\n    stats: Stats(measures: [(\"ratio\", \"rooms / (doors - doors)\")]),\n)",
        )
        .as_bytes(),
    );
    let runs = [
        cli(&["stats", &rules, "--count", "2"]),
        cli(&[
            "search",
            "rules/isaac/flash.ron",
            "--where",
            "rooms / (doors - doors) > 1",
            "--count",
            "2",
        ]),
    ];
    // the wall time of `stats` ("0.02 s wall") varies from run to run
    let text = runs.join("\n");
    let text = match (text.find(" failed, "), text.find(" s wall")) {
        (Some(a), Some(b)) if a < b => format!("{} failed, T{}", &text[..a], &text[b..]),
        _ => text,
    };
    insta::assert_snapshot!(text);
}

/// A shard edited to count 2^64 - 1 dungeons wrapped to "49 generated" when merged.
#[test]
fn a_tampered_stats_shard_is_refused() {
    let a = scratch("shard-a.json", b"");
    let b = scratch("shard-b.json", b"");
    let c = scratch("shard-c.json", b"");
    let made = [
        run_into(
            &[
                "stats",
                "rules/isaac/flash.ron",
                "--count",
                "25",
                "--format",
                "json",
            ],
            &a,
        ),
        run_into(
            &[
                "stats",
                "rules/isaac/flash.ron",
                "--seed",
                "26",
                "--count",
                "25",
                "--format",
                "json",
            ],
            &b,
        ),
    ];
    for m in &made {
        assert!(m.contains("exit Some(0)"), "{m}");
    }
    let text = std::fs::read_to_string(abs(&b)).unwrap();
    let tampered = text.replace("\"generated\":25", "\"generated\":18446744073709551615");
    assert_ne!(tampered, text);
    std::fs::write(abs(&c), tampered).unwrap();
    insta::assert_snapshot!(cli(&["stats", "--merge", &a, &c]));
    let twice = cli(&["stats", "--merge", &a, &a]);
    assert!(twice.contains("cover some seeds twice"), "{twice}");
}

// --- finding 8: pattern files -------------------------------------------------------------------

/// Sets that each include the one before grew memory with the square of the chain (a
/// 1.78 MB file took 4 GB).
#[test]
fn a_chain_of_sets_is_bounded() {
    let mut pat = String::from("set s0 = {1}\n");
    for i in 1..3000 {
        pat += &format!("set s{i} = {{s{} {}}}\n", i - 1, i + 1);
    }
    pat += "miniset m 1x1 { search s2999 replace 5 }\n";
    let started = Instant::now();
    let err = super::pattern_err(
        r#"PlaceMiniset(layer: "t", miniset: "p.pat#m", tries: 10)"#,
        &pat,
    );
    assert!(started.elapsed() < Duration::from_secs(10));
    insta::assert_snapshot!(err);
}

// --- finding 9: messages ------------------------------------------------------------------------

#[test]
fn a_panic_is_a_short_report_not_a_backtrace() {
    let out = Command::new(env!("CARGO_BIN_EXE_undercroft"))
        .args(["check", "rules/isaac/flash.ron"])
        .current_dir(ROOT)
        .env("UNDERCROFT_TEST_PANIC", "1")
        .env_remove("RUST_BACKTRACE")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(
        !err.contains("/rustc/") && !err.contains("backtrace"),
        "{err}"
    );
    // where in the source it stopped moves with every edit of the file
    let err = match (err.find(" (src/"), err.find('\n')) {
        (Some(a), Some(b)) if a < b => format!("{} (src/FILE:LINE){}", &err[..a], &err[b..]),
        _ => err,
    };
    insta::assert_snapshot!(format!("exit: {:?}\n{err}", out.status.code()));
}

/// Serde's and RON's Rust words ("expected u64", "Integer is out of bounds", "Expected
/// integer", "untagged enum Layer", "invalid type") reached the user: each message now says
/// what the field takes, in the rule file's or the JSON contract's words.
#[test]
fn messages_name_no_rust_types() {
    let rules = |name: &str, step: &str| {
        let text = format!(
            "Ruleset(name: \"c\", grid: Grid(width: 8, height: 8), steps: [\n    {step},\n])\n"
        );
        cli(&["check", &scratch(name, text.as_bytes())])
    };
    let flash = undercroft::RuleSet::load(abs("rules/isaac/flash.ron")).unwrap();
    let json = flash
        .generate(1, &undercroft::Params::new())
        .unwrap()
        .to_json();
    let render = |name: &str, from: &str, to: &str| {
        assert!(json.contains(from), "{from}");
        cli(&[
            "render",
            &scratch(name, json.replacen(from, to, 1).as_bytes()),
        ])
    };
    let runs = [
        (
            rules(
                "big-count.ron",
                "Retry(max: 99999999999999999999, steps: [])",
            ),
            "out of range",
        ),
        (
            rules("float-count.ron", "Retry(max: 1e30, steps: [])"),
            "whole number",
        ),
        (
            rules("bool-count.ron", "Retry(max: true, steps: [])"),
            "whole number",
        ),
        (
            rules("neg-count.ron", "Retry(max: -3, steps: [])"),
            "found -3",
        ),
        (
            render("str-width.json", "\"width\":10", "\"width\":\"wide\""),
            "whole number",
        ),
        (
            render("float-width.json", "\"width\":10", "\"width\":1.5"),
            "whole number",
        ),
        (
            render(
                "layer-kind.json",
                "\"layers\":{",
                "\"layers\":{\"x\":[[1],\"a\"],",
            ),
            "a layer is a list of rows",
        ),
    ];
    for (out, says) in &runs {
        assert!(out.starts_with("exit: Some(1)"), "{out}");
        assert!(out.contains(says), "{says}: {out}");
        for rust in [
            "u64",
            "u32",
            "i64",
            "Integer",
            "integer",
            "untagged",
            "enum",
            "invalid type",
            "/rustc/",
        ] {
            assert!(!out.contains(rust), "`{rust}` in {out}");
        }
    }
}
