//! A miniset matcher over bit planes: for every value of a grid, one [`BitRows`] plane whose
//! bit `(x, y)` says whether cell `(x, y)` holds it ([`Planes`]); the answers at every
//! position of the grid are made at once — per probe and row the shifted row words (a set
//! cell: the OR of its members' words), ANDed per row ([`RowHits`]) — and then kept in step
//! with each written cell (a bit per probe, one word's AND again), so a search after a write
//! reads one word per 64 positions. Any grid width (rows of several words shift across word
//! edges, [`or_shifted`]). Made by [`super::Matcher::rows`] for matchers whose probes all want
//! a tile or a set's members (no `!=` test). It answers as the matcher does: a probe outside
//! the grid fails.
//!
//! [`Planes::sync`] makes the planes of a grid, or keeps them when they were made of a grid
//! with the same cells (one comparison of the cells): steps that scan the same layer one
//! after another, as a list of scatters does, make them once.

use crate::engine::bit_rows::{low_bits, or_shifted, span_bits, BitRows};
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
    /// The planes; those past `used` are storage kept for a later sync.
    planes: Vec<BitRows>,
    used: usize,
}

impl Planes {
    /// Make these the planes of `g`, unless they already are.
    pub fn sync(&mut self, g: &Grid) {
        if self.width == g.width() && self.height == g.height() && self.cells == g.as_slice() {
            return;
        }
        self.width = g.width();
        self.height = g.height();
        self.cells.clear();
        self.cells.extend_from_slice(g.as_slice());
        self.index.clear();
        self.used = 0;
        for y in 0..self.height {
            for (x, &v) in g.row(y, 0, self.width).iter().enumerate() {
                let p = self.plane_or_new(v);
                self.planes[p].put(x as i32, y, true);
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
            if self.used == self.planes.len() {
                self.planes.push(BitRows::new());
            }
            self.planes[self.used].reset(self.width, self.height, 0, false);
            self.used += 1;
            self.index[v] = self.used as u16;
        }
        self.index[v] as usize - 1
    }

    /// Cell `(x, y)` (in the grid) now holds `v`: the copy and the planes follow.
    #[inline]
    pub fn set(&mut self, x: i32, y: i32, v: u16) {
        let i = Grid::new(&self.cells, self.width, self.height).index(x, y);
        let old = self.cells[i];
        let from = self.index[old as usize] as usize - 1;
        self.planes[from].put(x, y, false);
        let to = self.plane_or_new(v);
        self.planes[to].put(x, y, true);
        self.cells[i] = v;
    }

    /// Value `v`'s plane (`None` when no cell has held it).
    #[inline]
    fn plane(&self, v: u16) -> Option<&BitRows> {
        match self.index.get(v as usize) {
            Some(&p) if p > 0 => Some(&self.planes[p as usize - 1]),
            _ => None,
        }
    }

    /// Whether some cell of `r` (clipped to the grid) holds `v`: as
    /// [`Grid::any_in`]`(r, |t| t == v)` on the grid, a word per 64 cells of a row.
    #[inline]
    pub fn any_in(&self, v: u16, r: Rect) -> bool {
        let r = r.clip(self.width, self.height);
        match self.plane(v) {
            Some(plane) if !r.is_empty() => {
                let words = (r.x / 64) as usize..=((r.x1() - 1) / 64) as usize;
                (r.y..r.y1()).any(|y| {
                    let row = plane.row(y);
                    words
                        .clone()
                        .any(|i| row[i] & span_bits(i, r.x, r.x1()) != 0)
                })
            }
            _ => false,
        }
    }
}

/// A probe `(dx, dy, values)`: the cell `(dx, dy)` from the position must hold one of
/// the values.
type Probe = (i32, i32, Box<[u16]>);

/// See the module doc.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowMatcher {
    /// The probes, all of which must hold.
    probes: Box<[Probe]>,
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
    /// probe and row word the OR of its values' plane words, shifted, and their AND.
    pub fn begin(&self, planes: &Planes, hits: &mut RowHits) {
        let (w, h) = (planes.width, planes.height);
        if hits.held.len() < self.probes.len() {
            hits.held.resize_with(self.probes.len(), BitRows::new);
        }
        hits.probes = self.probes.len();
        hits.hits.reset(w, h, 0, false);
        hits.hits.set_all();
        let wpr = hits.hits.words_per_row();
        // the grid's columns of the last word (bits past the width stay clear)
        let last = span_bits(wpr.saturating_sub(1), 0, w);
        for (held, (dx, dy, values)) in hits.held.iter_mut().zip(&*self.probes) {
            held.reset(w, h, 0, false);
            // the position rows whose probed row `y + dy` is in the grid
            let (y0, y1) = ((-dy).clamp(0, h), (h - dy).clamp(0, h));
            let (y0, y1) = (y0 as usize * wpr, y1 as usize * wpr);
            let from0 = (y0 as i32 + dy * wpr as i32) as usize;
            for &v in values.iter() {
                if let Some(plane) = planes.plane(v) {
                    let to = &mut held.grid_words_mut()[y0..y1];
                    let from = &plane.grid_words()[from0..from0 + (y1 - y0)];
                    or_shifted(to, from, wpr, *dx, last);
                }
            }
            for (a, &b) in hits.hits.grid_words_mut().iter_mut().zip(held.grid_words()) {
                *a &= b;
            }
        }
    }

