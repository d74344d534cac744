//! Graph to tiles, doors: every door of the room graph becomes an opening on the shared edge
//! of its two cells and a corridor joining the two rooms' floors (drawn by
//! [`super::room_drawing`] or anything else) across it.
//!
//! For a door between cell A and cell B (orthogonally adjacent), the floor of each room is
//! found as the bounding box of its `floor` tiles inside its own cell block (the block's
//! centre tile when it has none). Across an east-west edge: when the two floors share rows,
//! the corridor is straight, at the middle of the shared rows; otherwise it leaves A at the
//! middle row of A's floor, turns at the shared edge and enters B at the middle row of B's
//! floor (an elbow). North-south edges likewise with columns. The corridor is `width` tiles
//! thick (an expression, 1..=16, default "1"; its top/left row or column is the middle one)
//! and written with `value`; it never leaves the two cell blocks (nor the area).
//!
//! With `door_value`, the two corridor tiles on either side of the shared edge are written
//! with it instead (a door tile). Draws no random numbers (but the expressions may).
//! Errors: an area wholly outside the grid.

use super::args::{RectDef, Tile, TileHeader};
use crate::engine::grid::Rect;
use crate::engine::regions::corridor;
use crate::engine::state::State;
use crate::engine::value::Type;
use crate::engine::Flow;
use crate::lang::Program;
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

/// One line for listings and the preview.
pub const DESCRIPTION: &str =
    "draw each door as an opening and a corridor between the two rooms' floors";

/// Rule-file parameters of `CarveDoors(...)`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The tile layer written.
    pub layer: Src,
    /// The value of corridor tiles, an expression (0..=65535).
    pub value: Src,
    /// Tile values that are room floor (where a room's floor is looked for).
    pub floor: Vec<Tile>,
    /// Corridor width in tiles, an expression (1..=16). Default "1".
    #[serde(default)]
    pub width: Option<Src>,
    /// The value of the two tiles on either side of the shared edge. Default: `value`.
    #[serde(default)]
    pub door_value: Option<Src>,
    /// The area, a rectangle `(x: .., y: .., w: .., h: ..)` or an area expression
    /// (`"room(r)"`, `"inset(grid(), 1)"`); nothing outside it is written. Default: the
    /// whole grid.
    #[serde(default)]
    pub area: Option<RectDef>,
    /// Condition; the step does nothing when it is false. Default: always.
    #[serde(default)]
    pub when: Option<Src>,
    /// Flag layers: cells where one is non-zero are never written. Default none.
    #[serde(default)]
    pub protected: Vec<Src>,
}

/// Compiled `CarveDoors`.
#[derive(Debug)]
pub struct Op {
    head: TileHeader,
    value: Program,
    floor: Vec<u16>,
    width: Option<Program>,
    door_value: Option<Program>,
}

impl Params {
    /// The located string that messages about the step point at.
    pub fn anchor(&self) -> Option<&Src> {
        Some(&self.layer)
    }

    /// Resolve names and compile expressions; `None` when errors were reported to `cx`.
    pub fn compile(&self, cx: &mut Cx) -> Option<Op> {
        let head = TileHeader::compile(
            cx,
            &self.layer,
            self.area.as_ref(),
            self.when.as_ref(),
            &self.protected,
        );
        let value = cx.expr(&self.value, Type::Num);
        let width = self.width.as_ref().map(|m| cx.expr(m, Type::Num));
        let door_value = self.door_value.as_ref().map(|m| cx.expr(m, Type::Num));
        if self.floor.is_empty() {
            cx.error(
                &self.layer,
                "`floor: []` names no tile: no room floor can be found".into(),
                None,
            );
        }
        Some(Op {
            head: head?,
            value: value?,
            floor: self.floor.iter().map(|t| t.0).collect(),
            width: width.map_or(Some(None), |m| m.map(Some))?,
            door_value: door_value.map_or(Some(None), |m| m.map(Some))?,
        })
    }
}

/// The bounding box of `floor` tiles in `block`, or its centre tile.
fn floor_box(st: &State, layer: u16, block: Rect, floor: &[u16]) -> Rect {
    let g = st.grid(layer);
    let (mut x0, mut y0, mut x1, mut y1) = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
    for (x, y) in block.clip(st.width, st.height).cells() {
        if floor.contains(&g.at(x, y)) {
            x0 = x0.min(x);
            y0 = y0.min(y);
            x1 = x1.max(x);
            y1 = y1.max(y);
        }
    }
    if x0 > x1 {
        return Rect::new(block.x + block.w / 2, block.y + block.h / 2, 1, 1);
    }
    Rect::from_corners(x0, y0, x1 + 1, y1 + 1)
}

