//! Flood fill over one bit mask per row (grids at most 64 cells wide): a region is grown a
//! run of cells at a time instead of a cell at a time. Bit `x` of `open[y]` is cell
//! `(x, y)`; a set bit is a cell the flood may enter. Shared by the region operators
//! (FloodRegions, CountRegions); [`crate::engine::grid::Flood`] is the per-cell flood for
//! any width, and both give the same regions.

/// The run of set bits of `m` that holds bit `x` (which must be set).
#[inline]
pub fn run_of(m: u64, x: u32) -> u64 {
    // ones from bit x upward, and from bit x downward
    let up = (!(m >> x)).trailing_zeros();
    let down = (!(m << (63 - x))).leading_zeros();
    let len = up + down - 1;
    (u64::MAX >> (64 - len)) << (x + 1 - down)
}

/// Flood the region of the lowest set bit of `open[y]` (which must be non-zero), through
/// rows `0..open.len()`, 4-connected or (`eight`) 8-connected. Every run of cells reached
/// is cleared from `open` and given to `visit(row, run)` once. `stack` is scratch space,
/// left empty.
#[inline]
pub fn flood_region(
    open: &mut [u64],
    y: usize,
    eight: bool,
    stack: &mut Vec<(usize, u64)>,
    mut visit: impl FnMut(usize, u64),
) {
    let h = open.len();
    stack.push((y, open[y] & open[y].wrapping_neg()));
    while let Some((ry, mut seeds)) = stack.pop() {
        seeds &= open[ry];
        while seeds != 0 {
            let run = run_of(open[ry], seeds.trailing_zeros());
            seeds &= !run;
            open[ry] &= !run;
            visit(ry, run);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_and_regions_of_a_small_mask() {
        assert_eq!(run_of(0b0111_0110, 2), 0b0000_0110);
        assert_eq!(run_of(0b0111_0110, 5), 0b0111_0000);
        assert_eq!(run_of(u64::MAX, 63), u64::MAX);
        // rows: .##.  /  ...# / #..#  — 4-connected: {(1,0),(2,0)}, {(3,1),(3,2)}, {(0,2)};
        // 8-connected joins the first two
        let rows = [0b0110u64, 0b1000, 0b1001];
        let count = |eight: bool| {
            let (mut open, mut stack, mut n, mut cells) = (rows, Vec::new(), 0, 0);
            for y in 0..open.len() {
                while open[y] != 0 {
                    n += 1;
                    flood_region(&mut open, y, eight, &mut stack, |_, r| {
                        cells += r.count_ones()
                    });
                }
            }
            (n, cells)
        };
        assert_eq!(count(false), (3, 5));
        assert_eq!(count(true), (2, 5));
    }
}
