//! Pattern files seen from the compile context: `"file.pat#item"` references, read once per
//! load through the loader's [`super::load::Reader`], parsed (grammar `lang/pattern.pest`),
//! errors reported at the pattern file's own file:line:col.

use super::compile::Cx;
use super::diag::Diagnostic;
use super::src::Src;
use crate::lang::automaton::CaRule;
use crate::lang::nearest;
use crate::lang::pattern::{parse_patterns, FixRule, ItemKind, Miniset};
use std::path::PathBuf;
use std::sync::Arc;

/// Where a pattern-file item is: its file and the span of its name.
#[derive(Debug, Clone)]
pub struct ItemAt {
    /// The pattern file.
    pub path: PathBuf,
    /// Byte range of the item's name.
    pub span: (usize, usize),
}

impl Cx<'_> {
    /// The item that `s` names in a pattern file: `"file.pat#item"`, the path relative to
    /// the rule file `s` was written in. Reports an unreadable file, syntax errors in it
    /// (at their own file:line:col), an unknown item (with the nearest name) or an item of
    /// another kind (`want` is "a miniset", "a rule list" or "a table").
    pub fn pattern_item(&mut self, s: &Src, want: &str) -> Option<ItemKind> {
        self.pattern_item_of(s, &[want]).map(|(kind, _)| kind)
    }

    /// [`Cx::pattern_item`] for an item of one of the kinds `wants` ("a tileset", "an
    /// example", ...), with where its name is written (for [`Cx::error_at_item`]).
    pub fn pattern_item_of(&mut self, s: &Src, wants: &[&str]) -> Option<(ItemKind, ItemAt)> {
        let Some((file, item)) = s.text.split_once('#') else {
            self.error(
                s,
                format!("expected `file.pat#name`, found `{}`", s.text),
                Some("name a pattern file (relative to this rule file) and an item in it".into()),
            );
            return None;
        };
        let base = self
            .files
            .get(s.file as usize)
            .and_then(|f| f.path.parent().map(|p| p.to_path_buf()))
            .unwrap_or_default();
        let path = base.join(file);
        if !self.patterns.contains_key(&path) {
            let text: Arc<str> = match self.reader.read_as(&path, crate::input::Kind::Pattern) {
                Ok(t) => Arc::from(t),
                Err(e) => {
                    self.error(
                        s,
                        format!("cannot read pattern file {}: {e}", path.display()),
                        None,
                    );
                    return None;
                }
            };
            let parsed = match parse_patterns(&text) {
                Ok(f) => Some(Arc::new(f)),
                Err(errs) => {
                    for e in errs {
                        self.diags
                            .push(Diagnostic::at(&path, &text, e.span, e.message, None));
                    }
                    None
                }
            };
            self.patterns.insert(path.clone(), (text, parsed));
        }
        let parsed = self.patterns[&path].1.clone()?;
        match parsed.get(item) {
            Some(i) if wants.contains(&i.kind.describe()) => {
                let at = ItemAt { path, span: i.span };
                Some((i.kind.clone(), at))
            }
            Some(i) => {
                self.error(
                    s,
                    format!(
                        "`{item}` in {} is {}, not {}",
                        path.display(),
                        i.kind.describe(),
                        wants.join(" or ")
                    ),
                    None,
                );
                None
            }
            None => {
                // suggestions only among the items of the kind wanted
                let same = (parsed.items.iter()).filter(|i| wants.contains(&i.kind.describe()));
                let help = nearest(item, same.map(|i| i.name.as_str()))
                    .map(|n| format!("did you mean `{n}`?"));
                self.error(s, format!("no item `{item}` in {}", path.display()), help);
                None
            }
        }
    }

    /// Report a problem with a pattern-file item at its name, in the pattern file.
    pub fn error_at_item(&mut self, at: &ItemAt, message: String, help: Option<String>) {
        let text = (self.patterns.get(&at.path)).map_or_else(|| Arc::from(""), |p| p.0.clone());
        let d = Diagnostic::at(&at.path, &text, at.span, message, help);
        self.diags.push(d);
    }

    /// A miniset from a pattern file (see [`Cx::pattern_item`]).
    pub fn miniset(&mut self, s: &Src) -> Option<Miniset> {
        match self.pattern_item(s, "a miniset")? {
            ItemKind::Miniset(m) => {
                self.used_minisets.push((s.clone(), m.clone()));
                Some(m)
            }
            _ => None,
        }
    }

    /// A fix-rule list from a pattern file (see [`Cx::pattern_item`]).
    pub fn rules(&mut self, s: &Src) -> Option<Vec<FixRule>> {
        match self.pattern_item(s, "a rule list")? {
            ItemKind::Rules(r) => Some(r),
            _ => None,
        }
    }

    /// Cellular-automaton rules from a pattern file (see [`Cx::pattern_item`]).
    pub fn automaton(&mut self, s: &Src) -> Option<Vec<CaRule>> {
        match self.pattern_item(s, "an automaton")? {
            ItemKind::Automaton(r) => Some(r),
            _ => None,
        }
    }

    /// A table from a pattern file (see [`Cx::pattern_item`]).
    pub fn table(&mut self, s: &Src) -> Option<Vec<i64>> {
        match self.pattern_item(s, "a table")? {
            ItemKind::Table(t) => Some(t),
            _ => None,
        }
    }

    /// A table whose entries must be tile ids (0..=65535).
    pub fn tile_table(&mut self, s: &Src) -> Option<Vec<u16>> {
        let t = self.table(s)?;
        if t.iter().any(|&v| !(0..=65535).contains(&v)) {
            self.error(s, "this table must hold tile ids 0..=65535".into(), None);
            return None;
        }
        Some(t.iter().map(|&v| v as u16).collect())
    }

    /// The pattern files read while compiling, in the order first read.
    pub fn pattern_files(&self) -> Vec<PathBuf> {
        let mut v: Vec<PathBuf> = self.patterns.keys().cloned().collect();
        v.sort();
        v
    }
}
