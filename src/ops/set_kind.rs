//! Relabelling a room: the room an expression names gets a new kind (a room taken over by
//! another purpose after placement, e.g. the Flash floor plan's miniboss that can take over
//! the shop or the secret room, spec/isaac.md §2.3).
//!
//! `room` is a room expression (a variable such as `shop`, `last(dead_ends)`, ...); when it
//! gives no room (`none`, an unplaced variable) nothing happens. The room keeps its cells,
//! doors, shape and layout, and stays in every list it is in.
//!
//! Writes: the room's kind and an optional variable holding the room (none when nothing was
//! relabelled). Never fails.

use crate::engine::state::State;
use crate::engine::value::{Type, Value};
use crate::engine::Flow;
use crate::lang::Program;
use crate::operator::{Operator, Runnable};
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

/// Rule-file parameters of `SetKind(...)`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The room, a room expression evaluated when the step runs; no room = no change.
    pub room: Src,
    /// Its new kind.
    pub kind: Src,
    /// Variable that receives the relabelled room (none when there was no room). Optional.
    #[serde(default)]
    pub var: Option<Src>,
}

/// Compiled `SetKind`.
#[derive(Debug)]
pub struct Compiled {
    room: Program,
    kind: u16,
    var: Option<u16>,
}

impl Operator for Params {
    type Compiled = Compiled;

    fn anchor(&self) -> Option<&Src> {
        Some(&self.kind)
    }

    fn compile(&self, cx: &mut Cx) -> Option<Compiled> {
        let room = cx.expr(&self.room, Type::Room);
        let kind = cx.kind(&self.kind);
        let var = match &self.var {
            Some(v) => Some(cx.declare_var(v, Type::Room)?),
            None => None,
        };
        Some(Compiled {
            room: room?,
            kind: kind?,
            var,
        })
    }
}

impl Runnable for Compiled {
    fn run(&self, st: &mut State) -> Flow {
        let room = match self.room.eval(st) {
            Value::Room(r) if (r as usize) < st.rooms.len() => Some(r),
            _ => None,
        };
        if let Some(r) = room {
            st.rooms[r as usize].kind = self.kind;
        }
        if let Some(v) = self.var {
            st.vars[v as usize] = room.map_or(Value::Nil, Value::Room);
        }
        Flow::Continue
    }
}

#[cfg(test)]
mod tests {
    use crate::operator::testing::{lines, rooms};

    /// The queue growth of `grow_room_graph`'s tests (start (2, 1), chance 1) with dead ends
    /// (2, 2), (2, 0), (4, 2), (4, 0), (0, 2), (0, 0). The last dead end (0, 0) is picked as the
    /// shop, then relabelled a boss room (`b` holds it); a relabel of `none` changes nothing and
    /// empties `n`. The relabelled room stays where it was, still in no list.
    #[test]
    fn relabels_the_named_room_and_ignores_none() {
        let steps = r#"GrowRoomGraph(start: (2, 1), start_kind: "start", room_kind: "normal",
                target: "100", directions: [E, W, S, N], chance: "1", columns: (0, 4),
                rows: (0, 2), frontier: Queue, dead_ends: "dead_ends"),
            PickRoom(from: "dead_ends", how: Last, kind: "shop", var: "shop"),
            SetKind(room: "shop", kind: "boss", var: "b"),
            SetKind(room: "none", kind: "secret", var: "n"),
            Require("is(b, boss) && !exists(n) && count(shop) == 0 && count(secret) == 0"),"#;
        let r = rooms(5, 3, "", steps, &[]);
        assert_eq!(
            r.plan,
            lines(
                "B.o.o
                 ooSoo
                 o.o.o"
            )
        );
        assert_eq!(
            r.lists["dead_ends"],
            [[2, 2], [2, 0], [4, 2], [4, 0], [0, 2]]
        );
    }
}
