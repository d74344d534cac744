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
            _ => s.bodies().into_iter().for_each(|b| named_steps(b, out)),
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
            Patch::Replace(n, step) => steps[i] = StepDef::Named(n, step),
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
    let found = steps
        .iter_mut()
        .flat_map(|s| s.bodies_mut())
        .find(|body| contains_name(body, name));
    match found {
        Some(body) => edit(body, name, p),
        None => false,
    }
}

fn contains_name(steps: &[StepDef], name: &str) -> bool {
    let mut names = Vec::new();
    collect_names(steps, &mut names);
    names.iter().any(|n| n == name)
}
