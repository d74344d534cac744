//! Measure expressions: the expression language of rule files (`src/lang`), over the
//! measures of a dungeon instead of a run's variables. Used by `search --where` and by the
//! extra measures a rule file declares (`stats: Stats(measures: [...])`).
//!
//! Every measure is a name: `rooms`, `boss_distance`, ... as in [`super::measures`], with
//! the `.` of family members written `_` (`kind_boss`, `shape_2x2`, `area_floor`);
//! `count(kind)` counts rooms of a kind, and `width`/`height` are the room grid's size. An
//! undefined measure (NaN) makes every comparison with it false. Functions that draw random
//! numbers or change lists (`rnd`, `chance`, `pop_*`, ...) are refused: a measure depends on
//! the dungeon alone. Errors carry their byte span in the expression text.

use super::measures::Sample;
use crate::dungeon::Dungeon;
use crate::engine::state::{Room, State};
use crate::engine::value::{Type, Value};
use crate::lang::parse::{Node, NodeKind};
use crate::lang::{CompileError, Program, Scope};
use crate::rng::{Rng, RngSpec};

/// The built-in measures that are single names (the families come from the rule set), in
/// their order in a sample.
pub use super::measures::BUILT_IN as BUILTIN;

/// Functions a measure expression may not call, with why.
const REFUSED: [&str; 8] = [
    "rnd",
    "chance",
    "pop_random",
    "pop_last",
    "pop_first",
    "len",
    "first",
    "last",
];

/// What names mean in measure expressions of one rule set.
#[derive(Debug, Clone)]
pub struct MeasureScope {
    /// Variable names, by slot (measure names with `.` written `_`).
    vars: Vec<String>,
    /// The measure each slot reads (`kind.boss` for `kind_boss`).
    sources: Vec<String>,
    /// Room kinds for `count(kind)`.
    kinds: Vec<String>,
}

impl MeasureScope {
    /// The names of a rule set with these room kinds, shapes and tile classes.
    pub fn new(kinds: &[String], shapes: &[String], classes: &[String]) -> MeasureScope {
        let mut s = MeasureScope {
            vars: Vec::new(),
            sources: Vec::new(),
            kinds: kinds.to_vec(),
        };
        for b in BUILTIN {
            s.add(b, b.to_string());
        }
        for (family, names) in [("kind", kinds), ("shape", shapes), ("area", classes)] {
            for n in names {
                // `{family}_{n}` with every char but ASCII letters and digits written `_`,
                // and `{family}.{n}` (built by hand: `stats` makes this scope per process)
                let mut var = String::with_capacity(family.len() + 1 + n.len());
                var.push_str(family);
                var.push('_');
                var.extend(
                    n.chars()
                        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }),
                );
                let mut source = String::with_capacity(family.len() + 1 + n.len());
                source.push_str(family);
                source.push('.');
                source.push_str(n);
                s.add(&var, source);
            }
        }
        s
    }

    fn add(&mut self, var: &str, source: String) {
        if !self.vars.iter().any(|v| v == var) {
            self.vars.push(var.to_string());
            self.sources.push(source);
        }
    }

    /// Every name, in slot order.
    pub fn names(&self) -> &[String] {
        &self.vars
    }

    /// Compile `text` (of type `want`: a number or a condition).
    ///
    /// # Errors
    /// Syntax errors, unknown names (with the nearest one), refused functions and a wrong
    /// type, each with its byte span in `text`.
    pub fn compile(&self, text: &str, want: Type) -> Result<Program, Vec<CompileError>> {
        let node = crate::lang::parse(text).map_err(|e| {
            vec![CompileError {
                span: e.span,
                message: e.message,
                help: None,
            }]
        })?;
        let mut refused = Vec::new();
        refuse(&node, &mut refused);
        if !refused.is_empty() {
            return Err(refused);
        }
        let p = crate::lang::compile(&node, self)?;
        let ok = p.ty == want || (want == Type::Num && p.ty == Type::Bool);
        if !ok {
            return Err(vec![CompileError {
                span: (0, text.len()),
                message: format!(
                    "expected {}, but this expression is {}",
                    want.describe(),
                    p.ty.describe()
                ),
                help: (want == Type::Bool).then(|| "compare it: e.g. `rooms >= 10`".into()),
            }]);
        }
        Ok(p)
    }

    /// A state to evaluate against (one per thread; reused dungeon after dungeon).
    pub fn state(&self) -> State {
        State::new(0, 0, 0, self.vars.len(), 0, 0, Rng::new(&RngSpec::Pcg64, 0))
    }

    /// Load `sample`'s measures (and `d`'s rooms, for `count`) into `st`.
    pub fn load(&self, st: &mut State, d: &Dungeon, sample: &Sample) {
        st.plan_width = d.width;
        st.plan_height = d.height;
        for (slot, src) in self.sources.iter().enumerate() {
            let v = match sample.values.iter().find(|(n, _)| n == src) {
                Some((_, v)) => *v,
                // a family member the dungeon does not have: none of it
                None if src.contains('.') => 0.0,
                None => f64::NAN,
            };
            st.vars[slot] = Value::Num(v);
        }
        st.rooms.clear();
        for r in &d.rooms {
            let kind = self
                .kinds
                .iter()
                .position(|k| *k == r.kind)
                .map_or(u16::MAX, |i| i as u16);
            st.rooms.push(Room {
                kind,
                first_cell: 0,
                n_cells: 0,
                shape: None,
                layout: None,
            });
        }
    }

    /// Declare an extra measure `name` (visible to the expressions after it).
    pub fn declare(&mut self, name: &str) {
        self.add(name, name.to_string());
    }
}

