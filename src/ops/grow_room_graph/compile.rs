//! Compiling `GrowRoomGraph(...)`: kinds, lists and expressions resolved; the fields
//! written as constants checked against the grid and each other (the start cell, `columns`
//! and `rows`, `directions`, `Passes`).

use super::{gate, Compiled, Frontier, Params};
use crate::engine::point::Point;
use crate::engine::value::Type;
use crate::operator::knobs::{Knobs, I32};
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
        let (sx, sy) = (
            self.start
                .0
                .get(cx, &mut k, |c: &mut Compiled, v| c.start.0 = v as i32) as i32,
            self.start
                .1
                .get(cx, &mut k, |c: &mut Compiled, v| c.start.1 = v as i32) as i32,
        );
        let columns = (
            self.columns
                .0
                .get(cx, &mut k, |c: &mut Compiled, v| c.columns.0 = v as i32) as i32,
            self.columns
                .1
                .get(cx, &mut k, |c: &mut Compiled, v| c.columns.1 = v as i32) as i32,
        );
        let rows = (
            self.rows
                .0
                .get(cx, &mut k, |c: &mut Compiled, v| c.rows.0 = v as i32) as i32,
            self.rows
                .1
                .get(cx, &mut k, |c: &mut Compiled, v| c.rows.1 = v as i32) as i32,
        );
        let max_neighbours = self.max_neighbours.get(cx, &mut k, |c: &mut Compiled, v| {
            c.max_neighbours = v as u32
        });
        self.check_fields(cx, (sx, sy), columns, rows);
        let start_kind = cx.kind(&self.start_kind);
        let room_kind = cx.kind(&self.room_kind);
        let target = cx.expr(&self.target, Type::Num);
        let chance = cx.expr(&self.chance, Type::Num);
        let reseed = match &self.reseed_when {
            Some(s) => Some(cx.expr(s, Type::Bool)?),
            None => None,
        };
        let force = match &self.force {
            Some(f) => {
                let locals = [("pass", Type::Num), ("grown", Type::Num)];
                let (p, slots) = cx.expr_with_locals(f, Type::Bool, &locals)?;
                Some((p, [slots[0], slots[1]]))
            }
            None => None,
        };
        let start_var = cx.optional_var(self.start_var.as_ref(), Type::Room)?;
        let force_switch = force.as_ref().and_then(|(p, locals)| {
            let written: Vec<u16> = locals.iter().copied().chain(start_var).collect();
            gate::leading_switch(p, &written)
        });
        let dead_ends = cx.declare_list(&self.dead_ends);
        let fail_occupied = cx.failure_point(
            format!("GrowRoomGraph: start cell ({sx}, {sy}) already holds a room"),
            &self.start_kind,
        );
        Some(Compiled {
            start: (sx, sy),
            start_kind: start_kind?,
            start_var,
            room_kind: room_kind?,
            target: target?,
            dirs: self.directions.iter().map(|&d| Point::unit(d)).collect(),
            chance: chance?,
            roll: self.roll,
            columns,
            rows,
            max_neighbours: max_neighbours as u32,
            frontier: self.frontier.clone(),
            reseed,
            start_can_be_dead_end: self.start_can_be_dead_end,
            start_ignores_chance: self.start_ignores_chance,
            dead_ends,
            fail_occupied,
            force,
            force_switch,
            knobs: {
                let what = "GrowRoomGraph: the start cell is outside the grid, or `columns` or \
                            `rows` is not an inclusive range inside it"
                    .to_string();
                k.require(cx, &self.start_kind, what, |c, st| {
                    let inside = |r: (i32, i32), n: i32| r.0 <= r.1 && r.0 >= 0 && r.1 < n;
                    st.in_bounds(c.start.0, c.start.1)
                        && inside(c.columns, st.plan_width)
                        && inside(c.rows, st.plan_height)
                });
                k.done()?
            },
        })
    }
}

impl Params {
    /// The errors of fields written as constants: a start cell outside the grid, `columns`
    /// or `rows` not an inclusive range inside it, no `directions`, `Passes` out of range
    /// (fields given by expressions are checked when the step runs).
    fn check_fields(
        &self,
        cx: &mut Cx,
        (sx, sy): (i32, i32),
        columns: (i32, i32),
        rows: (i32, i32),
    ) {
        let (w, h) = (cx.plan_width(), cx.plan_height());
        let start_lit = self.start.0.literal().is_some() && self.start.1.literal().is_some();
        if start_lit && (sx < 0 || sy < 0 || sx >= w || sy >= h) {
            cx.error_at_field(
                &self.start_kind,
                "start",
                format!("the start cell ({sx}, {sy}) is outside the {w}x{h} grid"),
                None,
            );
        }
        let range_ok = |r: (i32, i32), n: i32| r.0 <= r.1 && r.0 >= 0 && r.1 < n;
        let lit = |r: &(I32, I32)| r.0.literal().is_some() && r.1.literal().is_some();
        for (field, r, n, l) in [
            ("columns", columns, w, lit(&self.columns)),
            ("rows", rows, h, lit(&self.rows)),
        ] {
            if l && !range_ok(r, n) {
                cx.error_at_field(
                        &self.room_kind,
                        field,
                        format!("{field} {r:?} must be an inclusive range inside 0..{n} (the grid is {w}x{h})"),
                        None,
                    );
            }
        }
        if self.directions.is_empty() {
            cx.error_at_field(
                &self.room_kind,
                "directions",
                "`directions` is empty: no room could ever grow".into(),
                Some("e.g. directions: [E, W, S, N]".into()),
            );
        }
        if let Frontier::Passes {
            count,
            short_counts,
            ..
        } = self.frontier
        {
            if count == 0 || count > 1_000_000 || !(0.0..1.0).contains(&short_counts) {
                cx.error_at_field(
                    &self.dead_ends,
                    "frontier",
                    "`Passes` needs count 1..=1000000 and short_counts in 0..1".into(),
                    None,
                );
            }
        }
    }
}
