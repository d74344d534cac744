//! Export to the level editors game developers use: Tiled maps ([`tiled`]: `.tmx` XML and
//! `.tmj` JSON, with a `.tsx`/`.tsj` tileset) and LDtk projects ([`ldtk`]: `.ldtk` JSON), each
//! with a generated tileset picture ([`tileset`]).
//!
//! Everything here takes only [`Dungeon`]s (and the colours and font of [`crate::render`]),
//! so saved Dungeon JSON exports the same as a fresh run. What every format shares:
//!
//! - **Tiles**: every tile-id layer and every symbol layer of the dungeon becomes a tile
//!   layer. Each distinct (layer, tile id or glyph) is one tile of the tileset; tile id 0 of an
//!   id layer and the empty glyph of the `rooms` layer are "no tile" (Tiled gid 0). Tiled gids
//!   are `1 +` the tile's index (`firstgid = 1`), never with flip bits.
//! - **Scale**: one dungeon cell becomes a block of [`Scale`] tiles of [`TILE`] pixels; by
//!   default the natural scale of the style ([`Scale::natural`]: the room pools' tiles per
//!   cell for a room graph with interiors, else one tile).
//! - **Objects**: every room (a rectangle, or a polygon outlining its cells, its kind as
//!   the object's type), door (a point at the middle of the edge it crosses) and marker (a
//!   point at the centre of its cell), in pixels.
//! - **Provenance**: rule set name, a hash of its files' contents (when known), seed,
//!   parameters (JSON) and engine version, as custom properties ([`provenance`]).
//!
//! Output is deterministic: the same dungeons give the same bytes (ordered maps only, ids
//! and iids derived from the dungeons).

pub mod ldtk;
pub mod tiled;
pub mod tileset;

use crate::dungeon::{Dungeon, RoomOut};
use std::collections::{BTreeMap, BTreeSet};

/// Pixels per tile side, in the maps and the tileset picture.
pub const TILE: u32 = 16;

/// The engine version written in the provenance.
pub const ENGINE: &str = concat!("undercroft ", env!("CARGO_PKG_VERSION"));

/// What the dungeons do not say about themselves: the hash of the rule files they came
/// from (`None` when exporting saved JSON without its rules).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Provenance {
    /// [`content_hash`] of the rule set's files, if known.
    pub rules_hash: Option<String>,
}

impl Provenance {
    /// The provenance of dungeons generated from the rule files `files` (a rule set's
    /// [`files`](crate::RuleSet::files)), read now; no hash when one cannot be read.
    pub fn of_files(files: &[std::path::PathBuf]) -> Provenance {
        let contents: Option<Vec<Vec<u8>>> = files
            .iter()
            .map(|f| crate::input::read(f, crate::input::Kind::Rules).ok())
            .collect();
        Provenance {
            rules_hash: contents.map(|c| content_hash(&c)),
        }
    }
}

/// The largest scale: tiles per dungeon cell, a side.
pub const MAX_SCALE: u32 = 256;

/// The most tiles one exported map (or LDtk level) may have.
pub const MAX_MAP_TILES: u64 = 1 << 24;

/// Tiles per dungeon cell, across and down (each 1..=[`MAX_SCALE`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scale {
    /// Tiles across per cell.
    pub x: u32,
    /// Tiles down per cell.
    pub y: u32,
}

impl Scale {
    /// The style's own scale: for a dungeon without a tile view (a room graph) whose rule
    /// set has room pools, the pools' tiles per cell (of the first room with a layout, else
    /// of the first pool, as the interiors renderer uses); otherwise one tile per cell.
    pub fn natural(d: &Dungeon) -> Scale {
        if crate::render::cells::cell_view(d).is_some() {
            return Scale { x: 1, y: 1 };
        }
        let int = d.interiors.as_ref();
        let cell = d
            .rooms
            .iter()
            .filter_map(|r| r.layout.as_deref())
            .filter_map(|l| int.and_then(|i| i.layouts.get(l)))
            .map(|l| l.cell)
            .next()
            .or(int.map(|i| i.cell))
            .unwrap_or([1, 1]);
        Scale {
            x: cell[0].max(1) as u32,
            y: cell[1].max(1) as u32,
        }
    }

    /// Parse `N` or `WxH` (tiles per cell, each 1..=[`MAX_SCALE`]).
    ///
    /// # Errors
    /// When `s` is not one or two whole numbers 1..=[`MAX_SCALE`].
    pub fn parse(s: &str) -> Result<Scale, String> {
        let bad = || {
            format!(
                "bad scale '{s}': expected N or WxH, tiles per cell 1..={MAX_SCALE} (e.g. 4 or \
                 13x7)"
            )
        };
        let num = |t: &str| {
            t.trim()
                .parse::<u32>()
                .ok()
                .filter(|n| (1..=MAX_SCALE).contains(n))
        };
        match s.split_once(['x', 'X']) {
            Some((a, b)) => Ok(Scale {
                x: num(a).ok_or_else(bad)?,
                y: num(b).ok_or_else(bad)?,
            }),
            None => num(s).map(|n| Scale { x: n, y: n }).ok_or_else(bad),
        }
    }

