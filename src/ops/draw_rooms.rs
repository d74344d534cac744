//! Graph to tiles, rooms: each room of the room graph becomes a rectangle of `value` tiles
//! inside its own block of tiles (a room cell covers `Grid(cell: (w, h))` tiles, see
//! [`crate::engine::state`]). The rectangle is the room's tile area (the blocks of its
//! bounding box of cells) shrunk by a margin on each side; the four margins are expressions
//! evaluated per room in the order left, top, right, bottom (so `"1 + rnd(3)"` gives rooms
//! of varied size and position). Only the blocks of the room's own cells are written, so an
//! L-shaped room stays out of the cell its bounding box does not own.
//!
//! **Per-side margins**: `left`, `top`, `right` and `bottom` each replace `margin` on their
//! side (evaluated in that order, each only when given). When margins leave no tile on an
//! axis, `margin` alone shrinks the larger margin first (the left or top one on a tie, so a
//! room in a cell of two tiles always lands top-left); with any per-side margin the right
//! (bottom) margin gives way first, then the left (top) one — so `left` places the room:
//! `left: "rnd(2)", right: "1"` puts a one-tile room in either column of a two-tile cell.
//!
//! With `room` (a room expression, e.g. the variable of a `ForEach`) one room is carved,
//! else every room in id order. Margins are clamped so at least one tile is carved per
//! axis. Draws only what the margin expressions draw. Errors: an area wholly outside the
//! tile grid.

use crate::engine::grid::Rect;
use crate::engine::state::State;
use crate::engine::value::{RoomId, Type};
use crate::engine::Flow;
use crate::lang::Program;
use crate::operator::header::TileHeader;
use crate::operator::{Operator, Runnable, Writes};
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

crate::tile_params! {
    header: writes,
    /// Rule-file parameters of `DrawRooms(...)`.
    #[derive(Debug, Clone, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Params {
        /// The value of room tiles, an expression (0..=65535).
        pub value: Src,
        /// Tiles between the room and the edge of its cells, an expression evaluated for each
        /// side (left, top, right, bottom). Default "1".
        #[serde(default)]
        pub margin: Option<Src>,
        /// Tiles between the room and the left edge of its cells, an expression; replaces
        /// `margin` on that side. Default: `margin`.
        #[serde(default)]
        pub left: Option<Src>,
        /// Tiles between the room and the top edge of its cells, an expression. Default: `margin`.
        #[serde(default)]
        pub top: Option<Src>,
        /// Tiles between the room and the right edge of its cells, an expression. Default:
        /// `margin`.
        #[serde(default)]
        pub right: Option<Src>,
        /// Tiles between the room and the bottom edge of its cells, an expression. Default:
        /// `margin`.
        #[serde(default)]
        pub bottom: Option<Src>,
        /// Carve only this room (a room expression). Default: every room.
        #[serde(default)]
        pub room: Option<Src>,
    }
}

/// Compiled `DrawRooms`.
#[derive(Debug)]
pub struct Compiled {
    head: TileHeader,
    value: Program,
    margin: Option<Program>,
    /// Left, top, right, bottom.
    sides: [Option<Program>; 4],
    room: Option<Program>,
}

impl Operator for Params {
    type Compiled = Compiled;

    fn anchor(&self) -> Option<&Src> {
        Some(&self.layer)
    }

    fn compile(&self, cx: &mut Cx) -> Option<Compiled> {
        let head = TileHeader::compile(cx, self.header());
        let value = cx.expr(&self.value, Type::Num);
        let margin = self.margin.as_ref().map(|m| cx.expr(m, Type::Num));
        let [l, t, r, b] = [&self.left, &self.top, &self.right, &self.bottom]
            .map(|s| s.as_ref().map(|m| cx.expr(m, Type::Num)));
        let room = self.room.as_ref().map(|m| cx.expr(m, Type::Room));
        let opt = |p: Option<Option<Program>>| p.map_or(Some(None), |m| m.map(Some));
        Some(Compiled {
            head: head?,
            value: value?,
            margin: margin.map_or(Some(None), |m| m.map(Some))?,
            sides: [opt(l)?, opt(t)?, opt(r)?, opt(b)?],
            room: room.map_or(Some(None), |m| m.map(Some))?,
        })
    }
}

impl Runnable for Compiled {
    fn writes(&self) -> Writes<'_> {
        self.head.writes_layer()
    }

    fn run(&self, st: &mut State) -> Flow {
        self.head.guarded(st, |st, area| self.paint(st, area))
    }
}

