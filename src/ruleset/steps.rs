//! Compiling steps: the control steps (`Let`, `Require`, `Check`, `Retry`, `If`, the loops,
//! `Push`, `Named`) here (the loops in `loops`), procedures and calls in
//! `super::procedures`, the operators through their own `compile` (see `crate::ops`).

use super::compile::Cx;
use super::src::Src;
use crate::engine::state::ListId;
use crate::engine::value::{Type, Value};
use crate::engine::StepLabel;
use crate::interpreter::{Procedure, Retry, Step};
use crate::lang;
use crate::lang::compile::{Op, NO_FAULT};
use crate::lang::parse::{BinOp, Node, NodeKind};
use crate::lang::Program;
use crate::ops::{RetryDef, StepDef};
use std::ops::{Deref, DerefMut};

mod loops;

/// Compiles a rule file's steps: the compile context, plus the procedures compiled so far.
pub(crate) struct Steps<'c, 'a> {
    cx: &'c mut Cx<'a>,
    /// The compiled procedures, by index (`None` while its steps compile, or after errors).
    pub(super) compiled: Vec<Option<Procedure>>,
}

impl<'a> Deref for Steps<'_, 'a> {
    type Target = Cx<'a>;
    fn deref(&self) -> &Cx<'a> {
        self.cx
    }
}

impl<'a> DerefMut for Steps<'_, 'a> {
    fn deref_mut(&mut self) -> &mut Cx<'a> {
        self.cx
    }
}

/// Compile the steps of a rule file: the steps, and the procedures they define by index.
pub(crate) fn compile(cx: &mut Cx, defs: &[StepDef]) -> (Vec<Step>, Vec<Procedure>) {
    let mut c = Steps {
        cx,
        compiled: Vec::new(),
    };
    let steps = c.steps(defs);
    // (a procedure missing here had errors, so no rule set is made)
    (steps, c.compiled.into_iter().flatten().collect())
}

impl Steps<'_, '_> {
    pub(super) fn label(&mut self, name: String, kind: &'static str, at: String) -> u32 {
        self.labels.push(StepLabel { name, kind, at });
        (self.labels.len() - 1) as u32
    }

    /// Compile a list of steps.
    pub(super) fn steps(&mut self, defs: &[StepDef]) -> Vec<Step> {
        defs.iter().filter_map(|d| self.step(d, None)).collect()
    }

    fn step(&mut self, def: &StepDef, name: Option<&Src>) -> Option<Step> {
        match def {
            StepDef::Named(n, inner) => self.step(inner, Some(n)),
            StepDef::Push(l, e) => self.push(l, e),
            StepDef::Procedure(p) => {
                self.procedure(p);
                None
            }
            StepDef::Call(p, args) => self.call(p, args),
            StepDef::Let(n, e) => {
                let ty = self.type_of(e).unwrap_or(Type::Num);
                let expr = self.expr(e, ty);
                // Declare the name even when the expression is broken, so later uses of it
                // do not report a second, misleading "unknown name".
                let slot = self.declare_var(n, ty)?;
                Some(Step::Let { slot, expr: expr? })
            }
            StepDef::Check(e, message) => {
                let expr = self.expr(e, Type::Bool)?;
                let id = self.failure_point(format!("{} (Check `{}`)", message.text, e.text), e);
                Some(Step::Require { id, expr })
            }
            StepDef::Require(e) => {
                let expr = self.expr(e, Type::Bool)?;
                let id = self.failure_point(format!("Require `{}`", e.text), e);
                Some(self.require(e, expr, id))
            }
            StepDef::Retry(r) => {
                let at = name.map(|n| self.position(n)).unwrap_or_else(|| {
                    // The first located string may be inside directly nested Retries: skip
                    // back over one `Retry(` per level to reach this one.
                    r.steps
                        .first()
                        .and_then(first_src)
                        .map_or("<retry>".into(), |s| {
                            self.position_before_nth(s, "Retry(", retry_depth(r))
                        })
                });
                let var = match &r.var {
                    Some(v) => Some(self.declare_var(v, Type::Num)?),
                    None => None,
                };
                let give_up = r.give_up.then(|| {
                    self.failures.push(crate::engine::FailurePoint {
                        what: format!("Retry gave up after {} attempts", r.max.0),
                        at: at.clone(),
                    });
                    (self.failures.len() - 1) as u32
                });
                let body = self.steps(&r.steps);
                Some(Step::Retry(Retry {
                    max: r.max.0,
                    at,
                    var,
                    give_up,
                    restore: crate::interpreter::Restore::of(&body),
                    body,
                }))
            }
            StepDef::If(i) => {
                let cond = self.expr(&i.cond, Type::Bool);
                let before = self.mark();
                let guards = self.guard_then(&i.cond);
                let then = self.steps(&i.then);
                self.unguard(guards);
                let first = self.second_path(&before);
                let otherwise = self.steps(&i.otherwise);
                self.paths_joined(first);
                Some(Step::If {
                    cond: cond?,
                    then,
                    otherwise,
                })
            }
            StepDef::ForEach(f) => self.for_each(f, name),
            StepDef::Repeat(r) => self.repeat(r, name),
            StepDef::While(w) => self.while_loop(w, name),
            op => {
                let kind = op.kind_name();
                let at = name
                    .or_else(|| first_src(op))
                    .map_or(String::new(), |s| self.position(s));
                let label_name = name.map_or(kind.to_string(), |n| n.text.clone());
                let label = self.label(label_name, kind, at.clone());
                let anchor = op
                    .anchor()
                    .map_or(String::new(), |a| format!(" `{}`", a.text));
                self.current_op = Some(format!("{kind}{anchor} at {at}"));
                let compiled = op.compile_op(self.cx);
                self.current_op = None;
                self.causes.step_failed |= compiled.is_none();
                let compiled = compiled?;
                Some(Step::Op {
                    label,
                    op: compiled,
                })
            }
        }
    }
}

