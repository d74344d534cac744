//! The walkable tiles of spatial queries (`walk_distance`, `farthest`, `connected`,
//! `regions`, `largest_region`): recorded while expressions compile
//! ([`super::walk_defs::WalkDefs`]), each distinct set once, and resolved to tile layers and tile sets once the rule set's tile
//! classes (`tile_glyphs`) and `stats:` are known ([`resolve`]), with every mistake located
//! at the expression that first named the set.

use super::compile::Cx;
use super::glyphs::TileGlyphs;
use super::src::Src;
use crate::engine::queries::Walkable;
use crate::engine::tile_set::TileSet;
use crate::lang::compile::TileItem;
use crate::lang::{nearest, Span};
use crate::stats::{StatsSpec, Walkable as StatsWalkable};
use std::sync::Arc;

use super::walk_defs::Def;

/// The walkable sets, by id, of the definitions `cx` recorded (errors go to `cx`).
pub(crate) fn resolve(
    cx: &mut Cx,
    glyphs: Option<&TileGlyphs>,
    stats: &StatsSpec,
) -> Arc<[Walkable]> {
    let defs = std::mem::take(&mut cx.walk_defs.get_mut().defs);
    let mut out = Vec::with_capacity(defs.len());
    for d in &defs {
        let at = d.at.clone().unwrap_or_else(|| Src::synthetic(""));
        let walk = match &d.set {
            None => default_set(cx, &at, d.span, glyphs, stats),
            Some((layer, items)) => written_set(cx, &at, d, layer, items, glyphs),
        };
        // after an error: an empty set on layer 0, never run (the rule set does not load)
        out.push(walk.unwrap_or_else(|| Walkable {
            layer: 0,
            tiles: TileSet::new([]),
        }));
    }
    out.into()
}

/// The rule set's walkable tiles (`stats: Stats(walkable: ...)`, else the first tile class).
fn default_set(
    cx: &mut Cx,
    at: &Src,
    span: Span,
    glyphs: Option<&TileGlyphs>,
    stats: &StatsSpec,
) -> Option<Walkable> {
    match (&stats.walkable, glyphs) {
        (StatsWalkable::Tiles { layer, ids }, _) => {
            // (an unknown layer is reported where `stats:` names it)
            let layer = cx.layers.iter().position(|l| l == layer)? as u16;
            Some(Walkable {
                layer,
                tiles: TileSet::new(ids.iter().copied()),
            })
        }
        (StatsWalkable::Classes(names), Some(g)) => {
            let classes: Vec<usize> = names
                .iter()
                .filter_map(|n| g.classes.iter().position(|c| c.0 == *n))
                .collect();
            Some(of_classes(g, &classes))
        }
        // (`Classes` without tile classes is reported where `stats:` names them)
        (StatsWalkable::Classes(_), None) => None,
        (StatsWalkable::FirstClass, Some(g)) => Some(of_classes(g, &[0])),
        (StatsWalkable::FirstClass, None) if cx.causes.glyphs_failed => None,
        (StatsWalkable::FirstClass, None) => {
            cx.error_in(
                at,
                span,
                "a walking function needs walkable tiles, and this rule set names none".into(),
                Some(
                    "name them first, e.g. `farthest(tiles[1, 2], a)` (a layer and its tile \
                     ids), or for every query at once `stats: Stats(walkable: Tiles(layer: \
                     \"tiles\", ids: [1, 2]))`"
                        .into(),
                ),
            );
            None
        }
    }
}

/// The tiles of classes `classes` (indices into `g.classes`) on `g`'s layer. The last class,
/// `other`, holds every tile id no class names.
fn of_classes(g: &TileGlyphs, classes: &[usize]) -> Walkable {
    let named = g.class_of.len();
    let other = classes.contains(&(g.classes.len() - 1));
    let mut ids: Vec<u16> = (0..named)
        .filter(|&t| classes.contains(&(g.class_of[t] as usize)))
        .map(|t| t as u16)
        .collect();
    if other {
        ids.extend((named..=u16::MAX as usize).map(|t| t as u16));
    }
    Walkable {
        layer: g.layer as u16,
        tiles: TileSet::new(ids),
    }
}

