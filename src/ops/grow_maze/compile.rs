//! Compiling `GrowMaze(...)`: the tile header, the value and solid tiles, the cell and wall
//! sizes, the growth weights, the start and `fill`, and the failure points of an area too
//! small and a start outside a free cell.

use super::{Compiled, Params};
use crate::engine::tile_set::TileSet;
use crate::engine::value::Type;
use crate::operator::header::TileHeader;
use crate::operator::knobs::{Int, Knobs};
use crate::operator::Operator;
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;

impl Operator for Params {
    type Compiled = Compiled;

    fn anchor(&self) -> Option<&Src> {
        Some(&self.layer)
    }

    fn compile(&self, cx: &mut Cx) -> Option<Compiled> {
        let head = TileHeader::compile(cx, self.header());
        let mut k: Knobs<Compiled> = Knobs::default();
        let value = self.value.get(cx, &mut k, |c, v| c.value = v as u16) as u16;
        let side = |n: &Option<Int<1, 64>>, cx: &mut Cx, k: &mut Knobs<Compiled>, set| {
            n.as_ref().map_or(1, |n| n.get(cx, k, set)) as i32
        };
        let cell = side(&self.cell, cx, &mut k, |c, v| c.cell = v as i32);
        let wall = side(&self.wall, cx, &mut k, |c, v| c.wall = v as i32);
        let weights: [Option<f64>; 3] = [
            (self.newest.as_ref()).map(|w| w.get(cx, &mut k, |c, v| c.weights[0] = Some(v))),
            (self.random.as_ref()).map(|w| w.get(cx, &mut k, |c, v| c.weights[1] = Some(v))),
            (self.oldest.as_ref()).map(|w| w.get(cx, &mut k, |c, v| c.weights[2] = Some(v))),
        ];
        let straight =
            (self.straight.as_ref()).map_or(0.0, |p| p.get(cx, &mut k, |c, v| c.straight = v));
        let start = self.start.as_ref().map(|p| p.compile(cx));
        let fill = match &self.fill {
            None => Some(None),
            Some(s) => cx.expr(s, Type::Bool).map(Some),
        };
        if self.solid.is_empty() {
            let msg = "`solid: []` names no tile: the maze could carve nothing".into();
            cx.error(&self.layer, msg, None);
        }
        let what = "GrowMaze: no maze cell fits in the area (it needs cell + 2 walls each way)";
        let too_small = cx.failure_point(what.into(), &self.layer);
        let what = "GrowMaze: the start tile is not in a free maze cell";
        let bad_start = cx.failure_point(what.into(), &self.layer);
        Some(Compiled {
            head: head?,
            value,
            solid: (!self.solid.is_empty())
                .then(|| TileSet::new(self.solid.iter().map(|t| t.0)))?,
            cell,
            wall,
            weights,
            straight,
            start: start.map_or(Some(None), |p| p.map(Some))?,
            fill: fill?,
            too_small,
            bad_start,
            knobs: k.done()?,
        })
    }
}
