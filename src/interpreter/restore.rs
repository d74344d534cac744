//! What a `Retry` restores on a restart: the whole state, or only the parts its steps can
//! write.

use super::step::{Restore, Step};
use crate::operator::Writes;

impl Restore {
    /// What a restart of `body` must put back: [`Restore::Parts`] when every step of it
    /// (nested ones included) writes only lists (expressions may pop them), tallies, the
    /// variables it names (`Let`, a nested `Retry`'s attempt variable, a loop's variable)
    /// and the tile layers and variables that its operators declare
    /// ([`Runnable::writes`](crate::operator::Runnable::writes)); else
    /// [`Restore::All`]. A state part no step can write still holds what it held when the
    /// Retry began.
    pub fn of(body: &[Step]) -> Restore {
        let (mut layers, mut vars) = (Vec::new(), Vec::new());
        if written(body, &mut layers, &mut vars) {
            for v in [&mut layers, &mut vars] {
                v.sort_unstable();
                v.dedup();
            }
            Restore::Parts {
                layers: layers.into_boxed_slice(),
                vars: vars.into_boxed_slice(),
            }
        } else {
            Restore::All
        }
    }
}

/// Add the layers and variables `steps` may write to `layers` and `vars`; false when a
/// step may write more than variables, lists, tallies and declared layers.
fn written(steps: &[Step], layers: &mut Vec<u16>, vars: &mut Vec<u16>) -> bool {
    steps.iter().all(|s| match s {
        Step::Let { slot, .. } => {
            vars.push(*slot);
            true
        }
        Step::Require { .. } | Step::Push { .. } => true,
        Step::If {
            then, otherwise, ..
        } => written(then, layers, vars) && written(otherwise, layers, vars),
        Step::Retry(r) => {
            vars.extend(r.var);
            written(&r.body, layers, vars)
        }
        Step::ForEach(l, _) | Step::Repeat(l, _) | Step::While(l, _) => {
            vars.extend(l.var);
            written(&l.body, layers, vars)
        }
        // a procedure's steps may write anything (and call it again)
        Step::Call { .. } => false,
        Step::Op { op, .. } => match op.writes() {
            Writes::Only { layers: l, vars: v } => {
                layers.extend_from_slice(l);
                vars.extend_from_slice(v);
                true
            }
            Writes::Anything => false,
        },
    })
}
