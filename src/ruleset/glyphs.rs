//! Glyph classes of a tile layer (`tile_glyphs:` in a rule file): tile ids → class index,
//! for the symbol layer of the output and the ASCII view.

use super::compile::Cx;
use super::schema;
use crate::dungeon::parse_colour;
use crate::lang::nearest;

/// Glyph classes of a tile layer (see [`schema::TileGlyphsDef`]).
#[derive(Debug, Clone)]
pub struct TileGlyphs {
    /// Index of the tile layer.
    pub layer: usize,
    /// Name of the symbol layer in the output.
    pub output: String,
    /// (name, glyph, `#rrggbb`) per class; the last one is `other`.
    pub classes: Vec<(String, char, String)>,
    /// Class index per tile id (ids past the end: `other`).
    pub class_of: Vec<u8>,
}

impl TileGlyphs {
    /// The class index of tile `t`.
    #[inline]
    pub fn class(&self, t: u16) -> usize {
        self.class_of
            .get(t as usize)
            .map_or(self.classes.len() - 1, |&c| c as usize)
    }
}

pub(super) fn compile_glyphs(cx: &mut Cx, g: &schema::TileGlyphsDef) -> Option<TileGlyphs> {
    let Some(layer) = cx.layers.iter().position(|l| *l == g.layer.text) else {
        let help = nearest(&g.layer.text, cx.layers.iter().map(|l| l.as_str()))
            .map(|n| format!("did you mean `{n}`?"));
        cx.error(
            &g.layer,
            format!("no step writes a layer `{}`", g.layer.text),
            help,
        );
        return None;
    };
    if g.classes.len() > 250 {
        cx.error(&g.output, "at most 250 glyph classes".into(), None);
        return None;
    }
    let mut class_of: Vec<u8> = Vec::new();
    let other = g.classes.len() as u8;
    let mut classes = Vec::new();
    for (i, c) in g
        .classes
        .iter()
        .chain(std::iter::once(&g.other))
        .enumerate()
    {
        let colour = match &c.colour {
            Some(col) if parse_colour(&col.text).is_none() => {
                cx.error(
                    col,
                    format!("`{}` is not a colour", col.text),
                    Some("write colours as \"#rrggbb\"".into()),
                );
                "#c0c0c0".to_string()
            }
            Some(col) => col.text.clone(),
            None => "#c0c0c0".to_string(),
        };
        classes.push((c.name.text.clone(), c.glyph, colour));
        if i == g.classes.len() {
            break;
        }
        let Some(tiles) = &c.tiles else {
            cx.error(
                &c.name,
                "a glyph class needs `tiles: \"file.pat#table\"`".into(),
                None,
            );
            continue;
        };
        for t in cx.tile_table(tiles)? {
            let t = t as usize;
            if class_of.len() <= t {
                class_of.resize(t + 1, other);
            }
            if class_of[t] == other {
                class_of[t] = i as u8;
            }
        }
    }
    Some(TileGlyphs {
        layer,
        output: g.output.text.clone(),
        classes,
        class_of,
    })
}
