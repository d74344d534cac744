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

use super::floor::{door_distances, door_neighbours, floor, marker_pair, walk};
use super::lint::Problem;
use super::spec::StatsSpec;
use crate::dungeon::Dungeon;

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

/// Measure `d` (the built-in measures; [`super::expr::Extra`] adds the rule set's own).
pub fn measure(d: &Dungeon, spec: &StatsSpec) -> Sample {
    let nan = f64::NAN;
    let adj = door_neighbours(d);
    let kind_of = |k: &str| d.rooms.iter().position(|r| r.kind == k);
    let ends = spec.rooms.as_ref();
    let boss = match (
        ends.and_then(|e| kind_of(&e[0])),
        ends.and_then(|e| kind_of(&e[1])),
    ) {
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
        bump(&mut kinds, "kind.", &r.kind);
        bump(&mut shapes, "shape.", &r.shape);
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
        if let Some((_, class)) = d.tile_classes() {
            for k in class {
                area[k as usize].1 += 1.0;
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

/// Count one more `prefix` + `name` (allocating its name only the first time).
fn bump(v: &mut Vec<(String, f64)>, prefix: &str, name: &str) {
    let is = |n: &str| {
        n.len() == prefix.len() + name.len() && n.starts_with(prefix) && n.ends_with(name)
    };
    match v.iter_mut().find(|(n, _)| is(n)) {
        Some(e) => e.1 += 1.0,
        None => v.push((format!("{prefix}{name}"), 1.0)),
    }
}
