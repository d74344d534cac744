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

#[test]
fn no_truncation_of_the_cathedral_rules_panics_the_loader() {
    use undercroft::ruleset::load::Reader;
    struct Mem(String, String);
    impl Reader for Mem {
        fn read(&self, path: &Path) -> std::io::Result<String> {
            match path.file_name().and_then(|f| f.to_str()) {
                Some("cathedral.ron") => Ok(self.0.clone()),
                Some("cathedral.pat") => Ok(self.1.clone()),
                _ => Err(std::io::Error::new(std::io::ErrorKind::NotFound, "no")),
            }
        }
    }
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("rules/diablo");
    let ron = std::fs::read_to_string(root.join("cathedral.ron")).unwrap();
    let pat = std::fs::read_to_string(root.join("cathedral.pat")).unwrap();
    let path = Path::new("rules/diablo/cathedral.ron");
    assert!(undercroft::RuleSet::load_with(path, &Mem(ron.clone(), pat.clone())).is_ok());
    let mut failed = 0;
    for i in (0..ron.len())
        .filter(|&i| ron.is_char_boundary(i))
        .step_by(211)
    {
        let cut = ron[..i].to_string();
        if let Err(d) = undercroft::RuleSet::load_with(path, &Mem(cut, pat.clone())) {
            assert!(d.to_string().contains("cathedral.ron"), "{d}");
            failed += 1;
        }
    }
    assert!(failed > 10);
}
