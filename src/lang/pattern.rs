//! The pattern file format (grammar: `pattern.pest`): minisets (search/replace grids),
//! neighbour fix-rule lists and integer tables, parsed into [`PatternFile`].
//!
//! Every error carries the byte span of the text it is about; the loader turns it into a
//! `file:line:col` diagnostic. Tile ids are 0..=65535, and a tile in a grid means itself
//! (tile 0 included, written by a name such as `Rock = 0`); `.` is the one wildcard: any
//! tile in a search grid ([`Cell::Any`]), "leave the tile" in a replace grid (`None`). A
//! bare `0` in a grid is a located error (it used to mean `.`; see [`BARE_ZERO`]). A search
//! cell may also be a set of tiles ([`Cell::Set`]), written inline (`{29 32 35}`) or by the
//! name of a `set` item.
//! Matching minisets against a layer is [`super::matcher`].

use pest::iterators::Pair;
use pest::Parser;
use std::collections::BTreeMap;

use super::automaton::CaRule;
use super::parse::Span;

pub mod ascii;
pub mod ca;
pub mod templates;
pub mod wfc;

pub use super::grid_items::{AsciiGrid, ChunkGroup, Example, Template, Templates, TileSet};

/// The parser pest generates from `pattern.pest`, with its `Rule` enum (one variant per
/// grammar rule, documented in the grammar file).
#[allow(missing_docs)]
mod grammar {
    #[derive(pest_derive::Parser)]
    #[grammar = "lang/pattern.pest"]
    pub struct PatParser;
}
use grammar::{PatParser, Rule};

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

/// Parse a pattern file.
///
/// # Errors
/// Every syntax error (the first one pest finds) or every semantic error (unknown tile
/// name, duplicate item, grid of the wrong size, tile id out of range), with spans.
pub fn parse_patterns(text: &str) -> Result<PatternFile, Vec<PatternError>> {
    let pairs = PatParser::parse(Rule::file, text).map_err(|e| vec![syntax_error(e, text)])?;
    let mut p = Builder {
        names: BTreeMap::new(),
        glyphs: BTreeMap::new(),
        errors: Vec::new(),
        members: 0,
    };
    let mut out = PatternFile::default();
    for item in pairs.into_iter().next().expect("file").into_inner() {
        let which = item.as_rule();
        let mut inner = item.into_inner();
        let kind = match which {
            Rule::tiles => {
                for d in inner {
                    let mut it = d.into_inner();
                    let name = it.next().expect("name");
                    let v = p.int(it.next().expect("value"), 0, 65535);
                    p.define(&name, Name::Tile(v as u16));
                }
                continue;
            }
            Rule::set_def => {
                let name = inner.next().expect("name");
                let members = p.set(inner.next().expect("set"));
                p.define(&name, Name::Set(members));
                continue;
            }
            Rule::glyphs => {
                p.glyphs(inner);
                continue;
            }
            Rule::EOI => continue,
            _ => {
                let name = inner.next().expect("item name");
                let nspan = (name.as_span().start(), name.as_span().end());
                let name = name.as_str().to_string();
                let kind = match which {
                    Rule::table => ItemKind::Table(inner.map(|v| p.value(v, -65535)).collect()),
                    Rule::miniset => p.miniset(inner),
                    Rule::rules => ItemKind::Rules(inner.map(|r| p.rule(r)).collect()),
                    Rule::automaton => ItemKind::Automaton(inner.map(|r| p.ca_rule(r)).collect()),
                    Rule::tileset => p.tileset(nspan, inner),
                    Rule::example => p.example(nspan, inner),
                    Rule::templates => p.templates(inner),
                    _ => unreachable!("grammar"),
                };
                if out.get(&name).is_some() {
                    p.err(nspan, format!("`{name}` is defined twice in this file"));
                }
                (name, nspan, kind)
            }
        };
        out.items.push(Item {
            name: kind.0,
            span: kind.1,
            kind: kind.2,
        });
    }
    if p.errors.is_empty() {
        Ok(out)
    } else {
        Err(p.errors)
    }
}

