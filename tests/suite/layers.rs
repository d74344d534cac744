//! The module graph of `src/` has no cycle (issue 8: data flows one way; the layer order is
//! in the crate doc, `src/lib.rs`).
//!
//! The same analysis as `shared/tools/module_cycles.py`, a little stricter: every file is a
//! module (`a/b.rs` or `a/b/mod.rs` is `a::b`); module A depends on module B when A names a
//! path that resolves to B or an item of B — `crate::...`, `super::...`, `self::...`, or a
//! path starting with one of A's child modules (`use compile::Cx;` in `ruleset/mod.rs`) — in a
//! `use` or inline. `mod x;` declarations are not edges; code after `#[cfg(test)]` is left
//! out (tests may reach anywhere).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

type Module = Vec<String>;

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// `src/a/b.rs` and `src/a/b/mod.rs` → `["a", "b"]`; `lib.rs`, `main.rs` → `[]`.
fn module_of(src: &Path, file: &Path) -> Module {
    let rel = file.strip_prefix(src).unwrap().with_extension("");
    let mut segs: Module = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if segs.last().is_some_and(|s| s == "mod") {
        segs.pop();
    }
    if segs == ["lib"] || segs == ["main"] {
        segs.clear();
    }
    segs
}

/// The text before `#[cfg(test)]`, without comments.
fn code(text: &str) -> String {
    let text = &text[..text.find("#[cfg(test)]").unwrap_or(text.len())];
    let mut out = String::new();
    let mut rest = text;
    while let Some(i) = rest.find("/*") {
        out.push_str(&rest[..i]);
        rest = rest[i..].find("*/").map_or("", |j| &rest[i + j + 2..]);
    }
    out.push_str(rest);
    out.lines()
        .map(|l| l.split("//").next().unwrap())
        .collect::<Vec<_>>()
        .join("\n")
}

/// `a::{b, c::{d, e}}` → `a::b`, `a::c::d`, `a::c::e`.
fn expand_use(body: &str) -> Vec<String> {
    let body = body.trim();
    let Some(open) = body.find('{') else {
        return vec![body.to_string()];
    };
    let (prefix, inner) = (&body[..open], &body[open + 1..body.rfind('}').unwrap()]);
    let (mut parts, mut depth, mut cur) = (Vec::new(), 0, String::new());
    for ch in inner.chars() {
        match ch {
            ',' if depth == 0 => parts.push(std::mem::take(&mut cur)),
            _ => {
                depth += (ch == '{') as i32 - (ch == '}') as i32;
                cur.push(ch);
            }
        }
    }
    parts.push(cur);
    parts
        .iter()
        .filter(|p| !p.trim().is_empty())
        .flat_map(|p| expand_use(p.trim()))
        .map(|p| format!("{prefix}{p}"))
        .collect()
}

/// Every path of two or more segments in `code`: the bodies of `use` items expanded, and
/// the paths written inline.
fn paths(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = String::new();
    let mut s = code;
    while let Some(i) = find_word(s, "use") {
        rest.push_str(&s[..i]);
        let end = s[i..].find(';').map_or(s.len(), |j| i + j);
        let body = &s[i + 3..end];
        // A `use` item is a path tree; the word "use" elsewhere (in a string) is not.
        let tree = body.starts_with(char::is_whitespace)
            && body
                .chars()
                .all(|c| c.is_alphanumeric() || "_:{}, *\n\t\r".contains(c))
            && body.matches('{').count() == body.matches('}').count();
        if !tree {
            rest.push_str("use");
            s = &s[i + 3..];
            continue;
        }
        out.extend(expand_use(body));
        s = &s[(end + 1).min(s.len())..];
    }
    rest.push_str(s);
    let bytes = rest.as_bytes();
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut i = 0;
    while i < bytes.len() {
        if word(bytes[i]) && (i == 0 || !(word(bytes[i - 1]) || bytes[i - 1] == b':')) {
            let mut j = i;
            while j < bytes.len() && (word(bytes[j]) || rest[j..].starts_with("::")) {
                j += if bytes[j] == b':' { 2 } else { 1 };
            }
            let p = rest[i..j].trim_end_matches(':');
            if p.contains("::") {
                out.push(p.to_string());
            }
            i = j.max(i + 1);
        } else {
            i += 1;
        }
    }
    out
}

