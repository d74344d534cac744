//! Block crawling: grow a cave from a seed room by recursively attaching small rectangles
//! ("blocks") with rough borders on the four sides of each placed block. Reproduces Diablo's
//! Caves `FillRoom` / `CreateBlock` (shared/spec/diablo.md §4.2, quirks §11.5) and draws
//! random numbers in their order (§7).
//!
//! Coordinates are cells `(x, y)`, x to the right, y down; a block is a *closed* rectangle
//! `x1..=x2 × y1..=y2`. Filling a block: it is refused when it does not lie inside `area`
//! (clipped to the grid; default the whole grid), when any of its cells is already non-zero
//! or when any of its cells is flagged in a `protected` layer. Otherwise its interior becomes `value`, then
//! its border cells are rolled — for each row `y1..=y2` the left then the right cell, then
//! for each column `x1..=x2` the top then the bottom cell (corners get two rolls); a cell
//! becomes `value` when `rnd(border_roll) >= border_min`.
//!
//! The seed room is the block `at .. at + seed_size` (no random size). Then blocks grow from
//! it as from a parent `(x1, y1, x2, y2)` with sizes `(seed_size, seed_size)`:
//! `grow(x1, y1, sy, up)`, `grow(x2, y1, sx, right)`, `grow(x1, y2, sy, down)`,
//! `grow(x1, y1, sx, left)` (the "obs" passed is the *other* dimension — the original's
//! quirk, kept). `grow(x, y, obs, dir)`: `bx = rnd(size_roll) + size_min`, then `by` likewise;
//! up: `y2 = y − 1, y1 = y2 − by`; down: `y1 = y + 1, y2 = y1 + by`; right: `x1 = x + 1,
//! x2 = x1 + bx`; left: `x2 = x − 1, x1 = x2 − bx`. The other axis (up/down: x by `bx`;
//! right/left: y by `by`, call it `b`) starts at `x + rnd(b)` when `b < obs`, `x` when equal,
//! `x − rnd(b)` when `b > obs`, and spans `b`. A block that was filled stops growing when
//! `rnd(stop_roll) == 0`; otherwise it grows on each side except the one it came from, in the
//! order up, right, down, left. Growth is depth first (an explicit stack: no recursion
//! limit). Draws: 2 per grown block (+1 for an offset), border rolls per filled block, 1 stop
//! roll per filled block.
//!
//! `when` false skips the step (no draw). Errors: sizes and rolls below 1 are rejected by the
//! rule-file loader (`Count`).
//!
//! # Speed
//!
//! The free checks and marks use the toolkit's [`RowMasks`] (any width). What stays here
//! (`crawl_blocks/masks.rs`, switch `FastPath::CrawlMasks`) is drawing each filled block's border rolls as
//! the bits of its rows, because those draws interleave with the fill in this operator's
//! order: one roll per border cell, row by row, then the stop roll.

mod masks;

use crate::engine::grid::Rect as GridRect;
use crate::engine::row_masks::RowMasks;
use crate::engine::state::State;
use crate::engine::Flow;
use crate::operator::args::{Count, PointDef, PointExpr, Tile};
use crate::operator::header::TileHeader;
use crate::operator::knobs::Knobs;
use crate::operator::knobs::I32;
use crate::operator::{Operator, Runnable};
use crate::rng::RandomSource;
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

/// Whether a run may use the row masks (always, but in unit tests that compare both ways).
fn masks_allowed() -> bool {
    crate::engine::fast_path::allowed(crate::engine::fast_path::FastPath::CrawlMasks)
}

