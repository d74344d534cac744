//! What a pattern file parses into: minisets, fix rules, tables, automata, tile sets,
//! examples and templates as [`Item`]s of a [`PatternFile`], and [`PatternError`] (part of
//! [`super`]).

use crate::lang::automaton::CaRule;
use crate::lang::grid_items::{Example, Templates, TileSet};
use crate::lang::parse::Span;

/// A search/replace stamp: `width × height` cells, row-major (rows top to bottom).
#[derive(Debug, Clone, PartialEq)]
pub struct Miniset {
    /// Columns, 1 or more.
    pub width: i32,
    /// Rows, 1 or more.
    pub height: i32,
    /// What each cell must hold for the miniset to match.
    pub search: Vec<Cell>,
    /// The tile each cell is given; `None` (`.`) leaves the tile as it is.
    pub replace: Vec<Option<u16>>,
}

/// Why a bare `0` in a search or replace grid is an error: pattern grids used to read it as
/// `.` (any tile; leave the tile), so an old file's `0` would silently change meaning if it
/// were read as tile 0. Tile 0 is written by a name (`tiles { Rock = 0 }`), which always
/// means the tile.
pub const BARE_ZERO: &str = "a bare `0` in a grid is reserved (it used to mean `.`)";

/// A cell of a search grid.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum Cell {
    /// `.`: any tile.
    #[default]
    Any,
    /// Exactly this tile (0..=65535; 0 only by a name).
    Tile(u16),
    /// Any tile of the set: its members, ascending, without repeats, at least one.
    Set(Box<[u16]>),
}

/// One comparison of a fix rule: the tile at `(x + dx, y + dy)` `==`/`!=` `value`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Test {
    /// Column offset from the scanned cell (right is positive).
    pub dx: i32,
    /// Row offset from the scanned cell (down is positive).
    pub dy: i32,
    /// `==` (true) or `!=` (false).
    pub equal: bool,
    /// The tile id compared with.
    pub value: u16,
}

/// `heads [unprotected] if tests -> actions`.
#[derive(Debug, Clone, PartialEq)]
pub struct FixRule {
    /// Tiles the scanned cell may hold; empty = any tile.
    pub heads: Vec<u16>,
    /// Skip writing into protected cells.
    pub unprotected: bool,
    /// Every comparison must hold for the rule to fire.
    pub tests: Vec<Test>,
    /// `(dx, dy, tile)` writes, in order.
    pub actions: Vec<(i32, i32, u16)>,
    /// `pick { a | b | ... }`: alternatives of writes, one chosen by `rnd(n)` when the rule
    /// fires (0 = the first; a negative draw counts as 0). Empty = no draw.
    pub picks: Vec<Vec<(i32, i32, u16)>>,
}

/// What an item holds.
#[derive(Debug, Clone, PartialEq)]
pub enum ItemKind {
    /// `table name { ... }`: integers in file order (e.g. a marching-squares table).
    Table(Vec<i64>),
    /// `miniset name WxH { search ... replace ... }`.
    Miniset(Miniset),
    /// `rules name { ... }`: fix rules in file order.
    Rules(Vec<FixRule>),
    /// `automaton name { ... }`: cellular-automaton rules in file order.
    Automaton(Vec<CaRule>),
    /// `tileset name { ... }`: the tiled model of wave function collapse.
    TileSet(TileSet),
    /// `example name NxN { ... }`: the overlapping model of wave function collapse.
    Example(Example),
    /// `templates name WxH { ... }`: room templates.
    Templates(Templates),
}

impl ItemKind {
    /// "a table", "a miniset", "a rule list".
    pub fn describe(&self) -> &'static str {
        match self {
            ItemKind::Table(_) => "a table",
            ItemKind::Miniset(_) => "a miniset",
            ItemKind::Rules(_) => "a rule list",
            ItemKind::Automaton(_) => "an automaton",
            ItemKind::TileSet(_) => "a tileset",
            ItemKind::Example(_) => "an example",
            ItemKind::Templates(_) => "a templates item",
        }
    }
}

/// A named item of a pattern file.
#[derive(Debug, Clone, PartialEq)]
pub struct Item {
    /// Its name, what `"file.pat#name"` refers to.
    pub name: String,
    /// Byte range of the name in the file (where messages about the item point).
    pub span: Span,
    /// What it holds.
    pub kind: ItemKind,
}

/// A parsed pattern file.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PatternFile {
    /// The items, in file order (names are unique).
    pub items: Vec<Item>,
}

impl PatternFile {
    /// The item called `name`.
    pub fn get(&self, name: &str) -> Option<&Item> {
        self.items.iter().find(|i| i.name == name)
    }
}

/// A problem in a pattern file: byte span and message.
#[derive(Debug, Clone, PartialEq)]
pub struct PatternError {
    /// Byte range in the file.
    pub span: Span,
    /// What is wrong, in the pattern language's words.
    pub message: String,
}