fn friendly(r: &Rule) -> String {
    match r {
        Rule::EOI => "end of file",
        Rule::file
        | Rule::tiles
        | Rule::table
        | Rule::miniset
        | Rule::rules
        | Rule::automaton
        | Rule::glyphs
        | Rule::tileset
        | Rule::example
        | Rule::templates => {
            "an item (`tiles`, `set`, `glyphs`, `table`, `miniset`, `rules`, `automaton`, \
             `tileset`, `example` or `templates`)"
        }
        Rule::glyph_def | Rule::glyph => "a glyph definition `'#' = 13`",
        Rule::ascii_row => "a row of glyphs between bars, `|#..#|`",
        Rule::weight | Rule::number => "`weight N` (a number above 0)",
        Rule::tile_weight => "`tile T` or `tile T weight N`",
        Rule::adjacency | Rule::adj_kind => {
            "an adjacency rule `right A B`, `below A B` or `next A B`"
        }
        Rule::example_flag => "`rotate`, `mirror`, `wrap` or `{`",
        Rule::chunk => "`chunk 'c' WxH { rows }`",
        Rule::template => "`template name exits [..] tags [..] weight N { rows }`",
        Rule::exits => "`exits [N E S W]`",
        Rule::tags => "`tags [word ...]`",
        Rule::ca_rule | Rule::ca_cond | Rule::condition => {
            "a condition `count8(tiles) >= N`, `count4(...)`, `is(...)` or `!is(...)`"
        }
        Rule::count_term | Rule::count_kind => "`count8(...)` or `count4(...)`",
        Rule::count_cmp => "a comparison (`>=`, `<=`, `>`, `<`, `==`, `!=`)",
        Rule::is_term | Rule::is_not => "`is(...)` or `!is(...)`",
        Rule::tile_def => "a tile name definition `Name = 13`",
        Rule::set_def => "a set definition `set name = {13 14}`",
        Rule::set_cell => "a set `{13 14}`",
        Rule::size => "a size `WxH`",
        Rule::grid | Rule::row_end | Rule::any_cell => "a grid cell (tile id, name or `.`)",
        Rule::rule | Rule::heads | Rule::any_tile => "a rule `tile if (dx,dy) == t -> (dx,dy) = t`",

        Rule::unprotected => "`unprotected`",
        Rule::test => "a test `(dx,dy) == tile`",
        Rule::cmp => "`==` or `!=`",
        Rule::action | Rule::alternative => "a write `(dx,dy) = tile`",
        Rule::pick => "`pick { writes | writes }`",
        Rule::offset => "an offset `(dx,dy)`",
        Rule::name_ref | Rule::int | Rule::glued => "a tile id or name",
        Rule::ident => "a name",
        other => return format!("{other:?}"),
    }
    .to_string()
}

/// Where an item starts (`miniset`, `tiles`, ... as a word) or the file ends: the places a
/// missing `}` shows up.
fn item_start_or_end(text: &str, at: usize) -> Option<String> {
    let rest = text.get(at..)?;
    if rest.trim().is_empty() {
        return Some("the end of the file".into());
    }
    let word: String = rest
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    let line = text[..at].matches('\n').count() + 1;
    [
        "miniset",
        "tiles",
        "table",
        "rules",
        "set",
        "automaton",
        "glyphs",
        "tileset",
        "example",
        "templates",
    ]
    .contains(&word.as_str())
    .then(|| format!("the next item (`{word}`, line {line})"))
}

/// The innermost `{` before `at` that no `}` closes (comments skipped).
fn unclosed_brace(text: &str, at: usize) -> Option<usize> {
    open_braces(text, at).pop()
}

/// The `{`s before `at` that no `}` closes, outermost first (comments skipped).
fn open_braces(text: &str, at: usize) -> Vec<usize> {
    let mut open = Vec::new();
    let mut comment = false;
    let b = text.as_bytes();
    for i in 0..at.min(b.len()) {
        match b[i] {
            b'\n' => comment = false,
            _ if comment => {}
            b'/' if b.get(i + 1) == Some(&b'/') => comment = true,
            b'{' => open.push(i),
            b'}' => {
                open.pop();
            }
            _ => {}
        }
    }
    open
}

