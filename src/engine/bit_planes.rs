//! Cells as bits, for scans that test many cells against the same few values.
//!
//! * [`BitPlanes`]: for each of a few *planes* (a value, or a class of values), one 64-bit
//!   word per row whose bit `x` says whether cell `(x, y)` is in the plane. A scan that
//!   looks for cells whose neighbourhood holds given values ANDs shifted rows
//!   ([`BitPlanes::probe`]) to find, a whole row at once, the cells where it can hold, and
//!   visits only those. Grids at most 64 cells wide ([`BitPlanes::fits`]); a scan keeps the
//!   planes in step with its writes ([`BitPlanes::moved`]).
//! * [`line_bits`]: the cells of one line (a row, a column) that satisfy a test, as bits;
//!   [`next_run`]: the runs of set bits of such a word; [`transpose64`]: rows of bits to
//!   columns.
//!
//! Coordinates are cells `(x, y)` of the layer, bit `x` of a row word is column `x`; bits
//! at and above the grid width are always 0.

use super::grid::Grid;

/// The plane of a value that is in no plane.
pub const NONE: u8 = u8::MAX;

/// Bit planes of one layer (see the module doc).
#[derive(Debug, Clone)]
pub struct BitPlanes {
    height: i32,
    /// Bits `0..width`.
    full: u64,
    /// Plane `p`, row `y` is `words[p · height + y]`.
    words: Vec<u64>,
}

impl BitPlanes {
    /// Whether a grid `width` cells wide fits in one word per row.
    #[inline]
    pub fn fits(width: i32) -> bool {
        (1..=64).contains(&width)
    }

    /// The `planes` planes of `g` (which must [`fit`](BitPlanes::fits)): cell `(x, y)` is
    /// in plane `plane(value)`, or in none when that is [`NONE`].
    pub fn build(g: &Grid, planes: usize, plane: impl Fn(u16) -> u8) -> BitPlanes {
        let (w, h) = (g.width(), g.height());
        debug_assert!(Self::fits(w));
        let mut words = vec![0u64; planes * h as usize];
        let mut acc = [0u64; 256];
        for y in 0..h {
            let row = g.row(y, 0, w);
            let at = |p: usize| p * h as usize + y as usize;
            if planes <= 4 {
                // few planes: compare the row's planes with each (vectorised), pack the bits
                let mut of = [NONE; 64];
                for (o, &v) in of.iter_mut().zip(row) {
                    *o = plane(v);
                }
                for p in 0..planes {
                    words[at(p)] = eq_bits(&of, p as u8);
                }
            } else {
                // many: each cell sets its bit in its plane's word ([`NONE`]: a spare word)
                acc[..planes].fill(0);
                for (x, &v) in row.iter().enumerate() {
                    acc[plane(v) as usize] |= 1 << x;
                }
                for (p, &a) in acc[..planes].iter().enumerate() {
                    words[at(p)] = a;
                }
            }
        }
        BitPlanes {
            height: h,
            full: u64::MAX >> (64 - w),
            words,
        }
    }

