//! Counting cells: the number of cells of a tile layer holding one of some values, stored
//! in a variable — e.g. the floor area a `Require` then tests (Diablo's Cathedral layout is
//! redrawn until its mask has at least 533/693/761 floor cells, shared/spec/diablo.md §2.1).
//! Draws no random numbers. With `area`, only its cells are counted; with `when` false the
//! step does nothing (the variable keeps its value).

use crate::engine::state::State;
use crate::engine::value::{Type, Value};
use crate::engine::Flow;
use crate::operator::args::Tile;
use crate::operator::header::TileHeader;
use crate::operator::{Operator, Runnable, Writes};
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

crate::tile_params! {
    header: reads,
    /// Rule-file parameters of `CountCells(...)`.
    #[derive(Debug, Clone, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Params {
        /// The values counted.
        pub values: Vec<Tile>,
        /// The variable (a number) that receives the count.
        pub var: Src,
    }
}

/// Compiled `CountCells`.
#[derive(Debug)]
pub struct Compiled {
    head: TileHeader,
    values: Vec<u16>,
    var: u16,
}

impl Operator for Params {
    type Compiled = Compiled;

    fn anchor(&self) -> Option<&Src> {
        Some(&self.layer)
    }

    fn compile(&self, cx: &mut Cx) -> Option<Compiled> {
        let head = TileHeader::compile(cx, self.header());
        let var = cx.declare_var(&self.var, Type::Num)?;
        Some(Compiled {
            head: head?,
            values: self.values.iter().map(|t| t.0).collect(),
            var,
        })
    }
}

impl Runnable for Compiled {
    fn writes(&self) -> Writes<'_> {
        Writes::vars(std::slice::from_ref(&self.var))
    }

    fn run(&self, st: &mut State) -> Flow {
        let area = match self.head.begin(st) {
            Ok(a) => a,
            Err(f) => return f,
        };
        let g = st.grid(self.head.layer);
        let n = match self.values[..] {
            [v] => g.count_eq(area, v),
            _ => g.count_in(area, |t| self.values.contains(&t)),
        };
        st.vars[self.var as usize] = Value::Num(n as f64);
        Flow::Continue
    }
}

#[cfg(test)]
mod tests {
    use crate::operator::testing::run_rules;

    #[test]
    fn counts_into_a_variable() {
        let g = run_rules(
            5,
            2,
            r#"FillRect(layer: "m", value: "1", rect: (x: "0", y: "0", w: "3", h: "2")),
               CountCells(layer: "m", values: [1], var: "area"),
               FillRect(layer: "out", value: "area", rect: (x: "0", y: "0", w: "1", h: "1"))"#,
            "out",
        );
        assert_eq!(g[0][0], 6);
    }
}
