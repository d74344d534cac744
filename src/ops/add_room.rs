//! Recording an area as a room (rooms drawn from areas, issue 44): the room cells an area
//! expression covers become one room of `kind`, so that a style that draws its rooms into a
//! tile layer (a BSP leaf, a rectangle of `rooms_and_mazes`) also lists them in the Dungeon
//! JSON, with their cells, and room expressions (`room(r)`, lists, `walk_distance`) can use
//! them.
//!
//! `area` is an area expression in tiles, evaluated when the step runs. The room gets the
//! room cells whose tiles lie wholly inside the area and inside the grid (with the default
//! `cell: (1, 1)`, the area's tiles), in raster order, less those that already belong to a
//! room (an earlier room keeps its cells, as with `CarveRooms` and `FloodRegions`). When no
//! cell is left (an empty area, one wholly outside the grid or wholly taken), no room is
//! made: `var` becomes none and the list is unchanged.
//!
//! Writes: a room, an optional list entry, an optional room variable. Draws no random
//! numbers (the area expression may). Never fails.

use crate::engine::point::Point;
use crate::engine::state::{State, NO_ROOM};
use crate::engine::value::{Type, Value};
use crate::engine::Flow;
use crate::lang::Program;
use crate::operator::{Operator, Runnable};
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

/// Rule-file parameters of `AddRoom(...)`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The area, an area expression in tiles (`"last(leaves)"`, `"rect(2, 3, 6, 4)"`).
    pub area: Src,
    /// Kind of the room, a name from `room_kinds`.
    pub kind: Src,
    /// List that receives the room (optional).
    #[serde(default)]
    pub list: Option<Src>,
    /// Room variable that receives the room (none when no room was made). Optional.
    #[serde(default)]
    pub var: Option<Src>,
}

/// Compiled `AddRoom`.
#[derive(Debug)]
pub struct Compiled {
    area: Program,
    kind: u16,
    list: Option<u16>,
    var: Option<u16>,
}

impl Operator for Params {
    type Compiled = Compiled;

    fn anchor(&self) -> Option<&Src> {
        Some(&self.area)
    }

    fn compile(&self, cx: &mut Cx) -> Option<Compiled> {
        let area = cx.expr(&self.area, Type::Area);
        let kind = cx.kind(&self.kind);
        let list = self.list.as_ref().map(|l| cx.declare_list(l));
        let var = match &self.var {
            Some(v) => Some(cx.declare_var(v, Type::Room)?),
            None => None,
        };
        Some(Compiled {
            area: area?,
            kind: kind?,
            list,
            var,
        })
    }
}

impl Runnable for Compiled {
    fn run(&self, st: &mut State) -> Flow {
        let cells = match self.area.eval(st).as_area() {
            Some(a) => free_cells(st, a),
            None => Vec::new(),
        };
        let room = (!cells.is_empty()).then(|| st.add_room(self.kind, &cells));
        if let (Some(r), Some(l)) = (room, self.list) {
            st.lists[l as usize].push(r);
        }
        if let Some(v) = self.var {
            st.vars[v as usize] = room.map_or(Value::Nil, Value::Room);
        }
        Flow::Continue
    }
}

/// The room cells of the plan whose tiles lie wholly inside area `[x, y, w, h]` (tiles) and
/// that hold no room, in raster order.
fn free_cells(st: &State, [x, y, w, h]: [i32; 4]) -> Vec<Point> {
    let [cw, ch] = st.cell;
    let (cw, ch) = (cw.max(1) as i64, ch.max(1) as i64);
    let (x, y, w, h) = (x as i64, y as i64, w.max(0) as i64, h.max(0) as i64);
    // first cell starting at or after the area's left edge; last one ending by its right
    let c0 = (x.div_euclid(cw) + (x.rem_euclid(cw) != 0) as i64).max(0);
    let r0 = (y.div_euclid(ch) + (y.rem_euclid(ch) != 0) as i64).max(0);
    let c1 = ((x + w).div_euclid(cw)).min(st.plan_width as i64);
    let r1 = ((y + h).div_euclid(ch)).min(st.plan_height as i64);
    let mut out = Vec::new();
    for r in r0..r1 {
        for c in c0..c1 {
            let (c, r) = (c as i32, r as i32);
            if st.room_at(c, r) == NO_ROOM {
                out.push(Point::new(c, r));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::operator::testing::{lines, rooms};

    /// Areas on a 6x4 plan: 2x2 at (1, 1) (the start room); 3x3 at (3, 0), overlapping
    /// nothing; 4x1 at (0, 1), whose cells (1, 1), (2, 1) and (3, 1) are taken, keeps only
    /// (0, 1); an area outside the grid makes no room and leaves `z` none.
    #[test]
    fn an_area_becomes_a_room_of_its_free_cells() {
        let steps = r#"
            AddRoom(area: "rect(1, 1, 2, 2)", kind: "start", list: "made", var: "a"),
            AddRoom(area: "rect(3, 0, 3, 3)", kind: "normal", list: "made"),
            AddRoom(area: "rect(0, 1, 4, 1)", kind: "boss", list: "made"),
            AddRoom(area: "rect(10, 10, 2, 2)", kind: "shop", list: "made", var: "z"),
            Require("is(a, start) && !exists(z) && len(made) == 3 && count(shop) == 0"),"#;
        let r = rooms(6, 4, "", steps, &[]);
        assert_eq!(
            r.plan,
            lines(
                "...ooo
                 BSSooo
                 .SSooo
                 ......"
            )
        );
        assert_eq!(r.lists["made"], [[1, 1], [3, 0], [0, 1]]);
        assert_eq!(r.cells[2], [[0, 1]]);
    }

    /// With room cells of 2x2 tiles (a 4x3 plan on 8x6 tiles), the area x 1..=5, y 0..=3
    /// holds the cells whose tiles it holds whole: columns 1 and 2 (tiles 2..=5; column 0,
    /// tiles 0..=1, is cut), rows 0 and 1.
    #[test]
    fn with_larger_room_cells_only_cells_wholly_inside_count() {
        let text = format!(
            "Ruleset(name: \"t\", rng: {}, grid: Grid(width: 8, height: 6, cell: (2, 2)),
               room_kinds: [RoomKind(name: \"room\", glyph: 'r')],
               steps: [AddRoom(area: \"rect(1, 0, 5, 4)\", kind: \"room\")])",
            crate::operator::testing::RNG
        );
        let files = crate::operator::testing::MemFiles(text, vec![]);
        let rs = crate::ruleset::RuleSet::load_with(std::path::Path::new("t.ron"), &files)
            .unwrap_or_else(|e| panic!("{e}"));
        let d = rs.generate(1, &crate::Params::new()).unwrap();
        let j: serde_json::Value = serde_json::from_str(&d.to_json()).unwrap();
        assert_eq!(
            j["rooms"][0]["cells"].to_string(),
            "[[1,0],[2,0],[1,1],[2,1]]"
        );
    }
}
