//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::collections::{BTreeSet, HashMap, HashSet, VecDeque};
use std::path::{Path, PathBuf};
use undercroft::dungeon::{Dungeon, RoomOut};
use undercroft::engine::point::Point;
use undercroft::engine::shape::Shape;
use undercroft::ruleset::load::Reader;
use undercroft::{Diagnostics, RuleSet};

/// Files served from memory, the rest from disk.
pub struct Mem(pub HashMap<PathBuf, String>);

impl Reader for Mem {
    fn read(&self, path: &Path) -> std::io::Result<String> {
        match self.0.get(path) {
            Some(t) => Ok(t.clone()),
            None => std::fs::read_to_string(path),
        }
    }
}

/// Load `files[0]` from memory; `Err` holds every diagnostic as `file:line:col: message`.
pub fn load_mem(files: &[(&str, &str)]) -> Result<RuleSet, Vec<String>> {
    let mem = Mem(files
        .iter()
        .map(|(p, t)| (PathBuf::from(p), t.to_string()))
        .collect());
    RuleSet::load_with(Path::new(files[0].0), &mem)
        .map_err(|d| d.0.iter().map(|x| x.short()).collect())
}

pub fn shape<'a>(rs: &'a RuleSet, name: &str) -> &'a Shape {
    rs.shapes
        .iter()
        .find(|s| s.name == name)
        .unwrap_or_else(|| panic!("unknown shape {name}"))
}

/// The grid position of a room's shape origin.
pub fn origin(rs: &RuleSet, r: &RoomOut) -> [i32; 2] {
    let s = shape(rs, &r.shape);
    [r.cells[0][0] - s.cells[0].x, r.cells[0][1] - s.cells[0].y]
}

/// Room id per cell.
pub fn owner(d: &Dungeon) -> HashMap<[i32; 2], u32> {
    let mut m = HashMap::new();
    for r in &d.rooms {
        for &c in &r.cells {
            assert!(
                m.insert(c, r.id).is_none(),
                "seed {}: cell {c:?} owned twice",
                d.seed
            );
        }
    }
    m
}

/// Rooms sharing an edge with room `id`.
pub fn neighbours(d: &Dungeon, own: &HashMap<[i32; 2], u32>, id: u32) -> BTreeSet<u32> {
    let mut out = BTreeSet::new();
    for &[x, y] in &d.rooms[id as usize].cells {
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            if let Some(&r) = own.get(&[x + dx, y + dy]) {
                if r != id {
                    out.insert(r);
                }
            }
        }
    }
    out
}

/// Door-graph distances from `from`, ignoring rooms in `skip`.
pub fn distances(d: &Dungeon, from: u32, skip: &[u32]) -> Vec<u32> {
    let mut dist = vec![u32::MAX; d.rooms.len()];
    let mut q = VecDeque::from([from]);
    dist[from as usize] = 0;
    while let Some(r) = q.pop_front() {
        for door in &d.doors {
            let [a, b] = door.rooms;
            let other = if a == r {
                b
            } else if b == r {
                a
            } else {
                continue;
            };
            if skip.contains(&other) || dist[other as usize] != u32::MAX {
                continue;
            }
            dist[other as usize] = dist[r as usize] + 1;
            q.push_back(other);
        }
    }
    dist
}

pub fn of_kind<'a>(d: &'a Dungeon, kind: &str) -> Vec<&'a RoomOut> {
    d.rooms.iter().filter(|r| r.kind == kind).collect()
}

