//! Compiling steps: the control steps (`Let`, `Require`, `Check`, `Retry`, `If`, `Named`) here, the
//! operators through their own `compile` (see `crate::ops`).

use super::compile::Cx;
use super::src::Src;
use crate::engine::value::{Type, Value};
use crate::engine::StepLabel;
use crate::interpreter::{Source, Step};
use crate::lang;
use crate::lang::compile::{Op, NO_FAULT};
use crate::lang::parse::{BinOp, Node, NodeKind};
use crate::lang::Program;
use crate::ops::{RetryDef, StepDef};

impl Cx<'_> {
    fn label(&mut self, name: String, kind: &'static str, at: String) -> u32 {
        self.labels.push(StepLabel { name, kind, at });
        (self.labels.len() - 1) as u32
    }

    fn for_each(&mut self, f: &crate::ops::ForEachDef, name: Option<&Src>) -> Option<Step> {
        let sources = [f.rooms.is_some(), f.list.is_some(), f.markers.is_some()];
        if sources.iter().filter(|&&b| b).count() != 1 {
            self.error(
                &f.var,
                "a ForEach needs exactly one of `rooms`, `list` or `markers`".into(),
                Some("e.g. ForEach(rooms: \"true\", as: \"r\", steps: [...])".into()),
            );
            return None;
        }
        let ty = if f.markers.is_some() {
            Type::Cell
        } else {
            Type::Room
        };
        let var = self.declare_var(&f.var, ty);
        let source = if let Some(filter) = &f.rooms {
            Source::Rooms(self.expr(filter, Type::Bool)?)
        } else if let Some(l) = &f.list {
            if self.list_id(&l.text).is_none() && self.var_type(&l.text).is_some() {
                self.error(
                    l,
                    format!(
                        "`{}` is a variable, not a list: ForEach loops over a list of rooms",
                        l.text
                    ),
                    Some("name a list that an earlier step fills, or loop over `rooms`".into()),
                );
                return None;
            }
            Source::List(self.list(l)?)
        } else {
            let ms = f.markers.as_deref().unwrap_or_default();
            let mut ids = Vec::new();
            for m in ms {
                ids.push(self.marker(m)?);
            }
            Source::Markers(ids)
        };
        let kind = "ForEach";
        let at = self.position(name.unwrap_or(&f.var));
        let label_name = name.map_or(format!("ForEach {}", f.var.text), |n| n.text.clone());
        let label = self.label(label_name, kind, at);
        let body = self.maybe_never(|cx| cx.steps(&f.steps));
        Some(Step::ForEach {
            label,
            var: var?,
            source,
            max: f.max.map_or(10_000, |m| m.0),
            body,
        })
    }

    /// Compile a list of steps.
    pub fn steps(&mut self, defs: &[StepDef]) -> Vec<Step> {
        defs.iter().filter_map(|d| self.step(d, None)).collect()
    }

    fn step(&mut self, def: &StepDef, name: Option<&Src>) -> Option<Step> {
        match def {
            StepDef::Named(n, inner) => self.step(inner, Some(n)),
            StepDef::Let(n, e) => {
                let node_ty = lang::parse(&e.text)
                    .ok()
                    .and_then(|node| lang::compile(&node, &*self).ok().map(|p| p.ty));
                let ty = node_ty.unwrap_or(Type::Num);
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
                Some(Step::Retry {
                    max: r.max.0,
                    at,
                    var,
                    give_up,
                    restore: crate::interpreter::Restore::of(&body),
                    body,
                })
            }
            StepDef::If(i) => {
                let cond = self.expr(&i.cond, Type::Bool);
                let (then, otherwise) =
                    self.paths(|cx| cx.steps(&i.then), |cx| cx.steps(&i.otherwise));
                Some(Step::If {
                    cond: cond?,
                    then,
                    otherwise,
                })
            }
            StepDef::ForEach(f) => self.for_each(f, name),
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
                let compiled = op.compile_op(self);
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

impl Cx<'_> {
    /// A `Require` whose condition is `a && b && ...` where some of the terms are true/false
    /// variables an operator step writes (e.g. its `result:`): when it fails, the first
    /// such term that is false names the step that made it false (its own failure point),
    /// instead of only the condition. Otherwise a plain `Require`.
    fn require(&mut self, e: &Src, expr: Program, id: u32) -> Step {
        let Ok(node) = lang::parse(&e.text) else {
            return Step::Require { id, expr };
        };
        let mut terms = Vec::new();
        conjuncts(&node, &mut terms);
        let mut causes = Vec::new();
        for t in terms {
            let NodeKind::Name(n) = &t.kind else { continue };
            let Some((slot, Type::Bool)) = lang::Scope::var(&*self, n) else {
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
        StepDef::Let(n, _) => Some(n),
        StepDef::Require(e) | StepDef::Check(e, _) => Some(e),
        StepDef::If(i) => Some(&i.cond),
        StepDef::Retry(r) => r.steps.first().and_then(first_src),
        StepDef::ForEach(f) => Some(&f.var),
        other => other.anchor(),
    }
}