fn syntax_error(e: pest::error::Error<Rule>, text: &str) -> PatternError {
    let span = match e.location {
        pest::error::InputLocation::Pos(p) => (p, p + 1),
        pest::error::InputLocation::Span(s) => s,
    };
    // A missing `}`: the parse goes on to the next item (or the end) and fails there;
    // point at the `{` that was never closed instead.
    if let (Some(before), Some(brace)) = (
        item_start_or_end(text, span.0),
        unclosed_brace(text, span.0),
    ) {
        return PatternError {
            span: (brace, brace + 1),
            message: format!("this `{{` is never closed: `}}` expected before {before}"),
        };
    }
    let message = match &e.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } if !positives.is_empty() => {
            let mut v: Vec<String> = positives.iter().map(friendly).collect();
            v.dedup();
            format!("expected {}", v.join(" or "))
        }
        _ => "syntax error".to_string(),
    };
    // Inside an item, in a set cell `{...}` still open: it may be its `}` that is missing.
    let message = match open_braces(text, span.0).as_slice() {
        [_, .., set] => {
            let line = text[..*set].matches('\n').count() + 1;
            let col = text[..*set].rfind('\n').map_or(*set, |n| *set - n - 1) + 1;
            format!("{message}, or the `}}` of the set opened at line {line}, column {col}")
        }
        _ => message,
    };
    PatternError { span, message }
}

/// What a name defined in the file stands for.
#[derive(Debug, Clone)]
enum Name {
    Tile(u16),
    /// Members ascending, no repeats (empty only after an error was reported).
    Set(Box<[u16]>),
}

struct Builder {
    /// Tile and set names, sorted (so suggestions never depend on hash order).
    names: BTreeMap<String, Name>,
    /// The tile each glyph of ASCII grids stands for (`glyphs { }` items so far).
    glyphs: BTreeMap<char, u16>,
    errors: Vec<PatternError>,
    /// Set members stored so far (named sets and set cells), against [`MAX_SET_MEMBERS`].
    members: usize,
}

/// The most set members one pattern file may hold in all (its named sets and every set
/// cell, a named set counted again where it is used): sets that include each other in a
/// long chain would otherwise grow with the square of the chain.
pub const MAX_SET_MEMBERS: usize = 1 << 20;

fn span_of(p: &Pair<Rule>) -> Span {
    (p.as_span().start(), p.as_span().end())
}

impl Builder {
    fn err(&mut self, span: Span, message: String) {
        self.errors.push(PatternError { span, message });
    }

    /// Count `n` more stored set members; false (and one error, at `span`) past
    /// [`MAX_SET_MEMBERS`].
    fn spend(&mut self, n: usize, span: Span) -> bool {
        let before = self.members;
        self.members = self.members.saturating_add(n);
        if self.members <= MAX_SET_MEMBERS {
            return true;
        }
        if before <= MAX_SET_MEMBERS {
            self.err(
                span,
                format!(
                    "the sets of this file hold more than {MAX_SET_MEMBERS} tiles in all (each \
                     set counted again where a set or cell includes it): use fewer or smaller \
                     sets"
                ),
            );
        }
        false
    }

    /// Define a tile or set name. A set may not reuse a name, nor a tile a set's name (a
    /// tile name defined again takes the new id, as it always has).
    fn define(&mut self, name: &Pair<Rule>, what: Name) {
        let clash = !matches!(
            (self.names.get(name.as_str()), &what),
            (None, _) | (Some(Name::Tile(_)), Name::Tile(_))
        );
        if clash {
            self.err(
                span_of(name),
                format!("the name `{}` is defined twice in this file", name.as_str()),
            );
            return;
        }
        self.names.insert(name.as_str().to_string(), what);
    }

    /// The error for a name that is not defined: the nearest tile name (or, when `sets` is
    /// true, tile or set name), ties broken by name.
    fn unknown(&mut self, p: &Pair<Rule>, sets: bool) {
        let what = if sets {
            "tile or set name"
        } else {
            "tile name"
        };
        let candidates = self
            .names
            .iter()
            .filter(|(_, v)| sets || matches!(v, Name::Tile(_)))
            .map(|(k, _)| k.as_str());
        let msg = match super::nearest(p.as_str(), candidates) {
            Some(n) => format!("unknown {what} `{}`; did you mean `{n}`?", p.as_str()),
            None if sets => format!(
                "unknown {what} `{}` (define it in a `tiles {{ }}` block or as a `set` first)",
                p.as_str()
            ),
            None => format!(
                "unknown {what} `{}` (define it in a `tiles {{ }}` block first)",
                p.as_str()
            ),
        };
        self.err(span_of(p), msg);
    }

