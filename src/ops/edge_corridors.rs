//! Edge corridors: dig a corridor from a region's right edge, and then one from its bottom
//! edge, to the layout inside, so that mirror images of the region (see `Mirror`) are
//! joined through the middle of the map. Diablo's Hell `PrepareInnerBorders` (vanilla
//! `uShape`, shared/spec/diablo.md §5.3 steps 1–2 and §5.7 item 2). Draws two random
//! numbers.
//!
//! With `A` the area (default the grid) and "set" meaning a non-zero cell of the layer (cells
//! outside the grid read as 0; cells outside `A` but inside the grid are read as they are):
//! 1. Rows. Row `y` of `A` is *ok* when its right-most set cell `x` (within `A`) has a set
//!    cell below it, `(x, y + 1)`, and no set cell diagonally below-right, `(x + 1, y + 1)`;
//!    a row without set cells is not ok. Start at `r = A.y + 1 + rnd(A.h − 1)` and move down
//!    to the first ok row (`r + 1`, wrapping from the bottom row to `A.y + 1`). On it, from
//!    the right column of `A` leftwards, cells are set to `value` in rows `r .. r + width − 1`
//!    until the cell in row `r` is already set.
//! 2. Columns, computed after step 1: column `x` is ok when its bottom-most set cell `y` has
//!    a set cell to its right, `(x + 1, y)`, and none at `(x + 1, y + 1)`. Start at
//!    `c = A.x + 1 + rnd(A.w − 1)`, move right to the first ok column (wrapping to
//!    `A.x + 1`), and fill upward from the bottom row of `A` in columns `c .. c + width − 1`
//!    until the cell in column `c` is set.
//!
//! When no row (or column) is ok the original would loop forever; here that pass does
//! nothing (its random number is still drawn). Writes outside the grid are skipped.

use crate::engine::grid::{GridMut, Rect as GRect};
use crate::engine::state::State;
use crate::engine::Flow;
use crate::operator::args::{Count, Rect, RectDef, Tile};
use crate::operator::knobs::Knobs;
use crate::operator::{Operator, Runnable};
use crate::rng::RandomSource;
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

/// Rule-file parameters of `EdgeCorridors(...)`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The mask layer (non-zero = set).
    pub layer: Src,
    /// The region. Default: the whole grid.
    #[serde(default)]
    pub area: Option<RectDef>,
    /// Value written into corridor cells. Default 1.
    #[serde(default = "one")]
    pub value: Tile,
    /// Corridor thickness in cells (required; Diablo's Hell uses 2).
    pub width: Count,
}

fn one() -> Tile {
    Tile(1)
}

/// Compiled `EdgeCorridors`.
#[derive(Debug, Clone)]
pub struct Compiled {
    layer: u16,
    area: Option<Rect>,
    value: u16,
    width: i32,
    knobs: Knobs<Compiled>,
}
crate::has_knobs!(Compiled);

impl Operator for Params {
    type Compiled = Compiled;

    fn anchor(&self) -> Option<&Src> {
        Some(&self.layer)
    }

    fn compile(&self, cx: &mut Cx) -> Option<Compiled> {
        let mut k: Knobs<Compiled> = Knobs::default();
        let layer = cx.layer(&self.layer);
        let area = match &self.area {
            Some(a) => Some(a.compile(cx)?),
            None => None,
        };
        Some(Compiled {
            layer,
            area,
            value: self.value.0,
            width: self
                .width
                .get(cx, &mut k, |c: &mut Compiled, v| c.width = v as i32)
                as i32,
            knobs: k.done()?,
        })
    }
}

/// The layer seen along one axis: `transposed` swaps x and y, so one routine digs both the
/// row corridor and the column corridor.
struct View<'a> {
    g: GridMut<'a>,
    transposed: bool,
}

impl View<'_> {
    #[inline]
    fn set(&self, a: i32, b: i32) -> bool {
        let (x, y) = if self.transposed { (b, a) } else { (a, b) };
        self.g.as_grid().get_or(x, y, 0) != 0
    }

    #[inline]
    fn write(&mut self, a: i32, b: i32, v: u16) {
        let (x, y) = if self.transposed { (b, a) } else { (a, b) };
        self.g.set_checked(x, y, v);
    }
}

impl Runnable for Compiled {
    fn run(&self, st: &mut State) -> Flow {
        crate::resolve_knobs!(self, st);
        let area = match &self.area {
            Some(a) => {
                let crate::engine::grid::Rect { x, y, w, h } = a.eval(st);
                GRect::new(x, y, w, h)
            }
            None => GRect::of_size(st.width, st.height),
        };
        if area.is_empty() {
            return Flow::Continue;
        }
        self.dig(st, false, area);
        self.dig(st, true, area);
        Flow::Continue
    }
}

impl Compiled {
    /// One pass in view coordinates: `a` runs along the line (x for rows), `b` across the
    /// lines; `(a0, a1)` and `(b0, b1)` are the area's extents (ends exclusive).
    fn dig(&self, st: &mut State, transposed: bool, area: GRect) {
        let (a0, a1, b0, b1) = if transposed {
            (area.y, area.y1(), area.x, area.x1())
        } else {
            (area.x, area.x1(), area.y, area.y1())
        };
        let lines = (b1 - b0).max(0);
        let start = b0 + 1 + st.rng.below(lines as i64 - 1) as i32;
        let mut v = View {
            g: st.grid_mut(self.layer),
            transposed,
        };
        let ok: Vec<bool> = (b0..b1)
            .map(|b| match (a0..a1).rev().find(|&a| v.set(a, b)) {
                Some(a) => v.set(a, b + 1) && !v.set(a + 1, b + 1),
                None => false,
            })
            .collect();
        if lines < 2 || !ok[1..].iter().any(|&o| o) {
            return;
        }
        let mut r = start;
        while !ok[(r - b0) as usize] {
            r += 1;
            if r >= b1 {
                r = b0 + 1;
            }
        }
        for a in (a0..a1).rev() {
            if v.set(a, r) {
                break;
            }
            for k in 0..self.width {
                v.write(a, r + k, self.value);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::operator::testing::{grid, run_rules};

    #[test]
    fn corridors_run_from_the_right_and_bottom_edges_to_the_layout() {
        // A 2x2 room at (1, 1) in a 6x6 area. Rows: only row 1 is ok (its right-most cell
        // (2, 1) has floor below and none below-right). Seed 1 draws rnd(5) = 1, then 2:
        // rows start at 2 and wrap round to 1, so rows 1-2 are dug from x = 5 to x = 3.
        // Columns, after that: column 3's bottom-most cell is now the corridor's (3, 2),
        // with (4, 2) set and (4, 3) not, so the start 1 + 2 = 3 is ok: columns 3-4 are dug
        // from y = 5 up to y = 3.
        let g = run_rules(
            6,
            6,
            r#"FillRect(layer: "m", value: "1", rect: (x: "1", y: "1", w: "2", h: "2")),
               EdgeCorridors(layer: "m", area: (x: "0", y: "0", w: "6", h: "6"), value: 2, width: 2)"#,
            "m",
        );
        assert_eq!(
            g,
            grid(
                "0 0 0 0 0 0
                 0 1 1 2 2 2
                 0 1 1 2 2 2
                 0 0 0 2 2 0
                 0 0 0 2 2 0
                 0 0 0 2 2 0"
            )
        );
    }
}
