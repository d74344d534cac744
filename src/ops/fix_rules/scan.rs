//! The raster pass of [`super::Compiled`]: which cells are visited, and the rules tried at one.
//!
//! Every cell of the area is visited in raster order, as the module doc of
//! [`super`] says; three ways, with the same firings in the same order:
//!
//! * rule lists whose rules all have tests: over bit planes (any width), only
//!   the cells where a rule may fire ([`PatternMask`]; with edges read another way, also
//!   every cell outside `inner`);
//! * otherwise, the cells of a row inside `inner` (where no test needs a bounds check) by
//!   a tight loop over the row's values, which skips at once a cell whose tile no rule's
//!   head holds (64 cells at a time: the cells that hold one, as the bits of a word kept
//!   up to date by the writes), or where no such rule's first test holds (one bit-set
//!   lookup per distinct first-test offset, when those tests are all `==`); a rule whose
//!   only test is its first, or whose one write lands in the grid from every such cell,
//!   skips the general match or the bounds-checked write;
//! * the other cells (the grid's rim, or a grid of another size than compiled for) one by
//!   one, with bounds-checked tests.

use super::{Compiled, Quick, Visit};
use crate::engine::bit_planes::layer_planes::LayerPlanes;
use crate::engine::bit_planes::pattern_mask::PatternMask;
use crate::engine::bit_planes::BitPlanes;
use crate::engine::bit_rows::span_bits;
use crate::engine::fast_path::{self, FastPath};
use crate::engine::grid::{GridMut, Rect};
use crate::engine::row_versions::RowSet;
use crate::engine::state::State;
use crate::engine::Flow;
use crate::operator::args::Edges;
use crate::rng::RandomSource;
/// Whether to scan every cell the plain way (unit tests compare both ways).
#[inline(always)]
fn plain() -> bool {
    !fast_path::allowed(FastPath::RuleScan)
}

impl Compiled {
    /// The rules that may fire on a cell holding tile `t`: a range of `cands`.
    #[inline(always)]
    fn candidates(&self, t: u16) -> (usize, usize) {
        let (a, b) = self.heads.of(t).cands;
        (a as usize, b as usize)
    }

    /// The cells where no test needs a bounds check on a `w × h` grid (none on a grid of
    /// another size: the tests' index offsets are for the compiled width).
    fn inner_on(&self, w: i32, h: i32) -> Rect {
        if plain() {
            return Rect::default();
        }
        if (w, h) == self.grid {
            self.inner
        } else {
            Rect::default()
        }
    }

    /// The pass, comparing `class(tile)` (one instance per class mapping).
    #[inline(always)]
    pub(super) fn pass(&self, st: &mut State, class: impl Fn(u16) -> u16 + Copy) -> Flow {
        let area = match self.head.begin(st) {
            Ok(a) => a,
            Err(f) => return f,
        };
        let (w, h) = (st.width, st.height);
        let l = self.head.layer;
        let inner = self.inner_on(w, h);
        if let Some(mask) = self.mask.as_ref().filter(|_| !plain()) {
            self.masked_pass(mask, st, area, inner, class);
            return Flow::Continue;
        }
        // Work on the layer taken out of the state (flag layers are read from the state).
        let mut tiles = st.take_layer(l);
        let mut g = GridMut::new(&mut tiles, w, h);
        let (x0, x1) = (area.x, area.x1());
        for y in area.y..area.y1() {
            // [a, b): the row's cells in `inner`
            let (a, b) = if y >= inner.y && y < inner.y1() {
                let a = x0.max(inner.x).min(x1);
                (a, x1.min(inner.x1()).max(a))
            } else {
                (x1, x1)
            };
            let stop = if !plain() {
                (x0..x1)
                    .step_by(64)
                    .any(|c| self.row_by_mask(&mut g, st, y, (c, x1.min(c + 64)), (a, b), class))
            } else {
                self.cells(&mut g, st, y, (x0, a), false, class)
                    || self.cells(&mut g, st, y, (a, b), true, class)
                    || self.cells(&mut g, st, y, (b, x1), false, class)
            };
            if stop {
                break;
            }
        }
        st.put_layer(l, tiles, None);
        Flow::Continue
    }