/// The tiles of `layer[items]`.
fn written_set(
    cx: &mut Cx,
    at: &Src,
    d: &Def,
    layer: &str,
    items: &[TileItem],
    glyphs: Option<&TileGlyphs>,
) -> Option<Walkable> {
    let layer_span = (d.span.0, d.span.0 + layer.len());
    let Some(l) = cx.layers.iter().position(|n| n == layer) else {
        let help = nearest(layer, cx.layers.iter().map(String::as_str))
            .map(|n| format!("did you mean `{n}`?"))
            .unwrap_or_else(|| format!("the layers are: {}", cx.layers.join(", ")));
        cx.error_in(
            at,
            layer_span,
            format!("unknown layer `{layer}`"),
            Some(help),
        );
        return None;
    };
    if items.is_empty() {
        cx.error_in(
            at,
            d.span,
            format!("no tiles of `{layer}` are named: nothing would be walkable"),
            Some(format!(
                "name them: `{layer}[1, 2]`, by tile id or tile class"
            )),
        );
        return None;
    }
    let mut ids = Vec::new();
    let mut ok = true;
    for (item, &span) in items.iter().zip(&d.items) {
        match item {
            TileItem::Id(v) if v.fract() == 0.0 && *v >= 0.0 && *v <= f64::from(u16::MAX) => {
                ids.push(*v as u16)
            }
            TileItem::Id(v) => {
                cx.error_in(
                    at,
                    span,
                    format!("`{v}` is not a tile id (a whole number 0..=65535)"),
                    None,
                );
                ok = false;
            }
            TileItem::Class(name) => match class_tiles(cx, at, span, name, l, glyphs) {
                Some(t) => ids.extend(t),
                None => ok = false,
            },
        }
    }
    ok.then(|| Walkable {
        layer: l as u16,
        tiles: TileSet::new(ids),
    })
}

/// The tile ids of tile class `name`, which must be a class of layer `layer`.
fn class_tiles(
    cx: &mut Cx,
    at: &Src,
    span: Span,
    name: &str,
    layer: usize,
    glyphs: Option<&TileGlyphs>,
) -> Option<Vec<u16>> {
    let Some(g) = glyphs.filter(|g| g.layer == layer) else {
        if glyphs.is_none() && cx.causes.glyphs_failed {
            return None;
        }
        let help = match glyphs {
            Some(g) => format!(
                "tile classes (`tile_glyphs`) are of layer `{}`",
                cx.layers[g.layer]
            ),
            None => "this rule set has no tile classes (`tile_glyphs`): name tile ids".into(),
        };
        cx.error_in(
            at,
            span,
            format!(
                "`{name}` is not a tile class of layer `{}`",
                cx.layers[layer]
            ),
            Some(help),
        );
        return None;
    };
    let Some(c) = g.classes.iter().position(|c| c.0 == name) else {
        let help = nearest(name, g.classes.iter().map(|c| c.0.as_str()))
            .map(|n| format!("did you mean `{n}`?"))
            .unwrap_or_else(|| {
                let names: Vec<&str> = g.classes.iter().map(|c| c.0.as_str()).collect();
                format!("the tile classes are: {}", names.join(", "))
            });
        cx.error_in(at, span, format!("unknown tile class `{name}`"), Some(help));
        return None;
    };
    let w = of_classes(g, &[c]);
    Some((0..=u16::MAX).filter(|&t| w.tiles.contains(t)).collect())
}

#[cfg(test)]
mod tests {
    use crate::operator::testing::{load, MemFiles};
    use crate::ruleset::RuleSet;
    use std::path::Path;

    /// A 5 × 3 layer `t` (rows `11.11`, `1.211`, `111.1`: `.` is 0) with marker `a` on
    /// (0, 0), then `steps`.
    fn with_pocket(steps: &str) -> String {
        format!(
            r#"Stamp(layer: "t", pattern: "p.pat#pocket", at: (x: "0", y: "0")),
               Stamp(layer: "t", pattern: "p.pat#dot", at: (x: "0", y: "0"), marker: "a"),
               {steps}"#
        )
    }

