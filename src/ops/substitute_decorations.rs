//! Class-based decoration substitution: a raster pass in which each cell, with probability
//! `1/roll`, is replaced by a random member of its tile's substitution class. Draws random
//! numbers as Diablo's Cathedral `Substitution` (shared/spec/diablo.md §1.10, §2.8.4).
//!
//! At each cell: `rnd(roll) == 0` (drawn for every cell); then, if the tile's class (from
//! the class table, indexed by tile id; 0 = none) is non-zero and the cell is not flagged
//! in `protected`: `rv = rnd(variant_roll)` and the tile becomes member `rv mod k` of the
//! class's members in ascending tile-id order (`k` members). A negative `rv` (once in 2^32
//! steps) leaves the tile. Two-tile decorations (`partners`, checked in order): when the
//! pick is `pick` and the partner cell `(x+dx, y+dy)` is on the grid, the partner must be of
//! class `partner_class` and unprotected — it then becomes `partner_tile` — otherwise the
//! pick becomes `fallback`.
//!
//! Variants from a list instead (Diablo's Hell pass 2, §5.6, §5.7 item 6): with `variants`
//! (a table) and `only_class`, a considered cell whose class is `only_class` (and that is
//! not flagged) becomes `variants[rnd(len)]` — a negative draw takes the first entry.
//!
//! Optional, for Diablo's Catacombs `Substitution` (§3.7): `avoid` — cells in this rectangle
//! are skipped before any draw; `distinct: (dx, dy, w, h)` — a class member's pick is
//! dropped when the window of `w × h` cells from `(x + dx, y + dy)` already holds it, the
//! window read with `edges` (e.g. `ColumnMajor`: the original reads past the edge without
//! bounds checks).

use crate::engine::grid;
use crate::engine::state::State;
use crate::engine::Flow;
use crate::operator::args::{Count, Edges, Rect, RectDef, Tile};
use crate::operator::header::{LayerPass, TileHeader};
use crate::operator::knobs::{Knobs, I32};
use crate::operator::{Operator, Runnable, Writes};
use crate::rng::draws::{DrawLoop, Draws};
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

/// `(pick: 89, dx: 0, dy: -1, partner_class: 79, partner_tile: 90, fallback: 79)`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PartnerDef {
    /// The drawn member (tile id) that needs a partner cell.
    pub pick: Tile,
    /// Column offset of the partner cell from the substituted cell, in cells.
    pub dx: i32,
    /// Row offset of the partner cell from the substituted cell, in cells.
    pub dy: i32,
    /// Substitution class (class number of the class table) the partner's tile must have.
    pub partner_class: Tile,
    /// Tile id written at the partner cell when it qualifies.
    pub partner_tile: Tile,
    /// Tile id written instead of `pick` when the partner does not qualify.
    pub fallback: Tile,
}

crate::tile_params! {
    header: writes,
    /// Rule-file parameters of `SubstituteDecorations(...)`.
    #[derive(Debug, Clone, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Params {
        /// The class table, `"file.pat#name"`: class of each tile id, 0 = never substituted.
        pub classes: Src,
        /// A cell is considered when `rnd(roll) == 0`. Diablo: 4.
        pub roll: Count,
        /// `rv = rnd(variant_roll)` picks the member. Diablo: 16. Required unless `variants`.
        #[serde(default)]
        pub variant_roll: Option<Count>,
        /// A table of tiles to pick from (`rnd(len)`) instead of the class members.
        #[serde(default)]
        pub variants: Option<Src>,
        /// Only cells of this class are substituted. Default: every class but 0.
        #[serde(default)]
        pub only_class: Option<Tile>,
        /// Two-tile decorations.
        #[serde(default)]
        pub partners: Vec<PartnerDef>,
        /// Cells in this rectangle are skipped without a draw. Default none.
        #[serde(default)]
        pub avoid: Option<RectDef>,
        /// `(dx, dy, w, h)` in cells: drop a pick already present in this window. Default none.
        #[serde(default)]
        pub distinct: Option<(I32, I32, I32, I32)>,
        /// How the `distinct` window reads past the grid's edge. Default `Outside`.
        #[serde(default)]
        pub edges: Edges,
    }
}

