//! Stage 2 of loading: a [`RuleSet`] made of a merged rule file ([`Merged`], what stage 1,
//! [`Loader`], read): the grid, the room kinds and themes, shapes and pools, parameters,
//! the rule files `select` chooses among, then the steps, glyphs and measures. Every
//! problem found is reported together, in that order.

use super::compile::Cx;
use super::diag::{Diagnostic, Diagnostics};
use super::files::{self, Reader};
use super::glyphs::{self, compile_glyphs, TileGlyphs};
use super::load::{self, LoadedFile, Loader, Merged};
use super::params::{ParamInfo, ParamKind};
use super::schema::{self, ParamDef};
use super::src::Src;
use super::{patch, pool_check, pools, reach, shapes, stats, steps, walkables};
use super::{RuleSet, MAX_SELECT_DEPTH};
use crate::engine::value::{Type, Value};
use crate::interpreter::{Procedure, Step};
use crate::lang::Program;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

mod kinds;
use kinds::{check_colours, room_kinds};

/// What a rule set runs, and how its dungeons are drawn and measured.
struct Body {
    steps: Vec<Step>,
    procedures: Vec<Procedure>,
    tile_glyphs: Option<TileGlyphs>,
    marker_styles: Vec<crate::dungeon::MarkerStyle>,
    stats: crate::stats::StatsSpec,
    walkables: Arc<[crate::engine::queries::Walkable]>,
}

impl RuleSet {
    /// Load the rule file at `path` (and what it extends), `depth` files deep in `select`.
    pub(super) fn load_depth(
        path: &Path,
        reader: &dyn Reader,
        depth: usize,
    ) -> Result<RuleSet, Diagnostics> {
        let mut loader = Loader::new(reader);
        let Some(m) = loader.load(path) else {
            return Err(Diagnostics(loader.diags));
        };
        let (mut files, mut diags) = (loader.files, loader.diags);
        let pool_src = pools::read_pools(&m.pools, reader, &mut files, &mut diags);
        let selecting = !m.select.is_empty();
        if selecting && (m.steps.is_some() || m.grid.is_some()) {
            diags.push(select_with_steps(&m, &files));
        }
        let (cell, (width, height)) = grid_size(&m, path, selecting, &mut diags);
        let theme_table = m
            .themes
            .as_ref()
            .and_then(|t| load::read_theme_table(t, reader, &mut files, &mut diags));
        let kinds = room_kinds(&m, theme_table.as_deref(), &files, &mut diags);
        let kind_names: Vec<String> = kinds.iter().map(|k| k.name.clone()).collect();
        let paths: Vec<PathBuf> = files.iter().map(|f| f.path.clone()).collect();
        let mut cx = Cx::new(&files, reader, kind_names.clone(), width, height);
        cx.set_cell(cell);
        cx.themes = theme_table;
        cx.shapes = shapes::compile_shapes(&m.shapes, &mut cx);
        let (pl, lay) =
            pool_check::compile_pools(pool_src, &cx.shapes, &kind_names, &files, &mut diags);
        cx.pools = pl;
        cx.layouts = lay;
        check_colours(&mut cx, &m);
        let params = compile_params(&mut cx, &m.params);
        check_step_names(&mut cx, m.steps.as_deref());
        let (choices, sub_files) = load_choices(&mut cx, &m.select, reader, depth, &mut diags);
        let body = compile_body(&mut cx, &m, path, &kind_names, &mut diags);
        diags.extend(std::mem::take(&mut cx.diags));
        if !diags.is_empty() {
            return Err(Diagnostics(diags));
        }
        let warnings = warnings(&mut cx, &choices);
        // the pattern files the steps named, read while compiling them (in path order)
        let mut patterns: Vec<PathBuf> = cx.patterns.keys().cloned().collect();
        patterns.sort();
        let mut rs = RuleSet {
            name: m
                .name
                .as_ref()
                .map_or_else(|| path.display().to_string(), |n| n.text.clone()),
            description: m
                .description
                .as_ref()
                .map_or(String::new(), |d| d.text.clone()),
            files: paths.into_iter().chain(patterns).chain(sub_files).collect(),
            rng: m.rng.clone().unwrap_or_default(),
            width,
            height,
            cell,
            params,
            kinds,
            empty_glyph: m.empty_glyph.unwrap_or('.'),
            lists: cx.lists.clone(),
            value_lists: cx.value_lists.iter().map(|(n, _)| n.clone()).collect(),
            markers: cx.markers.clone(),
            layers: cx.layers.clone(),
            shapes: std::mem::take(&mut cx.shapes),
            pools: std::mem::take(&mut cx.pools),
            layouts: std::mem::take(&mut cx.layouts),
            tile_glyphs: body.tile_glyphs,
            walkables: body.walkables,
            scratch: Default::default(),
            spares: Default::default(),
            marker_styles: body.marker_styles,
            stats: body.stats,
            tallies: cx.tallies.clone(),
            n_vars: cx.vars.len(),
            file_params: cx.file_params.clone(),
            var_names: cx.vars.iter().map(|v| v.0.clone()).collect(),
            labels: cx.labels.clone(),
            failures: cx.failures.clone(),
            steps: body.steps,
            procedures: body.procedures,
            palette: Default::default(),
            defaults: Default::default(),
            symbols: Default::default(),
            interiors: None,
            choices,
            warnings,
            params_by_name: Vec::new(),
        };
        rs.params_by_name = (0..rs.params.len()).collect();
        rs.params_by_name
            .sort_by(|&a, &b| rs.params[a].name.cmp(&rs.params[b].name));
        rs.prepare_drawing();
        Ok(rs)
    }
}

