//! The output model: plain, serde-serialisable data (the Dungeon JSON contract of
//! `shared/DESIGN.md`). Coordinates are `[x, y]`, x right, y down, 0-based, in grid cells.

use crate::engine::state::{State, NO_ROOM};
use crate::engine::value::Value;
use crate::ruleset::RuleSet;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The format tag written in every Dungeon JSON object.
pub const FORMAT: &str = "undercroft-dungeon/1";

/// One generated dungeon.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Dungeon {
    pub format: String,
    pub ruleset: String,
    pub seed: u64,
    /// Every parameter's value (defaults included).
    pub params: BTreeMap<String, serde_json::Value>,
    /// How many times a `Retry` restarted before success.
    pub attempts: u32,
    pub width: i32,
    pub height: i32,
    /// Glyph → meaning, for the symbol layers.
    pub symbols: BTreeMap<String, String>,
    /// Layer name → rows (top row first) of glyphs, or of tile ids.
    pub layers: BTreeMap<String, Layer>,
    pub rooms: Vec<RoomOut>,
    pub doors: Vec<DoorOut>,
    pub markers: BTreeMap<String, [i32; 2]>,
}

/// A layer: rows of single-character symbols, or rows of integer tile ids.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Layer {
    Symbols(Vec<String>),
    Ids(Vec<Vec<u16>>),
}

/// A room in the output.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RoomOut {
    pub id: u32,
    pub kind: String,
    pub cells: Vec<[i32; 2]>,
    pub shape: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub layout: Option<String>,
}

/// A door: the two rooms it joins and the cells on either side.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DoorOut {
    pub rooms: [u32; 2],
    pub cells: [[i32; 2]; 2],
}

impl Dungeon {
    /// Build the output from a finished run.
    pub fn from_state(
        rs: &RuleSet,
        st: &State,
        seed: u64,
        values: &[Value],
        attempts: u32,
    ) -> Dungeon {
        let params = rs
            .params
            .iter()
            .zip(values)
            .map(|(p, v)| {
                let j = match (&p.kind, v) {
                    (crate::ruleset::ParamKind::Int { .. }, Value::Num(n)) => {
                        serde_json::json!(*n as i64)
                    }
                    (_, Value::Num(n)) => serde_json::json!(n),
                    (_, Value::Bool(b)) => serde_json::json!(b),
                    _ => serde_json::Value::Null,
                };
                (p.name.clone(), j)
            })
            .collect();
        let mut symbols = BTreeMap::new();
        symbols.insert(rs.empty_glyph.to_string(), "empty".to_string());
        for k in &rs.kinds {
            symbols.insert(k.glyph.to_string(), k.name.clone());
        }
        let mut layers = BTreeMap::new();
        let rows: Vec<String> = (0..st.plan_height)
            .map(|y| {
                (0..st.plan_width)
                    .map(|x| match st.room_at(x, y) {
                        NO_ROOM => rs.empty_glyph,
                        r => rs.kinds[st.rooms[r as usize].kind as usize].glyph,
                    })
                    .collect()
            })
            .collect();
        layers.insert("rooms".to_string(), Layer::Symbols(rows));
        for (i, name) in rs.layers.iter().enumerate() {
            let ids = (0..st.height)
                .map(|y| {
                    (0..st.width)
                        .map(|x| st.layers[i][(y * st.width + x) as usize])
                        .collect()
                })
                .collect();
            layers.insert(name.clone(), Layer::Ids(ids));
        }
        if let Some(g) = &rs.tile_glyphs {
            for (name, glyph, _) in &g.classes {
                symbols.insert(glyph.to_string(), name.clone());
            }
            let tiles = &st.layers[g.layer];
            let rows = (0..st.height)
                .map(|y| {
                    (0..st.width)
                        .map(|x| g.classes[g.class(tiles[(y * st.width + x) as usize])].1)
                        .collect()
                })
                .collect();
            layers.insert(g.output.clone(), Layer::Symbols(rows));
        }
        let rooms = st
            .rooms
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let cells = st.cells_of(i as u32).to_vec();
                RoomOut {
                    id: i as u32,
                    kind: rs.kinds[r.kind as usize].name.clone(),
                    shape: match r.shape {
                        Some(s) => rs.shapes[s as usize].name.clone(),
                        None => shape_name(&cells),
                    },
                    cells,
                    layout: r.layout.map(|l| rs.layouts[l as usize].name.clone()),
                }
            })
            .collect();
        let doors = st
            .doors
            .iter()
            .map(|d| DoorOut {
                rooms: d.rooms,
                cells: d.cells,
            })
            .collect();
        let markers = rs
            .markers
            .iter()
            .enumerate()
            .filter_map(|(i, n)| st.markers[i].map(|p| (n.clone(), p)))
            .collect();
        Dungeon {
            format: FORMAT.to_string(),
            ruleset: rs.name.clone(),
            seed,
            params,
            attempts,
            width: st.plan_width,
            height: st.plan_height,
            symbols,
            layers,
            rooms,
            doors,
            markers,
        }
    }

    /// One line of JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a Dungeon always serialises")
    }

    /// The room at cell `(x, y)`, if any.
    pub fn room_at(&self, x: i32, y: i32) -> Option<&RoomOut> {
        self.rooms.iter().find(|r| r.cells.contains(&[x, y]))
    }
}

/// `WxH` of the cells' bounding box ("1x1", "2x2", ...).
fn shape_name(cells: &[[i32; 2]]) -> String {
    if cells.is_empty() {
        return "0x0".into();
    }
    let (mut x0, mut y0, mut x1, mut y1) = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
    for &[x, y] in cells {
        x0 = x0.min(x);
        y0 = y0.min(y);
        x1 = x1.max(x);
        y1 = y1.max(y);
    }
    format!("{}x{}", x1 - x0 + 1, y1 - y0 + 1)
}
