//! Neighbour fix-rule passes: one raster pass (rows top to bottom, x left to right) over an
//! area of a tile layer; at each cell the rules of a pattern-file rule list are tried in
//! order, each re-reading the tiles, and a rule whose head and tests hold writes its
//! actions. Draws no random numbers, except for `pick` rules (below).
//!
//! A rule `heads [unprotected] if (dx,dy) == t, ... -> (dx,dy) = t, ...` holds at `(x, y)`
//! when the cell holds one of `heads` (any tile if `*`; heads may be sets) and every tested
//! neighbour `(x+dx, y+dy)` is inside the grid and compares as written (the tests are
//! matched by the one matcher, [`crate::lang::matcher`]). Writes outside the grid are
//! skipped. With `edges: ColumnMajor` a neighbour past the edge is the cell that the
//! original's unchecked column-major array reaches (see [`crate::operator::args::Edges`]; 0 before or
//! past the array), both for tests and writes. With `unprotected`, writes into cells
//! flagged in `protected` are skipped too. With
//! `classes` (a table indexed by tile id), heads and tests compare the tiles' classes
//! (tiles past the end of the table have class 0) while writes are tile ids.
//!
//! A rule whose writes are `pick { a | b }` draws one `rnd(n)` each time it fires and applies
//! alternative number `rnd(n)` (a negative draw counts as 0; Diablo's Caves `FillDiagonals`,
//! shared/spec/diablo.md §4.3); rules without a pick draw nothing. With `stop_after: k`, the
//! pass ends right after rule number `k` (1-based, in list order) first fires (Diablo's Caves
//! `Warp`, §4.6.2); a `k` that is not a rule number of the list is an error at `rules`.
//!
//! The header (`layer`, `area`, `when`, `protected`) is the shared [`TileHeader`]. Unlike
//! the other tile operators, `area` is the set of *scanned* cells: a rule's writes at a
//! scanned cell may reach neighbours outside it (Diablo's `FixDirtTiles` scans 39x39 cells
//! and writes one to the right), so an area does not bound the writes.
//!
//! Diablo: Cathedral `FixTilesPatterns`, `FixDirtTiles`, `FixCornerTiles`, and
//! `ApplyShadowsPatterns` through `BaseTypes` (shared/spec/diablo.md §2.5, §2.8).
//!
//! # Speed
//!
//! The cells where a rule may fire come from the toolkit ([`PatternMask`] over the
//! layer's [`BitPlanes`](crate::engine::bit_planes::BitPlanes), any width). What stays here
//! (`fix_rules/scan.rs`, switch `FastPath::RuleScan`) is the visit of those cells, because only this
//! operator writes while it scans: a firing changes tiles that later cells of the same row read,
//! so the visit re-reads the cells a write made stale, which a mask computed ahead cannot know.

mod heads;
mod scan;

use crate::lang::pattern::FixRule;
use crate::operator::header::TileHeader;
use crate::operator::{Operator, Runnable, Writes};
use heads::Heads;

use crate::engine::bit_planes::pattern_mask::PatternMask;
use crate::engine::grid::Rect;
use crate::engine::state::State;
use crate::engine::Flow;
use crate::lang::matcher::{FirstProbe, Matcher};
use crate::operator::args::Edges;
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

crate::tile_params! {
    header: writes,
    /// Rule-file parameters of `FixRules(...)`.
    #[derive(Debug, Clone, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Params {
        /// The rule list, `"file.pat#name"`.
        pub rules: Src,
        /// A class table, `"file.pat#name"`: compare classes instead of tiles.
        #[serde(default)]
        pub classes: Option<Src>,
        /// How neighbours past the grid's edge are read and written. Default `Outside`.
        #[serde(default)]
        pub edges: Edges,
        /// Rule number (1-based, in list order) whose first firing ends the pass. Default: none.
        #[serde(default)]
        pub stop_after: Option<u32>,
    }
}

/// A compiled rule: its tests, its writes `(dx, dy, tile)` in order, and whether writes
/// skip flagged cells.
#[derive(Debug)]
struct Rule {
    tests: Matcher,
    actions: Vec<(i32, i32, u16)>,
    /// `pick` alternatives (empty = no draw).
    picks: Vec<Vec<(i32, i32, u16)>>,
    unprotected: bool,
}

