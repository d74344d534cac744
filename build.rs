//! Builds the operator reference that `undercroft ops NAME` prints, from the one place the
//! parameters are documented: the `Params` structs of `src/ops/*.rs` (every field carries a
//! `///` doc, enforced by tests/suite/registry.rs), plus the first use of each operator in the
//! shipped rule files as its example; and the reference of the control steps and the rule
//! file's own items (build/steps.rs). Written to `$OUT_DIR/operator_docs.rs`.

#[path = "build/steps.rs"]
mod steps;

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

fn main() {
    println!("cargo:rerun-if-changed=src/ops");
    println!("cargo:rerun-if-changed=src/operator/header.rs");
    println!("cargo:rerun-if-changed=rules");
    println!("cargo:rerun-if-changed=src/ruleset/schema.rs");
    println!("cargo:rerun-if-changed=src/operator/control.rs");
    println!("cargo:rerun-if-changed=build");
    let registry = fs::read_to_string("src/ops/mod.rs").expect("src/ops/mod.rs");
    let mut rule_files = Vec::new();
    collect(Path::new("rules"), &mut rule_files);
    rule_files.sort();
    let rules: Vec<(String, String)> = rule_files
        .iter()
        .filter_map(|p| Some((p.display().to_string(), fs::read_to_string(p).ok()?)))
        .collect();
    let mut out = String::from("/// `(operator, reference text)`, in the order of the registry.\npub static OPERATOR_DOCS: &[(&str, &str)] = &[\n");
    for (name, module) in operators(&registry) {
        let main = fs::read_to_string(format!("src/ops/{module}.rs")).unwrap_or_default();
        let mut src = without_tests(&main).to_string();
        // Parameter items kept in the operator's folder (e.g. `ops/walk_corridors/op.rs`).
        let mut parts = Vec::new();
        if let Ok(dir) = fs::read_dir(format!("src/ops/{module}")) {
            parts.extend(dir.flatten().map(|e| e.path()));
        }
        parts.sort();
        // (a folder's `tests.rs` holds the operator's tests, no parameter items)
        for p in parts.iter().filter(|p| {
            p.extension().is_some_and(|x| x == "rs")
                && p.file_name().is_some_and(|n| n != "tests.rs")
        }) {
            let text = fs::read_to_string(p).unwrap_or_default();
            // only what comes before its tests, without its module doc
            let text = without_tests(&text);
            src.push('\n');
            src.extend(
                text.lines()
                    .filter(|l| !l.starts_with("//!"))
                    .map(|l| format!("{l}\n")),
            );
        }
        let text = reference(&name, &src, &rules);
        writeln!(out, "    ({name:?}, {text:?}),").unwrap();
    }
    out.push_str("];\n");
    // Control steps and the rule set's own items.
    out.push_str("/// `(name, reference text)` of the control steps and rule-file items.\npub static STEP_DOCS: &[(&str, &str)] = &[\n");
    for (path, what) in [
        ("src/operator/control.rs", "a control step"),
        ("src/ops/mod.rs", "a control step"),
        ("src/ruleset/schema.rs", "a part of a rule file"),
    ] {
        let src = fs::read_to_string(path).unwrap_or_default();
        for (name, text) in steps::renamed(without_tests(&src), what, &rules) {
            writeln!(out, "    ({name:?}, {text:?}),").unwrap();
        }
    }
    out.push_str("];\n");
    let dest = PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("operator_docs.rs");
    fs::write(dest, out).unwrap();
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect(&p, out);
        } else if p.extension().is_some_and(|x| x == "ron") {
            out.push(p);
        }
    }
}

/// `Name => module` lines of the `operators!` list.
fn operators(registry: &str) -> Vec<(String, String)> {
    let start = registry.find("operators! {").expect("the operators! list");
    registry[start..]
        .lines()
        .skip(1)
        .take_while(|l| !l.starts_with('}'))
        .filter_map(|l| {
            let (name, module) = l.trim().trim_end_matches(',').split_once(" => ")?;
            Some((name.trim().to_string(), module.trim().to_string()))
        })
        .collect()
}

/// `text` up to its inline test module (`#[cfg(test)] mod tests { .. }`), if any.
fn without_tests(text: &str) -> &str {
    let mut from = 0;
    while let Some(at) = text[from..].find("#[cfg(test)]").map(|a| a + from) {
        let next = text[at..].lines().nth(1).unwrap_or("");
        if next.trim_end().ends_with('{') {
            return &text[..at];
        }
        from = at + 1;
    }
    text
}

/// One documented member of a parameter struct or enum.
struct Member {
    line: String,
    doc: Vec<String>,
    optional: bool,
}

