//! `stats:` of a rule file: checked at load (names of tile classes, layers and markers,
//! each extra measure's expression compiled in the measure scope) and turned into the
//! plain [`StatsSpec`] the measures read. Every mistake is located like any other.

use super::compile::Cx;
use super::glyphs::TileGlyphs;
use super::schema::{StatsDef, WalkableDef};
use crate::lang::nearest;
use crate::stats::expr::{Extra, MeasureScope, BUILTIN};
use crate::stats::{StatsSpec, Walkable};

/// The measure scope of a rule set with these kinds, shapes and tile classes.
pub(crate) fn scope(
    kinds: &[String],
    shapes: &[String],
    glyphs: Option<&TileGlyphs>,
) -> MeasureScope {
    let classes: Vec<String> = glyphs
        .map(|g| g.classes.iter().map(|c| c.0.clone()).collect())
        .unwrap_or_default();
    MeasureScope::new(kinds, shapes, &classes)
}

fn hint(name: &str, known: &[String], what: &str) -> Option<String> {
    nearest(name, known.iter().map(String::as_str))
        .map(|n| format!("did you mean `{n}`?"))
        .or_else(|| Some(format!("the {what} are: {}", known.join(", "))))
}

/// Check `def` and make its spec (errors go to `cx`).
pub(crate) fn compile_stats(
    cx: &mut Cx,
    def: Option<&StatsDef>,
    kinds: &[String],
    glyphs: Option<&TileGlyphs>,
) -> StatsSpec {
    let mut spec = StatsSpec::default();
    let Some(def) = def else {
        return spec;
    };
    let shapes: Vec<String> = cx.shapes.iter().map(|s| s.name.clone()).collect();
    match &def.walkable {
        None => {}
        Some(WalkableDef::Classes(names)) => {
            let known: Vec<String> = glyphs
                .map(|g| g.classes.iter().map(|c| c.0.clone()).collect())
                .unwrap_or_default();
            for n in names {
                if known.is_empty() && cx.causes.glyphs_failed {
                    // the `tile_glyphs` problem is reported
                } else if known.is_empty() {
                    cx.error(
                        n,
                        "`Classes` names tile classes, and this rule set has no `tile_glyphs`"
                            .into(),
                        Some("use `Tiles(layer: \"...\", ids: [...])`".into()),
                    );
                } else if !known.contains(&n.text) {
                    let h = hint(&n.text, &known, "tile classes");
                    cx.error(n, format!("unknown tile class `{}`", n.text), h);
                }
            }
            spec.walkable = Walkable::Classes(names.iter().map(|n| n.text.clone()).collect());
        }
        Some(WalkableDef::Tiles { layer, ids }) => {
            if !cx.layers.contains(&layer.text) {
                let h = hint(&layer.text, &cx.layers, "layers");
                cx.error(layer, format!("unknown layer `{}`", layer.text), h);
            }
            spec.walkable = Walkable::Tiles {
                layer: layer.text.clone(),
                ids: ids.clone(),
            };
        }
    }
    for m in &def.markers {
        if !cx.markers.contains(&m.text) && !cx.knock_on(&m.text) {
            let known = cx.markers.clone();
            let h = hint(&m.text, &known, "markers");
            cx.error(m, format!("no step places a marker `{}`", m.text), h);
        }
        spec.markers.push(m.text.clone());
    }
    if let Some((a, b)) = &def.rooms {
        for k in [a, b] {
            if !kinds.contains(&k.text) {
                let h = hint(&k.text, kinds, "room kinds");
                cx.error(k, format!("unknown room kind `{}`", k.text), h);
            }
        }
        spec.rooms = Some([a.text.clone(), b.text.clone()]);
    }
    let mut sc = scope(kinds, &shapes, glyphs);
    for (name, text) in &def.measures {
        if !cx.check_identifier(name) {
            continue;
        }
        if sc.names().contains(&name.text) {
            let why = if BUILTIN.contains(&name.text.as_str()) {
                "a built-in measure"
            } else {
                "already a measure"
            };
            cx.error(
                name,
                format!("`{}` is {why}", name.text),
                Some("pick another name".into()),
            );
            continue;
        }
        match Extra::new(sc.clone(), &[(name.text.clone(), text.text.clone())]) {
            Ok(_) => sc.declare(&name.text),
            Err((_, errs)) => {
                for e in errs {
                    cx.error_in(text, e.span, e.message, e.help);
                }
            }
        }
        spec.measures.push((name.text.clone(), text.text.clone()));
    }
    spec
}
