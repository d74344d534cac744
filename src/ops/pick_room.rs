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
use crate::operator::{Operator, Runnable};
use crate::rng::RandomSource;
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

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
    /// The list taken from.
    pub list: u16,
    /// Which room.
    pub how: How,
    /// For `Farthest`: the variable slot of the origin room.
    pub origin: Option<u16>,
    /// Leave the room in the list.
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
pub struct Compiled {
    choice: Choice,
    kind: Option<u16>,
    var: Option<u16>,
    fail_empty: Option<u32>,
}

impl Operator for Params {
    type Compiled = Compiled;

    fn anchor(&self) -> Option<&Src> {
        Some(&self.from)
    }

    fn compile(&self, cx: &mut Cx) -> Option<Compiled> {
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
        Some(Compiled {
            choice: choice?,
            kind,
            var,
            fail_empty,
        })
    }
}

impl Runnable for Compiled {
    fn run(&self, st: &mut State) -> Flow {
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

#[cfg(test)]
mod tests {
    use crate::operator::testing::{lines, rooms, try_rooms};

    /// The queue growth of `grow_room_graph`'s tests on 5x3 from (2, 1): dead ends, in order,
    /// (2, 2) and (2, 0) at door distance 1 from the start, then (4, 2), (4, 0), (0, 2),
    /// (0, 0) at distance 3.
    const GROW: &str = r#"GrowRoomGraph(start: (2, 1), start_kind: "start", start_var: "start",
        room_kind: "normal", target: "100", directions: [E, W, S, N], chance: "1",
        columns: (0, 4), rows: (0, 2), frontier: Queue, dead_ends: "dead_ends"),"#;

    /// First takes (2, 2), Last (0, 0); Farthest takes the last of the distance-3 rooms
    /// left, (0, 2). Each is removed from the list.
    #[test]
    fn first_last_and_farthest() {
        let steps = format!(
            r#"{GROW}
            PickRoom(from: "dead_ends", how: First, kind: "boss", var: "boss"),
            PickRoom(from: "dead_ends", how: Last, kind: "shop"),
            PickRoom(from: "dead_ends", how: Farthest, origin: "start", kind: "treasure"),
            Require("exists(boss)"),"#
        );
        let r = rooms(5, 3, "", &steps, &[]);
        assert_eq!(
            r.plan,
            lines(
                "$.o.o
                 ooSoo
                 T.B.o"
            )
        );
        assert_eq!(r.lists["dead_ends"], [[2, 0], [4, 2], [4, 0]]);
    }

    /// `keep` leaves the room in the list: taking First twice takes (2, 2) twice.
    #[test]
    fn keep_leaves_the_room_in_the_list() {
        let steps = format!(
            r#"{GROW}
            PickRoom(from: "dead_ends", how: First, kind: "boss", keep: true),
            PickRoom(from: "dead_ends", how: First, kind: "shop", keep: true),"#
        );
        let r = rooms(5, 3, "", &steps, &[]);
        assert_eq!(
            r.plan,
            lines(
                "o.o.o
                 ooSoo
                 o.$.o"
            )
        );
        assert_eq!(r.lists["dead_ends"].len(), 6);
    }

    /// Random draws `rnd(len)`. Growing with a target of 2.5 in passes (rolls before the
    /// bounds) draws 16 times (4 directions for the start, then for each of its 3 rooms);
    /// the 17th LCG state from seed 1 is 2502193446, `(|s| >> 16) % 3 = 27355 % 3 = 1`: the
    /// second dead end, (1, 1).
    #[test]
    fn random_draws_once() {
        let steps = r#"GrowRoomGraph(start: (2, 1), start_kind: "start", room_kind: "normal",
                target: "2.5", directions: [E, W, S, N], chance: "1", columns: (0, 4),
                rows: (0, 2), frontier: Passes(count: 10), dead_ends: "dead_ends"),
            PickRoom(from: "dead_ends", how: Random, kind: "boss"),"#;
        let r = rooms(5, 3, "", steps, &[]);
        assert_eq!(
            r.plan,
            lines(
                ".....
                 .BSo.
                 ..o.."
            )
        );
        assert_eq!(r.lists["dead_ends"], [[3, 1], [2, 2]]);
    }

    /// An empty list: the variable is empty, and `require` fails the run.
    #[test]
    fn an_empty_list_fails_only_when_required() {
        let grow = GROW.replace(r#"chance: "1""#, r#"chance: "0""#);
        let steps = format!(
            r#"{grow} PickRoom(from: "dead_ends", how: First, kind: "boss", var: "b"),
               Require("!exists(b)"),"#
        );
        assert_eq!(
            rooms(5, 3, "", &steps, &[]).lists["dead_ends"],
            Vec::<[i32; 2]>::new()
        );
        let steps = format!(r#"{grow} PickRoom(from: "dead_ends", how: Last, require: true),"#);
        let e = try_rooms(5, 3, "", &steps, &[]).unwrap_err().to_string();
        assert!(e.contains("PickRoom: list `dead_ends` is empty"), "{e}");
    }
}
