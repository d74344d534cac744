//! Wave function collapse (Gumin 2016): fill an area with tiles so that every neighbourhood
//! is one the model allows. Two models, both written in a pattern file:
//!
//! * the **tiled model**, a `tileset` item: tiles with weights, and which tile may stand
//!   right of or below which (`right A B`, `below A B`, `next A B`);
//! * the **overlapping model**, an `example` item: the N×N patterns of an example grid drawn
//!   in ASCII (optionally turned and mirrored), weighted by how often they occur; every N×N
//!   window of the output is one of them.
//!
//! The area's cells form the wave: each may hold every state (tile or pattern) at first.
//! **Fixed cells** narrow it before the first observation, and the rest must agree with them:
//! cells of the area under a `protected` flag or holding a `keep` tile keep their tile, and
//! `border` says what surrounds the area (a tile, or the layer's cells around it). Then,
//! repeatedly, the uncollapsed cell of lowest entropy (Shannon entropy of its remaining
//! states' weights, ties broken by a per-cell noise drawn once per attempt) is collapsed to
//! one state drawn by weight from the run's random stream, and the change is propagated to
//! the neighbours by bitset arc consistency (`wave_function_collapse/solver.rs`). A cell left
//! with no state is a **contradiction**: the step starts again from the fixed cells, at most
//! `restarts` times; after that the step is a failure point (the enclosing `Retry` restarts
//! and counts it). Contradictions are also counted in the tally `WaveFunctionCollapse /
//! contradictions` (`stats`). Never a hang: every attempt collapses at least one cell per
//! observation.
//!
//! Errors: a model whose tiles cannot have neighbours on all four sides is an error at load,
//! at the item in the pattern file (every run would contradict); fixed cells that contradict
//! the model (a kept tile the model does not know, a border tile no tile may touch), or an
//! area smaller than the patterns, are failure points of their own; an area wholly outside
//! the grid too (see [`crate::operator::header::TileHeader`]).

mod model;
mod solver;

pub use model::Model;
pub use solver::{solve, Outcome, Task};

use crate::engine::grid::Rect;
use crate::engine::state::State;
use crate::engine::Flow;
use crate::lang::pattern::ItemKind;
use crate::operator::args::{Whole, TILE_VALUES};
use crate::operator::header::TileHeader;
use crate::operator::knobs::{Count0, Knobs};
use crate::operator::{Operator, Runnable, Writes};
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;
use std::sync::Arc;

crate::tile_params! {
    header: writes,
    /// Rule-file parameters of `WaveFunctionCollapse(...)`.
    #[derive(Debug, Clone, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Params {
        /// The model, `"file.pat#name"`: a `tileset` (the tiled model) or an `example` (the
        /// overlapping model).
        pub model: Src,
        /// What surrounds the area, which its edge cells must agree with: `Free` (nothing),
        /// `Tile("expr")` (a tile of the model all around, e.g. a wall) or `Around` (the
        /// layer's cells just outside the area; none beyond the grid's edge). Default `Free`.
        #[serde(default)]
        pub border: Border,
        /// Tiles (expressions, 0..=65535) that stay where the area already holds them; the
        /// rest is made to agree with them. Default none.
        #[serde(default)]
        pub keep: Vec<Src>,
        /// Contradictions allowed before the step fails (each starts the step again from the
        /// fixed cells). Default 10.
        #[serde(default)]
        pub restarts: Option<Count0>,
    }
}

/// What surrounds the area (`border:`).
#[derive(Debug, Clone, Default, Deserialize)]
pub enum Border {
    /// Nothing: the edge cells are free.
    #[default]
    Free,
    /// `Tile("expr")`: as if the area were framed by this tile.
    Tile(Src),
    /// The layer's cells just outside the area (inside the grid).
    Around,
}

