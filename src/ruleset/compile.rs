//! Stage 2 of loading: resolve names, compile expressions and operators, collect every error.
//!
//! [`Cx`] is what operators see while compiling: it turns names into indices, compiles
//! expressions in the right scope, and records diagnostics at the exact position of the
//! string they came from.

use super::diag::Diagnostic;
use super::files::{LoadedFile, Reader};
use super::src::Src;
use super::walk_defs::WalkDefs;
use crate::engine::value::Type;
use crate::engine::{FailurePoint, StepLabel};
use crate::lang::compile::{CompileError, WalkOn};
use crate::lang::pattern::Miniset;
use crate::lang::pattern::PatternFile;
use crate::lang::Span;
use crate::lang::{self, nearest, Program, Scope};
use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;
use std::sync::Arc;

/// Layer names the engine writes into the output itself: a rule file may not use them for a
/// tile layer.
pub const RESERVED_LAYERS: &[&str] = &["rooms"];

/// A procedure of the rule file, as calls see it.
#[derive(Debug, Clone)]
pub struct ProcInfo {
    /// Its name.
    pub name: String,
    /// Its parameters, in order: name and type.
    pub params: Vec<(String, Type)>,
    /// False when its definition had errors (calls of it are then not checked).
    pub ok: bool,
}

/// The compile context.
pub struct Cx<'a> {
    pub(super) files: &'a [LoadedFile],
    pub(super) reader: &'a dyn Reader,
    pub(crate) diags: Vec<Diagnostic>,
    pub(crate) vars: Vec<(String, Type)>,
    var_index: HashMap<String, u16>,
    pub(crate) lists: Vec<String>,
    /// Names of the lists of areas or cells, with the type of their items.
    pub(crate) value_lists: Vec<(String, Type)>,
    /// Names of segment lists (see [`crate::engine::state::Segment`]).
    pub(crate) segment_lists: Vec<String>,
    pub(crate) kinds: Vec<String>,
    pub(crate) markers: Vec<String>,
    pub(crate) layers: Vec<String>,
    pub(crate) file_params: Vec<String>,
    /// The names of the rule set's parameters: no step may write them.
    pub(crate) param_names: Vec<String>,
    pub(super) locals: Vec<(String, u16, Type)>,
    /// The procedures defined so far, by index: name and parameters (see `super::procedures`).
    pub(crate) procedures: Vec<ProcInfo>,
    /// While a procedure's steps compile: where its names begin in `locals`, and the slots
    /// each call of it owns (its parameters, then the variables its steps set first).
    pub(crate) frame: Option<(usize, Vec<u16>)>,
    pub(crate) failures: Vec<FailurePoint>,
    pub(crate) labels: Vec<StepLabel>,
    /// Room grid size in room cells.
    width: i32,
    height: i32,
    /// Tiles per room cell.
    cell: [i32; 2],
    pub(crate) shapes: Vec<crate::engine::shape::Shape>,
    /// The rule set's theme table (`themes:`), if it has one.
    pub(crate) themes: Option<Arc<crate::ops::assign_themes::table::ThemeTable>>,
    /// What each tally counts: `(kind, reason)` (see [`Cx::declare_tally`]).
    pub(crate) tallies: Vec<(String, String)>,
    pub(crate) pools: Vec<super::pools::Pool>,
    pub(crate) layouts: Vec<super::pools::Layout>,
    /// Pattern files read so far: path → (text, parsed file or `None` after errors).
    pub(super) patterns: HashMap<PathBuf, (Arc<str>, Option<Arc<PatternFile>>)>,
    /// The operator step being compiled: "PlaceMiniset `p.pat#m` at file:line:col".
    pub(super) current_op: Option<String>,
    /// True/false variables operator steps write (e.g. a `result:`), by slot: which steps
    /// write each and when they make it false, for the messages of a failing `Require`.
    pub(super) flag_writers: BTreeMap<u16, Vec<String>>,
    /// The minisets the steps use: the located reference and the miniset (for `check`'s
    /// warning about minisets that can never match).
    pub(super) used_minisets: Vec<(Src, Miniset)>,
    /// The walkable sets spatial queries name (resolved by [`super::walkables::resolve`]).
    pub(super) walk_defs: RefCell<WalkDefs>,
    /// Earlier problems and variables that may be unset ([`super::causes`]).
    pub(crate) causes: super::unset::Causes,
}

