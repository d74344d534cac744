//! Placing a one-cell room at the best-scoring empty cell (the Rebirth-family secret room,
//! spec/isaac-rebirth.md §6.4, \[BL\]).
//!
//! Cells are scanned row by row (y, then x). A cell is skipped when it is a room, when it
//! touches a room whose kind is in `avoid_kinds`, or (with `layout_doors`) when it lies behind
//! a door slot of a room that already has a layout without a door in that slot (the
//! blacklist of spec/isaac-rebirth.md §6.4: a configured room's walls keep the secret room
//! away; rooms without a layout yet never block, their layout must later supply the door). Otherwise its score is `base +
//! rnd(jitter)` (drawn for every such cell); for each side in the order W, N, E, S holding a
//! room: if that room has no door slot leading into the cell, `no_door_penalty` is
//! subtracted, else the room counts as a neighbour. Cells with no neighbour or a negative
//! score are skipped; then each `(fewer_than, minus)` of `penalties` subtracts `minus` when
//! the cell has fewer than `fewer_than` neighbours. One cell of the highest score is drawn
//! uniformly. A room touching others only diagonally is never chosen (it has no
//! neighbour).
//!
//! Writes the room (with `shape`), doors to every room it touches, the variable. Fails only
//! with `require: true` when no cell qualifies.

use crate::engine::dir::Dir;
use crate::engine::point::Point;
use crate::engine::shape::{connect, has_slot, slot_of};
use crate::engine::state::{State, NO_ROOM};
use crate::engine::value::{Type, Value};
use crate::engine::Flow;
use crate::operator::knobs::Knobs;
use crate::operator::knobs::{Count0, I32};
use crate::operator::{Operator, Runnable};
use crate::rng::RandomSource;
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

/// Rule-file parameters of `PlaceByScore(...)`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// Kind of the placed room.
    pub kind: Src,
    /// Shape of the placed room (a one-cell shape), or none.
    #[serde(default)]
    pub shape: Option<Src>,
    /// Variable that receives the room (none when nothing was placed).
    #[serde(default)]
    pub var: Option<Src>,
    /// Base score of a cell.
    pub base: I32,
    /// A random `0..jitter` is added to every scanned cell's score (one draw per cell).
    pub jitter: Count0,
    /// Subtracted per neighbour without a door slot towards the cell.
    pub no_door_penalty: I32,
    /// `(fewer_than, minus)`: subtract `minus` when the cell has fewer than `fewer_than`
    /// neighbours.
    #[serde(default)]
    pub penalties: Vec<(u32, i32)>,
    /// Cells touching rooms of these kinds are never chosen.
    #[serde(default)]
    pub avoid_kinds: Vec<Src>,
    /// Restart the enclosing `Retry` when no cell qualifies. Default false.
    #[serde(default)]
    pub require: bool,
    /// Skip cells behind a door slot of a room whose layout has no door there. Default false.
    #[serde(default)]
    pub layout_doors: bool,
}

/// Compiled `PlaceByScore`.
#[derive(Debug, Clone)]
pub struct Compiled {
    shapes: Vec<crate::engine::shape::Shape>,
    kind: u16,
    shape: Option<u16>,
    var: Option<u16>,
    base: i32,
    jitter: i32,
    no_door_penalty: i32,
    penalties: Vec<(u32, i32)>,
    avoid: u64,
    fail_none: Option<u32>,
    /// With `layout_doors`: the door mask of every layout, by layout id.
    layout_doors: Option<Vec<u32>>,
    knobs: Knobs<Compiled>,
}
crate::has_knobs!(Compiled);

/// W, N, E, S.
const SIDES: [Dir; 4] = [Dir::W, Dir::N, Dir::E, Dir::S];

impl Operator for Params {
    type Compiled = Compiled;

    fn anchor(&self) -> Option<&Src> {
        Some(&self.kind)
    }

