//! A special-room table: entries in order, each with a room kind and a condition (which may
//! roll dice: `chance(1/7) || fullhp && chance(1/4)`); when the condition holds and the list
//! is not empty, a room is taken from the list and given the kind
//! (the Flash special-room order and odds, spec/isaac.md §2.3).
//!
//! Writes: room kinds, optional variables, removes taken rooms from the list. Never fails.

use super::pick_room::{Choice, How};
use crate::engine::state::State;
use crate::engine::value::{Type, Value};
use crate::engine::Flow;
use crate::lang::Program;
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

pub const DESCRIPTION: &str =
    "give rooms from a list kinds from an ordered table of conditions and odds";

/// Rule-file parameters of `SpecialRooms(...)`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The list rooms are taken from.
    pub from: Src,
    /// Which room each entry takes.
    pub how: How,
    /// For `how: Farthest`: the room variable distances are measured from.
    #[serde(default)]
    pub origin: Option<Src>,
    /// The table, tried in order.
    pub rooms: Vec<Special>,
}

/// One entry of the table.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Special {
    /// Room kind given to the taken room.
    pub kind: Src,
    /// Condition; evaluated (rolling its dice) every time, before a room is taken.
    /// Default: always.
    #[serde(default)]
    pub when: Option<Src>,
    /// Variable that receives the room (none if not placed).
    #[serde(default)]
    pub var: Option<Src>,
}

#[derive(Debug)]
struct Entry {
    kind: u16,
    when: Option<Program>,
    var: Option<u16>,
}

/// Compiled `SpecialRooms`.
#[derive(Debug)]
pub struct Op {
    choice: Choice,
    entries: Vec<Entry>,
}

impl Params {
    pub fn anchor(&self) -> Option<&Src> {
        Some(&self.from)
    }

    pub fn compile(&self, cx: &mut Cx) -> Option<Op> {
        let choice = Choice::compile(cx, &self.from, self.how, self.origin.as_ref(), false);
        let mut entries = Vec::new();
        let mut ok = true;
        for s in &self.rooms {
            let kind = cx.kind(&s.kind);
            let when = match &s.when {
                Some(w) => cx.expr(w, Type::Bool).map(Some),
                None => Some(None),
            };
            let var = match &s.var {
                Some(v) => cx.declare_var(v, Type::Room).map(Some),
                None => Some(None),
            };
            match (kind, when, var) {
                (Some(kind), Some(when), Some(var)) => entries.push(Entry { kind, when, var }),
                _ => ok = false,
            }
        }
        if !ok {
            return None;
        }
        Some(Op {
            choice: choice?,
            entries,
        })
    }
}

impl Op {
    pub fn run(&self, st: &mut State) -> Flow {
        for e in &self.entries {
            if let Some(v) = e.var {
                st.vars[v as usize] = Value::Nil;
            }
            if let Some(w) = &e.when {
                if !w.truth(st) {
                    continue;
                }
            }
            if let Some(r) = self.choice.take(st) {
                st.rooms[r as usize].kind = e.kind;
                if let Some(v) = e.var {
                    st.vars[v as usize] = Value::Room(r);
                }
            }
        }
        Flow::Continue
    }
}
