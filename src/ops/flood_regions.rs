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

use crate::engine::grid::{Connectivity, Rect};
use crate::engine::point::Point;
use crate::engine::row_flood::{flood_region, next_open, FloodScratch};
use crate::engine::state::{State, NO_ROOM};
use crate::engine::tile_set::TileSet;
use crate::engine::Flow;
use crate::operator::args::Tile;
use crate::operator::header::TileHeader;
use crate::operator::knobs::{Count0, Int, Knobs};
use crate::operator::{Operator, Runnable};
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

crate::tile_params! {
    header: reads,
    /// Rule-file parameters of `FloodRegions(...)`.
    #[derive(Debug, Clone, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Params {
        /// Tiles a region is made of.
        pub tiles: Vec<Tile>,
        /// 4 or 8. Default 8.
        #[serde(default = "eight")]
        pub connectivity: u8,
        /// Kind of the rooms recorded.
        pub kind: Src,
        /// Smallest region recorded, in cells. Default 1.
        #[serde(default = "one")]
        pub min_cells: Count0,
        /// Largest region recorded, in cells. Default: no limit.
        #[serde(default = "unlimited")]
        pub max_cells: Int<0, 4_294_967_295>,
        /// List that receives the rooms (optional).
        #[serde(default)]
        pub list: Option<Src>,
    }
}

fn eight() -> u8 {
    8
}
fn one() -> Count0 {
    Count0::Lit(1)
}
fn unlimited() -> Int<0, 4_294_967_295> {
    Int::Lit(u32::MAX as i64)
}

/// Compiled `FloodRegions`.
#[derive(Debug, Clone)]
pub struct Compiled {
    /// Layer and area.
    head: TileHeader,
    tiles: TileSet,
    conn: Connectivity,
    kind: u16,
    min: u32,
    max: u32,
    list: Option<u16>,
    knobs: Knobs<Compiled>,
}
crate::has_knobs!(Compiled);

impl Operator for Params {
    type Compiled = Compiled;

    fn anchor(&self) -> Option<&Src> {
        Some(&self.layer)
    }

    fn compile(&self, cx: &mut Cx) -> Option<Compiled> {
        let mut k = Knobs::default();
        let head = TileHeader::compile(cx, self.header());
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
        Some(Compiled {
            head: head?,
            tiles: TileSet::new(self.tiles.iter().map(|t| t.0)),
            conn,
            kind,
            min: self
                .min_cells
                .get(cx, &mut k, |c: &mut Compiled, v| c.min = v as u32) as u32,
            max: self
                .max_cells
                .get(cx, &mut k, |c: &mut Compiled, v| c.max = v as u32) as u32,
            list,
            knobs: k.done()?,
        })
    }
}

impl Runnable for Compiled {
    fn run(&self, st: &mut State) -> Flow {
        crate::resolve_knobs!(self, st);
        let area = match self.head.begin(st) {
            Ok(a) => a,
            Err(f) => return f,
        };
        if area.is_empty() {
            return Flow::Continue;
        }
        self.run_rows(st, area);
        Flow::Continue
    }
}

impl Compiled {
    /// [`Compiled::run`]: the open cells as a bit plane, a region grown a run of cells at
    /// a time ([`flood_region`]), any grid width.
    fn run_rows(&self, st: &mut State, area: Rect) {
        let mut fs: FloodScratch = st.scratch.take();
        fs.open
            .set_plane(&st.grid(self.head.layer), &self.tiles, false, 0);
        fs.open.keep_only(area);
        // the cells of the region being grown
        fs.mask.reset(st.width, st.height, 0, false);
        let mut region: Vec<Point> = Vec::new();
        let mut row = 0;
        while let Some(first) = next_open(&fs.open, &mut row) {
            let (mut size, mut y0, mut y1) = (0u32, first.1, first.1);
            let grown = &mut fs.mask;
            flood_region(
                &mut fs.open,
                first,
                self.conn,
                &mut fs.stack,
                |ry, i, run| {
                    grown.row_mut(ry)[i] |= run;
                    size += run.count_ones();
                    (y0, y1) = (y0.min(ry), y1.max(ry));
                },
            );
            let keep = size >= self.min && size <= self.max;
            // raster order: rows ascending, each word's bits ascending; the rows cleared
            region.clear();
            for y in y0..=y1 {
                for (i, word) in fs.mask.row_mut(y).iter_mut().enumerate() {
                    let mut m = std::mem::take(word);
                    while keep && m != 0 {
                        region.push(Point::new(64 * i as i32 + m.trailing_zeros() as i32, y));
                        m &= m - 1;
                    }
                }
            }
            if keep {
                self.record(st, &mut region);
            }
        }
        st.scratch.put(fs);
    }

    /// Record a region of a size in range, in raster order, as a room without the cells
    /// that already hold a room.
    fn record(&self, st: &mut State, region: &mut Vec<Point>) {
        region.retain(|p| st.room_at(p.x, p.y) == NO_ROOM);
        if region.is_empty() {
            return;
        }
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

    /// The row-mask regions (grids at most 64 wide) are the regions of the cell flood
    /// (wider grids): the same noisy layout, on a 64- and a 65-wide grid, for both
    /// connectivities, size limits and an area.
    #[test]
    fn row_mask_regions_equal_the_cell_flood() {
        for (conn, limits) in [
            (8, "min_cells: 3, max_cells: 25"),
            (4, ""),
            (8, "max_cells: 9"),
        ] {
            for area in ["", r#"area: (x: "2", y: "1", w: "50", h: "15"),"#] {
                let rooms = |w: i32| {
                    let text = format!(
                        r#"Ruleset(grid: Grid(width: {w}, height: 20), rng: Lcg32(multiplier: 22695477, increment: 1, output: AbsShift(shift: 16, shift_max_bound: 32767)),
                        room_kinds: [RoomKind(name: "region", glyph: 'r')], steps: [
                        NoiseFill(layer: "t", value: "13", density: "0.3", area: (x: "0", y: "0", w: "60", h: "20")),
                        FloodRegions(layer: "t", tiles: [13], connectivity: {conn}, kind: "region", {area} {limits})])"#
                    );
                    let text: &'static str = Box::leak(text.into_boxed_str());
                    let d = RuleSet::load_with(Path::new("t.ron"), &One(text))
                        .unwrap()
                        .generate(3, &Params::new())
                        .unwrap();
                    d.rooms.iter().map(|r| r.cells.clone()).collect::<Vec<_>>()
                };
                let narrow = rooms(64);
                assert!(narrow.len() > 3, "{conn} {limits} {area}");
                assert_eq!(narrow, rooms(65), "{conn} {limits} {area}");
            }
        }
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
