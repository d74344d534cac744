//! What `undercroft ops` and the guide document (issue 44): every parameter doc of every
//! operator is printed whole (no doc cut at a bracket), the control steps and the parts of a
//! rule file have a reference of their own, and every field of `Ruleset(...)` has a row in
//! docs/authoring.md's table.

use std::path::Path;
use undercroft::operator::docs::{reference, STEP_DOCS};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// `[`x`]` as `x`, as the reference prints it.
fn plain(l: &str) -> String {
    l.replace("[`", "`").replace("`]", "`")
}

/// The doc lines of the `pub` fields of the rule-facing structs in `text` (a source file),
/// up to its inline tests. Rule-facing: the structs that derive `Deserialize` (an operator's
/// `Params` and the records its fields hold); the compiled forms (`Compiled`, `Choice`, ...)
/// are not read from a rule file and `undercroft ops` does not print them.
fn field_docs(text: &str) -> Vec<String> {
    let text = text
        .split("#[cfg(test)]\nmod tests {")
        .next()
        .unwrap_or(text);
    let mut out = Vec::new();
    let mut doc: Vec<&str> = Vec::new();
    // Whether the derives read since the last item include `Deserialize`, and whether the
    // struct being read is rule-facing.
    let (mut derives_de, mut rule_facing) = (false, false);
    for l in text.lines().map(str::trim) {
        if let Some(d) = l.strip_prefix("///") {
            doc.push(d.trim());
        } else if l.starts_with("#[") {
            derives_de |= l.starts_with("#[derive(") && l.contains("Deserialize");
        } else {
            let item = |k: &str| l.starts_with(k) || l.starts_with(&format!("pub {k}"));
            if item("struct ") || item("enum ") {
                rule_facing = derives_de;
            }
            let field = rule_facing
                && l.starts_with("pub ")
                && ![
                    "pub fn",
                    "pub struct",
                    "pub enum",
                    "pub use",
                    "pub mod",
                    "pub type",
                    "pub const",
                    "pub static",
                ]
                .iter()
                .any(|k| l.starts_with(k))
                && l.contains(':');
            if field {
                out.extend(doc.iter().filter(|d| !d.is_empty()).map(|d| plain(d)));
            }
            doc.clear();
            derives_de = false;
        }
    }
    out
}

#[test]
fn ops_name_prints_every_field_doc_of_every_operator_whole() {
    let mut missing = Vec::new();
    let mut checked = 0;
    for op in undercroft::ops::operators() {
        let text = reference(op.name).unwrap_or_else(|| panic!("no reference for {}", op.name));
        let mut files = vec![Path::new(ROOT).join(format!("src/ops/{}.rs", op.module))];
        if let Ok(dir) = std::fs::read_dir(Path::new(ROOT).join(format!("src/ops/{}", op.module))) {
            files.extend(dir.flatten().map(|e| e.path()).filter(|p| {
                p.extension().is_some_and(|x| x == "rs")
                    && p.file_name().is_none_or(|n| n != "tests.rs")
            }));
        }
        for f in files {
            let src = std::fs::read_to_string(&f).unwrap();
            for d in field_docs(&src) {
                checked += 1;
                if !text.contains(&d) {
                    missing.push(format!("{}: {}", op.name, d));
                }
            }
        }
    }
    assert!(
        checked > 300,
        "only {checked} doc lines read: is the scan broken?"
    );
    assert!(
        missing.is_empty(),
        "{} doc lines are not printed by `undercroft ops NAME`:\n{}",
        missing.len(),
        missing.join("\n")
    );
}

#[test]
fn control_steps_and_rule_file_parts_have_a_reference() {
    for name in [
        "Retry",
        "If",
        "ForEach",
        "Ruleset",
        "TileGlyphs",
        "Stats",
        "Marker",
        "Grid",
    ] {
        assert!(
            reference(name).is_some(),
            "`undercroft ops {name}` knows nothing"
        );
    }
    let tg = reference("TileGlyphs").unwrap();
    for needle in [
        "layer:",
        "output:",
        "other:",
        "classes:",
        "GlyphClassDef(...):",
        "glyph:",
        "Example (",
    ] {
        assert!(
            tg.contains(needle),
            "TileGlyphs reference lacks {needle}:\n{tg}"
        );
    }
    assert!(STEP_DOCS.len() >= 8, "{}", STEP_DOCS.len());
}

/// The fields of `Ruleset(...)` (the `RuleFile` struct of src/ruleset/schema.rs).
fn ruleset_fields() -> Vec<String> {
    let src = std::fs::read_to_string(Path::new(ROOT).join("src/ruleset/schema.rs")).unwrap();
    let body = src.split("pub struct RuleFile {").nth(1).unwrap();
    let body = &body[..body.find("\n}").unwrap()];
    body.lines()
        .filter_map(|l| l.trim().strip_prefix("pub "))
        .filter_map(|l| l.split(':').next())
        .map(str::to_string)
        .collect()
}

#[test]
fn every_ruleset_field_has_a_row_in_the_guide() {
    let doc = std::fs::read_to_string(Path::new(ROOT).join("docs/authoring.md")).unwrap();
    let table = doc
        .split("A rule file is one `Ruleset(...)`:")
        .nth(1)
        .expect("the table");
    let rows: Vec<&str> = table
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .collect();
    let fields = ruleset_fields();
    assert!(fields.len() >= 15, "{fields:?}");
    for f in fields {
        let cell = |r: &&str| {
            r.split('|')
                .nth(1)
                .is_some_and(|c| c.contains(&format!("`{f}")) || c.contains(&format!(" {f}`")))
        };
        assert!(
            rows.iter().any(cell),
            "no row of the Ruleset table names `{f}`"
        );
    }
}
