//! Registry-wide invariants (STYLE.md lesson 6): every operator is used by a shipped rule
//! file, and `src/` names no game outside comments.

use std::path::{Path, PathBuf};

fn files(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            files(&p, ext, out);
        } else if p.extension().is_some_and(|x| x == ext) {
            out.push(p);
        }
    }
}

#[test]
fn every_operator_is_used_by_a_rule_file() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut ron = Vec::new();
    files(&root.join("rules"), "ron", &mut ron);
    let text: String = ron
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    for (name, _) in undercroft::ops::OPERATORS {
        assert!(
            text.contains(&format!("{name}(")),
            "no rule file uses {name}"
        );
    }
}

#[test]
fn src_names_no_game_outside_comments() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut rs = Vec::new();
    files(&root.join("src"), "rs", &mut rs);
    files(&root.join("src"), "pest", &mut rs);
    let games = [
        "isaac",
        "diablo",
        "cathedral",
        "catacomb",
        "basement",
        "rebirth",
        "labyrinth",
    ];
    for p in rs {
        for (i, line) in std::fs::read_to_string(&p).unwrap().lines().enumerate() {
            let code = line.split("//").next().unwrap().to_lowercase();
            for g in games {
                assert!(
                    !code.contains(g),
                    "{}:{}: `{g}` in code: {line}",
                    p.display(),
                    i + 1
                );
            }
        }
    }
}

#[test]
fn every_shipped_rule_set_loads_and_generates_deterministically() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut ron = Vec::new();
    files(&root.join("rules"), "ron", &mut ron);
    assert!(ron.len() >= 2);
    for p in ron {
        let rs = undercroft::RuleSet::load(&p).unwrap_or_else(|e| panic!("{e}"));
        for seed in 0..10 {
            let a = rs.generate(seed, &undercroft::Params::new());
            let b = rs.generate(seed, &undercroft::Params::new());
            let (a, b) = (a.unwrap(), b.unwrap());
            assert_eq!(a.to_json(), b.to_json(), "{} seed {seed}", p.display());
        }
    }
}
