//! Compiling steps: the control steps (`Let`, `Require`, `Check`, `Retry`, `If`, `Named`) here, the
//! operators through their own `compile` (see `crate::ops`).

use super::compile::Cx;
use super::src::Src;
use crate::engine::interpreter::Step;
use crate::engine::value::Type;
use crate::engine::StepLabel;
use crate::lang;
use crate::ops::StepDef;

impl Cx<'_> {
    fn label(&mut self, name: String, kind: &'static str, at: String) -> u32 {
        self.labels.push(StepLabel { name, kind, at });
        (self.labels.len() - 1) as u32
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
                Some(Step::Require { id, expr })
            }
            StepDef::Retry(r) => {
                let at = name.map(|n| self.position(n)).unwrap_or_else(|| {
                    r.steps
                        .first()
                        .and_then(first_src)
                        .map_or("<retry>".into(), |s| self.position_before(s, "Retry("))
                });
                let body = self.steps(&r.steps);
                Some(Step::Retry {
                    max: r.max.0,
                    at,
                    body,
                })
            }
            StepDef::If(i) => {
                let cond = self.expr(&i.cond, Type::Bool);
                let then = self.steps(&i.then);
                let otherwise = self.steps(&i.otherwise);
                Some(Step::If {
                    cond: cond?,
                    then,
                    otherwise,
                })
            }
            op => {
                let kind = op.kind_name();
                let at = name
                    .or_else(|| first_src(op))
                    .map_or(String::new(), |s| self.position(s));
                let label_name = name.map_or(kind.to_string(), |n| n.text.clone());
                let label = self.label(label_name, kind, at);
                let compiled = op.compile_op(self)?;
                Some(Step::Op {
                    label,
                    op: compiled,
                })
            }
        }
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
        other => other.anchor(),
    }
}
