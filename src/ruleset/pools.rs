//! Room pools of a rule set: reading and checking the pool files named in `pools: {...}`
//! (grammar `lang/pool.pest`) against the rule set's shapes and room kinds.
//!
//! Checks, each reported at file:line:col of the pool file and naming pool and layout:
//! unknown shape or room kind, a door slot the shape does not have, a door slot whose door
//! tile is covered by a `solid` glyph, a ragged row, an unknown glyph, an interior of the
//! wrong size for its shape, tiles of a shape cell drawn as `outside` (or of an L shape's
//! empty notch drawn as anything else), duplicate names.

use super::diag::Diagnostic;
use super::files::{LoadedFile, Reader};
use super::src::{Literals, Src};
use crate::engine::shape::{Shape, Slot};
use crate::lang::nearest;
use crate::lang::pool::{parse_pool, PoolSyntax};
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

/// A legend entry of a pool.
#[derive(Debug, Clone)]
pub struct Glyph {
    /// The character in interiors.
    pub glyph: char,
    /// What it stands for (e.g. "rock").
    pub meaning: String,
    /// May not cover a door tile.
    pub solid: bool,
    /// Marks tiles outside the shape (an L shape's notch).
    pub outside: bool,
}

/// A room pool: a legend and a run of [`Layout`]s in [`super::RuleSet::layouts`], in file
/// order (which is the easy-to-hard order windows index into).
#[derive(Debug, Clone)]
pub struct Pool {
    /// The pool's name in rule files.
    pub name: String,
    /// Tiles per grid cell `[columns, rows]`.
    pub cell: [i32; 2],
    /// The glyphs of its interiors.
    pub legend: Vec<Glyph>,
    /// Index of the first layout in the rule set's layout table.
    pub first: u32,
    /// How many layouts it has (from `first`).
    pub count: u32,
}

/// A room layout from a pool.
#[derive(Debug, Clone)]
pub struct Layout {
    /// `pool/layout`.
    pub name: String,
    /// The pool it belongs to.
    pub pool: u16,
    /// The shape it furnishes.
    pub shape: u16,
    /// Bit per door slot of the shape that the layout supports.
    pub doors: u32,
    /// Bit per room kind it may serve.
    pub kinds: u64,
    /// Its difficulty.
    pub difficulty: i64,
    /// Its weight in weighted picks.
    pub weight: f64,
    /// Tile rows, top first; `size * cell` tiles.
    pub rows: Vec<String>,
    /// Where it is written: file index and the span of its doors field.
    pub file: u16,
    /// Byte range of its `doors [...]` in the pool file, for messages.
    pub doors_span: (usize, usize),
}

/// Pool files read from disk (or memory), not yet checked.
pub struct PoolSources {
    pub(crate) parsed: Vec<(Src, u16, PoolSyntax)>,
    /// Pools that could not be read or parsed (already reported).
    pub(crate) broken: Vec<String>,
}

/// Read and parse every pool file named in `pools`, adding the files to `files`.
pub fn read_pools(
    pools: &BTreeMap<Src, Src>,
    reader: &dyn Reader,
    files: &mut Vec<LoadedFile>,
    diags: &mut Vec<Diagnostic>,
) -> PoolSources {
    let mut parsed = Vec::new();
    let mut broken = Vec::new();
    for (name, path_src) in pools {
        let (base, decl_file) = match files.get(path_src.file as usize) {
            Some(f) => (
                f.path.parent().unwrap_or(Path::new(".")).to_path_buf(),
                Some(f),
            ),
            None => (Path::new(".").to_path_buf(), None),
        };
        let path = base.join(&path_src.text);
        let text = match reader.read_as(&path, crate::input::Kind::Pool) {
            Ok(t) => t,
            Err(e) => {
                let d = match decl_file.and_then(|f| {
                    f.literals
                        .find(&path_src.text, path_src.ordinal)
                        .map(|o| (f, o))
                }) {
                    Some((f, off)) => Diagnostic::at(
                        &f.path,
                        &f.text,
                        (off, off + path_src.text.len()),
                        format!("cannot read pool file {}: {e}", path.display()),
                        Some("pool paths are relative to the rule file that names them".into()),
                    ),
                    None => Diagnostic::whole(&path, format!("cannot read pool file: {e}"), None),
                };
                diags.push(d);
                broken.push(name.text.clone());
                continue;
            }
        };
        let text: Arc<str> = Arc::from(text);
        let id = files.len() as u16;
        files.push(LoadedFile {
            path: path.clone(),
            text: text.clone(),
            literals: Literals::scan(""),
        });
        match parse_pool(&text) {
            Ok(p) => parsed.push((name.clone(), id, p)),
            Err(e) => {
                broken.push(name.text.clone());
                diags.push(Diagnostic::at(
                    &path,
                    &text,
                    e.span,
                    format!("pool `{}`: {}", name.text, e.message),
                    None,
                ))
            }
        }
    }
    PoolSources { parsed, broken }
}