    fn compile(&self, cx: &mut Cx) -> Option<Compiled> {
        let mut k: Knobs<Compiled> = Knobs::default();
        let kind = cx.kind(&self.kind);
        let shape = cx.optional_one_cell_shape(self.shape.as_ref())?;
        let var = cx.optional_var(self.var.as_ref(), Type::Room)?;
        let mut avoid = 0u64;
        for k in &self.avoid_kinds {
            match cx.kind(k) {
                Some(i) if i < 64 => avoid |= 1 << i,
                Some(_) => cx.error(
                    k,
                    "only the first 64 room kinds can be avoided".into(),
                    None,
                ),
                None => {}
            }
        }
        let fail_none = self.require.then(|| {
            cx.failure_point(
                format!("PlaceByScore: no cell qualifies for `{}`", self.kind.text),
                &self.kind,
            )
        });
        Some(Compiled {
            shapes: cx.shapes().to_vec(),
            kind: kind?,
            shape,
            var,
            base: self
                .base
                .get(cx, &mut k, |c: &mut Compiled, v| c.base = v as i32) as i32,
            jitter: self
                .jitter
                .get(cx, &mut k, |c: &mut Compiled, v| c.jitter = v as i32)
                as i32,
            no_door_penalty: self.no_door_penalty.get(cx, &mut k, |c: &mut Compiled, v| {
                c.no_door_penalty = v as i32
            }) as i32,
            penalties: self.penalties.clone(),
            avoid,
            fail_none,
            layout_doors: self
                .layout_doors
                .then(|| cx.layouts().iter().map(|l| l.doors).collect()),
            knobs: k.done()?,
        })
    }
}

impl Runnable for Compiled {
    fn run(&self, st: &mut State) -> Flow {
        crate::resolve_knobs!(self, st);
        if let Some(v) = self.var {
            st.vars[v as usize] = Value::Nil;
        }
        let mut best = i32::MIN;
        let mut count = 0u32;
        // The best cells in scan order (one buffer per run; the draw needs the whole set).
        let mut cells: Vec<Point> = Vec::new();
        for y in 0..st.plan_height {
            for x in 0..st.plan_width {
                if st.room_at(x, y) != NO_ROOM {
                    continue;
                }
                let here = Point::new(x, y);
                let avoided = SIDES.iter().any(|d| {
                    let r = st.room_at(x + d.dx(), y + d.dy());
                    r != NO_ROOM && self.avoid >> st.rooms[r as usize].kind & 1 == 1
                });
                if avoided || self.walled(st, here) {
                    continue;
                }
                let mut score = self.base + st.rng.below(self.jitter as i64) as i32;
                let mut n = 0u32;
                for d in SIDES {
                    let next = here.step(d);
                    let r = st.room_at(next.x, next.y);
                    if r == NO_ROOM {
                        continue;
                    }
                    if has_slot(st, &self.shapes, r, next, d.opposite()) {
                        n += 1;
                    } else {
                        score -= self.no_door_penalty;
                    }
                }
                if n == 0 || score < 0 {
                    continue;
                }
                for &(below, minus) in &self.penalties {
                    if n < below {
                        score -= minus;
                    }
                }
                if score > best {
                    best = score;
                    cells.clear();
                    count = 0;
                }
                if score == best {
                    cells.push(here);
                    count += 1;
                }
            }
        }
        if count == 0 {
            return self.fail_none.map_or(Flow::Continue, Flow::Fail);
        }
        let here = cells[st.rng.below(count as i64) as usize];
        let id = st.add_room(self.kind, &[here]);
        st.rooms[id as usize].shape = self.shape;
        connect(st, id);
        if let Some(v) = self.var {
            st.vars[v as usize] = Value::Room(id);
        }
        Flow::Continue
    }
}

