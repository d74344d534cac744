//! Converting a room-graph dungeon into the PCG benchmark's room-map content
//! ([`super::pcg::Content`]), by a converter description read from a RON file of the rule
//! set's folder (spec/isaac.md §7.8 for the floor plans shipped there):
//!
//! ```ron
//! PcgMaps(maps: [
//!     PcgMap(ruleset: "name", columns: (1, 9), rows: (0, 7), target: 6, control: 6,
//!            doors: Adjacent, start: "start", boss: "boss", shop: "shop",
//!            treasure: "treasure", drop: ["secret"], last: ["boss"]),
//! ])
//! ```
//!
//! * `columns`, `rows`: the window of grid cells that becomes the map (inclusive); map
//!   index = (y - rows.0) * columns + (x - columns.0). A room cell outside it is an error.
//! * `doors`: `Adjacent` — every two orthogonally adjacent room cells are joined (the door
//!   rule of a plan whose neighbours always connect); `Listed` — the dungeon's doors, plus
//!   the cells of one room joining each other (a multi-cell room is one open space).
//! * `start`, `boss`, `shop`, `treasure`: the room kind whose room gives the index (its
//!   first cell), the first room of the kind by id, or the last for the kinds named in
//!   `last`. A kind without a room points at the start (so it is not a distinct location).
//! * `drop`: kinds left out of the map (hidden rooms), with the doors towards them.
//! * `target`: the variant's room target (the benchmark's `map_size` kwarg); `control`:
//!   the control value scored by the controllability measures.

use super::pcg::Content;
use crate::dungeon::Dungeon;
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// The converter file looked up in a rule file's folder.
pub const MAP_FILE: &str = "pcg.maps";

/// The converters of one folder.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename = "PcgMaps")]
pub struct PcgMaps {
    /// One converter per rule-set name.
    pub maps: Vec<PcgMap>,
}

/// How doors of the map are made.
#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
pub enum Doors {
    /// Every two adjacent room cells are joined.
    Adjacent,
    /// The dungeon's doors and the cells of one room.
    Listed,
}

/// One converter.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename = "PcgMap")]
pub struct PcgMap {
    /// The rule-set name it applies to (the `name` of the rule file).
    pub ruleset: String,
    /// First and last grid column of the map.
    pub columns: (i32, i32),
    /// First and last grid row of the map.
    pub rows: (i32, i32),
    /// The room target of the benchmark variant.
    pub target: f64,
    /// The control value for the controllability measures.
    pub control: f64,
    /// How doors are made.
    pub doors: Doors,
    /// Kind of the start room.
    pub start: String,
    /// Kind of the boss room.
    pub boss: String,
    /// Kind of the shop.
    pub shop: String,
    /// Kind of the treasure room.
    pub treasure: String,
    /// Kinds left out. Default none.
    #[serde(default)]
    pub drop: Vec<String>,
    /// Kinds whose last room (by id) is taken rather than the first. Default none.
    #[serde(default)]
    pub last: Vec<String>,
}

impl PcgMaps {
    /// Parse a converter file; the error names the line and column.
    pub fn parse(text: &str) -> Result<PcgMaps, String> {
        ron::from_str(text)
            .map_err(|e| format!("{}:{}: {}", e.position.line, e.position.col, e.code))
    }

    /// The converter of rule set `name`.
    pub fn find(&self, name: &str) -> Option<&PcgMap> {
        self.maps.iter().find(|m| m.ruleset == name)
    }

    /// Where the converters of rule file `rules` are: [`MAP_FILE`] in its folder.
    pub fn path_beside(rules: &Path) -> PathBuf {
        rules.parent().unwrap_or(Path::new(".")).join(MAP_FILE)
    }

    /// Read and parse the converter file `path`.
    ///
    /// # Errors
    /// The file cannot be read or parsed (the message names it, with line and column).
    pub fn read(path: &Path) -> Result<PcgMaps, String> {
        crate::input::read_text(path, crate::input::Kind::Maps)
            .map_err(|e| e.to_string())
            .and_then(|t| PcgMaps::parse(&t))
            .map_err(|e| format!("{}: {e}", path.display()))
    }

