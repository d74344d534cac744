//! The walkable floor of a dungeon (its cells, regions and walking distances) and its door
//! graph: what the measures and the lint checks both read. Tile-grid coordinates, `[x, y]`,
//! 4-neighbour moves.

use super::spec::{StatsSpec, Walkable};
use crate::dungeon::{Dungeon, Layer, TileClasses};
use crate::engine::bit_rows::BitRows;
use crate::engine::walk::{BitWalk, PlaneRegions, NO_REGION, UNREACHED};

/// A worker's buffers for the floor of one dungeon after another (cleared and refilled,
/// never shrunk: measuring many dungeons of one size allocates only for the first).
#[derive(Debug, Default)]
pub(crate) struct Scratch {
    /// Tiles per tile class, by class index (every class 0 when the tiles are not there;
    /// empty without tile classes).
    pub area: Vec<u32>,
    /// The class of every tile ([`Dungeon::tile_classes_into`]), when the classes are not
    /// read from the tile ids directly.
    classes: Vec<u8>,
    /// Tiles per tile id, by id (the last entry: the ids past the classified ones).
    per_id: Vec<u32>,
    /// Whether each tile class is walkable under the spec, by class index.
    walk: Vec<bool>,
    /// Whether each classified tile id is walkable under the spec, by id (the last entry:
    /// the ids past them).
    walk_id: Vec<bool>,
    /// Which tiles are walkable (set bits).
    open: BitRows,
    regions: PlaneRegions,
}

/// Walkable cells of the tile grid and their connected regions (the toolkit's
/// [`PlaneRegions`]: numbered in raster order of their first cell), read in place from a
/// [`Scratch`].
pub(crate) struct Floor<'a> {
    /// The walkable tiles (set bits).
    open: &'a BitRows,
    /// The regions (every walkable tile is in one).
    regions: &'a PlaneRegions,
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

/// The rows of the classified tile layer of `d` when the tile ids give the classes
/// ([`TileClasses::class_of`]) and the rows fill the `w × h` grid exactly (else the
/// classes come from [`Dungeon::tile_classes_into`]).
fn id_rows<'d>(d: &'d Dungeon, tc: &TileClasses, w: i32, h: i32) -> Option<&'d [Vec<u16>]> {
    if tc.class_of.is_empty() || tc.classes.is_empty() {
        return None;
    }
    let Some(Layer::Ids(rows)) = d.layers.get(&tc.layer) else {
        return None;
    };
    let rows = rows.get(..h.max(0) as usize)?;
    rows.iter().all(|r| r.len() == w as usize).then_some(rows)
}

/// Count the tiles of each class of `d` into `s.area` (from a count per tile id when
/// [`id_rows`] gives the rows, else from `s.classes`, filled); the tile classes, when the
/// tiles have them.
fn count_classes<'d>(d: &'d Dungeon, s: &mut Scratch) -> Option<&'d TileClasses> {
    s.area.clear();
    s.classes.clear();
    let tc = d.palette.tiles.as_ref()?;
    s.area.resize(tc.classes.len(), 0);
    let (w, h) = d.tile_size();
    let Some(rows) = id_rows(d, tc, w, h) else {
        if d.tile_classes_into(&mut s.classes).is_none() {
            s.classes.clear();
            return None;
        }
        for &k in &s.classes {
            s.area[k as usize] += 1;
        }
        return Some(tc);
    };
    let n = tc.class_of.len();
    s.per_id.clear();
    s.per_id.resize(n + 1, 0);
    // a slice of n + 1 entries, indexes at most n: no bounds test per tile
    let per_id = &mut s.per_id[..=n];
    for row in rows {
        for &t in row {
            per_id[(t as usize).min(n)] += 1;
        }
    }
    add_areas(tc, &s.per_id, &mut s.area);
    Some(tc)
}

/// Add the tiles per tile id `per_id` (the last entry: the ids past the classified ones,
/// which are in the last class) to the tiles per class `area`.
fn add_areas(tc: &TileClasses, per_id: &[u32], area: &mut [u32]) {
    let last = (tc.classes.len() - 1) as u8;
    for (t, &count) in per_id.iter().enumerate().filter(|c| *c.1 > 0) {
        area[tc.class_of.get(t).copied().unwrap_or(last) as usize] += count;
    }
}

