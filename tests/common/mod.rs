//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use undercroft::dungeon::{Dungeon, RoomOut};
use undercroft::ruleset::load::Reader;
use undercroft::{Diagnostics, RuleSet};

/// Serves some files from memory and the rest from disk.
pub struct Mem(pub HashMap<PathBuf, String>);

impl Reader for Mem {
    fn read(&self, path: &Path) -> std::io::Result<String> {
        match self.0.get(path) {
            Some(t) => Ok(t.clone()),
            None => std::fs::read_to_string(path),
        }
    }
}

/// Load rule text as if it were the file `path` (default `rules/isaac/test.ron`, so
/// `extends: "flash.ron"` finds the shipped rule set).
pub fn load_text(text: &str) -> Result<RuleSet, Diagnostics> {
    load_text_at("rules/isaac/test.ron", text)
}

pub fn load_text_at(path: &str, text: &str) -> Result<RuleSet, Diagnostics> {
    let mem = Mem(HashMap::from([(PathBuf::from(path), text.to_string())]));
    RuleSet::load_with(Path::new(path), &mem)
}

/// Rooms next to `r` (sharing a cell edge), by id.
pub fn neighbours(d: &Dungeon, r: &RoomOut) -> HashSet<u32> {
    let mut out = HashSet::new();
    for &[x, y] in &r.cells {
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            if let Some(o) = d.room_at(x + dx, y + dy) {
                if o.id != r.id {
                    out.insert(o.id);
                }
            }
        }
    }
    out
}

pub fn rooms_of<'a>(d: &'a Dungeon, kind: &str) -> Vec<&'a RoomOut> {
    d.rooms.iter().filter(|r| r.kind == kind).collect()
}

/// Whether the rooms `ids` are connected through doors between rooms of `ids`.
pub fn connected(d: &Dungeon, ids: &HashSet<u32>) -> bool {
    let Some(&first) = ids.iter().min() else {
        return true;
    };
    let mut seen = HashSet::from([first]);
    let mut stack = vec![first];
    while let Some(r) = stack.pop() {
        for door in &d.doors {
            let [a, b] = door.rooms;
            let other = if a == r {
                b
            } else if b == r {
                a
            } else {
                continue;
            };
            if ids.contains(&other) && seen.insert(other) {
                stack.push(other);
            }
        }
    }
    seen.len() == ids.len()
}
