//! Trimming a room list to its first or last entries (Curse of the Labyrinth keeps only the
//! six farthest end rooms for the specials, spec/isaac.md §4 "Farthest six").
//!
//! Writes the list. Never fails.

use crate::engine::state::State;
use crate::engine::value::Type;
use crate::engine::Flow;
use crate::lang::Program;
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

pub const DESCRIPTION: &str = "keep only the first or last entries of a room list";

/// Which end of the list is kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum End {
    First,
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
pub struct Op {
    list: u16,
    keep: Program,
    end: End,
}

impl Params {
    pub fn anchor(&self) -> Option<&Src> {
        Some(&self.list)
    }

    pub fn compile(&self, cx: &mut Cx) -> Option<Op> {
        let list = cx.list(&self.list);
        let keep = cx.expr(&self.keep, Type::Num);
        Some(Op {
            list: list?,
            keep: keep?,
            end: self.end,
        })
    }
}

impl Op {
    pub fn run(&self, st: &mut State) -> Flow {
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
