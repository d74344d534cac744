//! [`super::Compiled`] on a grid at most 64 cells wide: the member cells as one bit mask per row,
//! and each region taken away a run of cells at a time (a run's neighbours on the rows
//! above and below are found with one AND). Counts the same regions as the cell flood.

use super::Compiled;
use crate::engine::fast_path::{self, FastPath};
use crate::engine::grid::{Connectivity, Rect};
use crate::engine::row_bits::eq_bits;
use crate::engine::row_flood::flood_region;
use crate::engine::state::State;

impl Compiled {
    /// Whether the row masks apply: grids 1..=64 cells wide.
    pub(super) fn fits_rows(&self, width: i32) -> bool {
        (1..=64).contains(&width) && fast_path::allowed(FastPath::RegionRows)
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
                flood_region(&mut open[..h], y, eight, &mut stack, |_, _| {});
            }
        }
        regions
    }
}
