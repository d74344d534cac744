//! The expression grammar, compiler and evaluator (see `checks::expr`).
#![no_main]
use libfuzzer_sys::fuzz_target;

#[path = "../checks.rs"]
mod checks;

fuzz_target!(|data: &[u8]| checks::expr(data));
