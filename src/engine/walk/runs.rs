//! The 4-connected regions of a [`BitRows`] plane by linking runs: each row's runs of set
//! cells (a run may cross word edges) are joined to the runs they touch in the row above
//! (union-find, the root of a region being its first run in raster order), then numbered
//! in raster order of their first cell and written out: a few dozen instructions a run,
//! whatever the shape of the regions. `Regions` labels with it.

use crate::engine::bit_rows::BitRows;
use std::ops::Range;

/// No region: the label of a cell that is not open.
pub const NO_REGION: u32 = u32::MAX;

/// A run of set cells `x0..x1` of row `y`.
#[derive(Debug, Clone, Copy)]
struct Run {
    x0: u32,
    x1: u32,
    y: u32,
}

/// The buffers of a labelling, kept from one to the next.
#[derive(Debug, Default, Clone)]
pub(super) struct RunLinks {
    /// Every run, in raster order.
    runs: Vec<Run>,
    /// Per run: the run it was joined to (a root is its own).
    parent: Vec<u32>,
    /// Per run: its region.
    region: Vec<u32>,
}

impl RunLinks {
    /// Label the set cells of `open` (the grid's cells; the margin and the bits past the
    /// width are not read): `label` (row-major, `width × height`) gets each cell's region
    /// ([`NO_REGION`] where clear), regions numbered from 0 in raster order of their first
    /// cell, and `sizes` their cells.
    pub(super) fn label(&mut self, open: &BitRows, label: &mut Vec<u32>, sizes: &mut Vec<u32>) {
        let (w, h) = (open.width().max(0) as usize, open.height().max(0));
        label.clear();
        label.resize(w * h as usize, NO_REGION);
        sizes.clear();
        self.runs.clear();
        self.parent.clear();
        let mut above = 0..0;
        for y in 0..h {
            let first = self.runs.len();
            push_runs(open, y, &mut self.runs);
            let here = first..self.runs.len();
            self.parent.extend(here.clone().map(|r| r as u32));
            self.link(above, here.clone());
            above = here;
        }
        // a root (its region's first run) opens the next region; any other run is in its
        // root's, an earlier run's
        self.region.clear();
        for r in 0..self.runs.len() {
            let root = self.find(r);
            let id = if root == r {
                sizes.push(0);
                sizes.len() as u32 - 1
            } else {
                self.region[root]
            };
            self.region.push(id);
            let Run { x0, x1, y } = self.runs[r];
            let row = y as usize * w;
            label[row + x0 as usize..row + x1 as usize].fill(id);
            sizes[id as usize] += x1 - x0;
        }
    }

    /// Join each run of `here` to the runs of `above` (the row before) it shares a column
    /// with.
    fn link(&mut self, above: Range<usize>, here: Range<usize>) {
        let (mut a, mut b) = (above.start, here.start);
        while a < above.end && b < here.end {
            let (ra, rb) = (self.runs[a], self.runs[b]);
            if ra.x0 < rb.x1 && rb.x0 < ra.x1 {
                self.union(a, b);
            }
            // the run that ends first touches nothing further on
            if ra.x1 < rb.x1 {
                a += 1;
            } else {
                b += 1;
            }
        }
    }

    /// The root of run `r`'s tree (halving the path on the way).
    fn find(&mut self, mut r: usize) -> usize {
        while self.parent[r] as usize != r {
            let up = self.parent[r] as usize;
            self.parent[r] = self.parent[up];
            r = up;
        }
        r
    }

    /// Join the trees of runs `a` and `b` under the earlier root.
    fn union(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra < rb {
            self.parent[rb] = ra as u32;
        } else if rb < ra {
            self.parent[ra] = rb as u32;
        }
    }
}