/// The error of a rule set with `select` that also has steps or a grid, at its first
/// choice.
fn select_with_steps(m: &Merged, files: &[LoadedFile]) -> Diagnostic {
    let at = &m.select[0].0.rules;
    let f = &files[at.file as usize];
    let off = f.literals.find(&at.text, at.ordinal).unwrap_or(0);
    Diagnostic::at(
        &f.path,
        &f.text,
        (off, off + at.text.len()),
        "a rule set with `select` has no `steps` or `grid` of its own".into(),
        Some("each rule file it chooses has them; move the steps into one of those".into()),
    )
}

/// The tiles per room cell `[w, h]` and the grid's size in room cells: an error (the
/// size as written kept, so the steps are still checked) past the largest grid, and a
/// 1x1 grid for a selecting rule set or, with an error, a rule set without a grid.
fn grid_size(
    m: &Merged,
    path: &Path,
    selecting: bool,
    diags: &mut Vec<Diagnostic>,
) -> ([i32; 2], (i32, i32)) {
    let cell = match m.grid.as_ref().and_then(|g| g.cell) {
        Some((cw, ch)) => [cw.0, ch.0],
        None => [1, 1],
    };
    let size = match &m.grid {
        Some(g)
            if g.width.0 * cell[0] > schema::MAX_GRID_SIDE
                || g.height.0 * cell[1] > schema::MAX_GRID_SIDE =>
        {
            diags.push(Diagnostic::whole(
                path,
                format!(
                    "the tile grid would be {}x{} tiles; at most {m}x{m} (the largest grid)",
                    g.width.0 * cell[0],
                    g.height.0 * cell[1],
                    m = schema::MAX_GRID_SIDE
                ),
                Some("use fewer room cells or smaller `cell` blocks".into()),
            ));
            // the steps are still checked against the grid as written (no cascade)
            (g.width.0, g.height.0)
        }
        Some(g) => (g.width.0, g.height.0),
        None if selecting => (1, 1),
        None => {
            diags.push(Diagnostic::whole(
                path,
                "missing `grid: Grid(width: .., height: ..)`".into(),
                None,
            ));
            (1, 1)
        }
    };
    (cell, size)
}

/// The parameters, each declared as a variable: an error for an empty range or a default
/// outside it.
fn compile_params(cx: &mut Cx, defs: &BTreeMap<Src, ParamDef>) -> Vec<ParamInfo> {
    let mut params = Vec::new();
    for (name, def) in defs {
        let (kind, default, ty, doc) = match def {
            &ParamDef::Int {
                default,
                min,
                max,
                ref doc,
            } => (
                ParamKind::Int { min, max },
                Value::Num(default as f64),
                Type::Num,
                doc,
            ),
            &ParamDef::Float {
                default,
                min,
                max,
                ref doc,
            } => (
                ParamKind::Float { min, max },
                Value::Num(default),
                Type::Num,
                doc,
            ),
            ParamDef::File { doc } => (ParamKind::File, Value::Bool(false), Type::Bool, doc),
            ParamDef::Bool { default, doc } => {
                (ParamKind::Bool, Value::Bool(*default), Type::Bool, doc)
            }
        };
        let Some(slot) = cx.declare_var(name, ty) else {
            continue;
        };
        if matches!(kind, ParamKind::File) {
            cx.file_params.push(name.text.clone());
        }
        cx.param_names.push(name.text.clone());
        let info = ParamInfo {
            name: name.text.clone(),
            kind,
            default,
            doc: doc.as_ref().map_or(String::new(), |d| d.text.clone()),
            slot,
        };
        let empty_range = match info.kind {
            ParamKind::Int {
                min: Some(a),
                max: Some(b),
            } => a > b,
            ParamKind::Float {
                min: Some(a),
                max: Some(b),
            } => a > b,
            _ => false,
        };
        if empty_range {
            cx.error(
                name,
                format!("parameter `{}` has `min` greater than `max`", name.text),
                None,
            );
        } else if let Err(e) = info.parse(&info.show(default)) {
            cx.error(name, format!("the default is out of range: {e}"), None);
        }
        params.push(info);
    }
    params
}

