//! The data tables of the Cathedral, read once from rules/diablo/cathedral.pat (untimed) into
//! plain arrays, and the fix-up rule pass that walks them.

use super::{Map, N};
use undercroft::lang::pattern::{parse_patterns, Cell, FixRule, ItemKind, PatternFile};

/// One neighbour rule: at a cell whose tile (or its class) is a head, when every test
/// `(dx, dy, equal, value)` holds (neighbours outside the grid never match), write
/// `(dx, dy, tile)` (outside the grid skipped; with `unprotected`, protected cells skipped).
pub struct Rule {
    /// `tests[..n_tests]`, `writes[..n_writes]`.
    tests: [(i32, i32, bool, u8); 3],
    n_tests: usize,
    writes: [(i32, i32, u8); 3],
    n_writes: usize,
    unprotected: bool,
}

/// A raster pass of rules tried in list order at each cell, each re-reading the tiles.
pub struct Rules {
    rules: Vec<Rule>,
    /// The class each tile compares as (identity without a class table).
    class: [u8; 256],
    /// Per tile id: the rules whose head its class is, ascending (`list[from[t]..from[t+1]]`).
    from: [u16; 257],
    list: Vec<u16>,
}

impl Rules {
    fn new(rules: &[FixRule], class: Option<&[u8; 256]>) -> Rules {
        let mut identity = [0u8; 256];
        for (t, c) in identity.iter_mut().enumerate() {
            *c = t as u8;
        }
        let class = *class.unwrap_or(&identity);
        let (mut from, mut list) = ([0u16; 257], Vec::new());
        for t in 0..256 {
            from[t] = list.len() as u16;
            for (i, r) in rules.iter().enumerate() {
                if r.heads.is_empty() || r.heads.contains(&(class[t] as u16)) {
                    list.push(i as u16);
                }
            }
        }
        from[256] = list.len() as u16;
        let rules = rules
            .iter()
            .map(|r| {
                assert!(r.picks.is_empty() && r.tests.len() <= 3 && r.actions.len() <= 3);
                let near = |dx: i32, dy: i32| dx.abs() <= 1 && dy.abs() <= 1;
                assert!(r.tests.iter().all(|t| near(t.dx, t.dy)));
                assert!(r.actions.iter().all(|&(dx, dy, _)| near(dx, dy)));
                let mut rule = Rule {
                    tests: [(0, 0, false, 0); 3],
                    n_tests: r.tests.len(),
                    writes: [(0, 0, 0); 3],
                    n_writes: r.actions.len(),
                    unprotected: r.unprotected,
                };
                for (k, t) in r.tests.iter().enumerate() {
                    rule.tests[k] = (t.dx, t.dy, t.equal, t.value as u8);
                }
                for (k, &(x, y, t)) in r.actions.iter().enumerate() {
                    rule.writes[k] = (x, y, t as u8);
                }
                rule
            })
            .collect();
        Rules {
            rules,
            class,
            from,
            list,
        }
    }

    /// One raster pass over the cells `x0..x1` × `y0..y1`.
    pub fn run(&self, m: &mut Map, (x0, y0, x1, y1): (i32, i32, i32, i32)) {
        for y in y0..y1 {
            for x in x0..x1 {
                let i = (y * N + x) as usize;
                // every offset is within one cell: inside the rim, no bounds checks
                let inner = x > 0 && y > 0 && x < N - 1 && y < N - 1;
                let mut t = m.t[i] as usize;
                let mut k = self.from[t] as usize;
                while k < self.from[t + 1] as usize {
                    let ri = self.list[k];
                    k += 1;
                    let r = &self.rules[ri as usize];
                    let tests = &r.tests[..r.n_tests];
                    let holds = if inner {
                        tests.iter().all(|&(dx, dy, eq, v)| {
                            let n = m.t[(i as i32 + dy * N + dx) as usize];
                            (self.class[n as usize] == v) == eq
                        })
                    } else {
                        tests.iter().all(|&(dx, dy, eq, v)| {
                            m.get(x + dx, y + dy)
                                .is_some_and(|n| (self.class[n as usize] == v) == eq)
                        })
                    };
                    if !holds {
                        continue;
                    }
                    for &(dx, dy, v) in &r.writes[..r.n_writes] {
                        let (nx, ny) = (x + dx, y + dy);
                        if !inner && (!(0..N).contains(&nx) || !(0..N).contains(&ny)) {
                            continue;
                        }
                        let j = (ny * N + nx) as usize;
                        if !(r.unprotected && m.prot[j] != 0) {
                            m.t[j] = v;
                        }
                    }
                    if m.t[i] as usize != t {
                        // the cell changed: the new tile's rules after this one
                        t = m.t[i] as usize;
                        let list = &self.list[self.from[t] as usize..self.from[t + 1] as usize];
                        k = self.from[t] as usize + list.partition_point(|&j| j <= ri);
                    }
                }
            }
        }
    }
}

