//! The room-pool grammar (legend, layouts, interiors).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = undercroft::lang::pool::parse_pool(text);
});