crate::tile_params! {
    header: writes,
    /// Rule-file parameters of `CrawlBlocks(...)`.
    #[derive(Debug, Clone, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Params {
        /// Top-left cell of the seed room, expressions.
        pub at: PointDef,
        /// The seed room spans `at ..= at + seed_size` cells on both axes (required; Diablo's
        /// Caves: 2).
        pub seed_size: Count,
        /// The value written. Default 1.
        #[serde(default = "one")]
        pub value: Tile,
        /// Block size per axis = `rnd(size_roll) + size_min` cells beyond the first (required;
        /// Diablo's Caves: 2).
        pub size_roll: Count,
        /// See `size_roll`, in cells (required; Diablo's Caves: 3).
        pub size_min: Count,
        /// A border cell is set when `rnd(border_roll) >= border_min` (required; Diablo's
        /// Caves: 2).
        pub border_roll: Count,
        /// See `border_roll` (required; Diablo's Caves: 1, a 50 % chance).
        pub border_min: I32,
        /// A filled block stops growing when `rnd(stop_roll) == 0` (required; Diablo's Caves: 4).
        pub stop_roll: Count,
    }
}

fn one() -> Tile {
    Tile(1)
}

/// Compiled `CrawlBlocks`.
#[derive(Debug, Clone)]
pub struct Compiled {
    head: TileHeader,
    at: PointExpr,
    seed_size: i32,
    value: u16,
    size_roll: i64,
    size_min: i32,
    border_roll: i64,
    border_min: i64,
    stop_roll: i64,
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
        let head = TileHeader::compile(cx, self.header());
        let at = self.at.compile(cx);
        Some(Compiled {
            head: head?,
            at: at?,
            seed_size: self
                .seed_size
                .get(cx, &mut k, |c: &mut Compiled, v| c.seed_size = v as i32)
                as i32,
            value: self.value.0,
            size_roll: self
                .size_roll
                .get(cx, &mut k, |c: &mut Compiled, v| c.size_roll = v as i64),
            size_min: self
                .size_min
                .get(cx, &mut k, |c: &mut Compiled, v| c.size_min = v as i32)
                as i32,
            border_roll: self
                .border_roll
                .get(cx, &mut k, |c: &mut Compiled, v| c.border_roll = v as i64),
            border_min: self
                .border_min
                .get(cx, &mut k, |c: &mut Compiled, v| c.border_min = v as i64),
            stop_roll: self
                .stop_roll
                .get(cx, &mut k, |c: &mut Compiled, v| c.stop_roll = v as i64),
            knobs: k.done()?,
        })
    }
}

/// The words of the row masks, kept in the run's scratch between steps.
#[derive(Default)]
struct MaskWords(Vec<u64>);

/// A pending `grow(x, y, obs, dir)` call; dir 0 up, 1 right, 2 down, 3 left.
#[derive(Debug, Clone, Copy)]
struct Call {
    x: i32,
    y: i32,
    obs: i32,
    dir: u8,
}

impl Runnable for Compiled {
    fn run(&self, st: &mut State) -> Flow {
        crate::resolve_knobs!(self, st);
        let bounds = match self.head.begin(st) {
            Ok(a) => a,
            Err(f) => return f,
        };
        let (x, y) = self.at.eval(st);
        // the taken cells of the bounds as row masks (no protected layers; any size), kept
        // in step with every fill and written to the layer at the end; their storage is the
        // run's scratch
        let MaskWords(mut buf) = st.scratch.take();
        let mut masks = None;
        if self.head.protected.is_empty() && masks_allowed() {
            buf.resize(RowMasks::words(bounds), 0);
            masks = Some(RowMasks::nonzero(
                &st.grid(self.head.layer),
                bounds,
                &mut buf,
            ));
        }
        let s = self.seed_size;
        self.fill(st, &mut masks, bounds, (x, y, x + s, y + s));
        let mut stack = Vec::with_capacity(64);
        Self::push_children(&mut stack, (x, y, x + s, y + s), s, s, 4);
        while let Some(c) = stack.pop() {
            let bx = st.rng.below(self.size_roll) as i32 + self.size_min;
            let by = st.rng.below(self.size_roll) as i32 + self.size_min;
            let r = match c.dir {
                0 | 2 => {
                    let (y1, y2) = if c.dir == 0 {
                        (c.y - 1 - by, c.y - 1)
                    } else {
                        (c.y + 1, c.y + 1 + by)
                    };
                    let x1 = Self::offset(st, c.x, bx, c.obs);
                    (x1, y1, x1 + bx, y2)
                }
                _ => {
                    let (x1, x2) = if c.dir == 1 {
                        (c.x + 1, c.x + 1 + bx)
                    } else {
                        (c.x - 1 - bx, c.x - 1)
                    };
                    let y1 = Self::offset(st, c.y, by, c.obs);
                    (x1, y1, x2, y1 + by)
                }
            };
            if self.fill(st, &mut masks, bounds, r) && st.rng.below(self.stop_roll) != 0 {
                Self::push_children(&mut stack, r, bx, by, c.dir);
            }
        }
        if let Some(m) = &mut masks {
            m.write_filled(&mut st.grid_mut(self.head.layer), self.value);
        }
        st.scratch.put(MaskWords(buf));
        Flow::Continue
    }
}

