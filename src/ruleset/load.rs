//! Stage 1 of loading: read RON files, follow `extends`, merge, apply `patch` edits.

use super::diag::Diagnostic;
pub use super::files::{Disk, Kind, LoadedFile, Reader};
use super::patch::{collect_names, edit};
use super::schema::{GridDef, KindDef, ParamDef, Patch, RuleFile};
use super::src::{reading, Literals, Src};
use crate::lang::nearest;
use crate::ops::StepDef;
use crate::rng::RngSpec;
use ron::extensions::Extensions;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

mod ron_errors;
use ron_errors::ron_diagnostic;

/// How deep `extends` chains may go.
const MAX_EXTENDS: usize = 16;

/// A rule set after `extends` and `patch`, before name resolution.
#[derive(Debug, Default)]
pub struct Merged {
    /// `name:`, from the last file that sets it.
    pub name: Option<Src>,
    /// `description:`.
    pub description: Option<Src>,
    /// `rng:`.
    pub rng: Option<RngSpec>,
    /// `grid:`.
    pub grid: Option<GridDef>,
    /// `params:`, merged by name.
    pub params: BTreeMap<Src, ParamDef>,
    /// `room_kinds:`, merged by name.
    pub kinds: Vec<KindDef>,
    /// `themes:` (the theme table's path).
    pub themes: Option<Src>,
    /// `empty_glyph:`.
    pub empty_glyph: Option<char>,
    /// `shapes:`.
    pub shapes: Vec<super::schema::ShapeDef>,
    /// `pools:` (name to file path).
    pub pools: BTreeMap<Src, Src>,
    /// `tile_glyphs:`.
    pub tile_glyphs: Option<super::schema::TileGlyphsDef>,
    /// `markers:`, merged by name.
    pub markers: Vec<super::schema::MarkerDef>,
    /// `stats:`.
    pub stats: Option<super::schema::StatsDef>,
    /// `steps:` after every `patch`.
    pub steps: Option<Vec<StepDef>>,
    /// `select` choices with their resolved paths.
    pub select: Vec<(super::schema::ChoiceDef, PathBuf)>,
}

/// Stage 1 of loading: reads rule files through a [`Reader`], follows `extends` and applies `patch` edits.
pub struct Loader<'r> {
    reader: &'r dyn Reader,
    /// Every file read, in order.
    pub files: Vec<LoadedFile>,
    /// Problems found so far.
    pub diags: Vec<Diagnostic>,
}

fn ron_options() -> ron::Options {
    ron::Options::default()
        .with_default_extension(Extensions::UNWRAP_VARIANT_NEWTYPES | Extensions::IMPLICIT_SOME)
}

