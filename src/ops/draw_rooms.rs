//! Graph to tiles, rooms: each room of the room graph becomes a rectangle of `value` tiles
//! inside its own block of tiles (a room cell covers `Grid(cell: (w, h))` tiles, see
//! [`crate::engine::state`]). The rectangle is the room's tile area (the blocks of its
//! bounding box of cells) shrunk by a margin on each side; the four margins are expressions
//! evaluated per room in the order left, top, right, bottom (so `"1 + rnd(3)"` gives rooms
//! of varied size and position). Only the blocks of the room's own cells are written, so an
//! L-shaped room stays out of the cell its bounding box does not own.
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
        let room = self.room.as_ref().map(|m| cx.expr(m, Type::Room));
        Some(Compiled {
            head: head?,
            value: value?,
            margin: margin.map_or(Some(None), |m| m.map(Some))?,
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
            for side in &mut m {
                if let Some(p) = &self.margin {
                    *side = p.num(st).max(0.0) as i32;
                }
            }
            // At least one tile per axis: shrink the margins evenly when they are too big.
            let (mut l, mut t, mut rt, mut b) = (m[0], m[1], m[2], m[3]);
            while l + rt >= w && (l > 0 || rt > 0) {
                if l >= rt {
                    l -= 1
                } else {
                    rt -= 1
                }
            }
            while t + b >= h && (t > 0 || b > 0) {
                if t >= b {
                    t -= 1
                } else {
                    b -= 1
                }
            }
            let rect = Rect::from_corners(x + l, y + t, x + w - rt, y + h - b);
            let [cw, ch] = st.cell;
            let cells = st.cells_of(r).to_vec();
            let mut g = st.grid_mut(self.head.layer);
            for [cx, cy] in cells {
                let block = Rect::new(cx * cw, cy * ch, cw, ch);
                g.fill(block.intersect(&rect).intersect(&area), v);
            }
        }
        Flow::Continue
    }
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
}
