//! The one miniset matcher: a search grid (or a fix rule's tests) compiled at load into a
//! flat list of probes, matched at a position of a layer view, and a replace grid written
//! there. `PlaceMiniset`, `ScatterMiniset`, `Stamp` and the tests of `FixRules` use it.
//!
//! * A probe is one non-wildcard cell `(dx, dy)` from the position (the top-left of a
//!   miniset; the scanned cell of a fix rule): the tile there must be, or must not be, one
//!   tile, or must be one of a set's members. Wildcard cells (`.`) are no probe.
//! * A probe outside the grid fails (minisets are only tried where they fit, so for them
//!   this never happens; fix rules rely on it).
//! * Fix rules compare tile classes: [`Matcher::matches_by`] maps each tile read first.
//! * "Blocked" is a separate test over every footprint cell (wildcards included), e.g. the
//!   protected flag layers: [`Matcher::fits`].
//!
//! Everything is precomputed: matching is a native loop over a boxed slice, with one
//! bounds test per position, and allocates nothing.

use super::pattern::{Cell, Miniset, Test};
use crate::engine::grid::{Grid, GridMut, Rect};

mod lanes;
mod rows;
#[cfg(test)]
mod tiles_mean_themselves;
pub use rows::{Planes, RowHits, RowMatcher};

/// How many consecutive positions [`Matcher::next_match`] tests at once.
pub const LANES: usize = 16;

/// What a probe wants of its cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Want {
    /// Exactly this value.
    Is(u16),
    /// Anything but this value.
    IsNot(u16),
    /// One of `members[start..end]`.
    In(u32, u32),
}

/// The first probe of a matcher compiled for one grid width (see [`Matcher::first`]): a
/// cheap test to make before the whole match, which fails where the match would fail at
/// its first probe. Holds everywhere for a matcher without probes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FirstProbe {
    off: i32,
    /// The value compared with (unused for [`FirstKind::Any`]).
    value: u16,
    kind: FirstKind,
}

/// How a [`FirstProbe`] compares its cell with its value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum FirstKind {
    /// Holds everywhere: no probe, or a set of more than one member (the full match
    /// decides).
    Any,
    /// The cell equals the value (a tile, or the one member of a set of one).
    Is,
    /// The cell differs from the value.
    IsNot,
}

impl FirstProbe {
    /// `Some((off, v))` when the probe holds only where the (mapped) value at flat index
    /// offset `off` from the position is `v`; `None` when it may hold elsewhere too.
    pub fn equal_to(&self) -> Option<(i32, u16)> {
        (self.kind == FirstKind::Is).then_some((self.off, self.value))
    }

    /// Whether the probe holds at the position whose [`Grid::flat_index`] is `i`, which
    /// must be in the matcher's [`Matcher::inner`] on a grid [`Matcher::stride`] wide.
    #[inline(always)]
    pub fn holds(&self, g: &Grid, i: isize, map: impl Fn(u16) -> u16) -> bool {
        if self.kind == FirstKind::Any {
            return true;
        }
        let v = map(g.as_slice()[(i + self.off as isize) as usize]);
        (v == self.value) == (self.kind == FirstKind::Is)
    }
}

/// One tested cell, `(dx, dy)` from the position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Probe {
    dx: i32,
    dy: i32,
    /// `(dx, dy)` as a row-major index offset on a grid `Matcher::stride` wide.
    off: i32,
    want: Want,
}

/// A compiled search (and replace) grid. See the module doc.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Matcher {
    probes: Box<[Probe]>,
    /// The members of every set probe, each set's run ascending.
    members: Box<[u16]>,
    /// The smallest rectangle, relative to the position, holding every probe.
    reach: Rect,
    /// The footprint, relative to the position: the miniset's `width × height` (for fix
    /// rules, `reach`).
    footprint: Rect,
    /// The replace cells that write a tile (not `.`) `(dx, dy, tile)`, in raster order.
    writes: Box<[(i32, i32, u16)]>,
    /// The grid width the probes' `off` are computed for (0: none, see [`Matcher::for_grid`]).
    stride: i32,
}

impl Matcher {
    fn build(probes: Vec<Probe>, members: Vec<u16>, footprint: Option<Rect>) -> Matcher {
        let reach = match probes.first() {
            None => Rect::default(),
            Some(p0) => {
                let (mut x0, mut y0, mut x1, mut y1) = (p0.dx, p0.dy, p0.dx, p0.dy);
                for p in &probes {
                    x0 = x0.min(p.dx);
                    y0 = y0.min(p.dy);
                    x1 = x1.max(p.dx);
                    y1 = y1.max(p.dy);
                }
                Rect::from_corners(x0, y0, x1 + 1, y1 + 1)
            }
        };
        Matcher {
            probes: probes.into_boxed_slice(),
            members: members.into_boxed_slice(),
            reach,
            footprint: footprint.unwrap_or(reach),
            writes: Box::new([]),
            stride: 0,
        }
    }

