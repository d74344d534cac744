//! Part of the grid toolkit (see [`super::grid`]): walking over the open cells of a grid in
//! orthogonal steps — distance fields by breadth-first search from a set of cells, the
//! connected regions of the open cells (labelled per cell, [`Regions`], or kept as planes,
//! [`PlaneRegions`]), and the word-parallel walks those rest on ([`BitWalk`]: regions of a
//! bit plane, steps between two cells).
//!
//! A grid here is `width × height` cells, row-major ([`Grid::index`](super::grid::Grid)'s
//! order); which cells are open is a test of a cell's row-major index, or the set cells of a
//! [`BitRows`] plane. All the structures keep
//! their buffers between computations: after the first computation of a grid size they do
//! not allocate (a labelling may grow its list of region sizes when a grid has more regions
//! than any before).

use super::bit_rows::BitRows;
use super::grid::Rect;

mod distance;
mod plane_regions;
mod sweep;
pub use distance::{DistanceField, LayerDistances, UNREACHED};
pub use plane_regions::PlaneRegions;
pub use sweep::{runs_through, BitWalk};

/// Label the set cells of `open` (the grid's cells) with `walk`: `label` (row-major,
/// `width × height`) gets each cell's region ([`NO_REGION`] where clear), regions numbered
/// from 0 in raster order of their first cell, and `sizes` their cells.
fn label(open: &BitRows, walk: &mut BitWalk, label: &mut Vec<u32>, sizes: &mut Vec<u32>) {
    let (w, h) = (open.width().max(0) as usize, open.height().max(0) as usize);
    let wpr = open.words_per_row();
    label.resize(w * h, NO_REGION);
    label.fill(NO_REGION);
    sizes.clear();
    walk.each_region(open, |y0, words| {
        let id = sizes.len() as u32;
        let mut cells = 0;
        for (k, &word) in words.iter().enumerate().filter(|w| *w.1 != 0) {
            let at = (y0 as usize + k / wpr) * w + 64 * (k % wpr);
            let row = &mut label[at..at + (w - 64 * (k % wpr)).min(64)];
            let mut bits = word;
            cells += bits.count_ones();
            while bits != 0 {
                row[bits.trailing_zeros() as usize] = id;
                bits &= bits - 1;
            }
        }
        sizes.push(cells);
    });
}

/// Whether `area` holds every cell of a `width × height` grid.
fn covers(area: Rect, width: i32, height: i32) -> bool {
    area.x <= 0 && area.y <= 0 && area.x1() >= width && area.y1() >= height
}

/// No region: [`Regions::at`] of a cell that is not open.
pub use sweep::NO_REGION;

/// The 4-connected regions of the open cells of a grid: a label per cell, regions numbered
/// from 0 in raster order of their first cell, and each region's size. Labelled a region at
/// a time: the open cells of any grid become a [`BitRows`] plane, whose regions grow a
/// word at a time ([`BitWalk::each_region`]).
#[derive(Debug, Default, Clone)]
pub struct Regions {
    width: i32,
    height: i32,
    /// Region per cell, row-major; [`NO_REGION`] where not open.
    label: Vec<u32>,
    /// Cells per region, by label.
    sizes: Vec<u32>,
    /// The open cells, when given otherwise than as a plane.
    open: BitRows,
    /// The word-parallel flood.
    walk: BitWalk,
}

impl Regions {
    /// No regions.
    pub fn new() -> Regions {
        Regions::default()
    }

    /// Label the regions of a `width × height` grid whose open cells are those whose
    /// row-major index passes `open(i)`.
    pub fn compute(&mut self, width: i32, height: i32, open: impl Fn(usize) -> bool) {
        let cells = (width.max(0) * height.max(0)) as usize;
        self.open.set_cells(width, height, (0..cells).map(open));
        self.label_open();
    }

    /// Label the regions of the set cells of `self.open`.
    fn label_open(&mut self) {
        label(&self.open, &mut self.walk, &mut self.label, &mut self.sizes);
        (self.width, self.height) = (self.open.width(), self.open.height());
    }

    /// [`compute`](Self::compute) confined to `area` (a rectangle inside the grid): cells
    /// outside it are not open, so regions stop at its edge.
    pub fn compute_in(
        &mut self,
        width: i32,
        height: i32,
        area: Rect,
        open: impl Fn(usize) -> bool,
    ) {
        if covers(area, width, height) {
            self.compute(width, height, open);
        } else {
            let w = width.max(1) as usize;
            let inside = |i: usize| area.contains((i % w) as i32, (i / w) as i32);
            self.compute(width, height, |i| inside(i) && open(i));
        }
    }

