//! The Lcg32 generator configured as Diablo's (shared/spec/diablo.md §1.2) against
//! `rng-vectors.json` of the DevilutionX fixtures (issue 3). The fixtures are read from
//! `$DEVILUTIONX_FIXTURES` or `../shared/fixtures/devilutionx`; absent → "skipped", or a
//! failure when `CI=true`.

use undercroft::rng::{LcgOutput, RandomSource, Rng, RngSpec};

use crate::fixture_dir;
use fixture_dir as fixtures;

#[test]
fn diablo_lcg_reproduces_the_rng_vectors() {
    let Some(dir) = fixtures::dir() else { return };
    let text = std::fs::read_to_string(dir.join("rng-vectors.json")).expect("readable");
    let v: serde_json::Value = serde_json::from_str(&text).expect("json");
    let spec = RngSpec::Lcg32 {
        multiplier: 22695477,
        increment: 1,
        output: LcgOutput::AbsShift {
            shift: 16,
            shift_max_bound: 32767,
        },
    };
    let mut checked = 0;
    for vec in v["vectors"].as_array().unwrap() {
        let seed = vec["seed"].as_u64().unwrap();
        let mut r = Rng::new(&spec, seed);
        for (i, call) in vec["calls"].as_array().unwrap().iter().enumerate() {
            let n = call["n"].as_i64().unwrap();
            let got = r.below(n);
            assert_eq!(
                got,
                call["value"].as_i64().unwrap(),
                "seed {seed} call {i} rnd({n})"
            );
            assert_eq!(
                r.lcg_state().map(u64::from),
                call["state_after"].as_u64(),
                "seed {seed} call {i} state"
            );
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} calls in the vectors");
    println!("{checked} RNG calls match");
}
