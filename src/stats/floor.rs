//! The walkable floor of a dungeon (its cells, regions and walking distances) and its door
//! graph: what the measures and the lint checks both read. Tile-grid coordinates, `[x, y]`,
//! 4-neighbour moves.

use super::spec::{StatsSpec, Walkable};
use crate::dungeon::{Dungeon, Layer};
use crate::engine::walk::{DistanceField, Regions, NO_REGION, UNREACHED};
use std::collections::VecDeque;

/// A worker's buffers for the floor of one dungeon after another (cleared and refilled,
/// never shrunk: measuring many dungeons of one size allocates only for the first).
#[derive(Debug, Default)]
pub(crate) struct Scratch {
    /// The class of every tile ([`Dungeon::tile_classes_into`]).
    pub classes: Vec<u8>,
    /// Whether each tile class is walkable (1) or not (0) under the spec, by class index.
    walk: Vec<u8>,
    /// Which tiles are walkable (1) or not (0), row-major.
    mask: Vec<u8>,
    regions: Regions,
}

/// Walkable cells of the tile grid and their connected regions (the toolkit's labelling,
/// [`Regions`]: numbered in raster order of their first cell), read in place from a
/// [`Scratch`].
pub(crate) struct Floor<'a> {
    w: i32,
    h: i32,
    /// Which tiles are walkable (1) or not (0), row-major.
    mask: &'a [u8],
    regions: &'a Regions,
}

impl Floor<'_> {
    /// The region of tile `(x, y)`; `None` outside the grid or where not walkable.
    pub(crate) fn at(&self, x: i32, y: i32) -> Option<u32> {
        let r = self.regions.at(x, y);
        (r != NO_REGION).then_some(r)
    }

    /// Size of every region, by number.
    pub(crate) fn sizes(&self) -> &[u32] {
        self.regions.sizes()
    }
}

/// Fill `s.classes` with the tile classes of `d` (when it has them) and `s.mask` with its
/// walkable mask under `spec` (marker cells count as walkable); `false` when the dungeon
/// has no walkable tiles to speak of (no tile classes, no such layer). `s.classes` is left
/// empty when `d` has no tile classes.
fn walkable_mask(d: &Dungeon, spec: &StatsSpec, s: &mut Scratch) -> bool {
    let (w, h) = d.tile_size();
    let tc = d.tile_classes_into(&mut s.classes);
    if tc.is_none() {
        s.classes.clear();
    }
    s.mask.clear();
    match &spec.walkable {
        Walkable::Tiles { layer, ids } => match d.layers.get(layer) {
            Some(Layer::Ids(rows)) => s.mask.extend(
                rows.iter()
                    .flat_map(|r| r.iter().map(|t| ids.contains(t) as u8)),
            ),
            _ => return false,
        },
        which => {
            let Some(tc) = tc else { return false };
            let first = tc.classes.first().map(|c| c.name.as_str());
            s.walk.clear();
            s.walk.extend(tc.classes.iter().map(|c| match which {
                Walkable::Classes(names) => names.contains(&c.name) as u8,
                _ => (Some(c.name.as_str()) == first) as u8,
            }));
            let walk = &s.walk;
            s.mask.extend(s.classes.iter().map(|&k| walk[k as usize]));
        }
    }
    if s.mask.len() != (w.max(0) * h.max(0)) as usize {
        return false;
    }
    for m in d.markers.values() {
        if m[0] >= 0 && m[1] >= 0 && m[0] < w && m[1] < h {
            s.mask[(m[1] * w + m[0]) as usize] = 1;
        }
    }
    true
}

/// The walkable floor of `d` with its regions, if it has one, computed in `s`'s buffers.
pub(crate) fn floor<'a>(d: &Dungeon, spec: &StatsSpec, s: &'a mut Scratch) -> Option<Floor<'a>> {
    if !walkable_mask(d, spec, s) {
        return None;
    }
    let (w, h) = d.tile_size();
    s.regions.compute_mask(w, h, &s.mask);
    Some(Floor {
        w,
        h,
        mask: &s.mask,
        regions: &s.regions,
    })
}

/// Steps from `a` to `b` over the floor's cells (4-neighbour), if connected: the toolkit's
/// breadth-first [`DistanceField::steps`] from `a` to `b` (in `field`, reused).
pub(crate) fn walk(f: &Floor, field: &mut DistanceField, a: [i32; 2], b: [i32; 2]) -> Option<u32> {
    f.at(a[0], a[1])?;
    f.at(b[0], b[1])?;
    let d = field.steps(f.w, f.h, |i| f.mask[i] != 0, (a[0], a[1]), (b[0], b[1]));
    (d != UNREACHED).then_some(d)
}

/// The door graph of a dungeon and a breadth-first walk over it, in buffers kept from one
/// dungeon to the next.
#[derive(Debug, Default)]
pub(crate) struct Doors {
    /// Each room's door-graph neighbours (distinct rooms, sorted); only the first `n` are
    /// this dungeon's (the rest keep their buffers for a later, bigger dungeon).
    adj: Vec<Vec<u32>>,
    n: usize,
    /// Doors crossed from the last walk's room to every room (`u32::MAX`: unreachable).
    dist: Vec<u32>,
    queue: VecDeque<usize>,
}

impl Doors {
    /// Build the door graph of `d`.
    pub(crate) fn build(&mut self, d: &Dungeon) {
        let n = d.rooms.len();
        self.n = n;
        if self.adj.len() < n {
            self.adj.resize_with(n, Vec::new);
        }
        for a in &mut self.adj[..n] {
            a.clear();
        }
        for door in &d.doors {
            let [a, b] = door.rooms;
            if (a as usize) < n && (b as usize) < n && a != b {
                self.adj[a as usize].push(b);
                self.adj[b as usize].push(a);
            }
        }
        for a in &mut self.adj[..n] {
            a.sort_unstable();
            a.dedup();
        }
    }

    /// Each room's door-graph neighbours (distinct rooms, sorted).
    pub(crate) fn neighbours(&self) -> &[Vec<u32>] {
        &self.adj[..self.n]
    }

    /// Doors crossed from room `from` to every room (`u32::MAX`: unreachable).
    pub(crate) fn distances(&mut self, from: usize) -> &[u32] {
        let adj = &self.adj[..self.n];
        self.dist.clear();
        self.dist.resize(self.n, u32::MAX);
        if from >= self.n {
            return &self.dist;
        }
        self.queue.clear();
        self.queue.push_back(from);
        self.dist[from] = 0;
        while let Some(r) = self.queue.pop_front() {
            for &s in &adj[r] {
                if self.dist[s as usize] == u32::MAX {
                    self.dist[s as usize] = self.dist[r] + 1;
                    self.queue.push_back(s as usize);
                }
            }
        }
        &self.dist
    }
}

/// The two markers `stairs_distance` runs between: the spec's first two, else the first
/// two by name.
pub(crate) fn marker_pair<'a>(d: &'a Dungeon, spec: &'a StatsSpec) -> Option<(&'a str, &'a str)> {
    if spec.markers.len() >= 2 {
        return Some((&spec.markers[0], &spec.markers[1]));
    }
    let mut names = d.markers.keys();
    Some((names.next()?, names.next()?))
}
