//! Word-parallel walks over a [`BitRows`] plane (see [`super`]), 64 cells per word
//! operation, whatever the shape of the open cells:
//!
//! - **regions** ([`BitWalk::each_region`]): a region grows from its first cell by sweeps
//!   down and up its rows, each row taking the cells of the row before it that are open in
//!   it and then the whole runs of open cells those touch ([`runs_through`]: an add for the
//!   runs' upper parts, a six-step shift fill for their lower parts); a sweep covers only
//!   the rows beside those the sweeps the other way changed, and the rows its own changes
//!   reach, so a winding region costs rows where it grows, not its height per turn; when no
//!   row is left to look at, the region's cells leave the plane and the next region starts
//!   at the first cell left, so regions come in raster order of their first cell;
//! - **steps** ([`BitWalk::steps`]): the cells reached from each end grow by one step a
//!   round (each reached cell's four neighbours, shifts and ORs over whole words), over
//!   only the rows next to those the last round changed, on the side whose last round
//!   changed fewer rows, until the two sides meet.
//!
//! The buffers are kept from one walk to the next: after the first walk of a grid size
//! nothing is allocated.

use crate::engine::bit_rows::BitRows;

mod steps;

/// No region: the region of a cell that is not open ([`super::Regions::at`],
/// [`super::PlaneRegions::at`]).
pub const NO_REGION: u32 = u32::MAX;

/// The runs of set bits of `open` that hold a bit of `seeds` (seeds outside `open` are
/// ignored), within one word: bit `k` is set when every bit between `k` and some seed is
/// open.
#[inline]
pub fn runs_through(open: u64, seeds: u64) -> u64 {
    let seeds = seeds & open;
    // from the lowest seed of each run to its top: the carry of the add ripples through
    // the run's open bits (clearing those that are not seeds) and stops above it
    let up = (open.wrapping_add(seeds) ^ open | seeds) & open;
    // from each seed down to the run's bottom: `p` holds the bits whose next 1, 2, 4, ...
    // bits are all open
    let (mut g, mut p) = (seeds, open);
    for s in [1, 2, 4, 8, 16] {
        g |= p & g >> s;
        p &= p >> s;
    }
    g |= p & g >> 32;
    up | g
}

/// Grow `row` (some of the open cells of a row, as words) to the whole runs of `open` (the
/// row's open cells) it touches, runs across word edges included.
#[inline(always)]
fn fill_row(open: &[u64], row: &mut [u64]) {
    let mut carry = 0;
    for (m, &o) in row.iter_mut().zip(open) {
        *m = runs_through(o, *m | carry);
        carry = *m >> 63;
    }
    if row.len() > 1 {
        // back from the right: a run that reaches bit 0 of a word goes on in the word before
        let mut carry = 0;
        for (m, &o) in row.iter_mut().zip(open).rev() {
            if carry & o & !*m != 0 {
                *m = runs_through(o, *m | carry);
            }
            carry = (*m & 1) << 63;
        }
    }
}

/// The buffers of word-parallel walks over a plane's cells ([`BitWalk::each_region`],
/// [`BitWalk::steps`]), kept from one walk to the next.
#[derive(Debug, Default, Clone)]
pub struct BitWalk {
    /// Words per row.
    wpr: usize,
    /// Rows.
    h: usize,
    /// The open cells of the grid (rows `0..h`, the bits past the width clear); the
    /// regions taken out as they are found.
    open: Vec<u64>,
    /// The cells of the region growing, or reached by the steps so far from their start.
    grown: Vec<u64>,
    /// The cells reached by the steps so far from their end.
    back: Vec<u64>,
    /// Two rows' worth of words: a row's value before this round, and the row above's.
    old: Vec<u64>,
}

impl BitWalk {
    /// Empty buffers.
    pub fn new() -> BitWalk {
        BitWalk::default()
    }

    /// Take the set cells of `plane` (rows `0..height`, columns `0..width`) as the open
    /// cells, nothing grown.
    fn load(&mut self, plane: &BitRows) {
        let wpr = plane.words_per_row();
        (self.wpr, self.h) = (wpr, plane.height().max(0) as usize);
        self.open.clear();
        self.open.extend_from_slice(plane.grid_words());
        if plane.width() % 64 != 0 {
            let last = plane.full(wpr - 1);
            for row in self.open.chunks_exact_mut(wpr) {
                row[wpr - 1] &= last;
            }
        }
        self.grown.clear();
        self.grown.resize(self.open.len(), 0);
        self.old.clear();
        self.old.resize(2 * wpr, 0);
    }

