//! The built-in measures of one dungeon, computed from its [`Dungeon`] alone (the JSON
//! contract), so that saved dungeons measure the same as fresh ones.
//!
//! | measure | what |
//! | --- | --- |
//! | `rooms` | rooms |
//! | `doors` | doors |
//! | `dead_ends` | rooms with doors to exactly one other room |
//! | `room_cells` | room-grid cells covered by rooms |
//! | `boss_distance` | doors crossed from the first room of kind `rooms[0]` (`start`) to the first of kind `rooms[1]` (`boss`); undefined without them or a way between |
//! | `stairs_distance` | steps (4-neighbour moves over walkable cells) between the first two markers of `markers` (default: the first two by name); undefined when missing or apart |
//! | `regions` | connected regions: of walkable cells (4-neighbour) on the tile grid, or, without walkable tiles, of rooms joined by doors |
//! | `walkable` | walkable cells (tiles) |
//! | `markers` | markers |
//! | `attempts` | restarts before success |
//! | `problems` | `lint` problems found (see [`super::lint`]) |
//! | `kind.K` | rooms of kind K (every kind of the palette, 0 included) |
//! | `shape.S` | rooms of shape S |
//! | `area.C` | tiles of class C (every class of the palette's tile classes) |
//!
//! Undefined values are NaN: aggregates leave them out (and say in how many dungeons the
//! measure was defined), and comparisons with them are false in `search`.
//!
//! Coordinates: room cells on the room grid, walkable cells and markers on the tile grid
//! ([`Dungeon::tile_size`]); a room cell covers [`Dungeon::cell_size`] tiles.

use super::lint::Problem;
use super::spec::{StatsSpec, Walkable};
use crate::dungeon::{Dungeon, Layer};
use std::collections::VecDeque;

/// The measures of one dungeon.
#[derive(Debug, Clone, PartialEq)]
pub struct Sample {
    /// The seed it came from.
    pub seed: u64,
    /// Measure name → value (NaN: undefined), built-in measures first, in a fixed order.
    pub values: Vec<(String, f64)>,
    /// What `lint` found (never changes the dungeon).
    pub problems: Vec<Problem>,
}

impl Sample {
    /// The value of measure `name`, if measured.
    pub fn get(&self, name: &str) -> Option<f64> {
        self.values.iter().find(|(n, _)| n == name).map(|v| v.1)
    }
}

/// Walkable cells of the tile grid and their connected regions.
pub(crate) struct Floor {
    pub w: i32,
    pub h: i32,
    /// Region label per tile (row-major), `u32::MAX` where not walkable.
    pub label: Vec<u32>,
    /// Size of every region, by label.
    pub sizes: Vec<u32>,
}