/// Compiled `SubstituteDecorations`.
#[derive(Debug, Clone)]
pub struct Compiled {
    head: TileHeader,
    classes: Vec<u16>,
    members: Vec<Vec<u16>>,
    roll: i64,
    variant_roll: i64,
    variants: Option<Vec<u16>>,
    only_class: Option<u16>,
    partners: Vec<PartnerDef>,
    avoid: Option<Rect>,
    distinct: Option<(i32, i32, i32, i32)>,
    edges: Edges,
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
        let classes = cx.tile_table(&self.classes)?;
        let n = classes.iter().copied().max().unwrap_or(0) as usize + 1;
        let mut members = vec![Vec::new(); n];
        for (tile, &c) in classes.iter().enumerate() {
            if c != 0 {
                members[c as usize].push(tile as u16);
            }
        }
        let head = TileHeader::compile(cx, self.header());
        let variants = match &self.variants {
            Some(v) => {
                let t = cx.tile_table(v)?;
                if t.is_empty() {
                    cx.error(v, "the variants table is empty".into(), None);
                    return None;
                }
                Some(t)
            }
            None => None,
        };
        let variant_roll = match (&self.variant_roll, &variants) {
            (Some(r), _) => r.get(cx, &mut k, |c: &mut Compiled, v| c.variant_roll = v as i64),
            (None, Some(_)) => 0,
            (None, None) => {
                cx.error(
                    &self.layer,
                    "give `variant_roll` (the draw picking a class member) or `variants`".into(),
                    None,
                );
                return None;
            }
        };
        let avoid = match &self.avoid {
            Some(a) => Some(a.compile(cx)?),
            None => None,
        };
        Some(Compiled {
            avoid,
            distinct: self.distinct.as_ref().map(|(dx, dy, w, h)| {
                fn at(c: &mut Compiled) -> &mut (i32, i32, i32, i32) {
                    c.distinct.get_or_insert((0, 0, 0, 0))
                }
                (
                    dx.get(cx, &mut k, |c, v| at(c).0 = v as i32) as i32,
                    dy.get(cx, &mut k, |c, v| at(c).1 = v as i32) as i32,
                    w.get(cx, &mut k, |c, v| at(c).2 = v as i32) as i32,
                    h.get(cx, &mut k, |c, v| at(c).3 = v as i32) as i32,
                )
            }),
            edges: self.edges,
            variants,
            only_class: self.only_class.map(|t| t.0),
            head: head?,
            classes,
            members,
            roll: self
                .roll
                .get(cx, &mut k, |c: &mut Compiled, v| c.roll = v as i64),
            variant_roll,
            partners: self.partners.clone(),
            knobs: k.done()?,
        })
    }
}

impl Runnable for Compiled {
    fn writes(&self) -> Writes<'_> {
        self.head.writes_layer()
    }

    fn run(&self, st: &mut State) -> Flow {
        crate::resolve_knobs!(self, st);
        let area = match self.head.begin(st) {
            Ok(a) => a,
            Err(f) => return f,
        };
        let avoid = self.avoid.as_ref().map(|a| a.eval(st));
        let second = match &self.variants {
            Some(v) => v.len() as i64,
            None => self.variant_roll,
        };
        // the layer out of the state, the draws specialised to the generator and the two
        // bounds once ([`crate::rng::Rng::draw_loop2`])
        self.head.drawing_pass(st, |lp, rng| {
            let pass = Pass {
                op: self,
                lp,
                area,
                avoid,
            };
            rng.draw_loop2([self.roll, second], pass)
        });
        Flow::Continue
    }
}

/// The raster pass of [`Compiled`] over its layer (taken out of the state), drawing
/// `rnd(roll)` first and `rnd(variant_roll)` (or `rnd(len)` of the variants) second.
struct Pass<'p, 'a> {
    op: &'p Compiled,
    lp: &'p mut LayerPass<'a>,
    area: grid::Rect,
    avoid: Option<grid::Rect>,
}

impl DrawLoop for Pass<'_, '_> {
    type Out = ();

