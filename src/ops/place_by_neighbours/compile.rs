//! Compiling `PlaceByNeighbours(...)`: the sample ranges and the bounds of `columns` and
//! `rows`, the stop kinds and lists, and `accept` with its locals (and, when it reads only
//! those, its verdicts on every walk result, decided here).

use super::{verdict_masks, Compiled, Params};
use crate::engine::point::Point;
use crate::engine::value::Type;
use crate::lang::Program;
use crate::operator::knobs::{pair, pair_literal, Knobs};
use crate::operator::Operator;
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;

impl Operator for Params {
    type Compiled = Compiled;

    fn anchor(&self) -> Option<&Src> {
        Some(&self.kind)
    }

    fn compile(&self, cx: &mut Cx) -> Option<Compiled> {
        let mut k: Knobs<Compiled> = Knobs::default();
        let [sample_x, sample_y, columns, rows] = self.ranges(cx, &mut k);
        let kind = cx.kind(&self.kind);
        let var = cx.optional_var(self.var.as_ref(), Type::Room)?;
        let stop_lists: Vec<Option<u16>> = self.stop_at_lists.iter().map(|l| cx.list(l)).collect();
        let stop_kinds = self.stop_kinds(cx);
        let accept = self.accept(cx);
        let until = match &self.until {
            Some(u) => Some(cx.expr(u, Type::Bool)?),
            None => None,
        };
        let fail_none = self.require.then(|| {
            cx.failure_point(
                format!(
                    "PlaceByNeighbours: no cell accepted for `{}`",
                    self.kind.text
                ),
                &self.kind,
            )
        });
        let (accept, accept_points, accept_masks, locals) = accept?;
        Some(Compiled {
            kind: kind?,
            var,
            tries: self
                .tries
                .get(cx, &mut k, |c: &mut Compiled, v| c.tries = v as u32)
                as u32,
            sample_x,
            sample_y,
            columns,
            rows,
            order: self.order.iter().map(|&d| Point::unit(d)).collect(),
            stop_lists: stop_lists.into_iter().collect::<Option<Vec<_>>>()?,
            stop_kinds,
            min_neighbours: self.min_neighbours.get(cx, &mut k, |c: &mut Compiled, v| {
                c.min_neighbours = v as u32
            }) as u32,
            accept,
            accept_points,
            accept_masks,
            locals,
            until,
            doors: self.doors,
            fail_none,
            knobs: {
                let what = "PlaceByNeighbours: `sample_x` or `sample_y` is not an inclusive range \
                            inside the grid"
                    .to_string();
                k.require(cx, &self.kind, what, |c, st| {
                    let inside = |r: (i32, i32), n: i32| r.0 <= r.1 && r.0 >= 0 && r.1 < n;
                    inside(c.sample_x, st.plan_width) && inside(c.sample_y, st.plan_height)
                });
                k.done()?
            },
        })
    }
}

/// The compiled `accept`, its change points and verdict masks, and the slots of its locals.
type Accept = (Program, Option<Vec<i64>>, Option<Vec<u32>>, [u16; 4]);

impl Params {
    /// `sample_x`, `sample_y`, `columns` and `rows` (inclusive ranges, literal or knobs),
    /// the literal samples checked to lie inside the grid.
    fn ranges(&self, cx: &mut Cx, k: &mut Knobs<Compiled>) -> [(i32, i32); 4] {
        let (w, h) = (cx.plan_width(), cx.plan_height());
        let range_ok = |r: (i32, i32), n: i32| r.0 <= r.1 && r.0 >= 0 && r.1 < n;
        let sample_x = pair(
            &self.sample_x,
            cx,
            k,
            [
                |c, v| c.sample_x.0 = v as i32,
                |c, v| c.sample_x.1 = v as i32,
            ],
        );
        let sample_y = pair(
            &self.sample_y,
            cx,
            k,
            [
                |c, v| c.sample_y.0 = v as i32,
                |c, v| c.sample_y.1 = v as i32,
            ],
        );
        let columns = self.columns.as_ref().map_or((0, w - 1), |r| {
            pair(
                r,
                cx,
                k,
                [|c, v| c.columns.0 = v as i32, |c, v| c.columns.1 = v as i32],
            )
        });
        let rows = self.rows.as_ref().map_or((0, h - 1), |r| {
            pair(
                r,
                cx,
                k,
                [|c, v| c.rows.0 = v as i32, |c, v| c.rows.1 = v as i32],
            )
        });
        for (field, r, n, lit) in [
            ("sample_x", sample_x, w, pair_literal(&self.sample_x)),
            ("sample_y", sample_y, h, pair_literal(&self.sample_y)),
        ] {
            if lit && !range_ok(r, n) {
                cx.error_at_field(
                    &self.kind,
                    field,
                    format!("{field} {r:?} must be an inclusive range inside 0..{n} (the grid is {w}x{h})"),
                    None,
                );
            }
        }
        [sample_x, sample_y, columns, rows]
    }

    /// The room kinds that stop a neighbour walk, bit per kind (the first 64 kinds).
    fn stop_kinds(&self, cx: &mut Cx) -> u64 {
        let mut stop_kinds = 0u64;
        for k in &self.stop_at_kinds {
            if let Some(i) = cx.kind(k) {
                if i >= 64 {
                    cx.error(
                        k,
                        "only the first 64 room kinds can stop a neighbour walk".into(),
                        None,
                    );
                } else {
                    stop_kinds |= 1 << i;
                }
            }
        }
        stop_kinds
    }

    /// `accept` with its locals `try`, `neighbours`, `ok`, `clean`, and what can be decided
    /// of it at compile time.
    fn accept(&self, cx: &mut Cx) -> Option<Accept> {
        let accept = cx.expr_with_locals(
            &self.accept,
            Type::Bool,
            &[
                ("try", Type::Num),
                ("neighbours", Type::Num),
                ("ok", Type::Bool),
                ("clean", Type::Bool),
            ],
        );
        let (accept, slots) = accept?;
        let accept_points = accept.change_points(slots[0]);
        let locals = [slots[0], slots[1], slots[2], slots[3]];
        let accept_masks = accept_points
            .as_deref()
            .and_then(|p| verdict_masks(&accept, p, locals));
        Some((accept, accept_points, accept_masks, locals))
    }
}
