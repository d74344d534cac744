//! Compiling `Procedure` definitions and `Call` steps (run by `crate::interpreter::call`).

use super::compile::ProcInfo;
use super::src::Src;
use super::steps::Steps;
use crate::engine::value::Type;
use crate::interpreter::{Procedure, Step};
use crate::lang::nearest;
use crate::ops::ProcedureDef;

/// The depth limit of a procedure without `max_depth`.
const DEFAULT_DEPTH: u32 = 100;

/// The parameter types, as rule files write them.
const TYPES: &[(&str, Type)] = &[
    ("number", Type::Num),
    ("bool", Type::Bool),
    ("room", Type::Room),
    ("cell", Type::Cell),
    ("area", Type::Area),
    ("pair", Type::Pair),
];

impl Steps<'_, '_> {
    /// `Procedure(...)`: compile its steps and record it (nothing runs where it is written).
    pub(super) fn procedure(&mut self, p: &ProcedureDef) {
        if self.frame.is_some() {
            let help = "define it at the top level of `steps`, before the steps that call it";
            let message = "a Procedure cannot be defined inside another".to_string();
            self.error(&p.name, message, Some(help.into()));
            return;
        }
        let mut ok = self.check_identifier(&p.name);
        if self.procedures.iter().any(|q| q.name == p.name.text) {
            let message = format!("a procedure named `{}` is already defined", p.name.text);
            self.error(&p.name, message, None);
            return;
        }
        let mut params: Vec<(String, Type)> = Vec::new();
        for s in &p.params {
            match self.param(s, &params) {
                Some(param) => params.push(param),
                None => ok = false,
            }
        }
        let index = self.procedures.len();
        self.procedures.push(ProcInfo {
            name: p.name.text.clone(),
            params: params.clone(),
            ok,
        });
        self.compiled.push(None);
        self.frame = Some((self.locals.len(), Vec::new()));
        for (name, ty) in &params {
            self.declare_param(name, *ty);
        }
        let body = self.steps(&p.steps);
        let frame = self.end_frame();
        let max_depth = p.max_depth.map_or(DEFAULT_DEPTH, |d| d.0);
        let what = format!(
            "Procedure `{}`: calls nested deeper than {max_depth}, its limit (`max_depth`)",
            p.name.text
        );
        let too_deep = self.failure_point(what, &p.name);
        self.compiled[index] = Some(Procedure {
            name: p.name.text.clone(),
            frame: frame.into(),
            params: params.len(),
            max_depth,
            too_deep,
            body,
        });
    }

    /// A parameter `"name: type"`, not named like one of `before`.
    fn param(&mut self, s: &Src, before: &[(String, Type)]) -> Option<(String, Type)> {
        let Some((name, ty)) = s.text.split_once(':') else {
            let help = format!("e.g. \"{}: number\"", s.text.trim());
            let message = "a parameter is written `name: type`".to_string();
            self.error(s, message, Some(help));
            return None;
        };
        let at = |part: &str| {
            let start = part.as_ptr() as usize - s.text.as_ptr() as usize;
            (start, start + part.len())
        };
        let (name, ty) = (name.trim(), ty.trim());
        let valid = name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !valid {
            let message = format!("`{name}` is not a valid name");
            self.error_in(s, at(name), message, None);
            return None;
        }
        if before.iter().any(|(n, _)| n == name) {
            let message = format!("two parameters are named `{name}`");
            self.error_in(s, at(name), message, None);
            return None;
        }
        let Some(&(_, ty)) = TYPES.iter().find(|(n, _)| *n == ty) else {
            let names: Vec<&str> = TYPES.iter().map(|t| t.0).collect();
            let help = match nearest(ty, names.iter().copied()) {
                Some(n) => format!("did you mean `{n}`?"),
                None => format!("the types are: {}", names.join(", ")),
            };
            self.error_in(s, at(ty), format!("unknown type `{ty}`"), Some(help));
            return None;
        };
        Some((name.to_string(), ty))
    }

    /// `Call("name", [arguments])`: each argument an expression of its parameter's type.
    pub(super) fn call(&mut self, name: &Src, args: &[Src]) -> Option<Step> {
        let Some(index) = self.procedures.iter().position(|p| p.name == name.text) else {
            let names: Vec<&str> = self.procedures.iter().map(|p| p.name.as_str()).collect();
            let help = match nearest(&name.text, names.iter().copied()) {
                Some(n) => format!("did you mean `{n}`?"),
                None if names.is_empty() => {
                    "define it with `Procedure(name: ..., steps: [...])` before the steps that \
                     call it"
                        .into()
                }
                None => format!(
                    "the procedures defined before this step are: {}",
                    names.join(", ")
                ),
            };
            let message = format!("unknown procedure `{}`", name.text);
            self.error(name, message, Some(help));
            return None;
        };
        let info = self.procedures[index].clone();
        if !info.ok {
            return None;
        }
        if args.len() != info.params.len() {
            let list: Vec<String> = info
                .params
                .iter()
                .map(|(n, t)| format!("{n}: {}", t.noun()))
                .collect();
            let message = format!(
                "`{}` takes {} argument{} ({}), found {}",
                info.name,
                list.len(),
                if list.len() == 1 { "" } else { "s" },
                list.join(", "),
                args.len()
            );
            self.error(name, message, None);
            return None;
        }
        let mut programs = Vec::new();
        for (a, (_, ty)) in args.iter().zip(&info.params) {
            programs.push(self.expr(a, *ty));
        }
        let args = programs.into_iter().collect::<Option<Box<[_]>>>()?;
        let at = self.position(name);
        Some(Step::Call {
            proc: index as u16,
            args,
            label: self.label(name.text.clone(), "Call", at),
        })
    }
}
