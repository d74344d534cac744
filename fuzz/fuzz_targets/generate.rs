//! Generation: every shipped rule set, random seeds and parameter values (see
//! `checks::generate`). The rule sets are loaded once, before the first input (so loading
//! them is not timed as the first input).
#![no_main]
use libfuzzer_sys::fuzz_target;

#[path = "../checks.rs"]
mod checks;

fuzz_target!(
    init: {
        checks::shipped();
    },
    |data: &[u8]| checks::generate(data)
);
