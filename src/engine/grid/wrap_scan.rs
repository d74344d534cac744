//! [`WrapScan`]: the scan with wrap-around of miniset placement, part of the grid toolkit
//! ([`super`]).

/// The scan with wrap-around of miniset placement: positions `(x, y)` with
/// `0 <= x < span_x`, `0 <= y < span_y`, from a start position, `x` advancing by one; past
/// the last column `x` returns to 0 and `y` advances, and past the last row `y` returns to 0.
///
/// [`WrapScan::wrap`] applies the wrap rule to the current position (the original checks it
/// at the top of each try); [`WrapScan::advance`] moves one column on.
#[derive(Debug, Clone, Copy)]
pub struct WrapScan {
    /// Current column.
    pub x: i32,
    /// Current row.
    pub y: i32,
    span_x: i32,
    span_y: i32,
}

impl WrapScan {
    /// A scan over `span_x × span_y` positions starting at `(x, y)`.
    #[inline]
    pub fn new(x: i32, y: i32, span_x: i32, span_y: i32) -> WrapScan {
        WrapScan {
            x,
            y,
            span_x,
            span_y,
        }
    }

    /// When `x` has reached the column span, go to the start of the next row (and from
    /// the last row back to the first).
    #[inline]
    pub fn wrap(&mut self) {
        if self.x == self.span_x {
            self.x = 0;
            self.y += 1;
            if self.y == self.span_y {
                self.y = 0;
            }
        }
    }

    /// One column on.
    #[inline]
    pub fn advance(&mut self) {
        self.x += 1;
    }

    /// The positions from the current one to the end of its row (the current included).
    #[inline]
    pub fn left_in_row(&self) -> i32 {
        self.span_x - self.x
    }

    /// Whether the current position is a valid position of the span.
    #[inline]
    pub fn valid(&self) -> bool {
        self.x >= 0 && self.y >= 0 && self.x < self.span_x && self.y < self.span_y
    }
}
