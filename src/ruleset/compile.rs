//! Stage 2 of loading: resolve names, compile expressions and operators, collect every error.
//!
//! [`Cx`] is what operators see while compiling: it turns names into indices, compiles
//! expressions in the right scope, and records diagnostics at the exact position of the
//! string they came from.

use super::diag::Diagnostic;
use super::files::{LoadedFile, Reader};
use super::src::{FxBuild, Src};
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
use std::rc::Rc;
use std::sync::Arc;

mod names;
mod position;

/// Layer names the engine writes into the output itself: a rule file may not use them for a
/// tile layer.
pub const RESERVED_LAYERS: &[&str] = &["rooms"];

/// An expression's syntax tree, shared by every use of the same text, or its syntax error
/// ([`Cx::parse`]).
pub(crate) type Parsed = Result<Rc<lang::parse::Node>, lang::SyntaxError>;

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
    /// Expression texts parsed so far, with their trees ([`Cx::parse`]).
    parsed: RefCell<HashMap<String, Parsed, FxBuild>>,
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
            parsed: RefCell::default(),
        }
    }

    /// The syntax tree of expression `text` ([`lang::parse`]): a text written several
    /// times in a rule set (`"vertical ? 11 : 12"`), or read again to find its type, is
    /// parsed once per load.
    pub(crate) fn parse(&self, text: &str) -> Parsed {
        if let Some(parsed) = self.parsed.borrow().get(text) {
            return parsed.clone();
        }
        let parsed = lang::parse(text).map(Rc::new);
        self.parsed
            .borrow_mut()
            .insert(text.to_string(), parsed.clone());
        parsed
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

    /// Compile expression `s`, which must have type `want`.
    pub fn expr(&mut self, s: &Src, want: Type) -> Option<Program> {
        let node = match self.parse(&s.text) {
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
