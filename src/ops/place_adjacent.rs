//! Placing a one-cell room right next to a given room, trying directions in a preferred
//! order (the second, outer boss room of Curse of the Labyrinth, spec/isaac.md §4: the cell
//! qualifies when its only occupied neighbour is the boss room; effective preference N, W,
//! E).
//!
//! The first direction whose cell is inside `columns`/`rows`, empty, and has at most
//! `max_neighbours` occupied neighbours wins. With `shuffle` the directions are first put in
//! a random order (a Fisher–Yates pass from the end, one draw of `0..=i` per position i), as
//! the Rebirth family's second boss room picks among the first one's free sides
//! (spec/isaac-rebirth.md §6.2). The new room is joined to the given room only.
//! Writes the room, a door, the variable. Fails when no direction qualifies and `require`
//! is set (the default).

use crate::engine::dir::Dir;
use crate::engine::point::Point;
use crate::engine::state::{State, NO_ROOM};
use crate::engine::value::{Type, Value};
use crate::engine::Flow;
use crate::lang::Scope;
use crate::operator::knobs::{pair, Count0, Knobs, I32};
use crate::operator::{Operator, Runnable};
use crate::rng::RandomSource;
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

/// Rule-file parameters of `PlaceAdjacent(...)`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// Variable holding the room to attach to.
    pub to: Src,
    /// Directions in order of preference.
    pub directions: Vec<Dir>,
    /// Kind of the new room.
    pub kind: Src,
    /// Variable that receives the new room (none when nothing was placed).
    #[serde(default)]
    pub var: Option<Src>,
    /// Shape of the new room (a one-cell shape), or none.
    #[serde(default)]
    pub shape: Option<Src>,
    /// Most occupied orthogonal neighbours of the new cell (the room attached to included).
    /// Default 1.
    #[serde(default = "one")]
    pub max_neighbours: Count0,
    /// Inclusive columns allowed. Default: the whole grid.
    #[serde(default)]
    pub columns: Option<(I32, I32)>,
    /// Inclusive rows allowed. Default: the whole grid.
    #[serde(default)]
    pub rows: Option<(I32, I32)>,
    /// Restart the enclosing `Retry` when no direction qualifies. Default true.
    #[serde(default = "yes")]
    pub require: bool,
    /// Try the directions in a random order instead of the given one. Default false.
    #[serde(default)]
    pub shuffle: bool,
}

fn one() -> Count0 {
    Count0::Lit(1)
}
fn yes() -> bool {
    true
}

/// Compiled `PlaceAdjacent`.
#[derive(Debug, Clone)]
pub struct Compiled {
    to: u16,
    dirs: Vec<Dir>,
    kind: u16,
    var: Option<u16>,
    shape: Option<u16>,
    max_neighbours: u32,
    columns: (i32, i32),
    rows: (i32, i32),
    fail_none: Option<u32>,
    shuffle: bool,
    knobs: Knobs<Compiled>,
}
crate::has_knobs!(Compiled);

impl Operator for Params {
    type Compiled = Compiled;

    fn anchor(&self) -> Option<&Src> {
        Some(&self.to)
    }

