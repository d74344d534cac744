//! Most of the integration tests, as one test binary: one file a module, each named as the
//! test file it was (`cargo test --release --test suite stats::` runs what was
//! `tests/suite/stats.rs`). One binary links once where 35 binaries linked 35 times, which took
//! about four minutes of a two-core CI run from nothing. The tests that watch the clock or a
//! terminal (reload, the preview under tmux, the server and the browser, timeouts, and the
//! determinism of those paths) stay binaries of their own, so nothing else runs beside them
//! in their process.

#[path = "../../fuzz/checks.rs"]
mod checks;
#[path = "../common/mod.rs"]
mod common;
#[path = "../diablo_common/mod.rs"]
mod diablo_common;
#[path = "../fixture_dir/mod.rs"]
mod fixture_dir;

mod bad_input;
mod catacombs_baseline;
mod cathedral_baseline;
mod cathedral_level_baseline;
mod cave_baseline;
mod caves_baseline;
mod determinism;
mod diablo_catacombs;
mod diablo_cathedral;
mod diablo_caves;
mod diablo_game;
mod diablo_hell;
mod diablo_rng;
mod docs;
mod export;
mod expr_fields;
mod expr_fields_new_ops;
mod file_params;
mod flow_examples;
mod fuzz_corpus;
mod golden;
mod hell_baseline;
mod interiors;
mod isaac_demo;
mod isaac_flash;
mod isaac_flash_rules;
mod isaac_observations;
mod labyrinth;
mod layers;
mod layout_copies;
mod legible;
mod mazes;
mod mazes_baseline;
mod mixed_styles;
mod pattern_errors;
mod pcg_metrics;
mod png;
mod pools;
mod rebirth;
mod rebirth_blacklist;
mod rebirth_specials;
mod rebirth_xl;
mod reference;
mod registry;
mod render;
mod retry_counter;
mod room_path;
mod shapes;
mod stats;
mod technique_errors;
mod techniques_baseline;
mod themes;
mod wfc;
mod writes;