    /// The pass over bit planes ([`Compiled::masked`]): those the run keeps for the layer
    /// ([`LayerPlanes`]: only the rows written since they were made are made again), or
    /// the mask's own when they cannot be kept (a class table, too many planes). The layer
    /// is given back with the rows written.
    #[inline(always)]
    fn masked_pass(
        &self,
        mask: &PatternMask,
        st: &mut State,
        area: Rect,
        inner: Rect,
        class: impl Fn(u16) -> u16 + Copy,
    ) {
        let l = self.head.layer;
        let mut kept: Vec<LayerPlanes> = st.scratch.take();
        if kept.len() <= l as usize {
            kept.resize_with(l as usize + 1, LayerPlanes::default);
        }
        let pad = mask.pad() as i32;
        let rows = area.y - pad..area.y1() + pad;
        let on_kept = kept[l as usize].prepare(st, l, mask, rows);
        let mut written: RowSet = st.scratch.take();
        written.clear(st.height);
        let mut tiles = st.take_layer(l);
        let mut g = GridMut::new(&mut tiles, st.width, st.height);
        match on_kept {
            Some(k) => {
                let (mask, planes) = kept[l as usize].mask(k);
                let planes = (planes, &mut written);
                self.masked(mask, planes, (&mut g, st), area, inner, class);
            }
            None => {
                let mut own: BitPlanes = st.scratch.take();
                mask.planes(&g.as_grid(), &mut own);
                let planes = (&mut own, &mut written);
                self.masked(mask, planes, (&mut g, st), area, inner, class);
                st.scratch.put(own);
            }
        }
        st.put_layer(l, tiles, Some(&written));
        if on_kept.is_some() {
            kept[l as usize].kept_in_step(st, l, Some(&written));
        }
        st.scratch.put(kept);
        st.scratch.put(written);
    }

    /// The pass over bit planes (`planes`, made by or for `mask`, in the rows the area's
    /// tests read): visit, in raster order, only the cells where a rule may hold on the
    /// tiles as they are then. A firing's writes are told to the planes and their rows to
    /// `written`, and the cells of the row after it that read a written cell are visited too. With edges read another way than `Outside`, the mask
    /// holds only in `inner`: the other cells of the area (`rim`) are all visited.
    #[inline(always)]
    fn masked(
        &self,
        mask: &PatternMask,
        (planes, written): (&mut BitPlanes, &mut RowSet),
        (g, st): (&mut GridMut, &mut State),
        area: Rect,
        inner: Rect,
        class: impl Fn(u16) -> u16 + Copy,
    ) {
        // a word of 64 columns at a time: writes to later words are in the planes when
        // their candidates are read
        let words = (area.x / 64) as usize..=((area.x1() - 1) / 64) as usize;
        // the area's and inner's columns of each word (kept for the first 16 words)
        let width = st.width;
        let spans = move |i: usize| {
            let grid = |x0: i32, x1: i32| span_bits(i, x0.max(0), x1.min(width));
            (grid(area.x, area.x1()), grid(inner.x, inner.x1()))
        };
        let mut kept = [(0u64, 0u64); 16];
        for (k, i) in words.clone().take(16).enumerate() {
            kept[k] = spans(i);
        }
        let first = *words.start();
        for y in area.y..area.y1() {
            for i in words.clone() {
                let (span, inner_span) = match kept.get(i - first) {
                    Some(&s) => s,
                    None => spans(i),
                };
                let rim = match self.edges {
                    Edges::Outside => 0,
                    _ if y >= inner.y && y < inner.y1() => span & !inner_span,
                    _ => span,
                };
                let mut cand = mask.row(planes, y, i, span) | rim;
                while cand != 0 {
                    let bit = cand.trailing_zeros();
                    let x = 64 * i as i32 + bit as i32;
                    cand &= cand - 1;
                    // the cells of the word that read a written cell: their answer may change
                    let mut stale = 0u64;
                    let moved = |nx, ny, old, new| {
                        mask.moved(planes, nx, ny, old, new);
                        written.insert(ny);
                        stale |= mask.readers(y, i, nx, ny);
                    };
                    let c = self.candidates(g.at(x, y));
                    match self.visit(g, st, (x, y), inner.contains(x, y), c, class, moved) {
                        Visit::Quiet => {}
                        // visited, those cells answer for themselves
                        Visit::Fired => {
                            cand |= stale & span & u64::MAX.checked_shl(bit + 1).unwrap_or(0)
                        }
                        Visit::Stop => return,
                    }
                }
            }
        }
    }

    /// Visit the cells `x0..x1` of row `y` (in the grid; `fast`: in `inner`) in order,
    /// skipping at once those whose tile no rule's head holds. Returns whether the pass
    /// ends (the `stop_after` rule fired).
    #[inline(always)]
    fn cells(
        &self,
        g: &mut GridMut,
        st: &mut State,
        y: i32,
        (x0, x1): (i32, i32),
        fast: bool,
        class: impl Fn(u16) -> u16 + Copy,
    ) -> bool {
        if x0 >= x1 {
            return false;
        }
        let start = g.index(x0, y);
        for i in start..start + (x1 - x0) as usize {
            let data = g.as_slice();
            let h = self.heads.of(data[i]);
            if h.cands.0 == h.cands.1 || fast && !self.heads.may_hold(h, data, i, class) {
                continue;
            }
            let c = (h.cands.0 as usize, h.cands.1 as usize);
            let x = x0 + (i - start) as i32;
            let none = |_, _, _, _| ();
            if self.visit(g, st, (x, y), fast, c, class, none) == Visit::Stop {
                return true;
            }
        }
        false
    }

