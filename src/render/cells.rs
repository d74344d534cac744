//! A dungeon seen as a grid of coloured cells, for tile-based styles (shared by the PNG
//! renderer and the terminal preview).
//!
//! The view comes from, in order of preference:
//! 1. the named tile classes of the palette (floor, wall, door, stairs...:
//!    [`Dungeon::tile_classes`]), one colour and glyph per class: the finished level;
//! 2. a symbol layer other than `rooms`, one colour per symbol, named by the dungeon's
//!    `symbols` table;
//! 3. a tile-id layer (`Layer::Ids`) with any non-zero id, one colour per id.
//!
//! Room-graph dungeons (only the `rooms` layer) have no cell view.
//!
//! Over either, the cells of rooms whose kind is a theme (`Swatch::theme`) take the theme's
//! colour, label and glyph ([`themed_cells`]).

use super::colour;
use crate::dungeon::{parse_colour, Dungeon, Layer, Swatch, TileClasses};
use std::collections::BTreeMap;

/// The name of the layer every dungeon has: room kinds per cell.
pub const ROOMS_LAYER: &str = "rooms";

/// A class per cell (row-major), each class with a colour and a label, and a legend.
#[derive(Debug, Clone, PartialEq)]
pub struct CellView {
    /// The layer shown.
    pub layer: String,
    /// Columns of the layer.
    pub width: usize,
    /// Rows of the layer.
    pub height: usize,
    /// Class index per cell.
    pub cells: Vec<u16>,
    /// (colour, label: a symbol's meaning or `layer id`, cells) per class.
    pub classes: Vec<([u8; 3], String, usize)>,
    /// Class indices, most common first.
    pub legend: Vec<u16>,
    /// Per cell (row-major): the glyph drawn there, if any: the themed room's covering it,
    /// else its class's or symbol's (none for tile ids).
    pub glyphs: Vec<Option<char>>,
}

/// Per cell (row-major, `width × height`): the swatch of the themed room covering it.
pub fn themed_cells(d: &Dungeon) -> Vec<Option<&Swatch>> {
    let (w, h) = (d.width.max(0) as usize, d.height.max(0) as usize);
    let mut out = vec![None; w * h];
    for r in &d.rooms {
        let Some(k) = d.palette.kind(&r.kind).filter(|k| k.theme) else {
            continue;
        };
        for &[x, y] in &r.cells {
            if (0..d.width).contains(&x) && (0..d.height).contains(&y) {
                out[y as usize * w + x as usize] = Some(k);
            }
        }
    }
    out
}

impl CellView {
    /// Colour and label of cell `(x, y)`.
    pub fn at(&self, x: usize, y: usize) -> Option<([u8; 3], &str)> {
        if x >= self.width || y >= self.height {
            return None;
        }
        let (c, l, _) = &self.classes[self.cells[y * self.width + x] as usize];
        Some((*c, l))
    }

    /// The colour of cell `i` (row-major).
    pub fn colour(&self, i: usize) -> [u8; 3] {
        self.classes[self.cells[i] as usize].0
    }
}

/// The cell view of `d`, if it is tile-based (see the module doc).
pub fn cell_view(d: &Dungeon) -> Option<CellView> {
    cell_view_of(d, None)
}

/// The layers a cell view can show: every layer but `rooms` that lies on the tile grid, in
/// name order.
pub fn tile_layers(d: &Dungeon) -> Vec<&str> {
    d.layers
        .keys()
        .filter(|n| *n != ROOMS_LAYER)
        .filter(|n| {
            d.grids
                .as_ref()
                .is_none_or(|g| g.layers.get(*n).is_none_or(|l| l == "tiles"))
        })
        .map(|n| n.as_str())
        .collect()
}

