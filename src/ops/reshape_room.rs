//! Taking a room from a list and reshaping it in place into a wanted shape, e.g. a big boss
//! room replacing a single dead-end cell (spec/isaac-rebirth.md §6.1–§6.2 "PopDeadEnd" /
//! "DetermineBossRoom"; Boris/Parzer in spec/isaac.md §5.1).
//!
//! The list is walked in order (for dead ends sorted farthest first, that is farthest-first).
//! Rooms for which `when` (seeing the room as `room`) is false are passed over; the first
//! qualifying room is the plain choice. With probability `chance` a shape is drawn from
//! `shapes` by weight, and the op tries to reshape a room into it: the new shape must cover
//! the room's cell at its door to its single neighbour, through a door slot facing that
//! neighbour; every new cell must be inside the grid and empty (or the room's own); it may
//! touch at most `max_neighbours` rooms; and every shared edge needs door slots on both
//! sides. `fallback` decides which rooms are tried: `Farthest` — those at the plain choice's
//! door distance from `origin` (\[B\]); `All` — every qualifying room in list order (\[BL\]).
//! When no reshape works (or none was wanted) the plain choice is reshaped into `otherwise`
//! when given (a one-cell shape always fits), else it keeps its shape.
//!
//! After the reshape, `keep` (seeing the room as `room`) decides whether the room takes the
//! kind: when false it keeps its kind (and its new shape) and goes to the end of the list, so
//! the next entries take the next rooms (an optional special room that failed its roll,
//! \[BL\]'s re-append, spec/isaac-rebirth.md §6.1).
//!
//! Writes: the room's cells, shape, doors and kind; removes it from the list (or moves it to
//! the end); the variable (none when not kept). Fails with `no <kind> room possible` when no
//! room of the list qualifies, unless `optional` (then nothing happens).

use crate::engine::point::Point;
use crate::engine::shape::{connect, fits, Shape, MAX_CELLS};
use crate::engine::state::{State, NO_ROOM};
use crate::engine::value::{RoomId, Type, Value};
use crate::engine::Flow;
use crate::lang::Program;
use crate::operator::knobs::{Count0, Knobs};
use crate::operator::{Operator, Runnable};
use crate::rng::RandomSource;
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

/// Which rooms a wanted shape is tried on.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
pub enum Fallback {
    /// Qualifying rooms at the same door distance from `origin` as the first one.
    #[default]
    Farthest,
    /// Every qualifying room, in list order.
    All,
}

/// Rule-file parameters of `ReshapeRoom(...)`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The list to take from (in order).
    pub from: Src,
    /// Condition a room must meet, seeing it as `room`. Default: always.
    #[serde(default)]
    pub when: Option<Src>,
    /// Probability (expression) that a new shape is wanted. Default "1".
    #[serde(default)]
    pub chance: Option<Src>,
    /// Wanted shapes with their weights.
    pub shapes: Vec<(Src, f64)>,
    /// Shape the chosen room is reshaped into when no wanted shape is drawn or none fits
    /// (it always fits when it is one cell). Default: the room keeps its shape.
    #[serde(default)]
    pub otherwise: Option<Src>,
    /// Which rooms the wanted shape is tried on. Default `Farthest`.
    #[serde(default)]
    pub fallback: Fallback,
    /// Room variable distances are measured from (needed by `Farthest`).
    #[serde(default)]
    pub origin: Option<Src>,
    /// Most rooms the reshaped room may touch. Default 1 (it stays a dead end).
    #[serde(default = "one")]
    pub max_neighbours: Count0,
    /// New kind of the room.
    pub kind: Src,
    /// Variable that receives the room.
    #[serde(default)]
    pub var: Option<Src>,
    /// Condition, evaluated after the reshape seeing the room as `room`: when false the room
    /// keeps its kind and moves to the end of the list. Default: always kept.
    #[serde(default)]
    pub keep: Option<Src>,
    /// When no room qualifies, do nothing instead of failing. Default false.
    #[serde(default)]
    pub optional: bool,
}

fn one() -> Count0 {
    Count0::Lit(1)
}

