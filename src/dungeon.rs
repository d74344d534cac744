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

/// The format tag written in every Dungeon JSON object.
pub const FORMAT: &str = "undercroft-dungeon/1";

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
}

impl Default for Palette {
    /// No kinds, no tile classes, `.` for empty cells.
    fn default() -> Palette {
        Palette {
            empty_glyph: '.',
            kinds: Vec::new(),
            tiles: None,
        }
    }
}

impl Palette {
    /// The room kind called `name`.
    pub fn kind(&self, name: &str) -> Option<&Swatch> {
        self.kinds.iter().find(|k| k.name == name)
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
}

/// Glyph classes of a tile layer: the symbol layer `output` draws tile layer `layer` with one
/// glyph per class.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TileClasses {
    /// The tile layer classified.
    pub layer: String,
    /// The symbol layer (in [`Dungeon::layers`]) holding one class glyph per cell.
    pub output: String,
    /// The classes, in rule-file order; the last one is the class of unlisted tiles.
    pub classes: Vec<Swatch>,
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
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Layer {
    /// One string per row, one character per cell.
    Symbols(Vec<String>),
    /// One list of tile ids per row.
    Ids(Vec<Vec<u16>>),
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
    /// One line of JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a Dungeon always serialises")
    }

    /// Read one line of Dungeon JSON (as [`Dungeon::to_json`] writes it).
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