    const PAT: &str = "miniset pocket 5x3 { search . . . . . | . . . . . | . . . . .
                                          replace 1 1 . 1 1 | 1 . 2 1 1 | 1 1 1 . 1 }
                       miniset dot 1x1 { search . replace 1 }";

    /// Each of `exprs` written into layer `out` (row by row from the top left), read back.
    fn values(head: &str, exprs: &[&str]) -> Vec<u16> {
        let fills: Vec<String> = exprs
            .iter()
            .enumerate()
            .map(|(i, e)| {
                let (x, y) = (i % 5, i / 5);
                format!(r#"FillRect(layer: "out", value: "{e}", rect: (x: "{x}", y: "{y}", w: "1", h: "1")),"#)
            })
            .collect();
        let files = vec![("p.pat".to_string(), PAT.to_string())];
        let rs = load(5, 3, head, &with_pocket(&fills.concat()), files);
        let d = rs.generate(1, &crate::ruleset::Params::new()).unwrap();
        match &d.layers["out"] {
            crate::dungeon::Layer::Ids(rows) => rows.concat()[..exprs.len()].to_vec(),
            _ => panic!("not a tile layer"),
        }
    }

    #[test]
    fn walking_functions_answer_over_the_named_tiles() {
        // over 1 and 2, (0, 0) to (4, 0) goes down, right along the bottom row, up
        // through the 2 at (2, 1), and right: 8 steps; over 1 alone the 2 walls it off
        let got = values(
            "",
            &[
                "walk_distance(t[1, 2], marker(a), cell(4, 0))",
                "x(farthest(t[1, 2], marker(a)))",
                "y(farthest(t[1, 2], marker(a)))",
                "connected(t[1], marker(a), cell(4, 0)) ? 1 : 5",
                "walk_distance(t[1], marker(a), cell(4, 0)) + 2",
                "regions(t[1])",
            ],
        );
        // the farthest of (4, 0) and (4, 2), both 8 away, is the first in raster order
        assert_eq!(got, vec![8, 4, 0, 5, 1, 2]);
        assert_eq!(values("", &["largest_region(t[1])"]), vec![6]);
    }

    #[test]
    fn without_a_set_the_rule_sets_walkable_tiles_are_walked() {
        let head = r#"stats: Stats(walkable: Tiles(layer: "t", ids: [1, 2])),"#;
        let got = values(head, &["walk_distance(marker(a), cell(4, 0))", "regions()"]);
        assert_eq!(got, vec![8, 1]);
    }

    /// The short form of every problem of loading `steps` after the pocket.
    fn problems(head: &str, steps: &str) -> Vec<String> {
        let text = format!(
            "Ruleset(name: \"t\", grid: Grid(width: 5, height: 3), {head} steps: [{}])",
            with_pocket(steps)
        );
        let mem = MemFiles(text, vec![("p.pat".into(), PAT.into())]);
        match RuleSet::load_with(Path::new("t.ron"), &mem) {
            Ok(_) => vec![],
            Err(d) => d.0.iter().map(|d| d.short()).collect(),
        }
    }

    #[test]
    fn bad_walkable_tiles_are_located_errors() {
        // each mistake is one message, at its expression (on line 3, after the pocket's steps)
        let col = |e: &str, needle: &str| {
            let p = problems("", &format!(r#"Let("v", "{e}"),"#));
            assert_eq!(p.len(), 1, "{p:?}");
            assert!(p[0].contains(needle), "{}", p[0]);
            p[0].clone()
        };
        let e = col(
            "farthest(marker(a))",
            "a walking function needs walkable tiles, and this rule set names none",
        );
        assert!(e.starts_with("t.ron:3:"), "{e}");
        col("regions(q[1])", "unknown layer `q`");
        col(
            "regions(t[])",
            "no tiles of `t` are named: nothing would be walkable",
        );
        col("regions(t[1.5])", "`1.5` is not a tile id");
        col(
            "regions(t[floor])",
            "`floor` is not a tile class of layer `t`",
        );
        col(
            "farthest(t[1], 3)",
            "expected a cell, a room or an area, found a number",
        );
        col("x(marker(b))", "unknown marker `b`");
        col(
            "regions(t[1]) + t[1]",
            "only the first argument of a walking function",
        );
        col(
            "connected(t[1], marker(a))",
            "takes 2 arguments (after an optional set of tiles), found 1",
        );
        // one set named twice with the same mistake: one message
        let p = problems(
            "",
            r#"Let("v", "regions(q[1])"), Let("w", "regions(q[1]) + 1"),"#,
        );
        assert_eq!(p.len(), 1, "{p:?}");
    }

    #[test]
    fn the_default_is_the_first_tile_class() {
        // tile classes: `open` holds 1 and 2; stats names no walkable tiles, so the first
        // class is walked
        let head = r##"tile_glyphs: TileGlyphs(layer: "t", output: "view",
            other: (name: "rock", glyph: '#', colour: "#000000"),
            classes: [(name: "open", glyph: '.', colour: "#ffffff", tiles: "p.pat#open")]),"##;
        let pat = format!("{PAT} table open {{ 1 2 }}");
        let steps = with_pocket(
            r#"Let("d", "walk_distance(marker(a), cell(4, 0))"),
               FillRect(layer: "out", value: "d", rect: (x: "0", y: "0", w: "1", h: "1")),"#,
        );
        let g = {
            let files = vec![("p.pat".to_string(), pat)];
            let rs = load(5, 3, head, &steps, files);
            let d = rs.generate(1, &crate::ruleset::Params::new()).unwrap();
            match &d.layers["out"] {
                crate::dungeon::Layer::Ids(rows) => rows[0][0],
                _ => panic!(),
            }
        };
        assert_eq!(g, 8);
    }
}