/// Compiled `ReshapeRoom`.
#[derive(Debug, Clone)]
pub struct Compiled {
    shapes: Vec<Shape>,
    list: u16,
    when: Option<(Program, u16)>,
    chance: Option<Program>,
    wanted: Vec<(u16, f64)>,
    total: f64,
    otherwise: Option<u16>,
    fallback: Fallback,
    origin: Option<u16>,
    max_neighbours: u32,
    kind: u16,
    var: Option<u16>,
    fail_none: u32,
    keep: Option<(Program, u16)>,
    optional: bool,
    knobs: Knobs<Compiled>,
}
crate::has_knobs!(Compiled);

impl Operator for Params {
    type Compiled = Compiled;

    fn anchor(&self) -> Option<&Src> {
        Some(&self.from)
    }

    fn compile(&self, cx: &mut Cx) -> Option<Compiled> {
        let mut k: Knobs<Compiled> = Knobs::default();
        let list = cx.list(&self.from);
        let when = match &self.when {
            Some(w) => {
                let (p, slots) = cx.expr_with_locals(w, Type::Bool, &[("room", Type::Room)])?;
                Some((p, slots[0]))
            }
            None => None,
        };
        let chance = match &self.chance {
            Some(c) => Some(cx.expr(c, Type::Num)?),
            None => None,
        };
        let (wanted, ok) = self.wanted(cx);
        let otherwise = match &self.otherwise {
            Some(s) => Some(cx.shape(s)?),
            None => None,
        };
        let origin = self.origin(cx)?;
        let keep = match &self.keep {
            Some(k) => {
                let (p, slots) = cx.expr_with_locals(k, Type::Bool, &[("room", Type::Room)])?;
                Some((p, slots[0]))
            }
            None => None,
        };
        let kind = cx.kind(&self.kind);
        let var = cx.optional_var(self.var.as_ref(), Type::Room)?;
        let cond = self
            .when
            .as_ref()
            .map_or(String::new(), |w| format!(" with `{}`", w.text));
        let fail_none = cx.failure_point(
            format!(
                "ReshapeRoom: no {} room possible: no room of `{}`{cond}",
                self.kind.text, self.from.text
            ),
            &self.from,
        );
        if !ok {
            return None;
        }
        Some(Compiled {
            shapes: cx.shapes().to_vec(),
            list: list?,
            when,
            chance,
            total: wanted.iter().map(|w| w.1).sum(),
            wanted,
            otherwise,
            fallback: self.fallback,
            origin,
            max_neighbours: self.max_neighbours.get(cx, &mut k, |c: &mut Compiled, v| {
                c.max_neighbours = v as u32
            }) as u32,
            kind: kind?,
            var,
            fail_none,
            keep,
            optional: self.optional,
            knobs: k.done()?,
        })
    }
}

impl Params {
    /// The shapes with their weights; false when one is unknown, a weight is not positive
    /// or there are none (reported).
    fn wanted(&self, cx: &mut Cx) -> (Vec<(u16, f64)>, bool) {
        let mut wanted = Vec::new();
        let mut ok = true;
        for (s, w) in &self.shapes {
            match cx.shape(s) {
                Some(i) if *w > 0.0 && w.is_finite() => wanted.push((i, *w)),
                Some(_) => {
                    cx.error(s, "shape weights must be positive".into(), None);
                    ok = false;
                }
                None => ok = false,
            }
        }
        if self.shapes.is_empty() {
            cx.error(
                &self.from,
                "`shapes` is empty".into(),
                Some("e.g. shapes: [(\"1x1\", 1)]".into()),
            );
            ok = false;
        }
        (wanted, ok)
    }

    /// The slot of the `origin` room variable (which `fallback: Farthest` needs); `None`
    /// (reported) when it is no room variable or missing where needed.
    fn origin(&self, cx: &mut Cx) -> Option<Option<u16>> {
        match &self.origin {
            Some(o) => {
                use crate::lang::Scope;
                match cx.var(&o.text) {
                    Some((slot, Type::Room)) => Some(Some(slot)),
                    _ => {
                        cx.error(o, format!("`{}` is not a room variable", o.text), None);
                        None
                    }
                }
            }
            None if self.fallback == Fallback::Farthest => {
                cx.error(
                    &self.from,
                    "`fallback: Farthest` needs `origin: \"<room variable>\"`".into(),
                    None,
                );
                None
            }
            None => Some(None),
        }
    }
}

