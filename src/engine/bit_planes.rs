//! Cells as bits, for scans that test many cells against the same few values.
//!
//! * [`BitPlanes`]: for each of some *planes* (a value, or a class of values), a row of
//!   64-bit words per grid row (as [`super::bit_rows::BitRows`]: bit `x % 64` of word
//!   `x / 64` says whether cell `(x, y)` is in the plane), the planes of one row side by
//!   side, with margin rows above and below the grid (in no plane) so that a row `dy` away
//!   is read without a bounds test. A scan that looks for cells whose neighbourhood holds
//!   given values ANDs shifted words to find, 64 cells at once, the cells where it can
//!   hold, and visits only those ([`pattern_mask::PatternMask`]). Any grid width; a scan
//!   keeps the planes in step with its writes ([`BitPlanes::moved`]).
//! * [`line_bits`]: the cells of one line (a row, a column) that satisfy a test, as bits
//!   (rows through [`super::row_bits`]); [`next_run`]: the runs of set bits of such a word;
//!   [`transpose64`]: rows of bits to columns.
//!
//! Coordinates are cells `(x, y)` of the layer, bit `x % 64` of a row's word `x / 64` is
//! column `x`; bits at and past the grid width are always 0.

use super::bit_rows::span_bits;
use super::grid::Grid;
use super::row_bits::{eq_bits, eq_planes, index_planes};

pub mod layer_planes;
pub mod pattern_mask;

/// The plane of a value that is in no plane.
pub const NONE: u8 = u8::MAX;

/// Bit planes of one layer (see the module doc).
#[derive(Debug, Clone, Default)]
pub struct BitPlanes {
    width: i32,
    height: i32,
    /// Margin rows above and below the grid.
    pad: usize,
    /// Planes per row: one per plane, then the *grid plane* (the grid's cells on its rows,
    /// none on the margins).
    per_row: usize,
    /// Words per row of a plane, `⌈width / 64⌉`.
    wpr: usize,
    /// Word `i` of plane `p` of row `y` (`-pad <= y < height + pad`) is
    /// `words[((pad + y) · wpr + i) · per_row + p]`: the planes of 64 cells side by side.
    words: Vec<u64>,
}

impl BitPlanes {
    /// Make these `planes` planes of `g` with `pad` margin rows, and the grid plane, in the
    /// storage they had: the margins and the grid plane are set, the planes of the grid's
    /// rows are left for the caller to write.
    fn reset(&mut self, g: &Grid, planes: usize, pad: usize) {
        let (w, h) = (g.width().max(0), g.height().max(0) as usize);
        let wpr = (w as usize).div_ceil(64);
        (self.width, self.height, self.pad, self.per_row, self.wpr) =
            (w, h as i32, pad, planes + 1, wpr);
        let row = self.per_row * wpr;
        self.words.resize((h + 2 * pad) * row, 0);
        self.words[..pad * row].fill(0);
        self.words[(pad + h) * row..].fill(0);
        for y in 0..h {
            for i in 0..wpr {
                self.words[((pad + y) * wpr + i) * self.per_row + planes] = span_bits(i, 0, w);
            }
        }
    }

    /// Make these the planes of `g`, with `pad` margin rows: cell `(x, y)` is in plane
    /// `plane(value) < planes`, or in none when that is [`NONE`]; then plane `planes + k`
    /// holds the cells not in plane `others[k]`.
    pub fn set_by(
        &mut self,
        g: &Grid,
        (planes, others): (usize, &[u8]),
        pad: usize,
        plane: impl Fn(u16) -> u8,
    ) {
        self.reset(g, planes + others.len(), pad);
        for y in 0..self.height {
            for (i, chunk) in g.row(y, 0, self.width).chunks(64).enumerate() {
                let at = self.at(y, i);
                index_planes(chunk, &plane, 0, &mut self.words[at..at + planes]);
                self.others(y, i, planes, others);
            }
        }
    }

    /// Make these the planes of `g`, with `pad` margin rows: plane `p < values.len()` holds
    /// the cells of value `values[p]`, then plane `values.len() + k` the cells not in plane
    /// `others[k]`.
    pub fn set_values(&mut self, g: &Grid, values: &[u16], others: &[u8], pad: usize) {
        self.reset(g, values.len() + others.len(), pad);
        let n = values.len();
        for y in 0..self.height {
            for (i, chunk) in g.row(y, 0, self.width).chunks(64).enumerate() {
                let at = self.at(y, i);
                eq_planes(chunk, values, &mut self.words[at..at + n]);
                self.others(y, i, n, others);
            }
        }
    }