    /// The region of `(x, y)`, or [`NO_REGION`] outside the grid or where not open.
    #[inline]
    pub fn at(&self, x: i32, y: i32) -> u32 {
        if x < 0 || y < 0 || x >= self.width || y >= self.height {
            return NO_REGION;
        }
        self.label[(y * self.width + x) as usize]
    }

    /// Every cell of `area` (clipped to the grid) in no region, in raster order, with the
    /// distinct regions among its four neighbours inside `area` (0 to 4 of them, in the
    /// order of [`Dir::ALL4`](super::dir::Dir::ALL4)): the walls between regions, for connectors.
    pub fn gaps(&self, area: Rect, mut f: impl FnMut(i32, i32, &[u32])) {
        let a = area.clip(self.width, self.height);
        if a.is_empty() {
            return;
        }
        let w = self.width as usize;
        for y in a.y..a.y1() {
            let row = y as usize * w;
            for x in a.x..a.x1() {
                let i = row + x as usize;
                if self.label[i] != NO_REGION {
                    continue;
                }
                let mut near = [NO_REGION; 4];
                let mut k = 0;
                for (j, inside) in [
                    (i + 1, x + 1 < a.x1()),
                    (i.wrapping_sub(1), x > a.x),
                    (i + w, y + 1 < a.y1()),
                    (i.wrapping_sub(w), y > a.y),
                ] {
                    let r = if inside { self.label[j] } else { NO_REGION };
                    if r != NO_REGION && !near[..k].contains(&r) {
                        near[k] = r;
                        k += 1;
                    }
                }
                f(x, y, &near[..k]);
            }
        }
    }

    /// How many regions.
    pub fn count(&self) -> usize {
        self.sizes.len()
    }

    /// Cells of region `r`.
    pub fn size(&self, r: u32) -> u32 {
        self.sizes.get(r as usize).copied().unwrap_or(0)
    }

    /// Cells of every region, by number.
    pub fn sizes(&self) -> &[u32] {
        &self.sizes
    }

    /// The region of every cell, row-major ([`NO_REGION`] where not open).
    pub fn labels(&self) -> &[u32] {
        &self.label
    }

