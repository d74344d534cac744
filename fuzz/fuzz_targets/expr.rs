//! The expression grammar: parse any text; what parses must also print its parse error or
//! compile (in an empty scope) without panicking.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = undercroft::lang::parse(text);
});