impl<'r> Loader<'r> {
    /// A loader reading through `reader`.
    pub fn new(reader: &'r dyn Reader) -> Loader<'r> {
        Loader {
            reader,
            files: Vec::new(),
            diags: Vec::new(),
        }
    }

    /// Load `path` and everything it extends, merged. `None` when a file could not be read
    /// or parsed (the diagnostics say why).
    pub fn load(&mut self, path: &Path) -> Option<Merged> {
        self.load_chain(path, None, 0)
    }

    fn load_chain(&mut self, path: &Path, from: Option<&Src>, depth: usize) -> Option<Merged> {
        if depth > MAX_EXTENDS {
            let d = self.where_is(
                from,
                format!("`extends` goes deeper than {MAX_EXTENDS} files"),
                None,
            );
            self.diags.push(d);
            return None;
        }
        if let Some(prev) = self.files.iter().position(|f| same_file(&f.path, path)) {
            let _ = prev;
            let d = self.where_is(
                from,
                format!(
                    "`extends` makes a cycle: {} is already being loaded",
                    path.display()
                ),
                None,
            );
            self.diags.push(d);
            return None;
        }
        let text = match self.reader.read_as(path, Kind::Rules) {
            Ok(t) => t,
            Err(e) => {
                let d = match from {
                    Some(s) => self.where_is(
                        Some(s),
                        format!("cannot read {}: {e}", path.display()),
                        Some("`extends` paths are relative to the file that names them".into()),
                    ),
                    None => Diagnostic::whole(path, format!("cannot read rule file: {e}"), None),
                };
                self.diags.push(d);
                return None;
            }
        };
        // A byte-order mark some editors write is not RON: drop it.
        let text: Arc<str> = Arc::from(text.strip_prefix('\u{feff}').unwrap_or(&text));
        let id = self.files.len() as u16;
        self.files.push(LoadedFile {
            path: path.to_path_buf(),
            text: text.clone(),
            literals: Literals::scan(&text),
        });
        let parsed: Result<RuleFile, ron::error::SpannedError> =
            reading(id, || ron_options().from_str(&text));
        let mut file = match parsed {
            Ok(f) => f,
            Err(e) => {
                self.diags.push(ron_diagnostic(path, &text, &e));
                return None;
            }
        };
        let mut merged = match &file.extends {
            Some(parent) => {
                let base = path.parent().unwrap_or(Path::new("."));
                let ppath = base.join(&parent.text);
                self.load_chain(&ppath, Some(parent), depth + 1)?
            }
            None => Merged::default(),
        };
        let select = std::mem::take(&mut file.select);
        self.merge(&mut merged, file);
        if !select.is_empty() {
            let base = path.parent().unwrap_or(Path::new("."));
            merged.select = select
                .into_iter()
                .map(|c| {
                    let p = base.join(&c.rules.text);
                    (c, p)
                })
                .collect();
        }
        Some(merged)
    }

    /// A diagnostic at string `s` (or nowhere in particular).
    fn where_is(&self, s: Option<&Src>, message: String, help: Option<String>) -> Diagnostic {
        if let Some(s) = s {
            if let Some(f) = self.files.get(s.file as usize) {
                if let Some(off) = f.literals.find(&s.text, s.ordinal) {
                    return Diagnostic::at(
                        &f.path,
                        &f.text,
                        (off, off + s.text.len()),
                        message,
                        help,
                    );
                }
                return Diagnostic::whole(&f.path, message, help);
            }
        }
        Diagnostic::whole(Path::new("<rules>"), message, help)
    }

    fn merge(&mut self, m: &mut Merged, f: RuleFile) {
        if f.name.is_some() {
            m.name = f.name;
        }
        if f.description.is_some() {
            m.description = f.description;
        }
        if f.rng.is_some() {
            m.rng = f.rng;
        }
        if f.grid.is_some() {
            m.grid = f.grid;
        }
        if f.themes.is_some() {
            m.themes = f.themes;
        }
        if f.empty_glyph.is_some() {
            m.empty_glyph = f.empty_glyph;
        }
        if f.tile_glyphs.is_some() {
            m.tile_glyphs = f.tile_glyphs;
        }
        if f.stats.is_some() {
            m.stats = f.stats;
        }
        for k in f.markers {
            match m.markers.iter_mut().find(|o| o.name.text == k.name.text) {
                Some(o) => *o = k,
                None => m.markers.push(k),
            }
        }
        for (k, v) in f.params {
            m.params.insert(k, v);
        }
        for (i, k) in f.room_kinds.iter().enumerate() {
            let named = |n: &str| {
                n.chars()
                    .next()
                    .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
                    && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            };
            if !named(&k.name.text) {
                let d = self.where_is(Some(&k.name), format!("`{}` is not a valid room kind name", k.name.text),
                    Some("names start with an ASCII letter or `_` and hold ASCII letters, digits and `_`".into()));
                self.diags.push(d);
            } else if f.room_kinds[..i].iter().any(|o| o.name == k.name) {
                let d = self.where_is(
                    Some(&k.name),
                    format!("room kind `{}` is declared twice in this file", k.name.text),
                    None,
                );
                self.diags.push(d);
            }
        }
        for k in f.room_kinds {
            match m.kinds.iter_mut().find(|o| o.name == k.name) {
                Some(o) => *o = k,
                None => m.kinds.push(k),
            }
        }
        for sh in f.shapes {
            match m.shapes.iter_mut().find(|o| o.name == sh.name) {
                Some(o) => *o = sh,
                None => m.shapes.push(sh),
            }
        }
        for (k, v) in f.pools {
            m.pools.insert(k, v);
        }
        if f.steps.is_some() {
            m.steps = f.steps;
        }
        for p in f.patch {
            self.apply(m, p);
        }
    }

    fn apply(&mut self, m: &mut Merged, p: Patch) {
        let Some(steps) = m.steps.as_mut() else {
            let s = match &p {
                Patch::Replace(n, _)
                | Patch::Remove(n)
                | Patch::InsertBefore(n, _)
                | Patch::InsertAfter(n, _) => n.clone(),
            };
            let d = self.where_is(
                Some(&s),
                "`patch` needs steps to edit, and there are none".into(),
                Some("add `extends: \"...\"` or `steps: [...]`".into()),
            );
            self.diags.push(d);
            return;
        };
        let name = match &p {
            Patch::Replace(n, _)
            | Patch::Remove(n)
            | Patch::InsertBefore(n, _)
            | Patch::InsertAfter(n, _) => n.clone(),
        };
        let done = edit(steps, &name.text, p);
        if !done {
            let mut names = Vec::new();
            collect_names(steps, &mut names);
            let help = nearest(&name.text, names.iter().map(|s| s.as_str()))
                .map(|n| format!("did you mean `{n}`?"))
                .unwrap_or_else(|| {
                    if names.is_empty() {
                        "no step has a name: wrap one in `Named(\"name\", ...)` to patch it"
                            .to_string()
                    } else {
                        format!("the named steps are: {}", names.join(", "))
                    }
                });
            let d = self.where_is(
                Some(&name),
                format!("no step is named `{}`", name.text),
                Some(help),
            );
            self.diags.push(d);
        }
    }
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(x), Ok(y)) => x == y,
        _ => normal(a) == normal(b),
    }
}

