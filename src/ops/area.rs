//! The `area` of a tile operator: an expression of type area (`room(r)`, `inset(room(r), 1)`,
//! `rect(0, 0, 10, 8)`, `grid()`), evaluated when the step runs. Not an operator.
//!
//! An area is a rectangle of tiles `(x, y, w, h)`, x right, y down. Parts outside the tile
//! grid are cut off; an area that is wholly outside it (and not empty) is an error of the
//! step, reported at the area's position in the rule file (a failure point, so a `Retry`
//! around the step sees it like a failed `Require`). Without an `area` a step works on the
//! whole tile grid.

use crate::engine::grid::Rect;
use crate::engine::state::State;
use crate::engine::value::Type;
use crate::lang::Program;
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;

/// A compiled optional area.
#[derive(Debug)]
pub struct Area {
    expr: Option<Program>,
    /// Failure point reported when the area lies outside the grid.
    outside: u32,
}

/// Compile an optional `area` field; `None` after an error.
pub fn area(cx: &mut Cx, a: &Option<Src>) -> Option<Area> {
    match a {
        None => Some(Area {
            expr: None,
            outside: u32::MAX,
        }),
        Some(s) => {
            let expr = cx.expr(s, Type::Area)?;
            let outside = cx.failure_point(format!("area `{}` outside the tile grid", s.text), s);
            Some(Area {
                expr: Some(expr),
                outside,
            })
        }
    }
}

impl Area {
    /// The area now, clipped to the tile grid; `Err(failure point)` when a non-empty area lies
    /// wholly outside the grid. An empty area (e.g. `inset` of a small room) is `Ok` and empty.
    #[inline]
    pub fn eval(&self, st: &mut State) -> Result<Rect, u32> {
        let Some(e) = &self.expr else {
            return Ok(Rect::new(0, 0, st.width, st.height));
        };
        let [x, y, w, h] = e.eval(st).as_area().unwrap_or([0; 4]);
        let r = Rect::new(x, y, w.max(0), h.max(0));
        if r.is_empty() {
            return Ok(r);
        }
        let c = r.clip(st.width, st.height);
        if c.is_empty() {
            return Err(self.outside);
        }
        Ok(c)
    }
}

#[cfg(test)]
mod tests {
    use crate::ops::testing::run_rules;

    #[test]
    fn an_area_cuts_a_step_and_is_clipped() {
        let g = run_rules(
            4,
            3,
            r#"NoiseFill(layer: "t", value: "5", density: "1", area: "rect(2, 1, 9, 9)")"#,
            "t",
        );
        assert_eq!(
            g,
            vec![vec![0, 0, 0, 0], vec![0, 0, 5, 5], vec![0, 0, 5, 5]]
        );
    }
}
