//! Part of the grid toolkit (see [`super::grid`]): flood fill over a [`BitRows`] plane, a run
//! of cells at a time instead of a cell at a time, any grid width. A set bit is a cell the
//! flood may enter; a run is a stretch of set bits within one 64-cell word (a stretch that
//! crosses a word edge is two runs, joined like neighbours). Shared by the region operators
//! (FloodRegions, CountRegions); [`super::regions::regions`] is the depth-first cell flood
//! for those that need its order, and all give the same regions.

use super::bit_rows::BitRows;
use super::grid::Connectivity;

/// The run of set bits of `m` that holds bit `x` (which must be set).
#[inline]
pub fn run_of(m: u64, x: u32) -> u64 {
    // ones from bit x upward, and from bit x downward
    let up = (!(m >> x)).trailing_zeros();
    let down = (!(m << (63 - x))).leading_zeros();
    let len = up + down - 1;
    (u64::MAX >> (64 - len)) << (x + 1 - down)
}

/// What one flood needs besides its plane: the stack of `(row, word, seed bits)` still to
/// visit. Kept in a run's scratch so floods allocate nothing once it has grown.
pub type FloodStack = Vec<(i32, usize, u64)>;

/// The buffers of a region scan: the plane of open cells, a mask to narrow it, the stack.
/// Kept in a run's scratch ([`super::scratch::Scratch::take`]).
#[derive(Debug, Default)]
pub struct FloodScratch {
    /// The cells a flood may enter.
    pub open: BitRows,
    /// A second plane (e.g. the cells no flag protects), ANDed into `open`.
    pub mask: BitRows,
    /// The flood's stack.
    pub stack: FloodStack,
}

/// Flood the region of cell `start` (which must be set in `open`), 4- or 8-connected,
/// inside `open`'s grid. Every run reached is cleared from `open` and given to
/// `visit(row, word, run bits)` once; `stack` is scratch, left empty.
pub fn flood_region(
    open: &mut BitRows,
    start: (i32, i32),
    conn: Connectivity,
    stack: &mut FloodStack,
    mut visit: impl FnMut(i32, usize, u64),
) {
    let (h, wpr) = (open.height(), open.words_per_row());
    let eight = conn == Connectivity::Eight;
    stack.push((start.1, (start.0 / 64) as usize, 1u64 << (start.0 % 64)));
    while let Some((ry, i, mut seeds)) = stack.pop() {
        seeds &= open.row(ry)[i];
        while seeds != 0 {
            let run = run_of(open.row(ry)[i], seeds.trailing_zeros());
            seeds &= !run;
            open.row_mut(ry)[i] &= !run;
            visit(ry, i, run);
            let reach = if eight {
                run | run << 1 | run >> 1
            } else {
                run
            };
            // a run ending at a word edge reaches the next word's first cell (and, 8-connected,
            // those of the rows above and below)
            let (east, west) = (run >> 63 == 1 && i + 1 < wpr, run & 1 == 1 && i > 0);
            for ny in [ry - 1, ry + 1] {
                if ny < 0 || ny >= h {
                    continue;
                }
                let row = open.row(ny);
                if row[i] & reach != 0 {
                    stack.push((ny, i, row[i] & reach));
                }
                if eight && east && row[i + 1] & 1 != 0 {
                    stack.push((ny, i + 1, 1));
                }
                if eight && west && row[i - 1] >> 63 != 0 {
                    stack.push((ny, i - 1, 1 << 63));
                }
            }
            let row = open.row(ry);
            if east && row[i + 1] & 1 != 0 {
                stack.push((ry, i + 1, 1));
            }
            if west && row[i - 1] >> 63 != 0 {
                stack.push((ry, i - 1, 1 << 63));
            }
        }
    }
}

/// The first set cell of `open` in raster order from row `*row` on (`*row` is moved to its
/// row), or `None`. With floods clearing every region they reach, calling this before each
/// flood visits the regions in raster order of their first cell.
pub fn next_open(open: &BitRows, row: &mut i32) -> Option<(i32, i32)> {
    while *row < open.height() {
        let words = open.row(*row);
        if let Some(i) = words.iter().position(|&w| w != 0) {
            return Some((64 * i as i32 + words[i].trailing_zeros() as i32, *row));
        }
        *row += 1;
    }
    None
}

/// Visit the regions of `open` in raster order of their first cell, clearing it: for each,
/// `region(first cell)` is called, then `run(row, word, bits)` for each of its runs.
pub fn each_region(
    open: &mut BitRows,
    conn: Connectivity,
    stack: &mut FloodStack,
    mut region: impl FnMut((i32, i32)),
    mut run: impl FnMut(i32, usize, u64),
) {
    let mut row = 0;
    while let Some(first) = next_open(open, &mut row) {
        region(first);
        flood_region(open, first, conn, stack, &mut run);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::grid::Grid;
    use crate::engine::tile_set::TileSet;

    #[test]
    fn runs_and_regions_of_a_small_mask() {
        assert_eq!(run_of(0b0111_0110, 2), 0b0000_0110);
        assert_eq!(run_of(0b0111_0110, 5), 0b0111_0000);
        assert_eq!(run_of(u64::MAX, 63), u64::MAX);
    }

    /// Regions and cells of `text` rows (`#` open), 4- and 8-connected.
    fn count(rows: &[&str], conn: Connectivity) -> (u32, u32) {
        let w = rows[0].len() as i32;
        let data: Vec<u16> = rows
            .iter()
            .flat_map(|r| r.bytes().map(|b| (b == b'#') as u16))
            .collect();
        let mut open = BitRows::new();
        open.set_plane(
            &Grid::new(&data, w, rows.len() as i32),
            &TileSet::new([1]),
            false,
            0,
        );
        let (mut n, mut cells, mut stack) = (0, 0, Vec::new());
        each_region(
            &mut open,
            conn,
            &mut stack,
            |_| n += 1,
            |_, _, r| cells += r.count_ones(),
        );
        (n, cells)
    }

    #[test]
    fn regions_by_connectivity_in_one_word() {
        // .##. / ...# / #..#  — 4-connected: {(1,0),(2,0)}, {(3,1),(3,2)}, {(0,2)};
        // 8-connected joins the first two
        let rows = [".##.", "...#", "#..#"];
        assert_eq!(count(&rows, Connectivity::Four), (3, 5));
        assert_eq!(count(&rows, Connectivity::Eight), (2, 5));
    }

    #[test]
    fn regions_join_across_word_edges() {
        // columns 63 and 64 are the two sides of a word edge
        let line = |cells: &[usize]| -> String {
            (0..130)
                .map(|x| if cells.contains(&x) { '#' } else { '.' })
                .collect()
        };
        // a run across the edge: one region; a diagonal across it: one region 8-connected
        let rows = [line(&[62, 63, 64, 65]), line(&[]), line(&[63]), line(&[64])];
        let rows: Vec<&str> = rows.iter().map(|s| s.as_str()).collect();
        assert_eq!(count(&rows, Connectivity::Four), (3, 6));
        assert_eq!(count(&rows, Connectivity::Eight), (2, 6));
        // the other diagonal, and a vertical step across the edge of the second word
        let rows = [line(&[64, 128]), line(&[63, 127]), line(&[127])];
        let rows: Vec<&str> = rows.iter().map(|s| s.as_str()).collect();
        assert_eq!(count(&rows, Connectivity::Four), (4, 5));
        assert_eq!(count(&rows, Connectivity::Eight), (2, 5));
    }
}