    /// The matcher of a miniset: a probe per non-wildcard search cell, the footprint
    /// `width × height` at the position, and its replace cells other than `.` as writes.
    pub fn miniset(m: &Miniset) -> Matcher {
        let mut probes = Vec::new();
        let mut members: Vec<u16> = Vec::new();
        let size = Rect::of_size(m.width, m.height);
        for ((dx, dy), c) in size.cells().zip(&m.search) {
            let want = match c {
                Cell::Any => continue,
                Cell::Tile(t) => Want::Is(*t),
                Cell::Set(s) => {
                    let start = members.len() as u32;
                    members.extend_from_slice(s);
                    Want::In(start, members.len() as u32)
                }
            };
            probes.push(Probe {
                dx,
                dy,
                off: 0,
                want,
            });
        }
        let mut out = Matcher::build(probes, members, Some(size));
        out.writes = size
            .cells()
            .zip(&m.replace)
            .filter_map(|((dx, dy), &v)| Some((dx, dy, v?)))
            .collect();
        out
    }

    /// The matcher of a fix rule's tests `(dx,dy) ==/!= value`, in their order; no writes.
    pub fn tests(tests: &[Test]) -> Matcher {
        let probes = tests
            .iter()
            .map(|t| Probe {
                dx: t.dx,
                dy: t.dy,
                off: 0,
                want: if t.equal {
                    Want::Is(t.value)
                } else {
                    Want::IsNot(t.value)
                },
            })
            .collect();
        Matcher::build(probes, Vec::new(), None)
    }

    /// The same matcher with its probes also compiled to index offsets on a grid
    /// `width` wide (grids of another width are matched as before).
    pub fn for_grid(mut self, width: i32) -> Matcher {
        self.stride = width;
        for p in self.probes.iter_mut() {
            p.off = p.dy * width + p.dx;
        }
        self
    }

    /// The positions of a `width × height` grid at which every probe lies inside the grid
    /// (where [`Matcher::matches_inside`] may be used).
    pub fn inner(&self, width: i32, height: i32) -> Rect {
        let r = &self.reach;
        Rect::from_corners(-r.x, -r.y, width - r.x1() + 1, height - r.y1() + 1).clip(width, height)
    }

    /// Footprint width in cells.
    #[inline]
    pub fn width(&self) -> i32 {
        self.footprint.w
    }

    /// Footprint height in cells.
    #[inline]
    pub fn height(&self) -> i32 {
        self.footprint.h
    }

    /// The footprint with the matcher at `(x, y)`.
    #[inline]
    pub fn footprint(&self, x: i32, y: i32) -> Rect {
        Rect::new(
            x + self.footprint.x,
            y + self.footprint.y,
            self.footprint.w,
            self.footprint.h,
        )
    }

    /// The first probe, for a prefilter (see [`FirstProbe`]); its offset is for the width
    /// given to [`Matcher::for_grid`].
    pub fn first(&self) -> FirstProbe {
        let (off, value, kind) = match self.probes.first() {
            None => (0, 0, FirstKind::Any),
            Some(p) => match p.want {
                Want::Is(t) => (p.off, t, FirstKind::Is),
                Want::IsNot(t) => (p.off, t, FirstKind::IsNot),
                Want::In(a, b) if b == a + 1 => (p.off, self.members[a as usize], FirstKind::Is),
                Want::In(..) => (p.off, 0, FirstKind::Any),
            },
        };
        FirstProbe { off, value, kind }
    }

    /// Whether [`Matcher::first`] decides the whole match: one probe, compared with one
    /// value (`==` a tile or a set of one, or `!=`).
    pub fn decided_by_first(&self) -> bool {
        self.probes.len() == 1 && self.first().kind != FirstKind::Any
    }

    /// The same probes as a [`RowMatcher`] (bit planes, a row of positions at a time);
    /// `None` when a probe is a `!=` test.
    pub fn rows(&self) -> Option<RowMatcher> {
        let probes: Option<Vec<(i32, i32, Vec<u16>)>> = self
            .probes
            .iter()
            .map(|p| match p.want {
                Want::Is(t) => Some((p.dx, p.dy, vec![t])),
                Want::In(a, b) => Some((p.dx, p.dy, self.members[a as usize..b as usize].to_vec())),
                Want::IsNot(_) => None,
            })
            .collect();
        Some(RowMatcher::new(probes?))
    }

    /// The grid width the probes were compiled for by [`Matcher::for_grid`] (0: none).
    #[inline(always)]
    pub fn stride(&self) -> i32 {
        self.stride
    }

