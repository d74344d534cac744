//! The pattern-file grammar (tables, minisets, rules, sets).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = undercroft::lang::pattern::parse_patterns(text);
});
