//! Compass directions on the grid, for operators that grow or place rooms by direction and
//! for the door sides of room shapes. Not an operator. Coordinates: x to the right, y down.

use serde::Deserialize;

/// A compass direction on the grid (y grows downwards).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum Dir {
    /// x + 1
    E,
    /// x − 1
    W,
    /// y + 1
    S,
    /// y − 1
    N,
}

impl Dir {
    /// The cell offset `(dx, dy)` of one step this way.
    #[inline]
    pub fn delta(self) -> (i32, i32) {
        match self {
            Dir::E => (1, 0),
            Dir::W => (-1, 0),
            Dir::S => (0, 1),
            Dir::N => (0, -1),
        }
    }
}
