//! The loops whose state carries over from one iteration to the next (unlike `Retry`):
//! `ForEach` over rooms, markers or a list (a work list: the items its steps push are visited
//! too), the counted `Repeat` and the conditional `While`. Every loop has a hard budget of
//! iterations; a loop that would run past it ends the run with its own failure point, which
//! names the loop and where it is written. Each iteration is one trace step.

use super::observe::{Observer, Run, RunCx};
use super::step::{Loop, Source};
use crate::engine::state::State;
use crate::engine::value::Value;
use crate::engine::{Flow, GenError};
use crate::lang::Program;

/// Whether a step's flow ends the steps around it.
fn stops(flow: Flow) -> bool {
    matches!(flow, Flow::Fail(_) | Flow::Abort(_))
}

impl Loop {
    /// One iteration with `item` bound: the body, then the trace step.
    fn iteration<O: Observer>(
        &self,
        run: Run<O>,
        item: Value,
        st: &mut State,
        rc: &mut RunCx<O>,
    ) -> Result<Flow, GenError> {
        if rc.observer.cancelled() {
            return Err(GenError::Cancelled);
        }
        if let Some(v) = self.var {
            st.vars[v as usize] = item;
        }
        let flow = run(&self.body, st, rc)?;
        let l = &rc.labels[self.label as usize];
        if st.budget.checkpoint() {
            return Err(super::observe::out_of_time(l));
        }
        rc.observer.after_step(l, st);
        Ok(flow)
    }

    /// One iteration per item of `items`, or the budget's failure when they are too many.
    fn over<O: Observer>(
        &self,
        run: Run<O>,
        items: Vec<Value>,
        st: &mut State,
        rc: &mut RunCx<O>,
    ) -> Result<Flow, GenError> {
        if items.len() > self.max as usize {
            return Ok(Flow::Abort(self.over_budget));
        }
        for item in items {
            let flow = self.iteration(run, item, st, rc)?;
            if stops(flow) {
                return Ok(flow);
            }
        }
        Ok(Flow::Continue)
    }

    /// One iteration per position of a list that the body may grow: `item(st, i)` is the
    /// item at position `i` as the list is now.
    fn walk<O: Observer>(
        &self,
        run: Run<O>,
        st: &mut State,
        rc: &mut RunCx<O>,
        item: impl Fn(&State, usize) -> Option<Value>,
    ) -> Result<Flow, GenError> {
        let mut i = 0usize;
        while let Some(v) = item(st, i) {
            if i == self.max as usize {
                return Ok(Flow::Abort(self.over_budget));
            }
            let flow = self.iteration(run, v, st, rc)?;
            if stops(flow) {
                return Ok(flow);
            }
            i += 1;
        }
        Ok(Flow::Continue)
    }
}

/// Run a `ForEach`.
pub(super) fn for_each<O: Observer>(
    run: Run<O>,
    lp: &Loop,
    source: &Source,
    st: &mut State,
    rc: &mut RunCx<O>,
) -> Result<Flow, GenError> {
    match source {
        Source::Rooms(filter) => {
            let mut rooms = Vec::new();
            for r in 0..st.rooms.len() as u32 {
                if let Some(v) = lp.var {
                    st.vars[v as usize] = Value::Room(r);
                }
                if filter.truth(st) {
                    rooms.push(Value::Room(r));
                }
            }
            lp.over(run, rooms, st, rc)
        }
        Source::Markers(ms) => {
            let cells = ms
                .iter()
                .filter_map(|&m| st.markers[m as usize].map(|p| Value::Cell(p.x, p.y)))
                .collect();
            lp.over(run, cells, st, rc)
        }
        &Source::List(l) => lp.walk(run, st, rc, |st, i| {
            st.lists[l as usize].get(i).map(|&r| Value::Room(r))
        }),
        &Source::Values(l) => lp.walk(run, st, rc, |st, i| {
            st.value_lists.get(l as usize)?.get(i).copied()
        }),
    }
}

/// Run a `Repeat` of `count` iterations.
pub(super) fn repeat<O: Observer>(
    run: Run<O>,
    lp: &Loop,
    count: &Program,
    st: &mut State,
    rc: &mut RunCx<O>,
) -> Result<Flow, GenError> {
    let n = count.num(st).floor();
    if let Some(id) = st.fault.take() {
        return Ok(Flow::Abort(id));
    }
    // (NaN and counts below 1 run nothing)
    if n.is_nan() || n < 1.0 {
        return Ok(Flow::Continue);
    }
    if n > f64::from(lp.max) {
        return Ok(Flow::Abort(lp.over_budget));
    }
    for i in 0..n as u32 {
        let flow = lp.iteration(run, Value::Num(f64::from(i)), st, rc)?;
        if stops(flow) {
            return Ok(flow);
        }
    }
    Ok(Flow::Continue)
}

/// Run a `While` on condition `cond`.
pub(super) fn while_loop<O: Observer>(
    run: Run<O>,
    lp: &Loop,
    cond: &Program,
    st: &mut State,
    rc: &mut RunCx<O>,
) -> Result<Flow, GenError> {
    let mut i = 0u32;
    loop {
        let holds = cond.truth(st);
        if let Some(id) = st.fault.take() {
            return Ok(Flow::Abort(id));
        }
        if !holds {
            return Ok(Flow::Continue);
        }
        if i == lp.max {
            return Ok(Flow::Abort(lp.over_budget));
        }
        let flow = lp.iteration(run, Value::Num(f64::from(i)), st, rc)?;
        if stops(flow) {
            return Ok(flow);
        }
        i += 1;
    }
}
