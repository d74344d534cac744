//! The output model: plain, serde-serialisable data (the Dungeon JSON contract of
//! `shared/DESIGN.md`). Coordinates are `[x, y]`, x right, y down, 0-based, in grid cells.
//!
//! A `Dungeon` depends on nothing else of the crate: the rule set builds it
//! (`RuleSet::to_dungeon`), the renderers (`crate::render`) draw it, and it reads back from
//! its own JSON (`serde_json::from_str`). Besides the contract's fields it carries what the
//! renderers need to draw it without its rule files: the [`Palette`] (glyph and colour of
//! every room kind and tile class), the parameters' defaults and the room [`Interiors`].
//! Those fields are optional when reading, so JSON written before them still reads.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;

/// The contract check of a dungeon read from JSON ([`Dungeon::check`]).
pub mod check;

/// The format tag written in every Dungeon JSON object.
pub const FORMAT: &str = "undercroft-dungeon/1";

/// The longest side of a grid, in cells (room grid and tile grid alike): the rule files'
/// limit, and what [`Dungeon::check`] accepts.
pub const MAX_SIDE: i32 = 4096;

/// The largest room-pool cell of [`Interiors`], in tiles a side.
pub const MAX_INTERIOR_CELL: i32 = 256;

/// One generated dungeon.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Dungeon {
    /// The format tag, [`FORMAT`].
    pub format: String,
    /// The rule set's name.
    pub ruleset: String,
    /// The seed it was generated from.
    pub seed: u64,
    /// Every parameter's value (defaults included).
    pub params: BTreeMap<String, serde_json::Value>,
    /// How many times a `Retry` restarted before success.
    pub attempts: u32,
    /// Grid width in cells.
    pub width: i32,
    /// Grid height in cells.
    pub height: i32,
    /// Glyph → meaning, for the symbol layers (shared by every dungeon of a rule set;
    /// `Arc::make_mut` to change one dungeon's).
    pub symbols: Arc<BTreeMap<String, String>>,
    /// Layer name → rows (top row first) of glyphs, or of tile ids.
    pub layers: BTreeMap<String, Layer>,
    /// Every room, by id (the index in this list).
    pub rooms: Vec<RoomOut>,
    /// Every door, in the order they were made.
    pub doors: Vec<DoorOut>,
    /// Named marker cells (`[x, y]`), by name.
    pub markers: BTreeMap<String, [i32; 2]>,
    /// Glyph and colour of every room kind and tile class (beyond the contract; see the
    /// module doc).
    #[serde(default)]
    pub palette: Arc<Palette>,
    /// Every parameter's default, written as `--param` takes it (pictures show only the
    /// parameters that differ from it).
    #[serde(default)]
    pub defaults: Arc<BTreeMap<String, String>>,
    /// What drawing the room interiors needs; absent when the rule set has no room pools.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interiors: Option<Interiors>,
    /// The run's non-zero tallies (e.g. how often each requirement turned a theme down), in
    /// the rule set's order; absent when there are none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tallies: Vec<Tally>,
    /// The grids and which grid each layer is on (beyond the contract). Absent in JSON
    /// written before it: then every layer is `width × height`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grids: Option<Grids>,
}

/// A count a step kept during the run: `count` times `reason` for `kind` (e.g. theme
/// `library`, requirement `square >= 5`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Tally {
    /// What was counted for (a room kind or theme).
    pub kind: String,
    /// Why (e.g. the requirement's text).
    pub reason: String,
    /// How many times.
    pub count: u32,
}