    /// The members of a set cell `{...}` (ids, tile names, set names), ascending without
    /// repeats; an empty set is an error.
    fn set(&mut self, p: Pair<Rule>) -> Box<[u16]> {
        let span = span_of(&p);
        let mut members = Vec::new();
        let mut written = 0;
        let mut over = false;
        for v in p.into_inner() {
            written += 1;
            match v.as_rule() {
                Rule::int => members.push(self.int(v, 0, 65535) as u16),
                Rule::glued => self.glued(&v),
                _ => match self.names.get(v.as_str()) {
                    Some(Name::Tile(t)) => members.push(*t),
                    Some(Name::Set(s)) => {
                        // past the limit, stop copying (the error is reported below)
                        over |= self.members + members.len() + s.len() > MAX_SET_MEMBERS;
                        if !over {
                            members.extend_from_slice(s)
                        }
                    }
                    None => self.unknown(&v, true),
                },
            }
        }
        if written == 0 {
            self.err(
                span,
                "an empty set matches no tile: give it at least one tile".into(),
            );
        }
        members.sort_unstable();
        members.dedup();
        if !self.spend(if over { usize::MAX } else { members.len() }, span) {
            return Box::default();
        }
        members.into_boxed_slice()
    }

    /// A search cell: `.` (any), a tile (itself, 0 included), or a set (inline or by name).
    fn search_cell(&mut self, p: Pair<Rule>) -> Cell {
        match p.as_rule() {
            Rule::any_cell => Cell::Any,
            Rule::set_cell => Cell::Set(self.set(p)),
            Rule::int => match self.int(p.clone(), 0, 65535) {
                0 => {
                    self.bare_zero(&p, "write `.` for any tile", "match only tile 0");
                    Cell::Any
                }
                t => Cell::Tile(t as u16),
            },
            Rule::glued => {
                self.glued(&p);
                Cell::Any
            }
            _ => match self.names.get(p.as_str()) {
                Some(Name::Tile(t)) => Cell::Tile(*t),
                Some(Name::Set(s)) => {
                    let s = s.clone();
                    if self.spend(s.len(), span_of(&p)) {
                        Cell::Set(s)
                    } else {
                        Cell::Any
                    }
                }
                None => {
                    self.unknown(&p, true);
                    Cell::Any
                }
            },
        }
    }

    /// A replace cell: `.` (`None`: leave the tile) or the tile written (0 included).
    fn replace_cell(&mut self, p: Pair<Rule>) -> Option<u16> {
        match p.as_rule() {
            Rule::any_cell => None,
            Rule::int if p.as_str().parse::<i64>() == Ok(0) => {
                self.bare_zero(&p, "write `.` to leave the tile", "write tile 0");
                None
            }
            _ => Some(self.tile(p)),
        }
    }

    /// The located error for a bare `0` in a grid (see [`BARE_ZERO`]): `dot` says what `.`
    /// does in this grid, `named` what a name for tile 0 does.
    fn bare_zero(&mut self, p: &Pair<Rule>, dot: &str, named: &str) {
        self.err(
            span_of(p),
            format!(
                "{BARE_ZERO}: {dot}, or name tile 0 in `tiles {{ ... }}` \
                 (e.g. `Rock = 0`) and write the name to {named}"
            ),
        );
    }

    /// `1x`: a number glued to a name, one located error (not two cells and a miscount).
    fn glued(&mut self, p: &Pair<Rule>) {
        let t = p.as_str();
        let digits = t.trim_start_matches('-');
        let n = t.len() - digits.len() + digits.chars().take_while(char::is_ascii_digit).count();
        self.err(
            span_of(p),
            format!(
                "`{t}` is neither a tile id nor a name: put a space between `{}` and `{}` if \
                 they are two cells",
                &t[..n],
                &t[n..]
            ),
        );
    }

    fn int(&mut self, p: Pair<Rule>, lo: i64, hi: i64) -> i64 {
        let span = (p.as_span().start(), p.as_span().end());
        match p.as_str().parse::<i64>() {
            Ok(v) if (lo..=hi).contains(&v) => v,
            _ => {
                self.err(span, format!("expected a number in {lo}..={hi}"));
                0
            }
        }
    }

