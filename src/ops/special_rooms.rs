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
use crate::operator::{Operator, Runnable};
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

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
pub struct Compiled {
    choice: Choice,
    entries: Vec<Entry>,
}

impl Operator for Params {
    type Compiled = Compiled;

    fn anchor(&self) -> Option<&Src> {
        Some(&self.from)
    }

    fn compile(&self, cx: &mut Cx) -> Option<Compiled> {
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
        Some(Compiled {
            choice: choice?,
            entries,
        })
    }
}

impl Runnable for Compiled {
    fn run(&self, st: &mut State) -> Flow {
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

#[cfg(test)]
mod tests {
    use crate::operator::testing::{lines, rooms};

    /// Entries in order, each taking the list's first room when its condition holds: the
    /// boss takes (2, 2); the shop's condition is false (nothing taken, `s` empty); the
    /// treasure takes (2, 0); the secret room, whose condition reads `t` and `s`, takes
    /// (4, 2). Dead ends of the queue growth of `grow_room_graph`'s tests.
    #[test]
    fn entries_in_order_with_conditions() {
        let steps = r#"GrowRoomGraph(start: (2, 1), start_kind: "start", room_kind: "normal",
                target: "100", directions: [E, W, S, N], chance: "1", columns: (0, 4),
                rows: (0, 2), frontier: Queue, dead_ends: "dead_ends"),
            SpecialRooms(from: "dead_ends", how: First, rooms: [
                Special(kind: "boss"),
                Special(kind: "shop", when: "false", var: "s"),
                Special(kind: "treasure", var: "t"),
                Special(kind: "secret", when: "exists(t) && !exists(s)"),
            ]),"#;
        let r = rooms(5, 3, "", steps, &[]);
        assert_eq!(
            r.plan,
            lines(
                "o.T.o
                 ooSoo
                 o.B.?"
            )
        );
        assert_eq!(r.lists["dead_ends"], [[4, 0], [0, 2], [0, 0]]);
    }

    /// More entries than rooms: the one dead end (3, 1) becomes the boss room, the shop
    /// finds the list empty and its variable stays empty.
    #[test]
    fn entries_past_the_end_of_the_list_place_nothing() {
        let steps = r#"GrowRoomGraph(start: (2, 1), start_kind: "start", room_kind: "normal",
                target: "1", directions: [E, W, S, N], chance: "1", columns: (0, 4),
                rows: (0, 2), frontier: Passes(count: 10), dead_ends: "dead_ends"),
            SpecialRooms(from: "dead_ends", how: Last, rooms: [
                Special(kind: "boss", var: "b"), Special(kind: "shop", var: "s")]),
            Require("exists(b) && !exists(s)"),"#;
        let r = rooms(5, 3, "", steps, &[]);
        assert_eq!(
            r.plan,
            lines(
                ".....
                 ..SB.
                 ....."
            )
        );
        assert_eq!(r.lists["dead_ends"], Vec::<[i32; 2]>::new());
    }
}
