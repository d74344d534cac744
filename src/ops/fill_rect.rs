//! Rectangle stamping: set every cell of a rectangle of a tile layer to one value
//! (clipped to the grid). Draws no random numbers.
//!
//! Used for Diablo's Cathedral chambers, hallway and halls and for filling a whole layer
//! (shared/spec/diablo.md §2.2, §2.4). A `when` condition skips the step when false.

use crate::engine::state::State;
use crate::engine::Flow;
use crate::lang::Program;
use crate::operator::args::{holds, when, Rect, RectDef, Whole, TILE_VALUES};
use crate::operator::{Operator, Runnable, Writes};
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

/// Rule-file parameters of `FillRect(...)`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The tile layer written (created on first use, all 0).
    pub layer: Src,
    /// The value written, an expression: a whole number 0..=65535 (any other value is an
    /// error of the step).
    pub value: Src,
    /// The rectangle, in cells; parts outside the grid are ignored.
    pub rect: RectDef,
    /// Condition; the step does nothing when it is false. Default: always.
    #[serde(default)]
    pub when: Option<Src>,
}

/// Compiled `FillRect`.
#[derive(Debug)]
pub struct Compiled {
    layer: u16,
    value: Whole,
    rect: Rect,
    when: Option<Program>,
}

impl Operator for Params {
    type Compiled = Compiled;

    fn anchor(&self) -> Option<&Src> {
        Some(&self.layer)
    }

    fn compile(&self, cx: &mut Cx) -> Option<Compiled> {
        let layer = cx.layer(&self.layer);
        let value = Whole::compile(cx, &self.value, "FillRect", "value", TILE_VALUES);
        let rect = self.rect.compile(cx);
        let when = when(cx, &self.when);
        Some(Compiled {
            layer,
            value: value?,
            rect: rect?,
            when: when?,
        })
    }
}

impl Runnable for Compiled {
    fn writes(&self) -> Writes<'_> {
        Writes::layers(std::slice::from_ref(&self.layer))
    }

    fn run(&self, st: &mut State) -> Flow {
        if !holds(&self.when, st) {
            return Flow::Continue;
        }
        let v = match self.value.get(st) {
            Ok(v) => v as u16,
            Err(fault) => return Flow::Abort(fault),
        };
        let r = self.rect.eval(st);
        st.grid_mut(self.layer).fill(r, v);
        Flow::Continue
    }
}

#[cfg(test)]
mod tests {
    use crate::operator::testing::run_rules;

    #[test]
    fn fills_and_clips() {
        let g = run_rules(
            4,
            3,
            r#"FillRect(layer: "t", value: "7", rect: (x: "2", y: "-1", w: "5", h: "2")),
               FillRect(layer: "t", value: "9", rect: (x: "0", y: "2", w: "1", h: "1"), when: "false")"#,
            "t",
        );
        assert_eq!(
            g,
            vec![vec![0, 0, 7, 7], vec![0, 0, 0, 0], vec![0, 0, 0, 0]]
        );
    }
}