/// A miniset: `search` (-1 = any tile) and `replace` (-1 = leave), row-major.
pub struct Miniset {
    pub w: i32,
    pub h: i32,
    pub search: Vec<i16>,
    pub replace: Vec<i16>,
}

/// Every table the level reads.
pub struct Tables {
    pub fix_tiles: [Rules; 3],
    pub fix_dirt: Rules,
    pub fix_corner: Rules,
    pub shadows: Rules,
    pub shadow_fences: Rules,
    pub stairs_up: Miniset,
    pub stairs_down: Miniset,
    pub lamps: Miniset,
    /// Substitution class per tile id (`TileDecorations`, 0 past its end).
    pub decoration: [u8; 256],
    /// Per class: its members in ascending tile-id order.
    pub members: Vec<Vec<u8>>,
    /// The glyph classes the theme measures read: floor (clear), arch (open), stairs.
    pub clear: [bool; 256],
    pub arch: [bool; 256],
    pub stairs: [bool; 256],
}

impl Tables {
    /// Reads rules/diablo/cathedral.pat under the crate root `root`.
    pub fn load(root: &std::path::Path) -> Tables {
        let text = std::fs::read_to_string(root.join("rules/diablo/cathedral.pat")).unwrap();
        let pat = parse_patterns(&text).unwrap_or_else(|e| panic!("{e:?}"));
        let table = |name: &str| -> [u8; 256] {
            let mut out = [0u8; 256];
            match &pat.get(name).unwrap().kind {
                ItemKind::Table(v) => v.iter().zip(&mut out).for_each(|(&a, o)| *o = a as u8),
                _ => panic!("{name}"),
            }
            out
        };
        let set = |name: &str| -> [bool; 256] {
            let mut out = [false; 256];
            match &pat.get(name).unwrap().kind {
                ItemKind::Table(v) => v.iter().for_each(|&a| out[a as usize] = true),
                _ => panic!("{name}"),
            }
            out
        };
        let rules =
            |name: &str, class: Option<&[u8; 256]>| Rules::new(fix_rules(&pat, name), class);
        let base = table("BaseTypes");
        let decoration = table("TileDecorations");
        let mut members = vec![Vec::new(); 256];
        for (t, &c) in decoration.iter().enumerate() {
            if c != 0 {
                members[c as usize].push(t as u8);
            }
        }
        Tables {
            fix_tiles: [1, 2, 3].map(|k| rules(&format!("FixTilesPatterns_{k}"), None)),
            fix_dirt: rules("FixDirtTiles", None),
            fix_corner: rules("FixCornerTiles", None),
            shadows: rules("ShadowPatterns", Some(&base)),
            shadow_fences: rules("ShadowFences", None),
            stairs_up: miniset(&pat, "L5STAIRSUP"),
            stairs_down: miniset(&pat, "STAIRSDOWN"),
            lamps: miniset(&pat, "LAMPS"),
            decoration,
            members,
            clear: set("glyph_floor"),
            arch: set("glyph_arch"),
            stairs: set("glyph_stairs"),
        }
    }
}

fn fix_rules<'a>(pat: &'a PatternFile, name: &str) -> &'a [FixRule] {
    match &pat.get(name).unwrap().kind {
        ItemKind::Rules(r) => r,
        _ => panic!("{name}"),
    }
}

fn miniset(pat: &PatternFile, name: &str) -> Miniset {
    let ItemKind::Miniset(m) = &pat.get(name).unwrap().kind else {
        panic!("{name}")
    };
    Miniset {
        w: m.width,
        h: m.height,
        search: m
            .search
            .iter()
            .map(|c| match c {
                Cell::Any => -1,
                Cell::Tile(t) => *t as i16,
                Cell::Set(_) => panic!("{name}: a set cell"),
            })
            .collect(),
        replace: m
            .replace
            .iter()
            .map(|r| r.map_or(-1, |t| t as i16))
            .collect(),
    }
}
