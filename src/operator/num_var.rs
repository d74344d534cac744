//! A step's optional number result, the `var: "name"` field several operators share (the
//! tiles `RemoveDeadEnds` filled, the groups `ConnectRegions` left, the largest distance
//! `DistanceField` wrote): declared once when the rule set loads, listed in the step's
//! writes, set when the step ends.

use crate::engine::state::State;
use crate::engine::value::{Type, Value};
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;

/// The number variable a step reports into, if its rule file names one.
#[derive(Debug, Clone, Default)]
pub struct NumVar(Option<u16>);

impl NumVar {
    /// Declare the number variable the field `var` names (none without the field); `None`
    /// after an error, reported at the field (a name already holding another type).
    pub fn compile(cx: &mut Cx, var: Option<&Src>) -> Option<NumVar> {
        cx.optional_var(var, Type::Num).map(NumVar)
    }

    /// The variable's slot, or none: the variables the step writes
    /// ([`super::Runnable::writes`]).
    pub fn slots(&self) -> &[u16] {
        self.0.as_slice()
    }

    /// Set the variable to `v` (nothing without one).
    pub fn set(&self, st: &mut State, v: f64) {
        if let Some(slot) = self.0 {
            st.vars[slot as usize] = Value::Num(v);
        }
    }
}