    /// [`Matcher::matches_inside`] at the position whose [`Grid::flat_index`] is `i`, on a
    /// grid [`Matcher::stride`] wide (checked in debug builds).
    #[inline(always)]
    pub fn matches_at_index(&self, g: &Grid, i: isize, map: impl Fn(u16) -> u16) -> bool {
        debug_assert_eq!(self.stride, g.width());
        let data = g.as_slice();
        self.probes
            .iter()
            .all(|p| self.want(p.want, map(data[(i + p.off as isize) as usize])))
    }

    /// [`Matcher::matches_by`] at position `(x, y)`, which must be in
    /// [`Matcher::inner`]: no bounds tests, each probe one indexed read.
    #[inline(always)]
    pub fn matches_inside(&self, g: &Grid, x: i32, y: i32, map: impl Fn(u16) -> u16) -> bool {
        debug_assert!(self.inner(g.width(), g.height()).contains(x, y));
        if self.stride == g.width() {
            self.matches_at_index(g, g.flat_index(x, y), map)
        } else {
            self.probes
                .iter()
                .all(|p| self.want(p.want, map(g.at(x + p.dx, y + p.dy))))
        }
    }

    #[inline(always)]
    fn want(&self, w: Want, v: u16) -> bool {
        match w {
            Want::Is(t) => v == t,
            Want::IsNot(t) => v != t,
            Want::In(a, b) => self.members[a as usize..b as usize].contains(&v),
        }
    }

    /// Whether every probe holds at `(x, y)` of `g` (a probe outside the grid fails).
    #[inline(always)]
    pub fn matches(&self, g: &Grid, x: i32, y: i32) -> bool {
        self.matches_by(g, x, y, |v| v)
    }

    /// [`Matcher::matches`] comparing `map(tile)` instead of the tile (classes).
    #[inline(always)]
    pub fn matches_by(&self, g: &Grid, x: i32, y: i32, map: impl Fn(u16) -> u16) -> bool {
        let r = &self.reach;
        let inside =
            x + r.x >= 0 && y + r.y >= 0 && x + r.x1() <= g.width() && y + r.y1() <= g.height();
        if inside {
            self.matches_inside(g, x, y, map)
        } else {
            self.probes.iter().all(|p| match g.get(x + p.dx, y + p.dy) {
                Some(v) => self.want(p.want, map(v)),
                None => false,
            })
        }
    }

    /// [`Matcher::matches`] reading each probed cell `(cx, cy)` as `read(cx, cy)` (`None`
    /// fails the probe): for grids whose edges are read another way.
    #[inline]
    pub fn matches_with(&self, x: i32, y: i32, read: impl Fn(i32, i32) -> Option<u16>) -> bool {
        self.probes
            .iter()
            .all(|p| read(x + p.dx, y + p.dy).is_some_and(|v| self.want(p.want, v)))
    }

    /// Whether `blocked(cx, cy)` holds for some footprint cell (wildcards included) with the
    /// matcher at `(x, y)`.
    #[inline(always)]
    pub fn blocked(&self, x: i32, y: i32, blocked: impl FnMut(i32, i32) -> bool) -> bool {
        self.footprint(x, y).any_cell(blocked)
    }

    /// It matches at `(x, y)` and no footprint cell is blocked.
    #[inline(always)]
    pub fn fits(&self, g: &Grid, x: i32, y: i32, blocked: impl FnMut(i32, i32) -> bool) -> bool {
        self.matches(g, x, y) && !self.blocked(x, y, blocked)
    }

    /// Write the replace cells other than `.` with the matcher at `(x, y)`; cells outside the grid
    /// are skipped.
    #[inline]
    pub fn write(&self, g: &mut GridMut, x: i32, y: i32) {
        for &(dx, dy, v) in self.writes.iter() {
            g.set_checked(x + dx, y + dy, v);
        }
    }

    /// [`Matcher::write`], calling `wrote(cx, cy, v)` for each cell written.
    #[inline]
    pub fn write_noting(
        &self,
        g: &mut GridMut,
        x: i32,
        y: i32,
        mut wrote: impl FnMut(i32, i32, u16),
    ) {
        for &(dx, dy, v) in self.writes.iter() {
            if g.set_checked(x + dx, y + dy, v) {
                wrote(x + dx, y + dy, v);
            }
        }
    }

    /// [`Matcher::write`] of only the cells `(cx, cy)` for which `keep(cx, cy)` holds.
    #[inline]
    pub fn write_where(
        &self,
        g: &mut GridMut,
        x: i32,
        y: i32,
        mut keep: impl FnMut(i32, i32) -> bool,
    ) {
        for &(dx, dy, v) in self.writes.iter() {
            let (cx, cy) = (x + dx, y + dy);
            if g.in_bounds(cx, cy) && keep(cx, cy) {
                g.set(cx, cy, v);
            }
        }
    }
}

#[cfg(test)]
mod tests;
