//! `render`'s input: edited or arbitrary Dungeon JSON (see `checks::render`).
#![no_main]
use libfuzzer_sys::fuzz_target;

#[path = "../checks.rs"]
mod checks;

fuzz_target!(|data: &[u8]| checks::render_json(data));
