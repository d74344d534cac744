//! Compiling `DivideRooms(...)`: the layer, area, corners and halls list resolved, literal
//! `room_min` and `room_max` checked against each other, the forced first room's size
//! programs compiled and its `forced_area` variables declared.

use super::{Compiled, Params};
use crate::engine::value::Type;
use crate::lang::Program;
use crate::operator::args::{four, when};
use crate::operator::knobs::{pair, Knobs};
use crate::operator::Operator;
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;

impl Operator for Params {
    type Compiled = Compiled;

    fn anchor(&self) -> Option<&Src> {
        Some(&self.layer)
    }

    fn compile(&self, cx: &mut Cx) -> Option<Compiled> {
        let mut k: Knobs<Compiled> = Knobs::default();
        let corners = four(cx, &self.layer, &self.corners, "corners")?;
        let layer = cx.layer(&self.layer);
        let area = match &self.area {
            None => Some(None),
            Some(a) => a.compile(cx).map(Some),
        };
        let step_when = when(cx, &self.when);
        let halls = cx.declare_segments(&self.halls);
        let forced = self.forced(cx);
        let forced_area = self.forced_area(cx);
        let forced_flag = self.forced_flag.as_ref().map(|p| cx.layer(p));
        if let (Some(min), Some(max)) = (self.room_min.literal(), self.room_max.literal()) {
            if max < min {
                cx.error(
                    &self.layer,
                    format!(
                        "room_min {min} and room_max {max} must satisfy 0 <= room_min <= room_max"
                    ),
                    None,
                );
                return None;
            }
        }
        Some(Compiled {
            layer,
            area: area?,
            when: step_when?,
            halls,
            room_min: self
                .room_min
                .get(cx, &mut k, |c: &mut Compiled, v| c.room_min = v as i32)
                as i32,
            room_max: self
                .room_max
                .get(cx, &mut k, |c: &mut Compiled, v| c.room_max = v as i32)
                as i32,
            area_min: self
                .area_min
                .get(cx, &mut k, |c: &mut Compiled, v| {
                    c.area_min = (v as i32).max(0)
                })
                .max(0) as i32,
            standoff: self
                .standoff
                .get(cx, &mut k, |c: &mut Compiled, v| c.standoff = v as i32)
                as i32,
            max_rooms: self
                .max_rooms
                .get(cx, &mut k, |c: &mut Compiled, v| c.max_rooms = v as usize)
                as usize,
            clamp: match &self.clamp {
                Some(p) => pair(
                    p,
                    cx,
                    &mut k,
                    [|c, v| c.clamp.0 = v as i32, |c, v| c.clamp.1 = v as i32],
                ),
                None => (1, cx.width().min(cx.height()) - 2),
            },
            wall: self.wall.0,
            floor: self.floor.0,
            corners,
            forced: forced?,
            forced_area: forced_area?,
            forced_flag,
            knobs: {
                let what = "DivideRooms: `room_min` is above `room_max`".to_string();
                k.require(cx, &self.layer, what, |c, _| c.room_min <= c.room_max);
                k.done()?
            },
        })
    }
}

impl Params {
    /// The compiled `forced` room (`w`, `h`, `when`); `None` when it does not compile.
    #[allow(clippy::type_complexity)]
    fn forced(&self, cx: &mut Cx) -> Option<Option<(Program, Program, Option<Program>)>> {
        match &self.forced {
            None => Some(None),
            Some(f) => {
                let w = cx.expr(&f.w, Type::Num);
                let h = cx.expr(&f.h, Type::Num);
                let c = when(cx, &f.when);
                match (w, h, c) {
                    (Some(w), Some(h), Some(c)) => Some(Some((w, h, c))),
                    _ => None,
                }
            }
        }
    }

    /// The four variables `forced_area` names (x, y, w, h), declared; `None` when there
    /// are not four (reported) or one does not declare.
    fn forced_area(&self, cx: &mut Cx) -> Option<Option<[u16; 4]>> {
        match &self.forced_area {
            None => Some(None),
            Some(names) if names.len() != 4 => {
                cx.error(
                    &self.layer,
                    format!(
                        "forced_area names 4 variables (x, y, w, h), not {}",
                        names.len()
                    ),
                    None,
                );
                None
            }
            Some(names) => {
                let v: Vec<_> = names.iter().map(|n| cx.declare_var(n, Type::Num)).collect();
                v.iter()
                    .all(Option::is_some)
                    .then(|| Some([v[0]?, v[1]?, v[2]?, v[3]?]))
                    .flatten()
                    .map(Some)
            }
        }
    }
}