/// Bit mask of the door slots room `r` uses (panics if a door is on no slot).
pub fn used_slots(rs: &RuleSet, d: &Dungeon, r: &RoomOut) -> u32 {
    let s = shape(rs, &r.shape);
    let o = origin(rs, r);
    let mut mask = 0;
    for door in &d.doors {
        let (c, p) = if door.rooms[0] == r.id {
            (door.cells[0], door.cells[1])
        } else if door.rooms[1] == r.id {
            (door.cells[1], door.cells[0])
        } else {
            continue;
        };
        let (c, p, o) = (Point::from(c), Point::from(p), Point::from(o));
        let k = c
            .dir_to(p)
            .and_then(|side| s.slot_at(c - o, side))
            .unwrap_or_else(|| {
                panic!(
                    "seed {}: room {} ({}) has a door at {c:?} towards {p:?}, which is no slot of {}",
                    d.seed, r.id, r.kind, r.shape
                )
            });
        mask |= 1 << k;
    }
    mask
}

/// Every room of `kinds` has a layout of its shape supporting every door it uses.
pub fn check_layouts(rs: &RuleSet, d: &Dungeon, kinds: &[&str]) {
    for r in &d.rooms {
        if !kinds.contains(&r.kind.as_str()) {
            continue;
        }
        let name = r
            .layout
            .as_ref()
            .unwrap_or_else(|| panic!("seed {}: room {} ({}) has no layout", d.seed, r.id, r.kind));
        let l = rs
            .layouts
            .iter()
            .find(|l| &l.name == name)
            .expect("layout exists");
        let ls = &rs.shapes[l.shape as usize];
        assert_eq!(
            ls.name, r.shape,
            "seed {}: layout {name} on a {} room",
            d.seed, r.shape
        );
        let need = used_slots(rs, d, r);
        assert_eq!(
            l.doors & need,
            need,
            "seed {}: layout {name} lacks a door room {} needs",
            d.seed,
            r.id
        );
        let k = rs.kind_index(&r.kind).unwrap();
        assert!(
            l.kinds >> k & 1 == 1,
            "layout {name} does not serve {}",
            r.kind
        );
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

/// Rooms next to `r` (sharing a cell edge), by id, found through `Dungeon::room_at`.
pub fn touching(d: &Dungeon, r: &RoomOut) -> HashSet<u32> {
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
    let outside: Vec<u32> = d
        .rooms
        .iter()
        .map(|r| r.id)
        .filter(|r| !ids.contains(r))
        .collect();
    let dist = distances(d, first, &outside);
    ids.iter().all(|&r| dist[r as usize] != u32::MAX)
}

/// A minimal valid rule set; the bad-input tests edit one piece of it (their snapshots
/// quote its lines: change it and they change).
pub const BASE: &str = r##"Ruleset(
    grid: Grid(width: 10, height: 8),
    params: { "level": Int(default: 1, min: 1, max: 11) },
    room_kinds: [
        RoomKind(name: "start", glyph: 'S', colour: "#ffffff"),
        RoomKind(name: "normal", glyph: 'o'),
        RoomKind(name: "boss", glyph: 'B'),
    ],
    steps: [
        Let("target", "min(20, 5 + level * 2.6)"),
        Retry(max: 100, steps: [
            Named("grow", GrowRoomGraph(start: (5, 3), start_kind: "start", start_var: "start",
                room_kind: "normal", target: "target", directions: [E, W, S, N], chance: "1/2",
                columns: (1, 9), rows: (1, 6), frontier: Passes(count: 300),
                dead_ends: "dead_ends")),
            Require("rooms - 1 >= target"),
            PickRoom(from: "dead_ends", how: Last, kind: "boss", var: "boss"),
        ]),
    ],
)
"##;

/// Replace `from` (which must occur once) by `to` in BASE.
pub fn edit(from: &str, to: &str) -> String {
    assert_eq!(
        BASE.matches(from).count(),
        1,
        "`{from}` must occur once in BASE"
    );
    BASE.replace(from, to)
}

fn rule_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            rule_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "ron") {
            out.push(p);
        }
    }
}

/// Every shipped rule set: the `.ron` files under `rules/`, sorted.
pub fn shipped_rule_sets() -> Vec<PathBuf> {
    let mut v = Vec::new();
    rule_files(Path::new("rules"), &mut v);
    v.sort();
    assert!(v.len() >= 5, "shipped rule sets: {v:?}");
    v
}
