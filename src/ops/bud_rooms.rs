//! Recursive room budding on a mask layer: from each parent rectangle, try to attach a room
//! on one side and one on the opposite side, then recurse from each room attached. Draws
//! random numbers in the order of Diablo's `L5roomGen` / DevilutionX `GenerateRoom`
//! (shared/spec/diablo.md §2.3).
//!
//! For a room `(x, y, w, h)` entered with axis flag `dir` (0 or 1):
//! 1. `r = rnd(axis_roll)`; bud sideways (left and right) when `dir == 1 && r == 0` or
//!    `dir == 0 && r != 0`, otherwise at the ends (above and below).
//! 2. Up to `attempts` times draw a size `cw` then `ch`, each `rnd(size_roll) + size_add`
//!    (rounded down to even when `size_even`), and test the first room's check rectangle;
//!    stop at the first that passes. Sideways: room `(x − cw, y + h/2 − ch/2, cw, ch)`,
//!    check `(x − cw − 1, y + h/2 − ch/2 − 1)` of size `(cw + 1, ch + 2)`, or `(ch + 2, cw + 1)`
//!    when `side_check_swapped` (the original's bug). Ends: room `(x + w/2 − cw/2, y − ch)`,
//!    check from `(room.x − 1, room.y − 1)` of size `(cw + 2, ch + 1)`.
//! 3. The second room uses the last size drawn: sideways `(x + w, room.y)`, check
//!    `(x + w, room.y − 1)` size `(cw + 1, ch + 2)`; ends `(room.x, y + h)`, check
//!    `(room.x − 1, y + h)` size `(cw + 2, ch + 1)`.
//! 4. A check passes when every cell is inside the grid and 0 in the layer (and the room is
//!    not empty). Rooms are
//!    marked with `value`, clipped to the grid. Recurse into the first room, then the second,
//!    with `dir = 1` after sideways budding and `dir = 0` after end budding.
//!
//! Divisions truncate toward zero. Parents are given as rectangles with conditions; they
//! are not marked by this operator (use `FillRect`).
//!
//! Optional generalisations (Diablo's Hell, §5.2 and §5.7 item 5), all off by default:
//! * `area`: the budding is bounded by a rectangle instead of the grid — checks must lie
//!   inside it and marking is clipped to it (Hell: the 20×20 quadrant);
//! * `reject_edge`: a check rectangle whose top-left lies on or before the area's first
//!   column or row fails (Hell's `CheckRoom` refuses `x <= 0` or `y <= 0`);
//! * `coord_bits: n`: room coordinates and sizes are stored in `n`-bit unsigned fields, as in
//!   the original: every position and size (rooms and check rectangles) is reduced modulo
//!   2^n after it is computed, so a negative draw (once in 2^32 steps, §1.2) wraps. A check
//!   rectangle that wraps to an empty size passes (the original's loop over it does nothing),
//!   so a room can be placed off the area (it marks nothing) and buds on from there — its
//!   second room's coordinates can wrap back into the area. At most `MAX_BUDS` rooms are
//!   budded from per run (a guard against endless budding; never reached by the original's
//!   parameters).
//!
//! # Speed
//!
//! Checks and marks use the toolkit's [`RowMasks`] (any width; wide areas through its
//! 64-column windows). What stays here (switches `FastPath::BudMasks`, `BudTables`,
//! `BudShapes`, `BudDrawPairs`) are tables of this operator's size draws: after a room's
//! first failed size draw, each later draw gives one of a few size classes, whose checks are
//! found once per room (`bud_rooms/sizes.rs`, `bud_rooms/pairs.rs`, `bud_rooms/shapes.rs`, `bud_rooms/framed.rs`, `bud_rooms/bounded.rs`). They depend
//! on the size roll and the budding geometry, so they cannot be shared; every draw is still
//! made, in the original's order.

use crate::engine::grid::Rect as GRect;
use crate::engine::row_masks::RowMasks;
use crate::engine::state::State;
use crate::engine::value::Type;
use crate::engine::Flow;
use crate::operator::args::{holds, when, Count, Int, RectDef, Tile, I32};
use crate::operator::knobs::Knobs;
use crate::operator::{Operator, Runnable, Writes};
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;
use shapes::Shapes;
use sizes::SizeTable;
use stack::Stack;
use step::Run;