fn normal(p: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// Read the theme table `path_src` names (relative to the file that names it), adding it to
/// `files`; `None` after a problem, reported to `diags`.
pub fn read_theme_table(
    path_src: &Src,
    reader: &dyn Reader,
    files: &mut Vec<LoadedFile>,
    diags: &mut Vec<Diagnostic>,
) -> Option<Arc<crate::ops::assign_themes::table::ThemeTable>> {
    let decl = files.get(path_src.file as usize);
    let base = decl
        .and_then(|f| f.path.parent())
        .unwrap_or(Path::new("."))
        .to_path_buf();
    let path = base.join(&path_src.text);
    let text = match reader.read_as(&path, Kind::Themes) {
        Ok(t) => t,
        Err(e) => {
            let msg = format!("cannot read theme table {}: {e}", path.display());
            let help = Some("the `themes` path is relative to the rule file that names it".into());
            let d = match decl.and_then(|f| {
                f.literals
                    .find(&path_src.text, path_src.ordinal)
                    .map(|o| (f, o))
            }) {
                Some((f, off)) => Diagnostic::at(
                    &f.path,
                    &f.text,
                    (off, off + path_src.text.len()),
                    msg,
                    help,
                ),
                None => Diagnostic::whole(&path, msg, help),
            };
            diags.push(d);
            return None;
        }
    };
    let text: Arc<str> = Arc::from(text.strip_prefix('\u{feff}').unwrap_or(&text));
    let id = files.len() as u16;
    files.push(LoadedFile {
        path: path.clone(),
        text: text.clone(),
        literals: Literals::scan(&text),
    });
    let parsed: Result<crate::ops::assign_themes::table::ThemeTable, ron::error::SpannedError> =
        reading(id, || ron_options().from_str(&text));
    match parsed {
        Ok(t) => Some(Arc::new(t)),
        Err(e) => {
            diags.push(ron_diagnostic(&path, &text, &e));
            None
        }
    }
}