/// Every `Deserialize` struct or enum with braces in `src`: name and members.
fn items(src: &str) -> Vec<(String, bool, Vec<Member>)> {
    let lines: Vec<&str> = src.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let l = lines[i].trim_start();
        i += 1;
        if !(l.starts_with("#[derive(") && l.contains("Deserialize")) {
            continue;
        }
        while i < lines.len() && lines[i].trim_start().starts_with("#[") {
            i += 1;
        }
        let Some(item) = lines.get(i) else { break };
        let words: Vec<&str> = item.split_whitespace().collect();
        let kw = words.iter().position(|w| *w == "struct" || *w == "enum");
        let (Some(kw), true) = (kw, item.trim_end().ends_with('{')) else {
            continue;
        };
        let is_enum = words[kw] == "enum";
        let name = words
            .get(kw + 1)
            .unwrap_or(&"?")
            .trim_end_matches('{')
            .to_string();
        let mut members = Vec::new();
        let (mut doc, mut optional) = (Vec::new(), false);
        let mut depth = 1i32;
        i += 1;
        while i < lines.len() && depth > 0 {
            let t = lines[i].trim();
            i += 1;
            if depth == 1 {
                if let Some(d) = t.strip_prefix("///") {
                    doc.push(d.trim().to_string());
                } else if t.starts_with("#[") {
                    optional |= t.contains("default");
                } else if t
                    .chars()
                    .next()
                    .is_some_and(|c| c.is_alphabetic() || c == '_')
                {
                    members.push(Member {
                        line: t
                            .trim_end_matches(',')
                            .trim_start_matches("pub ")
                            .to_string(),
                        doc: std::mem::take(&mut doc),
                        optional: std::mem::take(&mut optional),
                    });
                }
            }
            // brackets in comments (a doc's "(its ...") open nothing
            if !t.starts_with("//") {
                depth +=
                    t.matches(['{', '(']).count() as i32 - t.matches(['}', ')']).count() as i32;
            }
        }
        out.push((name, is_enum, members));
    }
    out
}

/// The tile header's fields as `tile_params!` (src/operator/header.rs) writes them for a
/// `header: writes` or `header: reads` struct: the lines between its markers.
fn header_fields(kind: &str) -> Vec<Member> {
    let text = fs::read_to_string("src/operator/header.rs").expect("src/operator/header.rs");
    let begin = format!("// header fields ({kind}): begin");
    let end = format!("// header fields ({kind}): end");
    let (Some(a), Some(b)) = (text.find(&begin), text.find(&end)) else {
        panic!("src/operator/header.rs lost its `{begin}` / `{end}` markers");
    };
    let body = text[a + begin.len()..b]
        .replace("$crate::ruleset::src::", "")
        .replace("$crate::operator::args::", "");
    let fake = format!("#[derive(Deserialize)]\nstruct Header {{\n{body}\n}}\n");
    items(&fake).pop().map(|(_, _, m)| m).unwrap_or_default()
}

/// `[`x`]` (a rustdoc link) as `x`.
fn plain(l: &str) -> String {
    l.replace("[`", "`").replace("`]", "`")
}

/// A Rust field type in the rule file's words.
fn words(ty: &str, local: &[String]) -> String {
    let ty = ty.trim();
    if let Some(inner) = ty.strip_prefix("Option<").and_then(|t| t.strip_suffix('>')) {
        return words(inner, local);
    }
    if let Some(inner) = ty.strip_prefix("Box<").and_then(|t| t.strip_suffix('>')) {
        return words(inner, local);
    }
    if let Some(inner) = ty.strip_prefix("Vec<").and_then(|t| t.strip_suffix('>')) {
        return format!("[{}, ...]", words(inner, local));
    }
    if ty.starts_with('(') {
        let inner = &ty[1..ty.len() - 1];
        let parts: Vec<String> = split_top(inner).iter().map(|p| words(p, local)).collect();
        return format!("({})", parts.join(", "));
    }
    match ty {
        "Src" => "\"text\"".into(),
        "bool" => "true/false".into(),
        "i32" | "i64" | "u8" | "u16" | "u32" | "u64" | "usize" => "integer".into(),
        // src/operator/knobs.rs: fields that take an expression
        "Count" => "integer 1..=1000000 or \"expression\"".into(),
        "Count0" => "integer 0..=1000000 or \"expression\"".into(),
        "I32" => "integer or \"expression\"".into(),
        "NonNeg" => "integer 0.. or \"expression\"".into(),
        "Real" => "number or \"expression\"".into(),
        "Prob" => "number 0..=1 or \"expression\"".into(),
        "Weight" => "number 0.. or \"expression\"".into(),
        t if t.starts_with("Int<") => {
            let range = t[4..t.len() - 1].replace(' ', "").replace("_", "");
            format!("integer {} or \"expression\"", range.replace(',', "..="))
        }
        "f64" | "f32" => "number".into(),
        "Tile" => "tile id".into(),
        "RectDef" => "(x: \"..\", y: \"..\", w: \"..\", h: \"..\") or \"area expression\"".into(),
        "PointDef" => "(x: \"..\", y: \"..\")".into(),
        "Dir" => "E|W|S|N".into(),
        "Connectivity" => "Four|Eight".into(),
        t if local.iter().any(|l| l == t) => t.to_string(),
        t => t.to_string(),
    }
}

