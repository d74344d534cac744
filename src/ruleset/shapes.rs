//! Compiling a rule file's `shapes: [...]` into [`Shape`]s (geometry checks in
//! `engine::shape::check`), each problem reported at the shape's name.

use super::compile::Cx;
use super::schema::ShapeDef;
use crate::engine::shape::{self, Shape, Slot};

/// Compile `shapes: [...]`.
pub fn compile_shapes(defs: &[ShapeDef], cx: &mut Cx) -> Vec<Shape> {
    let mut out: Vec<Shape> = Vec::new();
    for d in defs {
        let cells: Vec<[i32; 2]> = d.cells.iter().map(|&(x, y)| [x, y]).collect();
        let slots: Vec<Slot> = d
            .doors
            .iter()
            .map(|(n, (x, y), dir)| {
                let (dx, dy) = (dir.dx(), dir.dy());
                Slot {
                    name: n.text.clone(),
                    cell: [*x, *y],
                    dir: [dx, dy],
                }
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
