//! Trimming a room list to its first or last entries (Curse of the Labyrinth keeps only the
//! six farthest end rooms for the specials, spec/isaac.md §4 "Farthest six").
//!
//! Writes the list. Never fails.

use crate::engine::state::State;
use crate::engine::value::Type;
use crate::engine::Flow;
use crate::lang::Program;
use crate::operator::{Operator, Runnable};
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

/// Which end of the list is kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum End {
    /// Keep the first entries.
    First,
    /// Keep the last entries (e.g. the farthest end rooms, found last).
    Last,
}

/// Rule-file parameters of `TrimList(...)`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The list.
    pub list: Src,
    /// How many entries to keep (expression, evaluated when the step runs; at least 0).
    pub keep: Src,
    /// Which end is kept.
    pub end: End,
}

/// Compiled `TrimList`.
#[derive(Debug)]
pub struct Compiled {
    list: u16,
    keep: Program,
    end: End,
}

impl Operator for Params {
    type Compiled = Compiled;

    fn anchor(&self) -> Option<&Src> {
        Some(&self.list)
    }

    fn compile(&self, cx: &mut Cx) -> Option<Compiled> {
        let list = cx.list(&self.list);
        let keep = cx.expr(&self.keep, Type::Num);
        Some(Compiled {
            list: list?,
            keep: keep?,
            end: self.end,
        })
    }
}

impl Runnable for Compiled {
    fn run(&self, st: &mut State) -> Flow {
        let keep = self.keep.num(st).max(0.0) as usize;
        let list = &mut st.lists[self.list as usize];
        if list.len() > keep {
            match self.end {
                End::First => list.truncate(keep),
                End::Last => {
                    let cut = list.len() - keep;
                    list.drain(..cut);
                }
            }
        }
        Flow::Continue
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::{Rng, RngSpec};

    fn trim(keep: &str, end: End, list: Vec<u32>) -> Vec<u32> {
        let files = Vec::new();
        let mut cx = Cx::new(
            &files,
            &crate::ruleset::load::Disk,
            vec!["normal".into()],
            4,
            4,
        );
        cx.declare_list(&Src::synthetic("ends"));
        let p = Params {
            list: Src::synthetic("ends"),
            keep: Src::synthetic(keep),
            end,
        };
        let op = p.compile(&mut cx).expect("compiles");
        let mut st = State::new(4, 4, 1, cx.vars.len(), 0, 0, Rng::new(&RngSpec::Pcg64, 1));
        st.lists[0] = list;
        assert_eq!(op.run(&mut st), Flow::Continue);
        st.lists[0].clone()
    }

    #[test]
    fn keeps_the_requested_end() {
        assert_eq!(trim("2", End::Last, vec![1, 2, 3, 4, 5]), vec![4, 5]);
        assert_eq!(trim("2", End::First, vec![1, 2, 3, 4, 5]), vec![1, 2]);
        assert_eq!(trim("6", End::Last, vec![1, 2, 3]), vec![1, 2, 3]);
        assert_eq!(trim("-1", End::Last, vec![1, 2, 3]), Vec::<u32>::new());
    }
}
