//! Compiling `PartitionWalls(...)`: each direction's wall kinds, stops, ends, doorway and
//! open-door draw; the triggers (at most 64, indexed by tile); the tile header and the flag
//! layers.

use super::{Compiled, Dir, DirDef, Kind, Params};
use crate::engine::tile_set::TileSet;
use crate::operator::args::{flag_layers, Tile};
use crate::operator::header::TileHeader;
use crate::operator::knobs::Knobs;
use crate::operator::Operator;
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;

/// Direction `i` (0 horizontal, 1 vertical) of the step.
fn dir(
    cx: &mut Cx,
    k: &mut Knobs<Compiled>,
    i: usize,
    at: &Src,
    d: &DirDef,
    stops: &[Tile],
) -> Option<Dir> {
    if d.kinds.is_empty() {
        cx.error(at, "a wall direction needs at least one kind".into(), None);
        return None;
    }
    let tiles = |v: &[Tile]| v.iter().map(|t| t.0).collect::<Vec<u16>>();
    let pairs = |v: &[(Tile, Tile)]| v.iter().map(|(a, b)| (a.0, b.0)).collect();
    Some(Dir {
        kinds: d
            .kinds
            .iter()
            .map(|k| Kind {
                wall: k.wall.0,
                door: k.door.0,
                starts: pairs(&k.starts),
            })
            .collect(),
        open: d.open_door.as_ref().map(|(r, h, t)| {
            let set: [[Setter; 2]; 2] = [
                [|c, v| set_open(c, 0, 0, v), |c, v| set_open(c, 0, 1, v)],
                [|c, v| set_open(c, 1, 0, v), |c, v| set_open(c, 1, 1, v)],
            ];
            (r.get(cx, k, set[i][0]), h.get(cx, k, set[i][1]), t.0)
        }),
        stops: tiles(d.stops.as_deref().unwrap_or(stops)),
        ends: pairs(&d.ends),
        doorway: tiles(&d.doorway),
        doorway_side: d.doorway_side.iter().map(|&(i, t)| (i, t.0)).collect(),
    })
}

/// Stores a constant of the open-door chances into a compiled step.
type Setter = fn(&mut Compiled, f64);

/// Field `f` (0 the roll, 1 the hit) of direction `i`'s open-door draw.
fn set_open(c: &mut Compiled, i: usize, f: usize, v: f64) {
    if let Some(o) = c.dirs[i].open.as_mut() {
        if f == 0 {
            o.0 = v as i64;
        } else {
            o.1 = v as i64;
        }
    }
}

impl Operator for Params {
    type Compiled = Compiled;

    fn anchor(&self) -> Option<&Src> {
        Some(&self.layer)
    }

    fn compile(&self, cx: &mut Cx) -> Option<Compiled> {
        let head = TileHeader::compile(cx, self.header());
        let skip = flag_layers(cx, &self.protected);
        let protect = cx.layer(&self.flag);
        let mut k: Knobs<Compiled> = Knobs::default();
        let h = dir(cx, &mut k, 0, &self.layer, &self.horizontal, &self.stops);
        let v = dir(cx, &mut k, 1, &self.layer, &self.vertical, &self.stops);
        let is_trigger = TileSet::new(self.triggers.iter().map(|t| t.tile.0));
        if self.triggers.len() > 64 {
            let n = self.triggers.len();
            cx.error(&self.layer, format!("at most 64 triggers, found {n}"), None);
            return None;
        }
        let top = self.triggers.iter().map(|t| t.tile.0 as usize + 1).max();
        let mut of_tile = vec![0u64; top.unwrap_or(0) + 1];
        for (j, t) in self.triggers.iter().enumerate() {
            of_tile[t.tile.0 as usize] |= 1 << j;
        }
        Some(Compiled {
            head: head?,
            is_trigger,
            of_tile: of_tile.into(),
            skip,
            protect,
            triggers: self
                .triggers
                .iter()
                .map(|t| (t.tile.0, t.dir, t.start.0))
                .collect(),
            discard: self
                .discard
                .get(cx, &mut k, |c: &mut Compiled, v| c.discard = v as u32)
                as u32,
            open: self.open.0,
            min_length: self
                .min_length
                .get(cx, &mut k, |c: &mut Compiled, v| c.min_length = v as i32)
                as i32,
            dirs: [h?, v?],
            protect_doors: self.flag_doors.iter().map(|t| t.0).collect(),
            knobs: k.done()?,
        })
    }
}