impl<'a> Cx<'a> {
    pub(crate) fn new(
        files: &'a [LoadedFile],
        reader: &'a dyn Reader,
        kinds: Vec<String>,
        width: i32,
        height: i32,
    ) -> Cx<'a> {
        Cx {
            files,
            reader,
            diags: Vec::new(),
            vars: Vec::new(),
            var_index: HashMap::new(),
            lists: Vec::new(),
            value_lists: Vec::new(),
            segment_lists: Vec::new(),
            kinds,
            markers: Vec::new(),
            layers: Vec::new(),
            file_params: Vec::new(),
            param_names: Vec::new(),
            locals: Vec::new(),
            procedures: Vec::new(),
            frame: None,
            failures: Vec::new(),
            labels: Vec::new(),
            width,
            cell: [1, 1],
            height,
            shapes: Vec::new(),
            themes: None,
            tallies: Vec::new(),
            pools: Vec::new(),
            layouts: Vec::new(),
            patterns: HashMap::new(),
            current_op: None,
            flag_writers: BTreeMap::new(),
            used_minisets: Vec::new(),
            walk_defs: RefCell::new(WalkDefs::default()),
            causes: Default::default(),
        }
    }

    /// Report a problem at byte `span` of loaded file number `file` (e.g. a pool file).
    pub fn error_in_file(
        &mut self,
        file: u16,
        span: (usize, usize),
        message: String,
        help: Option<String>,
    ) {
        let d = match self.files.get(file as usize) {
            Some(f) => Diagnostic::at(&f.path, &f.text, span, message, help),
            None => Diagnostic::whole(&PathBuf::from("<rules>"), message, help),
        };
        self.diags.push(d);
    }

    /// The asset index of `File` parameter `s`.
    pub fn file_param(&mut self, s: &Src) -> Option<u16> {
        if let Some(i) = self.file_params.iter().position(|p| *p == s.text) {
            return Some(i as u16);
        }
        let help = nearest(&s.text, self.file_params.iter().map(|k| k.as_str()))
            .map(|n| format!("did you mean `{n}`?"))
            .unwrap_or_else(|| "declare it in `params` as `File(doc: \"...\")`".into());
        self.error(
            s,
            format!("`{}` is not a File parameter", s.text),
            Some(help),
        );
        None
    }

    /// A layer that an earlier step declared, or declare it now (layers are created on
    /// first use, all zero).
    pub fn layer(&mut self, s: &Src) -> u16 {
        if !self.layers.contains(&s.text)
            && self.check_identifier(s)
            && RESERVED_LAYERS.contains(&s.text.as_str())
        {
            self.error(
                s,
                format!(
                    "`{}` is a layer the engine writes itself (the room plan)",
                    s.text
                ),
                Some("give the tile layer another name, e.g. `tiles`".into()),
            );
        }
        self.declare_layer(s)
    }

    /// Tile grid width in tiles (every tile layer's width).
    pub fn width(&self) -> i32 {
        self.width * self.cell[0]
    }
    /// Tile grid height in tiles.
    pub fn height(&self) -> i32 {
        self.height * self.cell[1]
    }
    /// Room grid width in room cells.
    pub fn plan_width(&self) -> i32 {
        self.width
    }
    /// Room grid height in room cells.
    pub fn plan_height(&self) -> i32 {
        self.height
    }
    /// Tiles per room cell, `(columns, rows)`.
    pub fn cell(&self) -> [i32; 2] {
        self.cell
    }
    /// Set the tiles per room cell (the rule set's `Grid(cell: ...)`).
    pub(crate) fn set_cell(&mut self, cell: [i32; 2]) {
        self.cell = cell;
    }

    /// Where `s` was written: `(file index, byte offset of its text)`.
    fn locate(&self, s: &Src) -> Option<(usize, usize)> {
        let f = self.files.get(s.file as usize)?;
        f.literals
            .find(&s.text, s.ordinal)
            .map(|off| (s.file as usize, off))
    }

    /// `file:line:col` of a string, for run-time messages.
    pub fn position(&self, s: &Src) -> String {
        match self.locate(s) {
            Some((f, off)) => {
                let file = &self.files[f];
                let (l, c) = super::diag::line_col(&file.text, off);
                format!("{}:{l}:{c}", file.path.display())
            }
            None => "<built-in>".into(),
        }
    }

    /// `file:line:col` of the last `word` written before string `s` (e.g. the `Retry(` that
    /// encloses it), or of `s` itself when there is none.
    pub fn position_before(&self, s: &Src, word: &str) -> String {
        self.position_before_nth(s, word, 1)
    }

    /// `file:line:col` of the `n`th occurrence of `word` before `s` (counting backwards).
    pub fn position_before_nth(&self, s: &Src, word: &str, n: usize) -> String {
        match self.locate(s) {
            Some((f, off)) => {
                let file = &self.files[f];
                let mut at = off;
                for _ in 0..n {
                    match file.text[..at].rfind(word) {
                        Some(a) => at = a,
                        None => break,
                    }
                }
                let (l, c) = super::diag::line_col(&file.text, at);
                format!("{}:{l}:{c}", file.path.display())
            }
            None => "<built-in>".into(),
        }
    }

    /// Report a problem with field `field` of the step whose string `near` is known: RON
    /// gives numbers and tuples no position, so the error points at the occurrence of
    /// `field:` closest to `near` (or at `near` itself when there is none).
    pub fn error_at_field(
        &mut self,
        near: &Src,
        field: &str,
        message: String,
        help: Option<String>,
    ) {
        let Some((f, off)) = self.locate(near) else {
            return self.error(near, message, help);
        };
        let file = &self.files[f];
        let pat = format!("{field}:");
        let text = &file.text;
        let before = text[..off].rfind(&pat);
        let after = text[off..].find(&pat).map(|i| off + i);
        let at = match (before, after) {
            (Some(b), Some(a)) => {
                if off - b <= a - off {
                    b
                } else {
                    a
                }
            }
            (Some(b), None) => b,
            (None, Some(a)) => a,
            (None, None) => return self.error(near, message, help),
        };
        let d = Diagnostic::at(
            &file.path,
            &file.text,
            (at, at + field.len()),
            message,
            help,
        );
        self.diags.push(d);
    }

    /// Report a problem at bytes `span` inside string `s`.
    pub fn error_in(
        &mut self,
        s: &Src,
        span: (usize, usize),
        message: String,
        help: Option<String>,
    ) {
        let d = match self.locate(s) {
            Some((f, off)) => {
                let file = &self.files[f];
                Diagnostic::at(
                    &file.path,
                    &file.text,
                    (off + span.0, off + span.1),
                    message,
                    help,
                )
            }
            None => {
                let path = self
                    .files
                    .get(s.file as usize)
                    .map_or_else(|| PathBuf::from("<rules>"), |f| f.path.clone());
                Diagnostic::whole(&path, format!("in `{}`: {message}", s.text), help)
            }
        };
        self.diags.push(d);
    }

    /// Report a problem with the whole string `s`.
    pub fn error(&mut self, s: &Src, message: String, help: Option<String>) {
        let len = s.text.len();
        self.error_in(s, (0, len), message, help);
    }

    /// Compile expression `s`, which must have type `want`.
    pub fn expr(&mut self, s: &Src, want: Type) -> Option<Program> {
        let node = match lang::parse(&s.text) {
            Ok(n) => n,
            Err(e) => {
                self.error_in(s, e.span, e.message, None);
                return None;
            }
        };
        let compiled = lang::compile(&node, &*self);
        self.walk_defs.get_mut().written_in(s);
        match compiled {
            Ok(mut p) if p.ty == want => {
                self.check_reads(s, &p);
                if p.divides() || p.needs_tiles() {
                    let what = format!("division by zero in the expression `{}`", s.text);
                    p.fault = self.failure_point(what, s);
                }
                if p.needs_tiles() {
                    let what = format!(
                        "an empty area (or a split leaving an empty part) in the expression `{}`",
                        s.text
                    );
                    self.failure_point(what, s);
                }
                Some(p)
            }
            Ok(p) => {
                self.error(
                    s,
                    format!(
                        "expected {}, but this expression is {}",
                        want.describe(),
                        p.ty.describe()
                    ),
                    None,
                );
                None
            }
            Err(errs) => {
                // a name a failed step would have declared, and what is said about the
                // value it stands for (`placed && ..`: a number where true/false is wanted)
                let knocked: Vec<(usize, usize)> = errs
                    .iter()
                    .filter(|e| e.unknown_name().is_some_and(|n| self.knock_on(n)))
                    .map(|e| e.span)
                    .collect();
                for e in errs {
                    if knocked.iter().any(|k| k.0 < e.span.1 && e.span.0 < k.1) {
                        continue;
                    }
                    self.error_in(s, e.span, e.message, e.help);
                }
                None
            }
        }
    }

    /// Compile `s` where the extra names `locals` are defined; returns the program and the
    /// variable slot of each local, in order, for the operator to fill before evaluating.
    pub fn expr_with_locals(
        &mut self,
        s: &Src,
        want: Type,
        locals: &[(&str, Type)],
    ) -> Option<(Program, Vec<u16>)> {
        let mut slots = Vec::new();
        for (name, ty) in locals {
            let slot = self.vars.len() as u16;
            self.vars.push((format!("{name} (local)"), *ty));
            self.locals.push((name.to_string(), slot, *ty));
            slots.push(slot);
        }
        let p = self.expr(s, want);
        self.locals.truncate(self.locals.len() - locals.len());
        p.map(|p| (p, slots))
    }

    /// A room kind by name.
    pub fn kind(&mut self, s: &Src) -> Option<u16> {
        if let Some(i) = self.kinds.iter().position(|k| *k == s.text) {
            return Some(i as u16);
        }
        let help = nearest(&s.text, self.kinds.iter().map(|k| k.as_str()))
            .map(|n| format!("did you mean `{n}`?"))
            .unwrap_or_else(|| format!("the room kinds are: {}", self.kinds.join(", ")));
        self.error(s, format!("unknown room kind `{}`", s.text), Some(help));
        None
    }

    /// A list that an earlier step created.
    pub fn list(&mut self, s: &Src) -> Option<u16> {
        if let Some(i) = self.lists.iter().position(|k| *k == s.text) {
            return Some(i as u16);
        }
        if self.knock_on(&s.text) {
            return None;
        }
        let help = nearest(&s.text, self.lists.iter().map(|k| k.as_str()))
            .map(|n| format!("did you mean `{n}`?"))
            .unwrap_or_else(|| {
                if self.lists.is_empty() {
                    "no earlier step creates a list".to_string()
                } else {
                    format!("the lists are: {}", self.lists.join(", "))
                }
            });
        self.error(s, format!("unknown list `{}`", s.text), Some(help));
        None
    }

    /// Declare (or reuse) a list of rooms that this step fills.
    pub fn declare_list(&mut self, s: &Src) -> u16 {
        if let Some(i) = self.lists.iter().position(|k| *k == s.text) {
            return i as u16;
        }
        self.check_identifier(s);
        self.lists.push(s.text.clone());
        (self.lists.len() - 1) as u16
    }

    /// Declare (or reuse) a list of segments that this step fills.
    pub fn declare_segments(&mut self, s: &Src) -> u16 {
        if let Some(i) = self.segment_lists.iter().position(|k| *k == s.text) {
            return i as u16;
        }
        self.check_identifier(s);
        self.segment_lists.push(s.text.clone());
        (self.segment_lists.len() - 1) as u16
    }

    /// A segment list that an earlier step created.
    pub fn segments(&mut self, s: &Src) -> Option<u16> {
        if let Some(i) = self.segment_lists.iter().position(|k| *k == s.text) {
            return Some(i as u16);
        }
        let help = nearest(&s.text, self.segment_lists.iter().map(|k| k.as_str()))
            .map(|n| format!("did you mean `{n}`?"))
            .unwrap_or_else(|| "no earlier step records segments (halls)".to_string());
        self.error(s, format!("unknown segment list `{}`", s.text), Some(help));
        None
    }

    /// A named point that an earlier step sets.
    pub fn marker(&mut self, s: &Src) -> Option<u16> {
        if let Some(i) = self.markers.iter().position(|k| *k == s.text) {
            return Some(i as u16);
        }
        if self.knock_on(&s.text) {
            return None;
        }
        let help = nearest(&s.text, self.markers.iter().map(|k| k.as_str()))
            .map(|n| format!("did you mean `{n}`?"))
            .unwrap_or_else(|| "no earlier step sets a marker of that name".to_string());
        self.error(s, format!("unknown marker `{}`", s.text), Some(help));
        None
    }

    /// The id of list `name`, if an earlier step created it (no error).
    pub fn list_id(&self, name: &str) -> Option<u16> {
        self.lists.iter().position(|k| k == name).map(|i| i as u16)
    }

    /// The type of variable `name`, if it is one (no error).
    pub fn var_type(&self, name: &str) -> Option<Type> {
        Scope::var(self, name).map(|v| v.1)
    }

    /// Declare (or reuse) a named point.
    pub fn declare_marker(&mut self, s: &Src) -> u16 {
        if let Some(i) = self.markers.iter().position(|k| *k == s.text) {
            return i as u16;
        }
        self.markers.push(s.text.clone());
        (self.markers.len() - 1) as u16
    }

    /// Declare (or reuse) a tile layer.
    pub fn declare_layer(&mut self, s: &Src) -> u16 {
        if let Some(i) = self.layers.iter().position(|k| *k == s.text) {
            return i as u16;
        }
        self.layers.push(s.text.clone());
        (self.layers.len() - 1) as u16
    }

    pub(super) fn check_identifier(&mut self, s: &Src) -> bool {
        let ok = !s.text.is_empty()
            && s.text
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && s.text
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !ok {
            self.error(
                s,
                format!("`{}` is not a valid name", s.text),
                Some("names start with an ASCII letter or `_` and hold ASCII letters, digits and `_`".into()),
            );
        }
        ok
    }

    /// Declare (or reuse, if the type agrees) a variable. In a procedure's steps a name
    /// that is no variable yet becomes one of the procedure's own (see `Cx::frame`).
    pub fn declare_var(&mut self, s: &Src, ty: Type) -> Option<u16> {
        if !self.check_identifier(s) {
            return None;
        }
        let own = self.frame.as_ref().and_then(|(start, _)| {
            let mine = &self.locals[*start..];
            mine.iter().rev().find(|(n, ..)| *n == s.text).map(|l| l.1)
        });
        if let Some(slot) = own.or_else(|| self.var_index.get(&s.text).copied()) {
            if own.is_none() && self.param_names.contains(&s.text) {
                self.error(
                    s,
                    format!(
                        "`{}` is a parameter of the rule set: steps cannot change it (its \
                         value comes from `--param` or its default)",
                        s.text
                    ),
                    Some("give the variable its own name, e.g. `Let(\"my_level\", ...)`".into()),
                );
                return None;
            }
            let old = self.vars[slot as usize].1;
            if old != ty {
                self.error(
                    s,
                    format!(
                        "`{}` was {} before; it cannot become {}",
                        s.text,
                        old.describe(),
                        ty.describe()
                    ),
                    None,
                );
                return None;
            }
            self.note_flag_writer(slot, ty);
            self.assigned(slot);
            return Some(slot);
        }
        if ["rooms", "width", "height", "none", "true", "false"].contains(&s.text.as_str()) {
            self.error(s, format!("`{}` is a built-in name", s.text), None);
            return None;
        }
        let slot = self.vars.len() as u16;
        self.vars.push((s.text.clone(), ty));
        if let Some((_, slots)) = &mut self.frame {
            self.locals.push((s.text.clone(), slot, ty));
            slots.push(slot);
        } else {
            self.var_index.insert(s.text.clone(), slot);
        }
        self.note_flag_writer(slot, ty);
        Some(slot)
    }

    /// An operator step declaring a true/false variable writes it.
    fn note_flag_writer(&mut self, slot: u16, ty: Type) {
        if let (Type::Bool, Some(op)) = (ty, &self.current_op) {
            let w = self.flag_writers.entry(slot).or_default();
            if !w.contains(op) {
                w.push(op.clone());
            }
        }
    }

    /// Say when the operator step being compiled makes its true/false variable `slot` false
    /// (e.g. "when it finds no place in 1600 tries"): named by a failing `Require` that
    /// reads the variable.
    pub fn explain_flag(&mut self, slot: u16, when_false: &str) {
        if let (Some(op), Some(w)) = (&self.current_op, self.flag_writers.get_mut(&slot)) {
            if let Some(last) = w.iter_mut().rev().find(|t| t.starts_with(op.as_str())) {
                *last = format!("{op}, false {when_false}");
            }
        }
    }

    /// Declare an optional variable of type `ty` named by an operator field such as
    /// `var: "boss"`: `Some(None)` when the field is absent, `None` after an error.
    pub fn optional_var(&mut self, s: Option<&Src>, ty: Type) -> Option<Option<u16>> {
        match s {
            Some(v) => self.declare_var(v, ty).map(Some),
            None => Some(None),
        }
    }

    /// The rule set's theme table, if it names one (`themes:`).
    pub fn themes(&self) -> Option<Arc<crate::ops::assign_themes::table::ThemeTable>> {
        self.themes.clone()
    }

    /// Declare a tally: a counter in [`crate::engine::State::tallies`] that a step adds to
    /// (e.g. how often a requirement turned a theme down), summed by `stats`. Returns its index.
    pub fn declare_tally(&mut self, kind: &str, reason: &str) -> u16 {
        let key = (kind.to_string(), reason.to_string());
        if let Some(i) = self.tallies.iter().position(|t| *t == key) {
            return i as u16;
        }
        self.tallies.push(key);
        (self.tallies.len() - 1) as u16
    }

    /// Register a place that can fail (shown, with its count, when a Retry runs out).
    pub fn failure_point(&mut self, what: String, at: &Src) -> u32 {
        let at = self.position(at);
        self.failures.push(FailurePoint { what, at });
        (self.failures.len() - 1) as u32
    }
}

