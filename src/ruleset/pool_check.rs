//! Checking parsed pool files against the rule set's shapes and room kinds (the checks the
//! [`super::pools`] module lists), making the pools and their layouts.

use super::pools::{door_tile, Glyph, Layout, Pool, PoolSources};
use crate::engine::point::Point;
use crate::engine::shape::Shape;
use crate::lang::nearest;
use crate::lang::pool::{LayoutSyntax, PoolSyntax};
use crate::ruleset::diag::Diagnostic;
use crate::ruleset::files::LoadedFile;

/// Check the parsed pools against the shapes and room kinds; returns pools and layouts.
/// A layout with a problem is reported and left out; a pool whose cell size is wrong, or
/// that could not be read, is kept empty (so steps naming it raise no second error).
pub fn compile_pools(
    src: PoolSources,
    shapes: &[Shape],
    kinds: &[String],
    files: &[LoadedFile],
    diags: &mut Vec<Diagnostic>,
) -> (Vec<Pool>, Vec<Layout>) {
    let mut pools: Vec<Pool> = src.broken.iter().map(|n| empty(n.clone())).collect();
    let mut layouts: Vec<Layout> = Vec::new();
    for (name, file, p) in &src.parsed {
        let mut ck = PoolCheck {
            file: &files[*file as usize],
            diags: &mut *diags,
            pool: &name.text,
            syntax: p,
            cell: [1, 1],
            shapes,
            kinds,
        };
        ck.check_name();
        let Some(cell) = ck.cell_size() else {
            continue;
        };
        ck.cell = cell;
        ck.check_legend();
        let first = layouts.len() as u32;
        for l in &p.layouts {
            let full = format!("{}/{}", name.text, l.name.0);
            if layouts[first as usize..].iter().any(|o| o.name == full) {
                let at = ck.at(l);
                ck.err(l.name.1, format!("{at}: the name is used twice"), None);
                continue;
            }
            if let Some(mut layout) = ck.layout(l) {
                (layout.name, layout.pool, layout.file) = (full, pools.len() as u16, *file);
                layouts.push(layout);
            }
        }
        let legend = p.legend.iter().map(|g| Glyph {
            glyph: g.glyph,
            meaning: g.meaning.clone(),
            solid: g.solid,
            outside: g.outside,
        });
        pools.push(Pool {
            name: name.text.clone(),
            cell,
            legend: legend.collect(),
            first,
            count: layouts.len() as u32 - first,
        });
    }
    (pools, layouts)
}

/// A pool of no layouts.
fn empty(name: String) -> Pool {
    Pool {
        name,
        cell: [1, 1],
        legend: Vec::new(),
        first: 0,
        count: 0,
    }
}

/// One pool file being checked: where its messages go and what its checks read.
struct PoolCheck<'a> {
    file: &'a LoadedFile,
    diags: &'a mut Vec<Diagnostic>,
    /// The pool's name in the rule file.
    pool: &'a str,
    syntax: &'a PoolSyntax,
    /// Tiles per room cell `[columns, rows]` (once checked).
    cell: [i32; 2],
    shapes: &'a [Shape],
    kinds: &'a [String],
}

impl<'a> PoolCheck<'a> {
    /// Report a problem at byte range `span` of the pool file.
    fn err(&mut self, span: (usize, usize), m: String, help: Option<String>) {
        let f = self.file;
        self.diags
            .push(Diagnostic::at(&f.path, &f.text, span, m, help));
    }

    /// How messages name layout `l`.
    fn at(&self, l: &LayoutSyntax) -> String {
        format!("pool `{}`, layout `{}`", self.pool, l.name.0)
    }

    /// The file's `pool "name"` must be the rule file's name for it.
    fn check_name(&mut self) {
        let (written, span) = &self.syntax.name;
        if written != self.pool {
            let (m, help) = (
                format!(
                    "this pool file is `{written}` but the rule file calls it `{}`",
                    self.pool
                ),
                format!("write `pool \"{}\"`", self.pool),
            );
            self.err(*span, m, Some(help));
        }
    }

