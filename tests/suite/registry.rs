//! Registry-wide invariants: every operator is used by a shipped rule file, `src/` names no
//! game, and evaluating expressions never allocates.

use std::alloc::{GlobalAlloc, Layout, System};
use std::path::Path;
use undercroft::engine::point::Point;
use undercroft::engine::state::State;
use undercroft::engine::value::{Type, Value};
use undercroft::lang::{compile, parse, Scope};
use undercroft::rng::{Rng, RngSpec};

/// Counts allocations made by the current thread (other tests run in parallel).
struct Counting;
thread_local! {
    static ALLOCS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        let _ = ALLOCS.try_with(|c| c.set(c.get() + 1));
        System.alloc(l)
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        System.dealloc(p, l)
    }
}
#[global_allocator]
static GLOBAL: Counting = Counting;

fn files(dir: &Path, ext: &str, out: &mut Vec<std::path::PathBuf>) {
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
    let mut rons = Vec::new();
    files(Path::new("rules"), "ron", &mut rons);
    let text: String = rons
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    let mut names = std::collections::HashSet::new();
    for op in undercroft::ops::operators() {
        let (name, doc) = (op.name, op.summary);
        assert!(names.insert(name), "operator {name} registered twice");
        assert!(!doc.is_empty(), "operator {name} has no description");
        assert!(
            text.contains(&format!("{name}(")),
            "no rule file under rules/ uses {name}"
        );
    }
}

/// rust-analyzer's "file = function = id": an operator `BudRooms` lives in
/// `src/ops/bud_rooms.rs` (or `src/ops/bud_rooms/`), so one grep finds everything of it, and
/// `src/ops/` holds nothing but operators and the registry.
#[test]
fn each_operator_lives_in_the_module_named_after_it() {
    let mut modules = std::collections::BTreeSet::new();
    for op in undercroft::ops::operators() {
        let mut snake = String::new();
        for (i, c) in op.name.chars().enumerate() {
            if c.is_ascii_uppercase() && i > 0 {
                snake.push('_');
            }
            snake.push(c.to_ascii_lowercase());
        }
        assert_eq!(
            op.module, snake,
            "operator {} lives in ops/{}.rs",
            op.name, op.module
        );
        assert!(
            Path::new(&format!("src/ops/{snake}.rs")).is_file(),
            "no src/ops/{snake}.rs for {}",
            op.name
        );
        modules.insert(snake);
    }
    for e in std::fs::read_dir("src/ops").unwrap() {
        let p = e.unwrap().path();
        let stem = p.file_stem().unwrap().to_string_lossy().to_string();
        assert!(
            stem == "mod" || modules.contains(&stem),
            "{} in src/ops/ is not an operator: move it out (shared machinery lives in \
             src/operator/ or src/engine/)",
            p.display()
        );
    }
}

#[test]
fn src_names_no_game() {
    let mut srcs = Vec::new();
    files(Path::new("src"), "rs", &mut srcs);
    files(Path::new("src"), "pest", &mut srcs);
    let games = [
        "isaac",
        "diablo",
        "cathedral",
        "catacomb",
        "basement",
        "rebirth",
        "labyrinth",
    ];
    for p in srcs {
        for (i, line) in std::fs::read_to_string(&p).unwrap().lines().enumerate() {
            let t = line.trim_start();
            if t.starts_with("#[cfg(test)]") {
                break; // unit tests (at the bottom of a file) may name the games they check
            }
            if t.starts_with("//") {
                continue; // doc comments may cite sources
            }
            let lower = t.to_lowercase();
            for g in games {
                assert!(
                    !lower.contains(g),
                    "{}:{}: game name `{g}` in code: {line}",
                    p.display(),
                    i + 1
                );
            }
        }
    }
}

struct S;
impl Scope for S {
    fn var(&self, name: &str) -> Option<(u16, Type)> {
        match name {
            "level" => Some((0, Type::Num)),
            "boss" => Some((1, Type::Room)),
            "start" => Some((2, Type::Room)),
            "flag" => Some((3, Type::Bool)),
            _ => None,
        }
    }
    fn list(&self, name: &str) -> Option<u16> {
        (name == "dead_ends").then_some(0)
    }
    fn kind(&self, name: &str) -> Option<u16> {
        (name == "normal").then_some(0)
    }
    fn value_list(&self, name: &str) -> Option<(u16, Type)> {
        (name == "parts").then_some((0, Type::Area))
    }
    fn var_names(&self) -> Vec<String> {
        vec![]
    }
    fn list_names(&self) -> Vec<String> {
        vec![]
    }
    fn kind_names(&self) -> Vec<String> {
        vec![]
    }
}

