//! Dead-end removal (the last stage of Nystrom's "Rooms and Mazes", 2014; "sparseness" in
//! Buck's maze articles): open tiles with a single way out are filled, pass after pass, so
//! corridors that lead nowhere shrink back to where they branch.
//!
//! A *dead end* is a tile of the area holding one of the `open` values, not protected, with
//! at most one open tile among its four neighbours (neighbours outside the grid are not
//! open; neighbours outside the area are read as they are). One pass fills every tile that
//! is a dead end when the pass starts with `value`; the next pass then finds the tiles those
//! fills made dead ends, and so on — `passes` times, or (by default) until no dead end is
//! left, which removes every open tile not on a loop (a region with no loop, such as a
//! perfect maze alone, disappears entirely). Each tile is looked at a bounded number of
//! times, so even a `value` that is itself open ends. With `var`, the number of tiles
//! filled. Draws no random numbers (but the expressions may). Errors: an area wholly
//! outside the grid.

use crate::engine::dir::Dir;
use crate::engine::grid::{Grid, Rect};
use crate::engine::state::State;
use crate::engine::tile_set::TileSet;
use crate::engine::Flow;
use crate::operator::args::Tile;
use crate::operator::header::TileHeader;
use crate::operator::knobs::{Count0, Int, Knobs};
use crate::operator::num_var::NumVar;
use crate::operator::{Operator, Runnable, Writes};
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

crate::tile_params! {
    header: writes,
    /// Rule-file parameters of `RemoveDeadEnds(...)`.
    #[derive(Debug, Clone, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Params {
        /// The values of open tiles (corridor, floor, doors).
        pub open: Vec<Tile>,
        /// The value a dead end is filled with (evaluated once, when the step runs).
        pub value: Int<0, 65535>,
        /// The number of passes. Default: until no dead end is left.
        #[serde(default)]
        pub passes: Option<Count0>,
        /// A number variable receiving the number of tiles filled. Default none.
        #[serde(default)]
        pub var: Option<Src>,
    }
}

/// Compiled `RemoveDeadEnds`.
#[derive(Debug, Clone)]
pub struct Compiled {
    head: TileHeader,
    open: TileSet,
    value: u16,
    /// `u64::MAX`: until no dead end is left
    passes: u64,
    var: NumVar,
    knobs: Knobs<Compiled>,
}
crate::has_knobs!(Compiled);

impl Operator for Params {
    type Compiled = Compiled;

    fn anchor(&self) -> Option<&Src> {
        Some(&self.layer)
    }

    fn compile(&self, cx: &mut Cx) -> Option<Compiled> {
        let head = TileHeader::compile(cx, self.header());
        let mut k: Knobs<Compiled> = Knobs::default();
        let value = self.value.get(cx, &mut k, |c, v| c.value = v as u16) as u16;
        let passes = (self.passes.as_ref()).map_or(u64::MAX, |p| {
            p.get(cx, &mut k, |c, v| c.passes = v as u64) as u64
        });
        let var = NumVar::compile(cx, self.var.as_ref());
        Some(Compiled {
            head: head?,
            open: TileSet::new(self.open.iter().map(|t| t.0)),
            value,
            passes,
            var: var?,
            knobs: k.done()?,
        })
    }
}

impl Runnable for Compiled {
    fn writes(&self) -> Writes<'_> {
        self.head.writes_with(self.var.slots())
    }

    fn run(&self, st: &mut State) -> Flow {
        crate::resolve_knobs!(self, st);
        self.head.within(st, |st, area| {
            let filled = self.remove(st, area, self.value, self.passes);
            self.var.set(st, filled as f64);
            Flow::Continue
        })
    }
}

impl Compiled {
    #[inline]
    fn is_open(&self, v: u16) -> bool {
        self.open.contains(v)
    }

    /// Whether `(x, y)` (in the area) is a dead end now.
    #[inline]
    fn dead_end(&self, st: &State, g: &Grid, x: i32, y: i32) -> bool {
        if !self.is_open(g.at(x, y)) {
            return false;
        }
        let mut exits = 0;
        for d in Dir::ALL4 {
            exits += g
                .get(x + d.dx(), y + d.dy())
                .is_some_and(|t| self.is_open(t)) as u32;
        }
        exits <= 1 && !self.head.flagged(st, x, y)
    }

    /// Fill dead ends for `passes` passes; the number of tiles filled.
    fn remove(&self, st: &mut State, area: Rect, v: u16, passes: u64) -> usize {
        let mut queued = vec![false; st.layers()[self.head.layer as usize].len()];
        let mut now = Vec::new();
        {
            let g = st.grid(self.head.layer);
            for (x, y) in area.cells() {
                if self.dead_end(st, &g, x, y) {
                    queued[g.index(x, y)] = true;
                    now.push((x, y));
                }
            }
        }
        let (mut next, mut filled, mut pass) = (Vec::new(), 0, 0);
        while !now.is_empty() && pass < passes {
            pass += 1;
            filled += now.len();
            let mut g = st.grid_mut(self.head.layer);
            for &(x, y) in &now {
                g.set(x, y, v);
            }
            let g = st.grid(self.head.layer);
            for &(x, y) in &now {
                for d in Dir::ALL4 {
                    let (dx, dy) = (d.dx(), d.dy());
                    let (nx, ny) = (x + dx, y + dy);
                    if area.contains(nx, ny)
                        && !queued[g.index(nx, ny)]
                        && self.dead_end(st, &g, nx, ny)
                    {
                        queued[g.index(nx, ny)] = true;
                        next.push((nx, ny));
                    }
                }
            }
            std::mem::swap(&mut now, &mut next);
            next.clear();
        }
        filled
    }
}

#[cfg(test)]
mod tests {
    use crate::operator::testing::{grid, run_rules};

    /// A loop (the ring of a 3x3 block less its centre) with a three-tile tail to the east
    /// and a one-tile spur to the north; 1 open, 0 rock.
    const MAP: &str = r#"
        FillRect(layer: "t", value: "1", rect: "rect(1, 1, 3, 3)"),
        FillRect(layer: "t", value: "0", rect: "rect(2, 2, 1, 1)"),
        FillRect(layer: "t", value: "1", rect: "rect(4, 2, 3, 1)"),
        FillRect(layer: "t", value: "1", rect: "rect(2, 0, 1, 1)"),"#;

    #[test]
    fn to_exhaustion_only_the_loop_is_left() {
        let steps = format!(
            r#"{MAP} RemoveDeadEnds(layer: "t", open: [1], value: "0", var: "n"),
               FillRect(layer: "t", value: "n", rect: "rect(7, 0, 1, 1)")"#
        );
        assert_eq!(
            run_rules(8, 5, &steps, "t"),
            grid(
                "0 0 0 0 0 0 0 4
                 0 1 1 1 0 0 0 0
                 0 1 0 1 0 0 0 0
                 0 1 1 1 0 0 0 0
                 0 0 0 0 0 0 0 0"
            )
        );
    }

    #[test]
    fn one_pass_shortens_every_dead_end_by_one_tile() {
        let steps =
            format!(r#"{MAP} RemoveDeadEnds(layer: "t", open: [1], value: "5", passes: "1")"#);
        assert_eq!(
            run_rules(8, 5, &steps, "t"),
            grid(
                "0 0 5 0 0 0 0 0
                 0 1 1 1 0 0 0 0
                 0 1 0 1 1 1 5 0
                 0 1 1 1 0 0 0 0
                 0 0 0 0 0 0 0 0"
            )
        );
    }
}