    /// The cell size, 1..=64 tiles each way (else reported: `None`).
    fn cell_size(&mut self) -> Option<[i32; 2]> {
        let (cw, ch, span) = self.syntax.cell;
        if !(1..=64).contains(&cw) || !(1..=64).contains(&ch) {
            let m = format!(
                "pool `{}`: cell size must be 1..=64 tiles each way",
                self.pool
            );
            self.err(span, m, None);
            return None;
        }
        Some([cw as i32, ch as i32])
    }

    /// Each glyph defined once, and not both solid and outside.
    fn check_legend(&mut self) {
        let legend = &self.syntax.legend;
        for (i, g) in legend.iter().enumerate() {
            if legend[..i].iter().any(|o| o.glyph == g.glyph) {
                let m = format!("pool `{}`: glyph '{}' is defined twice", self.pool, g.glyph);
                self.err(g.span, m, None);
            }
            if g.solid && g.outside {
                let m = format!(
                    "pool `{}`: glyph '{}' cannot be both solid and outside",
                    self.pool, g.glyph
                );
                self.err(g.span, m, None);
            }
        }
    }

    /// Layout `l` checked (its name, pool and file for the caller to set), or `None` with
    /// its problems reported.
    fn layout(&mut self, l: &LayoutSyntax) -> Option<Layout> {
        let at = self.at(l);
        let (si, sh) = self.shape(l, &at)?;
        let (doors, doors_ok) = self.doors(l, sh, &at);
        let (kinds, kinds_ok) = self.kinds(l, &at);
        let (weight, weight_ok) = self.weight(l, &at);
        let grid_ok = self.interior(l, sh, &at)?;
        let tiles_ok = grid_ok && self.door_tiles_clear(l, sh, doors, &at);
        if !(doors_ok && kinds_ok && weight_ok && tiles_ok) {
            return None;
        }
        Some(Layout {
            name: String::new(),
            pool: 0,
            shape: si as u16,
            doors,
            kinds,
            difficulty: l.difficulty.map_or(1, |d| d.0),
            weight,
            rows: l.rows.iter().map(|r| r.0.clone()).collect(),
            file: 0,
            doors_span: l.doors_span,
        })
    }

    /// The layout's shape: its index and itself (else reported: `None`).
    fn shape(&mut self, l: &LayoutSyntax, at: &str) -> Option<(usize, &'a Shape)> {
        let shapes = self.shapes;
        let Some((sname, sspan)) = &l.shape else {
            self.err(l.name.1, format!("{at}: missing `shape \"...\"`"), None);
            return None;
        };
        let Some(si) = shapes.iter().position(|s| s.name == *sname) else {
            let help = nearest(sname, shapes.iter().map(|s| s.name.as_str()))
                .map(|n| format!("did you mean `{n}`?"))
                .unwrap_or_else(|| "declare shapes in the rule file's `shapes: [...]`".into());
            self.err(*sspan, format!("{at}: unknown shape `{sname}`"), Some(help));
            return None;
        };
        Some((si, &shapes[si]))
    }

