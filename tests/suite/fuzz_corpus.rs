//! The fuzz targets' checks (fuzz/checks.rs) on the stable toolchain: over the seed corpus
//! (the shipped rule, pattern and pool files, and the expressions in the rule files), over
//! every input a fuzzer found (fuzz/regressions/TARGET/*, each a fixed bug), and over a few
//! hundred deterministic mutations of the corpus. This is the fallback CI runs when nightly
//! or cargo-fuzz is missing; `fuzz/README.md` describes the real fuzzers.

use crate::checks;

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;
use std::path::{Path, PathBuf};

/// Files under `rules/` whose name ends in `ext`, sorted.
fn rule_files(ext: &str) -> Vec<PathBuf> {
    fn walk(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, ext, out);
            } else if p.to_string_lossy().ends_with(ext) {
                out.push(p);
            }
        }
    }
    let mut out = Vec::new();
    walk(Path::new("rules"), ext, &mut out);
    out.sort();
    assert!(!out.is_empty(), "no rules/**/*{ext}");
    out
}

/// The committed inputs a fuzzer found for `target` (each once crashed or hung).
fn regressions(target: &str) -> Vec<Vec<u8>> {
    let dir = Path::new("fuzz/regressions").join(target);
    let mut files: Vec<PathBuf> = match std::fs::read_dir(&dir) {
        Ok(d) => d.flatten().map(|e| e.path()).collect(),
        Err(_) => return Vec::new(),
    };
    files.sort();
    files.iter().map(|p| std::fs::read(p).unwrap()).collect()
}

/// `n` mutations of `text`: cut short, a range deleted, a range repeated, a byte of
/// punctuation inserted or replaced (the edits that break parsers).
fn mutations(text: &[u8], n: usize, rng: &mut Pcg64) -> Vec<Vec<u8>> {
    const PUNCT: &[u8] = b"(){}[]<>|,:;.\"'#=-+*/%!&?x0123456789 \n\t\\";
    (0..n)
        .map(|_| {
            let mut t = text.to_vec();
            if t.is_empty() {
                return t;
            }
            let i = rng.gen_range(0..t.len());
            let j = (i + rng.gen_range(0..64)).min(t.len());
            match rng.gen_range(0..5) {
                0 => t.truncate(i),
                1 => {
                    t.drain(i..j);
                }
                2 => {
                    let piece = t[i..j].to_vec();
                    t.splice(i..i, piece);
                }
                3 => t.insert(i, PUNCT[rng.gen_range(0..PUNCT.len())]),
                _ => t[i] = PUNCT[rng.gen_range(0..PUNCT.len())],
            }
            t
        })
        .collect()
}

/// Run `check` over `seeds`, their mutations and the regressions of `target`.
fn run(target: &str, seeds: Vec<Vec<u8>>, per_seed: usize, check: fn(&[u8])) -> usize {
    let mut rng = Pcg64::seed_from_u64(17);
    let mut inputs = regressions(target);
    for s in &seeds {
        inputs.extend(mutations(s, per_seed, &mut rng));
    }
    inputs.extend(seeds);
    for i in &inputs {
        check(i);
    }
    inputs.len()
}

fn read_all(ext: &str) -> Vec<Vec<u8>> {
    rule_files(ext)
        .iter()
        .map(|p| std::fs::read(p).unwrap())
        .collect()
}

#[test]
fn ruleset_loader() {
    assert!(run("ruleset", read_all(".ron"), 8, checks::ruleset) > 100);
}

#[test]
fn pattern_grammar() {
    assert!(run("pattern", read_all(".pat"), 40, checks::pattern) > 100);
}

#[test]
fn pool_grammar() {
    assert!(run("pool", read_all(".pool"), 80, checks::pool) > 100);
}

#[test]
fn expression_grammar() {
    // every double-quoted string of the rule files (most are expressions)
    let mut exprs: Vec<Vec<u8>> = Vec::new();
    for text in read_all(".ron") {
        let text = String::from_utf8(text).unwrap();
        for (i, piece) in text.split('"').enumerate() {
            if i % 2 == 1 && !piece.contains('\n') {
                exprs.push(piece.as_bytes().to_vec());
            }
        }
    }
    exprs.sort();
    exprs.dedup();
    assert!(exprs.len() > 50);
    assert!(run("expr", exprs, 4, checks::expr) > 200);
}

#[test]
fn generation_with_random_seeds_and_parameters() {
    let n = checks::shipped().len();
    assert!(n >= 10, "only {n} shipped rule sets load");
    // for every rule set, a few inputs choosing seed and parameter values
    let mut rng = Pcg64::seed_from_u64(17);
    let mut seeds = Vec::new();
    for i in 0..n {
        for _ in 0..3 {
            let mut b = vec![i as u8];
            b.extend((0..40).map(|_| rng.gen::<u8>()));
            seeds.push(b);
        }
    }
    run("generate", seeds, 0, checks::generate);
}

#[test]
fn render_json() {
    // seed 1 of every shipped rule set that loads, as the JSON `render` reads
    let seeds: Vec<Vec<u8>> = checks::shipped()
        .iter()
        .filter_map(|(_, rs)| rs.generate(1, &undercroft::Params::new()).ok())
        .map(|d| d.to_json().into_bytes())
        .collect();
    assert!(seeds.len() >= 10);
    assert!(run("render", seeds, 30, checks::render_json) > 300);
}