impl Runnable for Compiled {
    fn run(&self, st: &mut State) -> Flow {
        crate::resolve_knobs!(self, st);
        let n = st.lists[self.list as usize].len();
        if let Some(v) = self.var {
            st.vars[v as usize] = Value::Nil;
        }
        let Some(first) = (0..n).find(|&i| self.qualifies(st, st.lists[self.list as usize][i]))
        else {
            return match self.optional {
                true => Flow::Continue,
                false => Flow::Fail(self.fail_none),
            };
        };
        let mut chosen = first;
        let mut reshaped = false;
        let want = self.chance.as_ref().is_none_or(|c| {
            let p = c.num(st);
            st.rng.chance(p)
        });
        if want {
            let mut x = st.rng.below(1 << 30) as f64 / (1u64 << 30) as f64 * self.total;
            let mut shape = self.wanted[self.wanted.len() - 1].0;
            for &(s, w) in &self.wanted {
                if x < w {
                    shape = s;
                    break;
                }
                x -= w;
            }
            let origin = self.origin.and_then(|o| st.vars[o as usize].room());
            let dist = match (self.fallback, origin) {
                (Fallback::Farthest, Some(o)) => st.door_distances(o),
                _ => Vec::new(),
            };
            let far = |r: RoomId| dist.get(r as usize).copied().unwrap_or(0);
            let d0 = far(st.lists[self.list as usize][first]);
            for i in first..n {
                let r = st.lists[self.list as usize][i];
                if self.fallback == Fallback::Farthest && far(r) != d0 {
                    continue;
                }
                if self.qualifies(st, r) && self.reshape(st, r, shape) {
                    chosen = i;
                    reshaped = true;
                    break;
                }
            }
        }
        if let (false, Some(s)) = (reshaped, self.otherwise) {
            let r = st.lists[self.list as usize][chosen];
            self.reshape(st, r, s);
        }
        let r = st.lists[self.list as usize].remove(chosen);
        debug_assert!(r != NO_ROOM);
        if let Some((p, slot)) = &self.keep {
            st.vars[*slot as usize] = Value::Room(r);
            if !p.truth(st) {
                st.lists[self.list as usize].push(r);
                return Flow::Continue;
            }
        }
        st.rooms[r as usize].kind = self.kind;
        if let Some(v) = self.var {
            st.vars[v as usize] = Value::Room(r);
        }
        Flow::Continue
    }
}

impl Compiled {
    fn qualifies(&self, st: &mut State, r: RoomId) -> bool {
        match &self.when {
            Some((p, slot)) => {
                st.vars[*slot as usize] = Value::Room(r);
                p.truth(st)
            }
            None => true,
        }
    }

    /// Reshape room `r` into shape `s`, if possible.
    fn reshape(&self, st: &mut State, r: RoomId, s: u16) -> bool {
        let Some(door) = st.doors.iter().find(|d| d.rooms.contains(&r)) else {
            return false;
        };
        let (c, p) = if door.rooms[0] == r {
            (door.cells[0], door.cells[1])
        } else {
            (door.cells[1], door.cells[0])
        };
        let dir = c.dir_to(p);
        let sh = &self.shapes[s as usize];
        for slot in sh.slots.iter().filter(|k| Some(k.dir) == dir) {
            let o = c - slot.cell;
            match fits(st, &self.shapes, sh, o, r) {
                Some(n) if n <= self.max_neighbours => {
                    let mut cells = [Point::default(); MAX_CELLS];
                    for (i, &k) in sh.cells.iter().enumerate() {
                        cells[i] = o + k;
                    }
                    st.reshape_room(r, &cells[..sh.cells.len()]);
                    st.rooms[r as usize].shape = Some(s);
                    connect(st, r);
                    return true;
                }
                _ => {}
            }
        }
        false
    }
}

#[cfg(test)]
mod tests;
