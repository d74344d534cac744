//! Part of the grid toolkit (see [`super::grid`]): how many neighbours of each cell are set
//! in a [`BitRows`] plane, for 64 cells at once, and comparisons of those counts with a number
//! — the neighbour counts of cellular automata by bit arithmetic over rows.
//!
//! A [`Counts`] holds a number 0..=15 for each of the 64 cells of one word, *bit-sliced*:
//! `bits[k]` holds bit `k` of every cell's number. [`count8`] adds the 8 neighbours of every
//! cell of a word (the Moore neighbourhood), [`count4`] the 4 orthogonal ones (von Neumann),
//! with carry-save adders: about 30 word operations for 64 cells. Neighbours off the grid read
//! as the plane's margin ([`BitRows`]).

use super::bit_rows::BitRows;

/// A number 0..=15 per cell of a word, bit-sliced (see the module doc).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    /// `bits[k]`: bit `k` of each cell's number.
    pub bits: [u64; 4],
}

/// `a + b + c` of one-bit numbers: (sum bit, carry bit).
#[inline(always)]
fn full_add(a: u64, b: u64, c: u64) -> (u64, u64) {
    let ab = a ^ b;
    (ab ^ c, (a & b) | (c & ab))
}

impl Counts {
    /// The number of cell `bit` (0..64).
    pub fn at(&self, bit: u32) -> u32 {
        (0..4)
            .map(|k| ((self.bits[k] >> bit & 1) as u32) << k)
            .sum()
    }

    /// The cells whose number equals `n`.
    #[inline(always)]
    pub fn eq(&self, n: u32) -> u64 {
        if n > 15 {
            return 0;
        }
        (0..4).fold(!0, |m, k| {
            m & if n >> k & 1 == 1 {
                self.bits[k]
            } else {
                !self.bits[k]
            }
        })
    }

    /// The cells whose number is at least `n`.
    #[inline(always)]
    pub fn ge(&self, n: u32) -> u64 {
        if n == 0 {
            return !0;
        }
        if n > 15 {
            return 0;
        }
        // from the top bit down: cells already greater, cells equal so far
        let (mut gt, mut eq) = (0u64, !0u64);
        for k in (0..4).rev() {
            let c = self.bits[k];
            if n >> k & 1 == 1 {
                eq &= c;
            } else {
                gt |= eq & c;
                eq &= !c;
            }
        }
        gt | eq
    }
}

/// The number of the 8 neighbours set, for the cells of word `i` of row `y` of `b`.
#[inline(always)]
pub fn count8(b: &BitRows, y: i32, i: usize) -> Counts {
    let (up, mid, down) = (b.row(y - 1), b.row(y), b.row(y + 1));
    let (su, cu) = full_add(b.west(up, i), up[i], b.east(up, i));
    let (sd, cd) = full_add(b.west(down, i), down[i], b.east(down, i));
    let (w, e) = (b.west(mid, i), b.east(mid, i));
    let (sm, cm) = (w ^ e, w & e);
    // ones: su + sd + sm; twos: cu + cd + cm
    let (b0, k1) = full_add(su, sd, sm);
    let (t0, t1) = full_add(cu, cd, cm);
    let (b1, k2) = (k1 ^ t0, k1 & t0);
    Counts {
        bits: [b0, b1, t1 ^ k2, t1 & k2],
    }
}

/// The number of the 4 orthogonal neighbours set, for the cells of word `i` of row `y`.
#[inline(always)]
pub fn count4(b: &BitRows, y: i32, i: usize) -> Counts {
    let mid = b.row(y);
    let (s, c) = full_add(b.row(y - 1)[i], b.row(y + 1)[i], b.west(mid, i));
    let e = b.east(mid, i);
    let (b1, b2) = (c ^ (s & e), c & s & e);
    Counts {
        bits: [s ^ e, b1, b2, 0],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::grid::{Grid, N4, N8};
    use crate::engine::tile_set::TileSet;

    #[test]
    fn counts_agree_with_counting_cell_by_cell() {
        let (w, h) = (70, 5);
        let mut s = 99u32;
        let data: Vec<u16> = (0..w * h)
            .map(|_| {
                s = s.wrapping_mul(1_103_515_245).wrapping_add(12345);
                (s >> 16 & 1) as u16
            })
            .collect();
        let g = Grid::new(&data, w, h);
        for outside in [false, true] {
            let mut b = BitRows::new();
            b.set_plane(&g, &TileSet::new([1]), outside, 1);
            for y in 0..h {
                for x in 0..w {
                    let n = |offs: &[(i32, i32)]| {
                        offs.iter()
                            .filter(|(dx, dy)| g.get_or(x + dx, y + dy, outside as u16) == 1)
                            .count() as u32
                    };
                    let i = (x / 64) as usize;
                    let bit = (x % 64) as u32;
                    assert_eq!(count8(&b, y, i).at(bit), n(&N8), "count8 ({x}, {y})");
                    assert_eq!(count4(&b, y, i).at(bit), n(&N4), "count4 ({x}, {y})");
                }
            }
        }
    }

    #[test]
    fn comparisons_with_every_number() {
        // cell k holds the number k % 16
        let mut c = Counts::default();
        for bit in 0..64 {
            for k in 0..4 {
                c.bits[k] |= (((bit % 16) >> k & 1) as u64) << bit;
            }
        }
        for n in 0..=17 {
            let (ge, eq) = (c.ge(n), c.eq(n));
            for bit in 0..64u32 {
                assert_eq!(ge >> bit & 1 == 1, bit % 16 >= n, ">= {n} at {bit}");
                assert_eq!(eq >> bit & 1 == 1, bit % 16 == n, "== {n} at {bit}");
            }
        }
    }
}
