//! The walkable floor of a dungeon (its cells, regions and walking distances) and its door
//! graph: what the measures and the lint checks both read. Tile-grid coordinates, `[x, y]`,
//! 4-neighbour moves.

use super::spec::{StatsSpec, Walkable};
use crate::dungeon::{Dungeon, Layer};
use crate::engine::walk::{DistanceField, Regions, NO_REGION, UNREACHED};
use std::collections::VecDeque;

/// Walkable cells of the tile grid and their connected regions (the toolkit's labelling,
/// [`Regions`]: numbered in raster order of their first cell).
pub(crate) struct Floor {
    w: i32,
    h: i32,
    /// Which tiles are walkable, row-major.
    mask: Vec<bool>,
    regions: Regions,
    /// Size of every region, by number.
    pub sizes: Vec<u32>,
}

impl Floor {
    /// The region of tile `(x, y)`; `None` outside the grid or where not walkable.
    pub(crate) fn at(&self, x: i32, y: i32) -> Option<u32> {
        let r = self.regions.at(x, y);
        (r != NO_REGION).then_some(r)
    }
}

/// The walkable mask of `d` under `spec` (marker cells count as walkable), or `None` when
/// the dungeon has no walkable tiles to speak of (no tile classes, no such layer).
fn walkable_mask(d: &Dungeon, spec: &StatsSpec) -> Option<(i32, i32, Vec<bool>)> {
    let (w, h) = d.tile_size();
    let mut mask = match &spec.walkable {
        Walkable::Tiles { layer, ids } => match d.layers.get(layer)? {
            Layer::Ids(rows) => rows
                .iter()
                .flat_map(|r| r.iter().map(|t| ids.contains(t)))
                .collect::<Vec<bool>>(),
            Layer::Symbols(_) => return None,
        },
        which => {
            let (tc, class) = d.tile_classes()?;
            let names: Vec<&str> = match which {
                Walkable::Classes(c) => c.iter().map(String::as_str).collect(),
                _ => tc
                    .classes
                    .first()
                    .map(|c| c.name.as_str())
                    .into_iter()
                    .collect(),
            };
            let walk: Vec<bool> = tc
                .classes
                .iter()
                .map(|c| names.contains(&c.name.as_str()))
                .collect();
            class.iter().map(|&k| walk[k as usize]).collect()
        }
    };
    if mask.len() != (w.max(0) * h.max(0)) as usize {
        return None;
    }
    for m in d.markers.values() {
        if m[0] >= 0 && m[1] >= 0 && m[0] < w && m[1] < h {
            mask[(m[1] * w + m[0]) as usize] = true;
        }
    }
    Some((w, h, mask))
}

/// The walkable floor of `d` with its regions, if it has one.
pub(crate) fn floor(d: &Dungeon, spec: &StatsSpec) -> Option<Floor> {
    let (w, h, mask) = walkable_mask(d, spec)?;
    let mut regions = Regions::new();
    regions.compute(w, h, |i| mask[i]);
    let sizes = (0..regions.count() as u32)
        .map(|r| regions.size(r))
        .collect();
    Some(Floor {
        w,
        h,
        mask,
        regions,
        sizes,
    })
}

/// Steps from `a` to `b` over the floor's cells (4-neighbour), if connected: the toolkit's
/// breadth-first [`DistanceField`] from `a`.
pub(crate) fn walk(f: &Floor, a: [i32; 2], b: [i32; 2]) -> Option<u32> {
    f.at(a[0], a[1])?;
    f.at(b[0], b[1])?;
    let mut field = DistanceField::new();
    field.compute(f.w, f.h, |i| f.mask[i], [(a[0], a[1])]);
    let d = field.at(b[0], b[1]);
    (d != UNREACHED).then_some(d)
}

/// Each room's door-graph neighbours (distinct rooms, sorted).
pub(crate) fn door_neighbours(d: &Dungeon) -> Vec<Vec<u32>> {
    let n = d.rooms.len();
    let mut adj: Vec<Vec<u32>> = vec![Vec::new(); n];
    for door in &d.doors {
        let [a, b] = door.rooms;
        if (a as usize) < n && (b as usize) < n && a != b {
            adj[a as usize].push(b);
            adj[b as usize].push(a);
        }
    }
    for a in &mut adj {
        a.sort_unstable();
        a.dedup();
    }
    adj
}

/// Doors crossed from room `from` to every room (`u32::MAX`: unreachable).
pub(crate) fn door_distances(adj: &[Vec<u32>], from: usize) -> Vec<u32> {
    let mut dist = vec![u32::MAX; adj.len()];
    if from >= adj.len() {
        return dist;
    }
    let mut queue = VecDeque::from([from]);
    dist[from] = 0;
    while let Some(r) = queue.pop_front() {
        for &s in &adj[r] {
            if dist[s as usize] == u32::MAX {
                dist[s as usize] = dist[r] + 1;
                queue.push_back(s as usize);
            }
        }
    }
    dist
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