pub use op::Compiled;
use op::Room;

mod bounded;
mod framed;
mod op;
mod pairs;
mod shapes;
mod sizes;
mod stack;
mod step;
#[cfg(test)]
mod tests;

/// A parent rectangle: `(rect: (x: .., y: .., w: .., h: ..), when: "cond")`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ParentDef {
    /// The parent rectangle, in cells (expressions).
    pub rect: RectDef,
    /// Skip this parent when false. Default: always.
    #[serde(default)]
    pub when: Option<Src>,
}

/// Rule-file parameters of `BudRooms(...)`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The mask layer (0 = free, anything else = taken).
    pub layer: Src,
    /// Value marking a room's cells. Default 1.
    #[serde(default = "one")]
    pub value: Tile,
    /// Parents, budded from in order.
    pub parents: Vec<ParentDef>,
    /// Axis flag of the parents, an expression giving 0 or 1.
    pub dir: Src,
    /// `r = rnd(axis_roll)` decides the budding axis (see the module doc). Diablo: 4.
    pub axis_roll: Count,
    /// Room sizes are `rnd(size_roll) + size_add`. Diablo: 5.
    pub size_roll: Count,
    /// Added to the size roll. Diablo: 2.
    pub size_add: I32,
    /// Round sizes down to even numbers. Diablo: true.
    #[serde(default)]
    pub size_even: bool,
    /// Size draws for the first room before giving up. Diablo: 20.
    pub attempts: Count,
    /// Check the sideways first room with width and height swapped (Diablo's bug). Default false.
    #[serde(default)]
    pub side_check_swapped: bool,
    /// The rectangle budding stays in (checks inside, marks clipped). Default: the grid.
    #[serde(default)]
    pub area: Option<RectDef>,
    /// A check rectangle with its top-left on or before the area's first column or row
    /// fails. Default false.
    #[serde(default)]
    pub reject_edge: bool,
    /// Bits of the unsigned fields room coordinates and sizes are stored in (1..=16); values
    /// wrap modulo 2^bits. Default: none (plain integers). Diablo's Hell: 8.
    #[serde(default)]
    pub coord_bits: Option<Int<1, 16>>,
}

fn one() -> Tile {
    Tile(1)
}

/// Most rooms budded from per parent (see the module doc).
const MAX_BUDS: u32 = 1_000_000;

/// Words of row-mask storage kept on the stack (two per row of the area).
const INLINE_WORDS: usize = 128;

impl Operator for Params {
    type Compiled = Compiled;

    fn anchor(&self) -> Option<&Src> {
        Some(&self.layer)
    }

    fn compile(&self, cx: &mut Cx) -> Option<Compiled> {
        let layer = cx.layer(&self.layer);
        let dir = cx.expr(&self.dir, Type::Num);
        let mut parents = Vec::new();
        let mut ok = true;
        for p in &self.parents {
            match (p.rect.compile(cx), when(cx, &p.when)) {
                (Some(r), Some(w)) => parents.push((r, w)),
                _ => ok = false,
            }
        }
        let area = match &self.area {
            Some(a) => match a.compile(cx) {
                Some(a) => Some(a),
                None => return None,
            },
            None => None,
        };
        if !ok {
            return None;
        }
        // A size field written as an expression: the size tables are left out (the run
        // computes sizes as it goes).
        let mut k: Knobs<Compiled> = Knobs::default();
        fn untabled(c: &mut Compiled) {
            c.sizes = None;
            c.shapes = None;
        }
        let bits = self.coord_bits.as_ref().map(|b| {
            b.get(cx, &mut k, |c: &mut Compiled, v| {
                c.wrap = Some((1i32 << v as i32) - 1);
                untabled(c)
            })
        });
        let wrap = bits.map(|b| (1i32 << b) - 1);
        let size_roll = self.size_roll.get(cx, &mut k, |c: &mut Compiled, v| {
            c.size_roll = v as i64;
            untabled(c)
        });
        let size_add = self.size_add.get(cx, &mut k, |c: &mut Compiled, v| {
            c.size_add = v as i64;
            untabled(c)
        });
        let sizes = SizeTable::new(size_roll, size_add, self.size_even, wrap);
        let axis_roll = self
            .axis_roll
            .get(cx, &mut k, |c: &mut Compiled, v| c.axis_roll = v as i64);
        let attempts = self
            .attempts
            .get(cx, &mut k, |c: &mut Compiled, v| c.attempts = v as i64);
        let mut op = Compiled {
            layer,
            value: self.value.0,
            parents,
            dir: dir?,
            axis_roll,
            size_roll,
            size_add,
            size_even: self.size_even,
            attempts,
            swapped: self.side_check_swapped,
            area,
            reject_edge: self.reject_edge,
            wrap,
            sizes,
            shapes: None,
            knobs: k.done()?,
        };
        if let Some(t) = &op.sizes {
            op.shapes = Shapes::new(op.wrap, op.swapped, t.sizes(), |sideways, s| {
                step::check_offset(&op, sideways, s)
            });
        }
        Some(op)
    }
}

