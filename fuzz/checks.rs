//! What each fuzz target checks, shared by the cargo-fuzz targets (`fuzz_targets/*.rs`) and
//! the stable-toolchain test over the corpus (`tests/suite/fuzz_corpus.rs`, which includes this
//! file by path). Each check takes arbitrary bytes and must return without panicking, in
//! bounded time and memory, whatever the bytes are.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use undercroft::engine::value::{Type, Value};
use undercroft::engine::State;
use undercroft::lang::Scope;
use undercroft::rng::{Rng, RngSpec};
use undercroft::ruleset::diag::render;
use undercroft::ruleset::files::Reader;
use undercroft::ruleset::ParamKind;
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

/// The RON rule loader: any text loads or fails with diagnostics that render; whatever
/// loads also generates (seed 1) or fails cleanly.
pub fn ruleset(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match RuleSet::load_with(Path::new("f.ron"), &One(text.to_string())) {
        Ok(rs) => {
            if let Err(e) = rs.generate(1, &Params::new()) {
                let _ = e.to_string();
            }
        }
        Err(d) => {
            let _ = render(&d.0, false);
        }
    }
}

/// A scope with one name of each kind: `n` (a number), `b` (true/false), `r` (a room),
/// the list `l` and the room kind `k`.
struct Small;
impl Scope for Small {
    fn var(&self, name: &str) -> Option<(u16, Type)> {
        match name {
            "n" => Some((0, Type::Num)),
            "b" => Some((1, Type::Bool)),
            "r" => Some((2, Type::Room)),
            _ => None,
        }
    }
    fn list(&self, name: &str) -> Option<u16> {
        (name == "l").then_some(0)
    }
    fn kind(&self, name: &str) -> Option<u16> {
        (name == "k").then_some(0)
    }
    fn var_names(&self) -> Vec<String> {
        vec!["n".into(), "b".into(), "r".into()]
    }
    fn list_names(&self) -> Vec<String> {
        vec!["l".into()]
    }
    fn kind_names(&self) -> Vec<String> {
        vec!["k".into()]
    }
}

/// The expression grammar: parse any text; what parses compiles in [`Small`] or fails with
/// located errors; what compiles evaluates (on an empty 8x8 state) without panicking.
pub fn expr(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(node) = undercroft::lang::parse(text) else {
        return;
    };
    let Ok(prog) = undercroft::lang::compile(&node, &Small) else {
        return;
    };
    let mut st = State::new(8, 8, 1, 3, 0, 0, Rng::new(&RngSpec::Pcg64, 1));
    st.vars[0] = Value::Num(3.0);
    st.vars[1] = Value::Bool(true);
    let _ = prog.eval(&mut st);
}

/// The pattern-file grammar (tables, minisets, rules, sets).
pub fn pattern(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = undercroft::lang::pattern::parse_patterns(text);
}

/// The room-pool grammar (legend, layouts, interiors).
pub fn pool(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = undercroft::lang::pool::parse_pool(text);
}

/// The shipped rule sets (every `rules/*/*.ron` that loads), sorted by path.
pub fn shipped() -> &'static [(PathBuf, RuleSet)] {
    static RULES: OnceLock<Vec<(PathBuf, RuleSet)>> = OnceLock::new();
    RULES.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let root = if root.join("rules").is_dir() {
            root.join("rules")
        } else {
            root.join("../rules")
        };
        let mut paths: Vec<PathBuf> = std::fs::read_dir(&root)
            .expect("rules/")
            .flatten()
            .filter(|d| d.path().is_dir())
            .flat_map(|d| std::fs::read_dir(d.path()).expect("rules/*").flatten())
            .map(|f| f.path())
            .filter(|p| p.extension().is_some_and(|e| e == "ron"))
            .collect();
        paths.sort();
        paths
            .into_iter()
            .filter_map(|p| RuleSet::load(&p).ok().map(|rs| (p, rs)))
            .collect()
    })
}

