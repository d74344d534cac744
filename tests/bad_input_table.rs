//! A table of bad inputs (issue 17): each case's full rendered message is an insta snapshot
//! (tests/snapshots/bad_input_table__*.snap), so any change to a message fails `cargo test`
//! until the snapshot is reviewed (`cargo insta review`, or `INSTA_UPDATE=always` locally).
//! tests/suite/bad_input.rs checks positions and hints of the basic cases; this file does not
//! repeat them.

mod common;
mod hostile_cases;
use common::{edit, Mem, BASE};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use undercroft::ruleset::diag::render;
use undercroft::{Params, RuleSet};

/// The rendered diagnostics of loading `files[0]` (the others are beside it in memory).
fn load_err(files: &[(&str, &str)]) -> String {
    let mem = Mem(files
        .iter()
        .map(|(p, t)| (PathBuf::from(p), t.to_string()))
        .collect::<HashMap<_, _>>());
    match RuleSet::load_with(Path::new(files[0].0), &mem) {
        Ok(_) => panic!("{} loaded without error", files[0].0),
        Err(d) => render(&d.0, false),
    }
}

fn load_text_err(text: &str) -> String {
    load_err(&[("rules/t/test.ron", text)])
}

/// A rule file with a pattern file `p.pat` beside it.
fn pattern_err(step: &str, pat: &str) -> String {
    let ron = format!("Ruleset(grid: Grid(width: 8, height: 8), steps: [\n    {step},\n])\n");
    load_err(&[("rules/t/test.ron", &ron), ("rules/t/p.pat", pat)])
}

/// The error of generating seed 1 from a rule file that loads.
fn gen_err(text: &str) -> String {
    let rs = match RuleSet::load_with(
        Path::new("rules/t/test.ron"),
        &Mem(HashMap::from([(
            PathBuf::from("rules/t/test.ron"),
            text.to_string(),
        )])),
    ) {
        Ok(rs) => rs,
        Err(d) => panic!("{}", render(&d.0, false)),
    };
    match rs.generate(1, &Params::new()) {
        Ok(_) => panic!("generated without error"),
        Err(e) => e.to_string(),
    }
}

