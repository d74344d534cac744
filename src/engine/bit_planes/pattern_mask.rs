//! [`PatternMask`]: a list of cell patterns compiled to reads of [`BitPlanes`] words, to
//! find, a row at a time, the cells where one of them may hold.

use super::{BitPlanes, NONE};
use crate::engine::bit_rows::span_bits;
use crate::engine::grid::Grid;

/// Planes made by comparing rows with each value ([`BitPlanes::set_values`]) up to this
/// many values; beyond, each cell looks its plane up ([`BitPlanes::set_by`]).
const EQ_PLANES: usize = 16;

/// One test of a pattern, `(dx, dy, value, equal)`: the cell `dx` columns and `dy` rows
/// away is in the grid and its value is (`equal`) or is not `value` ([`PatternMask`]).
pub type CellTest = (i32, i32, u16, bool);

/// One pattern of a [`PatternMask`]: its heads (the values the cell itself may hold; any
/// value when empty) and its tests.
pub type MaskPattern = (Vec<u16>, Vec<CellTest>);

/// A list of cell patterns over bit planes, to find the cells where one of them may hold.
/// Pattern `i` holds at `(x, y)` when the cell's value is one of its heads (any value when
/// it has none) and every test `(dx, dy, value, equal)` holds: cell `(x + dx, y + dy)` is in
/// the grid and its value is (`equal`) or is not `value`. With a class table, a value is
/// the class `classes[tile]` of a tile (0 past the end of the table), else the tile.
///
/// The planes: one per value read, then one per value a `!=` test reads (the grid's cells
/// not of that value), then the grid plane. A test is then one shifted word of a plane.
#[derive(Debug, Clone)]
pub struct PatternMask {
    /// A number no other mask made in this process has (a clone has its mask's): what
    /// [`super::layer_planes::LayerPlanes`] knows it by.
    id: u64,
    /// Tile -> plane of its value.
    lut: Vec<u8>,
    /// The plane of tiles past `lut`.
    beyond: u8,
    /// The value of each plane of values.
    values: Vec<u16>,
    /// Per plane of a value, the plane of the other cells ([`NONE`]: none).
    others: Vec<u8>,
    /// The planes of the values `!=` tests read (their other cells' planes follow the
    /// planes of values, in this order).
    negated: Vec<u8>,
    /// Values are classes.
    classes: bool,
    /// The planes of values and of other cells (the grid plane comes next).
    planes: usize,
    /// The margin rows the tests need (their largest `|dy|`).
    pad: usize,
    /// The largest `|dx|` of a test.
    reach: u32,
    /// The patterns grouped by their head (in any order: only their union matters; a
    /// pattern of several heads is in several groups, one of none in the grid plane's),
    /// those of one test apart from the others (see [`Group`]).
    one_test: Vec<Group>,
    groups: Vec<Group>,
    /// Per pattern of no test or several, its tests: a range of `probes`.
    pats: Vec<(u32, u32)>,
    probes: Vec<Probe>,
}

/// Patterns of one head in a [`PatternMask`]: the word offset of the head's plane in a row,
/// and a range of `probes` (patterns of one test: one probe each, ORed in without a branch
/// per pattern) or of `pats` (the others: no test, or several, a pattern stopping at the
/// first test that leaves it no column).
#[derive(Debug, Clone, Copy)]
struct Group {
    head: u32,
    range: (u32, u32),
}

/// What a plane of a [`PatternMask`] holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Plane {
    /// The grid's cells.
    Grid,
    /// The cells of a value.
    Value(u16),
    /// The grid's cells not of a value.
    Not(u16),
}

/// One test: the cells `x` of a row where it holds are those whose cell `dx` columns and
/// `dy` rows away is in plane `plane`. With rows of one word that is `word(at) >> shr << shl`,
/// `word(k)` being the `k`-th word from the row's first (`at` = `dy · per_row + plane`).
#[derive(Debug, Clone, Copy)]
struct Probe {
    at: isize,
    dy: i32,
    plane: u8,
    dx: i32,
    shr: u32,
    shl: u32,
}