/// An error for each step name used twice (`patch` edits steps by name).
fn check_step_names(cx: &mut Cx, steps: Option<&[crate::ops::StepDef]>) {
    let Some(s) = steps else {
        return;
    };
    let mut names = Vec::new();
    patch::named_steps(s, &mut names);
    for (i, n) in names.iter().enumerate() {
        if names[..i].iter().any(|o| o.text == n.text) {
            cx.error(
                n,
                format!("two steps are named `{}`", n.text),
                Some("step names must be unique: `patch` edits steps by name".into()),
            );
        }
    }
}

/// The rule sets `select` chooses among, each with its condition, and the files they read.
/// A choice too deep (a cycle), unreadable or with errors is reported and left out.
fn load_choices(
    cx: &mut Cx,
    select: &[(schema::ChoiceDef, PathBuf)],
    reader: &dyn Reader,
    depth: usize,
    diags: &mut Vec<Diagnostic>,
) -> (Vec<(Program, RuleSet)>, Vec<PathBuf>) {
    let mut choices = Vec::new();
    let mut sub_files = Vec::new();
    for (c, p) in select {
        let when = cx.expr(&c.when, Type::Bool);
        if depth >= MAX_SELECT_DEPTH {
            cx.error(
                &c.rules,
                format!("`select` nests deeper than {MAX_SELECT_DEPTH} rule files"),
                Some("does a chosen rule file select this one again?".into()),
            );
            continue;
        }
        if let Err(e) = reader.read_as(p, files::Kind::Rules) {
            cx.error(
                &c.rules,
                format!("cannot read `{}`: {e}", p.display()),
                Some("paths in `select` are relative to the file that names them".into()),
            );
            continue;
        }
        match RuleSet::load_depth(p, reader, depth + 1) {
            Ok(rs) => {
                sub_files.extend(rs.files.iter().cloned());
                if let Some(w) = when {
                    choices.push((w, rs));
                }
            }
            Err(d) => diags.extend(d.0),
        }
    }
    (choices, sub_files)
}

/// The steps and procedures (none for a selecting rule set, or without a grid: every
/// operator would also report "outside the grid"; an error when there are none to run),
/// the tile glyphs, markers and measures.
fn compile_body(
    cx: &mut Cx,
    m: &Merged,
    path: &Path,
    kind_names: &[String],
    diags: &mut Vec<Diagnostic>,
) -> Body {
    let (steps, procedures) = match &m.steps {
        None if !m.select.is_empty() => Default::default(),
        Some(_) if m.grid.is_none() => Default::default(),
        Some(s) => steps::compile(cx, s),
        None => {
            diags.push(Diagnostic::whole(
                path,
                "missing `steps: [...]`".into(),
                Some("a rule set needs steps, or `extends` a rule set that has them".into()),
            ));
            Default::default()
        }
    };
    let tile_glyphs = m.tile_glyphs.as_ref().and_then(|g| compile_glyphs(cx, g));
    cx.causes.glyphs_failed = m.tile_glyphs.is_some() && tile_glyphs.is_none();
    let stats = stats::compile_stats(cx, m.stats.as_ref(), kind_names, tile_glyphs.as_ref());
    let walkables = walkables::resolve(cx, tile_glyphs.as_ref(), &stats);
    let marker_styles = glyphs::compile_markers(cx, &m.markers);
    Body {
        steps,
        procedures,
        tile_glyphs,
        marker_styles,
        stats,
        walkables,
    }
}

/// The warnings of the steps and unreachable minisets, then the chosen rule sets' own
/// (each said once).
fn warnings(cx: &mut Cx, choices: &[(Program, RuleSet)]) -> Vec<Diagnostic> {
    let mut warnings = std::mem::take(&mut cx.causes.warnings);
    warnings.extend(reach::unreachable_minisets(cx));
    for (_, rs) in choices {
        for w in &rs.warnings {
            if !warnings.iter().any(|x| x.short() == w.short()) {
                warnings.push(w.clone());
            }
        }
    }
    warnings
}
