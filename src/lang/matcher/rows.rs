//! A miniset matcher over bit planes: for every value of a grid at most 64 cells wide, one
//! 64-bit word per row whose bit `x` says whether cell `(x, y)` holds it ([`Planes`]); a
//! whole row of positions is tested at once — per probe one shifted row word (a set cell:
//! the OR of its members' words), ANDed. Made by [`super::Matcher::rows`] for matchers
//! whose probes all want a tile or a set's members (no `!=` test). It answers as the
//! matcher does: a probe outside the grid fails.
//!
//! [`Planes::sync`] makes the planes of a grid, or keeps them when they were made of a grid
//! with the same cells (one comparison of the cells): steps that scan the same layer one
//! after another, as a list of scatters does, make them once.

use crate::engine::grid::{Grid, Rect};

/// The bit planes of every value of one grid, with a copy of its cells (see the module
/// doc).
#[derive(Debug, Clone, Default)]
pub struct Planes {
    width: i32,
    height: i32,
    /// The cells the planes are of, row-major.
    cells: Vec<u16>,
    /// `index[v]`: 1 + the plane of value `v`, 0 when no cell holds it (yet).
    index: Vec<u16>,
    /// Plane `p`, row `y` is `words[p · height + y]`.
    words: Vec<u64>,
    /// Bits `0..width`.
    full: u64,
}

impl Planes {
    /// Whether a grid `width` cells wide fits in one word per row.
    #[inline]
    pub fn fits(width: i32) -> bool {
        (1..=64).contains(&width)
    }

    /// Make these the planes of `g` (which must [fit](Planes::fits)), unless they already
    /// are.
    pub fn sync(&mut self, g: &Grid) {
        debug_assert!(Self::fits(g.width()));
        if self.width == g.width() && self.height == g.height() && self.cells == g.as_slice() {
            return;
        }
        self.width = g.width();
        self.height = g.height();
        self.full = u64::MAX >> (64 - self.width);
        self.cells.clear();
        self.cells.extend_from_slice(g.as_slice());
        self.index.clear();
        self.words.clear();
        let h = self.height as usize;
        for y in 0..self.height {
            for (x, &v) in g.row(y, 0, self.width).iter().enumerate() {
                let p = self.plane_or_new(v);
                self.words[p * h + y as usize] |= 1 << x;
            }
        }
    }

    /// The plane of value `v`, made (empty) when it has none.
    #[inline]
    fn plane_or_new(&mut self, v: u16) -> usize {
        let v = v as usize;
        if v >= self.index.len() {
            self.index.resize(v + 1, 0);
        }
        if self.index[v] == 0 {
            self.words
                .extend(std::iter::repeat_n(0, self.height as usize));
            self.index[v] = (self.words.len() / self.height as usize) as u16;
        }
        self.index[v] as usize - 1
    }

    /// Cell `(x, y)` (in the grid) now holds `v`: the copy and the planes follow.
    #[inline]
    pub fn set(&mut self, x: i32, y: i32, v: u16) {
        let h = self.height as usize;
        let i = Grid::new(&self.cells, self.width, self.height).index(x, y);
        let old = self.cells[i];
        let from = self.index[old as usize] as usize - 1;
        self.words[from * h + y as usize] &= !(1u64 << x);
        let to = self.plane_or_new(v);
        self.words[to * h + y as usize] |= 1u64 << x;
        self.cells[i] = v;
    }

    /// The columns `x` of row `y` for which cell `(x + dx, y + dy)` is in the grid and
    /// holds `v`.
    #[inline(always)]
    fn probe(&self, v: u16, dx: i32, dy: i32, y: i32) -> u64 {
        let ry = y + dy;
        if ry < 0 || ry >= self.height || dx.unsigned_abs() >= 64 {
            return 0;
        }
        let p = match self.index.get(v as usize) {
            Some(&p) if p > 0 => p as usize - 1,
            _ => return 0,
        };
        let r = self.words[p * self.height as usize + ry as usize];
        let r = if dx >= 0 { r >> dx } else { r << -dx };
        r & self.full
    }

    /// The bits of columns `x0..x1`, clipped to the grid.
    #[inline]
    fn span(&self, x0: i32, x1: i32) -> u64 {
        let (x0, x1) = (x0.clamp(0, 64), x1.clamp(0, 64));
        if x1 <= x0 {
            return 0;
        }
        (u64::MAX >> (64 - (x1 - x0))) << x0 & self.full
    }
}

/// See the module doc.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowMatcher {
    /// `(dx, dy, values)`: the cell `(dx, dy)` from the position must hold one of the
    /// values.
    probes: Box<[(i32, i32, Box<[u16]>)]>,
}

impl RowMatcher {
    /// The matcher of probes `(dx, dy, accepted values)`.
    pub(super) fn new(probes: Vec<(i32, i32, Vec<u16>)>) -> RowMatcher {
        RowMatcher {
            probes: probes
                .into_iter()
                .map(|(dx, dy, v)| (dx, dy, v.into_boxed_slice()))
                .collect(),
        }
    }