/// Where the keyword `w` starts in `s` (as a whole word).
fn find_word(s: &str, w: &str) -> Option<usize> {
    let b = s.as_bytes();
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut from = 0;
    while let Some(k) = s[from..].find(w) {
        let i = from + k;
        let before = i == 0 || !word(b[i - 1]);
        let after = b.get(i + w.len()).is_none_or(|&c| !word(c));
        if before && after {
            return Some(i);
        }
        from = i + w.len();
    }
    None
}

/// The module a path written in module `cur` names (the longest module prefix), if it is
/// one of the crate's.
fn resolve(cur: &Module, path: &str, mods: &BTreeSet<Module>) -> Option<Module> {
    let path = path.split(" as ").next().unwrap();
    let segs: Vec<&str> = path.split("::").map(str::trim).collect();
    let (mut base, rest): (Module, &[&str]) = match segs[0] {
        "crate" => (Vec::new(), &segs[1..]),
        "super" | "self" => {
            let mut base = cur.clone();
            let mut k = 0;
            while k < segs.len() && (segs[k] == "super" || segs[k] == "self") {
                if segs[k] == "super" {
                    base.pop();
                }
                k += 1;
            }
            (base, &segs[k..])
        }
        first => {
            let mut child = cur.clone();
            child.push(first.to_string());
            if !mods.contains(&child) {
                return None;
            }
            (cur.clone(), &segs[..])
        }
    };
    let mut best = mods.contains(&base).then(|| base.clone());
    for s in rest {
        base.push(s.to_string());
        if mods.contains(&base) {
            best = Some(base.clone());
        }
    }
    best
}

/// Module → the modules it names.
fn module_graph(src: &Path) -> BTreeMap<Module, BTreeSet<Module>> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let mods: BTreeSet<Module> = files.iter().map(|f| module_of(src, f)).collect();
    let mut graph = BTreeMap::new();
    for f in &files {
        let m = module_of(src, f);
        let text = code(&std::fs::read_to_string(f).unwrap());
        let edges: BTreeSet<Module> = paths(&text)
            .iter()
            .filter_map(|p| resolve(&m, p, &mods))
            .filter(|t| *t != m)
            .collect();
        graph.insert(m, edges);
    }
    graph
}

/// Strongly connected sets of two or more modules (Tarjan).
fn cycles(g: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<Vec<Module>> {
    struct T<'a> {
        g: &'a BTreeMap<Module, BTreeSet<Module>>,
        index: BTreeMap<&'a Module, usize>,
        low: BTreeMap<&'a Module, usize>,
        stack: Vec<&'a Module>,
        on: BTreeSet<&'a Module>,
        out: Vec<Vec<Module>>,
    }
    fn visit<'a>(t: &mut T<'a>, v: &'a Module) {
        let n = t.index.len();
        t.index.insert(v, n);
        t.low.insert(v, n);
        t.stack.push(v);
        t.on.insert(v);
        for w in &t.g[v] {
            if !t.index.contains_key(w) {
                visit(t, w);
                let lw = t.low[w];
                let lv = t.low.get_mut(v).unwrap();
                *lv = (*lv).min(lw);
            } else if t.on.contains(w) {
                let iw = t.index[w];
                let lv = t.low.get_mut(v).unwrap();
                *lv = (*lv).min(iw);
            }
        }
        if t.low[v] == t.index[v] {
            let mut comp = Vec::new();
            loop {
                let w = t.stack.pop().unwrap();
                t.on.remove(w);
                comp.push(w.clone());
                if w == v {
                    break;
                }
            }
            if comp.len() > 1 {
                comp.sort();
                t.out.push(comp);
            }
        }
    }
    let mut t = T {
        g,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in g.keys() {
        if !t.index.contains_key(v) {
            visit(&mut t, v);
        }
    }
    t.out
}

