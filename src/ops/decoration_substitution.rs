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

use super::args::{flag_layers, flagged, Count, Tile};
use crate::engine::state::State;
use crate::engine::Flow;
use crate::rng::RandomSource;
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

/// One line for listings and the preview.
pub const DESCRIPTION: &str =
    "replace random cells by a random member of their tile's substitution class";

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

/// Rule-file parameters of `SubstituteDecorations(...)`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The tile layer.
    pub layer: Src,
    /// The class table, `"file.pat#name"`: class of each tile id, 0 = never substituted.
    pub classes: Src,
    /// A cell is considered when `rnd(roll) == 0`. Diablo: 4.
    pub roll: Count,
    /// `rv = rnd(variant_roll)` picks the member. Diablo: 16.
    pub variant_roll: Count,
    /// Flag layers of cells never substituted.
    #[serde(default)]
    pub protected: Vec<Src>,
    /// Two-tile decorations.
    #[serde(default)]
    pub partners: Vec<PartnerDef>,
}

/// Compiled `SubstituteDecorations`.
#[derive(Debug)]
pub struct Op {
    layer: u16,
    classes: Vec<u16>,
    members: Vec<Vec<u16>>,
    roll: i64,
    variant_roll: i64,
    protected: Vec<u16>,
    partners: Vec<PartnerDef>,
}

impl Params {
    /// The located string that messages about the step point at.
    pub fn anchor(&self) -> Option<&Src> {
        Some(&self.layer)
    }

    /// Resolve names and compile expressions; `None` when errors were reported to `cx`.
    pub fn compile(&self, cx: &mut Cx) -> Option<Op> {
        let layer = cx.layer(&self.layer);
        let classes = cx.tile_table(&self.classes)?;
        let n = classes.iter().copied().max().unwrap_or(0) as usize + 1;
        let mut members = vec![Vec::new(); n];
        for (tile, &c) in classes.iter().enumerate() {
            if c != 0 {
                members[c as usize].push(tile as u16);
            }
        }
        let protected = flag_layers(cx, &self.protected);
        Some(Op {
            layer,
            classes,
            members,
            roll: self.roll.0,
            variant_roll: self.variant_roll.0,
            protected,
            partners: self.partners.clone(),
        })
    }
}

impl Op {
    #[inline]
    fn class(&self, t: u16) -> u16 {
        self.classes.get(t as usize).copied().unwrap_or(0)
    }

    /// Run the operator on the state.
    pub fn run(&self, st: &mut State) -> Flow {
        let (w, h) = (st.width, st.height);
        let l = self.layer as usize;
        for y in 0..h {
            for x in 0..w {
                if st.rng.below(self.roll) != 0 {
                    continue;
                }
                let i = (y * w + x) as usize;
                let c = self.class(st.layers[l][i]);
                if c == 0 || flagged(st, &self.protected, i) {
                    continue;
                }
                let rv = st.rng.below(self.variant_roll);
                let m = &self.members[c as usize];
                if rv < 0 || m.is_empty() {
                    continue;
                }
                let mut pick = m[(rv as usize) % m.len()];
                for p in &self.partners {
                    if pick != p.pick.0 {
                        continue;
                    }
                    let (px, py) = (x + p.dx, y + p.dy);
                    if !st.in_bounds(px, py) {
                        continue;
                    }
                    let j = (py * w + px) as usize;
                    if self.class(st.layers[l][j]) == p.partner_class.0
                        && !flagged(st, &self.protected, j)
                    {
                        st.layers[l][j] = p.partner_tile.0;
                    } else {
                        pick = p.fallback.0;
                    }
                }
                st.layers[l][i] = pick;
            }
        }
        Flow::Continue
    }
}

#[cfg(test)]
mod tests {
    use crate::ops::testing::run_rules_with;

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
