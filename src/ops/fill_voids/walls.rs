//! `FillVoids`' probes drawn in one tight loop: most probes land on a cell that is no wall,
//! or on a wall already found barren, and change nothing but the try count. [`Walls`] holds
//! the wall cells as a [`BitRows`] plane (any grid width), and [`Walls::probe`] makes the draws (specialised to
//! the generator once, [`Rng::draw_loop2`]) until one lands on a wall not known barren:
//! the same draws in the same order, the same tries counted, as a probe at a time.

use super::barren::Barren;
use crate::engine::bit_rows::BitRows;
use crate::engine::grid::{Grid, Rect};
use crate::engine::row_bits::eq_bits;
use crate::rng::draws::{DrawLoop, Draws};
use crate::rng::Rng;

/// The wall cells of a grid: bit `(x, y)` set for a wall.
#[derive(Debug, Default)]
pub struct Walls {
    rows: BitRows,
}

/// Where [`Walls::probe`] stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Probe {
    /// A wall cell not known barren (counted as a try).
    Live(i32, i32),
    /// A cell off the probe area, not read nor counted: the rare negative draw of an
    /// `AbsShift` LCG (the caller probes it as it would any cell).
    Unread(i32, i32),
    /// The tries reached the limit.
    Spent,
}

impl Walls {
    /// Make these the wall cells (value `wall`) of `g`.
    pub fn of(&mut self, g: &Grid, wall: u16) {
        self.rows.reset(g.width(), g.height(), 0, false);
        self.redo(g, wall, 0, g.height());
    }

    /// The rows `y0..y1` (clipped to the grid) of `g` changed: read them again.
    pub fn redo(&mut self, g: &Grid, wall: u16, y0: i32, y1: i32) {
        self.rows.redo_rows(g, y0, y1, |cells| eq_bits(cells, wall));
    }

    /// Probe `(rnd(area.w) + area.x, rnd(area.h) + area.y)` (`area` non-empty, in the
    /// grid `g`) until a probe lands on a wall cell not marked in `barren` (flat indices), each
    /// wall landed on counting one of `tries`, at most `attempts` in all.
    pub fn probe(
        &self,
        g: &Grid,
        rng: &mut Rng,
        area: Rect,
        barren: &Barren,
        tries: &mut i64,
        attempts: i64,
    ) -> Probe {
        rng.draw_loop2(
            [area.w as i64, area.h as i64],
            Until {
                walls: self,
                g,
                area,
                barren,
                tries,
                attempts,
            },
        )
    }
}

/// The loop of [`Walls::probe`].
struct Until<'a> {
    walls: &'a Walls,
    /// The grid of the walls (for the flat indices of `barren`).
    g: &'a Grid<'a>,
    area: Rect,
    barren: &'a Barren,
    tries: &'a mut i64,
    attempts: i64,
}

impl DrawLoop for Until<'_> {
    type Out = Probe;
    #[inline]
    fn run(self, d: &mut impl Draws) -> Probe {
        let Until {
            walls,
            g,
            area,
            barren,
            tries,
            attempts,
        } = self;
        let mut n = *tries;
        let out = loop {
            if n >= attempts {
                break Probe::Spent;
            }
            let x = d.draw() as i32 + area.x;
            let y = d.draw_second() as i32 + area.y;
            if x < area.x || y < area.y {
                break Probe::Unread(x, y);
            }
            if !walls.rows.get(x, y) {
                continue;
            }
            n += 1;
            if !barren.has(g.index(x, y)) {
                break Probe::Live(x, y);
            }
        };
        *tries = n;
        out
    }
}