    /// Cells of the largest region (0 when there is none).
    pub fn largest(&self) -> u32 {
        self.sizes.iter().copied().max().unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `#` closed, anything else open.
    fn grid(rows: &[&str]) -> (i32, i32, Vec<bool>) {
        let open = rows
            .iter()
            .flat_map(|r| r.chars().map(|c| c != '#'))
            .collect();
        (rows[0].len() as i32, rows.len() as i32, open)
    }

    #[test]
    fn distances_walk_around_walls_from_every_source() {
        let (w, h, open) = grid(&[
            "..#..", //
            ".##..", //
            ".....", //
        ]);
        let mut f = DistanceField::new();
        f.compute(w, h, |i| open[i], [(0, 0)]);
        let rows: Vec<Vec<u32>> = (0..h)
            .map(|y| (0..w).map(|x| f.at(x, y)).collect())
            .collect();
        let u = UNREACHED;
        assert_eq!(
            rows,
            vec![
                vec![0, 1, u, 7, 8],
                vec![1, u, u, 6, 7],
                vec![2, 3, 4, 5, 6]
            ]
        );
        // (4, 0) at 8 is the farthest; none ties it
        assert_eq!(f.farthest(), Some(((4, 0), 8)));
        // two sources: each cell counts from the nearer; the farthest cells, (3, 0) and
        // (1, 2) at 3, tie: the first in raster order is the one
        f.compute(w, h, |i| open[i], [(0, 0), (4, 2)]);
        assert_eq!(f.at(3, 0), 3);
        assert_eq!(f.at(1, 2), 3);
        assert_eq!(f.at(4, 0), 2);
        assert_eq!(f.farthest(), Some(((3, 0), 3)));
        // a closed source or one outside the grid reaches nothing
        f.compute(w, h, |i| open[i], [(2, 0), (9, 9)]);
        assert_eq!(f.farthest(), None);
        assert_eq!(f.at(0, 0), UNREACHED);
    }

    #[test]
    fn a_second_walk_forgets_the_cells_of_the_first() {
        // 16 x 8 cells; the first walk reaches row 0 only (16 cells, few enough that the
        // next walk resets them one by one), the second only column 15
        let (w, h) = (16, 8);
        let mut f = DistanceField::new();
        f.compute(w, h, |i| i < 16, [(0, 0)]);
        assert_eq!((f.at(15, 0), f.at(15, 1)), (15, UNREACHED));
        f.compute(w, h, |i| i % 16 == 15, [(15, 7)]);
        assert_eq!(
            (f.at(13, 0), f.at(14, 0), f.at(15, 0)),
            (UNREACHED, UNREACHED, 7)
        );
        // the cells reached, in walk order, by row-major index
        let reached: Vec<(usize, u32)> = f.reached().collect();
        assert_eq!(
            reached,
            (0..8).map(|k| (127 - 16 * k, k as u32)).collect::<Vec<_>>()
        );
        assert_eq!((f.at(0, 0), f.at(15, 1), f.at(15, 7)), (UNREACHED, 6, 0));
        assert_eq!(f.farthest(), Some(((15, 0), 7)));
    }

    #[test]
    fn an_area_confines_walks_and_regions() {
        let (w, h, open) = grid(&[
            "..#..", //
            ".##..", //
            ".....", //
        ]);
        // the area leaves out column 4 and row 2: the source (4, 2) is outside, ignored;
        // (0, 0) is cut off from (3, 1) (the way round went through row 2)
        let area = Rect::new(0, 0, 4, 2);
        let mut f = DistanceField::new();
        f.compute_in(w, h, area, |i| open[i], [(3, 1), (4, 2)]);
        assert_eq!((f.at(3, 0), f.at(3, 1), f.at(4, 0)), (1, 0, UNREACHED));
        assert_eq!(f.at(0, 0), UNREACHED);
        assert_eq!(f.farthest(), Some(((3, 0), 1)));
        let mut r = Regions::new();
        r.compute_in(w, h, area, |i| open[i]);
        assert_eq!(r.count(), 2);
        assert_eq!((r.size(0), r.size(1)), (3, 2));
        assert_eq!((r.at(0, 1), r.at(3, 1), r.at(0, 2)), (0, 1, NO_REGION));
    }

    #[test]
    fn regions_of_a_byte_mask_are_those_of_the_test() {
        // 12 wide: runs cross word and row ends; the mask stops short of the grid
        let (w, h, open) = grid(&[
            "#########.##", //
            "##.######.##", //
            "##..####..#.", //
        ]);
        let bytes: Vec<u8> = open.iter().map(|&o| o as u8).collect();
        let mask = |bytes: &[u8], i: usize| bytes.get(i).is_some_and(|&b| b != 0);
        let mut r = Regions::new();
        r.compute(w, h, |i| mask(&bytes, i));
        // regions in raster order of their first cell: (9, 0), (2, 1), (11, 2)
        assert_eq!(r.sizes(), &[4, 3, 1]);
        assert_eq!(
            (r.at(9, 0), r.at(8, 2), r.at(2, 1), r.at(11, 2)),
            (0, 0, 1, 2)
        );
        let mut t = Regions::new();
        t.compute(w, h, |i| open[i]);
        assert_eq!((t.sizes(), t.label.clone()), (r.sizes(), r.label.clone()));
        // a mask shorter than the grid: the cells past it are closed
        r.compute(w, h, |i| mask(&bytes[..30], i));
        assert_eq!(r.sizes(), &[2, 3]);
        assert_eq!((r.at(11, 2), r.at(8, 2)), (NO_REGION, NO_REGION));
    }

    #[test]
    fn regions_are_numbered_in_raster_order_with_their_sizes() {
        let (w, h, open) = grid(&[
            "..#.#", //
            "###.#", //
            ".#..#", //
        ]);
        let mut r = Regions::new();
        r.compute(w, h, |i| open[i]);
        assert_eq!(r.count(), 3);
        assert_eq!((r.at(1, 0), r.at(3, 0), r.at(0, 2)), (0, 1, 2));
        assert_eq!((r.size(0), r.size(1), r.size(2)), (2, 4, 1));
        assert_eq!(r.largest(), 4);
        assert_eq!(r.at(2, 0), NO_REGION);
        assert_eq!(r.at(-1, 0), NO_REGION);
        // the cells between them, with the regions beside each (+x, -x, +y, -y)
        let gaps = |r: &Regions, area| {
            let mut v = Vec::new();
            r.gaps(area, |x, y, near| v.push((x, y, near.to_vec())));
            v
        };
        let expected = [
            (2, 0, vec![1, 0]),
            (4, 0, vec![1]),
            (0, 1, vec![2, 0]),
            (1, 1, vec![0]),
            (2, 1, vec![1]),
            (4, 1, vec![1]),
            (1, 2, vec![1, 2]),
            (4, 2, vec![1]),
        ];
        assert_eq!(gaps(&r, Rect::new(0, 0, 5, 3)), expected);
        // in an area (columns 0-3, rows 0-1) regions and their neighbours stop at its edge
        r.compute_in(w, h, Rect::new(0, 0, 4, 2), |i| open[i]);
        let expected = [
            (2, 0, vec![1, 0]),
            (0, 1, vec![0]),
            (1, 1, vec![0]),
            (2, 1, vec![1]),
        ];
        assert_eq!(gaps(&r, Rect::new(0, 0, 4, 2)), expected);
    }
}