/// Bytes read from the front of the input, zero once it is used up.
struct Bytes<'a>(&'a [u8]);
impl Bytes<'_> {
    fn u8(&mut self) -> u8 {
        match self.0.split_first() {
            Some((b, rest)) => {
                self.0 = rest;
                *b
            }
            None => 0,
        }
    }
    fn u64(&mut self) -> u64 {
        (0..8).fold(0, |v, _| v << 8 | self.u8() as u64)
    }
}

/// The parameter value the next input bytes pick for `kind`: mostly inside its range
/// (its ends, or anywhere between), sometimes just outside it (which must be refused).
fn param_value(kind: &ParamKind, b: &mut Bytes) -> Option<String> {
    let how = b.u8();
    let pick = |lo: f64, hi: f64, r: u64| lo + (hi - lo) * (r as f64 / u64::MAX as f64);
    match kind {
        ParamKind::Bool => Some((how & 1 == 1).to_string()),
        ParamKind::File => None,
        ParamKind::Int { min, max } => {
            let lo = min.unwrap_or(-1000);
            let hi = max.unwrap_or(lo.saturating_add(1000));
            Some(
                match how % 8 {
                    0 => lo,
                    1 => hi,
                    2 => lo.saturating_sub(1),
                    3 => hi.saturating_add(1),
                    _ => pick(lo as f64, hi as f64, b.u64()).round() as i64,
                }
                .to_string(),
            )
        }
        ParamKind::Float { min, max } => {
            let lo = min.unwrap_or(-1000.0);
            let hi = max.unwrap_or(lo + 1000.0);
            Some(
                match how % 8 {
                    0 => lo,
                    1 => hi,
                    2 => lo - 0.5,
                    3 => hi + 0.5,
                    _ => pick(lo, hi, b.u64()),
                }
                .to_string(),
            )
        }
    }
}

/// Generation: a shipped rule set, a seed and parameter values picked by the input. The
/// run succeeds or fails with an error (a refused parameter or seed, an exhausted Retry),
/// never panics, and a second run gives the same bytes.
pub fn generate(data: &[u8]) {
    let rules = shipped();
    if rules.is_empty() {
        return;
    }
    let mut b = Bytes(data);
    let (_, rs) = &rules[b.u8() as usize % rules.len()];
    // mostly small seeds, sometimes any (a seed past a 32-bit generator's range is refused)
    let seed = match b.u8() % 4 {
        0 => b.u64(),
        _ => b.u64() % 100_000,
    };
    let mut params = Params::new();
    for p in &rs.params {
        if b.u8() % 3 == 0 {
            continue; // its default
        }
        if let Some(v) = param_value(&p.kind, &mut b) {
            params = params.set(&p.name, v);
        }
    }
    match rs.generate(seed, &params) {
        Ok(d) => {
            let again = rs
                .generate(seed, &params)
                .expect("the same run fails the second time");
            assert_eq!(d.to_json(), again.to_json(), "not deterministic");
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
}

/// `render`'s input: any text, one Dungeon JSON object a line (as `undercroft render` reads
/// it). Each line parses or fails; what parses is checked against the contract
/// (`Dungeon::check`) or refused; what passes is drawn as ASCII (with and without room
/// interiors) and PNG, and exported for Tiled and LDtk at its natural scale, when the
/// picture or map is within its limits.
pub fn render_json(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let Ok(d) = undercroft::Dungeon::from_json(line) else {
            continue;
        };
        if d.check().is_err() {
            continue;
        }
        let _ = undercroft::render::ascii::floor_plan(&d, false);
        let _ = undercroft::render::interiors::floor_with_interiors(&d);
        let _ = undercroft::render::png::encode(&d, 1);
        let scale = undercroft::export::Scale::natural(&d);
        if scale.check(&d).is_ok() {
            let ds = [d];
            let ts = undercroft::export::tileset::Tileset::of(&ds);
            let p = undercroft::export::Provenance::default();
            let map = undercroft::export::tiled::Map::new(&ds[0], &ts, scale, &p);
            let _ = map.tmj("t.tsj");
            let _ = undercroft::export::ldtk::project(&ds, &[scale], &ts, &p, "t.png");
        }
    }
}