    /// Cell `(x, y)` (in the grid of `hits`) now holds `v`: the answers follow.
    #[inline]
    pub fn note(&self, hits: &mut RowHits, x: i32, y: i32, v: u16) {
        let (w, h) = (hits.hits.width(), hits.hits.height());
        for (k, (dx, dy, values)) in self.probes.iter().enumerate() {
            let (px, py) = (x - dx, y - dy);
            if py < 0 || py >= h || px < 0 || px >= w {
                continue;
            }
            hits.held[k].put(px, py, values.contains(&v));
            let i = (px / 64) as usize;
            let and = hits.and_of(py, i);
            hits.hits.row_mut(py)[i] = and;
        }
    }
}

/// A [`RowMatcher`]'s answer at every position of one grid: made by [`RowMatcher::begin`],
/// kept in step with writes by [`RowMatcher::note`], searched by [`RowHits::next_match`].
#[derive(Debug, Clone, Default)]
pub struct RowHits {
    /// Per probe: bit `(x, y)` set when the probe holds with the matcher at `(x, y)` (those
    /// past `probes` are storage kept for a later matcher).
    held: Vec<BitRows>,
    probes: usize,
    /// The positions where every probe holds.
    hits: BitRows,
}

impl RowHits {
    /// The AND of every probe's word `i` of row `y`, within the grid's columns.
    #[inline(always)]
    fn and_of(&self, y: i32, i: usize) -> u64 {
        self.held[..self.probes]
            .iter()
            .fold(self.hits.full(i), |a, held| a & held.row(y)[i])
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
            if start >= positions.x1() {
                continue;
            }
            let row = self.hits.row(y);
            let (i0, i1) = ((start / 64) as usize, ((positions.x1() - 1) / 64) as usize);
            let mut bits = row[i0] & !0u64 << (start % 64);
            for (i, &word) in (i0..).zip(&row[i0..=i1]) {
                if i > i0 {
                    bits = word;
                }
                if i == i1 {
                    bits &= low_bits(((positions.x1() - 1) % 64 + 1) as u32);
                }
                if bits != 0 {
                    return Some((64 * i as i32 + bits.trailing_zeros() as i32, y));
                }
            }
        }
        None
    }
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
            assert_eq!(
                format!(
                    "{:?}",
                    planes.planes[..planes.used]
                        .iter()
                        .map(|p| (0..p.height())
                            .map(|y| p.row(y).to_vec())
                            .collect::<Vec<_>>())
                        .collect::<Vec<_>>()
                ),
                format!(
                    "{:?}",
                    kept.planes[..kept.used]
                        .iter()
                        .map(|p| (0..p.height())
                            .map(|y| p.row(y).to_vec())
                            .collect::<Vec<_>>())
                        .collect::<Vec<_>>()
                )
            );
            rm.begin(&planes, &mut found);
            assert_eq!(
                format!("{:?}", (&found.held[..found.probes], found.hits)),
                format!(
                    "{:?}",
                    (&kept_hits.held[..kept_hits.probes], kept_hits.hits)
                )
            );
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
    /// random grids 1 to 200 wide (rows of one to four words), with tiles, set cells and wildcards.
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
        for (w, h) in [
            (40, 40),
            (64, 9),
            (17, 5),
            (1, 6),
            (3, 3),
            (63, 4),
            (65, 5),
            (130, 4),
            (200, 3),
        ] {
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
