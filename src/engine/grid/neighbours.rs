//! Neighbour offsets: [`N4`], [`N8`] and [`Connectivity`], part of the grid toolkit
//! ([`super`]).

use crate::engine::dir::Dir;

/// The four orthogonal steps `(dx, dy)` of [`Dir::ALL4`] (east, west, south, north), as the
/// offset table [`Connectivity::offsets`] hands to floods; code that walks directions uses
/// [`Dir`] itself.
pub const N4: [(i32, i32); 4] = {
    let mut t = [(0, 0); 4];
    let mut i = 0;
    while i < 4 {
        t[i] = (Dir::ALL4[i].dx(), Dir::ALL4[i].dy());
        i += 1;
    }
    t
};

/// The eight neighbour steps `(dx, dy)`: row above left to right, then west, east, then the
/// row below left to right (raster order around the cell).
pub const N8: [(i32, i32); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

/// Which cells count as neighbours in a flood fill or a neighbour count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize)]
pub enum Connectivity {
    /// The four orthogonal neighbours ([`N4`]).
    Four,
    /// All eight neighbours ([`N8`]).
    Eight,
}

impl Connectivity {
    /// The neighbour offsets.
    #[inline]
    pub fn offsets(self) -> &'static [(i32, i32)] {
        match self {
            Connectivity::Four => &N4,
            Connectivity::Eight => &N8,
        }
    }
}