    /// Every 4-connected region of the set cells of `plane` (the grid's cells; its margin
    /// and the bits past its width are not read), in raster order of its first cell:
    /// `f(y0, words)` with the region's cells as the words of rows `y0, y0 + 1, ...`
    /// ([`BitRows::words_per_row`] words a row, laid out as [`BitRows::grid_words`]; the
    /// rows before `y0` and after the last given hold none of its cells).
    pub fn each_region(&mut self, plane: &BitRows, mut f: impl FnMut(i32, &[u64])) {
        self.load(plane);
        let wpr = self.wpr;
        let mut k = 0;
        while k < self.open.len() {
            let word = self.open[k];
            if word == 0 {
                k += 1;
                continue;
            }
            let (y0, y1) = self.grow(k / wpr, k % wpr, word & word.wrapping_neg());
            let rows = y0 * wpr..y1 * wpr;
            f(y0 as i32, &self.grown[rows.clone()]);
            for (o, g) in self.open[rows.clone()]
                .iter_mut()
                .zip(&mut self.grown[rows])
            {
                *o &= !*g;
                *g = 0;
            }
        }
    }

    /// Grow the region of the open cell `seed` (one bit of word `i` of row `y`) into
    /// `grown` (clear before); its rows `y0..y1`.
    fn grow(&mut self, y: usize, i: usize, seed: u64) -> (usize, usize) {
        let (open, grown) = (&self.open[..], &mut self.grown[..]);
        grown[y * self.wpr + i] = seed;
        // one word a row (grids up to 64 wide): the same code with the word loops gone
        match self.wpr {
            1 => grow(open, grown, 1, self.h, y),
            wpr => grow(open, grown, wpr, self.h, y),
        }
    }
}

/// [`BitWalk::grow`] over `open` and `grown` (`wpr` words a row, `h` rows) from the seed
/// in row `y`.
#[inline(always)]
fn grow(open: &[u64], grown: &mut [u64], wpr: usize, h: usize, y: usize) -> (usize, usize) {
    fill_row(&open[y * wpr..][..wpr], &mut grown[y * wpr..][..wpr]);
    let (mut lo, mut hi) = (y, y);
    // the rows changed since the last sweep down, and since the last sweep up (first,
    // last; empty when first > last): a sweep starts beside them, and goes on past them
    // only while the row before it changed
    let (mut for_down, mut for_up) = ((y, y), (y, y));
    const NONE: (usize, usize) = (usize::MAX, 0);
    while for_down.0 <= for_down.1 || for_up.0 <= for_up.1 {
        if for_down.0 <= for_down.1 {
            let (mut prev, last) = (false, for_down.1);
            for y in for_down.0 + 1..h {
                if !prev && y > last + 1 {
                    break;
                }
                prev = pull(open, grown, wpr, y, y - 1);
                if prev {
                    (for_up.0, for_up.1) = (for_up.0.min(y), for_up.1.max(y));
                    hi = hi.max(y);
                }
            }
            for_down = NONE;
        }
        if for_up.0 <= for_up.1 {
            let (mut prev, first) = (false, for_up.0);
            for y in (0..for_up.1).rev() {
                if !prev && y + 1 < first {
                    break;
                }
                prev = pull(open, grown, wpr, y, y + 1);
                if prev {
                    (for_down.0, for_down.1) = (for_down.0.min(y), for_down.1.max(y));
                    lo = lo.min(y);
                }
            }
            for_up = NONE;
        }
    }
    (lo, hi + 1)
}