impl Steps<'_, '_> {
    /// The type of expression `e`, when it compiles (its errors are reported when it is
    /// compiled for good).
    fn type_of(&self, e: &Src) -> Option<Type> {
        let node = self.cx.parse(&e.text).ok()?;
        lang::compile(&node, &*self.cx).ok().map(|p| p.ty)
    }

    /// `Push("list", "expression")`: the list's kind follows from the value's type.
    fn push(&mut self, l: &Src, e: &Src) -> Option<Step> {
        let ty = self.type_of(e);
        let expr = self.expr(e, ty.unwrap_or(Type::Num))?;
        let list = match expr.ty {
            Type::Room if self.value_lists.iter().any(|(n, _)| *n == l.text) => {
                let message = format!("`{}` is a list of areas or cells, not of rooms", l.text);
                self.error(e, message, None);
                return None;
            }
            Type::Room => ListId::Rooms(self.declare_list(l)),
            Type::Area | Type::Cell => ListId::Values(self.declare_value_list(l, expr.ty)?),
            Type::Pair => ListId::Values(self.declare_value_list(l, Type::Area)?),
            Type::Num | Type::Bool => {
                let message = format!(
                    "a list holds rooms, areas or cells; this expression is {}",
                    expr.ty.describe()
                );
                self.error(e, message, None);
                return None;
            }
        };
        Some(Step::Push { list, expr })
    }

    /// A `Require` whose condition is `a && b && ...` where some of the terms are true/false
    /// variables an operator step writes (e.g. its `result:`): when it fails, the first
    /// such term that is false names the step that made it false (its own failure point),
    /// instead of only the condition. Otherwise a plain `Require`.
    fn require(&mut self, e: &Src, expr: Program, id: u32) -> Step {
        let Ok(node) = self.cx.parse(&e.text) else {
            return Step::Require { id, expr };
        };
        let mut terms = Vec::new();
        conjuncts(&node, &mut terms);
        let mut causes = Vec::new();
        for t in terms {
            let NodeKind::Name(n) = &t.kind else { continue };
            let Some((slot, Type::Bool)) = lang::Scope::var(&*self.cx, n) else {
                continue;
            };
            let Some(writers) = self.flag_writers.get(&slot) else {
                continue;
            };
            let what = format!(
                "Require `{}`: `{n}` is false (written by {})",
                e.text,
                writers.join("; or by ")
            );
            let cause = self.failure_point(what, e);
            causes.push(Step::If {
                cond: program(vec![Op::Var(slot), Op::Not]),
                then: vec![fail(cause)],
                otherwise: Vec::new(),
            });
        }
        if causes.is_empty() {
            return Step::Require { id, expr };
        }
        causes.push(fail(id));
        Step::If {
            cond: expr,
            then: Vec::new(),
            otherwise: causes,
        }
    }
}

/// A true/false program of `code` (no division, so no fault).
fn program(code: Vec<Op>) -> Program {
    Program::new(code.into(), Type::Bool, NO_FAULT)
}

/// A `Require` that always fails at failure point `id`.
fn fail(id: u32) -> Step {
    Step::Require {
        id,
        expr: program(vec![Op::Push(Value::Bool(false))]),
    }
}

/// The terms of `a && b && ...` (the node itself when it is no `&&`).
fn conjuncts<'n>(node: &'n Node, out: &mut Vec<&'n Node>) {
    match &node.kind {
        NodeKind::Binary(BinOp::And, a, b) => {
            conjuncts(a, out);
            conjuncts(b, out);
        }
        _ => out.push(node),
    }
}

/// How many `Retry(` words stand between a Retry and the first located string of its body
/// (1, plus one for each unnamed Retry that opens the body).
fn retry_depth(r: &RetryDef) -> usize {
    match r.steps.first() {
        Some(StepDef::Retry(inner)) => 1 + retry_depth(inner),
        _ => 1,
    }
}

/// The first located string inside a step, to point at it when nothing better is known.
fn first_src(def: &StepDef) -> Option<&Src> {
    match def {
        StepDef::Named(n, _) => Some(n),
        StepDef::Let(n, _) | StepDef::Push(n, _) | StepDef::Call(n, _) => Some(n),
        StepDef::Procedure(p) => Some(&p.name),
        StepDef::Require(e) | StepDef::Check(e, _) => Some(e),
        StepDef::If(i) => Some(&i.cond),
        StepDef::Retry(r) => r.steps.first().and_then(first_src),
        StepDef::ForEach(f) => Some(&f.var),
        StepDef::Repeat(r) => Some(&r.count),
        StepDef::While(w) => Some(&w.cond),
        other => other.anchor(),
    }
}
