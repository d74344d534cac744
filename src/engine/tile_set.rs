//! A set of tile ids, tested one cell at a time or a row of up to 64 cells at once (a bit
//! per cell), for scans that look for the next cell holding one of a few tiles.

use super::row_bits::eq_bits;

/// Members up to which a row is tested by comparing it with each member
/// ([`eq_bits`]), rather than by a table lookup per cell.
const FEW: usize = 8;

/// A set of tile ids (`u16`), as one byte per id up to the largest member.
#[derive(Debug, Clone)]
pub struct TileSet {
    /// `has[t]` is 1 when `t` is a member; one more entry than the largest member, always 0,
    /// which every id past the largest reads (so a lookup needs no branch).
    has: Box<[u8]>,
    /// With at most [`FEW`] members: the members (the first `.1` entries).
    few: Option<([u16; FEW], usize)>,
}

impl TileSet {
    /// The set of `tiles` (repeats allowed; empty gives the empty set).
    pub fn new(tiles: impl IntoIterator<Item = u16>) -> TileSet {
        let mut tiles: Vec<u16> = tiles.into_iter().collect();
        tiles.sort_unstable();
        tiles.dedup();
        let few = (1..=FEW).contains(&tiles.len()).then(|| {
            let mut f = [0; FEW];
            f[..tiles.len()].copy_from_slice(&tiles);
            (f, tiles.len())
        });
        let top = tiles.iter().map(|&t| t as usize + 1).max().unwrap_or(0);
        let mut has = vec![0u8; top + 1];
        for &t in &tiles {
            has[t as usize] = 1;
        }
        TileSet {
            has: has.into(),
            few,
        }
    }

    /// Whether `t` is a member.
    #[inline(always)]
    pub fn contains(&self, t: u16) -> bool {
        self.bit(t) != 0
    }

    /// 1 for a member, else 0.
    #[inline(always)]
    fn bit(&self, t: u16) -> u8 {
        let last = self.has.len() - 1;
        self.has[(t as usize).min(last)]
    }

    /// Bit `k` set when `cells[k]` is a member, for at most 64 cells (more: only the first 64
    /// are read).
    #[inline]
    pub fn row_bits(&self, cells: &[u16]) -> u64 {
        let cells = &cells[..cells.len().min(64)];
        if let Some((f, n)) = &self.few {
            return f[..*n].iter().fold(0, |a, &m| a | eq_bits(cells, m));
        }
        let mut b = [0u8; 64];
        for (e, &c) in b.iter_mut().zip(cells) {
            *e = self.bit(c);
        }
        // eight 0/1 bytes to eight bits: the multiplication moves byte i's bit to bit 56 + i
        let mut bits = 0u64;
        for (i, c) in b.chunks_exact(8).take(cells.len().div_ceil(8)).enumerate() {
            let v = u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]);
            bits |= (v.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * i);
        }
        bits
    }
}

#[cfg(test)]
mod tests {
    use super::TileSet;

    #[test]
    fn row_bits_agree_with_contains_on_every_length() {
        let few = TileSet::new([1, 3, 7, 300, 3]);
        let many = TileSet::new([1, 3, 7, 300, 9, 10, 11, 12, 13, 14]);
        let mut s = 12345u32;
        for (set, len) in (0..=70usize).flat_map(|n| [(&few, n), (&many, n)]) {
            let cells: Vec<u16> = (0..len)
                .map(|_| {
                    s = s.wrapping_mul(1_103_515_245).wrapping_add(12345);
                    [0, 1, 2, 3, 7, 8, 300, 301, 65535][(s >> 16) as usize % 9]
                })
                .collect();
            let want = cells
                .iter()
                .take(64)
                .enumerate()
                .fold(0u64, |b, (i, &t)| b | (set.contains(t) as u64) << i);
            assert_eq!(set.row_bits(&cells), want, "{cells:?}");
        }
        for set in [&few, &many] {
            assert!(set.contains(300) && !set.contains(301) && !set.contains(65535));
        }
        assert!(!TileSet::new([]).contains(0));
    }
}