#[test]
fn evaluating_expressions_does_not_allocate() {
    let exprs = [
        "min(20, rnd(2) + 5 + level * 2.6)",
        "!adjacent(boss, start) && len(dead_ends) >= (level == 1 ? 3 : 4)",
        "chance(1/7) || flag && chance(1/4)",
        "count(normal) * 2 > max(level, 3, floor(2.5)) || neighbours(cell(1, 1)) > 0",
        "exists(last(dead_ends)) && is(first(dead_ends), normal) && contains(dead_ends, boss)",
        "w(first(split(grid(), 3))) + h(second(split_rows(inset(grid(), 1), 2))) + x(centre(grow(grid(), -1)))",
        "contains(parts, intersect(first(parts), random_area(grid(), 2, 2))) || inside(random_cell(grid()), last(parts))",
        "w(span(cell(1, 1), cell(4, 2))) + len(parts)",
    ];
    let progs: Vec<_> = exprs
        .iter()
        .map(|e| compile(&parse(e).unwrap(), &S).unwrap())
        .collect();
    let mut st = State::new(10, 8, 1, 4, 0, 0, Rng::new(&RngSpec::Pcg64, 1));
    let a = st.add_room(0, &[Point::new(1, 2)]);
    let b = st.add_room(0, &[Point::new(2, 2)]);
    st.lists[0].extend([a, b]);
    st.value_lists = vec![vec![Value::area(0, 0, 4, 4), Value::area(2, 2, 3, 3)]];
    st.vars[0] = Value::Num(3.0);
    st.vars[1] = Value::Room(a);
    st.vars[2] = Value::Room(b);
    st.vars[3] = Value::Bool(true);
    let before = ALLOCS.with(|c| c.get());
    let mut acc = 0.0;
    for _ in 0..1000 {
        for p in &progs {
            acc += p.eval(&mut st).num();
        }
    }
    let after = ALLOCS.with(|c| c.get());
    assert_eq!(after - before, 0, "evaluation allocated ({acc})");
    // The values are right, too.
    assert_eq!(
        progs[1].eval(&mut st),
        Value::Bool(false),
        "the two rooms are adjacent"
    );
    let v = progs[0].eval(&mut st).num();
    assert!(v == 12.8 || v == 13.8, "{v}");
}

/// Issue 44: spatial queries compute their regions and distance fields once per layer
/// version; asked again they allocate nothing.
#[test]
fn spatial_queries_allocate_only_the_first_time() {
    use undercroft::engine::queries::Walkable;
    use undercroft::engine::tile_set::TileSet;
    use undercroft::lang::compile::{CompileError, WalkOn};
    struct Q;
    impl Scope for Q {
        fn var(&self, _: &str) -> Option<(u16, Type)> {
            None
        }
        fn list(&self, _: &str) -> Option<u16> {
            None
        }
        fn kind(&self, _: &str) -> Option<u16> {
            None
        }
        fn var_names(&self) -> Vec<String> {
            vec![]
        }
        fn list_names(&self) -> Vec<String> {
            vec![]
        }
        fn kind_names(&self) -> Vec<String> {
            vec![]
        }
        fn marker(&self, name: &str) -> Option<u16> {
            (name == "up").then_some(0)
        }
        fn walkable(&self, _: WalkOn<'_>, _: (usize, usize)) -> Result<u16, CompileError> {
            Ok(0)
        }
    }
    let exprs = [
        "walk_distance(marker(up), cell(9, 7))",
        "connected(marker(up), cell(9, 0)) ? 100 : 0",
        "x(farthest(marker(up))) + regions() * 1000 + largest_region() * 10000",
    ];
    let progs: Vec<_> = exprs
        .iter()
        .map(|e| compile(&parse(e).unwrap(), &Q).unwrap())
        .collect();
    // a 10 × 8 open layer with a wall down column 5 from row 1: one region of 73 tiles
    let mut st = State::new(10, 8, 0, 0, 1, 1, Rng::new(&RngSpec::Pcg64, 1));
    st.layer_mut(0).fill(1);
    for y in 1..8 {
        st.grid_mut(0).set(5, y, 0);
    }
    st.markers[0] = Some(Point::new(0, 7));
    st.set_walkables(
        vec![Walkable {
            layer: 0,
            tiles: TileSet::new([1]),
        }]
        .into(),
    );
    let first: Vec<f64> = progs.iter().map(|p| p.eval(&mut st).num()).collect();
    // (0, 7) up to row 0, across, down to (9, 7): 7 + 9 + 7; the farthest is that corner
    assert_eq!(first, vec![23.0, 100.0, 9.0 + 1000.0 + 730000.0]);
    let before = ALLOCS.with(|c| c.get());
    let mut acc = 0.0;
    for _ in 0..1000 {
        for p in &progs {
            acc += p.eval(&mut st).num();
        }
    }
    let after = ALLOCS.with(|c| c.get());
    assert_eq!(after - before, 0, "evaluation allocated ({acc})");
}

