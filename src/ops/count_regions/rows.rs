//! [`super::Op`] on a grid at most 64 cells wide: the member cells as one bit mask per row,
//! and each region taken away a run of cells at a time (a run's neighbours on the rows
//! above and below are found with one AND). Counts the same regions as the cell flood.

use super::Op;
#[cfg(test)]
use super::PLAIN;
use crate::engine::bit_planes::eq_bits;
use crate::engine::grid::{Connectivity, Rect};
use crate::engine::state::State;

/// The run of consecutive set bits of `m` through bit `x` (which is set).
#[inline]
fn run_of(m: u64, x: u32) -> u64 {
    let up = (!(m >> x)).trailing_zeros();
    let down = (!(m << (63 - x))).leading_zeros();
    let len = up + down - 1;
    (u64::MAX >> (64 - len)) << (x + 1 - down)
}

impl Op {
    /// Whether the row masks apply: grids 1..=64 cells wide.
    pub(super) fn fits_rows(&self, width: i32) -> bool {
        #[cfg(test)]
        if PLAIN.with(|p| p.get()) {
            return false;
        }
        (1..=64).contains(&width)
    }

    /// The number of regions of the member cells of `area` (non-empty, in the grid).
    pub(super) fn count_rows(&self, st: &State, area: Rect) -> u32 {
        let g = st.grid(self.head.layer);
        let h = st.height as usize;
        // bit x of `open[y]`: (x, y) is a member not yet in a counted region
        let mut open = vec![0u64; h];
        for y in area.y..area.y1() {
            let row = g.row(y, area.x, area.x1());
            let mut m = self.values.iter().fold(0, |a, &v| a | eq_bits(row, v));
            for &f in &self.head.protected {
                m &= eq_bits(st.grid(f).row(y, area.x, area.x1()), 0);
            }
            open[y as usize] = m << area.x;
        }
        let eight = self.conn == Connectivity::Eight;
        let mut stack: Vec<(usize, u64)> = Vec::new();
        let mut regions = 0;
        for y in area.y as usize..area.y1() as usize {
            while open[y] != 0 {
                regions += 1;
                stack.push((y, open[y] & open[y].wrapping_neg()));
                while let Some((ry, mut seeds)) = stack.pop() {
                    seeds &= open[ry];
                    while seeds != 0 {
                        let run = run_of(open[ry], seeds.trailing_zeros());
                        seeds &= !run;
                        open[ry] &= !run;
                        let reach = if eight {
                            run | run << 1 | run >> 1
                        } else {
                            run
                        };
                        if ry > 0 && open[ry - 1] & reach != 0 {
                            stack.push((ry - 1, open[ry - 1] & reach));
                        }
                        if ry + 1 < h && open[ry + 1] & reach != 0 {
                            stack.push((ry + 1, open[ry + 1] & reach));
                        }
                    }
                }
            }
        }
        regions
    }
}