/// Compiled `FixRules`.
#[derive(Debug)]
pub struct Compiled {
    head: TileHeader,
    rules: Vec<Rule>,
    /// Per tile: the rules of `cands` that may fire on a cell holding it.
    heads: Heads,
    /// Rule indices, each with its first test as a prefilter.
    cands: Vec<(u16, FirstProbe)>,
    /// Per entry of `cands`: what the scan may take as known at a cell in `inner`.
    quick: Vec<Quick>,
    classes: Option<Vec<u16>>,
    /// The grid size the rules were compiled for and the scanned cells at which every
    /// rule's tests lie inside it (no bounds tests needed).
    grid: (i32, i32),
    inner: Rect,
    edges: Edges,
    /// Index of the rule whose first firing ends the pass.
    stop_after: Option<u16>,
    /// The rules as bit-plane patterns, to visit only the cells where one may fire (none
    /// for rules without tests or many values, see [`MASK_PLANES`]).
    mask: Option<PatternMask>,
}

/// What a rule's visit at a cell in [`Compiled`]'s `inner` may skip.
#[derive(Debug, Clone, Copy)]
struct Quick {
    /// The first test is the rule's only one ([`Matcher::decided_by_first`]): once it holds,
    /// the rule holds.
    first_decides: bool,
    /// The rule's one write `(dx, dy, flat offset, tile)`, when it has no picks, is not
    /// `unprotected` and lands inside the grid from every cell of `inner`.
    write: Option<(i32, i32, isize, u16)>,
}

impl Quick {
    /// Nothing known.
    const NONE: Quick = Quick {
        first_decides: false,
        write: None,
    };
}

/// Rule lists reading at most this many values (and their negations) are matched row by
/// row over bit planes, when every rule has a test: a rule without one holds on every cell
/// of its heads, which the planes then cannot skip (measured: Catacombs' `FinishHalls`,
/// whose hall cells all fire, ran more instructions with them).
const MASK_PLANES: usize = 64;

/// What a visit of one cell did.
#[derive(Debug, PartialEq, Eq)]
enum Visit {
    /// No rule fired.
    Quiet,
    /// A rule fired (and may have written).
    Fired,
    /// The `stop_after` rule fired: the pass ends.
    Stop,
}

impl Operator for Params {
    type Compiled = Compiled;

    fn anchor(&self) -> Option<&Src> {
        Some(&self.layer)
    }

    fn compile(&self, cx: &mut Cx) -> Option<Compiled> {
        let head = TileHeader::compile(cx, self.header());
        let rules = cx.rules(&self.rules);
        let classes = match &self.classes {
            Some(c) => Some(cx.tile_table(c)?),
            None => None,
        };
        let rules = rules?;
        let stop_after = self.stop_after(cx, rules.len())?;
        let grid = (cx.width(), cx.height());
        let pats: Vec<_> = rules
            .iter()
            .map(|r| {
                let tests = r.tests.iter().map(|t| (t.dx, t.dy, t.value, t.equal));
                (r.heads.clone(), tests.collect())
            })
            .collect();
        let mask = rules
            .iter()
            .all(|r| !r.tests.is_empty())
            .then(|| PatternMask::new(&pats, classes.as_deref(), MASK_PLANES))
            .flatten();
        let tests: Vec<Matcher> = rules
            .iter()
            .map(|r| Matcher::tests(&r.tests).for_grid(grid.0))
            .collect();
        let (cands, by_tile, past_end) = candidates(&rules, &tests, classes.as_deref());
        let rules: Vec<Rule> = rules
            .iter()
            .zip(tests)
            .map(|(r, tests)| Rule {
                tests,
                actions: r.actions.clone(),
                picks: r.picks.clone(),
                unprotected: r.unprotected,
            })
            .collect();
        let inner = rules.iter().fold(Rect::of_size(grid.0, grid.1), |a, r| {
            a.intersect(&r.tests.inner(grid.0, grid.1))
        });
        let quick = quick_visits(&cands, &rules, inner, grid);
        Some(Compiled {
            head: head?,
            heads: Heads::new(by_tile, past_end, &cands),
            cands,
            quick,
            grid,
            inner,
            rules,
            classes,
            edges: self.edges,
            stop_after,
            mask,
        })
    }
}

