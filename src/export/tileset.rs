//! The tileset of an export: one tile per distinct (layer, tile id or glyph) of the
//! dungeons, and its picture (one [`TILE`]-pixel swatch per tile, coloured by its class as
//! the PNG renderer colours it, labelled with the id or glyph in the renderer's font).
//!
//! Tiles are ordered by layer name, then value (ids ascending, glyphs by code point), so
//! the same dungeons always give the same tile numbers. Tiles are laid out [`COLUMNS`] a
//! row, left to right, top to bottom.

use super::{Scale, TILE};
use crate::dungeon::{parse_colour, Dungeon, Layer};
use crate::render::cells::ROOMS_LAYER;
use crate::render::{colour, font};
use image::{Rgb, RgbImage};
use std::collections::BTreeMap;

/// Tiles per row of the tileset picture.
pub const COLUMNS: u32 = 16;

/// What a cell of a layer holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Value {
    /// A tile id of a tile-id layer.
    Id(u16),
    /// A glyph of a symbol layer.
    Glyph(char),
}

/// One tile of the tileset.
#[derive(Debug, Clone, PartialEq)]
pub struct Tile {
    /// The layer it comes from.
    pub layer: String,
    /// The id or glyph it stands for.
    pub value: Value,
    /// Its class: the tile class, room kind or symbol meaning; for a tile-id layer without
    /// classes, the layer's name.
    pub class: String,
    /// Its swatch colour.
    pub colour: [u8; 3],
}

impl Tile {
    /// The id or glyph as text (the swatch's label).
    pub fn label(&self) -> String {
        match self.value {
            Value::Id(n) => n.to_string(),
            Value::Glyph(c) => c.to_string(),
        }
    }
}

/// The tiles of one or more dungeons.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Tileset {
    /// Every tile; a tile's index here is its local id (Tiled gid minus 1).
    pub tiles: Vec<Tile>,
    index: BTreeMap<(String, Value), u32>,
}

/// The layers of `d` that become tile layers (every layer), in name order.
pub fn layers(d: &Dungeon) -> impl Iterator<Item = (&String, &Layer)> {
    d.layers.iter()
}

/// What cell `(x, y)` of layer `name` holds, `None` for no tile (id 0, or the empty glyph
/// of the rooms layer, or outside the layer).
pub fn value_at(d: &Dungeon, name: &str, layer: &Layer, x: usize, y: usize) -> Option<Value> {
    match layer {
        Layer::Ids(rows) => match rows.get(y)?.get(x)? {
            0 => None,
            &n => Some(Value::Id(n)),
        },
        Layer::Symbols(rows) => {
            let g = rows.get(y)?.chars().nth(x)?;
            (!(name == ROOMS_LAYER && g == d.palette.empty_glyph)).then_some(Value::Glyph(g))
        }
    }
}

impl Tileset {
    /// The tiles of every layer of every dungeon of `ds`.
    pub fn of(ds: &[Dungeon]) -> Tileset {
        let mut found: BTreeMap<(String, Value), (String, [u8; 3])> = BTreeMap::new();
        for d in ds {
            for (name, layer) in layers(d) {
                let rows = match layer {
                    Layer::Ids(r) => r.len(),
                    Layer::Symbols(r) => r.len(),
                };
                for y in 0..rows {
                    for x in 0..d.width.max(0) as usize {
                        if let Some(v) = value_at(d, name, layer, x, y) {
                            found
                                .entry((name.clone(), v))
                                .or_insert_with(|| class_of(d, name, v, x, y));
                        }
                    }
                }
            }
        }
        let mut ts = Tileset::default();
        for ((layer, value), (class, colour)) in found {
            ts.index
                .insert((layer.clone(), value), ts.tiles.len() as u32);
            ts.tiles.push(Tile {
                layer,
                value,
                class,
                colour,
            });
        }
        ts
    }

    /// The local id (0-based) of `value` in layer `layer`.
    pub fn local(&self, layer: &str, value: Value) -> Option<u32> {
        self.index.get(&(layer.to_string(), value)).copied()
    }

    /// Tile columns of the picture.
    pub fn columns(&self) -> u32 {
        (self.tiles.len() as u32).clamp(1, COLUMNS)
    }

    /// Tile rows of the picture.
    pub fn rows(&self) -> u32 {
        (self.tiles.len() as u32).div_ceil(COLUMNS).max(1)
    }

    /// The top-left pixel of tile `local` in the picture.
    pub fn src(&self, local: u32) -> [u32; 2] {
        [local % COLUMNS * TILE, local / COLUMNS * TILE]
    }