/// Split `a, (b, c), d` at top-level commas.
fn split_top(s: &str) -> Vec<String> {
    let (mut out, mut cur, mut depth) = (Vec::new(), String::new(), 0);
    for c in s.chars() {
        match c {
            '(' | '<' | '[' => depth += 1,
            ')' | '>' | ']' => depth -= 1,
            ',' if depth == 0 => {
                out.push(std::mem::take(&mut cur));
                continue;
            }
            _ => {}
        }
        cur.push(c);
    }
    if !cur.trim().is_empty() {
        out.push(cur);
    }
    out
}

/// The first `Name(` ... `)` in the shipped rule files, with its file.
fn example(name: &str, rules: &[(String, String)]) -> Option<(String, String)> {
    let needle = format!("{name}(");
    for (file, text) in rules {
        let mut from = 0;
        while let Some(at) = text[from..].find(&needle).map(|a| a + from) {
            from = at + 1;
            let before = text[..at].chars().last();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '"') {
                continue;
            }
            let mut depth = 0;
            for (k, c) in text[at..].char_indices() {
                match c {
                    '(' => depth += 1,
                    ')' => {
                        depth -= 1;
                        if depth == 0 {
                            let snippet = &text[at..at + k + 1];
                            // Re-indent: strip the common leading spaces of lines after the first.
                            let lines: Vec<&str> = snippet.lines().collect();
                            let indent = lines[1..]
                                .iter()
                                .filter(|l| !l.trim().is_empty())
                                .map(|l| l.len() - l.trim_start().len())
                                .min()
                                .unwrap_or(0);
                            let body: Vec<String> = lines
                                .iter()
                                .enumerate()
                                .map(|(n, l)| {
                                    if n == 0 {
                                        l.to_string()
                                    } else {
                                        let lead = l.len() - l.trim_start().len();
                                        format!("    {}", &l[indent.min(lead)..])
                                    }
                                })
                                .take(24)
                                .collect();
                            return Some((file.clone(), body.join("\n")));
                        }
                    }
                    _ => {}
                }
            }
        }
    }
    None
}

/// One line per member (`field: type   (optional)`), its doc lines below.
fn write_members(t: &mut String, members: &[Member], is_enum: bool, local: &[String]) {
    for m in members {
        let (field, ty) = match m.line.split_once(':') {
            Some((f, ty)) if !is_enum => (f.trim().to_string(), words(ty, local)),
            _ => (m.line.clone(), String::new()),
        };
        let optional = m.optional || m.line.contains("Option<");
        let head = match (ty.is_empty(), optional) {
            (true, _) => format!("  {field}"),
            (false, true) => format!("  {field}: {ty}   (optional)"),
            (false, false) => format!("  {field}: {ty}"),
        };
        writeln!(t, "{head}").unwrap();
        for d in &m.doc {
            writeln!(t, "      {}", plain(d)).unwrap();
        }
    }
}

fn reference(name: &str, src: &str, rules: &[(String, String)]) -> String {
    let mut t = String::new();
    // The module doc up to its first section heading: a section (`# Speed`: where an
    // operator's speed comes from) is for the code's readers, not the rule file's.
    let mut about: Vec<&str> = src
        .lines()
        .take_while(|l| l.starts_with("//!"))
        .map(|l| l.trim_start_matches("//!").trim())
        .take_while(|l| !l.starts_with("# "))
        .collect();
    while about.last() == Some(&"") {
        about.pop();
    }
    // Rustdoc links read as plain code on a terminal.
    let about: Vec<String> = about.iter().map(|l| plain(l)).collect();
    writeln!(t, "{name}").unwrap();
    writeln!(t).unwrap();
    for l in &about {
        writeln!(t, "  {l}").unwrap();
    }
    let mut items = items(src);
    // A `tile_params!` struct: the tile header's fields first, documented in one place.
    for kind in ["writes", "reads"] {
        if src.contains(&format!("header: {kind},")) {
            if let Some((_, _, params)) = items.iter_mut().find(|(n, _, _)| n == "Params") {
                let mut all = header_fields(kind);
                all.append(params);
                *params = all;
            }
        }
    }
    let local: Vec<String> = items.iter().map(|(n, _, _)| n.clone()).collect();
    for (item, is_enum, members) in &items {
        writeln!(t).unwrap();
        if item == "Params" {
            writeln!(t, "Parameters of {name}(...):").unwrap();
        } else if *is_enum {
            writeln!(t, "{item}, one of:").unwrap();
        } else {
            writeln!(t, "{item}(...):").unwrap();
        }
        write_members(&mut t, members, *is_enum, &local);
    }
    if let Some((file, ex)) = example(name, rules) {
        writeln!(t).unwrap();
        writeln!(t, "Example ({file}):").unwrap();
        for l in ex.lines() {
            writeln!(t, "  {l}").unwrap();
        }
    }
    t
}
