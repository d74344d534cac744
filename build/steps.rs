//! The reference of what a rule file writes besides operators: the control steps
//! (`Retry(...)`, `If(...)`, ... in `src/ops/mod.rs`) and the rule set's own items
//! (`Ruleset(...)`, `TileGlyphs(...)`, ... in `src/ruleset/schema.rs`): every item with a
//! rule-file name of its own (`#[serde(..., rename = "Retry")]`), its doc, its fields and
//! their docs, and its first use in the shipped rule files.

use std::fmt::Write as _;

/// `(rule-file name, reference text)` of the renamed items of `src` (a file's text).
pub fn renamed(src: &str, what: &str, rules: &[(String, String)]) -> Vec<(String, String)> {
    let lines: Vec<&str> = src.lines().collect();
    let all = super::items(src);
    let mut out = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        let t = l.trim_start();
        let Some(rest) = t
            .strip_prefix("#[serde(")
            .and_then(|r| r.split("rename = \"").nth(1))
        else {
            continue;
        };
        let Some(name) = rest.split('"').next() else {
            continue;
        };
        // the item this attribute is on, and its doc above the attributes
        let Some(item) = lines[i + 1..]
            .iter()
            .find(|l| !l.trim_start().starts_with("#["))
        else {
            continue;
        };
        let words: Vec<&str> = item.split_whitespace().collect();
        let Some(kw) = words.iter().position(|w| *w == "struct" || *w == "enum") else {
            continue;
        };
        let rust = words.get(kw + 1).unwrap_or(&"?").trim_end_matches('{');
        let mut doc = Vec::new();
        for d in lines[..i].iter().rev() {
            let d = d.trim_start();
            if d.starts_with("#[") {
                continue;
            }
            match d.strip_prefix("///") {
                Some(d) => doc.push(super::plain(d.trim())),
                None => break,
            }
        }
        doc.reverse();
        let Some((_, is_enum, members)) = all.iter().find(|(n, _, _)| n == rust) else {
            continue;
        };
        let local: Vec<String> = all.iter().map(|(n, _, _)| n.clone()).collect();
        let mut t = format!("{name} ({what})\n\n");
        for d in &doc {
            writeln!(t, "  {d}").unwrap();
        }
        writeln!(t).unwrap();
        if *is_enum {
            writeln!(t, "{name}, one of:").unwrap();
        } else {
            writeln!(t, "Fields of {name}(...):").unwrap();
        }
        super::write_members(&mut t, members, *is_enum, &local);
        // the items its fields name, once each (one level: `GlyphClassDef` of `TileGlyphs`)
        let mut shown = vec![rust.to_string()];
        for m in members {
            for (n, e, ms) in &all {
                let named = m
                    .line
                    .split(|c: char| !c.is_alphanumeric() && c != '_')
                    .any(|w| w == n);
                if named && !shown.contains(n) {
                    shown.push(n.clone());
                    let head = if *e {
                        format!("{n}, one of:")
                    } else {
                        format!("{n}(...):")
                    };
                    writeln!(t, "\n{head}").unwrap();
                    super::write_members(&mut t, ms, *e, &local);
                }
            }
        }
        if let Some((file, ex)) = super::example(name, rules) {
            writeln!(t, "\nExample ({file}):").unwrap();
            for l in ex.lines() {
                writeln!(t, "  {l}").unwrap();
            }
        }
        out.push((name.to_string(), t));
    }
    out
}