    /// The cells `x0..x1` of row `y` (at most 64, in the grid; those in `a..b` are in
    /// `inner`; a longer row is visited 64 cells at a time, each word read after the writes
    /// before it), as [`Compiled::cells`] visits them: the cells whose tile some rule's head holds,
    /// as the bits of one word ([`super::heads::Heads::firing_bits`]), in order; a write to
    /// a later cell of the row sets or clears its bit by its new tile. Returns whether the
    /// pass ends.
    #[inline(always)]
    fn row_by_mask(
        &self,
        g: &mut GridMut,
        st: &mut State,
        y: i32,
        (x0, x1): (i32, i32),
        (a, b): (i32, i32),
        class: impl Fn(u16) -> u16 + Copy,
    ) -> bool {
        let start = g.index(x0, y);
        let mut todo = self
            .heads
            .firing_bits(&g.as_slice()[start..start + (x1 - x0) as usize]);
        while todo != 0 {
            let k = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let (i, x) = (start + k, x0 + k as i32);
            let fast = x >= a && x < b;
            let data = g.as_slice();
            let h = self.heads.of(data[i]);
            if fast && !self.heads.may_hold(h, data, i, class) {
                continue;
            }
            let c = (h.cands.0 as usize, h.cands.1 as usize);
            let heads = &self.heads;
            let moved = |nx: i32, ny: i32, _old, new: u16| {
                if ny == y && nx > x && nx < x1 {
                    let bit = 1u64 << (nx - x0);
                    todo = if heads.of(new).may_fire() {
                        todo | bit
                    } else {
                        todo & !bit
                    };
                }
            };
            // (two copies of the visit, each with `fast` a constant)
            let visit = if fast {
                self.visit(g, st, (x, y), true, c, class, moved)
            } else {
                self.visit(g, st, (x, y), false, c, class, moved)
            };
            if visit == Visit::Stop {
                return true;
            }
        }
        false
    }

    /// Try the rules at one cell, in list order: `cands[c.0..c.1]`, those whose head can
    /// match the cell's current value; when a rule rewrites the cell itself, continue with
    /// the rules after it that can match the new value. `fast`: the cell is in `inner`.
    /// Every write `(x, y)` from `old` to `new` is told to `moved(x, y, old, new)`.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn visit(
        &self,
        g: &mut GridMut,
        st: &mut State,
        (x, y): (i32, i32),
        fast: bool,
        (mut pos, mut end): (usize, usize),
        class: impl Fn(u16) -> u16 + Copy,
        mut moved: impl FnMut(i32, i32, u16, u16),
    ) -> Visit {
        if pos == end {
            return Visit::Quiet;
        }
        let i = g.flat_index(x, y);
        let mut fired = Visit::Quiet;
        while pos < end {
            let (ri, first) = self.cands[pos];
            let at = pos;
            pos += 1;
            let gr = g.as_grid();
            if fast && !first.holds(&gr, i, class) {
                continue;
            }
            let r = &self.rules[ri as usize];
            // (read only where the first test held: most candidates stop before)
            let quick = if fast { self.quick[at] } else { Quick::NONE };
            let holds = if fast {
                quick.first_decides || r.tests.matches_at_index(&gr, i, class)
            } else {
                match self.edges {
                    Edges::Outside => r.tests.matches_by(&gr, x, y, class),
                    edges => r
                        .tests
                        .matches_with(x, y, |nx, ny| edges.read(&gr, nx, ny).map(class)),
                }
            };
            if !holds {
                continue;
            }
            fired = Visit::Fired;
            let before = g.at(x, y);
            if let (true, Some((dx, dy, off, v))) = (fast, quick.write) {
                // one write, known to land in the grid and in no protected cell
                let j = (i + off) as usize;
                let cells = g.as_mut_slice();
                let old = cells[j];
                cells[j] = v;
                moved(x + dx, y + dy, old, v);
            } else {
                self.writes(g, st, (x, y), r, &mut moved);
            }
            if self.stop_after == Some(ri) {
                return Visit::Stop;
            }
            if g.at(x, y) != before {
                (pos, end) = self.candidates(g.at(x, y));
                pos += self.cands[pos..end].partition_point(|&(j, _)| j <= ri);
            }
        }
        fired
    }

    /// The writes of rule `r` firing at `(x, y)` (a `pick` draws its alternative), each
    /// told to `moved(x, y, old, new)`.
    #[inline(always)]
    fn writes(
        &self,
        g: &mut GridMut,
        st: &mut State,
        (x, y): (i32, i32),
        r: &super::Rule,
        moved: &mut impl FnMut(i32, i32, u16, u16),
    ) {
        let pick: &[(i32, i32, u16)] = if r.picks.is_empty() {
            &[]
        } else {
            let k = st.rng.below(r.picks.len() as i64).max(0) as usize;
            &r.picks[k]
        };
        for &(dx, dy, v) in r.actions.iter().chain(pick) {
            let Some((nx, ny)) = self.edges.cell(&g.as_grid(), x + dx, y + dy) else {
                continue;
            };
            if r.unprotected && self.head.flagged(st, nx, ny) {
                continue;
            }
            let old = g.at(nx, ny);
            g.set(nx, ny, v);
            moved(nx, ny, old, v);
        }
    }
}
