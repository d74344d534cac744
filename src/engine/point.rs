//! A cell of a grid: the one point type of the crate.
//!
//! Coordinates are cells: x to the right, y down, 0-based (offsets may be negative). In the
//! Dungeon JSON and in rule files a point is the pair `[x, y]` (JSON) or `(x, y)` (RON): it
//! serializes and deserializes as a two-element tuple, exactly as the `[i32; 2]` it replaces.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::dir::Dir;

/// A cell `(x, y)`, or an offset between two cells. Ordered by `x`, then `y` (as the pair it
/// replaces).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Point {
    /// Column: grows to the right.
    pub x: i32,
    /// Row: grows downwards.
    pub y: i32,
}

impl Point {
    /// The point `(x, y)`.
    #[inline]
    pub const fn new(x: i32, y: i32) -> Point {
        Point { x, y }
    }

    /// The offset of one step towards `d` (`(1, 0)` for east). Loops over a list of
    /// directions read faster from these than from [`Dir`]s (two loads, no table look-up).
    #[inline]
    pub const fn unit(d: Dir) -> Point {
        Point::new(d.dx(), d.dy())
    }

    /// This point moved by `(dx, dy)`.
    #[inline]
    pub const fn offset(self, dx: i32, dy: i32) -> Point {
        Point::new(self.x + dx, self.y + dy)
    }

    /// The neighbour one step towards `d`.
    #[inline]
    pub const fn step(self, d: Dir) -> Point {
        self.offset(d.dx(), d.dy())
    }

    /// The direction of the unit step from this point to `to`; `None` when `to` is not one
    /// of its four neighbours.
    #[inline]
    pub fn dir_to(self, to: Point) -> Option<Dir> {
        Dir::of_delta(to.x - self.x, to.y - self.y)
    }

    /// The pair `[x, y]`.
    #[inline]
    pub const fn to_array(self) -> [i32; 2] {
        [self.x, self.y]
    }
}

impl std::ops::Add for Point {
    type Output = Point;
    #[inline]
    fn add(self, o: Point) -> Point {
        Point::new(self.x + o.x, self.y + o.y)
    }
}

impl std::ops::Sub for Point {
    type Output = Point;
    #[inline]
    fn sub(self, o: Point) -> Point {
        Point::new(self.x - o.x, self.y - o.y)
    }
}

impl From<[i32; 2]> for Point {
    #[inline]
    fn from([x, y]: [i32; 2]) -> Point {
        Point::new(x, y)
    }
}

impl From<(i32, i32)> for Point {
    #[inline]
    fn from((x, y): (i32, i32)) -> Point {
        Point::new(x, y)
    }
}

impl From<Point> for [i32; 2] {
    #[inline]
    fn from(p: Point) -> [i32; 2] {
        p.to_array()
    }
}

/// As the pair `[x, y]` (a two-element tuple, like `[i32; 2]`), so the output bytes do not
/// depend on the type.
impl Serialize for Point {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.to_array().serialize(s)
    }
}

/// From the pair `[x, y]`, exactly as `[i32; 2]` reads (same accepted forms, same errors).
impl<'de> Deserialize<'de> for Point {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Point, D::Error> {
        <[i32; 2]>::deserialize(d).map(Point::from)
    }
}

#[cfg(test)]
mod tests {
    use super::{Dir, Point};

    #[test]
    fn json_form_is_the_pair() {
        let p = Point::new(3, -1);
        assert_eq!(serde_json::to_string(&p).unwrap(), "[3,-1]");
        assert_eq!(
            serde_json::from_str::<Point>("[4, 5]").unwrap(),
            Point::new(4, 5)
        );
        assert!(serde_json::from_str::<Point>("[4]").is_err());
    }

    #[test]
    fn moves_and_order() {
        let p = Point::new(2, 2);
        assert_eq!(p.step(Dir::N), Point::new(2, 1));
        assert_eq!(p.step(Dir::E), Point::new(3, 2));
        assert_eq!(Point::unit(Dir::W), Point::new(-1, 0));
        assert_eq!(p.offset(-2, 1) - p, Point::new(-2, 1));
        assert!(Point::new(1, 9) < Point::new(2, 0));
        assert!(Point::new(1, 0) < Point::new(1, 1));
        assert_eq!(p.dir_to(Point::new(2, 3)), Some(Dir::S));
        assert_eq!(p.dir_to(Point::new(3, 3)), None);
    }
}