/// Compiled `WaveFunctionCollapse`.
#[derive(Debug, Clone)]
pub struct Compiled {
    head: TileHeader,
    model: Arc<Model>,
    border: Option<Option<Whole>>,
    keep: Vec<Whole>,
    restarts: u32,
    layers: [u16; 1],
    tally: u16,
    too_small: u32,
    unsatisfiable: u32,
    gave_up: u32,
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
        let model = self.model(cx);
        let border = match &self.border {
            Border::Free => Some(None),
            Border::Tile(t) => {
                Whole::compile(cx, t, WFC, "border", TILE_VALUES).map(|p| Some(Some(p)))
            }
            Border::Around => Some(Some(None)),
        };
        let keep: Option<Vec<Whole>> = (self.keep.iter())
            .map(|k| Whole::compile(cx, k, WFC, "keep", TILE_VALUES))
            .collect();
        let mut k: Knobs<Compiled> = Knobs::default();
        let restarts = (self.restarts.as_ref()).map_or(10, |r| {
            r.get(cx, &mut k, |c, v| c.restarts = v as u32) as u32
        });
        let m = &self.model.text;
        let head = head?;
        Some(Compiled {
            layers: [head.layer],
            head,
            model: model?,
            border: border?,
            keep: keep?,
            restarts,
            tally: cx.declare_tally("WaveFunctionCollapse", "contradictions"),
            too_small: cx.failure_point(
                format!("WaveFunctionCollapse `{m}`: the area is smaller than the patterns"),
                &self.model,
            ),
            unsatisfiable: cx.failure_point(
                format!(
                    "WaveFunctionCollapse `{m}`: the fixed cells (kept, protected, border) \
                     contradict the model"
                ),
                &self.model,
            ),
            gave_up: cx.failure_point(
                format!("WaveFunctionCollapse `{m}`: every attempt met a contradiction"),
                &self.model,
            ),
            knobs: k.done()?,
        })
    }
}

/// The step's name, in messages.
const WFC: &str = "WaveFunctionCollapse";

impl Params {
    /// The model of `model:`, built once (errors at the pattern file's item).
    fn model(&self, cx: &mut Cx) -> Option<Arc<Model>> {
        let (item, at) = cx.pattern_item_of(&self.model, &["a tileset", "an example"])?;
        let built = match &item {
            ItemKind::TileSet(t) => Model::tiled(t),
            ItemKind::Example(e) => Model::overlapping(e),
            _ => unreachable!("asked for a tileset or an example"),
        };
        match built {
            Ok(m) => Some(Arc::new(m)),
            Err(e) => {
                cx.error_at_item(&at, e, None);
                None
            }
        }
    }
}

impl Runnable for Compiled {
    fn run(&self, st: &mut State) -> Flow {
        crate::resolve_knobs!(self, st);
        let r = match self.head.begin(st) {
            Ok(r) => r,
            Err(f) => return f,
        };
        if r.is_empty() {
            return Flow::Continue;
        }
        let restarts = self.restarts;
        let fixed = match self.fixed(st, r) {
            Ok(f) => f,
            Err(fault) => return Flow::Abort(fault),
        };
        let task = Task {
            model: &self.model,
            width: r.w,
            height: r.h,
            fixed: &fixed,
            restarts,
        };
        let (outcome, contradictions) = solve(&task, &mut st.rng, &mut st.budget);
        if let Some(t) = st.tallies.get_mut(self.tally as usize) {
            *t += contradictions;
        }
        match outcome {
            Outcome::Solved(tiles) => {
                st.grid_mut(self.head.layer).paste(r.x, r.y, r.w, &tiles);
                Flow::Continue
            }
            Outcome::TooSmall => Flow::Fail(self.too_small),
            Outcome::Unsatisfiable => Flow::Fail(self.unsatisfiable),
            Outcome::GaveUp => Flow::Fail(self.gave_up),
            // the interpreter ends the run, naming the step
            Outcome::OutOfTime => Flow::Continue,
        }
    }

    fn writes(&self) -> Writes<'_> {
        Writes::layers(&self.layers)
    }
}

impl Compiled {
    /// The fixed cells, relative to the area's top-left: kept tiles and protected cells
    /// inside, then the border around it; `Err` with the failure point of a kept tile or
    /// border tile that is not a tile value.
    fn fixed(&self, st: &mut State, r: Rect) -> Result<Vec<(i32, i32, u16)>, u32> {
        let keep: Vec<u16> = (self.keep.iter())
            .map(|k| k.get(st).map(|v| v as u16))
            .collect::<Result<_, _>>()?;
        let border = match &self.border {
            None => None,
            Some(Some(t)) => Some(Some(t.get(st)? as u16)),
            Some(None) => Some(None),
        };
        let mut fixed = Vec::new();
        let g = st.grid(self.head.layer);
        for (x, y) in r.cells() {
            let v = g.at(x, y);
            if keep.contains(&v) || self.head.flagged(st, x, y) {
                fixed.push((x - r.x, y - r.y, v));
            }
        }
        let Some(tile) = border else {
            return Ok(fixed);
        };
        let ring = Rect::new(r.x - 1, r.y - 1, r.w + 2, r.h + 2);
        for (x, y) in ring.cells() {
            if r.contains(x, y) {
                continue;
            }
            let v = match tile {
                Some(t) => Some(t),
                None => g.get(x, y),
            };
            if let Some(v) = v {
                fixed.push((x - r.x, y - r.y, v));
            }
        }
        Ok(fixed)
    }
}

#[cfg(test)]
mod tests;
