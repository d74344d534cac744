//! `patch` edits of inherited steps: find a `Named` step anywhere in the step tree and
//! replace, remove, or insert before or after it.

use super::schema::Patch;
use crate::ops::StepDef;

/// Every `Named` name in `steps`, depth first.
pub fn collect_names(steps: &[StepDef], out: &mut Vec<String>) {
    let mut srcs = Vec::new();
    named_steps(steps, &mut srcs);
    out.extend(srcs.into_iter().map(|s| s.text.clone()));
}

/// The `Named` names in `steps`, depth first, as written.
pub fn named_steps<'a>(steps: &'a [StepDef], out: &mut Vec<&'a super::src::Src>) {
    for s in steps {
        match s {
            StepDef::Named(n, inner) => {
                out.push(n);
                named_steps(std::slice::from_ref(inner), out);
            }
            StepDef::Retry(r) => named_steps(&r.steps, out),
            StepDef::If(i) => {
                named_steps(&i.then, out);
                named_steps(&i.otherwise, out);
            }
            _ => {}
        }
    }
}

/// Apply `p` to the step named `name` wherever it is. Returns whether it was found.
pub(crate) fn edit(steps: &mut Vec<StepDef>, name: &str, p: Patch) -> bool {
    let pos = steps
        .iter()
        .position(|s| matches!(s, StepDef::Named(n, _) if n.text == name));
    if let Some(i) = pos {
        match p {
            Patch::Replace(n, step) => steps[i] = StepDef::Named(n, Box::new(step)),
            Patch::Remove(_) => {
                steps.remove(i);
            }
            Patch::InsertBefore(_, new) => {
                steps.splice(i..i, new);
            }
            Patch::InsertAfter(_, new) => {
                steps.splice(i + 1..i + 1, new);
            }
        }
        return true;
    }
    for s in steps.iter_mut() {
        let found = match s {
            StepDef::Retry(r) => contains_name(&r.steps, name).then_some(&mut r.steps),
            StepDef::If(c) if contains_name(&c.then, name) => Some(&mut c.then),
            StepDef::If(c) if contains_name(&c.otherwise, name) => Some(&mut c.otherwise),
            StepDef::Named(_, inner) => {
                if let StepDef::Retry(r) = inner.as_mut() {
                    contains_name(&r.steps, name).then_some(&mut r.steps)
                } else if let StepDef::If(c) = inner.as_mut() {
                    if contains_name(&c.then, name) {
                        Some(&mut c.then)
                    } else if contains_name(&c.otherwise, name) {
                        Some(&mut c.otherwise)
                    } else {
                        None
                    }
                } else {
                    None
                }
            }
            _ => None,
        };
        if let Some(inner) = found {
            return edit(inner, name, p);
        }
    }
    false
}

fn contains_name(steps: &[StepDef], name: &str) -> bool {
    let mut names = Vec::new();
    collect_names(steps, &mut names);
    names.iter().any(|n| n == name)
}