/// The two grids of a dungeon. The room grid (`plan`) is `width × height` room cells (the
/// `rooms` layer, rooms' `cells`, doors); the tile grid (`tiles`) holds every tile layer.
/// Room cell `(x, y)` covers tiles `x·cell[0] .. (x+1)·cell[0]` by `y·cell[1] ..
/// (y+1)·cell[1]`. With one grid, `cell` is `[1, 1]` and both are the same size.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Grids {
    /// The room grid's size in room cells, `[width, height]`.
    pub plan: [i32; 2],
    /// The tile grid's size in tiles, `[width, height]`.
    pub tiles: [i32; 2],
    /// Tiles per room cell, `[columns, rows]`.
    pub cell: [i32; 2],
    /// Layer name → the grid it is on: `"plan"` or `"tiles"`.
    pub layers: BTreeMap<String, String>,
}

impl Dungeon {
    /// The size of the tile layers: the tile grid, or `width × height` without [`Grids`].
    pub fn tile_size(&self) -> (i32, i32) {
        match &self.grids {
            Some(g) => (g.tiles[0], g.tiles[1]),
            None => (self.width, self.height),
        }
    }

    /// Tiles per room cell (`(1, 1)` without [`Grids`]).
    pub fn cell_size(&self) -> (i32, i32) {
        match &self.grids {
            Some(g) => (g.cell[0].max(1), g.cell[1].max(1)),
            None => (1, 1),
        }
    }
}

/// How a dungeon's symbols are drawn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Palette {
    /// The glyph of a cell without a room.
    pub empty_glyph: char,
    /// Every room kind of the rule set, in rule-file order (legends list them in this order).
    pub kinds: Vec<Swatch>,
    /// The tile classes of the symbol layer drawn from a tile layer, if the rule set has them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tiles: Option<TileClasses>,
    /// How views draw the markers the rule file styles (`markers:`), in rule-file order;
    /// markers not listed are drawn with [`MarkerStyle::fallback`].
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub markers: Vec<MarkerStyle>,
}

impl Default for Palette {
    /// No kinds, no tile classes, `.` for empty cells.
    fn default() -> Palette {
        Palette {
            empty_glyph: '.',
            kinds: Vec::new(),
            tiles: None,
            markers: Vec::new(),
        }
    }
}

impl Palette {
    /// The room kind called `name`.
    pub fn kind(&self, name: &str) -> Option<&Swatch> {
        self.kinds.iter().find(|k| k.name == name)
    }

    /// How marker `name` is drawn: its style from the rule file, else
    /// [`MarkerStyle::fallback`] (`index` is its place among the dungeon's markers by name).
    pub fn marker(&self, name: &str, index: usize) -> MarkerStyle {
        self.markers
            .iter()
            .find(|m| m.name == name)
            .cloned()
            .unwrap_or_else(|| MarkerStyle::fallback(name, index))
    }
}

/// How views draw a marker: its glyph and colour, and the cell drawn relative to the marker's
/// own (e.g. from a miniset's top-left, where a placing step records it, to its stairs tile).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MarkerStyle {
    /// The marker's name.
    pub name: String,
    /// One character for ASCII output, the terminal and picture legends.
    pub glyph: char,
    /// `#rrggbb`.
    pub colour: String,
    /// `[dx, dy]` in tiles from the marker's cell to the cell views draw it on; `[0, 0]`
    /// (absent in JSON) draws it on its own cell.
    #[serde(default, skip_serializing_if = "is_origin")]
    pub offset: [i32; 2],
}

fn is_origin(o: &[i32; 2]) -> bool {
    *o == [0, 0]
}

/// Colours of markers without a style, in turn.
const MARKER_COLOURS: [&str; 4] = ["#ffffff", "#ffdc3c", "#50dcff", "#ff6ec8"];

impl MarkerStyle {
    /// The style of a marker the rule file does not style: the first letter of its name's
    /// last `_` part, upper case (`stairs_up` → `U`), and the `index`-th of four bright
    /// colours, on its own cell.
    pub fn fallback(name: &str, index: usize) -> MarkerStyle {
        let glyph = name
            .rsplit('_')
            .next()
            .and_then(|p| p.chars().next())
            .unwrap_or('?')
            .to_ascii_uppercase();
        MarkerStyle {
            name: name.to_string(),
            glyph,
            colour: MARKER_COLOURS[index % MARKER_COLOURS.len()].to_string(),
            offset: [0, 0],
        }
    }
}