/// The cell view of layer `layer` of `d` (one of [`tile_layers`]; a tile layer is shown even
/// when all its ids are 0), or, when `None` or not such a layer, the view of the module doc.
pub fn cell_view_of(d: &Dungeon, layer: Option<&str>) -> Option<CellView> {
    let (w, h) = d.tile_size();
    let (w, h) = (w.max(0) as usize, h.max(0) as usize);
    let chosen = layer
        .filter(|l| tile_layers(d).contains(l))
        .and_then(|l| d.layers.get_key_value(l));
    let symbols = match chosen {
        Some((n, Layer::Symbols(rows))) => Some((n, rows)),
        Some(_) => None,
        None => d.layers.iter().find_map(|(n, l)| match l {
            Layer::Symbols(rows) if n != ROOMS_LAYER => Some((n, rows)),
            _ => None,
        }),
    };
    let mut out = Classified {
        cells: Vec::with_capacity(w * h),
        classes: Vec::new(),
        glyphs: vec![None; w * h],
    };
    let tile_classes = if chosen.is_none() {
        d.tile_classes()
    } else {
        None
    };
    let layer = if let Some((tc, class)) = tile_classes {
        out.tile_classes(d, tc, &class);
        tc.output.clone().unwrap_or_else(|| tc.layer.clone())
    } else if let Some((name, rows)) = symbols {
        out.symbols(d, rows, (w, h));
        name.clone()
    } else {
        let (name, ids) = match chosen {
            Some((n, Layer::Ids(rows))) => (n, rows),
            _ => d.layers.iter().find_map(|(n, l)| match l {
                Layer::Ids(rows) if rows.iter().flatten().any(|&v| v != 0) => Some((n, rows)),
                _ => None,
            })?,
        };
        out.ids(d, name, ids, (w, h));
        name.clone()
    };
    out.themes(d);
    let Classified {
        cells,
        classes,
        glyphs,
    } = out;
    let mut legend: Vec<u16> = (0..classes.len() as u16)
        .filter(|&k| classes[k as usize].2 > 0)
        .collect();
    legend.sort_by(|&a, &b| {
        let (a, b) = (&classes[a as usize], &classes[b as usize]);
        b.2.cmp(&a.2).then(a.1.cmp(&b.1))
    });
    Some(CellView {
        layer,
        width: w,
        height: h,
        cells,
        classes,
        legend,
        glyphs,
    })
}

/// A layer's cells as classes, filled from one of the three sources of a cell view: its
/// class per cell, each class's colour, name and count, and the glyph of each cell.
struct Classified {
    cells: Vec<u16>,
    classes: Vec<([u8; 3], String, usize)>,
    glyphs: Vec<Option<char>>,
}

impl Classified {
    /// From the tile classes of `tile_glyphs` (`class`: every tile's class).
    fn tile_classes(&mut self, d: &Dungeon, tc: &TileClasses, class: &[u8]) {
        for c in &tc.classes {
            let rgb = parse_colour(&c.colour)
                .unwrap_or_else(|| colour::symbol(&d.palette, c.glyph, &c.name));
            self.classes.push((rgb, c.name.clone(), 0));
        }
        for (i, &k) in class.iter().enumerate() {
            self.classes[k as usize].2 += 1;
            self.cells.push(k as u16);
            self.glyphs[i] = Some(tc.classes[k as usize].glyph);
        }
    }

    /// From a symbol layer: a class per glyph, named by the dungeon's symbol table.
    fn symbols(&mut self, d: &Dungeon, rows: &[String], (w, h): (usize, usize)) {
        let mut index: BTreeMap<char, u16> = BTreeMap::new();
        for y in 0..h {
            let mut row = rows.get(y).map_or("", |r| r.as_str()).chars();
            for _ in 0..w {
                let g = row.next().unwrap_or(' ');
                let k = *index.entry(g).or_insert_with(|| {
                    let meaning = d
                        .symbols
                        .get(&g.to_string())
                        .cloned()
                        .unwrap_or_else(|| format!("'{g}'"));
                    self.classes
                        .push((colour::symbol(&d.palette, g, &meaning), meaning, 0));
                    (self.classes.len() - 1) as u16
                });
                self.classes[k as usize].2 += 1;
                self.glyphs[self.cells.len()] = Some(g);
                self.cells.push(k);
            }
        }
    }

    /// From tile layer `name`'s ids: a class per id.
    fn ids(&mut self, d: &Dungeon, name: &str, ids: &[Vec<u16>], (w, h): (usize, usize)) {
        let mut index: BTreeMap<u16, u16> = BTreeMap::new();
        for y in 0..h {
            for x in 0..w {
                let id = ids.get(y).and_then(|r| r.get(x)).copied().unwrap_or(0);
                let k = *index.entry(id).or_insert_with(|| {
                    self.classes.push((
                        colour::tile(&d.palette, name, id),
                        format!("{name} {id}"),
                        0,
                    ));
                    (self.classes.len() - 1) as u16
                });
                self.classes[k as usize].2 += 1;
                self.cells.push(k);
            }
        }
    }

    /// The cells of themed rooms move to a class per theme, with the theme's glyph.
    fn themes(&mut self, d: &Dungeon) {
        let themed = themed_cells(d);
        let mut theme_class: BTreeMap<&str, u16> = BTreeMap::new();
        for (i, k) in themed.iter().enumerate() {
            let Some(k) = k else { continue };
            let c = *theme_class.entry(&k.name).or_insert_with(|| {
                let rgb = parse_colour(&k.colour).unwrap_or([192, 192, 192]);
                self.classes.push((rgb, k.name.clone(), 0));
                (self.classes.len() - 1) as u16
            });
            self.classes[self.cells[i] as usize].2 -= 1;
            self.classes[c as usize].2 += 1;
            self.cells[i] = c;
            self.glyphs[i] = Some(k.glyph);
        }
    }
}
