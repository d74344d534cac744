//! Compiling `GrowShapes(...)`: shapes, kinds, lists and expressions resolved, the `attach`
//! offers checked against the shapes' door slots, a literal start cell checked against the grid.

use super::{Compiled, Offer, Params};
use crate::engine::point::Point;
use crate::engine::value::Type;
use crate::operator::knobs::{pair, pair_literal, Knobs};
use crate::operator::Operator;
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;

impl Operator for Params {
    type Compiled = Compiled;

    fn anchor(&self) -> Option<&Src> {
        Some(&self.start_kind)
    }

    fn compile(&self, cx: &mut Cx) -> Option<Compiled> {
        let mut k: Knobs<Compiled> = Knobs::default();
        let start_shape = cx.shape(&self.start_shape);
        let base = cx.shape(&self.base_shape);
        let (attach, attach_ok) = self.attach(cx);
        let (start, start_text, start_ok) = self.start(cx, &mut k);
        let ok = attach_ok && start_ok;
        let start_kind = cx.kind(&self.start_kind);
        let room_kind = cx.kind(&self.room_kind);
        let target = cx.expr(&self.target, Type::Num);
        let remove_chance = cx.expr(&self.remove_chance, Type::Num);
        let start_children = cx.expr(&self.start_children, Type::Num);
        let children = cx.expr(&self.children, Type::Num);
        let push_back = cx.expr(&self.push_back_chance, Type::Num);
        let start_var = cx.optional_var(self.start_var.as_ref(), Type::Room)?;
        let big_placed = match &self.big_placed_var {
            Some(v) => Some(cx.declare_var(v, Type::Num)?),
            None => None,
        };
        let big_removed = match &self.big_removed_var {
            Some(v) => Some(cx.declare_var(v, Type::Num)?),
            None => None,
        };
        let min_dead_ends = match &self.min_dead_ends {
            Some(m) => Some(cx.expr(m, Type::Num)?),
            None => None,
        };
        let dead_ends = cx.declare_list(&self.dead_ends);
        let fail_start = cx.failure_point(
            format!("GrowShapes: the start shape does not fit at {start_text}"),
            &self.start_kind,
        );
        let crowd_chance = match &self.crowd_chance {
            Some(c) => Some(cx.expr(c, Type::Num)?),
            None => None,
        };
        if !ok || cx.shapes().len() > 64 {
            return None;
        }
        Some(Compiled {
            shapes: cx.shapes().to_vec(),
            start: Point::from(start),
            start_shape: start_shape?,
            start_kind: start_kind?,
            start_var,
            room_kind: room_kind?,
            target: target?,
            base: base?,
            attach,
            remove_chance: remove_chance?,
            start_children: start_children?,
            children: children?,
            push_back: push_back?,
            max_neighbours: self.max_neighbours.get(cx, &mut k, |c: &mut Compiled, v| {
                c.max_neighbours = v as u32
            }) as u32,
            crowd_chance,
            min_dead_ends,
            augment_rounds: self.augment_rounds.get(cx, &mut k, |c: &mut Compiled, v| {
                c.augment_rounds = v as u32
            }) as u32,
            dead_ends,
            big_placed,
            big_removed,
            fail_start,
            knobs: {
                let what = "GrowShapes: the start cell is outside the grid".to_string();
                k.require(cx, &self.start_kind, what, |c, st| {
                    st.in_bounds(c.start.x, c.start.y)
                });
                k.done()?
            },
        })
    }
}

impl Params {
    /// The `attach` offers by the parent door's direction; false when one names an unknown
    /// shape or slot or has `one_in` 0 (reported).
    fn attach(&self, cx: &mut Cx) -> ([Vec<Offer>; 4], bool) {
        let mut attach: [Vec<Offer>; 4] = Default::default();
        let mut ok = true;
        for (sh, slot, one_in) in &self.attach {
            let Some(si) = cx.shape(sh) else {
                ok = false;
                continue;
            };
            let shape = &cx.shapes()[si as usize];
            let Some(k) = shape.slots.iter().position(|s| s.name == slot.text) else {
                let names: Vec<String> = shape.slots.iter().map(|s| s.name.clone()).collect();
                cx.error(
                    slot,
                    format!("shape `{}` has no door slot `{}`", sh.text, slot.text),
                    Some(format!("its slots are: {}", names.join(" "))),
                );
                ok = false;
                continue;
            };
            if *one_in == 0 {
                cx.error(slot, "`one_in` must be at least 1".into(), None);
                ok = false;
                continue;
            }
            let s = &shape.slots[k];
            // The parent's door points the opposite way from the slot.
            attach[s.dir.opposite() as usize].push(Offer {
                shape: si,
                cell: s.cell,
                one_in: *one_in,
            });
        }
        (attach, ok)
    }

    /// The start cell, as the messages write it, and false when a literal one is outside
    /// the grid (reported).
    fn start(&self, cx: &mut Cx, k: &mut Knobs<Compiled>) -> ((i32, i32), String, bool) {
        let mut ok = true;
        let (w, h) = (cx.plan_width(), cx.plan_height());
        let start = pair(
            &self.start,
            cx,
            k,
            [|c, v| c.start.x = v as i32, |c, v| c.start.y = v as i32],
        );
        let start_text = if pair_literal(&self.start) {
            format!("{start:?}")
        } else {
            format!("({}, {})", self.start.0, self.start.1)
        };
        if pair_literal(&self.start) && (start.0 < 0 || start.1 < 0 || start.0 >= w || start.1 >= h)
        {
            cx.error(
                &self.start_kind,
                format!("the start cell {start_text} is outside the {w}x{h} grid"),
                None,
            );
            ok = false;
        }
        (start, start_text, ok)
    }
}
