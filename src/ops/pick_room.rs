//! Picking a room from a list (last, first, random, or farthest from an origin room by
//! door distance) and giving it a kind — e.g. the boss room is the last dead end found
//! (spec/isaac.md §2.1), the super secret room a random one.
//!
//! Writes: the room's kind, an optional variable holding it (none when the list was empty),
//! and removes it from the list unless `keep` is set. Fails only when `require` is set and
//! the list is empty.

use crate::engine::state::State;
use crate::engine::value::{RoomId, Type, Value};
use crate::engine::Flow;
use crate::rng::RandomSource;
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

pub const DESCRIPTION: &str =
    "take a room from a list (last, first, random or farthest) and give it a kind";

/// Which room of a list to take.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum How {
    /// The list's first entry.
    First,
    /// The list's last entry.
    Last,
    /// Uniform over the list (one draw of `rnd(len)`).
    Random,
    /// Largest door distance from `origin`; among equals, the latest in the list.
    Farthest,
}

/// Rule-file parameters of `PickRoom(...)`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The list to take from.
    pub from: Src,
    /// Which room of the list is taken.
    pub how: How,
    /// New kind of the room (optional: leave the kind unchanged).
    #[serde(default)]
    pub kind: Option<Src>,
    /// Variable that receives the room (or none when the list is empty).
    #[serde(default)]
    pub var: Option<Src>,
    /// For `Farthest`: the variable holding the room distances are measured from.
    #[serde(default)]
    pub origin: Option<Src>,
    /// Leave the room in the list. Default false.
    #[serde(default)]
    pub keep: bool,
    /// Restart the enclosing `Retry` when the list is empty. Default false.
    #[serde(default)]
    pub require: bool,
}

/// How to choose, compiled (shared with `SpecialRooms`).
#[derive(Debug, Clone, Copy)]
pub struct Choice {
    pub list: u16,
    pub how: How,
    pub origin: Option<u16>,
    pub keep: bool,
}

impl Choice {
    /// Compile the list, method and origin.
    pub fn compile(
        cx: &mut Cx,
        from: &Src,
        how: How,
        origin: Option<&Src>,
        keep: bool,
    ) -> Option<Choice> {
        let list = cx.list(from)?;
        let origin = match (how, origin) {
            (How::Farthest, None) => {
                cx.error(
                    from,
                    "`how: Farthest` needs `origin: \"<room variable>\"`".into(),
                    Some("e.g. origin: \"start\"".into()),
                );
                return None;
            }
            (_, Some(o)) => {
                use crate::lang::Scope;
                match cx.var(&o.text) {
                    Some((slot, Type::Room)) => Some(slot),
                    _ => {
                        cx.error(o, format!("`{}` is not a room variable", o.text), None);
                        return None;
                    }
                }
            }
            (_, None) => None,
        };
        Some(Choice {
            list,
            how,
            origin,
            keep,
        })
    }

    /// Take a room, or `None` when the list is empty.
    pub fn take(&self, st: &mut State) -> Option<RoomId> {
        let n = st.lists[self.list as usize].len();
        if n == 0 {
            return None;
        }
        let i = match self.how {
            How::First => 0,
            How::Last => n - 1,
            How::Random => st.rng.below(n as i64) as usize,
            How::Farthest => {
                let origin = self.origin.and_then(|o| st.vars[o as usize].room());
                match origin {
                    Some(o) if (o as usize) < st.rooms.len() => {
                        let dist = st.door_distances(o);
                        let list = &st.lists[self.list as usize];
                        let mut best = 0;
                        for (i, &r) in list.iter().enumerate() {
                            let d = dist[r as usize];
                            let b = dist[list[best] as usize];
                            if d != u32::MAX && (b == u32::MAX || d >= b) {
                                best = i;
                            }
                        }
                        best
                    }
                    _ => n - 1,
                }
            }
        };
        let list = &mut st.lists[self.list as usize];
        Some(if self.keep { list[i] } else { list.remove(i) })
    }
}

/// Compiled `PickRoom`.
#[derive(Debug)]
pub struct Op {
    choice: Choice,
    kind: Option<u16>,
    var: Option<u16>,
    fail_empty: Option<u32>,
}

impl Params {
    pub fn anchor(&self) -> Option<&Src> {
        Some(&self.from)
    }

    pub fn compile(&self, cx: &mut Cx) -> Option<Op> {
        let choice = Choice::compile(cx, &self.from, self.how, self.origin.as_ref(), self.keep);
        // Declare the variable even when the kind is wrong, so later uses of it do not
        // report a second, misleading error.
        let var = cx.optional_var(self.var.as_ref(), Type::Room);
        let kind = match &self.kind {
            Some(k) => Some(cx.kind(k)?),
            None => None,
        };
        let var = var?;
        let fail_empty = self.require.then(|| {
            cx.failure_point(
                format!("PickRoom: list `{}` is empty", self.from.text),
                &self.from,
            )
        });
        Some(Op {
            choice: choice?,
            kind,
            var,
            fail_empty,
        })
    }
}

impl Op {
    pub fn run(&self, st: &mut State) -> Flow {
        let room = self.choice.take(st);
        if let Some(v) = self.var {
            st.vars[v as usize] = room.map_or(Value::Nil, Value::Room);
        }
        match room {
            Some(r) => {
                if let Some(k) = self.kind {
                    st.rooms[r as usize].kind = k;
                }
                Flow::Continue
            }
            None => self.fail_empty.map_or(Flow::Continue, Flow::Fail),
        }
    }
}