impl Compiled {
    /// The step inside its area (clipped to the grid); `run` puts protected cells back.
    fn paint(&self, st: &mut State, area: Rect) -> Flow {
        let v = self.value.num(st).clamp(0.0, 65535.0) as u16;
        let rooms: Vec<RoomId> = match &self.room {
            Some(p) => p.eval(st).room().into_iter().collect(),
            None => (0..st.rooms.len() as RoomId).collect(),
        };
        for r in rooms {
            if r as usize >= st.rooms.len() {
                continue;
            }
            let [x, y, w, h] = st.room_tiles(r);
            let mut m = [1i32; 4];
            for (side, own) in m.iter_mut().zip(&self.sides) {
                if let Some(p) = own.as_ref().or(self.margin.as_ref()) {
                    *side = p.num(st).max(0.0) as i32;
                }
            }
            let [l, t, rt, b] = if self.sides.iter().any(Option::is_some) {
                let (l, rt) = give_way_far_first(m[0], m[2], w);
                let (t, b) = give_way_far_first(m[1], m[3], h);
                [l, t, rt, b]
            } else {
                let (l, rt) = give_way_evenly(m[0], m[2], w);
                let (t, b) = give_way_evenly(m[1], m[3], h);
                [l, t, rt, b]
            };
            let rect = Rect::from_corners(x + l, y + t, x + w - rt, y + h - b);
            let [cw, ch] = st.cell;
            let cells = st.cells_of(r).to_vec();
            let mut g = st.grid_mut(self.head.layer);
            for c in cells {
                let block = Rect::new(c.x * cw, c.y * ch, cw, ch);
                g.fill(block.intersect(&rect).intersect(&area), v);
            }
        }
        Flow::Continue
    }
}

/// Margins `a` (left/top) and `b` (right/bottom) on a span of `n` tiles leaving at least
/// one: the larger one shrinks first, `a` on a tie.
fn give_way_evenly(mut a: i32, mut b: i32, n: i32) -> (i32, i32) {
    while a + b >= n && (a > 0 || b > 0) {
        if a >= b {
            a -= 1
        } else {
            b -= 1
        }
    }
    (a, b)
}

/// Margins `a` (left/top) and `b` (right/bottom) on a span of `n` tiles leaving at least
/// one: `b` gives way first, then `a`.
fn give_way_far_first(a: i32, b: i32, n: i32) -> (i32, i32) {
    let b = b.min((n - 1 - a).max(0));
    (a.min((n - 1 - b).max(0)), b)
}

#[cfg(test)]
mod tests {
    use crate::operator::testing::{grid, run_rules_cells};

    #[test]
    fn rooms_inside_their_cells() {
        // Two rooms on a 2x1 room grid of 4x3-tile cells.
        let g = run_rules_cells(
            (2, 1),
            (4, 3),
            r#"GROW(1), DrawRooms(layer: "t", value: "1", margin: "1")"#,
            "t",
        );
        assert_eq!(g, grid("0 0 0 0 0 0 0 0\n0 1 1 0 0 1 1 0\n0 0 0 0 0 0 0 0"));
    }

    /// One room on one cell of `n × n` tiles drawn with `fields`.
    fn one(n: i32, fields: &str) -> Vec<Vec<u16>> {
        run_rules_cells(
            (1, 1),
            (n, n),
            &format!(r#"GROW(0), DrawRooms(layer: "t", value: "1", {fields})"#),
            "t",
        )
    }

    #[test]
    fn one_margin_on_a_two_tile_cell_lands_top_left() {
        assert_eq!(one(2, r#"margin: "1""#), grid("1 0\n0 0"));
    }

    #[test]
    fn per_side_margins_place_the_room_on_2x2_3x3_and_4x4_cells() {
        // 2x2: left and top 1 — the bottom-right tile.
        assert_eq!(
            one(2, r#"left: "1", top: "1", right: "0", bottom: "0""#),
            grid("0 0\n0 1")
        );
        // 2x2: every margin 1 — the right and bottom ones give way: bottom-right again.
        assert_eq!(one(2, r#"margin: "1", left: "1""#), grid("0 0\n0 1"));
        // 3x3: left 2, bottom 2 — the top-right tile.
        assert_eq!(
            one(3, r#"left: "2", top: "0", right: "0", bottom: "2""#),
            grid("0 0 1\n0 0 0\n0 0 0")
        );
        // 3x3: left 3 is too big: the right margin gives way, then the left (down to 2).
        assert_eq!(
            one(3, r#"margin: "0", left: "3""#),
            grid("0 0 1\n0 0 1\n0 0 1")
        );
        // 4x4: left 1, right 2, top 2, bottom 1 — one tile at (1, 2); `margin` fills the
        // sides not given.
        assert_eq!(
            one(4, r#"margin: "1", right: "2", top: "2""#),
            grid("0 0 0 0\n0 0 0 0\n0 1 0 0\n0 0 0 0")
        );
        // 4x4: a 2x2 room at the bottom-right corner.
        assert_eq!(
            one(4, r#"margin: "0", left: "2", top: "2""#),
            grid("0 0 0 0\n0 0 0 0\n0 0 1 1\n0 0 1 1")
        );
    }
}