fn refuse(n: &Node, out: &mut Vec<CompileError>) {
    match &n.kind {
        NodeKind::Call(name, span, args) => {
            if REFUSED.contains(&name.as_str()) {
                out.push(CompileError {
                    span: *span,
                    message: format!("`{name}` cannot be used in a measure expression"),
                    help: Some(
                        "a measure depends on the dungeon alone: no random numbers, no lists"
                            .into(),
                    ),
                });
            }
            for a in args {
                refuse(a, out);
            }
        }
        NodeKind::Unary(_, a) => refuse(a, out),
        NodeKind::Binary(_, a, b) => {
            refuse(a, out);
            refuse(b, out);
        }
        NodeKind::Ternary(c, a, b) => {
            refuse(c, out);
            refuse(a, out);
            refuse(b, out);
        }
        _ => {}
    }
}

impl Scope for MeasureScope {
    fn var(&self, name: &str) -> Option<(u16, Type)> {
        self.vars
            .iter()
            .position(|v| v == name)
            .map(|i| (i as u16, Type::Num))
    }
    fn list(&self, _: &str) -> Option<u16> {
        None
    }
    fn kind(&self, name: &str) -> Option<u16> {
        self.kinds.iter().position(|k| k == name).map(|i| i as u16)
    }
    fn var_names(&self) -> Vec<String> {
        self.vars.clone()
    }
    fn list_names(&self) -> Vec<String> {
        Vec::new()
    }
    fn kind_names(&self) -> Vec<String> {
        self.kinds.clone()
    }
}

/// The extra measures of a rule set, compiled.
#[derive(Debug, Clone)]
pub struct Extra {
    /// The scope, with every extra measure declared.
    pub scope: MeasureScope,
    progs: Vec<(String, Program)>,
}

impl Extra {
    /// Compile `measures` (name, expression) in order on top of `scope`.
    ///
    /// # Errors
    /// The measure's index and its expression's errors.
    pub fn new(
        mut scope: MeasureScope,
        measures: &[(String, String)],
    ) -> Result<Extra, (usize, Vec<CompileError>)> {
        let mut progs = Vec::new();
        for (i, (name, text)) in measures.iter().enumerate() {
            let p = scope.compile(text, Type::Num).map_err(|e| (i, e))?;
            scope.declare(name);
            progs.push((name.clone(), p));
        }
        Ok(Extra { scope, progs })
    }

    /// Whether there is nothing to add.
    pub fn is_empty(&self) -> bool {
        self.progs.is_empty()
    }

    /// Add the extra measures of `d` to `sample` (using `st`, from [`MeasureScope::state`]).
    ///
    /// # Errors
    /// A measure divided by zero (its name; the value would be meaningless).
    pub fn add(&self, st: &mut State, d: &Dungeon, sample: &mut Sample) -> Result<(), String> {
        for (name, p) in &self.progs {
            self.scope.load(st, d, sample);
            st.fault = None;
            let v = p.eval(st);
            if st.fault.take().is_some() {
                return Err(format!(
                    "the measure `{name}` divided by zero (in the rule file's `stats: \
                     Stats(measures: ...)`)"
                ));
            }
            let v = match v {
                Value::Bool(b) => b as u8 as f64,
                v => v.num(),
            };
            sample.values.push((name.clone(), v));
        }
        Ok(())
    }
}

/// Whether `pred` (a condition compiled by [`MeasureScope::compile`]) holds for `d`.
///
/// # Errors
/// The condition divided by zero.
pub fn holds(
    scope: &MeasureScope,
    st: &mut State,
    pred: &Program,
    d: &Dungeon,
    s: &Sample,
) -> Result<bool, String> {
    scope.load(st, d, s);
    st.fault = None;
    let yes = pred.truth(st);
    if st.fault.take().is_some() {
        return Err("the --where condition divided by zero".into());
    }
    Ok(yes)
}