    /// Whether the map of `d` at this scale stays within [`MAX_MAP_TILES`]; `Err` says
    /// what it would be.
    ///
    /// # Errors
    /// When the map would have more than [`MAX_MAP_TILES`] tiles.
    pub fn check(&self, d: &Dungeon) -> Result<(), String> {
        let (tw, th) = d.tile_size();
        let (w, h) = (
            i64::from(d.width.max(tw).max(0)) * i64::from(self.x),
            i64::from(d.height.max(th).max(0)) * i64::from(self.y),
        );
        if w.saturating_mul(h) > MAX_MAP_TILES as i64 {
            return Err(format!(
                "seed {}: a {}x{} grid at {} by {} tiles a cell makes a {w}x{h}-tile map; maps \
                 are at most {MAX_MAP_TILES} tiles (use a smaller --scale)",
                d.seed, d.width, d.height, self.x, self.y
            ));
        }
        Ok(())
    }

    /// Pixels across and down of one cell.
    pub fn cell_px(&self) -> (i64, i64) {
        ((self.x * TILE) as i64, (self.y * TILE) as i64)
    }
}

/// FNV-1a, 64 bits (stable across runs and platforms).
pub fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x100_0000_01b3)
    })
}

/// The provenance hash of a rule set: FNV-1a over every file's length and contents, in the
/// order given (the rule set's file list), as 16 hex digits.
pub fn content_hash(files: &[Vec<u8>]) -> String {
    let mut all = Vec::new();
    for f in files {
        all.extend_from_slice(&(f.len() as u64).to_le_bytes());
        all.extend_from_slice(f);
    }
    format!("{:016x}", fnv(&all))
}

/// A UUID (version-4 layout) derived from `key`: the same key always gives the same iid.
pub fn iid(key: &str) -> String {
    let a = fnv(format!("a/{key}").as_bytes());
    let b = fnv(format!("b/{key}").as_bytes());
    let a = (a & !0xf000) | 0x4000; // version 4
    let b = (b & !(0xc << 60)) | (0x8 << 60); // RFC 4122 variant
    format!(
        "{:08x}-{:04x}-{:04x}-{:04x}-{:012x}",
        a >> 32,
        (a >> 16) & 0xffff,
        a & 0xffff,
        b >> 48,
        b & 0xffff_ffff_ffff
    )
}

/// The provenance properties of `d`, in a fixed order: `ruleset`, `rules_hash` (when
/// known), `seed`, `params` (a JSON object), `engine`.
pub fn provenance(d: &Dungeon, p: &Provenance) -> Vec<(&'static str, String)> {
    let mut out = vec![("ruleset", d.ruleset.clone())];
    if let Some(h) = &p.rules_hash {
        out.push(("rules_hash", h.clone()));
    }
    out.push(("seed", d.seed.to_string()));
    out.push((
        "params",
        serde_json::to_string(&d.params).expect("parameters serialise"),
    ));
    out.push(("engine", ENGINE.to_string()));
    out
}

/// Where an object is, in pixels (x right, y down, from the map's top-left).
#[derive(Debug, Clone, PartialEq)]
pub enum Place {
    /// An axis-aligned rectangle: top-left, width, height.
    Rect {
        /// Left.
        x: i64,
        /// Top.
        y: i64,
        /// Width.
        w: i64,
        /// Height.
        h: i64,
    },
    /// A polygon: its origin (the bounding box's top-left) and its corners relative to it,
    /// clockwise on screen.
    Polygon {
        /// Origin x.
        x: i64,
        /// Origin y.
        y: i64,
        /// Corners, relative to the origin.
        points: Vec<[i64; 2]>,
    },
    /// A point.
    Point {
        /// x.
        x: i64,
        /// y.
        y: i64,
    },
}

/// A property value.
#[derive(Debug, Clone, PartialEq)]
pub enum Prop {
    /// An integer.
    Int(i64),
    /// A string.
    Str(String),
}