    /// The picture, as PNG bytes.
    pub fn png(&self) -> Vec<u8> {
        let (w, h) = (self.columns() * TILE, self.rows() * TILE);
        let mut img = RgbImage::from_pixel(w, h, Rgb(colour::BACKGROUND));
        for (i, t) in self.tiles.iter().enumerate() {
            let [x0, y0] = self.src(i as u32);
            let edge = colour::darker(t.colour);
            for y in 0..TILE {
                for x in 0..TILE {
                    let border = x == 0 || y == 0 || x == TILE - 1 || y == TILE - 1;
                    img.put_pixel(x0 + x, y0 + y, Rgb(if border { edge } else { t.colour }));
                }
            }
            let label = t.label();
            // One glyph large; numbers small enough for three digits in a swatch.
            let face = if label.chars().count() == 1 {
                font::Face::Glyph
            } else {
                font::Face::Small
            };
            let lx = x0 + TILE.saturating_sub(face.width(&label)) / 2;
            let ly = y0 + TILE.saturating_sub(face.height()) / 2;
            let clip = font::Clip {
                x0,
                y0,
                x1: x0 + TILE,
                y1: y0 + TILE,
            };
            let ink = colour::ink_on(t.colour);
            font::draw(&mut img, (lx, ly), &label, face, 1, ink, Some(clip));
        }
        let mut out = std::io::Cursor::new(Vec::new());
        img.write_to(&mut out, image::ImageFormat::Png)
            .expect("encoding a PNG in memory does not fail");
        out.into_inner()
    }

    /// The Tiled gids of layer `name` of `d` at scale `s`, row-major (`1 +` local id, 0
    /// for no tile); `width * s.x` by `height * s.y`.
    pub fn gids(&self, d: &Dungeon, name: &str, layer: &Layer, s: Scale) -> Vec<u32> {
        let (w, h) = (d.width.max(0) as usize, d.height.max(0) as usize);
        let (sx, sy) = (s.x as usize, s.y as usize);
        let mut out = Vec::with_capacity(w * sx * h * sy);
        for ty in 0..h * sy {
            for tx in 0..w * sx {
                let v = value_at(d, name, layer, tx / sx, ty / sy);
                out.push(v.and_then(|v| self.local(name, v)).map_or(0, |l| l + 1));
            }
        }
        out
    }
}

/// The class and colour of value `v` seen at `(x, y)` of layer `name`.
fn class_of(d: &Dungeon, name: &str, v: Value, x: usize, y: usize) -> (String, [u8; 3]) {
    let p = &d.palette;
    match v {
        Value::Glyph(g) if name == ROOMS_LAYER => {
            let kind = p.kinds.iter().find(|k| k.glyph == g);
            let n = kind.map_or_else(|| meaning(d, g), |k| k.name.clone());
            let c = colour::kind(p, &n);
            (n, c)
        }
        Value::Glyph(g) => {
            let class = p
                .tiles
                .as_ref()
                .filter(|t| t.output.as_deref() == Some(name))
                .and_then(|t| t.classes.iter().find(|c| c.glyph == g));
            match class {
                Some(c) => (
                    c.name.clone(),
                    parse_colour(&c.colour).unwrap_or_else(|| colour::symbol(p, g, &c.name)),
                ),
                None => {
                    let m = meaning(d, g);
                    let c = colour::symbol(p, g, &m);
                    (m, c)
                }
            }
        }
        Value::Id(n) => {
            // The class of a classified tile layer's id: the palette's, else the glyph its
            // cell has in the class layer (one class per id).
            let classes = p.tiles.as_ref().filter(|t| t.layer == name);
            let glyph = classes.and_then(|t| {
                if !t.class_of.is_empty() {
                    let last = t.classes.len().checked_sub(1)?;
                    let k = t.class_of.get(n as usize).map_or(last, |&k| k as usize);
                    return t.classes.get(k).map(|c| c.glyph);
                }
                match d.layers.get(t.output.as_deref()?) {
                    Some(Layer::Symbols(rows)) => rows.get(y)?.chars().nth(x),
                    _ => None,
                }
            });
            match classes
                .zip(glyph)
                .and_then(|(t, g)| t.classes.iter().find(|c| c.glyph == g))
            {
                Some(c) => (
                    c.name.clone(),
                    parse_colour(&c.colour).unwrap_or_else(|| colour::tile(p, name, n)),
                ),
                None => (name.to_string(), colour::tile(p, name, n)),
            }
        }
    }
}

/// What glyph `g` means in the dungeon's symbol table, else the glyph quoted.
fn meaning(d: &Dungeon, g: char) -> String {
    d.symbols
        .get(&g.to_string())
        .cloned()
        .unwrap_or_else(|| format!("'{g}'"))
}