/// Push the runs of set cells of row `y` of `open`, left to right (a run across a word
/// edge is one run).
fn push_runs(open: &BitRows, y: i32, runs: &mut Vec<Run>) {
    let mut open_end = false;
    for (i, &word) in open.row(y).iter().enumerate() {
        let base = 64 * i as u32;
        let mut bits = word & open.full(i);
        while bits != 0 {
            let s = bits.trailing_zeros();
            let len = (!(bits >> s)).trailing_zeros();
            match runs.last_mut() {
                Some(last) if open_end && s == 0 => last.x1 = base + len,
                _ => runs.push(Run {
                    x0: base + s,
                    x1: base + s + len,
                    y: y as u32,
                }),
            }
            open_end = false;
            bits = if s + len >= 64 {
                0
            } else {
                bits & !(((1u64 << len) - 1) << s)
            };
        }
        open_end = (word & open.full(i)) >> 63 == 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::grid::Connectivity;
    use crate::engine::row_flood::each_region;

    /// The labels and sizes of `open`'s regions by the row flood (another way to the same
    /// regions: a flood from the first open cell in raster order, then the next).
    fn flooded(open: &BitRows) -> (Vec<u32>, Vec<u32>) {
        let w = open.width() as usize;
        let mut label = vec![NO_REGION; w * open.height() as usize];
        let sizes = std::cell::RefCell::new(Vec::new());
        let mut plane = open.clone();
        each_region(
            &mut plane,
            Connectivity::Four,
            &mut Vec::new(),
            |_| sizes.borrow_mut().push(0),
            |y, i, run| {
                let mut sizes = sizes.borrow_mut();
                let id = sizes.len() as u32 - 1;
                *sizes.last_mut().expect("a region") += run.count_ones();
                let x = 64 * i + run.trailing_zeros() as usize;
                let from = y as usize * w + x;
                label[from..from + run.count_ones() as usize].fill(id);
            },
        );
        (label, sizes.into_inner())
    }

    #[test]
    fn linked_runs_give_the_regions_of_a_flood_on_any_width() {
        let mut x = 12345u64;
        let mut links = RunLinks::default();
        let (mut label, mut sizes) = (Vec::new(), Vec::new());
        for w in [1, 2, 7, 63, 64, 65, 127, 128, 130, 200] {
            for density in [20, 50, 65, 90] {
                let h = 1 + (w % 9) as i32 * 3;
                let cells: Vec<bool> = (0..w * h as usize)
                    .map(|_| {
                        x = x
                            .wrapping_mul(6364136223846793005)
                            .wrapping_add(1442695040888963407);
                        (x >> 33) % 100 < density
                    })
                    .collect();
                let mut open = BitRows::new();
                open.set_cells(w as i32, h, cells.iter().copied());
                let want = flooded(&open);
                // the margin and the bits past the width set: never read
                open.reset(w as i32, h, 1, true);
                for (i, &c) in cells.iter().enumerate() {
                    open.put((i % w) as i32, (i / w) as i32, c);
                }
                links.label(&open, &mut label, &mut sizes);
                assert_eq!(
                    (label.clone(), sizes.clone()),
                    want,
                    "{w} x {h}, {density} %"
                );
            }
        }
    }

    #[test]
    fn runs_join_across_word_edges_and_around_bends() {
        // a U whose arms meet only at the bottom: one region, numbered at (0, 0); a run
        // across the edge of the first word; a lone cell
        // the cells of spans `(from, to)`, `to` not included
        let line = |cells: &[(usize, usize)]| -> String {
            (0..67)
                .map(|x| {
                    if cells.iter().any(|&(a, b)| (a..b).contains(&x)) {
                        '#'
                    } else {
                        '.'
                    }
                })
                .collect()
        };
        let rows = [
            line(&[(0, 1), (5, 6)]),
            line(&[(0, 1), (5, 6)]),
            line(&[(0, 6)]),
            line(&[(55, 65)]),
            line(&[(66, 67)]),
        ];
        let (w, h) = (rows[0].len() as i32, rows.len() as i32);
        let mut open = BitRows::new();
        let flat: Vec<bool> = rows
            .iter()
            .flat_map(|r| r.bytes().map(|b| b == b'#'))
            .collect();
        open.set_cells(w, h, flat);
        let (mut label, mut sizes) = (Vec::new(), Vec::new());
        RunLinks::default().label(&open, &mut label, &mut sizes);
        assert_eq!(sizes, vec![10, 10, 1]);
        let at = |x: usize, y: usize| label[y * w as usize + x];
        assert_eq!(
            (at(0, 0), at(5, 0), at(3, 2), at(4, 1)),
            (0, 0, 0, NO_REGION)
        );
        assert_eq!((at(55, 3), at(64, 3), at(66, 4)), (1, 1, 2));
    }
}
