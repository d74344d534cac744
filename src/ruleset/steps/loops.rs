//! Compiling the loop steps (`ForEach`, `Repeat`, `While`): what a `ForEach` walks, the loop
//! variable, the budget (`max`, else a default) with the failure point reported when it runs
//! out, and the body.

use super::Steps;
use crate::engine::state::ListId;
use crate::engine::value::Type;
use crate::interpreter::{Loop, Source, Step};
use crate::ops::StepDef;
use crate::ruleset::src::Src;

/// The budget of a `Repeat` or `While` without `max`.
const LOOP_BUDGET: u32 = 100_000;

/// A loop's budget: its `max`, else `default`.
fn budget(max: Option<crate::operator::control::Iterations>, default: u32) -> u32 {
    max.map_or(default, |m| m.0)
}

impl Steps<'_, '_> {
    pub(super) fn for_each(
        &mut self,
        f: &crate::ops::ForEachDef,
        name: Option<&Src>,
    ) -> Option<Step> {
        let sources = [f.rooms.is_some(), f.list.is_some(), f.markers.is_some()];
        if sources.iter().filter(|&&b| b).count() != 1 {
            self.error(
                &f.var,
                "a ForEach needs exactly one of `rooms`, `list` or `markers`".into(),
                Some("e.g. ForEach(rooms: \"true\", as: \"r\", steps: [...])".into()),
            );
            return None;
        }
        let (ty, source) = if let Some(l) = &f.list {
            match self.any_list(l)? {
                (ListId::Rooms(id), _) => (Type::Room, Some(Source::List(id))),
                (ListId::Values(id), ty) => (ty, Some(Source::Values(id))),
            }
        } else if f.markers.is_some() {
            (Type::Cell, None)
        } else {
            (Type::Room, None)
        };
        let var = self.declare_var(&f.var, ty);
        let source = match (source, &f.rooms, &f.markers) {
            (Some(s), _, _) => s,
            (None, Some(filter), _) => Source::Rooms(self.expr(filter, Type::Bool)?),
            (None, None, ms) => {
                let mut ids = Vec::new();
                for m in ms.as_deref().unwrap_or_default() {
                    ids.push(self.marker(m)?);
                }
                Source::Markers(ids)
            }
        };
        let what = format!(
            "had more items than its budget of {} (`max`)",
            budget(f.max, 10_000)
        );
        let lp = self.loop_of(
            name,
            ("ForEach", &f.var),
            Some(var?),
            f.max,
            10_000,
            &what,
            &f.steps,
        );
        Some(Step::ForEach(lp, source))
    }

    pub(super) fn repeat(&mut self, r: &crate::ops::RepeatDef, name: Option<&Src>) -> Option<Step> {
        let count = self.expr(&r.count, Type::Num);
        let var = self.optional_var(r.var.as_ref(), Type::Num);
        let what = format!(
            "asked for more iterations than its budget of {} (`max`)",
            budget(r.max, LOOP_BUDGET)
        );
        let lp = self.loop_of(
            name,
            ("Repeat", &r.count),
            var?,
            r.max,
            LOOP_BUDGET,
            &what,
            &r.steps,
        );
        Some(Step::Repeat(lp, count?))
    }

    pub(super) fn while_loop(
        &mut self,
        w: &crate::ops::WhileDef,
        name: Option<&Src>,
    ) -> Option<Step> {
        let cond = self.expr(&w.cond, Type::Bool);
        let var = self.optional_var(w.var.as_ref(), Type::Num);
        let what = format!(
            "still held after {} iterations, its budget (`max`)",
            budget(w.max, LOOP_BUDGET)
        );
        let lp = self.loop_of(
            name,
            ("While", &w.cond),
            var?,
            w.max,
            LOOP_BUDGET,
            &what,
            &w.steps,
        );
        Some(Step::While(lp, cond?))
    }

    /// The parts every loop has: its trace label, variable, budget (`max`, else `default`),
    /// the failure point saying `what` happened when the budget ran out, and its body.
    /// `(kind, anchor)` name the loop when it is not `Named`.
    #[allow(clippy::too_many_arguments)]
    fn loop_of(
        &mut self,
        name: Option<&Src>,
        (kind, anchor): (&'static str, &Src),
        var: Option<u16>,
        max: Option<crate::operator::control::Iterations>,
        default: u32,
        what: &str,
        steps: &[StepDef],
    ) -> Loop {
        let at = self.position(name.unwrap_or(anchor));
        let label_name = name.map_or(format!("{kind} {}", anchor.text), |n| n.text.clone());
        let label = self.label(label_name, kind, at.clone());
        let title = match name {
            Some(n) => format!("{kind} `{}` (`{}`)", n.text, anchor.text),
            None => format!("{kind} `{}`", anchor.text),
        };
        self.failures.push(crate::engine::FailurePoint {
            what: format!("{title} {what}"),
            at,
        });
        let over_budget = (self.failures.len() - 1) as u32;
        Loop {
            label,
            var,
            max: budget(max, default),
            over_budget,
            body: {
                let before = self.mark();
                let body = self.steps(steps);
                self.body_done(before);
                body
            },
        }
    }
}