    /// The converters of rule file `rules`: [`PcgMaps::read`] of [`PcgMaps::path_beside`].
    ///
    /// # Errors
    /// As [`PcgMaps::read`].
    pub fn beside(rules: &Path) -> Result<PcgMaps, String> {
        PcgMaps::read(&PcgMaps::path_beside(rules))
    }

    /// The converter of rule set `name`, or an error listing the rule sets that have one
    /// (`from` names the file in the message).
    pub fn get(&self, name: &str, from: &Path) -> Result<&PcgMap, String> {
        self.find(name).ok_or_else(|| {
            let names: Vec<&str> = self.maps.iter().map(|m| m.ruleset.as_str()).collect();
            format!(
                "{} has no converter for rule set `{name}` (it has: {})",
                from.display(),
                names.join(", ")
            )
        })
    }
}

impl PcgMap {
    /// Columns of the map.
    pub fn w(&self) -> usize {
        (self.columns.1 - self.columns.0 + 1).max(0) as usize
    }

    /// Rows of the map.
    pub fn h(&self) -> usize {
        (self.rows.1 - self.rows.0 + 1).max(0) as usize
    }

    /// The map index of grid cell `[x, y]`, if inside the window.
    fn index(&self, [x, y]: [i32; 2]) -> Option<usize> {
        let inside = (self.columns.0..=self.columns.1).contains(&x)
            && (self.rows.0..=self.rows.1).contains(&y);
        inside.then(|| (y - self.rows.0) as usize * self.w() + (x - self.columns.0) as usize)
    }

    /// Convert one dungeon; an error when a kept room cell lies outside the window.
    pub fn convert(&self, d: &Dungeon) -> Result<Content, String> {
        let (w, h) = (self.w(), self.h());
        // owner[i]: the room id of map cell i, for kept rooms.
        let mut owner: Vec<Option<u32>> = vec![None; w * h];
        for r in d.rooms.iter().filter(|r| !self.drop.contains(&r.kind)) {
            for &c in &r.cells {
                let i = self.index(c).ok_or_else(|| {
                    format!(
                        "seed {}: room {} ({}) at {c:?} is outside the map's columns {:?} and rows {:?}",
                        d.seed, r.id, r.kind, self.columns, self.rows
                    )
                })?;
                owner[i] = Some(r.id);
            }
        }
        let mut layout = vec![0u8; w * h];
        // Bits of a cell towards each side: W 1, N 2, E 4, S 8.
        let bit = |from: [i32; 2], to: [i32; 2]| match (to[0] - from[0], to[1] - from[1]) {
            (-1, 0) => 1u8,
            (0, -1) => 2,
            (1, 0) => 4,
            (0, 1) => 8,
            _ => 0,
        };
        let join = |a: [i32; 2], b: [i32; 2], layout: &mut Vec<u8>| {
            if let (Some(i), Some(j)) = (self.index(a), self.index(b)) {
                if owner[i].is_some() && owner[j].is_some() {
                    layout[i] |= bit(a, b);
                    layout[j] |= bit(b, a);
                }
            }
        };
        for i in 0..w * h {
            let Some(id) = owner[i] else { continue };
            let a = [
                self.columns.0 + (i % w) as i32,
                self.rows.0 + (i / w) as i32,
            ];
            for b in [[a[0] + 1, a[1]], [a[0], a[1] + 1]] {
                let other = self.index(b).and_then(|j| owner[j]);
                let same = other == Some(id);
                if other.is_some() && (same || self.doors == Doors::Adjacent) {
                    join(a, b, &mut layout);
                }
            }
        }
        if self.doors == Doors::Listed {
            for door in &d.doors {
                join(door.cells[0], door.cells[1], &mut layout);
            }
        }
        let pick = |kind: &String| {
            let mut of = d.rooms.iter().filter(|r| &r.kind == kind);
            let room = if self.last.contains(kind) {
                of.next_back()
            } else {
                of.next()
            };
            room.and_then(|r| r.cells.first().copied())
                .and_then(|c| self.index(c))
        };
        let start = pick(&self.start).unwrap_or(0);
        let or_start = |k: &String| pick(k).unwrap_or(start);
        Ok(Content {
            w,
            h,
            layout,
            start,
            boss: or_start(&self.boss),
            shop: or_start(&self.shop),
            treasure: or_start(&self.treasure),
        })
    }
}
