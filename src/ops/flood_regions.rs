//! Flood-fill regions: label the connected regions of cells holding given tiles and record
//! those within a size range as rooms of a kind (e.g. theme-room candidates). Regions are
//! found in raster order of their first cell and grown 4- or 8-connected. Draws no random
//! numbers.
//!
//! Diablo's Cathedral finds theme rooms from `FloodTransparencyValues(13)`: regions of
//! 8-connected Floor tiles (shared/spec/diablo.md §1.8, §9.1). The game then filters them on
//! its 112x112 piece grid with `.sol` data this engine does not have; `min_cells` and
//! `max_cells` count tiles here, an approximation.
//!
//! With `area`, only its cells belong to regions (a region is grown inside the area and
//! its size counts cells inside it); an area wholly outside the grid fails the step (the
//! shared [`TileHeader`]).

use super::args::{RectDef, Tile, TileHeader};
use crate::engine::grid::{Connectivity, Flood};
use crate::engine::state::{State, NO_ROOM};
use crate::engine::Flow;
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

/// One line for listings and the preview.
pub const DESCRIPTION: &str = "record connected regions of given tiles as rooms of a kind";

/// Rule-file parameters of `FloodRegions(...)`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The tile layer read.
    pub layer: Src,
    /// The cells regions are made of (see the module doc). Default: the whole grid.
    #[serde(default)]
    pub area: Option<RectDef>,
    /// Tiles a region is made of.
    pub tiles: Vec<Tile>,
    /// 4 or 8. Default 8.
    #[serde(default = "eight")]
    pub connectivity: u8,
    /// Kind of the rooms recorded.
    pub kind: Src,
    /// Smallest region recorded, in cells. Default 1.
    #[serde(default = "one")]
    pub min_cells: u32,
    /// Largest region recorded, in cells. Default: no limit.
    #[serde(default = "unlimited")]
    pub max_cells: u32,
    /// List that receives the rooms (optional).
    #[serde(default)]
    pub list: Option<Src>,
}

fn eight() -> u8 {
    8
}
fn one() -> u32 {
    1
}
fn unlimited() -> u32 {
    u32::MAX
}

/// Compiled `FloodRegions`.
#[derive(Debug)]
pub struct Op {
    /// Layer and area.
    head: TileHeader,
    tiles: Vec<u16>,
    conn: Connectivity,
    kind: u16,
    min: u32,
    max: u32,
    list: Option<u16>,
}

impl Params {
    /// The located string that messages about the step point at.
    pub fn anchor(&self) -> Option<&Src> {
        Some(&self.layer)
    }

    /// Resolve names and compile expressions; `None` when errors were reported to `cx`.
    pub fn compile(&self, cx: &mut Cx) -> Option<Op> {
        let head = TileHeader::compile(cx, &self.layer, self.area.as_ref(), None, &[]);
        let conn = match self.connectivity {
            4 => Connectivity::Four,
            8 => Connectivity::Eight,
            n => {
                cx.error(
                    &self.layer,
                    format!("connectivity is 4 or 8, found {n}"),
                    None,
                );
                return None;
            }
        };
        let kind = cx.kind(&self.kind)?;
        let list = self.list.as_ref().map(|l| cx.declare_list(l));
        Some(Op {
            head: head?,
            tiles: self.tiles.iter().map(|t| t.0).collect(),
            conn,
            kind,
            min: self.min_cells,
            max: self.max_cells,
            list,
        })
    }
}

impl Op {
    /// Run the operator on the state.
    pub fn run(&self, st: &mut State) -> Flow {
        let area = match self.head.begin(st) {
            Ok(a) => a,
            Err(f) => return f,
        };
        let (w, h) = (st.width, st.height);
        // the flood's marks, kept across the fills, tell the cells already in a region
        let mut flood = Flood::new();
        flood.begin_labels(w, h);
        let mut region: Vec<[i32; 2]> = Vec::new();
        let member = |t: u16| match self.tiles[..] {
            [one] => t == one,
            _ => self.tiles.contains(&t),
        };
        for sy in area.y..area.y1() {
            for sx in area.x..area.x1() {
                let layer = st.grid(self.head.layer);
                if flood.visited(w, h, sx, sy) || !member(layer.at(sx, sy)) {
                    continue;
                }
                region.clear();
                let start = (sx, sy);
                let visit = |x, y| region.push([x, y]);
                if area == layer.bounds() {
                    let pass = |x, y| member(layer.at(x, y));
                    flood.fill_more(w, h, start, self.conn, usize::MAX, pass, visit);
                } else {
                    let pass = |x, y| area.contains(x, y) && member(layer.at(x, y));
                    flood.fill_more(w, h, start, self.conn, usize::MAX, pass, visit);
                }
                self.record(st, &mut region);
            }
        }
        Flow::Continue
    }