    /// The planes of `g` (which must [`fit`](BitPlanes::fits)) of the cells holding
    /// `values[0]`, `values[1]`, ...
    pub fn of_values(g: &Grid, values: &[u16]) -> BitPlanes {
        let (w, h) = (g.width(), g.height());
        debug_assert!(Self::fits(w));
        let mut words = vec![0u64; values.len() * h as usize];
        for y in 0..h {
            let row = g.row(y, 0, w);
            for (p, &v) in values.iter().enumerate() {
                words[p * h as usize + y as usize] = eq_bits(row, v);
            }
        }
        BitPlanes {
            height: h,
            full: u64::MAX >> (64 - w),
            words,
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
    #[inline(always)]
    pub fn row(&self, p: u8, y: i32) -> u64 {
        if y < 0 || y >= self.height {
            return 0;
        }
        self.words[p as usize * self.height as usize + y as usize]
    }

    /// The columns `x` of row `y` for which cell `(x + dx, y + dy)` is in the grid and in
    /// plane `p` (with `not`: in the grid and not in plane `p`).
    #[inline(always)]
    pub fn probe(&self, p: u8, not: bool, dx: i32, dy: i32, y: i32) -> u64 {
        let ry = y + dy;
        if ry < 0 || ry >= self.height || dx.unsigned_abs() >= 64 {
            return 0;
        }
        let r = self.words[p as usize * self.height as usize + ry as usize];
        let r = if not { !r } else { r };
        let r = if dx >= 0 { r >> dx } else { r << -dx };
        r & self.full
    }

    /// Cell `(x, y)` left plane `from` for plane `to` (either may be [`NONE`]).
    #[inline]
    pub fn moved(&mut self, x: i32, y: i32, from: u8, to: u8) {
        let h = self.height as usize;
        if from != NONE {
            self.words[from as usize * h + y as usize] &= !(1u64 << x);
        }
        if to != NONE {
            self.words[to as usize * h + y as usize] |= 1u64 << x;
        }
    }
}

/// A list of cell patterns over bit planes, to find the cells where one of them may hold.
/// Pattern `i` holds at `(x, y)` when the cell's value is one of its heads (any value when
/// it has none) and every test `(dx, dy, value, equal)` holds: cell `(x + dx, y + dy)` is in
/// the grid and its value is (`equal`) or is not `value`. With a class table, a value is
/// the class `classes[tile]` of a tile (0 past the end of the table), else the tile.
#[derive(Debug, Clone)]
pub struct PatternMask {
    /// Tile -> plane of its value.
    lut: Vec<u8>,
    /// The plane of tiles past `lut`.
    beyond: u8,
    /// The value of each plane.
    values: Vec<u16>,
    /// Values are classes.
    classes: bool,
    /// Per pattern: the planes of its heads, its tests over planes.
    pats: Vec<(Vec<u8>, Vec<(i32, i32, u8, bool)>)>,
}

impl PatternMask {
    /// The mask of `pats` (heads, tests), or `None` when they read more than `max_planes`
    /// values (or values past 4095 without a class table).
    pub fn new(
        pats: &[(Vec<u16>, Vec<(i32, i32, u16, bool)>)],
        classes: Option<&[u16]>,
        max_planes: usize,
    ) -> Option<PatternMask> {
        let mut values: Vec<u16> = pats
            .iter()
            .flat_map(|(h, t)| h.iter().copied().chain(t.iter().map(|t| t.2)))
            .collect();
        values.sort_unstable();
        values.dedup();
        if values.len() > max_planes.min(NONE as usize) {
            return None;
        }
        let plane = |v: u16| values.binary_search(&v).map_or(NONE, |i| i as u8);
        let plane = &plane;
        let (lut, beyond) = match classes {
            Some(c) => (c.iter().map(|&v| plane(v)).collect(), plane(0)),
            None => {
                let top = values.last().map_or(0, |&v| v as usize + 1);
                if top > 4096 {
                    return None;
                }
                ((0..top as u16).map(plane).collect(), NONE)
            }
        };
        let pats = pats
            .iter()
            .map(|(h, t)| {
                let heads = h.iter().map(|&v| plane(v)).collect();
                let tests = t.iter().map(|&(dx, dy, v, eq)| (dx, dy, plane(v), !eq));
                (heads, tests.collect())
            })
            .collect();
        Some(PatternMask {
            lut,
            beyond,
            classes: classes.is_some(),
            values,
            pats,
        })
    }

    /// The plane of a tile.
    #[inline(always)]
    pub fn plane(&self, tile: u16) -> u8 {
        self.lut.get(tile as usize).copied().unwrap_or(self.beyond)
    }

    /// The bit planes of `g` (which must [`fit`](BitPlanes::fits)) for these patterns.
    pub fn planes(&self, g: &Grid) -> BitPlanes {
        if self.classes || self.values.len() > 4 {
            BitPlanes::build(g, self.values.len(), |t| self.plane(t))
        } else {
            BitPlanes::of_values(g, &self.values)
        }
    }

    /// The columns of row `y` among `span` where some pattern may hold (every one where one
    /// holds).
    #[inline]
    pub fn row(&self, p: &BitPlanes, y: i32, span: u64) -> u64 {
        let mut any = 0u64;
        for (heads, tests) in &self.pats {
            let mut m = span & !any;
            if !heads.is_empty() {
                m &= heads.iter().fold(0, |a, &h| a | p.row(h, y));
            }
            for &(dx, dy, pl, not) in tests {
                if m == 0 {
                    break;
                }
                m &= p.probe(pl, not, dx, dy, y);
            }
            any |= m;
        }
        any
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

/// Bit `k` set when `cells[k] == value` (at most 64 cells).
#[inline]
pub fn eq_bits<T: Copy + PartialEq>(cells: &[T], value: T) -> u64 {
    debug_assert!(cells.len() <= 64);
    let mut eq = [0u8; 64];
    for (e, &c) in eq.iter_mut().zip(cells) {
        *e = (c == value) as u8;
    }
    // eight 0/1 bytes to eight bits: the multiplication moves byte i's bit to bit 56 + i
    let mut bits = 0u64;
    for (i, b) in eq.chunks_exact(8).take(cells.len().div_ceil(8)).enumerate() {
        let b = u64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]);
        bits |= (b.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * i);
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
