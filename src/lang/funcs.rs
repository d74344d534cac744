//! The built-in functions of the expression language: their signatures and one-line docs
//! (one table, used by the compiler, `undercroft ops` and the docs).

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
    FnDef { name: "len", params: &[P::List], ret: Type::Num, doc: "len(list): number of rooms in a list" },
    FnDef { name: "first", params: &[P::List], ret: Type::Room, doc: "first(list): its first room, or none" },
    FnDef { name: "last", params: &[P::List], ret: Type::Room, doc: "last(list): its last room, or none" },
    FnDef { name: "pop_random", params: &[P::List], ret: Type::Room, doc: "pop_random(list): remove and return a random room, or none" },
    FnDef { name: "pop_last", params: &[P::List], ret: Type::Room, doc: "pop_last(list): remove and return the last room, or none" },
    FnDef { name: "pop_first", params: &[P::List], ret: Type::Room, doc: "pop_first(list): remove and return the first room, or none" },
    FnDef { name: "contains", params: &[P::List, P::V(Type::Room)], ret: Type::Bool, doc: "contains(list, room)" },
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
