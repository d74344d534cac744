//! Run-time values of the expression language and of rule-set variables.

/// The id of a room in [`crate::engine::State::rooms`].
pub type RoomId = u32;

/// A value: small and `Copy`, so evaluating an expression never allocates.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Value {
    /// Every number is a double, as in the scripting languages the originals were written in.
    Num(f64),
    /// A truth value.
    Bool(bool),
    /// A room, by id.
    Room(RoomId),
    /// A grid cell `(x, y)`.
    Cell(i32, i32),
    /// A rectangle of tiles `(x, y, w, h)` (an operator's `area`). 16-bit, so a value stays
    /// two words; tile grids are at most 4096 tiles wide.
    Area(i16, i16, i16, i16),
    /// Two areas side by side, the result of a split: the area `(x, y, w, h)`, the size of
    /// the first part (`cut` columns when the flag is true, else `cut` rows) and the rest.
    /// Kept in one value so that evaluating a split allocates nothing.
    Pair(i16, i16, i16, i16, i16, bool),
    /// "No room": a pick from an empty list, or a room step that has not run.
    Nil,
}

// A value stays two words however many kinds it has.
const _: () = assert!(std::mem::size_of::<Value>() == 16);

impl Value {
    /// The number (`Bool`: 1 or 0; others 0).
    #[inline]
    pub fn num(self) -> f64 {
        match self {
            Value::Num(v) => v,
            Value::Bool(b) => b as i32 as f64,
            _ => 0.0,
        }
    }
    /// Whether the value counts as true (non-zero numbers, `true`, any room or cell).
    #[inline]
    pub fn truthy(self) -> bool {
        match self {
            Value::Bool(b) => b,
            Value::Num(v) => v != 0.0,
            Value::Room(_) | Value::Cell(..) | Value::Pair(..) => true,
            Value::Area(_, _, w, h) => w > 0 && h > 0,
            Value::Nil => false,
        }
    }
    /// A rectangle as an area value (clamped to 16 bits).
    #[inline]
    pub fn area(x: i32, y: i32, w: i32, h: i32) -> Value {
        let c = |v: i32| v.clamp(i16::MIN as i32, i16::MAX as i32) as i16;
        Value::Area(c(x), c(y), c(w.max(0)), c(h.max(0)))
    }

    /// `[x, y, w, h]` of an area value (`None` for other values).
    #[inline]
    pub fn as_area(self) -> Option<[i32; 4]> {
        match self {
            Value::Area(x, y, w, h) => Some([x as i32, y as i32, w as i32, h as i32]),
            _ => None,
        }
    }

    /// The two areas of a pair (`None` for other values): the first `cut` columns (or rows)
    /// and the rest.
    #[inline]
    pub fn halves(self) -> Option<(Value, Value)> {
        match self {
            Value::Pair(x, y, w, h, cut, true) => Some((
                Value::Area(x, y, cut, h),
                Value::Area(x + cut, y, w - cut, h),
            )),
            Value::Pair(x, y, w, h, cut, false) => Some((
                Value::Area(x, y, w, cut),
                Value::Area(x, y + cut, w, h - cut),
            )),
            _ => None,
        }
    }

    /// The room, if the value is one.
    #[inline]
    pub fn room(self) -> Option<RoomId> {
        match self {
            Value::Room(r) => Some(r),
            _ => None,
        }
    }
}

/// Static types, checked when a rule set is loaded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Type {
    /// A number.
    Num,
    /// A truth value.
    Bool,
    /// A room or nothing.
    Room,
    /// A grid cell.
    Cell,
    /// A rectangle of tiles.
    Area,
    /// Two areas, the result of a split.
    Pair,
}

impl Type {
    /// The type's name in messages.
    pub fn describe(self) -> &'static str {
        match self {
            Type::Num => "a number",
            Type::Bool => "a true/false value",
            Type::Room => "a room",
            Type::Cell => "a cell",
            Type::Area => "an area (a rectangle of tiles)",
            Type::Pair => "two areas (a split)",
        }
    }

    /// The type's noun, for "a list of ...s".
    pub fn noun(self) -> &'static str {
        match self {
            Type::Num => "number",
            Type::Bool => "true/false value",
            Type::Room => "room",
            Type::Cell => "cell",
            Type::Area => "area",
            Type::Pair => "pair of areas",
        }
    }
}
