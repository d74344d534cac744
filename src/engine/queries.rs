//! Spatial queries of expressions (`walk_distance`, `farthest`, `connected`, `regions`,
//! `largest_region`) over the walkable cells of a tile layer, and the cache that answers
//! them once per layer version.
//!
//! A [`Walkable`] is a tile layer and a set of tiles: its cells holding one of them are the
//! walkable cells; walks take orthogonal steps between them (the toolkit's
//! [`DistanceField`] and [`Regions`]). The cache, [`Queries`], belongs to the run state: it
//! keeps the region labels of each walkable set and the last few distance fields, each
//! tagged with the version of the layer it was computed from ([`crate::engine::State`]
//! bumps a layer's version on every write), so a query asked again before the layer
//! changes costs a lookup, and evaluating it again allocates nothing.
//!
//! Places (the ends of a walk) are rectangles of tiles: a cell is a 1 × 1 rectangle, a room
//! the tiles of its bounding box, an area itself; a place's walkable cells are its cells
//! that are walkable, and the distance between two places is the shortest walk between a
//! walkable cell of one and a walkable cell of the other.

use super::grid::Rect;
use super::tile_set::TileSet;
use super::walk::{DistanceField, Regions, NO_REGION, UNREACHED};
use std::sync::Arc;

/// The walkable cells of a query: the cells of tile layer `layer` holding a tile of `tiles`.
#[derive(Debug, Clone)]
pub struct Walkable {
    /// The tile layer.
    pub layer: u16,
    /// The walkable tiles.
    pub tiles: TileSet,
}

/// Distance fields kept at once (the least recently used is recomputed).
const FIELDS: usize = 4;

/// A cached computation: which walkable set, at which layer version.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Key {
    walk: u16,
    version: u64,
}

/// A distance field with what it was computed for.
#[derive(Debug, Default, Clone)]
struct FieldEntry {
    key: Option<(Key, Rect)>,
    used: u64,
    field: DistanceField,
}

/// The spatial-query cache of a run (see the module doc).
#[derive(Debug, Default)]
pub struct Queries {
    walkables: Arc<[Walkable]>,
    /// Region labels per walkable set, with the layer version they were computed at.
    regions: Vec<(Option<u64>, Regions)>,
    fields: Vec<FieldEntry>,
    /// Scratch bits of region labels (see [`Spatial::connected`]).
    seen: Vec<u64>,
    /// Counts lookups, to find the least recently used field.
    clock: u64,
    /// How many labellings and distance fields were computed (what the cache saves).
    computed: u64,
}

impl Queries {
    /// An empty cache for the walkable sets `walkables` (indexed by the ids compiled
    /// expressions hold).
    pub fn new(walkables: Arc<[Walkable]>) -> Queries {
        Queries {
            walkables,
            ..Queries::default()
        }
    }

    /// The walkable sets.
    pub fn walkables(&self) -> &Arc<[Walkable]> {
        &self.walkables
    }

    /// How many region labellings and distance fields were computed so far (a query
    /// answered from the cache computes none).
    pub fn computed(&self) -> u64 {
        self.computed
    }
}

/// The queries of one state: the cache with a read view of the layers and their versions.
pub struct Spatial<'a> {
    pub(super) q: &'a mut Queries,
    pub(super) layers: &'a [Vec<u16>],
    pub(super) versions: &'a [u64],
    pub(super) width: i32,
    pub(super) height: i32,
}