#[test]
fn every_shipped_rule_set_loads_and_generates_deterministically() {
    let mut ron = Vec::new();
    files(Path::new("rules"), "ron", &mut ron);
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
                // the theme table, read as it is (only the rule file is truncated)
                Some("diablo.themes") => std::fs::read_to_string(path),
                _ => Err(std::io::Error::new(std::io::ErrorKind::NotFound, "no")),
            }
        }
    }
    let root = Path::new("rules/diablo");
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

/// Every field and variant of what a rule file writes to an operator (each item deriving
/// `Deserialize` in `src/ops/`: `Params` and the structs and enums it holds) has a doc
/// comment (`///`) right above it, attributes aside (issue 8: 14 lacked one).
#[test]
fn every_operator_parameter_is_documented() {
    let mut srcs = Vec::new();
    files(Path::new("src/ops"), "rs", &mut srcs);
    srcs.sort();
    let mut missing = Vec::new();
    let mut checked = 0;
    for path in &srcs {
        let text = std::fs::read_to_string(path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let mut i = 0;
        while i < lines.len() {
            let derive = lines[i].trim_start();
            i += 1;
            if !(derive.starts_with("#[derive(") && derive.contains("Deserialize")) {
                continue;
            }
            // Skip to the item line (more attributes may come between).
            while i < lines.len() && lines[i].trim_start().starts_with("#[") {
                i += 1;
            }
            let Some(item) = lines.get(i) else { break };
            let is_item = |kw: &str| {
                item.starts_with(&format!("pub {kw} ")) || item.starts_with(&format!("{kw} "))
            };
            if !(is_item("struct") || is_item("enum")) || !item.trim_end().ends_with('{') {
                i += 1;
                continue; // tuple structs and unit items have no fields to document
            }
            let name = item
                .split_whitespace()
                .nth(2)
                .unwrap_or("?")
                .trim_end_matches('{');
            let mut depth = 1;
            i += 1;
            while i < lines.len() && depth > 0 {
                let t = lines[i].trim();
                let opens = t.matches('{').count() + t.matches('(').count();
                let closes = t.matches('}').count() + t.matches(')').count();
                let member = !t.is_empty()
                    && !t.starts_with("//")
                    && !t.starts_with("#[")
                    && !t.starts_with('}')
                    && !t.starts_with(')')
                    && t.chars()
                        .next()
                        .is_some_and(|c| c.is_alphabetic() || c == '_');
                if member {
                    checked += 1;
                    let mut j = i - 1;
                    while lines[j].trim_start().starts_with("#[") {
                        j -= 1;
                    }
                    if !lines[j].trim_start().starts_with("///") {
                        missing.push(format!("{}:{}: `{name}`: {t}", path.display(), i + 1));
                    }
                }
                depth = depth + opens - closes.min(depth + opens);
                i += 1;
            }
        }
    }
    assert!(
        checked > 150,
        "only {checked} parameters found: is the scan broken?"
    );
    assert!(
        missing.is_empty(),
        "{} operator parameters have no doc comment:\n{}",
        missing.len(),
        missing.join("\n")
    );
}

/// Whether `s` starts with a width operand: `w`, `width`, `st.width`, `self.m.width()`, ...
/// (an identifier path whose last part is `w` or `width`), not followed by more identifier.
fn is_width_operand(s: &str) -> bool {
    let end = s
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.'))
        .unwrap_or(s.len());
    let path = &s[..end];
    let last = path.rsplit('.').next().unwrap_or("");
    last == "w" || last == "width"
}

/// The hand-written cell-index arithmetic in one line of code, if any: `y * w + x`,
/// `i + w`, `i % width`, `width * y`, ...
fn index_arithmetic(s: &str) -> Option<&'static str> {
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    // the identifier (with `.` paths) just before byte k, ignoring spaces
    let word_before = |k: usize| -> &str {
        let b = s[..k].trim_end();
        let start = b
            .rfind(|c: char| !(ident(c) || c == '.'))
            .map_or(0, |i| i + 1);
        &b[start..]
    };
    for (k, c) in s.char_indices() {
        let rest = s[k + 1..].trim_start();
        match c {
            '*' | '%' | '/' => {
                // a binary operator: an operand before it (not `if *w`, `= *w`, `(*w`)
                let b = s[..k].trim_end();
                let operand = b.ends_with(|c: char| ident(c) || c == ')' || c == ']')
                    && !["if", "in", "return", "match", "else", "let"].contains(&word_before(k));
                let rest = rest.trim_start_matches(['(', ' ']);
                if operand && is_width_operand(rest) {
                    return Some("multiplying or dividing by a width");
                }
                if c == '*' && operand {
                    // `width * y`
                    let w = word_before(k);
                    let last = w.rsplit('.').next().unwrap_or("");
                    let next: String = rest.chars().take_while(|&c| ident(c)).collect();
                    if (last == "w" || last == "width") && next.ends_with('y') {
                        return Some("multiplying a row by a width");
                    }
                }
            }
            // `i + w`: an index stepped by a row
            '+' | '-'
                if is_width_operand(rest)
                    && ["i", "i0", "j", "k", "idx", "index", "row"].contains(&word_before(k)) =>
            {
                return Some("stepping an index by a row");
            }
            _ => {}
        }
    }
    None
}