/// Where a corridor `w` thick runs along a span `lo..hi` (exclusive): its first row/column.
fn middle(lo: i32, hi: i32, w: i32) -> i32 {
    (lo + (hi - lo - w) / 2).max(lo.min(hi - 1))
}

impl Op {
    /// Run the operator on the state.
    pub fn run(&self, st: &mut State) -> Flow {
        self.head.guarded(st, |st, area| self.paint(st, area))
    }

    /// The step inside its area (clipped to the grid); `run` puts protected cells back.
    fn paint(&self, st: &mut State, area: Rect) -> Flow {
        let v = self.value.num(st).clamp(0.0, 65535.0) as u16;
        let w = self
            .width
            .as_ref()
            .map_or(1, |p| p.num(st).clamp(1.0, 16.0) as i32);
        let dv = self
            .door_value
            .as_ref()
            .map(|p| p.num(st).clamp(0.0, 65535.0) as u16);
        let [cw, ch] = st.cell;
        for d in st.doors.clone() {
            let [mut a, mut b] = d.cells;
            // Order the two cells left-to-right or top-to-bottom.
            if (b[0], b[1]) < (a[0], a[1]) {
                std::mem::swap(&mut a, &mut b);
            }
            let horizontal = a[1] == b[1];
            let ba = Rect::new(a[0] * cw, a[1] * ch, cw, ch);
            let bb = Rect::new(b[0] * cw, b[1] * ch, cw, ch);
            let fa = floor_box(st, self.head.layer, ba, &self.floor);
            let fb = floor_box(st, self.head.layer, bb, &self.floor);
            let clip = Rect::from_corners(ba.x, ba.y, bb.x1(), bb.y1()).intersect(&area);
            let mut g = st.grid_mut(self.head.layer);
            if horizontal {
                let edge = bb.x; // first column of B's block
                let (lo, hi) = (fa.y.max(fb.y), fa.y1().min(fb.y1()));
                let (ya, yb) = if hi - lo >= 1 {
                    let m = middle(lo, hi, w.min(hi - lo));
                    (m, m)
                } else {
                    (middle(fa.y, fa.y1(), w), middle(fb.y, fb.y1(), w))
                };
                corridor(&mut g, clip, (fa.x1(), ya), (edge, yb), w, true, v);
                corridor(&mut g, clip, (edge, yb), (fb.x - 1, yb), w, true, v);
                if let Some(dv) = dv {
                    g.fill(Rect::new(edge - 1, ya, 1, w).intersect(&clip), dv);
                    g.fill(Rect::new(edge, yb, 1, w).intersect(&clip), dv);
                }
            } else {
                let edge = bb.y;
                let (lo, hi) = (fa.x.max(fb.x), fa.x1().min(fb.x1()));
                let (xa, xb) = if hi - lo >= 1 {
                    let m = middle(lo, hi, w.min(hi - lo));
                    (m, m)
                } else {
                    (middle(fa.x, fa.x1(), w), middle(fb.x, fb.x1(), w))
                };
                corridor(&mut g, clip, (xa, fa.y1()), (xb, edge), w, false, v);
                corridor(&mut g, clip, (xb, edge), (xb, fb.y - 1), w, false, v);
                if let Some(dv) = dv {
                    g.fill(Rect::new(xa, edge - 1, w, 1).intersect(&clip), dv);
                    g.fill(Rect::new(xb, edge, w, 1).intersect(&clip), dv);
                }
            }
        }
        Flow::Continue
    }
}

#[cfg(test)]
mod tests {
    use crate::ops::testing::{grid, run_rules_cells};

    #[test]
    fn a_straight_door_between_two_rooms() {
        let g = run_rules_cells(
            (2, 1),
            (4, 3),
            r#"GROW(1), DrawRooms(layer: "t", value: "1", margin: "1"),
               CarveDoors(layer: "t", value: "2", floor: [1])"#,
            "t",
        );
        assert_eq!(g, grid("0 0 0 0 0 0 0 0\n0 1 1 2 2 1 1 0\n0 0 0 0 0 0 0 0"));
    }

    #[test]
    fn an_elbow_when_the_floors_share_no_row() {
        // Room 0's floor is the top row of its 4x4 block, room 1's the bottom row.
        let g = run_rules_cells(
            (2, 1),
            (4, 4),
            r#"GROW(1),
               FillRect(layer: "t", value: "1", rect: (x: "1", y: "0", w: "2", h: "1")),
               FillRect(layer: "t", value: "1", rect: (x: "5", y: "3", w: "2", h: "1")),
               CarveDoors(layer: "t", value: "2", floor: [1])"#,
            "t",
        );
        assert_eq!(
            g,
            grid("0 1 1 2 2 0 0 0\n0 0 0 0 2 0 0 0\n0 0 0 0 2 0 0 0\n0 0 0 0 2 1 1 0")
        );
    }
}
