//! The RON schema of rule files: exactly what the user wrote (stage 1 of loading).
//! Stage 2 ([`super::compile`]) resolves names and checks everything into a runnable
//! [`super::RuleSet`]. Unknown fields are errors everywhere (`deny_unknown_fields`).
//! The step tree (`StepDef` with its control steps `Retry` and `If`) is the operator
//! registry's, in [`crate::ops`].

use super::src::Src;
use crate::engine::dir::Dir;
use crate::ops::StepDef;
use crate::rng::RngSpec;
use serde::Deserialize;
use std::collections::BTreeMap;

/// One rule file: `Ruleset(name: ..., grid: ..., steps: [...])`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename = "Ruleset")]
pub struct RuleFile {
    /// Another rule file (path relative to this one) whose contents this file starts from.
    #[serde(default)]
    pub extends: Option<Src>,
    /// The rule set's name as shown in output, e.g. "isaac/flash".
    #[serde(default)]
    pub name: Option<Src>,
    /// A sentence for `--help`-style listings.
    #[serde(default)]
    pub description: Option<Src>,
    /// The random number generator. Default: `Pcg64`.
    #[serde(default)]
    pub rng: Option<RngSpec>,
    /// The grid, in cells.
    #[serde(default)]
    pub grid: Option<GridDef>,
    /// Parameters the user may set with `--param name=value`; they are variables in
    /// expressions. With `extends`, entries here replace the parent's entry of that name.
    #[serde(default)]
    pub params: BTreeMap<Src, ParamDef>,
    /// Room kinds (start, boss, shop, ...) with their glyph and colour. With `extends`,
    /// an entry replaces the parent's kind of the same name, new names are appended.
    #[serde(default)]
    pub room_kinds: Vec<KindDef>,
    /// Room shapes (cells and door slots) that operators and room pools name. With
    /// `extends`, an entry replaces the parent's shape of the same name, new names are
    /// appended.
    #[serde(default)]
    pub shapes: Vec<ShapeDef>,
    /// Room pools: pool name → pool file (path relative to this file; format:
    /// `src/lang/pool.pest`). With `extends`, entries here replace the parent's entry.
    #[serde(default)]
    pub pools: BTreeMap<Src, Src>,
    /// A theme table file (path relative to this file; format: `Themes(...)`, see
    /// `ops::assign_themes::table`): each theme becomes a room kind that `AssignThemes` gives candidate
    /// rooms. With `extends`, replaces the parent's table.
    #[serde(default)]
    pub themes: Option<Src>,
    /// The glyph drawn for a cell without a room. Default '.'.
    #[serde(default)]
    pub empty_glyph: Option<char>,
    /// Glyph classes of a tile layer, for ASCII output and a symbol layer in JSON.
    #[serde(default)]
    pub tile_glyphs: Option<TileGlyphsDef>,
    /// How views draw markers: glyph, colour, the cell drawn. With `extends`, an entry
    /// replaces the parent's entry of the same name, new names are appended.
    #[serde(default)]
    pub markers: Vec<MarkerDef>,
    /// What `stats`, `lint` and `search` need to know about this style (walkable tiles,
    /// required markers, extra measures). With `extends`, replaces the parent's.
    #[serde(default)]
    pub stats: Option<StatsDef>,
    /// The steps, run in order. With `extends`, replaces the parent's steps entirely.
    #[serde(default)]
    pub steps: Option<Vec<StepDef>>,
    /// Edits to the (inherited) steps, by step name (see `Named`), applied in order.
    #[serde(default)]
    pub patch: Vec<Patch>,
    /// Instead of steps and a grid: the rule files to choose from, per run, by parameters.
    /// The first choice whose `when` holds runs, with the given parameters it declares.
    #[serde(default)]
    pub select: Vec<ChoiceDef>,
}

/// One choice of `select`: `(when: "level <= 4", rules: "cathedral.ron")`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChoiceDef {
    /// A condition over this file's parameters.
    pub when: Src,
    /// The rule file run when it holds (path relative to this file).
    pub rules: Src,
}