    /// The columns `x` of row `y` at which every probe holds (bits past the grid clear).
    #[inline]
    fn row(&self, planes: &Planes, y: i32) -> u64 {
        let mut acc = planes.full;
        for (dx, dy, values) in self.probes.iter() {
            let any = values
                .iter()
                .fold(0, |a, &v| a | planes.probe(v, *dx, *dy, y));
            acc &= any;
            if acc == 0 {
                break;
            }
        }
        acc
    }

    /// [`super::Matcher::next_match`] on the grid of `planes`: the first position of
    /// `positions` (which must lie in the grid) at or after `from` in raster order where
    /// every probe holds.
    pub fn next_match(
        &self,
        planes: &Planes,
        positions: Rect,
        from: (i32, i32),
    ) -> Option<(i32, i32)> {
        if positions.is_empty() {
            return None;
        }
        for y in from.1.max(positions.y)..positions.y1() {
            let start = if y == from.1 {
                from.0.max(positions.x)
            } else {
                positions.x
            };
            let span = planes.span(start, positions.x1());
            if span == 0 {
                continue;
            }
            let hits = self.row(planes, y) & span;
            if hits != 0 {
                return Some((hits.trailing_zeros() as i32, y));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::Planes;
    use crate::engine::grid::{Grid, GridMut, Rect};
    use crate::lang::matcher::Matcher;
    use crate::lang::pattern::{parse_patterns, ItemKind};

    /// The scatter loop: every match in raster order, writing the replace cells at every
    /// other one (later positions see the writes); with `rows`, over bit planes.
    fn scatter(m: &Matcher, data: &mut [u16], w: i32, h: i32, rows: bool) -> Vec<(i32, i32)> {
        let positions = Rect::new(0, 0, w - m.width(), h - m.height());
        let mut hits = Vec::new();
        let mut from = (0, 0);
        if rows {
            let rm = m.rows().expect("no != tests");
            let mut planes = Planes::default();
            planes.sync(&Grid::new(data, w, h));
            while let Some((x, y)) = rm.next_match(&planes, positions, from) {
                from = (x + 1, y);
                hits.push((x, y));
                if hits.len() % 2 == 1 {
                    m.write_noting(&mut GridMut::new(data, w, h), x, y, |cx, cy, v| {
                        planes.set(cx, cy, v)
                    });
                }
            }
            // the planes followed the writes: a sync against the grid keeps them
            let kept = planes.clone();
            planes.sync(&Grid::new(data, w, h));
            assert_eq!(planes.words, kept.words);
        } else {
            while let Some((x, y)) = m.next_match(&Grid::new(data, w, h), positions, from) {
                from = (x + 1, y);
                hits.push((x, y));
                if hits.len() % 2 == 1 {
                    m.write(&mut GridMut::new(data, w, h), x, y);
                }
            }
        }
        hits
    }

    /// The row matcher finds what the matcher finds, with writes between the matches, on
    /// random grids 1 to 64 wide, with tiles, set cells and wildcards.
    #[test]
    fn rows_agree_with_the_matcher_while_writing() {
        let text = "set ab = {1 2}\n\
            miniset a 2x2 { search 1 {2 3} | . {1 3} replace 3 . | . 2 }\n\
            miniset b 3x2 { search ab . 3 | 2 ab . replace . 1 . | 2 . 3 }\n\
            miniset c 1x1 { search 2 replace 1 }\n\
            miniset d 2x3 { search . . | . 4 | 1 . replace 4 . | . 1 | 2 2 }";
        let f = parse_patterns(text).unwrap();
        let minisets: Vec<_> = f
            .items
            .iter()
            .filter_map(|i| match &i.kind {
                ItemKind::Miniset(m) => Some(m.clone()),
                _ => None,
            })
            .collect();
        assert_eq!(minisets.len(), 4);
        let mut s = 0x9e3779b9u64;
        let mut total = 0;
        for (w, h) in [(40, 40), (64, 9), (17, 5), (1, 6), (3, 3), (63, 4)] {
            for round in 0..8 {
                let data: Vec<u16> = (0..w * h)
                    .map(|_| {
                        s = s
                            .wrapping_mul(6364136223846793005)
                            .wrapping_add(1442695040888963407);
                        (s >> 40) as u16 % 4 + 1
                    })
                    .collect();
                for mini in &minisets {
                    let m = Matcher::miniset(mini).for_grid(w);
                    let (mut a, mut b) = (data.clone(), data.clone());
                    let want = scatter(&m, &mut a, w, h, false);
                    let got = scatter(&m, &mut b, w, h, true);
                    assert_eq!(got, want, "{w}x{h} round {round}");
                    assert_eq!(a, b);
                    total += want.len();
                }
            }
        }
        assert!(total > 1000, "{total}");
    }
}
