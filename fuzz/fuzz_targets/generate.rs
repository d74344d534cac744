//! Generation: every shipped rule set, random seeds and parameter values (see `checks::generate`).
#![no_main]
use libfuzzer_sys::fuzz_target;

#[path = "../checks.rs"]
mod checks;

fuzz_target!(|data: &[u8]| checks::generate(data));