impl Compiled {
    /// With `layout_doors`: whether a neighbour of `cell` that has a layout has a door slot
    /// towards it that its layout leaves without a door.
    fn walled(&self, st: &State, here: Point) -> bool {
        let Some(masks) = &self.layout_doors else {
            return false;
        };
        SIDES.iter().any(|&d| {
            let next = here.step(d);
            let r = st.room_at(next.x, next.y);
            if r == NO_ROOM {
                return false;
            }
            let Some(l) = st.rooms[r as usize].layout else {
                return false;
            };
            let slot = slot_of(st, &self.shapes, r, next, d.opposite());
            slot.is_some_and(|k| masks.get(l as usize).is_some_and(|m| m >> k & 1 == 0))
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::operator::testing::{lines, rooms, try_rooms};

    /// Passes with a target of 2.5 on 5x3 from (2, 1) (rooms (3, 1), (1, 1), (2, 2)), then
    /// the first dead end, (3, 1), becomes the boss room.
    const GROW: &str = r#"GrowRoomGraph(start: (2, 1), start_kind: "start", start_var: "start",
        room_kind: "normal", target: "2.5", directions: [E, W, S, N], chance: "1",
        columns: (0, 4), rows: (0, 2), frontier: Passes(count: 10), dead_ends: "dead_ends"),
        PickRoom(from: "dead_ends", how: First, kind: "boss"),"#;

    /// Cells touching the boss ((3, 0), (4, 1), (3, 2)) are avoided. Of the others, (1, 0),
    /// (2, 0) and (0, 1) have one neighbour: 10 − 5 = 5; (1, 2) has two ((1, 1) and
    /// (2, 2)): 10, the best. The room is joined to both.
    #[test]
    fn the_best_score_wins_and_avoided_kinds_are_avoided() {
        let steps = format!(
            r#"{GROW}
            PlaceByScore(kind: "secret", var: "s", base: 10, jitter: 0, no_door_penalty: 100,
                penalties: [(2, 5)], avoid_kinds: ["boss"]),
            Require("exists(s)"),"#
        );
        let r = rooms(5, 3, "", &steps, &[]);
        assert_eq!(
            r.plan,
            lines(
                ".....
                 .oSB.
                 .?o.."
            )
        );
        assert_eq!(
            r.doors,
            [
                [[1, 1], [1, 2]],
                [[1, 1], [2, 1]],
                [[1, 2], [2, 2]],
                [[2, 1], [2, 2]],
                [[2, 1], [3, 1]],
            ]
        );
    }

    /// A lone `1x1` start at (1, 1) of a 3x3 grid whose layout has only the east door (R0):
    /// with `layout_doors` its west, north and south cells are walled off, so the secret room
    /// takes (2, 1) on every seed; without it the four equal cells are drawn (and some seed
    /// takes another one).
    #[test]
    fn layout_walls_keep_the_room_away() {
        let pool = "pool \"p\"\ncell 1 x 1\nlegend {\n  '.' floor\n}\nlayout \"east\" {\n  shape \"1x1\" doors [R0] kinds [start] difficulty 1 weight 1\n  interior {\n    |.|\n  }\n}\n";
        let steps = |walls: bool| {
            format!(
                r#"GrowShapes(start: (1, 1), start_shape: "1x1", start_kind: "start",
                room_kind: "normal", target: "0", base_shape: "1x1", remove_chance: "0",
                start_children: "4", children: "4", push_back_chance: "0",
                dead_ends: "dead_ends"),
            AssignLayouts(pools: ["p"], kinds: ["start"]),
            PlaceByScore(kind: "secret", base: 10, jitter: 0, no_door_penalty: 100,
                require: true, layout_doors: {walls}),"#
            )
        };
        let head = r#"pools: { "p": "p.pool" },"#;
        let files = [("p.pool", pool)];
        let secret = |walls: bool, seed: u64| {
            let rs = crate::operator::testing::load(
                3,
                3,
                &format!("{} {head}", crate::operator::testing::ROOM_HEAD),
                &steps(walls),
                files
                    .iter()
                    .map(|(a, b)| (a.to_string(), b.to_string()))
                    .collect(),
            );
            let d = rs.generate(seed, &crate::Params::new()).unwrap();
            d.rooms.iter().find(|r| r.kind == "secret").unwrap().cells[0]
        };
        for seed in 0..20 {
            assert_eq!(secret(true, seed), [2, 1], "seed {seed}");
        }
        assert!((0..20).any(|seed| secret(false, seed) != [2, 1]));
    }

    /// A `1x1` start grown by `GrowShapes` (target 0) at (0, 0) of a 2x2 grid is the only
    /// room; with its kind avoided no cell qualifies, and `require` fails the run.
    #[test]
    fn nothing_qualifies_when_every_neighbour_is_avoided() {
        let steps = r#"GrowShapes(start: (0, 0), start_shape: "1x1", start_kind: "start",
                room_kind: "normal", target: "0", base_shape: "1x1", remove_chance: "0",
                start_children: "4", children: "4", push_back_chance: "0",
                dead_ends: "dead_ends"),
            PlaceByScore(kind: "secret", base: 10, jitter: 0, no_door_penalty: 100,
                avoid_kinds: ["start"], require: true),"#;
        let e = try_rooms(2, 2, "", steps, &[]).unwrap_err().to_string();
        assert!(e.contains("no cell qualifies for `secret`"), "{e}");
    }
}