    /// The bit per door slot of `sh` the layout offers; whether every slot it names is one.
    fn doors(&mut self, l: &LayoutSyntax, sh: &Shape, at: &str) -> (u32, bool) {
        let (mut doors, mut ok) = (0u32, true);
        for (d, dspan) in &l.doors {
            match sh.slots.iter().position(|s| s.name == *d) {
                Some(k) => doors |= 1 << k,
                None => {
                    ok = false;
                    let names: Vec<&str> = sh.slots.iter().map(|s| s.name.as_str()).collect();
                    let sname = &sh.name;
                    self.err(
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
        (doors, ok)
    }

    /// The bit per room kind the layout serves; whether it names some and all are kinds.
    fn kinds(&mut self, l: &LayoutSyntax, at: &str) -> (u64, bool) {
        let kinds = self.kinds;
        let (mut mask, mut ok) = (0u64, true);
        for (k, kspan) in &l.kinds {
            match kinds.iter().position(|n| n == k) {
                Some(i) if i < 64 => mask |= 1 << i,
                _ => {
                    ok = false;
                    let names: Vec<&str> = kinds.iter().map(|s| s.as_str()).collect();
                    let help = crate::lang::nearest::suggest(k, &names, "room kinds");
                    self.err(*kspan, format!("{at}: unknown room kind `{k}`"), Some(help));
                }
            }
        }
        if l.kinds.is_empty() {
            ok = false;
            let m = format!("{at}: missing `kinds [...]` (the room kinds it serves)");
            self.err(l.name.1, m, None);
        }
        (mask, ok)
    }

    /// The layout's weight (default 1); whether it is a positive number.
    fn weight(&mut self, l: &LayoutSyntax, at: &str) -> (f64, bool) {
        let Some((w, wspan)) = l.weight else {
            return (1.0, true);
        };
        let ok = w > 0.0 && w.is_finite();
        if !ok {
            let m = format!("{at}: the weight must be a positive number");
            self.err(wspan, m, None);
        }
        (w, ok)
    }

    /// Check the interior's tiles against the shape: `None` when it has the wrong number
    /// of rows (nothing else checked), else whether every row has the shape's width, every
    /// glyph is in the legend, and `outside` glyphs mark exactly the tiles outside the
    /// shape (one message per cell).
    fn interior(&mut self, l: &LayoutSyntax, sh: &Shape, at: &str) -> Option<bool> {
        let [cw, ch] = self.cell;
        let (tw, th) = (sh.size[0] * cw, sh.size[1] * ch);
        let sname = &sh.name;
        if l.rows.len() != th as usize {
            let m = format!(
                "{at}: the interior has {} rows; shape `{sname}` ({}x{} cells of {cw}x{ch} tiles) needs {th}",
                l.rows.len(),
                sh.size[0],
                sh.size[1]
            );
            self.err(l.interior_span, m, None);
            return None;
        }
        let mut ok = true;
        let mut bad_cells: Vec<Point> = Vec::new();
        for (y, (row, rspan)) in l.rows.iter().enumerate() {
            let n = row.chars().count();
            if n != tw as usize {
                ok = false;
                self.err(
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
                let Some(g) = self.syntax.legend.iter().find(|g| g.glyph == c) else {
                    ok = false;
                    self.err(
                        pos,
                        format!("{at}: unknown glyph '{c}'"),
                        Some("add it to the pool's `legend { ... }`".into()),
                    );
                    continue;
                };
                let cell = Point::new(x as i32 / cw, y as i32 / ch);
                let inside = sh.has_cell(cell);
                if inside != g.outside {
                    continue;
                }
                ok = false;
                if bad_cells.contains(&cell) {
                    continue;
                }
                bad_cells.push(cell);
                let m = if inside {
                    format!("{at}: '{c}' marks tiles outside the shape, but cell ({}, {}) is part of shape `{sname}`", cell.x, cell.y)
                } else {
                    format!("{at}: cell ({}, {}) is not part of shape `{sname}`; draw it with an `outside` glyph", cell.x, cell.y)
                };
                self.err(pos, m, None);
            }
        }
        Some(ok)
    }

    /// Whether no door tile of the slots `doors` holds a solid glyph (each one that does
    /// reported). The interior must have passed [`PoolCheck::interior`].
    fn door_tiles_clear(&mut self, l: &LayoutSyntax, sh: &Shape, doors: u32, at: &str) -> bool {
        let mut ok = true;
        for (k, s) in sh.slots.iter().enumerate() {
            if doors >> k & 1 == 0 {
                continue;
            }
            let [tx, ty] = door_tile(s, self.cell);
            let (row, rspan) = &l.rows[ty as usize];
            let (off, c) = row.char_indices().nth(tx as usize).expect("checked width");
            if self.syntax.legend.iter().any(|g| g.glyph == c && g.solid) {
                ok = false;
                self.err(
                    (rspan.0 + off, rspan.0 + off + c.len_utf8()),
                    format!("{at}: door slot `{}` is blocked: its door tile holds the solid glyph '{c}'", s.name),
                    Some("keep door tiles clear, or drop the slot from `doors [...]`".into()),
                );
            }
        }
        ok
    }
}
