//! Room pools of a rule set: reading and checking the pool files named in `pools: {...}`
//! (grammar `lang/pool.pest`) against the rule set's shapes and room kinds (the checks are in
//! `ruleset::pool_check`).
//!
//! Checks, each reported at file:line:col of the pool file and naming pool and layout:
//! unknown shape or room kind, a door slot the shape does not have, a door slot whose door
//! tile is covered by a `solid` glyph, a ragged row, an unknown glyph, an interior of the
//! wrong size for its shape, tiles of a shape cell drawn as `outside` (or of an L shape's
//! empty notch drawn as anything else), duplicate names.

use super::diag::Diagnostic;
use super::files::{LoadedFile, Reader};
use super::src::{Literals, Src};
use crate::engine::shape::Slot;
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
            literals: Literals::default(),
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

/// The tile `[x, y]` of a door slot inside a layout: the middle of the slot's cell side.
pub fn door_tile(s: &Slot, cell: [i32; 2]) -> [i32; 2] {
    let along = |d: i32, n: i32| match d {
        1 => n - 1,
        -1 => 0,
        _ => n / 2,
    };
    [
        s.cell.x * cell[0] + along(s.dir.dx(), cell[0]),
        s.cell.y * cell[1] + along(s.dir.dy(), cell[1]),
    ]
}