impl Floor {
    pub(crate) fn at(&self, x: i32, y: i32) -> Option<u32> {
        if x < 0 || y < 0 || x >= self.w || y >= self.h {
            return None;
        }
        let l = self.label[(y * self.w + x) as usize];
        (l != u32::MAX).then_some(l)
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
            let tc = d.palette.tiles.as_ref()?;
            let names: Vec<&str> = match which {
                Walkable::Classes(c) => c.iter().map(String::as_str).collect(),
                _ => tc
                    .classes
                    .first()
                    .map(|c| c.name.as_str())
                    .into_iter()
                    .collect(),
            };
            let glyphs: Vec<char> = tc
                .classes
                .iter()
                .filter(|c| names.contains(&c.name.as_str()))
                .map(|c| c.glyph)
                .collect();
            match d.layers.get(&tc.output)? {
                Layer::Symbols(rows) => rows
                    .iter()
                    .flat_map(|r| r.chars().map(|c| glyphs.contains(&c)))
                    .collect(),
                Layer::Ids(_) => return None,
            }
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

/// Label the 4-connected regions of `mask`, in row-major order of their first cell.
fn regions(w: i32, h: i32, mask: &[bool]) -> Floor {
    let mut label = vec![u32::MAX; mask.len()];
    let mut sizes = Vec::new();
    let mut queue = VecDeque::new();
    for start in 0..mask.len() {
        if !mask[start] || label[start] != u32::MAX {
            continue;
        }
        let id = sizes.len() as u32;
        let mut n = 0;
        label[start] = id;
        queue.push_back(start);
        while let Some(i) = queue.pop_front() {
            n += 1;
            let (x, y) = ((i as i32) % w, (i as i32) / w);
            for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                let (nx, ny) = (x + dx, y + dy);
                if nx < 0 || ny < 0 || nx >= w || ny >= h {
                    continue;
                }
                let j = (ny * w + nx) as usize;
                if mask[j] && label[j] == u32::MAX {
                    label[j] = id;
                    queue.push_back(j);
                }
            }
        }
        sizes.push(n);
    }
    Floor { w, h, label, sizes }
}

/// The walkable floor of `d` with its regions, if it has one.
pub(crate) fn floor(d: &Dungeon, spec: &StatsSpec) -> Option<Floor> {
    walkable_mask(d, spec).map(|(w, h, m)| regions(w, h, &m))
}

/// Steps from `a` to `b` over the floor's cells (4-neighbour), if connected.
fn walk(f: &Floor, a: [i32; 2], b: [i32; 2]) -> Option<u32> {
    f.at(a[0], a[1])?;
    f.at(b[0], b[1])?;
    let mut dist = vec![u32::MAX; f.label.len()];
    let idx = |x: i32, y: i32| (y * f.w + x) as usize;
    let mut queue = VecDeque::new();
    dist[idx(a[0], a[1])] = 0;
    queue.push_back(a);
    while let Some([x, y]) = queue.pop_front() {
        let here = dist[idx(x, y)];
        if [x, y] == b {
            return Some(here);
        }
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let (nx, ny) = (x + dx, y + dy);
            if f.at(nx, ny).is_some() && dist[idx(nx, ny)] == u32::MAX {
                dist[idx(nx, ny)] = here + 1;
                queue.push_back([nx, ny]);
            }
        }
    }
    None
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

/// Measure `d` (the built-in measures; [`super::expr::Extra`] adds the rule set's own).
pub fn measure(d: &Dungeon, spec: &StatsSpec) -> Sample {
    let nan = f64::NAN;
    let adj = door_neighbours(d);
    let kind_of = |k: &str| d.rooms.iter().position(|r| r.kind == k);
    let boss = match (kind_of(&spec.rooms[0]), kind_of(&spec.rooms[1])) {
        (Some(a), Some(b)) => match door_distances(&adj, a)[b] {
            u32::MAX => nan,
            n => n as f64,
        },
        _ => nan,
    };
    let floor = floor(d, spec);
    let stairs = match (&floor, marker_pair(d, spec)) {
        (Some(f), Some((a, b))) => match (d.markers.get(a), d.markers.get(b)) {
            (Some(&a), Some(&b)) => walk(f, a, b).map_or(nan, |n| n as f64),
            _ => nan,
        },
        _ => nan,
    };
    let regions = match &floor {
        Some(f) => f.sizes.len() as f64,
        None if !d.rooms.is_empty() => {
            let mut seen = vec![false; adj.len()];
            let mut n = 0;
            for r in 0..adj.len() {
                if !seen[r] {
                    n += 1;
                    for (i, dist) in door_distances(&adj, r).into_iter().enumerate() {
                        if dist != u32::MAX {
                            seen[i] = true;
                        }
                    }
                }
            }
            n as f64
        }
        None => nan,
    };
    let problems = super::lint::check(d, spec, &adj, floor.as_ref());
    let mut values: Vec<(String, f64)> = vec![
        ("rooms".into(), d.rooms.len() as f64),
        ("doors".into(), d.doors.len() as f64),
        (
            "dead_ends".into(),
            adj.iter().filter(|a| a.len() == 1).count() as f64,
        ),
        (
            "room_cells".into(),
            d.rooms.iter().map(|r| r.cells.len()).sum::<usize>() as f64,
        ),
        ("boss_distance".into(), boss),
        ("stairs_distance".into(), stairs),
        ("regions".into(), regions),
        (
            "walkable".into(),
            floor
                .as_ref()
                .map_or(nan, |f| f.sizes.iter().sum::<u32>() as f64),
        ),
        ("markers".into(), d.markers.len() as f64),
        ("attempts".into(), d.attempts as f64),
        ("problems".into(), problems.len() as f64),
    ];
    let mut kinds: Vec<(String, f64)> = d
        .palette
        .kinds
        .iter()
        .map(|k| (format!("kind.{}", k.name), 0.0))
        .collect();
    let mut shapes: Vec<(String, f64)> = Vec::new();
    for r in &d.rooms {
        bump(&mut kinds, format!("kind.{}", r.kind));
        bump(&mut shapes, format!("shape.{}", r.shape));
    }
    shapes.sort_by(|a, b| a.0.cmp(&b.0));
    values.extend(kinds);
    values.extend(shapes);
    if let Some(tc) = &d.palette.tiles {
        let mut area: Vec<(String, f64)> = tc
            .classes
            .iter()
            .map(|c| (format!("area.{}", c.name), 0.0))
            .collect();
        if let Some(Layer::Symbols(rows)) = d.layers.get(&tc.output) {
            for ch in rows.iter().flat_map(|r| r.chars()) {
                // unlisted glyphs (e.g. a room kind's) count in the last class
                let i = tc.classes.iter().position(|c| c.glyph == ch);
                if let Some(i) = i.or(tc.classes.len().checked_sub(1)) {
                    area[i].1 += 1.0;
                }
            }
        }
        values.extend(area);
    }
    Sample {
        seed: d.seed,
        values,
        problems,
    }
}

fn bump(v: &mut Vec<(String, f64)>, name: String) {
    match v.iter_mut().find(|(n, _)| *n == name) {
        Some(e) => e.1 += 1.0,
        None => v.push((name, 1.0)),
    }
}