fn name(m: &Module) -> String {
    if m.is_empty() {
        "crate".into()
    } else {
        m.join("::")
    }
}

#[test]
fn the_module_graph_has_no_cycle() {
    let g = module_graph(Path::new("src"));
    let found = cycles(&g);
    let shown: Vec<String> = found
        .iter()
        .map(|c| c.iter().map(name).collect::<Vec<_>>().join(", "))
        .collect();
    assert!(
        found.is_empty(),
        "{} import cycle(s) in src/ (each line: modules that import each other, directly or \
         through the others):\n  {}",
        found.len(),
        shown.join("\n  ")
    );
}

#[test]
fn the_output_model_and_the_renderers_depend_only_on_what_they_draw() {
    let g = module_graph(Path::new("src"));
    let dungeon = vec!["dungeon".to_string()];
    assert!(
        g[&dungeon].is_empty(),
        "dungeon.rs must be plain data, but names {:?}",
        g[&dungeon].iter().map(name).collect::<Vec<_>>()
    );
    for (m, edges) in &g {
        if m.first().is_some_and(|s| s == "render") {
            for e in edges {
                assert!(
                    e == &dungeon || e.first().is_some_and(|s| s == "render"),
                    "{} names {}: renderers take only a Dungeon",
                    name(m),
                    name(e)
                );
            }
        }
    }
    // The small types operators share import nothing, so operators never reach the
    // interpreter that calls them.
    let engine = vec!["engine".to_string()];
    let interp = vec!["engine".to_string(), "interpreter".to_string()];
    assert!(!reaches(&g, &engine, &interp));
    assert!(!reaches(&g, &vec!["ops".to_string()], &interp));
    // The registry (`ops/mod.rs`) names every operator module through its macro, which this
    // analysis does not expand: so no operator may name the registry back.
    let ops = vec!["ops".to_string()];
    for (m, edges) in &g {
        if m.len() == 2 && m[0] == "ops" {
            assert!(
                !edges.contains(&ops),
                "{} names ops/mod.rs, which names every operator: import from the module that \
                 defines the item (e.g. operator::knobs::Int)",
                name(m)
            );
        }
    }
}

/// Whether `to` can be reached from `from`.
fn reaches(g: &BTreeMap<Module, BTreeSet<Module>>, from: &Module, to: &Module) -> bool {
    let mut seen = BTreeSet::new();
    let mut todo = vec![from.clone()];
    while let Some(m) = todo.pop() {
        if &m == to {
            return true;
        }
        if seen.insert(m.clone()) {
            todo.extend(g[&m].iter().cloned());
        }
    }
    false
}

