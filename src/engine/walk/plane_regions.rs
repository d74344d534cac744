//! The 4-connected regions of a [`BitRows`] plane kept as planes (see [`super`]): each
//! region's cells as the words of the rows it spans, with its size, and no label per
//! cell. For a caller that asks which region a few cells are in (or how many regions, and
//! how big): no `width × height` array is written; [`PlaneRegions::at`] looks through the
//! regions whose rows hold the cell. [`super::Regions`] labels every cell instead.

use super::sweep::{BitWalk, NO_REGION};
use crate::engine::bit_rows::BitRows;

/// One region: its first row and its words (`words[from..to]`, whole rows of the plane's
/// words per row from row `y0`).
#[derive(Debug, Clone, Copy)]
struct Span {
    y0: u32,
    from: u32,
    to: u32,
}

/// The regions of a plane's set cells, numbered from 0 in raster order of their first
/// cell, as planes. The buffers are kept from one computation to the next.
#[derive(Debug, Default, Clone)]
pub struct PlaneRegions {
    width: i32,
    height: i32,
    /// Words per row.
    wpr: usize,
    spans: Vec<Span>,
    sizes: Vec<u32>,
    /// Every region's words, one region after the other.
    words: Vec<u64>,
    walk: BitWalk,
}

impl PlaneRegions {
    /// No regions.
    pub fn new() -> PlaneRegions {
        PlaneRegions::default()
    }

    /// Find the regions of the set cells of `open` (the grid's cells; its margin and the
    /// bits past its width are not read).
    pub fn compute(&mut self, open: &BitRows) {
        (self.width, self.height) = (open.width(), open.height());
        self.wpr = open.words_per_row();
        self.spans.clear();
        self.sizes.clear();
        self.words.clear();
        let (spans, sizes, words) = (&mut self.spans, &mut self.sizes, &mut self.words);
        self.walk.each_region(open, |y0, region| {
            let from = words.len() as u32;
            words.extend_from_slice(region);
            let to = words.len() as u32;
            spans.push(Span {
                y0: y0 as u32,
                from,
                to,
            });
            sizes.push(region.iter().map(|w| w.count_ones()).sum());
        });
    }

    /// How many regions.
    pub fn count(&self) -> usize {
        self.sizes.len()
    }

    /// Cells of every region, by number.
    pub fn sizes(&self) -> &[u32] {
        &self.sizes
    }

    /// Whether cell `(x, y)` is in region `r` (false off the grid or for no such region).
    pub fn contains(&self, r: u32, x: i32, y: i32) -> bool {
        if x < 0 || y < 0 || x >= self.width || y >= self.height {
            return false;
        }
        let Some(s) = self.spans.get(r as usize) else {
            return false;
        };
        let Some(row) = (y as u32).checked_sub(s.y0) else {
            return false;
        };
        let k = s.from as usize + row as usize * self.wpr + x as usize / 64;
        k < s.to as usize && self.words[k] >> (x % 64) & 1 != 0
    }

    /// The region of cell `(x, y)`, or [`NO_REGION`] off the grid or where not set.
    pub fn at(&self, x: i32, y: i32) -> u32 {
        (0..self.count() as u32)
            .find(|&r| self.contains(r, x, y))
            .unwrap_or(NO_REGION)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions_as_planes_answer_for_their_cells() {
        // by hand: a (3 cells, rows 0-1), b (the right column, rows 0-3), c (2 cells of
        // row 3)
        let rows = [
            "..#.", //
            "#.#.", //
            "###.", //
            "..#.", //
        ];
        let mut open = BitRows::new();
        let cells = rows.iter().flat_map(|r| r.bytes().map(|b| b == b'.'));
        open.set_cells(4, 4, cells);
        let mut r = PlaneRegions::new();
        r.compute(&open);
        assert_eq!((r.count(), r.sizes()), (3, &[3, 4, 2][..]));
        let labels: Vec<u32> = (0..16).map(|i| r.at(i % 4, i / 4)).collect();
        let n = NO_REGION;
        assert_eq!(labels, [0, 0, n, 1, n, 0, n, 1, n, n, n, 1, 2, 2, n, 1]);
        assert!(r.contains(1, 3, 3) && !r.contains(0, 3, 3) && !r.contains(3, 0, 0));
        assert_eq!((r.at(-1, 0), r.at(4, 0), r.at(0, 4)), (n, n, n));
        // again on other cells: nothing of the first computation is left
        open.set_cells(4, 4, (0..16).map(|i| i == 15));
        r.compute(&open);
        assert_eq!((r.sizes(), r.at(3, 3), r.at(0, 0)), (&[1][..], 0, n));
    }
}