    /// The index of plane 0's word `i` of row `y`.
    #[inline(always)]
    fn at(&self, y: i32, i: usize) -> usize {
        ((self.pad + y as usize) * self.wpr + i) * self.per_row
    }

    /// Word `i` of row `y` of the planes `planes + k`: the cells not in plane `others[k]`.
    #[inline]
    fn others(&mut self, y: i32, i: usize, planes: usize, others: &[u8]) {
        let (at, full) = (self.at(y, i), self.span(i, 0, self.width));
        for (k, &o) in others.iter().enumerate() {
            self.words[at + planes + k] = full & !self.words[at + o as usize];
        }
    }

    /// Words per row of a plane.
    #[inline(always)]
    pub fn words_per_row(&self) -> usize {
        self.wpr
    }

    /// The bits of columns `x0..x1` that fall in word `i`, clipped to the grid.
    #[inline]
    pub fn span(&self, i: usize, x0: i32, x1: i32) -> u64 {
        span_bits(i, x0.max(0), x1.min(self.width))
    }

    /// Word `i` of the cells of row `y` in plane `p` (0 for a row outside the grid).
    #[inline]
    pub fn row(&self, p: u8, y: i32, i: usize) -> u64 {
        if y < 0 || y >= self.height {
            return 0;
        }
        self.words[self.at(y, i) + p as usize]
    }

    /// Cell `(x, y)` left plane `from` for plane `to` (either may be [`NONE`]).
    #[inline]
    pub fn moved(&mut self, x: i32, y: i32, from: u8, to: u8) {
        let at = self.at(y, (x / 64) as usize);
        let bit = 1u64 << (x % 64);
        if from != NONE {
            self.words[at + from as usize] &= !bit;
        }
        if to != NONE {
            self.words[at + to as usize] |= bit;
        }
    }
}

/// Bit `k` (`k < n <= 64`) set when cell `(x + k·ux, y + k·uy)` of `g` is in the grid and
/// holds `value`.
#[inline]
pub fn line_bits(g: &Grid, (x, y): (i32, i32), (ux, uy): (i32, i32), n: u32, value: u16) -> u64 {
    debug_assert!(n <= 64);
    if n == 0 {
        return 0;
    }
    let n = n as usize;
    let last = (x + (n as i32 - 1) * ux, y + (n as i32 - 1) * uy);
    let step = g.flat_index(ux, uy);
    if g.in_bounds(x, y) && g.in_bounds(last.0, last.1) && step > 0 {
        // a straight line with both ends in the grid: read by index
        let d = &g.as_slice()[g.flat_index(x, y) as usize..];
        if step == 1 {
            return eq_bits(&d[..n], value);
        }
        let (mut line, n, step) = ([0u16; 64], n.min(64), step as usize);
        for (k, c) in line[..n].iter_mut().enumerate() {
            *c = d[k * step];
        }
        return eq_bits(&line[..n], value);
    }
    let mut bits = 0u64;
    for k in 0..n as i32 {
        if g.get(x + k * ux, y + k * uy) == Some(value) {
            bits |= 1 << k;
        }
    }
    bits
}

/// The first run of set bits of `bits` at or after bit `from`: `(start, end)`, bits
/// `start..end` set and bit `end` clear (`end` may be 64), or `None`.
#[inline]
pub fn next_run(bits: u64, from: u32) -> Option<(u32, u32)> {
    if from >= 64 {
        return None;
    }
    let rest = bits >> from;
    if rest == 0 {
        return None;
    }
    let start = from + rest.trailing_zeros();
    let end = start + (!(bits >> start)).trailing_zeros();
    Some((start, end))
}

/// Transpose a 64 × 64 bit matrix in place: bit `c` of word `r` becomes bit `r` of word
/// `c` (rows of a grid to its columns). Six rounds of block swaps (halves, quarters, ...).
pub fn transpose64(a: &mut [u64; 64]) {
    let (mut j, mut m) = (32usize, 0x0000_0000_FFFF_FFFFu64);
    while j != 0 {
        let mut k = 0;
        while k < 64 {
            // swap the high `j` bits of block row k with the low `j` bits of row k + j
            let t = ((a[k] >> j) ^ a[k + j]) & m;
            a[k] ^= t << j;
            a[k + j] ^= t;
            k = (k + j + 1) & !j;
        }
        j >>= 1;
        m ^= m << j;
    }
}

#[cfg(test)]
mod tests;