    /// A tile id or name (or any integer >= lo in tables). A set here is an error.
    fn value(&mut self, p: Pair<Rule>, lo: i64) -> i64 {
        match p.as_rule() {
            Rule::int => self.int(p, lo, 65535),
            Rule::glued => {
                self.glued(&p);
                0
            }
            Rule::any_cell => 0,
            Rule::set_cell => {
                self.err(
                    span_of(&p),
                    "a set cannot stand here: one tile is needed (sets match only in search \
                     grids and rule heads)"
                        .into(),
                );
                0
            }
            _ => match self.names.get(p.as_str()) {
                Some(Name::Tile(v)) => *v as i64,
                Some(Name::Set(_)) => {
                    self.err(
                        span_of(&p),
                        format!(
                            "`{}` is a set; one tile is needed here (sets match only in search \
                             grids and rule heads)",
                            p.as_str()
                        ),
                    );
                    0
                }
                None => {
                    self.unknown(&p, false);
                    0
                }
            },
        }
    }

    fn tile(&mut self, p: Pair<Rule>) -> u16 {
        self.value(p, 0) as u16
    }

    fn miniset(&mut self, mut inner: pest::iterators::Pairs<Rule>) -> ItemKind {
        let size = inner.next().expect("size");
        let mut s = size.into_inner();
        let w = self.int(s.next().expect("w"), 1, 64) as i32;
        let h = self.int(s.next().expect("h"), 1, 64) as i32;
        let search = self.grid(inner.next().expect("search"), w, h, |b, c| b.search_cell(c));
        let replace = self.grid(inner.next().expect("replace"), w, h, |b, c| {
            b.replace_cell(c)
        });
        ItemKind::Miniset(Miniset {
            width: w,
            height: h,
            search,
            replace,
        })
    }

    fn grid<T: Clone + Default>(
        &mut self,
        g: Pair<Rule>,
        w: i32,
        h: i32,
        mut cell: impl FnMut(&mut Self, Pair<Rule>) -> T,
    ) -> Vec<T> {
        let span = (g.as_span().start(), g.as_span().end());
        let mut cells = Vec::new();
        let mut row_len = 0;
        let mut used_bars = false;
        for c in g.into_inner() {
            if c.as_rule() == Rule::row_end {
                used_bars = true;
                if row_len != w {
                    let sp = (c.as_span().start(), c.as_span().end());
                    self.err(
                        sp,
                        format!("this row has {row_len} cells; the miniset is {w} wide"),
                    );
                }
                row_len = 0;
                continue;
            }
            row_len += 1;
            let v = cell(self, c);
            cells.push(v);
        }
        if used_bars && row_len != 0 && row_len != w {
            self.err(
                span,
                format!("the last row has {row_len} cells; the miniset is {w} wide"),
            );
        }
        if cells.len() != (w * h) as usize {
            self.err(
                span,
                format!("expected {} cells ({w}x{h}), found {}", w * h, cells.len()),
            );
            cells.resize((w * h) as usize, T::default());
        }
        cells
    }

    fn offset(&mut self, p: Pair<Rule>) -> (i32, i32) {
        let mut it = p.into_inner();
        let dx = self.int(it.next().expect("dx"), -64, 64) as i32;
        let dy = self.int(it.next().expect("dy"), -64, 64) as i32;
        (dx, dy)
    }

    fn action(&mut self, a: Pair<Rule>) -> (i32, i32, u16) {
        let mut it = a.into_inner();
        let (dx, dy) = self.offset(it.next().expect("offset"));
        let value = self.tile(it.next().expect("value"));
        (dx, dy, value)
    }

