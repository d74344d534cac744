//! The built-in measures of one dungeon, computed from its [`Dungeon`] alone (the JSON
//! contract), so that saved dungeons measure the same as fresh ones.
//!
//! | measure | what |
//! | --- | --- |
//! | `rooms` | rooms |
//! | `doors` | doors |
//! | `dead_ends` | rooms with doors to exactly one other room |
//! | `room_cells` | room-grid cells covered by rooms |
//! | `boss_distance` | doors crossed from the first room of kind `rooms[0]` to the first of kind `rooms[1]` (the kinds the rule file names in `stats: Stats(rooms: (..))`); undefined without them or a way between |
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

use super::floor::{floor, marker_pair, walk, Doors, Scratch};
use super::lint::Problem;
use super::slots::Slots;
use super::spec::StatsSpec;
use crate::dungeon::Dungeon;
use crate::engine::walk::BitWalk;

/// The measures of one dungeon.
#[derive(Debug, Clone, Default, PartialEq)]
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

/// Measure `d` (the built-in measures; [`super::expr::Extra`] adds the rule set's own).
/// One dungeon; [`Measurer`] measures many without allocating for each.
pub fn measure(d: &Dungeon, spec: &StatsSpec) -> Sample {
    let mut out = Sample::default();
    Measurer::default().measure_into(d, spec, &mut out);
    out
}

/// A worker's measuring state, kept from one dungeon to the next: the buffers of the
/// walkable floor (tile classes, walkable mask, regions, the walk between markers) and
/// of the door graph. Measuring into a reused [`Sample`] of a dungeon like the last one
/// allocates nothing (the names are rewritten in place, the buffers only grow).
#[derive(Debug, Default)]
pub struct Measurer {
    floor: Scratch,
    walk: BitWalk,
    doors: Doors,
    /// Rooms seen by the region count without a floor.
    seen: Vec<bool>,
}

impl Measurer {
    /// A measurer with empty buffers.
    pub fn new() -> Measurer {
        Measurer::default()
    }

    /// Measure `d` into `out` (its previous values and problems replaced): the same values,
    /// in the same order, as [`measure`].
    pub fn measure_into(&mut self, d: &Dungeon, spec: &StatsSpec, out: &mut Sample) {
        let nan = f64::NAN;
        out.seed = d.seed;
        out.problems.clear();
        self.doors.build(d);
        let kind_of = |k: &str| d.rooms.iter().position(|r| r.kind == k);
        let ends = spec.rooms.as_ref();
        let boss = match (
            ends.and_then(|e| kind_of(&e[0])),
            ends.and_then(|e| kind_of(&e[1])),
        ) {
            (Some(a), Some(b)) => match self.doors.distances(a)[b] {
                u32::MAX => nan,
                n => n as f64,
            },
            _ => nan,
        };
        let floor = floor(d, spec, &mut self.floor);
        let stairs = match (&floor, marker_pair(d, spec)) {
            (Some(f), Some((a, b))) => match (d.markers.get(a), d.markers.get(b)) {
                (Some(&a), Some(&b)) => walk(f, &mut self.walk, a, b).map_or(nan, |n| n as f64),
                _ => nan,
            },
            _ => nan,
        };
        let regions = match &floor {
            Some(f) => f.sizes().len() as f64,
            None if !d.rooms.is_empty() => {
                let n = d.rooms.len();
                self.seen.clear();
                self.seen.resize(n, false);
                let mut count = 0;
                for r in 0..n {
                    if !self.seen[r] {
                        count += 1;
                        for (i, &dist) in self.doors.distances(r).iter().enumerate() {
                            if dist != u32::MAX {
                                self.seen[i] = true;
                            }
                        }
                    }
                }
                count as f64
            }
            None => nan,
        };
        let walkable = floor
            .as_ref()
            .map_or(nan, |f| f.sizes().iter().sum::<u32>() as f64);
        super::lint::check(d, spec, &mut self.doors, floor.as_ref(), &mut out.problems);
        let dead_ends = self.doors.neighbours().iter().filter(|a| a.len() == 1);
        let mut v = Slots::new(&mut out.values);
        v.put("", "rooms", d.rooms.len() as f64);
        v.put("", "doors", d.doors.len() as f64);
        v.put("", "dead_ends", dead_ends.count() as f64);
        let cells = d.rooms.iter().map(|r| r.cells.len()).sum::<usize>();
        v.put("", "room_cells", cells as f64);
        v.put("", "boss_distance", boss);
        v.put("", "stairs_distance", stairs);
        v.put("", "regions", regions);
        v.put("", "walkable", walkable);
        v.put("", "markers", d.markers.len() as f64);
        v.put("", "attempts", d.attempts as f64);
        v.put("", "problems", out.problems.len() as f64);
        let from = v.written();
        for k in &d.palette.kinds {
            v.put("kind.", &k.name, 0.0);
        }
        for r in &d.rooms {
            v.bump(from, "kind.", &r.kind);
        }
        let from = v.written();
        for r in &d.rooms {
            v.bump(from, "shape.", &r.shape);
        }
        v.since(from).sort_by(|a, b| a.0.cmp(&b.0));
        if let Some(tc) = &d.palette.tiles {
            let from = v.written();
            for c in &tc.classes {
                v.put("area.", &c.name, 0.0);
            }
            // tiles per class, counted by the floor (0 when the dungeon has no tiles)
            for (e, &n) in v.since(from).iter_mut().zip(&self.floor.area) {
                e.1 = n as f64;
            }
        }
        v.finish();
    }
}