/// A room, door or marker as an editor object.
#[derive(Debug, Clone, PartialEq)]
pub struct Object {
    /// `room N`, `door N` or the marker's name.
    pub name: String,
    /// The room's kind, `door` or `marker`.
    pub class: String,
    /// Where it is.
    pub place: Place,
    /// Custom properties, in a fixed order.
    pub props: Vec<(&'static str, Prop)>,
}

/// Every room, then every door, then every marker of `d` as objects at scale `s`.
pub fn objects(d: &Dungeon, s: Scale) -> Vec<Object> {
    let (cw, ch) = s.cell_px();
    let mut out = Vec::new();
    for r in &d.rooms {
        let mut props = vec![
            ("id", Prop::Int(r.id as i64)),
            ("shape", Prop::Str(r.shape.clone())),
        ];
        if let Some(l) = &r.layout {
            props.push(("layout", Prop::Str(l.clone())));
        }
        out.push(Object {
            name: format!("room {}", r.id),
            class: r.kind.clone(),
            place: room_place(r, s),
            props,
        });
    }
    for (i, door) in d.doors.iter().enumerate() {
        let [a, b] = door.cells;
        // The middle of the edge between the two cells: the mean of their centres.
        let x = (a[0] as i64 + b[0] as i64 + 1) * cw / 2;
        let y = (a[1] as i64 + b[1] as i64 + 1) * ch / 2;
        out.push(Object {
            name: format!("door {i}"),
            class: "door".into(),
            place: Place::Point { x, y },
            props: vec![
                ("room_a", Prop::Int(door.rooms[0] as i64)),
                ("room_b", Prop::Int(door.rooms[1] as i64)),
            ],
        });
    }
    for (name, [x, y]) in &d.markers {
        out.push(Object {
            name: name.clone(),
            class: "marker".into(),
            place: Place::Point {
                x: *x as i64 * cw + cw / 2,
                y: *y as i64 * ch + ch / 2,
            },
            props: Vec::new(),
        });
    }
    out
}

/// The cells' bounding box `[x0, y0, x1, y1]` (exclusive ends), in cells.
pub fn bounds(cells: &[[i32; 2]]) -> [i32; 4] {
    let mut b = [i32::MAX, i32::MAX, i32::MIN, i32::MIN];
    for c in cells {
        b = [
            b[0].min(c[0]),
            b[1].min(c[1]),
            b[2].max(c[0] + 1),
            b[3].max(c[1] + 1),
        ];
    }
    if cells.is_empty() {
        [0, 0, 0, 0]
    } else {
        b
    }
}

/// A room's place: its bounding rectangle when its cells fill it, else the outline of its
/// cells.
pub fn room_place(r: &RoomOut, s: Scale) -> Place {
    let (cw, ch) = s.cell_px();
    let b = bounds(&r.cells);
    let (x, y) = (b[0] as i64 * cw, b[1] as i64 * ch);
    let set: BTreeSet<[i32; 2]> = r.cells.iter().copied().collect();
    if set.len() as i64 == (b[2] - b[0]) as i64 * (b[3] - b[1]) as i64 {
        return Place::Rect {
            x,
            y,
            w: (b[2] - b[0]) as i64 * cw,
            h: (b[3] - b[1]) as i64 * ch,
        };
    }
    let points = outline(&set)
        .iter()
        .map(|p| [(p[0] - b[0]) as i64 * cw, (p[1] - b[1]) as i64 * ch])
        .collect();
    Place::Polygon { x, y, points }
}

/// The outer boundary of a set of cells, as corner points (in cell units), clockwise on
/// screen (y down), starting at the top-left corner, without collinear points. Holes are
/// left out; for cells in several pieces, the piece holding the top-left cell.
pub fn outline(cells: &BTreeSet<[i32; 2]>) -> Vec<[i32; 2]> {
    let has = |x: i32, y: i32| cells.contains(&[x, y]);
    let mut edges: BTreeMap<[i32; 2], Vec<[i32; 2]>> = BTreeMap::new();
    let mut add = |a: [i32; 2], b: [i32; 2]| edges.entry(a).or_default().push(b);
    for &[x, y] in cells {
        if !has(x, y - 1) {
            add([x, y], [x + 1, y]);
        }
        if !has(x + 1, y) {
            add([x + 1, y], [x + 1, y + 1]);
        }
        if !has(x, y + 1) {
            add([x + 1, y + 1], [x, y + 1]);
        }
        if !has(x - 1, y) {
            add([x, y + 1], [x, y]);
        }
    }
    // The top-left cell's top-left corner is on the outer boundary.
    let Some(&[x0, y0]) = cells.iter().min_by_key(|c| (c[1], c[0])) else {
        return Vec::new();
    };
    let start = [x0, y0];
    let mut path = vec![start];
    let mut at = start;
    while let Some(next) = edges.get_mut(&at).and_then(|v| v.pop()) {
        if next == start {
            break;
        }
        path.push(next);
        at = next;
    }
    // Drop the corners where the boundary goes straight on.
    let n = path.len();
    (0..n)
        .filter(|&i| {
            let (p, c, q) = (path[(i + n - 1) % n], path[i], path[(i + 1) % n]);
            (c[0] - p[0]) * (q[1] - c[1]) != (c[1] - p[1]) * (q[0] - c[0])
        })
        .map(|i| path[i])
        .collect()
}

#[cfg(test)]
mod tests;