/// [`walkable`] when walkable tiles are given by class and the tile ids give the classes
/// ([`id_rows`]): one pass over the tiles counts them per id (then per class, into
/// `s.area`) and makes the plane `s.open` of the walkable ones, by a lookup per tile id.
fn walkable_by_ids(tc: &TileClasses, rows: &[Vec<u16>], which: &Walkable, s: &mut Scratch) {
    let first = tc.classes.first().map(|c| c.name.as_str());
    s.walk.clear();
    s.walk.extend(tc.classes.iter().map(|c| match which {
        Walkable::Classes(names) => names.contains(&c.name),
        _ => Some(c.name.as_str()) == first,
    }));
    // walkable or not by tile id; the ids past the classified ones are in the last class
    let n = tc.class_of.len();
    let walk = &s.walk;
    s.walk_id.clear();
    (s.walk_id).extend(
        tc.class_of
            .iter()
            .map(|&k| walk.get(k as usize) == Some(&true)),
    );
    s.walk_id.push(walk.last() == Some(&true));
    // four counts per id, one per column modulo 4, summed at the end: a run of one tile
    // along a row adds to four counters in turn, not to one (each add waiting on the last)
    let m = n + 1;
    s.per_id.clear();
    s.per_id.resize(4 * m, 0);
    let w = rows.first().map_or(0, Vec::len);
    s.open.reset(w as i32, rows.len() as i32, 0, false);
    // slices of n + 1 entries, indexes at most n: no bounds test per tile
    let (lanes, lut) = (&mut s.per_id[..4 * m], &s.walk_id[..m]);
    let (c01, c23) = lanes.split_at_mut(2 * m);
    let ((c0, c1), (c2, c3)) = (c01.split_at_mut(m), c23.split_at_mut(m));
    for (y, row) in rows.iter().enumerate() {
        for (word, chunk) in s.open.row_mut(y as i32).iter_mut().zip(row.chunks(64)) {
            let mut bits = 0u64;
            let quads = chunk.chunks_exact(4);
            let rest = quads.remainder();
            for (q, quad) in quads.enumerate() {
                let k = [0, 1, 2, 3].map(|j| (quad[j] as usize).min(n));
                (c0[k[0]], c1[k[1]]) = (c0[k[0]] + 1, c1[k[1]] + 1);
                (c2[k[2]], c3[k[3]]) = (c2[k[2]] + 1, c3[k[3]] + 1);
                let open = k.map(|k| lut[k] as u64);
                bits |= (open[0] | open[1] << 1 | open[2] << 2 | open[3] << 3) << (4 * q);
            }
            let x0 = chunk.len() - rest.len();
            for (x, &t) in rest.iter().enumerate() {
                let k = (t as usize).min(n);
                c0[k] += 1;
                bits |= (lut[k] as u64) << (x0 + x);
            }
            *word = bits;
        }
    }
    for k in 0..m {
        c0[k] += c1[k] + c2[k] + c3[k];
    }
    s.per_id.truncate(m);
    s.area.clear();
    s.area.resize(tc.classes.len(), 0);
    s.classes.clear();
    add_areas(tc, &s.per_id, &mut s.area);
}

/// Count the tiles of each class of `d` into `s.area` ([`count_classes`]) and fill
/// `s.open` with its walkable tiles under `spec` (marker cells count as walkable); `false`
/// when the dungeon has no walkable tiles to speak of (no tile classes, no such layer).
fn walkable(d: &Dungeon, spec: &StatsSpec, s: &mut Scratch) -> bool {
    let (w, h) = d.tile_size();
    let cells = (w.max(0) * h.max(0)) as usize;
    let by_ids = match (&spec.walkable, d.palette.tiles.as_ref()) {
        (Walkable::Tiles { .. }, _) | (_, None) => None,
        (_, Some(tc)) => id_rows(d, tc, w, h).map(|rows| (tc, rows)),
    };
    if let Some((tc, rows)) = by_ids {
        walkable_by_ids(tc, rows, &spec.walkable, s);
        add_markers(d, &mut s.open);
        return true;
    }
    let tc = count_classes(d, s);
    match &spec.walkable {
        Walkable::Tiles { layer, ids } => match d.layers.get(layer) {
            // the rows' cells one after the other, as many as the grid has
            Some(Layer::Ids(rows)) if rows.iter().map(Vec::len).sum::<usize>() == cells => {
                let open = |t: u16| ids.contains(&t);
                if rows.iter().all(|r| r.len() == w as usize) {
                    s.open.set_rows(w, h, rows.iter().map(Vec::as_slice), open);
                } else {
                    s.open
                        .set_cells(w, h, rows.iter().flatten().map(|&t| open(t)));
                }
            }
            _ => return false,
        },
        which => {
            let Some(tc) = tc else { return false };
            let first = tc.classes.first().map(|c| c.name.as_str());
            s.walk.clear();
            s.walk.extend(tc.classes.iter().map(|c| match which {
                Walkable::Classes(names) => names.contains(&c.name),
                _ => Some(c.name.as_str()) == first,
            }));
            if s.classes.len() != cells {
                return false;
            }
            let (walk, rows) = (&s.walk, s.classes.chunks(w.max(1) as usize));
            s.open.set_rows(w, h, rows, |k| walk[k as usize]);
        }
    }
    add_markers(d, &mut s.open);
    true
}

