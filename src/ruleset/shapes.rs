//! Compiling a rule file's `shapes: [...]` into [`Shape`]s (geometry checks in
//! `engine::shape::check`), each problem reported at the shape's name.

use super::compile::Cx;
use super::schema::ShapeDef;
use crate::engine::point::Point;
use crate::engine::shape::{self, Shape, Slot};

/// Compile `shapes: [...]`.
pub fn compile_shapes(defs: &[ShapeDef], cx: &mut Cx) -> Vec<Shape> {
    let mut out: Vec<Shape> = Vec::new();
    for d in defs {
        let cells: Vec<Point> = d.cells.iter().map(|&c| Point::from(c)).collect();
        let slots: Vec<Slot> = d
            .doors
            .iter()
            .map(|(n, cell, dir)| Slot {
                name: n.text.clone(),
                cell: Point::from(*cell),
                dir: *dir,
            })
            .collect();
        match shape::check(&d.name.text, &cells, &slots) {
            Ok(size) => out.push(Shape {
                name: d.name.text.clone(),
                cells,
                slots,
                size,
            }),
            Err(m) => cx.error(&d.name, m, None),
        }
        if out.len() > u16::MAX as usize {
            cx.error(&d.name, "too many shapes".into(), None);
            break;
        }
    }
    out
}
