//! Noise fill: every tile of an area becomes `value` with probability `density`, else
//! `other` (or stays as it is when `other` is not given). The first step of the standard
//! cellular-automaton cave (random fill, then smoothing).
//!
//! Tiles are visited in raster order inside the area (rows top to bottom, each left to
//! right), one `chance(density)` draw per tile; `density` is an expression evaluated once
//! when the step runs (e.g. a parameter). Errors: an area wholly outside the tile grid (see
//! [`TileHeader`]); a value that is not a whole number 0..=65535 or a density outside 0..=1
//! (never clamped: at load for literals, else when the step runs).

use crate::engine::grid::Rect;
use crate::engine::state::State;
use crate::engine::Flow;
use crate::operator::args::{Share, Whole, SHARES, TILE_VALUES};
use crate::operator::header::TileHeader;
use crate::operator::{Operator, Runnable, Writes};
use crate::rng::{Chance, RandomSource};
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

crate::tile_params! {
    header: writes,
    /// Rule-file parameters of `NoiseFill(...)`.
    #[derive(Debug, Clone, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Params {
        /// The value of a chosen tile, an expression: a whole number 0..=65535 (any other
        /// value is an error).
        pub value: Src,
        /// The share of tiles chosen, an expression evaluated once per run of the step: a
        /// number 0..=1 (any other value is an error).
        pub density: Src,
        /// The value of the other tiles, an expression: a whole number 0..=65535. Default:
        /// they keep their value.
        #[serde(default)]
        pub other: Option<Src>,
    }
}

/// Compiled `NoiseFill`.
#[derive(Debug)]
pub struct Compiled {
    head: TileHeader,
    value: Whole,
    density: Share,
    other: Option<Whole>,
}

impl Operator for Params {
    type Compiled = Compiled;

    fn anchor(&self) -> Option<&Src> {
        Some(&self.layer)
    }

    fn compile(&self, cx: &mut Cx) -> Option<Compiled> {
        let head = TileHeader::compile(cx, self.header());
        let value = Whole::compile(cx, &self.value, NAME, "value", TILE_VALUES);
        let density = Share::compile(cx, &self.density, NAME, "density", SHARES);
        let other =
            (self.other.as_ref()).map(|o| Whole::compile(cx, o, NAME, "other", TILE_VALUES));
        Some(Compiled {
            head: head?,
            value: value?,
            density: density?,
            other: other.map_or(Some(None), |o| o.map(Some))?,
        })
    }
}

const NAME: &str = "NoiseFill";

impl Runnable for Compiled {
    fn writes(&self) -> Writes<'_> {
        self.head.writes_layer()
    }

    fn run(&self, st: &mut State) -> Flow {
        self.head.guarded(st, |st, r| self.paint(st, r))
    }
}

impl Compiled {
    /// The step inside its area (clipped to the grid); `run` puts protected cells back.
    fn paint(&self, st: &mut State, r: Rect) -> Flow {
        let values = (|| {
            let v = self.value.get(st)? as u16;
            let other = match &self.other {
                Some(o) => Some(o.get(st)? as u16),
                None => None,
            };
            Ok((v, other, Chance::new(self.density.get(st)?)))
        })();
        let (v, other, p) = match values {
            Ok(t) => t,
            Err(fault) => return Flow::Abort(fault),
        };
        for y in r.y..r.y1().max(r.y) {
            // the time budget, once a row
            if st.budget.spend(r.w as u64) {
                return Flow::Continue;
            }
            let (mut g, rng) = st.grid_mut_and_rng(self.head.layer);
            let w = g.width() as usize;
            let row = &mut g.as_mut_slice()[y as usize * w..][r.x as usize..r.x1() as usize];
            for cell in row {
                // one draw per tile, in raster order
                match (rng.chance_prepared(p), other) {
                    (true, _) => *cell = v,
                    (false, Some(o)) => *cell = o,
                    (false, None) => {}
                }
            }
        }
        Flow::Continue
    }
}

#[cfg(test)]
mod tests {
    use crate::operator::testing::{grid, run_rules};

    #[test]
    fn density_zero_and_one_are_exact() {
        let g = run_rules(
            4,
            2,
            r#"NoiseFill(layer: "t", value: "1", density: "1"),
               NoiseFill(layer: "t", value: "1", other: "2", density: "0", area: "rect(1, 0, 2, 2)")"#,
            "t",
        );
        assert_eq!(g, grid("1 2 2 1\n1 2 2 1"));
    }

    #[test]
    fn half_density_is_seeded_noise() {
        let steps = r#"NoiseFill(layer: "t", value: "1", density: "0.5")"#;
        let a = run_rules(8, 8, steps, "t");
        let ones: usize = a.iter().flatten().filter(|&&v| v == 1).count();
        assert!((16..=48).contains(&ones), "{ones} of 64");
        assert_eq!(a, run_rules(8, 8, steps, "t"));
    }
}