    /// Record a region grown (empty when its start was in an earlier one) as a room when
    /// its size is in range, without the cells that already hold a room.
    fn record(&self, st: &mut State, region: &mut Vec<[i32; 2]>) {
        let size = region.len() as u32;
        if size < self.min || size > self.max {
            return;
        }
        region.retain(|&[x, y]| st.room_at(x, y) == NO_ROOM);
        if region.is_empty() {
            return;
        }
        region.sort_by_key(|&[x, y]| (y, x));
        let id = st.add_room(self.kind, region);
        if let Some(li) = self.list {
            st.lists[li as usize].push(id);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::ruleset::load::Reader;
    use crate::ruleset::{Params, RuleSet};
    use std::path::Path;

    struct One(&'static str);
    impl Reader for One {
        fn read(&self, _: &Path) -> std::io::Result<String> {
            Ok(self.0.to_string())
        }
    }

    /// The layout of `regions_by_connectivity_and_size`, all regions kept, inside an area
    /// that leaves out column 0: the region through (0, 0) loses that cell.
    #[test]
    fn an_area_confines_the_regions() {
        let text = r#"Ruleset(grid: Grid(width: 5, height: 3), room_kinds: [RoomKind(name: "region", glyph: 'r')], steps: [
                FillRect(layer: "t", value: "13", rect: (x: "0", y: "0", w: "2", h: "1")),
                FillRect(layer: "t", value: "13", rect: (x: "2", y: "1", w: "1", h: "1")),
                FillRect(layer: "t", value: "13", rect: (x: "4", y: "2", w: "1", h: "1")),
                FloodRegions(layer: "t", tiles: [13], kind: "region", area: (x: "1", y: "0", w: "4", h: "3"))])"#;
        let d = RuleSet::load_with(Path::new("t.ron"), &One(text))
            .unwrap()
            .generate(0, &Params::new())
            .unwrap();
        let cells: Vec<_> = d.rooms.iter().map(|r| r.cells.clone()).collect();
        assert_eq!(cells, vec![vec![[1, 0], [2, 1]], vec![[4, 2]]]);
    }

    #[test]
    fn regions_by_connectivity_and_size() {
        let rules = |conn: u8| {
            format!(
                r#"Ruleset(grid: Grid(width: 5, height: 3), room_kinds: [RoomKind(name: "region", glyph: 'r')], steps: [
                FillRect(layer: "t", value: "13", rect: (x: "0", y: "0", w: "2", h: "1")),
                FillRect(layer: "t", value: "13", rect: (x: "2", y: "1", w: "1", h: "1")),
                FillRect(layer: "t", value: "13", rect: (x: "4", y: "2", w: "1", h: "1")),
                FloodRegions(layer: "t", tiles: [13], connectivity: {conn}, kind: "region", min_cells: 2)])"#
            )
        };
        let text8: &'static str = Box::leak(rules(8).into_boxed_str());
        let d = RuleSet::load_with(Path::new("t.ron"), &One(text8))
            .unwrap()
            .generate(0, &Params::new())
            .unwrap();
        assert_eq!(d.rooms.len(), 1);
        assert_eq!(d.rooms[0].cells, vec![[0, 0], [1, 0], [2, 1]]);
        let text4: &'static str = Box::leak(rules(4).into_boxed_str());
        let d = RuleSet::load_with(Path::new("t.ron"), &One(text4))
            .unwrap()
            .generate(0, &Params::new())
            .unwrap();
        assert_eq!(d.rooms.len(), 1);
        assert_eq!(d.rooms[0].cells, vec![[0, 0], [1, 0]]);
    }
}
