//! Mirroring: copy a region of a layer onto its mirror images inside a frame, across the
//! frame's vertical centre line (`Horizontal`: x ↦ left + right − x), its horizontal centre
//! line (`Vertical`: y ↦ top + bottom − y), or both (`Both`: the three images, for a 4-way
//! symmetric map). Draws no random numbers.
//!
//! With the frame `F` (default: the grid) and a source cell `(x, y)` of `from`, the images
//! are `(F.x + F.x1 − 1 − x, y)`, `(x, F.y + F.y1 − 1 − y)` and both, written in that order
//! (horizontal image, vertical image, diagonal image) for each source cell in raster order.
//! With `skip_zero`, cells holding 0 are not copied (the images keep what they hold: an "or"
//! of the layouts). Images falling outside the grid are skipped. The source is read as it
//! was before the step (a source overlapping its own image is copied, not smeared).
//!
//! Diablo's Hell builds one 20×20 quadrant and mirrors its floor cells to the 40×40 map,
//! `(x, 39 − y)`, `(39 − x, y)`, `(39 − x, 39 − y)` (shared/spec/diablo.md §5.3 step 3); a
//! new style can mirror any generated region for symmetric levels.

use crate::engine::grid::Rect as GRect;
use crate::engine::state::State;
use crate::engine::Flow;
use crate::lang::Program;
use crate::operator::args::{holds, when, Rect, RectDef};
use crate::operator::{Operator, Runnable};
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

/// Which mirror images are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum Axes {
    /// Left–right: x is reflected.
    Horizontal,
    /// Top–bottom: y is reflected.
    Vertical,
    /// All three images (4-way symmetry).
    Both,
}

/// Rule-file parameters of `Mirror(...)`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The layer read and written.
    pub layer: Src,
    /// The source region, in cells.
    pub from: RectDef,
    /// Which images: `Horizontal`, `Vertical` or `Both`.
    pub axes: Axes,
    /// The frame whose centre lines are the mirror axes. Default: the whole grid.
    #[serde(default)]
    pub frame: Option<RectDef>,
    /// Do not copy cells holding 0. Default false (copy every cell).
    #[serde(default)]
    pub skip_zero: bool,
    /// Condition; the step does nothing when false. Default: always.
    #[serde(default)]
    pub when: Option<Src>,
}

/// Compiled `Mirror`.
#[derive(Debug)]
pub struct Compiled {
    layer: u16,
    from: Rect,
    axes: Axes,
    frame: Option<Rect>,
    skip_zero: bool,
    when: Option<Program>,
}

impl Operator for Params {
    type Compiled = Compiled;

    fn anchor(&self) -> Option<&Src> {
        Some(&self.layer)
    }

    fn compile(&self, cx: &mut Cx) -> Option<Compiled> {
        let layer = cx.layer(&self.layer);
        let from = self.from.compile(cx);
        let frame = match &self.frame {
            Some(f) => Some(f.compile(cx)?),
            None => None,
        };
        let when = when(cx, &self.when);
        Some(Compiled {
            layer,
            from: from?,
            axes: self.axes,
            frame,
            skip_zero: self.skip_zero,
            when: when?,
        })
    }
}

impl Runnable for Compiled {
    fn run(&self, st: &mut State) -> Flow {
        if !holds(&self.when, st) {
            return Flow::Continue;
        }
        let frame = match &self.frame {
            Some(f) => f.eval(st),
            None => GRect::of_size(st.width, st.height),
        };
        let src = self.from.eval(st).clip(st.width, st.height);
        // mirror of a coordinate across the frame's centre line
        let (mx, my) = (frame.x + frame.x1() - 1, frame.y + frame.y1() - 1);
        let (hor, ver) = match self.axes {
            Axes::Horizontal => (true, false),
            Axes::Vertical => (false, true),
            Axes::Both => (true, true),
        };
        let before: Vec<u16> = st.grid(self.layer).as_slice().to_vec();
        let before = crate::engine::grid::Grid::new(&before, st.width, st.height);
        let mut g = st.grid_mut(self.layer);
        for (x, y) in src.cells() {
            let v = before.at(x, y);
            if self.skip_zero && v == 0 {
                continue;
            }
            if hor {
                g.set_checked(mx - x, y, v);
            }
            if ver {
                g.set_checked(x, my - y, v);
            }
            if hor && ver {
                g.set_checked(mx - x, my - y, v);
            }
        }
        Flow::Continue
    }
}

#[cfg(test)]
mod tests {
    use crate::operator::testing::{grid, run_rules};

    const QUADRANT: &str = r#"FillRect(layer: "m", value: "1", rect: (x: "0", y: "0", w: "2", h: "1")),
        FillRect(layer: "m", value: "2", rect: (x: "1", y: "1", w: "1", h: "1")),"#;

    #[test]
    fn both_axes_give_four_way_symmetry() {
        let g = run_rules(
            5,
            4,
            &format!(
                r#"{QUADRANT} Mirror(layer: "m", from: (x: "0", y: "0", w: "2", h: "2"), axes: Both)"#
            ),
            "m",
        );
        assert_eq!(g, grid("1 1 0 1 1\n0 2 0 2 0\n0 2 0 2 0\n1 1 0 1 1"));
    }

    #[test]
    fn one_axis_inside_a_frame_and_skip_zero_keeps_what_is_there() {
        let g = run_rules(
            6,
            3,
            &format!(
                r#"FillRect(layer: "m", value: "7", rect: (x: "0", y: "0", w: "6", h: "3")),
                   {QUADRANT}
                   FillRect(layer: "m", value: "0", rect: (x: "0", y: "1", w: "1", h: "1")),
                   Mirror(layer: "m", from: (x: "0", y: "0", w: "2", h: "2"), axes: Horizontal,
                          frame: (x: "0", y: "0", w: "4", h: "3"), skip_zero: true)"#
            ),
            "m",
        );
        // frame columns 0..3: x ↦ 3 − x; the 0 at (0, 1) is not copied onto (3, 1)
        assert_eq!(g, grid("1 1 1 1 7 7\n0 2 2 7 7 7\n7 7 7 7 7 7"));
    }

    #[test]
    fn vertical_axis_reflects_rows() {
        let g = run_rules(
            2,
            3,
            &format!(
                r#"{QUADRANT} Mirror(layer: "m", from: (x: "0", y: "0", w: "2", h: "1"), axes: Vertical)"#
            ),
            "m",
        );
        assert_eq!(g, grid("1 1\n0 2\n1 1"));
    }
}