impl Spatial<'_> {
    /// The walkable sets (a shared handle: the cache is written while one is read) and
    /// the key of set `w` (`None` for an unknown set).
    fn walkable(&self, w: u16) -> Option<(Arc<[Walkable]>, Key)> {
        let walk = self.q.walkables.get(w as usize)?;
        let version = *self.versions.get(walk.layer as usize)?;
        Some((self.q.walkables.clone(), Key { walk: w, version }))
    }

    /// The region labels of walkable set `w`, computed when its layer changed.
    fn regions(&mut self, w: u16) -> Option<&Regions> {
        let (walks, key) = self.walkable(w)?;
        let walk = &walks[w as usize];
        let (layer, tiles) = (&self.layers[walk.layer as usize], &walk.tiles);
        let (width, height) = (self.width, self.height);
        let q = &mut *self.q;
        if q.regions.len() < q.walkables.len() {
            q.regions.resize_with(q.walkables.len(), Default::default);
        }
        let (at, r) = &mut q.regions[w as usize];
        if *at != Some(key.version) {
            r.compute(width, height, |i| tiles.contains(layer[i]));
            *at = Some(key.version);
            q.computed += 1;
        }
        Some(r)
    }

    /// The distance field of walkable set `w` from the walkable cells of `from`.
    fn field(&mut self, w: u16, from: Rect) -> Option<&DistanceField> {
        let (walks, key) = self.walkable(w)?;
        let walk = &walks[w as usize];
        let (layer, tiles) = (&self.layers[walk.layer as usize], &walk.tiles);
        let from = from.clip(self.width, self.height);
        let (width, height) = (self.width, self.height);
        let q = &mut *self.q;
        q.clock += 1;
        let hit = q.fields.iter().position(|f| f.key == Some((key, from)));
        let slot = match hit {
            Some(i) => i,
            None => {
                let i = if q.fields.len() < FIELDS {
                    q.fields.push(FieldEntry::default());
                    q.fields.len() - 1
                } else {
                    (0..q.fields.len())
                        .min_by_key(|&i| q.fields[i].used)
                        .unwrap_or(0)
                };
                let e = &mut q.fields[i];
                e.field
                    .compute(width, height, |i| tiles.contains(layer[i]), from.cells());
                e.key = Some((key, from));
                q.computed += 1;
                i
            }
        };
        let e = &mut q.fields[slot];
        e.used = q.clock;
        Some(&e.field)
    }

    /// Steps of the shortest walk from a walkable cell of `a` to one of `b`; `None` when
    /// either has no walkable cell or no walk joins them.
    pub fn distance(&mut self, w: u16, a: Rect, b: Rect) -> Option<u32> {
        if !self.connected(w, a, b) {
            return None;
        }
        let b = b.clip(self.width, self.height);
        let f = self.field(w, a)?;
        let mut best = UNREACHED;
        b.for_each(|x, y| best = best.min(f.at(x, y)));
        (best != UNREACHED).then_some(best)
    }

    /// The walkable cell farthest from the walkable cells of `a` by walking (the first in
    /// raster order among cells as far), `None` when `a` has no walkable cell.
    pub fn farthest(&mut self, w: u16, a: Rect) -> Option<(i32, i32)> {
        self.field(w, a)?.farthest().map(|(at, _)| at)
    }

    /// Whether a walk joins a walkable cell of `a` and one of `b`.
    pub fn connected(&mut self, w: u16, a: Rect, b: Rect) -> bool {
        let (a, b) = (
            a.clip(self.width, self.height),
            b.clip(self.width, self.height),
        );
        if self.regions(w).is_none() {
            return false;
        }
        let q = &mut *self.q;
        let r = &q.regions[w as usize].1;
        // the regions `a` touches, as bits, then whether `b` touches one of them
        let seen = &mut q.seen;
        seen.clear();
        seen.resize(r.count().div_ceil(64), 0);
        a.for_each(|x, y| {
            let l = r.at(x, y);
            if l != NO_REGION {
                seen[l as usize / 64] |= 1 << (l % 64);
            }
        });
        b.any_cell(|x, y| {
            let l = r.at(x, y);
            l != NO_REGION && seen[l as usize / 64] & 1 << (l % 64) != 0
        })
    }

    /// How many regions the walkable cells form (walks join the cells of one region only).
    pub fn region_count(&mut self, w: u16) -> u32 {
        self.regions(w).map_or(0, |r| r.count() as u32)
    }

    /// Cells of the largest region (0 when nothing is walkable).
    pub fn largest_region(&mut self, w: u16) -> u32 {
        self.regions(w).map_or(0, |r| r.largest())
    }
}