    fn compile(&self, cx: &mut Cx) -> Option<Compiled> {
        let mut k: Knobs<Compiled> = Knobs::default();
        let to = match cx.var(&self.to.text) {
            Some((slot, Type::Room)) => Some(slot),
            _ => {
                cx.error(
                    &self.to,
                    format!("`{}` is not a room variable", self.to.text),
                    None,
                );
                None
            }
        };
        let kind = cx.kind(&self.kind);
        let shape = cx.optional_one_cell_shape(self.shape.as_ref())?;
        let var = cx.optional_var(self.var.as_ref(), Type::Room)?;
        if self.directions.is_empty() {
            cx.error(&self.to, "`directions` is empty".into(), None);
        }
        let fail_none = self.require.then(|| {
            cx.failure_point(
                format!(
                    "PlaceAdjacent: no free cell next to `{}` for the `{}` room",
                    self.to.text, self.kind.text
                ),
                &self.to,
            )
        });
        let (w, h) = (cx.plan_width(), cx.plan_height());
        Some(Compiled {
            to: to?,
            dirs: self.directions.clone(),
            kind: kind?,
            var,
            shape,
            max_neighbours: self.max_neighbours.get(cx, &mut k, |c: &mut Compiled, v| {
                c.max_neighbours = v as u32
            }) as u32,
            columns: self.columns.as_ref().map_or((0, w - 1), |r| {
                pair(
                    r,
                    cx,
                    &mut k,
                    [|c, v| c.columns.0 = v as i32, |c, v| c.columns.1 = v as i32],
                )
            }),
            rows: self.rows.as_ref().map_or((0, h - 1), |r| {
                pair(
                    r,
                    cx,
                    &mut k,
                    [|c, v| c.rows.0 = v as i32, |c, v| c.rows.1 = v as i32],
                )
            }),
            fail_none,
            shuffle: self.shuffle,
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
        let Some(src) = st.vars[self.to as usize].room() else {
            return self.fail_none.map_or(Flow::Continue, Flow::Fail);
        };
        let mut shuffled;
        let dirs: &[Dir] = if self.shuffle {
            shuffled = self.dirs.clone();
            for i in (1..shuffled.len()).rev() {
                let j = st.rng.below(i as i64 + 1) as usize;
                shuffled.swap(i, j);
            }
            &shuffled
        } else {
            &self.dirs
        };
        for d in dirs {
            let cells = st.cells_of(src);
            let found = cells.iter().find_map(|&c| {
                let Point { x: nx, y: ny } = c.step(*d);
                let ok = nx >= self.columns.0
                    && nx <= self.columns.1
                    && ny >= self.rows.0
                    && ny <= self.rows.1
                    && st.room_at(nx, ny) == NO_ROOM
                    && st.occupied_neighbours(nx, ny) <= self.max_neighbours;
                ok.then_some((c, Point::new(nx, ny)))
            });
            if let Some((from, to)) = found {
                let id = st.add_room(self.kind, &[to]);
                st.rooms[id as usize].shape = self.shape;
                st.add_door(src, from, id, to);
                if let Some(v) = self.var {
                    st.vars[v as usize] = Value::Room(id);
                }
                return Flow::Continue;
            }
        }
        self.fail_none.map_or(Flow::Continue, Flow::Fail)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::{Rng, RngSpec};

    /// A 3x3 grid with room 0 in the centre and `others` occupied; returns where the new
    /// room goes with preference N, W, E.
    fn place(others: &[[i32; 2]]) -> Option<[i32; 2]> {
        let files = Vec::new();
        let mut cx = Cx::new(
            &files,
            &crate::ruleset::load::Disk,
            vec!["normal".into(), "boss".into()],
            3,
            3,
        );
        cx.declare_var(&Src::synthetic("b"), Type::Room);
        let p = Params {
            to: Src::synthetic("b"),
            directions: vec![Dir::N, Dir::W, Dir::E],
            kind: Src::synthetic("boss"),
            var: None,
            shape: None,
            max_neighbours: crate::operator::knobs::Count0::Lit(1),
            columns: None,
            rows: None,
            require: true,
            shuffle: false,
        };
        let op = p.compile(&mut cx).expect("compiles");
        let mut st = State::new(3, 3, 0, cx.vars.len(), 0, 0, Rng::new(&RngSpec::Pcg64, 1));
        let b = st.add_room(1, &[Point::new(1, 1)]);
        st.vars[0] = Value::Room(b);
        for &c in others {
            st.add_room(0, &[Point::from(c)]);
        }
        match op.run(&mut st) {
            Flow::Continue => Some(st.cells_of(st.rooms.len() as u32 - 1)[0].to_array()),
            Flow::Fail(_) | Flow::Abort(_) => None,
        }
    }

    #[test]
    fn prefers_north_then_west_then_east_and_never_a_crowded_cell() {
        assert_eq!(place(&[]), Some([1, 0]));
        // North crowded (it would touch (2, 0)): west.
        assert_eq!(place(&[[2, 0]]), Some([0, 1]));
        // North and west crowded by (0, 0): east.
        assert_eq!(place(&[[0, 0]]), Some([2, 1]));
        // Every preferred cell touches a second room: nothing is placed (a restart).
        assert_eq!(place(&[[0, 0], [0, 2], [2, 0]]), None);
    }
}
