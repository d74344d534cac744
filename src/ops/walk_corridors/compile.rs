//! Compiling `WalkCorridors(...)`: the tile header, the tiles and corners, the halls list,
//! the roll and steering constants, and the failure point of a walk that can no longer end.

use super::{Compiled, Params, TileHeader};
use crate::operator::args::four;
use crate::operator::knobs::Knobs;
use crate::operator::Operator;
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;

impl Operator for Params {
    type Compiled = Compiled;

    fn anchor(&self) -> Option<&Src> {
        Some(&self.halls)
    }

    fn compile(&self, cx: &mut Cx) -> Option<Compiled> {
        let corners = four(cx, &self.halls, &self.corners, "corners")?;
        let head = TileHeader::compile(cx, self.header());
        let halls = cx.segments(&self.halls)?;
        let stuck = cx.failure_point(
            format!(
                "WalkCorridors over `{}`: the corridor walk can no longer end (no walker state reachable under any outcome of the rolls reaches its goal or changes the map)",
                self.halls.text
            ),
            &self.halls,
        );
        let mut k: Knobs<Compiled> = Knobs::default();
        let steer_x = self.steer_x.compile(cx, &mut k, true);
        let steer_y = self.steer_y.compile(cx, &mut k, false);
        Some(Compiled {
            head: head?,
            halls,
            empty: self.empty.0,
            wall: self.wall.0,
            door: self.door.0,
            hall: self.hall.0,
            corners,
            widen_roll: self
                .widen_roll
                .get(cx, &mut k, |c: &mut Compiled, v| c.widen_roll = v as i64),
            widen_percent: self
                .widen_percent
                .get(cx, &mut k, |c: &mut Compiled, v| c.widen_percent = v as i64),
            turn_roll: self
                .turn_roll
                .get(cx, &mut k, |c: &mut Compiled, v| c.turn_roll = v as i64),
            steer_x,
            steer_y,
            align_within: self
                .align_within
                .get(cx, &mut k, |c: &mut Compiled, v| c.align_within = v as i32)
                as i32,
            margin: self
                .margin
                .get(cx, &mut k, |c: &mut Compiled, v| c.margin = v as i32)
                as i32,
            trap_check: self
                .trap_check
                .get(cx, &mut k, |c: &mut Compiled, v| c.trap_check = v as u64)
                as u64,
            stuck,
            knobs: k.done()?,
        })
    }
}