#[cfg(test)]
mod tests {
    use super::Walkable;
    use crate::engine::grid::Rect;
    use crate::engine::state::State;
    use crate::engine::tile_set::TileSet;
    use crate::rng::{Rng, RngSpec};

    /// A state with one layer drawn by `rows` (`#` 0, `.` 1, `+` 2) and two walkable sets:
    /// 0 = tiles {1}, 1 = tiles {1, 2}.
    fn state(rows: &[&str]) -> State {
        let (w, h) = (rows[0].len() as i32, rows.len() as i32);
        let mut st = State::new(w, h, 0, 0, 0, 1, Rng::new(&RngSpec::Pcg64, 1));
        let cells = rows.iter().flat_map(|r| {
            r.chars().map(|c| match c {
                '.' => 1,
                '+' => 2,
                _ => 0,
            })
        });
        for (v, c) in st.layer_mut(0).iter_mut().zip(cells) {
            *v = c;
        }
        let sets = [TileSet::new([1]), TileSet::new([1, 2])];
        st.set_walkables(sets.map(|tiles| Walkable { layer: 0, tiles }).into());
        st
    }

    fn cell(x: i32, y: i32) -> Rect {
        Rect::new(x, y, 1, 1)
    }

    #[test]
    fn walks_regions_and_the_farthest_cell() {
        let mut st = state(&[
            "..#..", //
            ".#+..", //
            "...#.", //
        ]);
        let mut q = st.spatial();
        // (0, 0) to (4, 0): down and along the bottom row to (2, 2), where (3, 2) is
        // closed and (2, 1) holds 2, which set 0 does not walk on
        assert_eq!(q.distance(0, cell(0, 0), cell(4, 0)), None);
        assert!(!q.connected(0, cell(0, 0), cell(4, 0)));
        assert_eq!(q.region_count(0), 2);
        assert_eq!((q.largest_region(0)), 6);
        // set 1 walks on 2 as well: (0,0) (0,1) (0,2) (1,2) (2,2) (2,1) (3,1) (3,0) (4,0)
        assert_eq!(q.distance(1, cell(0, 0), cell(4, 0)), Some(8));
        assert!(q.connected(1, cell(0, 0), cell(4, 2)));
        assert_eq!(q.region_count(1), 1);
        // (4, 0) and (4, 2) are both 8 steps away: the first in raster order is the one
        assert_eq!(q.farthest(1, cell(0, 0)), Some((4, 0)));
        // a place is its walkable cells: the two left columns are one step from (2, 2), by
        // their cell (1, 2)
        assert_eq!(q.distance(1, Rect::new(0, 0, 2, 3), cell(2, 2)), Some(1));
        // a closed cell, or one outside the grid, is joined to nothing
        assert_eq!(q.distance(1, cell(1, 1), cell(0, 0)), None);
        assert_eq!(q.farthest(1, cell(9, 9)), None);
        assert!(!q.connected(1, cell(-1, 0), cell(0, 0)));
    }

    #[test]
    fn queries_are_computed_once_per_layer_version() {
        let mut st = state(&[
            "....", //
            "....", //
        ]);
        for _ in 0..5 {
            assert_eq!(st.spatial().distance(0, cell(0, 0), cell(3, 1)), Some(4));
            assert_eq!(st.spatial().region_count(0), 1);
        }
        // one labelling, one distance field
        assert_eq!(st.queries().computed(), 2);
        // a write through the grid toolkit makes a new version: the queries see the wall
        st.grid_mut(0).fill(Rect::new(2, 0, 1, 2), 0);
        assert_eq!(st.spatial().distance(0, cell(0, 0), cell(3, 1)), None);
        assert_eq!(st.spatial().region_count(0), 2);
        assert_eq!(st.queries().computed(), 3, "unconnected: no field needed");
        // a restore puts back the old contents with their version: cached again
        let snap = st.snapshot();
        st.grid_mut(0).fill(Rect::new(0, 0, 4, 2), 1);
        assert_eq!(st.spatial().region_count(0), 1);
        st.restore_from(&snap);
        assert_eq!(st.spatial().region_count(0), 2);
        assert_eq!(st.queries().computed(), 5);
    }
}