/// Set the marker cells of `d` (those on the grid) in `open`: a marker counts as walkable.
fn add_markers(d: &Dungeon, open: &mut BitRows) {
    let (w, h) = (open.width(), open.height());
    for m in d.markers.values() {
        if m[0] >= 0 && m[1] >= 0 && m[0] < w && m[1] < h {
            open.put(m[0], m[1], true);
        }
    }
}

/// The walkable floor of `d` with its regions, if it has one, computed in `s`'s buffers.
pub(crate) fn floor<'a>(d: &Dungeon, spec: &StatsSpec, s: &'a mut Scratch) -> Option<Floor<'a>> {
    if !walkable(d, spec, s) {
        return None;
    }
    s.regions.compute(&s.open);
    Some(Floor {
        open: &s.open,
        regions: &s.regions,
    })
}

/// Steps from `a` to `b` over the floor's cells (4-neighbour), if connected: the toolkit's
/// word-parallel [`BitWalk::steps`] from `a` to `b` (in `walk`, reused).
pub(crate) fn walk(f: &Floor, walk: &mut BitWalk, a: [i32; 2], b: [i32; 2]) -> Option<u32> {
    // cells of two regions: no way between (without a walk over the first)
    if f.at(a[0], a[1])? != f.at(b[0], b[1])? {
        return None;
    }
    let d = walk.steps(f.open, (a[0], a[1]), (b[0], b[1]));
    (d != UNREACHED).then_some(d)
}

/// The door graph of a dungeon and a breadth-first walk over it, in buffers kept from one
/// dungeon to the next; the last walk's distances are kept until the graph or the start
/// changes.
#[derive(Debug, Default)]
pub(crate) struct Doors {
    /// Each room's door-graph neighbours (distinct rooms, in the order of the first door
    /// to each, or ascending when a room has more than [`SMALL`]); only the first `n` are
    /// this dungeon's (the rest keep their buffers for a later, bigger dungeon).
    adj: Vec<Vec<u32>>,
    n: usize,
    /// Doors crossed from room `from` to every room (`u32::MAX`: unreachable), when
    /// `from` is `Some`.
    dist: Vec<u32>,
    from: Option<usize>,
    queue: Vec<u32>,
}

/// Neighbour lists up to this long are kept free of repeats as they grow (a look through
/// the list per door); past it, every list is sorted and freed of repeats at the end.
const SMALL: usize = 16;

impl Doors {
    /// Build the door graph of `d`.
    pub(crate) fn build(&mut self, d: &Dungeon) {
        let n = d.rooms.len();
        self.n = n;
        self.from = None;
        if self.adj.len() < n {
            self.adj.resize_with(n, Vec::new);
        }
        let adj = &mut self.adj[..n];
        for a in adj.iter_mut() {
            a.clear();
        }
        let mut long = false;
        for door in &d.doors {
            let [a, b] = door.rooms.map(|r| r as usize);
            if a < n && b < n && a != b {
                // a door between two rooms already joined is in both lists already
                if adj[a].len() <= SMALL {
                    if adj[a].contains(&(b as u32)) {
                        continue;
                    }
                } else {
                    long = true;
                }
                adj[a].push(b as u32);
                adj[b].push(a as u32);
            }
        }
        if long {
            for a in adj.iter_mut() {
                a.sort_unstable();
                a.dedup();
            }
        }
    }

    /// Rooms with doors to exactly one other room.
    pub(crate) fn dead_ends(&self) -> usize {
        self.adj[..self.n].iter().filter(|a| a.len() == 1).count()
    }

    /// Doors crossed from room `from` to every room (`u32::MAX`: unreachable).
    pub(crate) fn distances(&mut self, from: usize) -> &[u32] {
        if self.from == Some(from) {
            return &self.dist;
        }
        self.from = Some(from);
        let adj = &self.adj[..self.n];
        self.dist.clear();
        self.dist.resize(self.n, u32::MAX);
        if from >= self.n {
            return &self.dist;
        }
        // each room is queued once: the queue is a list read from its start
        self.queue.clear();
        self.queue.push(from as u32);
        self.dist[from] = 0;
        let mut head = 0;
        while let Some(&r) = self.queue.get(head) {
            head += 1;
            let next = self.dist[r as usize] + 1;
            for &s in &adj[r as usize] {
                if self.dist[s as usize] == u32::MAX {
                    self.dist[s as usize] = next;
                    self.queue.push(s);
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

#[cfg(test)]
mod tests;
