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
use super::id_cache::IdCache;
use super::lint::Problem;
use super::names::Names;
use super::slots::Slots;
use super::spec::StatsSpec;
use crate::dungeon::{Dungeon, Palette};
use crate::engine::walk::BitWalk;
use std::sync::Arc;

/// The built-in measures, in their order in a sample (their ids in a [`Measurer`]'s
/// names, from 0). `stats::expr` names them `BUILTIN` for measure expressions.
pub const BUILT_IN: [&str; 11] = [
    "rooms",
    "doors",
    "dead_ends",
    "room_cells",
    "boss_distance",
    "stairs_distance",
    "regions",
    "walkable",
    "markers",
    "attempts",
    "problems",
];

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
/// of the door graph, and every measure name met so far interned ([`Names`]: the
/// built-in measures, then each `kind.K`, `area.C`, `shape.S` as first met), with the ids
/// of the last sample's values ([`Measurer::ids`]). Measuring into a reused [`Sample`] of
/// a dungeon like the last one allocates nothing (the names are rewritten in place, the
/// buffers only grow); the names of a palette's kinds and tile classes are looked up once
/// per palette.
#[derive(Debug)]
pub struct Measurer {
    floor: Scratch,
    walk: BitWalk,
    doors: Doors,
    /// Rooms seen by the region count without a floor.
    seen: Vec<bool>,
    names: Names,
    /// The id of each value of the last sample, in order.
    ids: Vec<u32>,
    /// The palette `kind_ids` and `area_ids` belong to.
    palette: Option<Arc<Palette>>,
    /// The ids of `kind.K` for the palette's kinds, in order.
    kind_ids: Vec<u32>,
    /// The ids of `area.C` for the palette's tile classes, in order.
    area_ids: Vec<u32>,
    /// Rooms per id while counting kinds or shapes (all 0 in between).
    count: Vec<u32>,
    /// The ids met while counting kinds or shapes.
    met: Vec<u32>,
    /// The id of each room's `kind.K`, by room.
    room_kinds: Vec<u32>,
    /// Room kinds and shapes seen lately ([`IdCache`]).
    kind_cache: IdCache,
    shape_cache: IdCache,
}

impl Default for Measurer {
    fn default() -> Measurer {
        let mut names = Names::new();
        for n in BUILT_IN {
            names.id(&[n]);
        }
        Measurer {
            floor: Scratch::default(),
            walk: BitWalk::new(),
            doors: Doors::default(),
            seen: Vec::new(),
            names,
            ids: Vec::new(),
            palette: None,
            kind_ids: Vec::new(),
            area_ids: Vec::new(),
            count: Vec::new(),
            met: Vec::new(),
            room_kinds: Vec::new(),
            kind_cache: IdCache::default(),
            shape_cache: IdCache::default(),
        }
    }
}

impl Measurer {
    /// A measurer with empty buffers.
    pub fn new() -> Measurer {
        Measurer::default()
    }

    /// Every name measured so far (and interned with [`Measurer::intern`]), by id.
    pub fn names(&self) -> &Names {
        &self.names
    }

    /// The id of the name made of `parts` ([`Names::id`]).
    pub fn intern(&mut self, parts: &[&str]) -> u32 {
        self.names.id(parts)
    }

    /// The ids of the names of the last sample's values (`ids()[k]` for `values[k]`),
    /// those [`Measurer::measure_into`] wrote and those [`Measurer::add_ids`] added.
    pub fn ids(&self) -> &[u32] {
        &self.ids
    }

    /// Intern the names of `s`'s values past those of [`Measurer::ids`] (values added to
    /// the last sample after measuring, e.g. the rule set's own measures).
    pub fn add_ids(&mut self, s: &Sample) {
        for (name, _) in s.values.iter().skip(self.ids.len()) {
            self.ids.push(self.names.id(&[name]));
        }
    }

