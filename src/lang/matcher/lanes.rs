//! The row scan of a [`Matcher`]: [`Matcher::next_match`] finds the next position where
//! it holds, testing [`LANES`] consecutive positions at once where every probe stays on the
//! grid.

use super::{Matcher, Want, LANES};
use crate::engine::grid::{Grid, Rect};

impl Matcher {
    /// The first position of `positions` at or after `from` in raster order (rows top to
    /// bottom, each left to right; `from` past its row's end continues on the next row)
    /// where [`Matcher::matches`] holds on `g`; `None` when there is none. The same answer
    /// as testing every position in turn: a row's positions in [`Matcher::inner`] are tested
    /// [`LANES`] at a time (each probe one compare per lane over consecutive cells, which
    /// the compiler turns into vector instructions), the others one by one.
    pub fn next_match(&self, g: &Grid, positions: Rect, from: (i32, i32)) -> Option<(i32, i32)> {
        if positions.is_empty() {
            return None;
        }
        let inner = self.inner(g.width(), g.height());
        let lanes = self.stride == g.width();
        let (x0, x1) = (positions.x, positions.x1());
        for y in from.1.max(positions.y)..positions.y1() {
            let start = if y == from.1 { from.0.max(x0) } else { x0 };
            if start >= x1 {
                continue;
            }
            // the run [a, b) is in `inner` and read by lanes; the rest one by one
            let (a, b) = if lanes && y >= inner.y && y < inner.y1() {
                (start.max(inner.x), x1.min(inner.x1()))
            } else {
                (x1, x1)
            };
            if b - a < LANES as i32 {
                let hit = (start..x1).find(|&x| self.matches(g, x, y));
                if let Some(x) = hit {
                    return Some((x, y));
                }
                continue;
            }
            if let Some(x) = (start..a).find(|&x| self.matches(g, x, y)) {
                return Some((x, y));
            }
            let mut x = a;
            while x < b {
                // the last run of lanes ends at `b`, overlapping the one before it
                let at = x.min(b - LANES as i32);
                let mask = self.lanes(g.as_slice(), g.flat_index(at, y)) >> (x - at);
                if mask != 0 {
                    return Some((x + mask.trailing_zeros() as i32, y));
                }
                x = at + LANES as i32;
            }
            if let Some(x) = (b..x1).find(|&x| self.matches(g, x, y)) {
                return Some((x, y));
            }
        }
        None
    }

    /// Bit `k` set when every probe holds at the position of flat index `i + k`, for
    /// `k < LANES`; those positions must be in [`Matcher::inner`] on one row of a grid
    /// [`Matcher::stride`] wide.
    #[inline(always)]
    fn lanes(&self, data: &[u16], i: isize) -> u32 {
        #[inline(always)]
        fn mask(b: bool) -> u16 {
            (b as u16).wrapping_neg()
        }
        let mut ok = [u16::MAX; LANES];
        for p in self.probes.iter() {
            let at = (i + p.off as isize) as usize;
            let cells: &[u16; LANES] = data[at..at + LANES].try_into().unwrap();
            match p.want {
                Want::Is(t) => {
                    for k in 0..LANES {
                        ok[k] &= mask(cells[k] == t);
                    }
                }
                Want::IsNot(t) => {
                    for k in 0..LANES {
                        ok[k] &= mask(cells[k] != t);
                    }
                }
                Want::In(a, b) => {
                    let mut any = [0u16; LANES];
                    for &m in &self.members[a as usize..b as usize] {
                        for k in 0..LANES {
                            any[k] |= mask(cells[k] == m);
                        }
                    }
                    for k in 0..LANES {
                        ok[k] &= any[k];
                    }
                }
            }
            if ok.iter().fold(0, |a, &b| a | b) == 0 {
                return 0;
            }
        }
        ok.iter()
            .enumerate()
            .fold(0, |m, (k, &b)| m | ((b & 1) as u32) << k)
    }
}