    fn rule(&mut self, r: Pair<Rule>) -> FixRule {
        let mut out = FixRule {
            heads: Vec::new(),
            unprotected: false,
            tests: Vec::new(),
            actions: Vec::new(),
            picks: Vec::new(),
        };
        for part in r.into_inner() {
            match part.as_rule() {
                Rule::heads => {
                    for h in part.into_inner() {
                        match h.as_rule() {
                            Rule::any_tile => {}
                            Rule::set_cell => {
                                let s = self.set(h);
                                out.heads.extend_from_slice(&s);
                            }
                            Rule::name_ref => match self.names.get(h.as_str()) {
                                Some(Name::Set(s)) => {
                                    let s = s.clone();
                                    if self.spend(s.len(), span_of(&h)) {
                                        out.heads.extend_from_slice(&s);
                                    }
                                }
                                Some(Name::Tile(t)) => out.heads.push(*t),
                                None => self.unknown(&h, true),
                            },
                            _ => {
                                let t = self.tile(h);
                                out.heads.push(t);
                            }
                        }
                    }
                }
                Rule::unprotected => out.unprotected = true,
                Rule::test => {
                    let mut it = part.into_inner();
                    let (dx, dy) = self.offset(it.next().expect("offset"));
                    let equal = it.next().expect("cmp").as_str() == "==";
                    let value = self.tile(it.next().expect("value"));
                    out.tests.push(Test {
                        dx,
                        dy,
                        equal,
                        value,
                    });
                }
                Rule::action => {
                    let a = self.action(part);
                    out.actions.push(a);
                }
                Rule::pick => {
                    for alt in part.into_inner() {
                        let writes = alt.into_inner().map(|a| self.action(a)).collect();
                        out.picks.push(writes);
                    }
                }
                _ => {}
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> (usize, String) {
        let e = parse_patterns(text).unwrap_err();
        (e[0].span.0, e[0].message.clone())
    }

    #[test]
    fn parses_every_item_kind() {
        let f = parse_patterns(
            "// c\ntiles { Floor = 13 Dirt = 22 }\ntable t { 1 -2 Floor }\n\
             miniset m 2x2 { search Floor . | 13 13 replace 129 . 130 128 }\n\
             rules r { 2 if (1,0) == Dirt -> (1,0) = 23\n * unprotected -> (0,0) = 1, (1,1) = 2\n\
             29|32 if (-1,0) != 139 -> (-1,0) = 141 }",
        )
        .unwrap();
        assert_eq!(f.get("t").unwrap().kind, ItemKind::Table(vec![1, -2, 13]));
        let ItemKind::Miniset(m) = &f.get("m").unwrap().kind else {
            panic!()
        };
        assert_eq!((m.width, m.height), (2, 2));
        let t = Cell::Tile;
        assert_eq!(m.search, vec![t(13), Cell::Any, t(13), t(13)]);
        assert_eq!(m.replace, vec![Some(129), None, Some(130), Some(128)]);
        let ItemKind::Rules(r) = &f.get("r").unwrap().kind else {
            panic!()
        };
        assert_eq!(r.len(), 3);
        assert_eq!(r[0].heads, vec![2]);
        assert_eq!(
            r[0].tests,
            vec![Test {
                dx: 1,
                dy: 0,
                equal: true,
                value: 22
            }]
        );
        assert_eq!(r[0].actions, vec![(1, 0, 23)]);
        assert!(r[1].heads.is_empty() && r[1].unprotected && r[1].actions.len() == 2);
        assert_eq!(r[2].heads, vec![29, 32]);
        assert!(!r[2].tests[0].equal);
    }

    #[test]
    fn set_cells_inline_named_and_in_heads() {
        let f = parse_patterns(
            "tiles { Floor = 13 }\nset floors = {15 Floor 14 13}\nset more = {floors 40}\n\
             miniset m 3x1 { search {29 35 32} floors . replace . 7 . }\n\
             miniset n 1x1 { search more replace 1 }\n\
             rules r { floors|{2 1} -> (0,0) = 3 }",
        )
        .unwrap();
        let ItemKind::Miniset(m) = &f.get("m").unwrap().kind else {
            panic!()
        };
        let set = |v: &[u16]| Cell::Set(v.into());
        assert_eq!(
            m.search,
            vec![set(&[29, 32, 35]), set(&[13, 14, 15]), Cell::Any]
        );
        assert_eq!(m.replace, vec![None, Some(7), None]);
        let ItemKind::Miniset(n) = &f.get("n").unwrap().kind else {
            panic!()
        };
        assert_eq!(n.search, vec![set(&[13, 14, 15, 40])]);
        let ItemKind::Rules(r) = &f.get("r").unwrap().kind else {
            panic!()
        };
        assert_eq!(r[0].heads, vec![13, 14, 15, 1, 2]);
        // sets are names, not items
        assert!(f.get("floors").is_none());
    }

    #[test]
    fn set_errors_are_located() {
        let errs = |text: &str| -> Vec<(usize, String)> {
            parse_patterns(text)
                .unwrap_err()
                .into_iter()
                .map(|e| (e.span.0, e.message))
                .collect()
        };
        // an empty set, inline and named: at its `{`
        let e = errs("miniset m 2x1 { search 1 {} replace . . }");
        assert_eq!(e.len(), 1, "{e:?}");
        assert_eq!(e[0].0, 25);
        assert!(e[0].1.contains("an empty set matches no tile"), "{e:?}");
        let e = errs("set none = { }");
        assert_eq!((e[0].0, e.len()), (11, 1), "{e:?}");
        // an unknown set name: the nearest tile or set name
        let e = errs(
            "tiles { Floor = 13 }\nset walls = {1 2}\nminiset m 1x1 { search wals replace 1 }",
        );
        assert_eq!(e[0].0, 62, "{e:?}");
        assert!(
            e[0].1
                .contains("unknown tile or set name `wals`; did you mean `walls`?"),
            "{e:?}"
        );
        // a set where one tile is needed: replace grids, tables, rule tests and writes
        let e = errs(
            "set walls = {1 2}\nminiset m 1x1 { search walls replace walls }\n\
             table t { walls }\nrules r { 1 if (1,0) == walls -> (0,0) = {3} }",
        );
        let at: Vec<usize> = e.iter().map(|e| e.0).collect();
        assert_eq!(at, vec![55, 73, 105, 122], "{e:?}");
        assert!(
            e[0].1.contains("`walls` is a set; one tile is needed"),
            "{e:?}"
        );
        assert!(e[3].1.contains("a set cannot stand here"), "{e:?}");
        // a set may not reuse a name
        let e = errs("tiles { A = 1 }\nset A = {2}");
        assert_eq!(e[0].0, 20);
        assert!(e[0].1.contains("defined twice"), "{e:?}");
    }

    #[test]
    fn did_you_mean_is_the_nearest_name_with_ties_broken_by_name() {
        // `Flob` and `Floa` are equally near `Flor`: the one that sorts first, whatever the
        // order of definition
        for tiles in ["Flob = 1 Floa = 2", "Floa = 2 Flob = 1"] {
            let e =
                parse_patterns(&format!("tiles {{ {tiles} }}\ntable t {{ Flor }}")).unwrap_err();
            assert!(e[0].message.contains("did you mean `Floa`?"), "{e:?}");
        }
    }

    #[test]
    fn pick_alternatives_parse_in_order() {
        let f = parse_patterns(
            "rules r { 0 if (1,0) == 1 -> pick { (0,0) = 1 | (1,1) = 1, (1,0) = 2 } }",
        )
        .unwrap();
        let ItemKind::Rules(r) = &f.get("r").unwrap().kind else {
            panic!()
        };
        assert!(r[0].actions.is_empty());
        assert_eq!(
            r[0].picks,
            vec![vec![(0, 0, 1)], vec![(1, 1, 1), (1, 0, 2)]]
        );
        // a pick needs two alternatives
        assert!(parse_patterns("rules r { 0 -> pick { (0,0) = 1 } }").is_err());
    }

    #[test]
    fn syntax_errors_point_at_the_spot() {
        let (at, msg) = err("table t { 1 2 }\nrules r { 2 if (1,0) = 3 -> (0,0) = 1 }");
        assert_eq!(at, 37, "{msg}");
        assert!(msg.contains("`==` or `!=`"), "{msg}");
        let (at, msg) = err("wibble x { }");
        assert_eq!(at, 0);
        assert!(msg.contains("an item"), "{msg}");
    }

    #[test]
    fn semantic_errors_are_all_reported() {
        let e = parse_patterns(
            "tiles { Floor = 13 }\nminiset m 2x2 { search 1 2 3 | 4 replace . . . . }\n\
             table t { Flor 70000 }\ntable t { }",
        )
        .unwrap_err();
        let msgs: Vec<&str> = e.iter().map(|e| e.message.as_str()).collect();
        assert!(
            msgs.iter().any(|m| m.contains("row has 3 cells")),
            "{msgs:?}"
        );
        assert!(
            msgs.iter().any(|m| m.contains("did you mean `Floor`")),
            "{msgs:?}"
        );
        assert!(
            msgs.iter()
                .any(|m| m.contains("0..=65535") || m.contains("-65535..=65535")),
            "{msgs:?}"
        );
        assert!(msgs.iter().any(|m| m.contains("defined twice")), "{msgs:?}");
    }
}