/// Run the built program in the crate directory: exit code, stdout, stderr.
fn cli(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_undercroft"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .env_remove("CLICOLOR_FORCE")
        .output()
        .expect("run undercroft");
    format!(
        "exit: {:?}\n--- stdout\n{}--- stderr\n{}",
        out.status.code(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// A scratch file under target/ (a stable relative path, so messages naming it are stable).
fn scratch(name: &str, bytes: &[u8]) -> String {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/bad_input_table");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(name), bytes).unwrap();
    format!("target/bad_input_table/{name}")
}

macro_rules! case {
    ($name:ident, $e:expr) => {
        #[test]
        fn $name() {
            insta::assert_snapshot!($e);
        }
    };
}

// --- syntax -------------------------------------------------------------------------------

case!(syntax_unclosed_struct, {
    load_text_err(BASE.trim_end().strip_suffix(')').unwrap())
});
case!(syntax_unterminated_string, {
    load_text_err(&edit("\"rooms - 1 >= target\")", "\"rooms - 1 >= target)"))
});
case!(syntax_expression_unclosed_call, {
    load_text_err(&edit("min(20, 5 + level * 2.6)", "min(20, 5 + level * 2.6"))
});
case!(syntax_expression_trailing_operator, {
    load_text_err(&edit("\"rooms - 1 >= target\"", "\"rooms - 1 >=\""))
});
case!(syntax_expression_too_long, {
    load_text_err(&edit(
        "\"rooms - 1 >= target\"",
        &format!("\"rooms >= {}1\"", "1 + ".repeat(1100)),
    ))
});
case!(syntax_empty_file, load_text_err(""));
case!(syntax_pattern_file_missing_brace, {
    pattern_err(
        r#"PlaceMiniset(layer: "t", miniset: "p.pat#m", tries: 10)"#,
        "miniset m 1x1 { search . replace 5\nminiset n 1x1 { search . replace 6 }\n",
    )
});
case!(syntax_pool_file, {
    load_err(&[
        (
            "rules/t/test.ron",
            "Ruleset(grid: Grid(width: 8, height: 8), pools: { \"p\": \"p.pool\" }, steps: [])",
        ),
        ("rules/t/p.pool", "pool \"p\"\ncell 13 x\n"),
    ])
});

// --- unknown names, with the nearest one ----------------------------------------------------

case!(unknown_field_in_room_kind, {
    load_text_err(&edit("colour: \"#ffffff\"", "colur: \"#ffffff\""))
});
case!(unknown_control_step, {
    load_text_err(&edit("Require(\"rooms", "Reqire(\"rooms"))
});
case!(unknown_builtin_name, {
    load_text_err(&edit("\"rooms - 1 >= target\"", "\"rooms - 1 >= widht\""))
});
case!(unknown_function, {
    load_text_err(&edit("min(20, 5 + level * 2.6)", "flor(level)"))
});
case!(unknown_direction_names_no_rust_type, {
    load_text_err(&edit("[E, W, S, N]", "[E, W, S, Q]"))
});
case!(unknown_field_of_retry_names_no_rust_type, {
    load_text_err(&edit("Retry(max: 100,", "Retry(mx: 100,"))
});
case!(missing_field_of_retry_names_no_rust_type, {
    load_text_err(&edit("Retry(max: 100, steps: [", "Retry(steps: ["))
});

// --- types and numbers ----------------------------------------------------------------------

case!(type_string_for_a_number, {
    load_text_err(&edit("Retry(max: 100,", "Retry(max: \"100\","))
});
// a bare number where the field takes an expression: the field named, the quotes shown
case!(type_bare_number_for_an_expression, {
    load_text_err(&edit("chance: \"1/2\"", "chance: 0.5"))
});
case!(type_bool_in_arithmetic, {
    load_text_err(&edit("5 + level * 2.6", "5 + true"))
});
case!(type_number_as_condition_of_if, {
    load_text_err(&edit(
        "Let(\"target\", \"min(20, 5 + level * 2.6)\"),",
        "Let(\"target\", \"min(20, 5 + level * 2.6)\"),\n        If(cond: \"level\", then: []),",
    ))
});
case!(overflow_retry_budget, {
    load_text_err(&edit("Retry(max: 100,", "Retry(max: 99999999999,"))
});
case!(overflow_grid_width, {
    load_text_err(&edit("width: 10,", "width: 4294967296,"))
});
case!(overflow_negative_budget, {
    load_text_err(&edit("Retry(max: 100,", "Retry(max: -1,"))
});

// --- division by zero -----------------------------------------------------------------------

case!(division_by_literal_zero, {
    load_text_err(&edit("5 + level * 2.6", "5 + level / 0"))
});
case!(modulo_by_constant_zero, {
    load_text_err(&edit("5 + level * 2.6", "5 + level % (2 - 2)"))
});
case!(division_by_zero_at_run_time_is_located, {
    gen_err(&edit("5 + level * 2.6", "5 + level % (level - 1)"))
});

// --- ranges and limits ----------------------------------------------------------------------

case!(
    grid_too_large,
    load_text_err(&edit("width: 10,", "width: 5000,"))
);
case!(parameter_out_of_range_on_the_command_line, {
    cli(&["generate", "rules/isaac/flash.ron", "--param", "level=99"])
});
case!(parameter_not_a_number_on_the_command_line, {
    cli(&["generate", "rules/isaac/flash.ron", "--param", "level=abc"])
});
case!(seed_above_a_32_bit_generator, {
    cli(&[
        "generate",
        "rules/diablo/cathedral.ron",
        "--seed",
        "4294967296",
    ])
});
case!(shape_cells_touching_only_at_a_corner, {
    load_text_err(&edit(
        "    room_kinds: [",
        "    shapes: [Shape(name: \"diag\", cells: [(0, 0), (1, 1)], doors: [])],\n    room_kinds: [",
    ))
});

// --- patterns ---------------------------------------------------------------------------------

case!(pattern_larger_than_the_grid, {
    pattern_err(
        r#"PlaceMiniset(layer: "t", miniset: "p.pat#big", tries: 10)"#,
        &format!(
            "miniset big 9x1 {{ search {} replace {} }}\n",
            ". ".repeat(9),
            "5 ".repeat(9)
        ),
    )
});
case!(pattern_ragged_rows, {
    pattern_err(
        r#"PlaceMiniset(layer: "t", miniset: "p.pat#m", tries: 10)"#,
        "miniset m 2x2 {\n  search 1 2\n         3\n  replace 5 5\n          5 5\n}\n",
    )
});
case!(pattern_unknown_glyph, {
    pattern_err(
        r#"PlaceMiniset(layer: "t", miniset: "p.pat#m", tries: 10)"#,
        "miniset m 1x1 { search ? replace 5 }\n",
    )
});
case!(pattern_number_glued_to_a_letter, {
    pattern_err(
        r#"PlaceMiniset(layer: "t", miniset: "p.pat#m", tries: 10)"#,
        "miniset m 2x1 { search 1x . replace 5 5 }\n",
    )
});

// --- files ------------------------------------------------------------------------------------

case!(extends_a_two_file_cycle, {
    load_err(&[
        ("rules/t/a.ron", r#"Ruleset(extends: "b.ron")"#),
        ("rules/t/b.ron", r#"Ruleset(extends: "a.ron")"#),
    ])
});
case!(extends_missing_through_a_parent, {
    load_err(&[
        ("rules/t/a.ron", r#"Ruleset(extends: "b.ron")"#),
        ("rules/t/b.ron", r#"Ruleset(extends: "gone.ron")"#),
    ])
});
case!(directory_as_rule_file, cli(&["check", "rules/isaac"]));
case!(binary_garbage, {
    let p = scratch(
        "garbage.ron",
        &[0x00, 0xff, 0xfe, 0x89, b'P', b'N', b'G', 0x0d, 0x0a],
    );
    cli(&["check", &p])
});
case!(binary_garbage_valid_utf8, {
    let p = scratch("garbage2.ron", "\u{1}\u{2}Ruleset(\u{0})".as_bytes());
    cli(&["check", &p])
});

/// A byte-order mark and CRLF line ends are accepted: the same dungeon bytes as the plain
/// file, for a rule set with an extends chain and a pattern file.
#[test]
fn bom_and_crlf_give_the_same_bytes() {
    let plain = std::fs::read_to_string("rules/examples/caverns.ron").unwrap();
    let run = |name: &str, text: String| {
        let pat = std::fs::read("rules/examples/caverns.pat").unwrap();
        scratch("caverns.pat", &pat);
        let p = scratch(name, text.as_bytes());
        let out = Command::new(env!("CARGO_BIN_EXE_undercroft"))
            .args(["generate", &p, "--seed", "3", "--format", "json"])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        out.stdout
    };
    let want = run("plain.ron", plain.clone());
    assert!(want.len() > 100);
    assert_eq!(run("bom.ron", format!("\u{feff}{plain}")), want, "BOM");
    assert_eq!(run("crlf.ron", plain.replace('\n', "\r\n")), want, "CRLF");
    assert_eq!(
        run(
            "both.ron",
            format!("\u{feff}{}", plain.replace('\n', "\r\n"))
        ),
        want,
        "BOM + CRLF"
    );
}

// --- loops, lists and areas (issue 44) ------------------------------------------------------

/// `BASE` with `steps` after its first step.
fn with_steps(steps: &str) -> String {
    edit(
        "Let(\"target\", \"min(20, 5 + level * 2.6)\"),",
        &format!("Let(\"target\", \"min(20, 5 + level * 2.6)\"),\n        {steps}"),
    )
}

case!(loop_that_never_ends, {
    gen_err(&with_steps(
        "Let(\"n\", \"0\"),\n        Named(\"count up\", While(cond: \"n >= 0\", max: 500, steps: [Let(\"n\", \"n + 1\")])),",
    ))
});
case!(repeat_over_its_budget, {
    gen_err(&with_steps(
        "Repeat(count: \"level * 1000\", max: 999, steps: []),",
    ))
});
case!(loop_budget_out_of_range, {
    load_text_err(&with_steps("While(cond: \"true\", max: 0, steps: []),"))
});
case!(split_of_an_empty_area, {
    gen_err(&with_steps(
        "Push(\"parts\", \"split(rect(0, 0, level - 1, 8), 2)\"),",
    ))
});
case!(push_of_a_number, {
    load_text_err(&with_steps("Push(\"parts\", \"level + 1\"),"))
});
case!(push_of_a_cell_onto_a_list_of_areas, {
    load_text_err(&with_steps(
        "Push(\"parts\", \"grid()\"),\n        Push(\"parts\", \"centre(grid())\"),",
    ))
});
case!(for_each_over_a_variable, {
    load_text_err(&with_steps(
        "ForEach(list: \"target\", as: \"t\", steps: []),",
    ))
});
case!(second_of_an_area, {
    load_text_err(&with_steps("Let(\"half\", \"second(grid())\"),"))
});

case!(recursion_too_deep, {
    gen_err(&with_steps(
        "Procedure(name: \"dig\", params: [\"n: number\"], max_depth: 50, steps: [\n            Call(\"dig\", [\"n + 1\"]),\n        ]),\n        Call(\"dig\", [\"0\"]),",
    ))
});
case!(call_of_an_unknown_procedure, {
    load_text_err(&with_steps(
        "Procedure(name: \"split\", params: [\"a: area\"], steps: []),\n        Call(\"splt\", [\"grid()\"]),",
    ))
});
case!(call_with_an_argument_of_the_wrong_type, {
    load_text_err(&with_steps(
        "Procedure(name: \"split\", params: [\"a: area\", \"depth: number\"], steps: []),\n        Call(\"split\", [\"centre(grid())\", \"1\"]),",
    ))
});
case!(call_with_too_few_arguments, {
    load_text_err(&with_steps(
        "Procedure(name: \"split\", params: [\"a: area\", \"depth: number\"], steps: []),\n        Call(\"split\", [\"grid()\"]),",
    ))
});
case!(procedure_parameter_of_an_unknown_type, {
    load_text_err(&with_steps(
        "Procedure(name: \"split\", params: [\"a: aera\"], steps: []),",
    ))
});

// --- failures at generation -------------------------------------------------------------------

case!(require_outside_any_retry, {
    gen_err(&edit(
        "Let(\"target\", \"min(20, 5 + level * 2.6)\"),",
        "Let(\"target\", \"min(20, 5 + level * 2.6)\"),\n        Require(\"level > 3\"),",
    ))
});
case!(exhausted_outer_retry_is_reported_at_itself, {
    gen_err(&edit(
        "Require(\"rooms - 1 >= target\"),",
        "Retry(max: 3, steps: [\n                Retry(max: 2, steps: [Require(\"true\")]),\n                Require(\"false\"),\n            ]),",
    ))
});
case!(unsatisfiable_miniset_is_named, {
    let ron = "Ruleset(grid: Grid(width: 8, height: 8), steps: [\n    Retry(max: 20, steps: [\n        PlaceMiniset(layer: \"t\", miniset: \"p.pat#m\", tries: 100),\n    ]),\n])\n";
    let mem = Mem(HashMap::from([
        (PathBuf::from("rules/t/test.ron"), ron.to_string()),
        (
            PathBuf::from("rules/t/p.pat"),
            "miniset m 1x1 { search 999 replace 5 }\n".to_string(),
        ),
    ]));
    let rs = RuleSet::load_with(Path::new("rules/t/test.ron"), &mem).unwrap();
    rs.generate(1, &Params::new()).unwrap_err().to_string()
});

// --- long lines -------------------------------------------------------------------------------

case!(long_line_is_cut, {
    load_text_err(&format!(
        "Ruleset(grid: Grid(width: 10, height: 8), steps: [{}Let(\"b\", \"levl + 1\")])",
        "Let(\"a\", \"1\"), ".repeat(700)
    ))
});
case!(long_name_is_cut, {
    load_text_err(&format!(
        "Ruleset(grid: Grid(width: 10, height: 8), steps: [Let(\"b\", \"{} + 1\")])",
        "x".repeat(3000)
    ))
});

// --- the command line -------------------------------------------------------------------------

case!(cli_no_arguments, cli(&[]));
case!(
    cli_unknown_command,
    cli(&["generat", "rules/isaac/flash.ron"])
);
case!(cli_generate_without_rules, cli(&["generate"]));
case!(
    cli_missing_rule_file,
    cli(&["generate", "rules/isaac/nowhere.ron"])
);
case!(cli_check_missing_rule_file, cli(&["check", "nowhere.ron"]));
case!(cli_negative_seed, {
    cli(&["generate", "rules/isaac/flash.ron", "--seed", "-1"])
});
case!(cli_seed_not_a_number, {
    cli(&["generate", "rules/isaac/flash.ron", "--seed", "abc"])
});
case!(cli_seed_above_u64, {
    cli(&[
        "generate",
        "rules/isaac/flash.ron",
        "--seed",
        "18446744073709551616",
    ])
});
case!(cli_count_zero, {
    cli(&["generate", "rules/isaac/flash.ron", "--count", "0"])
});
case!(cli_param_without_value, {
    cli(&["generate", "rules/isaac/flash.ron", "--param", "level"])
});
case!(cli_unknown_param, {
    cli(&["generate", "rules/isaac/flash.ron", "--param", "levle=2"])
});
case!(cli_unknown_format, {
    cli(&["generate", "rules/isaac/flash.ron", "--format", "jpeg"])
});
case!(cli_png_without_output, {
    cli(&["generate", "rules/isaac/flash.ron", "--format", "png"])
});
case!(cli_unknown_flag, {
    cli(&["generate", "rules/isaac/flash.ron", "--sed", "1"])
});
case!(cli_stats_count_zero, {
    cli(&["stats", "rules/isaac/flash.ron", "--count", "0"])
});
case!(cli_render_not_json, {
    let p = scratch("not.json", b"{ this is not json\n");
    cli(&["render", &p])
});

// --- messages that point at the right place (issue 17, second round) -------------------------

case!(pattern_file_missing_brace_at_the_end, {
    pattern_err(
        r#"PlaceMiniset(layer: "t", miniset: "p.pat#m", tries: 10)"#,
        "tiles { Floor = 13 }\nminiset m 1x1 { search . replace Floor\n",
    )
});
case!(pattern_set_cell_missing_brace, {
    pattern_err(
        r#"PlaceMiniset(layer: "t", miniset: "p.pat#m", tries: 10)"#,
        "miniset m 2x1 { search {13 14 . replace 5 5 }\ntable t { 1 }\n",
    )
});
case!(pattern_number_glued_to_a_name_in_a_rule, {
    pattern_err(
        r#"FixRules(layer: "t", rules: "p.pat#r")"#,
        "rules r { 2 if (1,0) == 13x -> (0,0) = 5 }\n",
    )
});

/// A copy of a shipped rule set's files under target/bad_input_table/DIR, with `edit`
/// applied (every occurrence) to the file named `file`: the path of the copy of `main`.
fn copy_rules(from: &str, dir: &str, main: &str, file: &str, edit: (&str, &str)) -> String {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join(from);
    let dst = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("target/bad_input_table")
        .join(dir);
    fn copy(src: &Path, dst: &Path) {
        std::fs::create_dir_all(dst).unwrap();
        for e in std::fs::read_dir(src).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                copy(&p, &dst.join(e.file_name()));
            } else {
                std::fs::copy(&p, dst.join(e.file_name())).unwrap();
            }
        }
    }
    copy(&src, &dst);
    let f = dst.join(file);
    let text = std::fs::read_to_string(&f).unwrap();
    assert!(text.contains(edit.0), "{file} lacks `{}`", edit.0);
    std::fs::write(&f, text.replace(edit.0, edit.1)).unwrap();
    format!("target/bad_input_table/{dir}/{main}")
}

case!(check_warns_about_a_miniset_that_can_never_match, {
    // one 13 of STAIRSDOWN's search grid made 999, a tile nothing writes
    let p = copy_rules(
        "rules/diablo",
        "never",
        "cathedral.ron",
        "cathedral.pat",
        (
            "miniset STAIRSDOWN 4x3 {\n  search   13",
            "miniset STAIRSDOWN 4x3 {\n  search   999",
        ),
    );
    cli(&["check", &p])
});
case!(require_names_the_step_that_could_not_place, {
    let ron = "Ruleset(grid: Grid(width: 8, height: 8), steps: [\n    Retry(max: 20, steps: [\n        Let(\"ok\", \"true\"),\n        PlaceMiniset(layer: \"t\", miniset: \"p.pat#m\", tries: 100, result: \"ok\"),\n        Require(\"width > 1 && ok\"),\n    ]),\n])\n";
    let mem = Mem(HashMap::from([
        (PathBuf::from("rules/t/test.ron"), ron.to_string()),
        (
            PathBuf::from("rules/t/p.pat"),
            "miniset m 1x1 { search 999 replace 5 }\n".to_string(),
        ),
    ]));
    let rs = RuleSet::load_with(Path::new("rules/t/test.ron"), &mem).unwrap();
    assert!(
        render(&rs.warnings, false).contains("can never match"),
        "the warning of `check`"
    );
    rs.generate(1, &Params::new()).unwrap_err().to_string()
});
case!(pool_that_cannot_serve_a_room_names_kind_shape_and_slot, {
    // the start layouts offer only a left door
    let p = copy_rules(
        "rules/isaac",
        "pool",
        "flash-rooms.ron",
        "pools/basement.pool",
        (
            "doors [L0 U0 R0 D0] kinds [start]",
            "doors [L0] kinds [start]",
        ),
    );
    cli(&["generate", &p, "--seed", "1"])
});
case!(seed_is_named_once, {
    let p = scratch(
        "divide.ron",
        edit("5 + level * 2.6", "5 + level % (level - 1)").as_bytes(),
    );
    cli(&["generate", &p, "--seed", "7"])
});

/// Numbers that depend on the machine's speed (seconds, restarts), as N.
fn redact_counts(text: &str) -> String {
    let mut out = String::new();
    let mut digits = false;
    for c in text.chars() {
        if c.is_ascii_digit() || (digits && c == '.') {
            if !digits {
                out.push('N');
            }
            digits = true;
        } else {
            digits = false;
            out.push(c);
        }
    }
    out
}

case!(timeout_says_where_generation_was, {
    let p = scratch(
        "forever.ron",
        edit(
            "Require(\"rooms - 1 >= target\")",
            "Require(\"rooms > 1000\")",
        )
        .replace("Retry(max: 100,", "Retry(max: 1000000,")
        .as_bytes(),
    );
    // Which step ran last (or whether the clock ran out at a restart, between two steps),
    // and how many restarts there were (none, one or many), depend on when the clock ran
    // out (the machine's load): the snapshot keeps that a step and its position are named,
    // the cause is named whenever there was a restart, and not which.
    let raw = cli(&["generate", &p, "--seed", "1", "--timeout", "0.2"]);
    let restarts: Option<u64> = raw
        .split(", with ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .and_then(|n| n.parse().ok());
    // The clock may also run out at a restart, between two attempts.
    let out = redact_counts(&raw)
        .replace(" restart so far", " restarts so far")
        .replace(
            ", at a restart of the Retry at ",
            ", in the step (a restart of the Retry) at ",
        );
    match (
        out.find("in the step "),
        out.find(", with N restarts so far"),
    ) {
        (Some(a), Some(b)) if a < b => {
            let step = &out[a + "in the step ".len()..b];
            assert!(step.contains("forever.ron:N:N"), "{step}");
            let tail = &out[b + ", with N restarts so far".len()..];
            let cause = " (most often: Require `rooms > N` at target/bad_input_table/forever.ron:N:N, N times)";
            match restarts {
                Some(0) => assert!(!tail.contains("most often"), "{raw}"),
                Some(_) => assert!(tail.starts_with(cause), "{raw}"),
                None => panic!("no restart count in {raw}"),
            }
            format!(
                "{}in the step STEP, with N restarts so far{}",
                &out[..a],
                tail.replacen(cause, "", 1)
            )
        }
        _ => out,
    }
});
case!(cli_timeout_zero, {
    cli(&["generate", "rules/isaac/flash.ron", "--timeout", "0"])
});
case!(cli_timeout_too_large_says_the_largest, {
    cli(&["generate", "rules/isaac/flash.ron", "--timeout", "1e30"])
});
// seeds past the largest would silently make fewer dungeons than asked
case!(cli_seeds_past_the_largest_are_refused, {
    [
        cli(&[
            "generate",
            "rules/isaac/flash.ron",
            "--seed",
            "18446744073709551614",
            "--count",
            "3",
        ]),
        cli(&[
            "stats",
            "rules/isaac/flash.ron",
            "--seed",
            "18446744073709551000",
        ]),
        cli(&[
            "lint",
            "rules/isaac/flash.ron",
            "--seed",
            "18446744073709551615",
            "--count",
            "2",
        ]),
    ]
    .join("\n")
});
// a rule set without room kinds says so (the help was "the room kinds are: " and nothing)
case!(cli_search_kind_of_a_style_without_kinds, {
    cli(&[
        "search",
        "rules/examples/caverns.ron",
        "--where",
        "count(water) > 0",
        "--count",
        "1",
    ])
});
case!(cli_timeout_not_a_number, {
    cli(&["stats", "rules/isaac/flash.ron", "--timeout", "soon"])
});
case!(tile_grid_too_large_names_the_largest_grid, {
    load_text_err(&edit(
        "grid: Grid(width: 10, height: 8)",
        "grid: Grid(width: 400, height: 8, cell: (40, 1))",
    ))
});

// --- one root cause, one message (issue 44) -------------------------------------------------

// A name used for both a table and a miniset of the pattern file: the clash is the one
// message; the glyphs, the stats, the marker, the result variable and the list that the
// file's steps and fields would have given are not reported missing on top of it.
case!(a_name_clash_in_a_pattern_file_is_one_message, {
    let ron = r#"Ruleset(grid: Grid(width: 8, height: 8),
    tile_glyphs: TileGlyphs(layer: "t", other: (name: "wall", glyph: '#'),
        classes: [(name: "floor", glyph: '.', tiles: "p.pat#floor")]),
    markers: [Marker(name: "up", glyph: '<')],
    stats: Stats(walkable: Classes(["floor"]), markers: ["up"]),
    steps: [
        PlaceMiniset(layer: "t", miniset: "p.pat#floor", tries: 10, marker: "up", result: "placed"),
        If(cond: "placed && walk_distance(marker(up), marker(up)) == 0", then: [
            FillRect(layer: "t", value: "1", rect: (x: "0", y: "0", w: "1", h: "1")),
        ]),
    ])
"#;
    let pat = "table floor { 1 }\nminiset floor 1x1 { search . replace 5 }\n";
    let out = load_err(&[("rules/t/test.ron", ron), ("rules/t/p.pat", pat)]);
    assert!(out.matches('×').count() <= 2, "{out}");
    out
});

// A reference to a pattern item that does not exist suggests only items of the kind the
// field wants: a miniset `rooms` is near, the table `roms` is nearer but not a miniset.
case!(a_suggestion_names_only_items_of_the_kind_wanted, {
    pattern_err(
        r#"PlaceMiniset(layer: "t", miniset: "p.pat#romz", tries: 10)"#,
        "table roms { 1 }\nminiset rooms 1x1 { search . replace 5 }\n",
    )
});

// A variable set in one branch of an `If` only, read after it: a warning at load, at the
// read, naming the variable (the rule set loads and runs).
case!(a_variable_set_on_one_path_only_is_a_warning_at_the_read, {
    let text = r#"Ruleset(grid: Grid(width: 8, height: 8), steps: [
        If(cond: "width > 4", then: [Let("depth", "3")]),
        FillRect(layer: "t", value: "depth", rect: (x: "0", y: "0", w: "1", h: "1")),
    ])
"#;
    let mem = Mem(HashMap::from([(
        PathBuf::from("rules/t/test.ron"),
        text.to_string(),
    )]));
    let rs = RuleSet::load_with(Path::new("rules/t/test.ron"), &mem)
        .unwrap_or_else(|d| panic!("{}", render(&d.0, false)));
    let out = render(&rs.warnings, false);
    assert!(out.contains("`depth` may be unset here"), "{out}");
    out
});

/// Set on both paths, or before: no warning.
#[test]
fn a_variable_set_on_every_path_is_no_warning() {
    let text = r#"Ruleset(grid: Grid(width: 8, height: 8), steps: [
        If(cond: "width > 4", then: [Let("depth", "3")], else: [Let("depth", "1")]),
        Let("n", "0"),
        ForEach(rooms: "true", as: "r", steps: [Let("n", "n + 1")]),
        FillRect(layer: "t", value: "depth + n", rect: (x: "0", y: "0", w: "1", h: "1")),
    ])
"#;
    let mem = Mem(HashMap::from([(
        PathBuf::from("rules/t/test.ron"),
        text.to_string(),
    )]));
    let rs = RuleSet::load_with(Path::new("rules/t/test.ron"), &mem)
        .unwrap_or_else(|d| panic!("{}", render(&d.0, false)));
    assert!(rs.warnings.is_empty(), "{}", render(&rs.warnings, false));
}

// A field given an expression of the wrong type: one located error in the string.
case!(a_number_field_given_a_true_false_expression, {
    pattern_err(
        r#"PlaceMiniset(layer: "t", miniset: "p.pat#m", tries: "width > 4")"#,
        "miniset m 1x1 { search . replace 5 }\n",
    )
});

/// `stats --hist NAME` of no measure says so, with the nearest name or the list (it said
/// "(not measured)", as for a measure no dungeon had).
#[test]
fn hist_of_an_unknown_measure_names_the_nearest() {
    let out = cli(&[
        "stats",
        "rules/isaac/flash.ron",
        "--count",
        "2",
        "--hist",
        "dead_end",
    ]);
    assert!(
        out.contains("dead_end:\n  (no measure of that name: did you mean `dead_ends`?)"),
        "{out}"
    );
    let out = cli(&[
        "stats",
        "rules/isaac/flash.ron",
        "--count",
        "2",
        "--hist",
        "xyzzy",
    ]);
    assert!(
        out.contains("(no measure of that name: the measures are: "),
        "{out}"
    );
    assert!(out.contains("time_us)"), "{out}");
}