/// Grid size in cells: `Grid(width: 10, height: 8)`, or a room grid whose cells are blocks of
/// tiles: `Grid(width: 9, height: 8, cell: (12, 8))` (rooms on a 9×8 grid, tile layers on
/// a 108×64 grid, room cell `(x, y)` covering tiles `12x..12x+11 × 8y..8y+7`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename = "Grid")]
pub struct GridDef {
    /// Width in room cells.
    pub width: Dim,
    /// Height in room cells.
    pub height: Dim,
    /// Tiles per room cell, `(columns, rows)`. Default `(1, 1)`: one grid for rooms and tiles.
    #[serde(default)]
    pub cell: Option<(Dim, Dim)>,
}

/// The largest grid: at most this many cells (and tiles) a side.
pub const MAX_GRID_SIDE: i32 = crate::dungeon::MAX_SIDE;

/// A grid dimension: 1..=[`MAX_GRID_SIDE`] cells.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(try_from = "i64")]
pub struct Dim(pub i32);

impl TryFrom<i64> for Dim {
    type Error = String;
    fn try_from(v: i64) -> Result<Self, String> {
        let m = MAX_GRID_SIDE;
        if (1..=m as i64).contains(&v) {
            Ok(Dim(v as i32))
        } else if v < 1 {
            Err(format!("a grid dimension must be 1..={m} cells, found {v}"))
        } else {
            Err(format!(
                "a grid dimension must be 1..={m} cells, found {v}: the largest grid is {m} \
                 cells a side"
            ))
        }
    }
}

/// A user-settable parameter.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum ParamDef {
    /// A whole number in `min..=max`.
    Int {
        /// Value when not given.
        default: i64,
        /// Smallest allowed value. Default: none.
        #[serde(default)]
        min: Option<i64>,
        /// Largest allowed value. Default: none.
        #[serde(default)]
        max: Option<i64>,
        /// What it means, for `check` and the preview.
        #[serde(default)]
        doc: Option<Src>,
    },
    /// A number in `min..=max`.
    Float {
        /// Value when not given.
        default: f64,
        /// Smallest allowed value. Default: none.
        #[serde(default)]
        min: Option<f64>,
        /// Largest allowed value. Default: none.
        #[serde(default)]
        max: Option<f64>,
        /// What it means, for `check` and the preview.
        #[serde(default)]
        doc: Option<Src>,
    },
    /// A file (a tile grid, e.g. a set piece) given by path at generation time; in
    /// expressions it is true when given. No default.
    File {
        /// What it means, for `check` and the preview.
        #[serde(default)]
        doc: Option<Src>,
    },
    /// true or false.
    Bool {
        /// Value when not given.
        default: bool,
        /// What it means, for `check` and the preview.
        #[serde(default)]
        doc: Option<Src>,
    },
}

/// A room kind: `RoomKind(name: "boss", glyph: 'B', colour: "#d03030")`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename = "RoomKind")]
pub struct KindDef {
    /// Its name, used by operators and in the output.
    pub name: Src,
    /// One character for ASCII output.
    pub glyph: char,
    /// `#rrggbb`, for the terminal and pictures.
    #[serde(default)]
    pub colour: Option<Src>,
    /// What it is for.
    #[serde(default)]
    pub doc: Option<Src>,
}

/// A room shape: `Shape(name: "2x1", cells: [(0, 0), (1, 0)], doors: [("L0", (0, 0), W), ...])`.
/// Cells are offsets from the top-left of the bounding box; a door slot is a name, the cell
/// it is in and the side it leads out of (see `engine::shape`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename = "Shape")]
pub struct ShapeDef {
    /// Its name, used by operators and layouts.
    pub name: Src,
    /// Its cells, `(x, y)` offsets from the top-left of its bounding box.
    pub cells: Vec<(i32, i32)>,
    /// Door slots in slot order: `(name, cell, side)`.
    pub doors: Vec<(Src, (i32, i32), Dir)>,
}

