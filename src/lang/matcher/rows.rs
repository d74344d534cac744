//! A miniset matcher over bit planes ([`crate::engine::bit_planes`]): one plane per value
//! the probes accept, and a whole row of positions tested at once — per probe one shifted
//! row word (a set cell: the OR of its members' planes), ANDed. Made by
//! [`super::Matcher::rows`] for matchers whose probes all want a tile or a set's members
//! (no `!=` test) over at most [`MAX_VALUES`] distinct values, on grids at most 64 cells
//! wide ([`BitPlanes::fits`]). It answers as the matcher does: a probe outside the grid
//! fails, and so do positions outside the grid.

use crate::engine::bit_planes::{BitPlanes, NONE};
use crate::engine::grid::{Grid, Rect};

/// The most distinct probe values a [`RowMatcher`] takes (its planes' bit set is a `u32`).
pub const MAX_VALUES: usize = 32;

/// See the module doc.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowMatcher {
    /// Plane `p` holds the cells of value `values[p]`.
    values: Box<[u16]>,
    /// `(dx, dy, planes)`: the cell `(dx, dy)` from the position must be in one of the
    /// planes of the bit set.
    probes: Box<[(i32, i32, u32)]>,
}

impl RowMatcher {
    /// The matcher of probes `(dx, dy, accepted values)`; `None` past [`MAX_VALUES`]
    /// values.
    pub(super) fn new(probes: &[(i32, i32, Vec<u16>)]) -> Option<RowMatcher> {
        let mut values: Vec<u16> = Vec::new();
        let mut out = Vec::with_capacity(probes.len());
        for (dx, dy, accepts) in probes {
            let mut set = 0u32;
            for &v in accepts {
                let p = match values.iter().position(|&u| u == v) {
                    Some(p) => p,
                    None if values.len() < MAX_VALUES => {
                        values.push(v);
                        values.len() - 1
                    }
                    None => return None,
                };
                set |= 1 << p;
            }
            out.push((*dx, *dy, set));
        }
        Some(RowMatcher {
            values: values.into_boxed_slice(),
            probes: out.into_boxed_slice(),
        })
    }

    /// The planes of `g`; `None` when it is too wide for them.
    pub fn planes(&self, g: &Grid) -> Option<BitPlanes> {
        BitPlanes::fits(g.width()).then(|| BitPlanes::of_values(g, &self.values))
    }

    /// The columns `x` of row `y` at which every probe holds (bits past the grid clear).
    #[inline]
    fn row(&self, planes: &BitPlanes, y: i32) -> u64 {
        let mut acc = planes.span(0, 64);
        for &(dx, dy, set) in self.probes.iter() {
            let mut any = 0;
            let mut s = set;
            while s != 0 {
                any |= planes.probe(s.trailing_zeros() as u8, false, dx, dy, y);
                s &= s - 1;
            }
            acc &= any;
            if acc == 0 {
                break;
            }
        }
        acc
    }

    /// [`super::Matcher::next_match`] on the grid `planes` were made of: the first
    /// position of `positions` (which must lie in the grid) at or after `from` in raster
    /// order where every probe holds.
    pub fn next_match(
        &self,
        planes: &BitPlanes,
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

    /// Keep `planes` in step with cell `(x, y)` (in the grid) now holding `v`.
    #[inline]
    pub fn changed(&self, planes: &mut BitPlanes, x: i32, y: i32, v: u16) {
        for (p, &u) in self.values.iter().enumerate() {
            if u == v {
                planes.moved(x, y, NONE, p as u8);
            } else {
                planes.moved(x, y, p as u8, NONE);
            }
        }
    }
}

#[cfg(test)]
mod tests {
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
            let mut planes = rm.planes(&Grid::new(data, w, h)).unwrap();
            while let Some((x, y)) = rm.next_match(&planes, positions, from) {
                from = (x + 1, y);
                hits.push((x, y));
                if hits.len() % 2 == 1 {
                    m.write_noting(&mut GridMut::new(data, w, h), x, y, |cx, cy, v| {
                        rm.changed(&mut planes, cx, cy, v)
                    });
                }
            }
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