    fn run(self, d: &mut impl Draws) {
        let (op, area, lp) = (self.op, self.area, self.lp);
        for y in area.y..area.y1() {
            for x in area.x..area.x1() {
                if self.avoid.is_some_and(|r| r.contains(x, y)) {
                    continue;
                }
                if d.draw() != 0 {
                    continue;
                }
                let i = lp.g.index(x, y);
                let c = op.class(lp.g.as_slice()[i]);
                if c == 0 || op.only_class.is_some_and(|o| o != c) || lp.flagged(i) {
                    continue;
                }
                if let Some(v) = &op.variants {
                    let r = d.draw_second().max(0) as usize;
                    lp.set(x, y, v[r]);
                    continue;
                }
                let rv = d.draw_second();
                let m = &op.members[c as usize];
                if rv < 0 || m.is_empty() {
                    continue;
                }
                let mut pick = m[(rv as usize) % m.len()];
                if let Some((dx, dy, ww, wh)) = op.distinct {
                    let g = lp.g.as_grid();
                    let seen = grid::Rect::new(x + dx, y + dy, ww, wh).any_cell(|k, j| {
                        op.edges
                            .cell(&g, k, j)
                            .is_some_and(|(k, j)| g.at(k, j) == pick)
                    });
                    if seen {
                        continue;
                    }
                }
                for p in &op.partners {
                    if pick != p.pick.0 {
                        continue;
                    }
                    let (px, py) = (x + p.dx, y + p.dy);
                    if !area.contains(px, py) {
                        continue;
                    }
                    let j = lp.g.index(px, py);
                    if op.class(lp.g.as_slice()[j]) == p.partner_class.0 && !lp.flagged(j) {
                        lp.set(px, py, p.partner_tile.0);
                    } else {
                        pick = p.fallback.0;
                    }
                }
                lp.set(x, y, pick);
            }
        }
    }
}

impl Compiled {
    #[inline]
    fn class(&self, t: u16) -> u16 {
        self.classes.get(t as usize).copied().unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use crate::operator::testing::run_rules_with;

    /// roll 1 and variant_roll 1: every cell of class 1 (tiles 1 and 3) becomes member 0,
    /// tile 1, unless `avoid` covers it or (`distinct`) its left neighbour already is 1.
    #[test]
    fn avoid_and_distinct() {
        let pat = "table cls { 0 1 0 1 }";
        let run = |extra: &str| {
            run_rules_with(
                4,
                1,
                &format!(
                    r#"FillRect(layer: "t", value: "3", rect: (x: "0", y: "0", w: "4", h: "1")),
                       SubstituteDecorations(layer: "t", classes: "p.pat#cls", roll: 1, variant_roll: 1, {extra})"#
                ),
                "t",
                &[("p.pat", pat)],
            )
        };
        assert_eq!(
            run(r#"avoid: (x: "1", y: "0", w: "2", h: "1")"#),
            vec![vec![1, 3, 3, 1]]
        );
        assert_eq!(run("distinct: (-1, 0, 1, 1)"), vec![vec![1, 3, 1, 3]]);
    }

    /// The written layer as its own flag layer: a cell it sets (non-zero) is protected,
    /// read from the layer being written (taken out of the state during the pass).
    #[test]
    fn own_layer_as_flags() {
        let pat = "table cls { 1 1 }";
        let g = run_rules_with(
            4,
            2,
            r#"FillRect(layer: "t", value: "1", rect: (x: "0", y: "0", w: "4", h: "1")),
               SubstituteDecorations(layer: "t", classes: "p.pat#cls", roll: 1, variant_roll: 2, protected: ["t"])"#,
            "t",
            &[("p.pat", pat)],
        );
        assert_eq!(g[0], vec![1, 1, 1, 1]);
        assert!(g[1].contains(&1), "no 0 became 1: {g:?}");
    }

    #[test]
    fn substitutes_only_within_a_class_and_leaves_classless_tiles() {
        let pat = "table cls { 0 1 0 0 0 1 0 0 0 1 }";
        let g = run_rules_with(
            10,
            10,
            r#"FillRect(layer: "t", value: "1", rect: (x: "0", y: "0", w: "10", h: "5")),
               FillRect(layer: "t", value: "2", rect: (x: "0", y: "5", w: "10", h: "5")),
               SubstituteDecorations(layer: "t", classes: "p.pat#cls", roll: 2, variant_roll: 16)"#,
            "t",
            &[("p.pat", pat)],
        );
        let top: Vec<u16> = g[..5].iter().flatten().copied().collect();
        assert!(top.iter().all(|t| [1, 5, 9].contains(t)));
        assert!(top.iter().any(|&t| t != 1), "nothing substituted");
        assert!(g[5..].iter().flatten().all(|&t| t == 2));
    }
}
