//! Graph to tiles, doors: every door of the room graph becomes an opening on the shared edge
//! of its two cells and a corridor joining the two rooms' floors (drawn by
//! [`super::draw_rooms`] or anything else) across it.
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
//!
//! Straight and elbow corridors and their door tiles never overwrite a tile of the two
//! blocks that held a `floor` value before the door was carved: on cells so small that a room's floor reaches the
//! shared edge (two-tile cells with a one-tile margin), the corridor stops at the floor
//! instead of turning the room's edge tile into a corridor or door tile (issue 45).
//!
//! **Wandering corridors** (`wander`, the random-walk corridor): the corridor runs from the
//! centre of A's floor to the shared edge at A's middle row (column) and on from there to the
//! centre of B's floor, each half a biased random walk
//! ([`crate::engine::regions::wandering_corridor`]: each move a random step with
//! probability `wander`, else a step towards the goal) that stays inside its own cell block
//! less a one-tile rim, so a corridor never opens into a third room's block; the two tiles on
//! either side of the edge are the door opening. Draws per move one `chance(wander)`, and
//! `rnd(4)` when it wanders; doors in the order of the room graph's door list.
//! Errors: an area wholly outside the grid.

use crate::engine::grid::{GridMut, Rect};
use crate::engine::regions::{corridor, wandering_corridor};
use crate::engine::state::State;
use crate::engine::value::Type;
use crate::engine::Flow;
use crate::lang::Program;
use crate::operator::args::Tile;
use crate::operator::header::TileHeader;
use crate::operator::{Operator, Runnable};
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

crate::tile_params! {
    header: writes,
    /// Rule-file parameters of `CarveDoors(...)`.
    #[derive(Debug, Clone, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Params {
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
        /// Wandering corridors: the chance (0..=1, an expression) that a move of the corridor's
        /// random walk goes in a random direction instead of towards its goal. Default: none
        /// (straight and elbow corridors, no random draws).
        #[serde(default)]
        pub wander: Option<Src>,
    }
}

/// Compiled `CarveDoors`.
#[derive(Debug)]
pub struct Compiled {
    head: TileHeader,
    value: Program,
    floor: Vec<u16>,
    width: Option<Program>,
    door_value: Option<Program>,
    wander: Option<Program>,
}

impl Operator for Params {
    type Compiled = Compiled;

    fn anchor(&self) -> Option<&Src> {
        Some(&self.layer)
    }

