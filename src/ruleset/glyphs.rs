//! Glyph classes of a tile layer (`tile_glyphs:` in a rule file): tile ids → class index,
//! for the views and the symbol layer of the output; and the marker styles (`markers:`).

use super::compile::Cx;
use super::schema;
use crate::dungeon::{parse_colour, MarkerStyle};
use crate::lang::nearest;

/// Glyph classes of a tile layer (see [`schema::TileGlyphsDef`]).
#[derive(Debug, Clone)]
pub struct TileGlyphs {
    /// Index of the tile layer.
    pub layer: usize,
    /// Name of the symbol layer in the output, if it has one.
    pub output: Option<String>,
    /// (name, glyph, `#rrggbb`) per class; the last one is `other`.
    pub classes: Vec<(String, char, String)>,
    /// Class index per tile id (ids past the end: `other`).
    pub class_of: Vec<u8>,
    /// The glyph of each tile id of `class_of` (its class's), then `other`'s glyph.
    glyph_of: Vec<char>,
    /// `glyph_of` as bytes: the ASCII glyphs' own, [`NOT_ASCII`] for the others.
    byte_of: Vec<u8>,
}

/// [`TileGlyphs::byte`] of a glyph outside ASCII.
pub const NOT_ASCII: u8 = 0x80;

impl TileGlyphs {
    /// The classes and the class of each tile id (see the fields).
    pub fn new(
        layer: usize,
        output: Option<String>,
        classes: Vec<(String, char, String)>,
        class_of: Vec<u8>,
    ) -> TileGlyphs {
        let other = classes.last().map_or(' ', |c| c.1);
        let glyph_of = class_of
            .iter()
            .map(|&c| classes.get(c as usize).map_or(other, |c| c.1))
            .chain([other])
            .collect::<Vec<char>>();
        let byte_of = glyph_of.iter().map(|&c| ascii_byte(c)).collect();
        TileGlyphs {
            layer,
            output,
            classes,
            class_of,
            glyph_of,
            byte_of,
        }
    }

    /// [`TileGlyphs::glyph`] as a byte: the glyph when it is ASCII, else 0x80 (`NOT_ASCII`).
    #[inline(always)]
    pub fn byte(&self, t: u16) -> u8 {
        let last = self.byte_of.len() - 1;
        self.byte_of[(t as usize).min(last)]
    }

    /// The glyph of tile `t` (its class's): `classes[class(t)].1`, from one table.
    #[inline(always)]
    pub fn glyph(&self, t: u16) -> char {
        let last = self.glyph_of.len() - 1;
        self.glyph_of[(t as usize).min(last)]
    }

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
        cx.error(&g.layer, "at most 250 glyph classes".into(), None);
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
        let colour = colour(cx, c.colour.as_ref());
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
    Some(TileGlyphs::new(
        layer,
        g.output.as_ref().map(|o| o.text.clone()),
        classes,
        class_of,
    ))
}

/// The colour `col` (`#rrggbb`), `#c0c0c0` when not given; a located error when it is not a
/// colour.
fn colour(cx: &mut Cx, col: Option<&crate::ruleset::src::Src>) -> String {
    match col {
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
    }
}

/// The marker styles of `markers:`: each names a marker some step places, with a glyph no
/// other marker style has (located errors otherwise).
pub(super) fn compile_markers(cx: &mut Cx, defs: &[schema::MarkerDef]) -> Vec<MarkerStyle> {
    let mut out: Vec<MarkerStyle> = Vec::new();
    for m in defs {
        if !cx.markers.contains(&m.name.text) {
            if cx.knock_on(&m.name.text) {
                continue;
            }
            let help = nearest(&m.name.text, cx.markers.iter().map(|s| s.as_str()))
                .map(|n| format!("did you mean `{n}`?"));
            cx.error(
                &m.name,
                format!("no step places a marker `{}`", m.name.text),
                help,
            );
            continue;
        }
        if let Some(o) = out.iter().find(|o| o.glyph == m.glyph) {
            let msg = format!("marker `{}` has the glyph of `{}`", m.name.text, o.name);
            cx.error(&m.name, msg, Some("give every marker its own glyph".into()));
        }
        let colour = colour(cx, m.colour.as_ref());
        out.push(MarkerStyle {
            name: m.name.text.clone(),
            glyph: m.glyph,
            colour,
            offset: [m.offset.0, m.offset.1],
        });
    }
    out
}

/// Glyph `c` as one byte: itself when ASCII, else 0x80 (`NOT_ASCII`).
#[inline(always)]
pub fn ascii_byte(c: char) -> u8 {
    if c.is_ascii() {
        c as u8
    } else {
        NOT_ASCII
    }
}

#[cfg(test)]
mod tests {
    use super::{ascii_byte, TileGlyphs};

    #[test]
    fn a_tile_has_its_class_glyph() {
        let classes = ['.', '#', 'ö', ' ']
            .map(|c| (format!("{c}"), c, "#000000".to_string()))
            .to_vec();
        let class_of = (0..40u8).map(|t| t * 7 % 4).collect();
        let g = TileGlyphs::new(0, Some("level".into()), classes, class_of);
        for t in 0..60 {
            assert_eq!(g.glyph(t), g.classes[g.class(t)].1, "tile {t}");
            assert_eq!(g.byte(t), ascii_byte(g.glyph(t)), "tile {t}");
        }
        assert_eq!((g.glyph(u16::MAX), g.byte(u16::MAX)), (' ', b' '));
        assert_eq!((g.glyph(2), g.byte(2)), ('ö', super::NOT_ASCII));
    }
}