/// An edit to inherited steps, naming a step by its `Named` name.
#[derive(Debug, Clone, Deserialize)]
pub enum Patch {
    /// Replace the named step (the replacement keeps the name).
    Replace(Src, Box<StepDef>),
    /// Remove the named step.
    Remove(Src),
    /// `InsertBefore("name", [steps])`: insert steps before the named step.
    InsertBefore(Src, Vec<StepDef>),
    /// `InsertAfter("name", [steps])`: insert steps after the named step.
    InsertAfter(Src, Vec<StepDef>),
}

/// `TileGlyphs(layer: "tiles", output: "level", other: (name: "wall", glyph: '#'), classes: [...])`:
/// name the classes of a tile layer's ids (floor, wall, door...), one glyph and colour each.
/// Every view draws the classes by default (ASCII instead of the room plan); with `output`
/// the Dungeon JSON also gets a symbol layer of that name, one class glyph per tile.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename = "TileGlyphs")]
pub struct TileGlyphsDef {
    /// The tile layer drawn.
    pub layer: Src,
    /// Name of the symbol layer in the output; none without it.
    #[serde(default)]
    pub output: Option<Src>,
    /// The class of tiles no class lists.
    pub other: GlyphClassDef,
    /// Classes, first match wins.
    pub classes: Vec<GlyphClassDef>,
}

/// `(name: "floor", glyph: '.', colour: "#a08060", tiles: "file.pat#table")`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GlyphClassDef {
    /// The class's name (output symbol meaning).
    pub name: Src,
    /// Its glyph.
    pub glyph: char,
    /// `#rrggbb`.
    #[serde(default)]
    pub colour: Option<Src>,
    /// A table of tile ids in a pattern file (not for `other`).
    #[serde(default)]
    pub tiles: Option<Src>,
}

/// `Marker(name: "stairs_down", glyph: '>', colour: "#ff9040", offset: (1, 0))`: how views
/// draw a marker. `offset` (tiles, default `(0, 0)`) moves the drawn cell from the marker's
/// own, e.g. from the top-left of the miniset that placed it to its stairs tile.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename = "Marker")]
pub struct MarkerDef {
    /// A marker a step places.
    pub name: Src,
    /// Its glyph (distinct from the other markers').
    pub glyph: char,
    /// `#rrggbb`.
    #[serde(default)]
    pub colour: Option<Src>,
    /// `(dx, dy)` from the marker's cell to the cell drawn.
    #[serde(default)]
    pub offset: (i32, i32),
}

/// `stats: Stats(walkable: Classes(["floor", "door"]), markers: ["stairs_up", "stairs_down"],
/// rooms: ("start", "boss"), measures: [("big_rooms", "shape_2x2 + shape_2x1")])`: what the
/// measures of `undercroft stats` (see `crate::stats`) need to know about a style.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename = "Stats")]
pub struct StatsDef {
    /// Which cells can be walked on. Default: the first class of `tile_glyphs`.
    #[serde(default)]
    pub walkable: Option<WalkableDef>,
    /// Markers every dungeon must have; the first two are the ends of `stairs_distance`.
    /// Default: none required, the distance between the first two markers by name.
    #[serde(default)]
    pub markers: Vec<Src>,
    /// The room kinds at the ends of `boss_distance`. Default `("start", "boss")`.
    #[serde(default)]
    pub rooms: Option<(Src, Src)>,
    /// Extra measures, `(name, expression)`, in order; an expression sees the built-in
    /// measures and the extra measures before it.
    #[serde(default)]
    pub measures: Vec<(Src, Src)>,
}

/// The walkable cells of a style: `Classes(["floor", "door"])` (classes of `tile_glyphs`) or
/// `Tiles(layer: "pre", ids: [2, 3])` (tile ids of a layer).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum WalkableDef {
    /// Tile classes named in `tile_glyphs`.
    Classes(Vec<Src>),
    /// Tile ids of a layer.
    Tiles {
        /// The layer.
        layer: Src,
        /// The ids.
        ids: Vec<u16>,
    },
}
