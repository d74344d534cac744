//! Cells as bits, for scans that test many cells against the same few values.
//!
//! * [`BitPlanes`]: for each of some *planes* (a value, or a class of values), one 64-bit
//!   word per row whose bit `x` says whether cell `(x, y)` is in the plane, with margin rows
//!   above and below the grid (in no plane) so that a row `dy` away is read without a bounds
//!   test. A scan that looks for cells whose neighbourhood holds given values ANDs shifted
//!   rows to find, a whole row at once, the cells where it can hold, and visits only those
//!   ([`pattern_mask::PatternMask`]). Grids at most 64 cells wide ([`BitPlanes::fits`]); a scan keeps the
//!   planes in step with its writes ([`BitPlanes::moved`]).
//! * [`line_bits`]: the cells of one line (a row, a column) that satisfy a test, as bits
//!   (rows through [`super::row_bits`]); [`next_run`]: the runs of set bits of such a word;
//!   [`transpose64`]: rows of bits to columns.
//!
//! Coordinates are cells `(x, y)` of the layer, bit `x` of a row word is column `x`; bits
//! at and above the grid width are always 0.

use super::grid::Grid;
use super::row_bits::{eq_bits, eq_planes};

pub mod pattern_mask;

/// The plane of a value that is in no plane.
pub const NONE: u8 = u8::MAX;

/// Bit planes of one layer (see the module doc).
#[derive(Debug, Clone, Default)]
pub struct BitPlanes {
    height: i32,
    /// Margin rows above and below the grid.
    pad: usize,
    /// Words per row: one per plane, then the *grid plane* (`full` on the grid's rows, 0 on
    /// the margins).
    per_row: usize,
    /// Bits `0..width`.
    full: u64,
    /// Plane `p` of row `y` (`-pad <= y < height + pad`) is `words[(pad + y) · per_row + p]`.
    words: Vec<u64>,
}

impl BitPlanes {
    /// Whether a grid `width` cells wide fits in one word per row.
    #[inline]
    pub fn fits(width: i32) -> bool {
        (1..=64).contains(&width)
    }

    /// Make these `planes` planes of `g` (which must [`fit`](BitPlanes::fits)) with `pad`
    /// margin rows, and the grid plane, in the storage they had: the margins and the grid
    /// plane are set, the planes of the grid's rows are left for the caller to write.
    fn reset(&mut self, g: &Grid, planes: usize, pad: usize) {
        let (w, h) = (g.width(), g.height() as usize);
        debug_assert!(Self::fits(w));
        (self.height, self.pad, self.per_row) = (h as i32, pad, planes + 1);
        self.full = u64::MAX >> (64 - w);
        let (per_row, full) = (self.per_row, self.full);
        self.words.resize((h + 2 * pad) * per_row, 0);
        self.words[..pad * per_row].fill(0);
        self.words[(pad + h) * per_row..].fill(0);
        for y in 0..h {
            self.words[(pad + y) * per_row + planes] = full;
        }
    }

    /// Make these the planes of `g` (which must [`fit`](BitPlanes::fits)), with `pad`
    /// margin rows: cell `(x, y)` is in plane `plane(value) < planes`, or in none when that
    /// is [`NONE`]; then plane `planes + k` holds the cells not in plane `others[k]`.
    pub fn set_by(
        &mut self,
        g: &Grid,
        (planes, others): (usize, &[u8]),
        pad: usize,
        plane: impl Fn(u16) -> u8,
    ) {
        self.reset(g, planes + others.len(), pad);
        let mut acc = [0u64; 256];
        for y in 0..self.height {
            // each cell sets its bit in its plane's word ([`NONE`]: a spare word)
            acc[..planes].fill(0);
            for (x, &v) in g.row(y, 0, g.width()).iter().enumerate() {
                acc[plane(v) as usize] |= 1 << x;
            }
            let at = (pad + y as usize) * self.per_row;
            self.words[at..at + planes].copy_from_slice(&acc[..planes]);
            self.others(at, planes, others);
        }
    }

    /// Make these the planes of `g` (which must [`fit`](BitPlanes::fits)), with `pad`
    /// margin rows: plane `p < values.len()` holds the cells of value `values[p]`, then
    /// plane `values.len() + k` the cells not in plane `others[k]`.
    pub fn set_values(&mut self, g: &Grid, values: &[u16], others: &[u8], pad: usize) {
        self.reset(g, values.len() + others.len(), pad);
        for y in 0..self.height {
            let row = g.row(y, 0, g.width());
            let at = (pad + y as usize) * self.per_row;
            eq_planes(row, values, &mut self.words[at..at + values.len()]);
            self.others(at, values.len(), others);
        }
    }

    /// The planes `planes + k` of the row whose first word is `words[at]`: the cells not
    /// in plane `others[k]`.
    #[inline]
    fn others(&mut self, at: usize, planes: usize, others: &[u8]) {
        for (k, &o) in others.iter().enumerate() {
            self.words[at + planes + k] = self.full & !self.words[at + o as usize];
        }
    }

    /// The bits of columns `x0..x1`, clipped to the grid.
    #[inline]
    pub fn span(&self, x0: i32, x1: i32) -> u64 {
        let (x0, x1) = (x0.clamp(0, 64), x1.clamp(0, 64));
        if x1 <= x0 {
            return 0;
        }
        (u64::MAX >> (64 - (x1 - x0))) << x0 & self.full
    }

    /// The cells of row `y` in plane `p` (0 for a row outside the grid).
    #[inline]
    pub fn row(&self, p: u8, y: i32) -> u64 {
        if y < 0 || y >= self.height {
            return 0;
        }
        self.words[(self.pad + y as usize) * self.per_row + p as usize]
    }

    /// Cell `(x, y)` left plane `from` for plane `to` (either may be [`NONE`]).
    #[inline]
    pub fn moved(&mut self, x: i32, y: i32, from: u8, to: u8) {
        let at = (self.pad + y as usize) * self.per_row;
        if from != NONE {
            self.words[at + from as usize] &= !(1u64 << x);
        }
        if to != NONE {
            self.words[at + to as usize] |= 1u64 << x;
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