#[test]
fn index_arithmetic_is_caught() {
    for bad in [
        "let i = (y * w + x) as usize;",
        "layer[((py + y) * st.width + px + x) as usize]",
        "m.search[(y * m.width + x) as usize]",
        "set(i + w) * wc + set(i + w + 1)",
        "stack.push([start as i32 % w, start as i32 / w]);",
        "let i = width * cy + cx;",
        "g.data[(y * g.width() + x) as usize]",
    ] {
        assert!(index_arithmetic(bad).is_some(), "not caught: {bad}");
    }
    for ok in [
        "if x < 0 || x + w > st.width { return false; }",
        "let n = (w * h) as usize;",
        "let x2 = x + w;",
        "rx = w / 2 + x - cw / 2;",
        "let k = set(x, y) * wa + set(x + 1, y) * wb;",
        "Some(i) if *w > 0.0 && w.is_finite() => wanted.push((i, *w)),",
    ] {
        assert_eq!(index_arithmetic(ok), None, "false alarm: {ok}");
    }
}

/// No operator computes a cell index itself: grid indexing lives in `src/engine/grid.rs`
/// (`Grid`/`GridMut` views, `Rect`, `Flood`, ...), issue 8.
#[test]
fn no_operator_computes_a_cell_index() {
    let mut srcs = Vec::new();
    files(Path::new("src/ops"), "rs", &mut srcs);
    srcs.sort();
    assert!(srcs.len() > 10);
    let mut found = Vec::new();
    for p in srcs {
        for (i, line) in std::fs::read_to_string(&p).unwrap().lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            if code.trim_start().starts_with("#[cfg(test)]") {
                break;
            }
            if let Some(what) = index_arithmetic(code) {
                found.push(format!(
                    "{}:{}: {what}: {}",
                    p.display(),
                    i + 1,
                    line.trim()
                ));
            }
        }
    }
    assert!(
        found.is_empty(),
        "cell-index arithmetic in operators (use the grid toolkit, src/engine/grid.rs):\n{}",
        found.join("\n")
    );
}