/// A named symbol: its glyph and colour.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Swatch {
    /// What the glyph stands for (a kind or tile class name).
    pub name: String,
    /// One character for ASCII output.
    pub glyph: char,
    /// `#rrggbb` (see [`parse_colour`]).
    pub colour: String,
    /// A room kind from the rule set's theme table: tile maps draw its rooms' cells with its
    /// glyph and colour over the tile classes. Absent (false) for other symbols.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub theme: bool,
    /// A tile class that can be walked on (the rule set's `stats: Stats(walkable: ...)`).
    /// Absent (false) for room kinds and other classes.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub walkable: bool,
}

/// Named classes of the tiles of a tile layer (floor, wall, door, stairs...): what views draw
/// by default ([`Dungeon::tile_classes`]), one glyph and colour per class.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TileClasses {
    /// The tile layer classified.
    pub layer: String,
    /// The symbol layer (in [`Dungeon::layers`]) holding one class glyph per cell, if the
    /// rule set writes one (`tile_glyphs: TileGlyphs(output: ...)`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub output: Option<String>,
    /// The classes, in rule-file order; the last one is the class of unlisted tiles.
    pub classes: Vec<Swatch>,
    /// The class (index in `classes`) of every tile id, by id; ids past its end are in the
    /// last class. Empty in JSON written before it (then the `output` layer tells).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub class_of: Vec<u8>,
}

/// Room interiors: the layouts the rooms use, drawn cell by cell.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Interiors {
    /// Tiles per grid cell `[columns, rows]` when no room has a layout: the rule set's first
    /// room pool's.
    pub cell: [i32; 2],
    /// Every glyph the pools draw inside rooms, with its meaning, in pool order, each once.
    pub legend: Vec<(char, String)>,
    /// The layouts rooms use, by name.
    pub layouts: BTreeMap<String, LayoutRows>,
    /// Room shape name → its first cell's offset from the shape's top-left (a room's origin
    /// is its first cell minus this), for the shapes rooms name.
    pub anchors: BTreeMap<String, [i32; 2]>,
}

/// A layout's tiles.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LayoutRows {
    /// Tiles per grid cell `[columns, rows]` of its pool.
    pub cell: [i32; 2],
    /// Tile rows, top first.
    pub rows: Vec<String>,
}

/// A layer: rows of single-character symbols, or rows of integer tile ids.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Layer {
    /// One string per row, one character per cell.
    Symbols(Vec<String>),
    /// One list of tile ids per row.
    Ids(Vec<Vec<u16>>),
}

impl<'de> Deserialize<'de> for Layer {
    /// Either form; anything else is an error in the contract's words (serde's own would
    /// name the Rust type).
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Layer, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Either {
            Symbols(Vec<String>),
            Ids(Vec<Vec<u16>>),
        }
        match Either::deserialize(d) {
            Ok(Either::Symbols(r)) => Ok(Layer::Symbols(r)),
            Ok(Either::Ids(r)) => Ok(Layer::Ids(r)),
            Err(_) => Err(serde::de::Error::custom(
                "a layer is a list of rows: all strings of glyphs, or all lists of tile ids \
                 (whole numbers 0..=65535)",
            )),
        }
    }
}

/// A room in the output.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RoomOut {
    /// The room id (its index in `rooms`).
    pub id: u32,
    /// The room kind's name.
    pub kind: String,
    /// The room's cells `[x, y]`, the first one being its anchor.
    pub cells: Vec<[i32; 2]>,
    /// The shape's name (or a description of the cells when the room has no declared shape).
    pub shape: String,
    /// The `pool/layout` name of its interior, if it was given one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub layout: Option<String>,
}

