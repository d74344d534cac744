//! [`Rect`]: a rectangle of cells, part of the grid toolkit ([`super`]).

/// A rectangle of cells: top-left `(x, y)`, `w × h` cells. A rectangle with `w <= 0` or
/// `h <= 0` is empty. Ends are exclusive: it covers `x..x + w` by `y..y + h`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Rect {
    /// Left column.
    pub x: i32,
    /// Top row.
    pub y: i32,
    /// Width in cells.
    pub w: i32,
    /// Height in cells.
    pub h: i32,
}

impl Rect {
    /// The rectangle `w × h` at `(x, y)`.
    #[inline]
    pub const fn new(x: i32, y: i32, w: i32, h: i32) -> Rect {
        Rect { x, y, w, h }
    }

    /// The rectangle from `(x0, y0)` to `(x1, y1)`, ends exclusive.
    #[inline]
    pub fn from_corners(x0: i32, y0: i32, x1: i32, y1: i32) -> Rect {
        Rect::new(x0, y0, x1.saturating_sub(x0), y1.saturating_sub(y0))
    }

    /// The whole of a `width × height` grid.
    #[inline]
    pub const fn of_size(width: i32, height: i32) -> Rect {
        Rect::new(0, 0, width, height)
    }

    /// One past the right column.
    #[inline]
    pub fn x1(&self) -> i32 {
        self.x.saturating_add(self.w)
    }

    /// One past the bottom row.
    #[inline]
    pub fn y1(&self) -> i32 {
        self.y.saturating_add(self.h)
    }

    /// Whether it covers no cell.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.w <= 0 || self.h <= 0
    }

    /// Number of cells (0 when empty).
    #[inline]
    pub fn area(&self) -> i64 {
        if self.is_empty() {
            0
        } else {
            self.w as i64 * self.h as i64
        }
    }

    /// Whether `(x, y)` is inside.
    #[inline]
    pub fn contains(&self, x: i32, y: i32) -> bool {
        x >= self.x && y >= self.y && x < self.x1() && y < self.y1()
    }

    /// Whether `other` lies wholly inside (an empty `other` is inside anything).
    #[inline]
    pub fn contains_rect(&self, other: &Rect) -> bool {
        other.is_empty()
            || (other.x >= self.x
                && other.y >= self.y
                && other.x1() <= self.x1()
                && other.y1() <= self.y1())
    }

    /// The cells inside both (possibly empty).
    #[inline]
    pub fn intersect(&self, other: &Rect) -> Rect {
        Rect::from_corners(
            self.x.max(other.x),
            self.y.max(other.y),
            self.x1().min(other.x1()),
            self.y1().min(other.y1()),
        )
    }

    /// The part inside a `width × height` grid.
    #[inline]
    pub fn clip(&self, width: i32, height: i32) -> Rect {
        self.intersect(&Rect::of_size(width, height))
    }

    /// Shrunk by `n` cells on every side (grown when `n < 0`).
    #[inline]
    pub fn inset(&self, n: i32) -> Rect {
        Rect::new(
            self.x + n,
            self.y + n,
            self.w.saturating_sub(2 * n),
            self.h.saturating_sub(2 * n),
        )
    }

    /// Whether `f(x, y)` holds for some cell (raster order, stopping at the first).
    #[inline]
    pub fn any_cell(&self, mut f: impl FnMut(i32, i32) -> bool) -> bool {
        for y in self.y..self.y1() {
            for x in self.x..self.x1() {
                if f(x, y) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether `f(x, y)` holds for every cell (raster order, stopping at the first that
    /// fails; true when empty).
    #[inline]
    pub fn all_cells(&self, mut f: impl FnMut(i32, i32) -> bool) -> bool {
        !self.any_cell(|x, y| !f(x, y))
    }

    /// Call `f(x, y)` for every cell in raster order (a plain nested loop).
    #[inline]
    pub fn for_each(&self, mut f: impl FnMut(i32, i32)) {
        for y in self.y..self.y1() {
            for x in self.x..self.x1() {
                f(x, y);
            }
        }
    }

    /// Every cell in raster order: rows top to bottom, each row left to right.
    #[inline]
    pub fn cells(&self) -> impl Iterator<Item = (i32, i32)> {
        let (x0, x1) = (self.x, self.x1());
        let ys = if self.is_empty() {
            self.y..self.y
        } else {
            self.y..self.y1()
        };
        ys.flat_map(move |y| (x0..x1).map(move |x| (x, y)))
    }
}