impl PatternMask {
    /// The mask of `pats` (heads, tests), or `None` when they read more than `max_planes`
    /// values (or values past 4095 without a class table), or a test reaches 64 or more
    /// columns or more than 64 rows away.
    pub fn new(
        pats: &[MaskPattern],
        classes: Option<&[u16]>,
        max_planes: usize,
    ) -> Option<PatternMask> {
        let tests = || pats.iter().flat_map(|p| p.1.iter());
        if tests().any(|t| t.0.unsigned_abs() >= 64 || t.1.unsigned_abs() > 64) {
            return None;
        }
        let mut values: Vec<u16> = pats
            .iter()
            .flat_map(|(h, t)| h.iter().copied().chain(t.iter().map(|t| t.2)))
            .collect();
        values.sort_unstable();
        values.dedup();
        let mut negated: Vec<u16> = tests().filter(|t| !t.3).map(|t| t.2).collect();
        negated.sort_unstable();
        negated.dedup();
        if values.len() + negated.len() > max_planes.min(NONE as usize - 1) {
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
        let negated: Vec<u8> = negated.iter().map(|&v| plane(v)).collect();
        let mut others = vec![NONE; values.len()];
        for (k, &p) in negated.iter().enumerate() {
            others[p as usize] = (values.len() + k) as u8;
        }
        let grid = values.len() + negated.len();
        let per_row = grid as isize + 1;
        // (head plane, pattern): a pattern once per head; the grid plane for none
        let mut by_head: Vec<(u32, usize)> = Vec::new();
        for (i, (h, _)) in pats.iter().enumerate() {
            let mut heads: Vec<u32> = h.iter().map(|&v| plane(v) as u32).collect();
            if h.is_empty() {
                heads.push(grid as u32);
            }
            heads.sort_unstable();
            heads.dedup();
            by_head.extend(heads.into_iter().map(|p| (p, i)));
        }
        by_head.sort_unstable();
        let (mut one_test, mut groups) = (Vec::new(), Vec::new());
        let (mut ranges, mut probes) = (Vec::new(), Vec::new());
        let probe = |&(dx, dy, v, equal): &CellTest| {
            let p = plane(v);
            let p = if equal { p } else { others[p as usize] };
            Probe {
                at: dy as isize * per_row + p as isize,
                dy,
                plane: p,
                dx,
                shr: dx.max(0) as u32,
                shl: (-dx).max(0) as u32,
            }
        };
        for run in by_head.chunk_by(|a, b| a.0 == b.0) {
            let one = |i: usize| pats[i].1.len() == 1;
            let s0 = probes.len() as u32;
            probes.extend(
                run.iter()
                    .filter(|r| one(r.1))
                    .map(|r| probe(&pats[r.1].1[0])),
            );
            let (s1, p0) = (probes.len() as u32, ranges.len() as u32);
            for &(_, i) in run.iter().filter(|r| !one(r.1)) {
                let t0 = probes.len() as u32;
                probes.extend(pats[i].1.iter().map(probe));
                ranges.push((t0, probes.len() as u32));
            }
            let head = run[0].0;
            if s1 > s0 {
                one_test.push(Group {
                    head,
                    range: (s0, s1),
                });
            }
            if ranges.len() as u32 > p0 {
                groups.push(Group {
                    head,
                    range: (p0, ranges.len() as u32),
                });
            }
        }
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        Some(PatternMask {
            id: NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            lut,
            beyond,
            others,
            negated,
            classes: classes.is_some(),
            planes: grid,
            values,
            pad: tests().map(|t| t.1.unsigned_abs()).max().unwrap_or(0) as usize,
            reach: tests().map(|t| t.0.unsigned_abs()).max().unwrap_or(0),
            one_test,
            groups,
            pats: ranges,
            probes,
        })
    }

    /// The mask's number (see the field).
    pub(super) fn id(&self) -> u64 {
        self.id
    }

    /// The margin rows the tests need (their largest `|dy|`): the planes of rows `y0 - pad
    /// .. y1 + pad` are read to scan rows `y0..y1`.
    pub fn pad(&self) -> usize {
        self.pad
    }

    /// What each of the mask's planes holds, in its order (values, negations, the grid);
    /// `None` with a class table (its planes hold classes).
    pub(super) fn plane_kinds(&self) -> Option<Vec<Plane>> {
        if self.classes {
            return None;
        }
        let values = self.values.iter().map(|&v| Plane::Value(v));
        let nots = self
            .negated
            .iter()
            .map(|&p| Plane::Not(self.values[p as usize]));
        Some(values.chain(nots).chain([Plane::Grid]).collect())
    }

    /// This mask on other planes: plane `p` of [`PatternMask::plane_kinds`] is plane
    /// `map[p]` of rows of `per_row` planes, whose tiles' planes are `lut` (none past its
    /// end) and their negations `others`; [`PatternMask::moved`] then follows those.
    pub(super) fn on_planes(&self, map: &[u8], per_row: usize, lut: &[u8], others: &[u8]) -> Self {
        let mut m = self.clone();
        for g in m.one_test.iter_mut().chain(&mut m.groups) {
            g.head = map[g.head as usize] as u32;
        }
        for t in &mut m.probes {
            t.plane = map[t.plane as usize];
            t.at = t.dy as isize * per_row as isize + t.plane as isize;
        }
        m.follow(lut, others);
        m.planes = per_row - 1;
        m
    }

    /// [`PatternMask::moved`] follows the planes `lut` and `others` (of a mask
    /// [`PatternMask::on_planes`], when planes were added beside its own).
    pub(super) fn follow(&mut self, lut: &[u8], others: &[u8]) {
        (self.lut, self.beyond, self.others) = (lut.to_vec(), NONE, others.to_vec());
    }

    /// The plane of a tile's value ([`NONE`]: none).
    #[inline(always)]
    fn plane(&self, tile: u16) -> u8 {
        self.lut.get(tile as usize).copied().unwrap_or(self.beyond)
    }

    /// The plane of the cells not of the value of plane `p` ([`NONE`]: none).
    #[inline(always)]
    fn others(&self, p: u8) -> u8 {
        self.others.get(p as usize).copied().unwrap_or(NONE)
    }

    /// Make `out` the bit planes of `g` for these patterns.
    pub fn planes(&self, g: &Grid, out: &mut BitPlanes) {
        let others = &self.negated;
        if self.classes || self.values.len() > EQ_PLANES {
            let plane = |t| self.plane(t);
            out.set_by(g, (self.values.len(), others), self.pad, plane);
        } else {
            out.set_values(g, &self.values, others, self.pad);
        }
    }

    /// Cell `(x, y)` of the grid of `planes` (made by [`PatternMask::planes`]) changed
    /// from tile `old` to tile `new`: the planes follow.
    #[inline]
    pub fn moved(&self, planes: &mut BitPlanes, x: i32, y: i32, old: u16, new: u16) {
        let (from, to) = (self.plane(old), self.plane(new));
        if from != to {
            planes.moved(x, y, from, to);
            planes.moved(x, y, self.others(to), self.others(from));
        }
    }

    /// The columns of word `i` of row `y` among `span` (bits of that word) where some
    /// pattern may hold (every one where one holds), on planes made by
    /// [`PatternMask::planes`] (and kept in step with the cells).
    #[inline]
    pub fn row(&self, p: &BitPlanes, y: i32, i: usize, span: u64) -> u64 {
        debug_assert!(p.per_row == self.planes + 1 && p.pad >= self.pad);
        if y < 0 || y >= p.height {
            return 0;
        }
        let w = &p.words;
        if p.wpr == 1 {
            // one word a row: a test is one shift
            let base = ((p.pad + y as usize) * p.per_row) as isize;
            let head = |k: isize| w[(base + k) as usize];
            return self.any(span, head, |t| w[(base + t.at) as usize] >> t.shr << t.shl);
        }
        let (wpr, per_row) = (p.wpr as i64, p.per_row as i64);
        let base = ((p.pad + y as usize) * p.wpr * p.per_row) as i64;
        let head = |k: isize| w[(base + i as i64 * per_row) as usize + k as usize];
        self.any(span, head, |t| {
            // word `j` of the test's plane `dy` rows away (0 off the row's ends)
            let word = |j: i64| match j >= 0 && j < wpr {
                true => w[(base + (t.dy as i64 * wpr + j) * per_row) as usize + t.plane as usize],
                false => 0,
            };
            let (at, r) = (i as i64 + (t.dx >> 6) as i64, (t.dx & 63) as u32);
            match r {
                0 => word(at),
                _ => word(at) >> r | word(at + 1) << (64 - r),
            }
        })
    }

    /// [`PatternMask::row`] with the word of a head plane `head(plane)` and of a test
    /// `test(probe)`.
    #[inline(always)]
    fn any(&self, span: u64, head: impl Fn(isize) -> u64, test: impl Fn(&Probe) -> u64) -> u64 {
        let mut any = 0u64;
        for g in &self.one_test {
            let hm = span & head(g.head as isize);
            if hm == 0 {
                continue;
            }
            for t in &self.probes[g.range.0 as usize..g.range.1 as usize] {
                any |= hm & test(t);
            }
        }
        for g in &self.groups {
            let hm = span & !any & head(g.head as isize);
            if hm == 0 {
                continue;
            }
            for &(t0, t1) in &self.pats[g.range.0 as usize..g.range.1 as usize] {
                let mut m = hm;
                for t in &self.probes[t0 as usize..t1 as usize] {
                    m &= test(t);
                    if m == 0 {
                        break;
                    }
                }
                any |= m;
            }
        }
        any
    }

    /// The columns of word `i` of row `y` whose answer in [`PatternMask::row`] may change
    /// when cell `(x, cy)` changes: those that read it.
    #[inline]
    pub fn readers(&self, y: i32, i: usize, x: i32, cy: i32) -> u64 {
        if (cy - y).unsigned_abs() as usize > self.pad {
            return 0;
        }
        let r = self.reach as i32;
        span_bits(i, x - r, x + r + 1)
    }
}

#[cfg(test)]
mod tests;