impl Scope for Cx<'_> {
    fn var(&self, name: &str) -> Option<(u16, Type)> {
        if let Some((_, slot, ty)) = self.locals.iter().rev().find(|(n, _, _)| n == name) {
            return Some((*slot, *ty));
        }
        self.var_index
            .get(name)
            .map(|&s| (s, self.vars[s as usize].1))
    }
    fn list(&self, name: &str) -> Option<u16> {
        self.lists.iter().position(|l| l == name).map(|i| i as u16)
    }
    fn kind(&self, name: &str) -> Option<u16> {
        self.kinds.iter().position(|l| l == name).map(|i| i as u16)
    }
    fn var_names(&self) -> Vec<String> {
        let mut v: Vec<String> = self.var_index.keys().cloned().collect();
        v.extend(self.locals.iter().map(|l| l.0.clone()));
        v.sort();
        v
    }
    fn list_names(&self) -> Vec<String> {
        self.lists.clone()
    }
    fn kind_names(&self) -> Vec<String> {
        self.kinds.clone()
    }
    fn value_list(&self, name: &str) -> Option<(u16, Type)> {
        let i = self.value_lists.iter().position(|(n, _)| n == name)?;
        Some((i as u16, self.value_lists[i].1))
    }
    fn marker(&self, name: &str) -> Option<u16> {
        self.markers
            .iter()
            .position(|m| m == name)
            .map(|i| i as u16)
    }
    fn marker_names(&self) -> Vec<String> {
        self.markers.clone()
    }
    fn walkable(&self, on: WalkOn<'_>, span: Span) -> Result<u16, CompileError> {
        Ok(self.walk_defs.borrow_mut().id(on, span))
    }
}