/// The analysis finds what it should: a cycle through `super::`, a child-module path, and
/// `crate::` paths inside braces.
#[test]
fn the_analysis_sees_cycles_written_every_way() {
    let dir = std::env::temp_dir().join(format!("undercroft-layers-{}", std::process::id()));
    let w = |p: &str, t: &str| {
        let f = dir.join(p);
        std::fs::create_dir_all(f.parent().unwrap()).unwrap();
        std::fs::write(f, t).unwrap();
    };
    w("lib.rs", "pub mod a;\npub mod b;\npub mod c;\n");
    w("a/mod.rs", "mod x;\nuse x::Thing;\n");
    w("a/x.rs", "pub struct Thing(super::Other);\n");
    w("b.rs", "use crate::{c::{Y, Z as W}, a};\n");
    w(
        "c.rs",
        "// use crate::b::Q;\n#[cfg(test)]\nmod t { use crate::b::Q; }\n",
    );
    let g = module_graph(&dir);
    let mut found: Vec<Vec<String>> = cycles(&g)
        .iter()
        .map(|c| c.iter().map(name).collect())
        .collect();
    found.sort();
    assert_eq!(found, vec![vec!["a".to_string(), "a::x".to_string()]]);
    let b = vec!["b".to_string()];
    let edges: Vec<String> = g[&b].iter().map(name).collect();
    assert_eq!(edges, ["a", "c"]);
    assert!(
        g[&vec!["c".to_string()]].is_empty(),
        "comments and tests are not edges"
    );
    // c names b inline: now b and c import each other.
    w("c.rs", "pub fn f() -> crate::b::Q { todo!() }\n");
    let g = module_graph(&dir);
    assert_eq!(cycles(&g).len(), 2);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The same graph with each module taken as its top-level module (`ops::bud_rooms` as `ops`):
/// the layers of `src/lib.rs`'s diagram, whose imports must point one way too (issue 43).
///
/// Two kinds of edge are left out, as `src/lib.rs` documents: the compile-time interface the
/// loader hands operators (`ruleset::compile`'s `Cx` and `ruleset::src`'s located strings,
/// named by `ops` and `operator`; the loader calls the operators' `compile`, never the other
/// way), and the unit-test helpers (`operator::testing`, compiled only for tests).
fn top_level_graph(g: &BTreeMap<Module, BTreeSet<Module>>) -> BTreeMap<Module, BTreeSet<Module>> {
    let top = |m: &Module| -> Module { m.iter().take(1).cloned().collect() };
    let is = |m: &Module, p: &[&str]| m.len() >= p.len() && m.iter().zip(p).all(|(a, b)| a == b);
    let mut t: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (m, edges) in g {
        if is(m, &["operator", "testing"]) {
            continue;
        }
        let from = top(m);
        let entry = t.entry(from.clone()).or_default();
        for e in edges {
            let interface = is(e, &["ruleset", "compile"]) || is(e, &["ruleset", "src"]);
            if interface && (is(m, &["ops"]) || is(m, &["operator"])) {
                continue;
            }
            let to = top(e);
            if to != from && !to.is_empty() && !from.is_empty() {
                entry.insert(to);
            }
        }
    }
    for e in t.values().flatten().cloned().collect::<Vec<_>>() {
        t.entry(e).or_default();
    }
    t
}

#[test]
fn the_top_level_modules_import_one_way() {
    let g = top_level_graph(&module_graph(Path::new("src")));
    let found = cycles(&g);
    let shown: Vec<String> = found
        .iter()
        .map(|c| c.iter().map(name).collect::<Vec<_>>().join(", "))
        .collect();
    assert!(
        found.is_empty(),
        "{} import cycle(s) between the top-level modules of src/:\n  {}",
        found.len(),
        shown.join("\n  ")
    );
}

/// Issue 43: the core library a game embeds (`--no-default-features`) compiles none of the
/// front ends' crates. Read from `cargo tree`, so a new dependency of the lib is seen too.
#[test]
fn the_core_library_builds_without_the_front_ends() {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = std::process::Command::new(cargo)
        .args([
            "tree",
            "--offline",
            "-p",
            "undercroft",
            "--no-default-features",
            "-e",
            "normal",
            "--prefix",
            "none",
        ])
        .output()
        .expect("cargo tree runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && text.contains("ron v"),
        "cargo tree: {text}"
    );
    let crates: BTreeSet<&str> = text
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    // (the browser preview's server has no crate of its own: src/serve/conn.rs)
    for front in ["ratatui", "crossterm", "notify", "clap", "indicatif"] {
        assert!(
            !crates.contains(front),
            "the core library depends on {front}: {crates:?}"
        );
    }
    // and the default build does (the test would pass vacuously on a wrong name)
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let all = std::process::Command::new(cargo)
        .args([
            "tree",
            "--offline",
            "-p",
            "undercroft",
            "-e",
            "normal",
            "--prefix",
            "none",
        ])
        .output()
        .expect("cargo tree runs");
    let all = String::from_utf8_lossy(&all.stdout);
    // (the browser preview's server has no crate of its own: src/serve/conn.rs)
    for front in ["ratatui", "crossterm", "notify", "clap", "indicatif"] {
        assert!(
            all.lines().any(|l| l.starts_with(&format!("{front} v"))),
            "{front} not in the default build"
        );
    }
}
