//! A miniset matcher over bit planes: for every value of a grid at most 64 cells wide, one
//! 64-bit word per row whose bit `x` says whether cell `(x, y)` holds it ([`Planes`]); the
//! answers at every position of the grid are made at once — per probe and row one shifted
//! row word (a set cell: the OR of its members' words), ANDed per row ([`RowHits`]) — and
//! then kept in step with each written cell (a bit per probe, one row's AND again), so a
//! search after a write reads one word per row. Made by [`super::Matcher::rows`] for
//! matchers whose probes all want a tile or a set's members (no `!=` test). It answers as
//! the matcher does: a probe outside the grid fails.
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

    /// The row words of value `v`'s plane (`None` when no cell has held it).
    #[inline]
    fn plane(&self, v: u16) -> Option<&[u64]> {
        let h = self.height as usize;
        match self.index.get(v as usize) {
            Some(&p) if p > 0 => Some(&self.words[(p as usize - 1) * h..p as usize * h]),
            _ => None,
        }
    }

    /// Whether some cell of `r` (clipped to the grid) holds `v`: as
    /// [`Grid::any_in`]`(r, |t| t == v)` on the grid, a word per row.
    #[inline]
    pub fn any_in(&self, v: u16, r: Rect) -> bool {
        let r = r.clip(self.width, self.height);
        match self.plane(v) {
            Some(plane) if !r.is_empty() => {
                let cols = span(r.x, r.x1(), self.full);
                plane[r.y as usize..r.y1() as usize]
                    .iter()
                    .any(|&w| w & cols != 0)
            }
            _ => false,
        }
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

    /// Make `hits` this matcher's answers at every position of the grid of `planes`: per
    /// probe and row one word (the OR of its values' plane rows, shifted), then their AND.
    pub fn begin(&self, planes: &Planes, hits: &mut RowHits) {
        let h = planes.height;
        hits.width = planes.width;
        hits.height = h;
        hits.full = planes.full;
        hits.held.clear();
        hits.held.resize(self.probes.len() * h as usize, 0);
        hits.hits.clear();
        if h == 0 {
            return;
        }
        for (held, (dx, dy, values)) in hits.held.chunks_exact_mut(h as usize).zip(&*self.probes) {
            // the position rows whose probed row `y + dy` is in the grid
            let (y0, y1) = ((-dy).clamp(0, h) as usize, (h - dy).clamp(0, h) as usize);
            if y1 <= y0 {
                continue;
            }
            let held = &mut held[y0..y1];
            for &v in values.iter() {
                if let Some(plane) = planes.plane(v) {
                    let from = &plane[(y0 as i32 + dy) as usize..][..held.len()];
                    or_shifted(held, from, *dx, planes.full);
                }
            }
        }
        hits.hits.resize(h as usize, planes.full);
        for held in hits.held.chunks_exact(h as usize) {
            for (a, &w) in hits.hits.iter_mut().zip(held) {
                *a &= w;
            }
        }
    }

    /// Cell `(x, y)` (in the grid of `hits`) now holds `v`: the answers follow.
    #[inline]
    pub fn note(&self, hits: &mut RowHits, x: i32, y: i32, v: u16) {
        let h = hits.height as usize;
        for (k, (dx, dy, values)) in self.probes.iter().enumerate() {
            let (px, py) = (x - dx, y - dy);
            if py < 0 || py >= hits.height || px < 0 || px >= hits.width {
                continue;
            }
            let word = &mut hits.held[k * h + py as usize];
            if values.contains(&v) {
                *word |= 1u64 << px;
            } else {
                *word &= !(1u64 << px);
            }
            hits.hits[py as usize] = hits.and_of(py as usize);
        }
    }
}

/// `to[i] |= from[i]` moved so that bit `x` tells of cell `x + dx` (nothing for
/// `|dx| >= 64`), within `full`: one loop per direction, with the shift fixed.
#[inline(always)]
fn or_shifted(to: &mut [u64], from: &[u64], dx: i32, full: u64) {
    match dx {
        0..=63 => to
            .iter_mut()
            .zip(from)
            .for_each(|(t, &r)| *t |= r >> dx & full),
        -63..=-1 => to
            .iter_mut()
            .zip(from)
            .for_each(|(t, &r)| *t |= r << -dx & full),
        _ => {}
    }
}

/// A [`RowMatcher`]'s answer at every position of one grid (at most 64 cells wide): made
/// by [`RowMatcher::begin`], kept in step with writes by [`RowMatcher::note`], searched by
/// [`RowHits::next_match`].
#[derive(Debug, Clone, Default)]
pub struct RowHits {
    width: i32,
    height: i32,
    /// Probe `k`, row `y`: `held[k · height + y]`, bit `x` set when the probe holds with
    /// the matcher at `(x, y)`.
    held: Vec<u64>,
    /// Row `y`: the positions where every probe holds.
    hits: Vec<u64>,
    /// Bits `0..width`.
    full: u64,
}

impl RowHits {
    /// The AND of every probe's word of row `y`.
    #[inline(always)]
    fn and_of(&self, y: usize) -> u64 {
        let h = self.height as usize;
        self.held[y..]
            .iter()
            .step_by(h)
            .fold(self.full, |a, &w| a & w)
    }

    /// [`super::Matcher::next_match`] on the grid the answers are of: the first position
    /// of `positions` (which must lie in the grid) at or after `from` in raster order where
    /// every probe holds.
    pub fn next_match(&self, positions: Rect, from: (i32, i32)) -> Option<(i32, i32)> {
        if positions.is_empty() {
            return None;
        }
        for y in from.1.max(positions.y)..positions.y1() {
            let start = if y == from.1 {
                from.0.max(positions.x)
            } else {
                positions.x
            };
            let hits = self.hits[y as usize] & span(start, positions.x1(), self.full);
            if hits != 0 {
                return Some((hits.trailing_zeros() as i32, y));
            }
        }
        None
    }
}

/// The bits of columns `x0..x1` (clipped to `0..64`) within `full`.
#[inline]
fn span(x0: i32, x1: i32, full: u64) -> u64 {
    let (x0, x1) = (x0.clamp(0, 64), x1.clamp(0, 64));
    if x1 <= x0 {
        return 0;
    }
    (u64::MAX >> (64 - (x1 - x0))) << x0 & full
}

#[cfg(test)]
mod tests {
    use super::{Planes, RowHits};
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
            let (mut planes, mut found) = (Planes::default(), RowHits::default());
            planes.sync(&Grid::new(data, w, h));
            rm.begin(&planes, &mut found);
            while let Some((x, y)) = found.next_match(positions, from) {
                from = (x + 1, y);
                hits.push((x, y));
                if hits.len() % 2 == 1 {
                    m.write_noting(&mut GridMut::new(data, w, h), x, y, |cx, cy, v| {
                        planes.set(cx, cy, v);
                        rm.note(&mut found, cx, cy, v);
                    });
                }
                // the spread test over the planes, as on the grid
                let g = Grid::new(data, w, h);
                let win = Rect::new(x - 2, y - 1, 5, 3);
                for v in 0..6 {
                    assert_eq!(planes.any_in(v, win), g.any_in(win, |t| t == v));
                }
            }
            // the planes and answers followed the writes: made again of the grid, the same
            let (kept, kept_hits) = (planes.clone(), found.clone());
            planes.sync(&Grid::new(data, w, h));
            assert_eq!(planes.words, kept.words);
            rm.begin(&planes, &mut found);
            assert_eq!((found.held, found.hits), (kept_hits.held, kept_hits.hits));
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
