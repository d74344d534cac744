//! The built-in functions of the expression language: their signatures and one-line docs
//! (one table, used by the compiler, `undercroft ops` and the docs).

use super::areas::Cut;
use crate::engine::value::Type;

/// Built-in functions; list and kind arguments are resolved to indices at compile time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Func {
    /// `rnd(n)`.
    Rnd,
    /// `chance(p)`.
    Chance,
    /// `floor(x)`.
    Floor,
    /// `ceil(x)`.
    Ceil,
    /// `round(x)`.
    Round,
    /// `abs(x)`.
    Abs,
    /// `min(...)` of this many arguments.
    Min(u8),
    /// `max(...)` of this many arguments.
    Max(u8),
    /// `len(list)`.
    Len(u16),
    /// `first(list)`.
    First(u16),
    /// `last(list)`.
    Last(u16),
    /// `pop_random(list)`.
    PopRandom(u16),
    /// `pop_last(list)`.
    PopLast(u16),
    /// `pop_first(list)`.
    PopFirst(u16),
    /// `contains(list, room)`.
    Contains(u16),
    /// `adjacent(a, b)`.
    Adjacent,
    /// `neighbours(room)`: rooms touching it.
    NeighbourRooms,
    /// `neighbours(cell)`: occupied neighbour cells.
    NeighbourCells,
    /// `count(kind)`.
    Count(u16),
    /// `is(room, kind)`.
    Is(u16),
    /// `exists(x)`.
    Exists,
    /// `cell(x, y)`.
    Cell,
    /// `x(cell)`.
    X,
    /// `y(cell)`.
    Y,
    /// `w(room | area)`
    W,
    /// `h(room | area)`
    H,
    /// `size(room)`
    Size,
    /// `dist(a, b)`
    Dist,
    /// `clear_line(room, n)`
    ClearLine,
    /// `room(r)`
    RoomArea,
    /// `inset(area, n)`
    Inset,
    /// `rect(x, y, w, h)`
    RectArea,
    /// `grid()`
    GridArea,
    /// `split(area, n)`, `split_columns(area, n)`, `split_rows(area, n)`.
    Split(Cut),
    /// `first(pair)` (true) or `second(pair)` (false).
    Half(bool),
    /// `centre(area)`.
    Centre,
    /// `random_cell(area)`.
    RandomCell,
    /// `random_area(area, w, h)`.
    RandomArea,
    /// `grow(area, n)`.
    Grow,
    /// `intersect(a, b)`.
    Intersect,
    /// `span(cell, cell)`.
    Span,
    /// `inside(cell, area)`.
    Inside,
    /// A function of a list of areas or cells (`State::value_lists`): which, and the list.
    Items(ListFn, u16),
    /// `marker(name)`: the marker's cell, or none.
    Marker(u16),
    /// `walk_distance(a, b)` over walkable set `.0`.
    WalkDistance(u16),
    /// `farthest(a)` over walkable set `.0`.
    Farthest(u16),
    /// `connected(a, b)` over walkable set `.0`.
    Connected(u16),
    /// `regions()` of walkable set `.0`.
    Regions(u16),
    /// `largest_region()` of walkable set `.0`.
    LargestRegion(u16),
}

/// The functions of a list of areas or cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListFn {
    /// `len(list)`.
    Len,
    /// `first(list)`.
    First,
    /// `last(list)`.
    Last,
    /// `pop_random(list)`.
    PopRandom,
    /// `pop_last(list)`.
    PopLast,
    /// `pop_first(list)`.
    PopFirst,
    /// `contains(list, item)`.
    Contains,
}

impl ListFn {
    /// The function of list-function name `name`, if it is one.
    pub fn of(name: &str) -> Option<ListFn> {
        Some(match name {
            "len" => ListFn::Len,
            "first" => ListFn::First,
            "last" => ListFn::Last,
            "pop_random" => ListFn::PopRandom,
            "pop_last" => ListFn::PopLast,
            "pop_first" => ListFn::PopFirst,
            "contains" => ListFn::Contains,
            _ => return None,
        })
    }
}

/// Signature kinds of function parameters.
#[derive(Clone, Copy)]
pub(crate) enum P {
    V(Type),
    List,
    Kind,
    /// The name of a marker.
    Marker,
    /// A place: a cell, a room or an area.
    Place,
    /// First only, optional: the walkable tiles (`layer[...]`), else the rule set's.
    Walk,
}

pub(crate) struct FnDef {
    pub(crate) name: &'static str,
    pub(crate) params: &'static [P],
    pub(crate) ret: Type,
    pub(crate) doc: &'static str,
}