/// Grow row `y` of `grown` (`wpr` words a row) by the open cells of row `y` under grown
/// cells of row `from` and the runs they touch; whether it grew.
#[inline(always)]
fn pull(open: &[u64], grown: &mut [u64], wpr: usize, y: usize, from: usize) -> bool {
    let (row, src) = (y * wpr, from * wpr);
    let new = (0..wpr).any(|i| grown[src + i] & open[row + i] & !grown[row + i] != 0);
    if !new {
        return false;
    }
    for i in 0..wpr {
        grown[row + i] |= grown[src + i] & open[row + i];
    }
    fill_row(&open[row..][..wpr], &mut grown[row..][..wpr]);
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::grid::Connectivity;
    use crate::engine::row_flood::each_region;

    /// A plane from rows of `.` (open) and `#` (closed).
    pub(super) fn plane(rows: &[&str]) -> BitRows {
        let mut p = BitRows::new();
        let cells = rows.iter().flat_map(|r| r.bytes().map(|b| b == b'.'));
        p.set_cells(rows[0].len() as i32, rows.len() as i32, cells);
        p
    }

    /// The regions of `p` as rows of text: each region's cells by its letter (`a` the
    /// first), `#` for closed cells.
    fn regions(p: &BitRows) -> Vec<String> {
        let (w, h) = (p.width() as usize, p.height() as usize);
        let wpr = p.words_per_row();
        let mut out = vec![vec![b'#'; w]; h];
        let mut n = 0;
        BitWalk::new().each_region(p, |y0, words| {
            for (k, &word) in words.iter().enumerate() {
                let (y, i) = (y0 as usize + k / wpr, k % wpr);
                for b in 0..64 {
                    if word >> b & 1 != 0 {
                        out[y][64 * i + b] = b'a' + n;
                    }
                }
            }
            n += 1;
        });
        out.into_iter()
            .map(|r| String::from_utf8(r).unwrap())
            .collect()
    }

    #[test]
    fn runs_through_seeds_fill_both_ways_and_stop_at_closed_bits() {
        // runs 0-2, 4-7, 9; seeds at 1 and 6 (and 8, not open: ignored)
        let open = 0b10_1111_0111;
        assert_eq!(runs_through(open, 0b1_0100_0010), 0b00_1111_0111);
        // two seeds in one run, a run at bit 63
        let open = 0b111 << 61 | 0b1111;
        assert_eq!(runs_through(open, 1 << 62 | 0b1010), open);
        assert_eq!(runs_through(!0, 1 << 40), !0);
        assert_eq!(runs_through(open, 0), 0);
    }

    #[test]
    fn regions_of_a_small_grid_in_raster_order() {
        // by hand: a hook (a) joined round the bottom, a bar (b), lone cells (c, d) that
        // touch others only at corners, a region (e) whose first cell is its top right
        let p = plane(&[
            ".#..#.", //
            ".###.#", //
            "...##.", //
            "##.#..", //
        ]);
        assert_eq!(
            regions(&p),
            [
                "a#bb#c", //
                "a###d#", //
                "aaa##e", //
                "##a#ee", //
            ]
        );
    }

    #[test]
    fn a_winding_region_needs_sweeps_up_and_down() {
        // one snake: down column 0, up column 2, down column 4, across at the ends
        let p = plane(&[
            ".#...#", //
            ".#.#.#", //
            ".#.#.#", //
            "...#..", //
        ]);
        assert_eq!(regions(&p), ["a#aaa#", "a#a#a#", "a#a#a#", "aaa#aa"]);
    }

    /// Random planes of many widths (several words a row) and densities.
    pub(super) fn planes(mut f: impl FnMut(&BitRows, &[bool])) {
        let mut x = 12345u64;
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
                // the margin and the bits past the width set: never read
                let mut open = BitRows::new();
                open.reset(w as i32, h, 1, true);
                for (i, &c) in cells.iter().enumerate() {
                    open.put((i % w) as i32, (i / w) as i32, c);
                }
                f(&open, &cells);
            }
        }
    }

    #[test]
    fn regions_are_those_of_the_row_flood_on_any_width() {
        planes(|open, cells| {
            let (w, h) = (open.width(), open.height());
            let want = std::cell::RefCell::new(Vec::new());
            let mut clean = BitRows::new();
            clean.set_cells(w, h, cells.iter().copied());
            each_region(
                &mut clean,
                Connectivity::Four,
                &mut Vec::new(),
                |_| want.borrow_mut().push(Vec::new()),
                |y, i, run| want.borrow_mut().last_mut().unwrap().push((y, i, run)),
            );
            let mut want = want.into_inner();
            let mut got = Vec::new();
            BitWalk::new().each_region(open, |y0, words| {
                let wpr = open.words_per_row();
                let mut runs = Vec::new();
                for (k, &word) in words.iter().enumerate() {
                    let mut bits = word;
                    while bits != 0 {
                        let run = runs_through(word, bits & bits.wrapping_neg());
                        runs.push((y0 + (k / wpr) as i32, k % wpr, run));
                        bits &= !run;
                    }
                }
                got.push(runs);
            });
            for r in want.iter_mut().chain(&mut got) {
                r.sort_unstable();
            }
            assert_eq!(got, want, "{w} x {h}");
        });
    }
}
