//! Stamping a pattern: write a miniset's replace grid with its top-left at a point, without
//! searching: a tile cell writes its tile (tile 0 included), a `.` cell leaves the tile as it
//! is. Draws no random numbers.
//!
//! Diablo's Cathedral chamber pillars and connection openings are stamps
//! (shared/spec/diablo.md §2.4). Cells outside the grid, or outside `area` when given, are
//! skipped.

use crate::engine::point::Point;
use crate::engine::state::State;
use crate::engine::Flow;
use crate::lang::matcher::Matcher;
use crate::operator::args::{PointDef, PointExpr};
use crate::operator::header::TileHeader;
use crate::operator::{Operator, Runnable};
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

crate::tile_params! {
    header: reads,
    /// Rule-file parameters of `Stamp(...)`.
    #[derive(Debug, Clone, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Params {
        /// The miniset, `"file.pat#name"` (its search grid is ignored).
        pub pattern: Src,
        /// Where its top-left cell goes.
        pub at: PointDef,
        /// Marker set to `at` (the pattern's top-left) when the stamp is written. Default
        /// none.
        #[serde(default)]
        pub marker: Option<Src>,
    }
}

/// Compiled `Stamp`.
#[derive(Debug)]
pub struct Compiled {
    head: TileHeader,
    pattern: Matcher,
    at: PointExpr,
    marker: Option<u16>,
}

impl Operator for Params {
    type Compiled = Compiled;

    fn anchor(&self) -> Option<&Src> {
        Some(&self.layer)
    }

    fn compile(&self, cx: &mut Cx) -> Option<Compiled> {
        let head = TileHeader::compile(cx, self.header());
        let pattern = cx.miniset(&self.pattern);
        let at = self.at.compile(cx);
        let marker = self.marker.as_ref().map(|m| cx.declare_marker(m));
        Some(Compiled {
            head: head?,
            pattern: Matcher::miniset(&pattern?),
            at: at?,
            marker,
        })
    }
}

impl Runnable for Compiled {
    fn run(&self, st: &mut State) -> Flow {
        let area = match self.head.begin(st) {
            Ok(a) => a,
            Err(f) => return f,
        };
        let (px, py) = self.at.eval(st);
        self.pattern
            .write_where(&mut st.grid_mut(self.head.layer), px, py, |x, y| {
                area.contains(x, y)
            });
        if let Some(m) = self.marker {
            st.markers[m as usize] = Some(Point::new(px, py));
        }
        Flow::Continue
    }
}

#[cfg(test)]
mod tests {
    use crate::operator::testing::{grid, run_rules_with};

    #[test]
    fn writes_cells_other_than_dots_and_clips() {
        let pat = "miniset m 2x2 { search . . | . . replace 5 . | . 6 }";
        let g = run_rules_with(
            3,
            2,
            r#"Stamp(layer: "t", pattern: "p.pat#m", at: (x: "0", y: "0")),
               Stamp(layer: "t", pattern: "p.pat#m", at: (x: "2", y: "1")),
               Stamp(layer: "t", pattern: "p.pat#m", at: (x: "1", y: "0"), when: "false")"#,
            "t",
            &[("p.pat", pat)],
        );
        assert_eq!(g, grid("5 0 0\n0 6 5"));
    }

    /// Tile 0 (by its name) is written like any other tile; `.` keeps what is there.
    #[test]
    fn a_cell_of_tile_zero_writes_zero_and_a_dot_leaves_the_tile() {
        let pat = "tiles { Rock = 0 }\nminiset m 2x2 { search . . | . . replace Rock . | . 6 }";
        let g = run_rules_with(
            3,
            2,
            r#"FillRect(layer: "t", value: "9", rect: (x: "0", y: "0", w: "3", h: "2")),
               Stamp(layer: "t", pattern: "p.pat#m", at: (x: "1", y: "0"))"#,
            "t",
            &[("p.pat", pat)],
        );
        assert_eq!(g, grid("9 0 9\n9 9 6"));
    }

    #[test]
    fn the_marker_goes_to_the_point_when_the_stamp_is_written() {
        let pat = "miniset m 1x1 { search . replace 5 }";
        let rs = crate::operator::testing::load(
            3,
            2,
            "",
            r#"Stamp(layer: "t", pattern: "p.pat#m", at: (x: "2", y: "1"), marker: "a"),
               Stamp(layer: "t", pattern: "p.pat#m", at: (x: "0", y: "0"), marker: "b", when: "false")"#,
            vec![("p.pat".into(), pat.into())],
        );
        let d = rs.generate(1, &crate::ruleset::Params::new()).unwrap();
        assert_eq!(d.markers.get("a"), Some(&[2, 1]));
        assert_eq!(d.markers.get("b"), None);
    }
}
