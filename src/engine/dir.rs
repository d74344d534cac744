//! Compass directions on the grid: the one direction type of the crate. Coordinates: x to the
//! right, y down.
//!
//! Random draws and scans depend on the order directions are tried in, so the orders are
//! named constants, each used where that order is the original's: [`Dir::ALL4`] (east, west,
//! south, north) almost everywhere, [`Dir::NSEW`] where sides are numbered north first.

use serde::Deserialize;

/// A compass direction on the grid (y grows downwards). In rule files: `E`, `W`, `S`, `N`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
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

/// `dx` of each direction, indexed by `Dir as usize`.
const DX: [i32; 4] = [1, -1, 0, 0];
/// `dy` of each direction, indexed by `Dir as usize`.
const DY: [i32; 4] = [0, 0, 1, -1];

impl Dir {
    /// East, west, south, north: the order of the 4-neighbour scans, walks and random
    /// direction draws (a draw `below(4)` picks `ALL4[k]`).
    pub const ALL4: [Dir; 4] = [Dir::E, Dir::W, Dir::S, Dir::N];

    /// North, south, east, west: the order of side bit sets written "up 8, down 4, right 2,
    /// left 1" and of direction numbers counted from north (`BoundedFlood`, `RiverWalk`).
    pub const NSEW: [Dir; 4] = [Dir::N, Dir::S, Dir::E, Dir::W];

    /// The column step of one move this way: 1, −1 or 0.
    #[inline]
    pub const fn dx(self) -> i32 {
        DX[self as usize]
    }

    /// The row step of one move this way: 1 (down), −1 (up) or 0.
    #[inline]
    pub const fn dy(self) -> i32 {
        DY[self as usize]
    }

    /// The direction back.
    #[inline]
    pub const fn opposite(self) -> Dir {
        match self {
            Dir::E => Dir::W,
            Dir::W => Dir::E,
            Dir::S => Dir::N,
            Dir::N => Dir::S,
        }
    }

    /// The direction of the unit step `(dx, dy)`; `None` for any other offset.
    pub fn of_delta(dx: i32, dy: i32) -> Option<Dir> {
        Dir::ALL4.into_iter().find(|d| d.dx() == dx && d.dy() == dy)
    }
}

#[cfg(test)]
mod tests {
    use super::Dir;

    #[test]
    fn steps_and_orders() {
        let steps: Vec<(i32, i32)> = Dir::ALL4.iter().map(|d| (d.dx(), d.dy())).collect();
        assert_eq!(steps, [(1, 0), (-1, 0), (0, 1), (0, -1)]);
        let steps: Vec<(i32, i32)> = Dir::NSEW.iter().map(|d| (d.dx(), d.dy())).collect();
        assert_eq!(steps, [(0, -1), (0, 1), (1, 0), (-1, 0)]);
        assert_eq!(Dir::N.opposite(), Dir::S);
        assert_eq!(Dir::W.opposite(), Dir::E);
        assert_eq!(Dir::of_delta(0, -1), Some(Dir::N));
        assert_eq!(Dir::of_delta(1, 1), None);
    }
}