impl Compiled {
    /// Fill the closed rectangle `x1..=x2 × y1..=y2` with rough borders, or refuse: in the
    /// row masks when the run has them, else in the layer.
    #[inline]
    fn fill(
        &self,
        st: &mut State,
        masks: &mut Option<RowMasks>,
        bounds: GridRect,
        r: (i32, i32, i32, i32),
    ) -> bool {
        match masks {
            Some(m) => self.fill_masks(st, m, bounds, r),
            None => self.fill_cells(st, bounds, r),
        }
    }

    /// [`Compiled::fill`] on the layer, a cell at a time.
    fn fill_cells(&self, st: &mut State, bounds: GridRect, r: (i32, i32, i32, i32)) -> bool {
        let (x1, y1, x2, y2) = r;
        let block = GridRect::from_corners(x1, y1, x2 + 1, y2 + 1);
        let l = self.head.layer;
        if !bounds.contains_rect(&block)
            || st.grid(l).any_in(block, |v| v != 0)
            || block.any_cell(|x, y| self.head.flagged(st, x, y))
        {
            return false;
        }
        let v = self.value;
        st.grid_mut(l).fill(block.inset(1), v);
        self.roll_border(st, r, |st, x, y| st.grid_mut(l).set(x, y, v));
        true
    }

    /// The border rolls of the block `r`, in their order: each row's left then right cell,
    /// then each column's top then bottom cell; `set(x, y)` for every cell that is set.
    fn roll_border(
        &self,
        st: &mut State,
        (x1, y1, x2, y2): (i32, i32, i32, i32),
        mut set: impl FnMut(&mut State, i32, i32),
    ) {
        let (roll, min) = (self.border_roll, self.border_min);
        for y in y1..=y2 {
            for x in [x1, x2] {
                if st.rng.below(roll) >= min {
                    set(st, x, y);
                }
            }
        }
        for x in x1..=x2 {
            for y in [y1, y2] {
                if st.rng.below(roll) >= min {
                    set(st, x, y);
                }
            }
        }
    }

    /// Offset of the block's other axis: `b` cells against the parent's `obs`.
    fn offset(st: &mut State, at: i32, b: i32, obs: i32) -> i32 {
        use std::cmp::Ordering::*;
        match b.cmp(&obs) {
            Less => at + st.rng.below(b as i64) as i32,
            Equal => at,
            Greater => at - st.rng.below(b as i64) as i32,
        }
    }

    /// Push the four growth calls of a filled block (skipping `from`), so that they pop in
    /// the order up, right, down, left.
    fn push_children(stack: &mut Vec<Call>, r: (i32, i32, i32, i32), bx: i32, by: i32, from: u8) {
        let (x1, y1, x2, y2) = r;
        let calls = [
            Call {
                x: x1,
                y: y1,
                obs: by,
                dir: 0,
            },
            Call {
                x: x2,
                y: y1,
                obs: bx,
                dir: 1,
            },
            Call {
                x: x1,
                y: y2,
                obs: by,
                dir: 2,
            },
            Call {
                x: x1,
                y: y1,
                obs: bx,
                dir: 3,
            },
        ];
        for c in calls.iter().rev() {
            // a block grows on every side but the one it came from
            if from == 4 || c.dir != (from + 2) % 4 {
                stack.push(*c);
            }
        }
    }
}

#[cfg(test)]
mod tests;