/// A door: the two rooms it joins and the cells on either side.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DoorOut {
    /// The ids of the two rooms.
    pub rooms: [u32; 2],
    /// The two cells on either side of the door, in the order of `rooms`.
    pub cells: [[i32; 2]; 2],
}

impl Dungeon {
    /// The class (index in `palette.tiles.classes`) of every tile of the classified tile
    /// layer, row-major over [`Dungeon::tile_size`]: from the tile ids by
    /// [`TileClasses::class_of`], else from the glyphs of the `output` symbol layer. `None`
    /// without tile classes or when neither layer is there.
    pub fn tile_classes(&self) -> Option<(&TileClasses, Vec<u8>)> {
        let mut out = Vec::new();
        let tc = self.tile_classes_into(&mut out)?;
        Some((tc, out))
    }

    /// [`Dungeon::tile_classes`] written into `out` (cleared first; its buffer reused, so
    /// that measuring many dungeons does not allocate), returning the tile classes. `out`
    /// holds no meaningful classes when this returns `None`.
    pub fn tile_classes_into(&self, out: &mut Vec<u8>) -> Option<&TileClasses> {
        let tc = self.palette.tiles.as_ref()?;
        let (w, h) = self.tile_size();
        let (w, h) = (w.max(0) as usize, h.max(0) as usize);
        let last = tc.classes.len().checked_sub(1)? as u8;
        out.clear();
        out.resize(w * h, last);
        match (self.layers.get(&tc.layer), &tc.output) {
            (Some(Layer::Ids(rows)), _) if !tc.class_of.is_empty() => {
                for (row, cells) in rows.iter().take(h).zip(out.chunks_exact_mut(w.max(1))) {
                    for (&t, o) in row.iter().zip(cells.iter_mut()) {
                        *o = tc.class_of.get(t as usize).copied().unwrap_or(last);
                    }
                }
            }
            (_, Some(name)) => {
                let Some(Layer::Symbols(rows)) = self.layers.get(name) else {
                    return None;
                };
                for (row, cells) in rows.iter().take(h).zip(out.chunks_exact_mut(w.max(1))) {
                    for (g, o) in row.chars().zip(cells.iter_mut()) {
                        let c = tc.classes.iter().position(|c| c.glyph == g);
                        *o = c.map_or(last, |c| c as u8);
                    }
                }
            }
            _ => return None,
        }
        Some(tc)
    }

    /// Every marker with its style and the cell views draw it on (its cell plus the style's
    /// offset), in name order.
    pub fn drawn_markers(&self) -> Vec<(MarkerStyle, [i32; 2])> {
        self.markers
            .iter()
            .enumerate()
            .map(|(i, (name, &[x, y]))| {
                let s = self.palette.marker(name, i);
                let at = [x + s.offset[0], y + s.offset[1]];
                (s, at)
            })
            .collect()
    }

    /// One line of JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a Dungeon always serialises")
    }

    /// Read one line of Dungeon JSON (as [`Dungeon::to_json`] writes it). The fields are
    /// read, not checked against each other: see [`Dungeon::check`].
    ///
    /// # Errors
    /// When `json` is not a Dungeon object (the message says where and why).
    pub fn from_json(json: &str) -> Result<Dungeon, serde_json::Error> {
        serde_json::from_str(json)
    }

    /// The room at cell `(x, y)`, if any.
    pub fn room_at(&self, x: i32, y: i32) -> Option<&RoomOut> {
        self.rooms.iter().find(|r| r.cells.contains(&[x, y]))
    }
}

/// Parse `#rrggbb`.
pub fn parse_colour(s: &str) -> Option<[u8; 3]> {
    let h = s.strip_prefix('#')?;
    if h.len() != 6 {
        return None;
    }
    let v = u32::from_str_radix(h, 16).ok()?;
    Some([(v >> 16) as u8, (v >> 8) as u8, v as u8])
}