impl Params {
    /// `stop_after` as a rule index; `None` (reported) when it numbers no rule of the list.
    fn stop_after(&self, cx: &mut Cx, n_rules: usize) -> Option<Option<u16>> {
        match self.stop_after {
            None => Some(None),
            Some(k) if k >= 1 && (k as usize) <= n_rules => Some(Some(k as u16 - 1)),
            Some(k) => {
                cx.error(
                    &self.rules,
                    format!("stop_after: {k} is not a rule number of this list (1..={n_rules})"),
                    None,
                );
                None
            }
        }
    }
}

/// The candidate list (rule index and first test), and per tile value (through `classes`
/// when given) and past the end of the table, the range of it whose rules may fire there:
/// a rule without heads may fire anywhere.
#[allow(clippy::type_complexity)]
fn candidates(
    rules: &[FixRule],
    tests: &[Matcher],
    classes: Option<&[u16]>,
) -> (Vec<(u16, FirstProbe)>, Vec<(u32, u32)>, (u32, u32)) {
    let top = rules
        .iter()
        .flat_map(|r| r.heads.iter().copied())
        .max()
        .map_or(0, |m| m as usize + 1);
    let mut cands: Vec<(u16, FirstProbe)> = Vec::new();
    let range = |cands: &mut Vec<_>, head: &dyn Fn(&[u16]) -> bool| {
        let start = cands.len() as u32;
        cands.extend(
            (0..rules.len())
                .filter(|&i| head(&rules[i].heads))
                .map(|i| (i as u16, tests[i].first())),
        );
        (start, cands.len() as u32)
    };
    let by_head: Vec<(u32, u32)> = (0..top as u16)
        .map(|t| range(&mut cands, &|h| h.is_empty() || h.contains(&t)))
        .collect();
    let any_head = range(&mut cands, &|h| h.is_empty());
    let of_value = |v: u16| by_head.get(v as usize).copied().unwrap_or(any_head);
    // with classes, tile `t` has the head value `class(t)` (0 past the table's end)
    let (by_tile, past_end) = match classes {
        None => (by_head.clone(), any_head),
        Some(c) => (c.iter().map(|&v| of_value(v)).collect(), of_value(0)),
    };
    (cands, by_tile, past_end)
}

/// Per candidate, what its visit at a cell of `inner` may skip ([`Quick`]).
fn quick_visits(
    cands: &[(u16, FirstProbe)],
    rules: &[Rule],
    inner: Rect,
    grid: (i32, i32),
) -> Vec<Quick> {
    // a write `(dx, dy)` lands in the grid from every cell of `inner` when `inner`
    // moved by it does
    let lands = |dx: i32, dy: i32| {
        inner.is_empty()
            || inner.x + dx >= 0
                && inner.y + dy >= 0
                && inner.x1() + dx <= grid.0
                && inner.y1() + dy <= grid.1
    };
    cands
        .iter()
        .map(|&(ri, _)| {
            let r = &rules[ri as usize];
            let write = match r.actions[..] {
                [(dx, dy, v)] if r.picks.is_empty() && !r.unprotected && lands(dx, dy) => {
                    Some((dx, dy, (dy as isize) * grid.0 as isize + dx as isize, v))
                }
                _ => None,
            };
            Quick {
                first_decides: r.tests.decided_by_first(),
                write,
            }
        })
        .collect()
}

impl Runnable for Compiled {
    fn writes(&self) -> Writes<'_> {
        self.head.writes_layer()
    }

    fn run(&self, st: &mut State) -> Flow {
        match &self.classes {
            None => self.pass(st, |t| t),
            Some(c) => self.pass(st, |t| c.get(t as usize).copied().unwrap_or(0)),
        }
    }
}

#[cfg(test)]
mod tests;