/// Check the parsed pools against the shapes and room kinds; returns pools and layouts.
pub fn compile_pools(
    src: PoolSources,
    shapes: &[Shape],
    kinds: &[String],
    files: &[LoadedFile],
    diags: &mut Vec<Diagnostic>,
) -> (Vec<Pool>, Vec<Layout>) {
    let mut pools = Vec::new();
    let mut layouts: Vec<Layout> = Vec::new();
    // A broken pool is kept, empty, so that steps naming it raise no second error.
    for name in &src.broken {
        pools.push(Pool {
            name: name.clone(),
            cell: [1, 1],
            legend: Vec::new(),
            first: 0,
            count: 0,
        });
    }
    for (name, file, p) in src.parsed {
        let f = &files[file as usize];
        let mut err = |span: (usize, usize), m: String, help: Option<String>| {
            diags.push(Diagnostic::at(&f.path, &f.text, span, m, help));
        };
        let pool = name.text.clone();
        if p.name.0 != pool {
            err(
                p.name.1,
                format!(
                    "this pool file is `{}` but the rule file calls it `{pool}`",
                    p.name.0
                ),
                Some(format!("write `pool \"{pool}\"`")),
            );
        }
        let (cw, ch, cs) = p.cell;
        if !(1..=64).contains(&cw) || !(1..=64).contains(&ch) {
            err(
                cs,
                format!("pool `{pool}`: cell size must be 1..=64 tiles each way"),
                None,
            );
            continue;
        }
        let (cw, ch) = (cw as i32, ch as i32);
        for (i, g) in p.legend.iter().enumerate() {
            if p.legend[..i].iter().any(|o| o.glyph == g.glyph) {
                err(
                    g.span,
                    format!("pool `{pool}`: glyph '{}' is defined twice", g.glyph),
                    None,
                );
            }
            if g.solid && g.outside {
                err(
                    g.span,
                    format!(
                        "pool `{pool}`: glyph '{}' cannot be both solid and outside",
                        g.glyph
                    ),
                    None,
                );
            }
        }
        let first = layouts.len() as u32;
        for l in &p.layouts {
            let lname = &l.name.0;
            let at = format!("pool `{pool}`, layout `{lname}`");
            if layouts[first as usize..]
                .iter()
                .any(|o| o.name == format!("{pool}/{lname}"))
            {
                err(l.name.1, format!("{at}: the name is used twice"), None);
                continue;
            }
            let Some((sname, sspan)) = &l.shape else {
                err(l.name.1, format!("{at}: missing `shape \"...\"`"), None);
                continue;
            };
            let Some(si) = shapes.iter().position(|s| s.name == *sname) else {
                let help = nearest(sname, shapes.iter().map(|s| s.name.as_str()))
                    .map(|n| format!("did you mean `{n}`?"))
                    .unwrap_or_else(|| "declare shapes in the rule file's `shapes: [...]`".into());
                err(*sspan, format!("{at}: unknown shape `{sname}`"), Some(help));
                continue;
            };
            let sh = &shapes[si];
            let mut ok = true;
            let mut doors = 0u32;
            for (d, dspan) in &l.doors {
                match sh.slots.iter().position(|s| s.name == *d) {
                    Some(k) => doors |= 1 << k,
                    None => {
                        ok = false;
                        let names: Vec<&str> = sh.slots.iter().map(|s| s.name.as_str()).collect();
                        err(
                            *dspan,
                            format!("{at}: door slot `{d}` is not a slot of shape `{sname}`"),
                            Some(format!(
                                "shape `{sname}` has the slots: {}",
                                names.join(" ")
                            )),
                        );
                    }
                }
            }
            let mut kmask = 0u64;
            for (k, kspan) in &l.kinds {
                match kinds.iter().position(|n| n == k) {
                    Some(i) if i < 64 => kmask |= 1 << i,
                    _ => {
                        ok = false;
                        let help = nearest(k, kinds.iter().map(|s| s.as_str()))
                            .map(|n| format!("did you mean `{n}`?"))
                            .unwrap_or_else(|| format!("the room kinds are: {}", kinds.join(", ")));
                        err(*kspan, format!("{at}: unknown room kind `{k}`"), Some(help));
                    }
                }
            }
            if l.kinds.is_empty() {
                ok = false;
                err(
                    l.name.1,
                    format!("{at}: missing `kinds [...]` (the room kinds it serves)"),
                    None,
                );
            }
            let weight = l.weight.map_or(1.0, |w| w.0);
            if let Some((w, wspan)) = l.weight {
                if !(w > 0.0 && w.is_finite()) {
                    ok = false;
                    err(
                        wspan,
                        format!("{at}: the weight must be a positive number"),
                        None,
                    );
                }
            }
            let (tw, th) = (sh.size[0] * cw, sh.size[1] * ch);
            if l.rows.len() != th as usize {
                err(
                    l.interior_span,
                    format!(
                        "{at}: the interior has {} rows; shape `{sname}` ({}x{} cells of {cw}x{ch} tiles) needs {th}",
                        l.rows.len(),
                        sh.size[0],
                        sh.size[1]
                    ),
                    None,
                );
                continue;
            }
            let mut grid_ok = true;
            let mut bad_cells: Vec<[i32; 2]> = Vec::new();
            for (y, (row, rspan)) in l.rows.iter().enumerate() {
                let n = row.chars().count();
                if n != tw as usize {
                    grid_ok = false;
                    err(
                        *rspan,
                        format!(
                            "{at}: row {} has {n} tiles; shape `{sname}` needs {tw}",
                            y + 1
                        ),
                        Some("every row of an interior has the same width".into()),
                    );
                    continue;
                }
                for (x, (off, c)) in row.char_indices().enumerate() {
                    let pos = (rspan.0 + off, rspan.0 + off + c.len_utf8());
                    let Some(g) = p.legend.iter().find(|g| g.glyph == c) else {
                        grid_ok = false;
                        err(
                            pos,
                            format!("{at}: unknown glyph '{c}'"),
                            Some("add it to the pool's `legend { ... }`".into()),
                        );
                        continue;
                    };
                    let cell = [x as i32 / cw, y as i32 / ch];
                    let inside = sh.has_cell(cell);
                    if inside == g.outside {
                        grid_ok = false;
                        if bad_cells.contains(&cell) {
                            continue;
                        }
                        bad_cells.push(cell);
                        err(
                            pos,
                            if inside {
                                format!("{at}: '{c}' marks tiles outside the shape, but cell ({}, {}) is part of shape `{sname}`", cell[0], cell[1])
                            } else {
                                format!("{at}: cell ({}, {}) is not part of shape `{sname}`; draw it with an `outside` glyph", cell[0], cell[1])
                            },
                            None,
                        );
                    }
                }
            }
            if grid_ok {
                for (k, s) in sh.slots.iter().enumerate() {
                    if doors >> k & 1 == 0 {
                        continue;
                    }
                    let [tx, ty] = door_tile(s, [cw, ch]);
                    let row = &l.rows[ty as usize].0;
                    let (off, c) = row.char_indices().nth(tx as usize).expect("checked width");
                    if p.legend.iter().any(|g| g.glyph == c && g.solid) {
                        ok = false;
                        let rspan = l.rows[ty as usize].1;
                        err(
                            (rspan.0 + off, rspan.0 + off + c.len_utf8()),
                            format!("{at}: door slot `{}` is blocked: its door tile holds the solid glyph '{c}'", s.name),
                            Some("keep door tiles clear, or drop the slot from `doors [...]`".into()),
                        );
                    }
                }
            }
            if !(ok && grid_ok) {
                continue;
            }
            layouts.push(Layout {
                name: format!("{pool}/{lname}"),
                pool: pools.len() as u16,
                shape: si as u16,
                doors,
                kinds: kmask,
                difficulty: l.difficulty.map_or(1, |d| d.0),
                weight,
                rows: l.rows.iter().map(|r| r.0.clone()).collect(),
                file,
                doors_span: l.doors_span,
            });
        }
        pools.push(Pool {
            name: pool,
            cell: [cw, ch],
            legend: p
                .legend
                .iter()
                .map(|g| Glyph {
                    glyph: g.glyph,
                    meaning: g.meaning.clone(),
                    solid: g.solid,
                    outside: g.outside,
                })
                .collect(),
            first,
            count: layouts.len() as u32 - first,
        });
    }
    (pools, layouts)
}

/// The tile `[x, y]` of a door slot inside a layout: the middle of the slot's cell side.
pub fn door_tile(s: &Slot, cell: [i32; 2]) -> [i32; 2] {
    let along = |d: i32, n: i32| match d {
        1 => n - 1,
        -1 => 0,
        _ => n / 2,
    };
    [
        s.cell[0] * cell[0] + along(s.dir[0], cell[0]),
        s.cell[1] * cell[1] + along(s.dir[1], cell[1]),
    ]
}