    fn compile(&self, cx: &mut Cx) -> Option<Compiled> {
        let head = TileHeader::compile(cx, self.header());
        let value = cx.expr(&self.value, Type::Num);
        let width = self.width.as_ref().map(|m| cx.expr(m, Type::Num));
        let door_value = self.door_value.as_ref().map(|m| cx.expr(m, Type::Num));
        let wander = self.wander.as_ref().map(|m| cx.expr(m, Type::Num));
        if self.floor.is_empty() {
            cx.error(
                &self.layer,
                "`floor: []` names no tile: no room floor can be found".into(),
                None,
            );
        }
        Some(Compiled {
            head: head?,
            value: value?,
            floor: self.floor.iter().map(|t| t.0).collect(),
            width: width.map_or(Some(None), |m| m.map(Some))?,
            door_value: door_value.map_or(Some(None), |m| m.map(Some))?,
            wander: wander.map_or(Some(None), |m| m.map(Some))?,
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

impl Runnable for Compiled {
    fn run(&self, st: &mut State) -> Flow {
        self.head.guarded(st, |st, area| self.paint(st, area))
    }
}

impl Compiled {
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
        if let Some(p) = &self.wander {
            let chance = p.num(st).clamp(0.0, 1.0);
            return self.wander(st, area, (v, dv.unwrap_or(v)), w, chance);
        }
        for i in 0..st.doors.len() {
            let DoorBlocks {
                horizontal,
                ba,
                bb,
                fa,
                fb,
            } = self.blocks(st, i);
            let clip = Rect::from_corners(ba.x, ba.y, bb.x1(), bb.y1()).intersect(&area);
            let floors = self.floor_tiles(st, clip);
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
            restore(&mut g, &floors);
        }
        Flow::Continue
    }

    /// The tiles of `r` holding a floor value, with their values.
    fn floor_tiles(&self, st: &State, r: Rect) -> Vec<(i32, i32, u16)> {
        let g = st.grid(self.head.layer);
        r.cells()
            .map(|(x, y)| (x, y, g.at(x, y)))
            .filter(|t| self.floor.contains(&t.2))
            .collect()
    }
}

/// Write back tiles saved by [`Compiled::floor_tiles`].
fn restore(g: &mut GridMut<'_>, saved: &[(i32, i32, u16)]) {
    for &(x, y, v) in saved {
        g.set(x, y, v);
    }
}

/// The two cell blocks of a door and their rooms' floor boxes.
struct DoorBlocks {
    /// An east-west door (the blocks side by side).
    horizontal: bool,
    /// The left (upper) block, in tiles.
    ba: Rect,
    /// The right (lower) block.
    bb: Rect,
    /// The floor box in `ba` (see [`floor_box`]).
    fa: Rect,
    /// The floor box in `bb`.
    fb: Rect,
}

impl Compiled {
    /// Door `i`'s blocks, ordered left-to-right or top-to-bottom, and their floor boxes.
    fn blocks(&self, st: &State, i: usize) -> DoorBlocks {
        let [cw, ch] = st.cell;
        let [mut a, mut b] = st.doors[i].cells;
        if b < a {
            std::mem::swap(&mut a, &mut b);
        }
        let ba = Rect::new(a.x * cw, a.y * ch, cw, ch);
        let bb = Rect::new(b.x * cw, b.y * ch, cw, ch);
        DoorBlocks {
            horizontal: a.y == b.y,
            fa: floor_box(st, self.head.layer, ba, &self.floor),
            fb: floor_box(st, self.head.layer, bb, &self.floor),
            ba,
            bb,
        }
    }

    /// Wandering corridors (see the module doc); `v` = (corridor, door) values.
    fn wander(&self, st: &mut State, area: Rect, v: (u16, u16), w: i32, chance: f64) -> Flow {
        for i in 0..st.doors.len() {
            let DoorBlocks {
                horizontal,
                ba,
                bb,
                fa,
                fb,
            } = self.blocks(st, i);
            let (ia, ib) = (inner(ba, &area), inner(bb, &area));
            if ia.is_empty() || ib.is_empty() {
                continue;
            }
            let centre = |f: Rect, i: Rect| {
                (
                    (f.x + f.w / 2).clamp(i.x, i.x1() - 1),
                    (f.y + f.h / 2).clamp(i.y, i.y1() - 1),
                )
            };
            // The door's row (column) across the edge, inside both blocks' rims.
            let (ends, opening) = if horizontal {
                let lo = ia.y.max(ib.y);
                let hi = ia.y1().min(ib.y1()) - w.min(ia.h);
                let y = middle(fa.y, fa.y1(), w).clamp(lo, hi.max(lo));
                let ends = ((ia.x1() - 1, y), (ib.x, y));
                (ends, Rect::new(ia.x1(), y, ib.x - ia.x1(), w))
            } else {
                let lo = ia.x.max(ib.x);
                let hi = ia.x1().min(ib.x1()) - w.min(ia.w);
                let x = middle(fa.x, fa.x1(), w).clamp(lo, hi.max(lo));
                let ends = ((x, ia.y1() - 1), (x, ib.y));
                (ends, Rect::new(x, ia.y1(), w, ib.y - ia.y1()))
            };
            let (mut g, rng) = st.grid_mut_and_rng(self.head.layer);
            wandering_corridor(&mut g, ia, (centre(fa, ia), ends.0), w, chance, rng, v.0);
            g.fill(opening.intersect(&area), v.1);
            wandering_corridor(&mut g, ib, (ends.1, centre(fb, ib)), w, chance, rng, v.0);
        }
        Flow::Continue
    }
}

/// A cell block less its one-tile rim, inside the area (clipped to it).
fn inner(block: Rect, area: &Rect) -> Rect {
    Rect::new(block.x + 1, block.y + 1, block.w - 2, block.h - 2).intersect(area)
}

#[cfg(test)]
mod tests;