pub(crate) const FUNCS: &[FnDef] = &[
    FnDef { name: "rnd", params: &[P::V(Type::Num)], ret: Type::Num, doc: "rnd(n): a random integer 0..n-1 (0, drawing nothing, when n <= 0)" },
    FnDef { name: "chance", params: &[P::V(Type::Num)], ret: Type::Bool, doc: "chance(p): true with probability p (0..1)" },
    FnDef { name: "floor", params: &[P::V(Type::Num)], ret: Type::Num, doc: "floor(x)" },
    FnDef { name: "ceil", params: &[P::V(Type::Num)], ret: Type::Num, doc: "ceil(x)" },
    FnDef { name: "round", params: &[P::V(Type::Num)], ret: Type::Num, doc: "round(x): half away from zero" },
    FnDef { name: "abs", params: &[P::V(Type::Num)], ret: Type::Num, doc: "abs(x)" },
    FnDef { name: "min", params: &[], ret: Type::Num, doc: "min(a, b, ...): the smallest of two or more numbers" },
    FnDef { name: "max", params: &[], ret: Type::Num, doc: "max(a, b, ...): the largest of two or more numbers" },
    FnDef { name: "len", params: &[P::List], ret: Type::Num, doc: "len(list): number of items (rooms, areas or cells) in a list" },
    FnDef { name: "first", params: &[P::List], ret: Type::Room, doc: "first(list): its first item, or none (an empty area); first(pair): the first area of a split" },
    FnDef { name: "last", params: &[P::List], ret: Type::Room, doc: "last(list): its last item, or none (an empty area)" },
    FnDef { name: "pop_random", params: &[P::List], ret: Type::Room, doc: "pop_random(list): remove and return a random item, or none (an empty area)" },
    FnDef { name: "pop_last", params: &[P::List], ret: Type::Room, doc: "pop_last(list): remove and return the last item, or none (an empty area)" },
    FnDef { name: "pop_first", params: &[P::List], ret: Type::Room, doc: "pop_first(list): remove and return the first item, or none (an empty area)" },
    FnDef { name: "contains", params: &[P::List, P::V(Type::Room)], ret: Type::Bool, doc: "contains(list, item): whether the list holds the room, area or cell" },
    FnDef { name: "adjacent", params: &[P::V(Type::Room), P::V(Type::Room)], ret: Type::Bool, doc: "adjacent(a, b): the two rooms share a cell edge" },
    FnDef { name: "neighbours", params: &[P::V(Type::Room)], ret: Type::Num, doc: "neighbours(room): number of distinct rooms next to it; neighbours(cell(x, y)): occupied cells next to it" },
    FnDef { name: "count", params: &[P::Kind], ret: Type::Num, doc: "count(kind): number of rooms of a kind" },
    FnDef { name: "is", params: &[P::V(Type::Room), P::Kind], ret: Type::Bool, doc: "is(room, kind): the room exists and has that kind" },
    FnDef { name: "exists", params: &[P::V(Type::Room)], ret: Type::Bool, doc: "exists(room): the room was placed" },
    FnDef { name: "cell", params: &[P::V(Type::Num), P::V(Type::Num)], ret: Type::Cell, doc: "cell(x, y): a grid cell" },
    FnDef { name: "x", params: &[P::V(Type::Room)], ret: Type::Num, doc: "x(room): column of its first cell; x(cell), x(area): its column (-1 for no room)" },
    FnDef { name: "y", params: &[P::V(Type::Room)], ret: Type::Num, doc: "y(room): row of its first cell; y(cell), y(area): its row (-1 for no room)" },
    FnDef { name: "w", params: &[P::V(Type::Room)], ret: Type::Num, doc: "w(room): width of its bounding box in room cells; w(area): width in tiles" },
    FnDef { name: "h", params: &[P::V(Type::Room)], ret: Type::Num, doc: "h(room): height of its bounding box in room cells; h(area): height in tiles" },
    FnDef { name: "size", params: &[P::V(Type::Room)], ret: Type::Num, doc: "size(room): number of room cells (0 for no room)" },
    FnDef { name: "dist", params: &[P::V(Type::Room), P::V(Type::Room)], ret: Type::Num, doc: "dist(a, b): doors crossed on the shortest way from a to b (-1 when unreachable)" },
    FnDef { name: "clear_line", params: &[P::V(Type::Room), P::V(Type::Num)], ret: Type::Bool, doc: "clear_line(room, n): the n cells beyond the room, straight on from the room behind its first door, are in the grid, empty and touch nothing but the line" },
    FnDef { name: "room", params: &[P::V(Type::Room)], ret: Type::Area, doc: "room(r): the tiles of its bounding box of room cells (an area)" },
    FnDef { name: "inset", params: &[P::V(Type::Area), P::V(Type::Num)], ret: Type::Area, doc: "inset(area, n): the area shrunk by n tiles on every side (grown when n < 0)" },
    FnDef { name: "rect", params: &[P::V(Type::Num), P::V(Type::Num), P::V(Type::Num), P::V(Type::Num)], ret: Type::Area, doc: "rect(x, y, w, h): the area of w x h tiles from (x, y)" },
    FnDef { name: "grid", params: &[], ret: Type::Area, doc: "grid(): the whole tile grid (an area)" },
    FnDef { name: "split", params: &[P::V(Type::Area), P::V(Type::Num)], ret: Type::Pair, doc: "split(area, n): two areas, cut across the longer side after n tiles (columns when the area is at least as wide as high); first(p), second(p) take them apart; an error when a part would be empty" },
    FnDef { name: "split_columns", params: &[P::V(Type::Area), P::V(Type::Num)], ret: Type::Pair, doc: "split_columns(area, n): the first n columns of the area and the rest, side by side" },
    FnDef { name: "split_rows", params: &[P::V(Type::Area), P::V(Type::Num)], ret: Type::Pair, doc: "split_rows(area, n): the first n rows of the area and the rest, one above the other" },
    FnDef { name: "second", params: &[P::V(Type::Pair)], ret: Type::Area, doc: "second(pair): the second area of a split" },
    FnDef { name: "centre", params: &[P::V(Type::Area)], ret: Type::Cell, doc: "centre(area): its middle tile (rounded toward the top left); an error for an empty area" },
    FnDef { name: "random_cell", params: &[P::V(Type::Area)], ret: Type::Cell, doc: "random_cell(area): a random tile of the area (draws x, then y); an error for an empty area" },
    FnDef { name: "random_area", params: &[P::V(Type::Area), P::V(Type::Num), P::V(Type::Num)], ret: Type::Area, doc: "random_area(area, w, h): a random area inside it of at least w x h tiles (draws width, height, x, y); an error when it is smaller" },
    FnDef { name: "grow", params: &[P::V(Type::Area), P::V(Type::Num)], ret: Type::Area, doc: "grow(area, n): the area grown by n tiles on every side (inset(area, -n))" },
    FnDef { name: "intersect", params: &[P::V(Type::Area), P::V(Type::Area)], ret: Type::Area, doc: "intersect(a, b): the tiles both areas hold (an empty area when none)" },
    FnDef { name: "span", params: &[P::V(Type::Cell), P::V(Type::Cell)], ret: Type::Area, doc: "span(p, q): the smallest area holding both cells (a line when they share a row or column)" },
    FnDef { name: "inside", params: &[P::V(Type::Cell), P::V(Type::Area)], ret: Type::Bool, doc: "inside(cell, area): whether the cell is a tile of the area" },
    FnDef { name: "marker", params: &[P::Marker], ret: Type::Cell, doc: "marker(name): the tile a step put the marker on (a cell), or none when it has not" },
    FnDef { name: "walk_distance", params: &[P::Walk, P::Place, P::Place], ret: Type::Num, doc: "walk_distance(a, b): steps (orthogonal, over walkable tiles) of the shortest walk between a and b — cells, rooms or areas, by their walkable tiles —, -1 when no walk joins them. Walkable tiles: the rule set's (`stats: Stats(walkable: ...)`, else the first tile class), or a set given first: walk_distance(tiles[1, 2], a, b), by tile id or tile class" },
    FnDef { name: "farthest", params: &[P::Walk, P::Place], ret: Type::Cell, doc: "farthest(a): the walkable tile farthest from a by walking (the first in raster order among equals), none when a has no walkable tile; farthest(tiles[...], a) with a set of tiles" },
    FnDef { name: "connected", params: &[P::Walk, P::Place, P::Place], ret: Type::Bool, doc: "connected(a, b): a walk over walkable tiles joins a and b; connected(tiles[...], a, b) with a set of tiles" },
    FnDef { name: "regions", params: &[P::Walk], ret: Type::Num, doc: "regions(): how many separate regions (4-connected) the walkable tiles form; regions(tiles[...]) with a set of tiles" },
    FnDef { name: "largest_region", params: &[P::Walk], ret: Type::Num, doc: "largest_region(): tiles in the largest region of walkable tiles (0 when none); largest_region(tiles[...]) with a set of tiles" },
];

/// The built-in function descriptions, for `--help` and docs.
pub fn function_docs() -> impl Iterator<Item = &'static str> {
    FUNCS.iter().map(|f| f.doc)
}