    /// Measure `d` into `out` (its previous values and problems replaced): the same values,
    /// in the same order, as [`measure`].
    pub fn measure_into(&mut self, d: &Dungeon, spec: &StatsSpec, out: &mut Sample) {
        let nan = f64::NAN;
        out.seed = d.seed;
        out.problems.clear();
        self.doors.build(d);
        self.palette_ids(&d.palette);
        // each room's kind by id: rooms of a kind found without comparing names
        let (names, cache) = (&mut self.names, &mut self.kind_cache);
        self.room_kinds.clear();
        (self.room_kinds).extend(d.rooms.iter().map(|r| cache.id(names, "kind.", &r.kind)));
        let ends = spec.rooms.as_ref().map(|e| {
            let [a, b] = [&e[0], &e[1]].map(|k| cache.id(names, "kind.", k));
            let first = |k| self.room_kinds.iter().position(|&r| r == k);
            (first(a), first(b))
        });
        let boss = match ends {
            Some((Some(a), Some(b))) => match self.doors.distances(a)[b] {
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
        let from = ends.and_then(|e| e.0).unwrap_or(0);
        let (doors, problems) = (&mut self.doors, &mut out.problems);
        super::lint::check(d, spec, doors, from, floor.as_ref(), problems);
        let dead_ends = self.doors.dead_ends();
        let cells = d.rooms.iter().map(|r| r.cells.len()).sum::<usize>();
        let built_in = [
            d.rooms.len() as f64,
            d.doors.len() as f64,
            dead_ends as f64,
            cells as f64,
            boss,
            stairs,
            regions,
            walkable,
            d.markers.len() as f64,
            d.attempts as f64,
            out.problems.len() as f64,
        ];
        let names = &mut self.names;
        let (count, met) = (&mut self.count, &mut self.met);
        // the rooms of each kind: the palette's kinds in order, then any other kind in the
        // order met
        met.clear();
        met.extend_from_slice(&self.room_kinds);
        count.resize(count.len().max(names.len()), 0);
        met.iter().for_each(|&k| count[k as usize] += 1);
        let mut v = Slots::new(&mut out.values, &mut self.ids);
        for (id, x) in built_in.into_iter().enumerate() {
            v.put(names, id as u32, x);
        }
        for &k in &self.kind_ids {
            v.put(names, k, std::mem::take(&mut count[k as usize]) as f64);
        }
        for &k in met.iter() {
            let n = std::mem::take(&mut count[k as usize]);
            if n > 0 {
                v.put(names, k, n as f64);
            }
        }
        // the rooms of each shape, in name order
        met.clear();
        let cache = &mut self.shape_cache;
        met.extend((d.rooms.iter()).map(|r| cache.id(names, "shape.", &r.shape)));
        count.resize(count.len().max(names.len()), 0);
        met.iter().for_each(|&k| count[k as usize] += 1);
        let rank = names.ranks();
        met.sort_unstable_by_key(|&k| rank[k as usize]);
        met.dedup();
        for &k in met.iter() {
            let n = std::mem::take(&mut count[k as usize]);
            v.put(names, k, n as f64);
        }
        // tiles per class, counted by the floor (0 when the dungeon has no tiles)
        for (i, &k) in self.area_ids.iter().enumerate() {
            v.put(
                names,
                k,
                self.floor.area.get(i).copied().unwrap_or(0) as f64,
            );
        }
        v.finish();
    }

    /// Look up the ids of the kinds and tile classes of `palette` unless they are those of
    /// the last palette.
    fn palette_ids(&mut self, palette: &Arc<Palette>) {
        if self
            .palette
            .as_ref()
            .is_some_and(|p| Arc::ptr_eq(p, palette))
        {
            return;
        }
        let names = &mut self.names;
        self.kind_ids.clear();
        (self.kind_ids).extend(palette.kinds.iter().map(|k| names.id(&["kind.", &k.name])));
        self.area_ids.clear();
        let classes = palette.tiles.iter().flat_map(|tc| &tc.classes);
        (self.area_ids).extend(classes.map(|c| names.id(&["area.", &c.name])));
        self.palette = Some(palette.clone());
    }
}
