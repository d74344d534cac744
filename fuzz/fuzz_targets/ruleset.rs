//! The RON rule loader: any text loads or fails with diagnostics that render; whatever
//! loads also generates (seed 1) or fails cleanly.
#![no_main]
use libfuzzer_sys::fuzz_target;
use std::path::Path;
use undercroft::ruleset::diag::render;
use undercroft::ruleset::load::Reader;
use undercroft::{Params, RuleSet};

/// The fuzzed text as `f.ron`; every other file (extends, patterns, pools) is missing.
struct One(String);
impl Reader for One {
    fn read(&self, path: &Path) -> std::io::Result<String> {
        if path == Path::new("f.ron") {
            Ok(self.0.clone())
        } else {
            Err(std::io::Error::new(std::io::ErrorKind::NotFound, "fuzz"))
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match RuleSet::load_with(Path::new("f.ron"), &One(text.to_string())) {
        Ok(rs) => {
            let _ = rs.generate(1, &Params::new());
        }
        Err(d) => {
            let _ = render(&d.0, false);
        }
    }
});