impl Runnable for Compiled {
    fn writes(&self) -> Writes<'_> {
        Writes::layers(std::slice::from_ref(&self.layer))
    }

    fn run(&self, st: &mut State) -> Flow {
        crate::resolve_knobs!(self, st);
        let dir = self.dir.num(st) as i32;
        let grid = GRect::of_size(st.width, st.height);
        let area = match &self.area {
            Some(a) => {
                let crate::engine::grid::Rect { x, y, w, h } = a.eval(st);
                GRect::new(x, y, w, h).intersect(&grid)
            }
            None => grid,
        };
        // the masks' storage: on the stack for areas up to `INLINE_WORDS / 2` rows
        let (mut inline, mut heap) = ([0u64; INLINE_WORDS], Vec::new());
        let words = RowMasks::guarded_words(area.h).max(RowMasks::words(area));
        let mut buf = Some(if words <= INLINE_WORDS {
            &mut inline[..]
        } else {
            heap.resize(words, 0);
            &mut heap[..]
        });
        let mut run = Run {
            area,
            x1: area.x1(),
            y1: area.y1(),
            wrap: self.wrap,
            wrap_mask: self.wrap.unwrap_or(-1),
            masks: None,
            frame: None,
            shape_frame: None,
        };
        let mut stack = Stack::<Room, 32>::default();
        for (rect, w) in &self.parents {
            if holds(w, st) {
                let crate::engine::grid::Rect { x, y, w, h } = rect.eval(st);
                if let Some(buf) = buf.take().filter(|_| masks_allowed()) {
                    // built once, from the layer as the first parent finds it: afterwards
                    // only `mark` writes the layer, and it marks the masks too;
                    // with a guard band when the area is narrow enough
                    let g = st.grid(self.layer);
                    run.masks = if RowMasks::can_guard(area) {
                        let m = RowMasks::guarded(&g, area, buf, self.reject_edge);
                        run.frame = m
                            .as_ref()
                            .map(RowMasks::frame)
                            .map(|f| (f.x as i64, f.y as i64, f.x1() as i64, f.y1() as i64));
                        run.shape_frame = run
                            .frame
                            .map(|f| shapes::unwrapped_part(f, self.wrap, (run.x1, run.y1)));
                        m
                    } else {
                        Some(RowMasks::nonzero(&g, area, buf))
                    };
                }
                // depth first, first room before second: an explicit stack (no recursion
                // depth limit on large grids)
                stack.push((x, y, w, h, dir));
                let mut buds = 0;
                while let Some((x, y, w, h, d)) = stack.pop() {
                    buds += 1;
                    if buds > MAX_BUDS {
                        break;
                    }
                    let [first, second] = self.bud(st, &mut run, x, y, w, h, d);
                    if let Some(r) = second {
                        stack.push(r);
                    }
                    if let Some(r) = first {
                        stack.push(r);
                    }
                }
            }
        }
        Flow::Continue
    }
}

/// Whether the row masks may be used (unit tests turn them off to compare both paths).
#[inline(always)]
fn masks_allowed() -> bool {
    crate::engine::fast_path::allowed(crate::engine::fast_path::FastPath::BudMasks)
}
