//! The items of pattern files that hold ASCII grids, as data: the two models of wave
//! function collapse (`tileset`, `example`) and room templates (`templates`). Parsed by
//! `lang::pattern` (its `ascii`, `wfc` and `templates` parts); used by the operators
//! `WaveFunctionCollapse` and `FillTemplates`.

use super::parse::Span;

/// A grid read from ASCII rows: `width × height` tiles, row-major.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct AsciiGrid {
    /// Columns (characters per row).
    pub width: i32,
    /// Rows.
    pub height: i32,
    /// The tile of each cell, row-major.
    pub cells: Vec<u16>,
}

/// A `tileset` item: the tiled model.
#[derive(Debug, Clone, PartialEq)]
pub struct TileSet {
    /// The tiles and their weights (positive), in the order written.
    pub tiles: Vec<(u16, f64)>,
    /// `(a, b)`: `b` may stand right of `a`. Sorted, no repeats.
    pub right: Vec<(u16, u16)>,
    /// `(a, b)`: `b` may stand below `a`. Sorted, no repeats.
    pub below: Vec<(u16, u16)>,
}

/// An `example` item: the overlapping model's example grid and how to read it.
#[derive(Debug, Clone, PartialEq)]
pub struct Example {
    /// The pattern size N (patterns are N×N), 2..=6.
    pub n: i32,
    /// Learn each pattern turned by 90, 180 and 270 degrees too.
    pub rotate: bool,
    /// Learn each pattern mirrored (left to right) too.
    pub mirror: bool,
    /// The example wraps around: patterns crossing its right or bottom edge continue on the
    /// other side.
    pub wrap: bool,
    /// The example grid.
    pub grid: AsciiGrid,
}

/// The sides of a room cell as bits: north (up), east, south, west.
pub const NORTH: u8 = 1;
/// East (right).
pub const EAST: u8 = 2;
/// South (down).
pub const SOUTH: u8 = 4;
/// West (left).
pub const WEST: u8 = 8;

/// A `templates` item.
#[derive(Debug, Clone, PartialEq)]
pub struct Templates {
    /// Columns of every template.
    pub width: i32,
    /// Rows of every template.
    pub height: i32,
    /// The templates, in file order.
    pub templates: Vec<Template>,
    /// The chunk groups, one per chunk character, in order of first appearance.
    pub chunks: Vec<ChunkGroup>,
}

/// One template.
#[derive(Debug, Clone, PartialEq)]
pub struct Template {
    /// Its name.
    pub name: String,
    /// Where the name is written.
    pub span: Span,
    /// The sides it opens ([`NORTH`] | [`EAST`] | ...).
    pub exits: u8,
    /// Its tags, as written.
    pub tags: Vec<String>,
    /// Its weight (positive; default 1).
    pub weight: f64,
    /// Its tiles, row-major (the cells of chunk blocks hold 0).
    pub cells: Vec<u16>,
    /// Its chunk blocks: top-left cell and chunk group (index in [`Templates::chunks`]).
    pub blocks: Vec<(i32, i32, u16)>,
}

/// The alternatives of one chunk character.
#[derive(Debug, Clone, PartialEq)]
pub struct ChunkGroup {
    /// The character that marks its blocks in templates.
    pub glyph: char,
    /// Block columns.
    pub width: i32,
    /// Block rows.
    pub height: i32,
    /// `(weight, tiles row-major)` of each alternative.
    pub alternatives: Vec<(f64, Vec<u16>)>,
}
