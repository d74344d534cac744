//! From a finished run to the output model: [`RuleSet::to_dungeon`] turns a [`State`] into a
//! [`Dungeon`] (names for indices, symbol layers for the room plan and tile classes), and
//! `prepare_drawing` fills in, once per rule set, what the Dungeon carries for the renderers
//! (palette, parameter defaults, interiors). The rule set's module calls these as methods
//! and names nothing of this one.

use super::glyphs::{ascii_byte, NOT_ASCII};
use super::RuleSet;
use crate::dungeon::{
    DoorOut, Dungeon, Grids, Interiors, Layer, LayoutRows, Palette, RoomOut, Swatch, Tally,
    TileClasses, FORMAT,
};
use crate::engine::point::Point;
use crate::engine::state::{State, NO_ROOM};
use crate::engine::value::Value;
use std::collections::BTreeMap;
use std::sync::Arc;

impl RuleSet {
    /// Fill in the palette, defaults and interiors (without layouts and anchors: each Dungeon
    /// gets those its rooms use) of a loaded rule set.
    pub(crate) fn prepare_drawing(&mut self) {
        let rs = &*self;
        let swatch = |name: &str, glyph: char, colour: &str| Swatch {
            name: name.to_string(),
            glyph,
            colour: colour.to_string(),
            theme: false,
            walkable: false,
        };
        let walkable = |i: usize, name: &str| match &rs.stats.walkable {
            crate::stats::Walkable::FirstClass => i == 0,
            crate::stats::Walkable::Classes(c) => c.iter().any(|c| c == name),
            crate::stats::Walkable::Tiles { .. } => false,
        };
        let palette = Palette {
            empty_glyph: rs.empty_glyph,
            kinds: rs
                .kinds
                .iter()
                .map(|k| Swatch {
                    theme: k.theme,
                    ..swatch(&k.name, k.glyph, &k.colour)
                })
                .collect(),
            tiles: rs.tile_glyphs.as_ref().map(|g| TileClasses {
                layer: rs.layers[g.layer].clone(),
                output: g.output.clone(),
                classes: g
                    .classes
                    .iter()
                    .enumerate()
                    .map(|(i, (n, c, col))| Swatch {
                        walkable: walkable(i, n),
                        ..swatch(n, *c, col)
                    })
                    .collect(),
                class_of: g.class_of.clone(),
            }),
            markers: rs.marker_styles.clone(),
        };
        let defaults = rs
            .params
            .iter()
            .map(|p| (p.name.clone(), p.show(p.default)))
            .collect();
        let interiors = rs.pools.first().map(|first| {
            let mut legend: Vec<(char, String)> = Vec::new();
            for g in rs.pools.iter().flat_map(|p| &p.legend) {
                let item = (g.glyph, g.meaning.clone());
                if !g.outside && !legend.contains(&item) {
                    legend.push(item);
                }
            }
            Interiors {
                cell: first.cell,
                legend,
                layouts: BTreeMap::new(),
                anchors: BTreeMap::new(),
            }
        });
        let mut symbols = BTreeMap::new();
        symbols.insert(rs.empty_glyph.to_string(), "empty".to_string());
        for k in &rs.kinds {
            symbols.insert(k.glyph.to_string(), k.name.clone());
        }
        if let Some(g) = rs.tile_glyphs.as_ref().filter(|g| g.output.is_some()) {
            // a glyph two classes share means the first one's name
            let mut seen = Vec::new();
            for (name, glyph, _) in &g.classes {
                if !seen.contains(glyph) {
                    seen.push(*glyph);
                    symbols.insert(glyph.to_string(), name.clone());
                }
            }
        }
        self.palette = Arc::new(palette);
        self.defaults = Arc::new(defaults);
        self.symbols = Arc::new(symbols);
        self.interiors = interiors;
    }

    /// [`RuleSet::to_dungeon`] of a finished run, keeping its scratch for the next run.
    pub fn finish(&self, mut st: State, seed: u64, values: &[Value], attempts: u32) -> Dungeon {
        let d = self.to_dungeon(&st, seed, values, attempts);
        self.scratch.give(std::mem::take(&mut st.scratch));
        d
    }

    /// The output of a finished run: `st` after the steps, the `seed` and parameter `values`
    /// it ran with (from [`RuleSet::resolve_params`]) and its number of restarts.
    pub fn to_dungeon(&self, st: &State, seed: u64, values: &[Value], attempts: u32) -> Dungeon {
        let rs = self;
        // built in the order of the fields before the split into functions: the order of
        // the allocations moves the allocator's work (2,700 instructions a dungeon on a
        // 13x13 room grid, callgrind)
        let params = rs.params_of(values);
        let layers = rs.layers_of(st);
        let rooms = rs.rooms_of(st);
        let doors = st
            .doors
            .iter()
            .map(|d| DoorOut {
                rooms: d.rooms,
                cells: d.cells.map(Point::to_array),
            })
            .collect();
        let markers = rs
            .markers
            .iter()
            .enumerate()
            .filter_map(|(i, n)| st.markers[i].map(|p| (n.clone(), p.to_array())))
            .collect();
        let interiors = rs.interiors_of(st, &rooms);
        let grids = Some(grids_of(st, &layers));
        Dungeon {
            format: FORMAT.to_string(),
            ruleset: rs.name.clone(),
            seed,
            params,
            attempts,
            width: st.plan_width,
            height: st.plan_height,
            symbols: rs.symbols.clone(),
            layers,
            rooms,
            doors,
            markers,
            palette: rs.palette.clone(),
            defaults: rs.defaults.clone(),
            interiors,
            grids,
            tallies: rs
                .tallies
                .iter()
                .zip(&st.tallies)
                .filter(|(_, &n)| n > 0)
                .map(|((kind, reason), &count)| Tally {
                    kind: kind.clone(),
                    reason: reason.clone(),
                    count,
                })
                .collect(),
        }
    }

    /// The parameter values by name, as JSON (whole numbers for `Int` parameters).
    fn params_of(&self, values: &[Value]) -> BTreeMap<String, serde_json::Value> {
        self.params
            .iter()
            .zip(values)
            .map(|(p, v)| {
                let j = match (&p.kind, v) {
                    (super::ParamKind::Int { .. }, Value::Num(n)) => {
                        serde_json::json!(*n as i64)
                    }
                    (_, Value::Num(n)) => serde_json::json!(n),
                    (_, Value::Bool(b)) => serde_json::json!(b),
                    _ => serde_json::Value::Null,
                };
                (p.name.clone(), j)
            })
            .collect()
    }

    /// The layers: `rooms` (the room plan, a kind's glyph per cell), every tile layer, and
    /// the tile-class symbols when the glyphs name an output layer.
    fn layers_of(&self, st: &State) -> BTreeMap<String, Layer> {
        let rs = self;
        let mut layers = BTreeMap::new();
        // Rows are built from the flat grids a row slice at a time (this runs once per
        // dungeon, for every cell of every layer: per-cell bounds checks showed up).
        let glyph_of_room: Vec<char> = st
            .rooms
            .iter()
            .map(|r| rs.kinds[r.kind as usize].glyph)
            .collect();
        let byte_of_room: Vec<u8> = glyph_of_room.iter().map(|&c| ascii_byte(c)).collect();
        let empty = (rs.empty_glyph, ascii_byte(rs.empty_glyph));
        let rows: Vec<String> = rows_of(&st.cells, st.plan_width, st.plan_height)
            .map(|row| {
                symbol_row(
                    row,
                    |r| match r {
                        NO_ROOM => empty.1,
                        r => byte_of_room[r as usize],
                    },
                    |r| match r {
                        NO_ROOM => empty.0,
                        r => glyph_of_room[r as usize],
                    },
                )
            })
            .collect();
        layers.insert("rooms".to_string(), Layer::Symbols(rows));
        for (i, name) in rs.layers.iter().enumerate() {
            let ids = grid_rows(st, i as u16).map(<[u16]>::to_vec).collect();
            layers.insert(name.clone(), Layer::Ids(ids));
        }
        if let Some(g) = &rs.tile_glyphs {
            if let Some(output) = &g.output {
                let rows = grid_rows(st, g.layer as u16)
                    .map(|row| symbol_row(row, |t| g.byte(t), |t| g.glyph(t)))
                    .collect();
                layers.insert(output.clone(), Layer::Symbols(rows));
            }
        }
        layers
    }

    /// The rooms by name: kind, shape (a shape's name, or one made of the cells), cells and
    /// layout.
    fn rooms_of(&self, st: &State) -> Vec<RoomOut> {
        let rs = self;
        st.rooms
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let cells: Vec<[i32; 2]> =
                    st.cells_of(i as u32).iter().map(|c| c.to_array()).collect();
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
            .collect()
    }

    /// The rule set's interiors with the layouts and shape anchors `rooms` use (none when
    /// the rule set has no pools).
    fn interiors_of(&self, st: &State, rooms: &[RoomOut]) -> Option<Interiors> {
        let rs = self;
        let mut interiors = rs.interiors.clone();
        if let Some(int) = &mut interiors {
            for (room, r) in rooms.iter().zip(&st.rooms) {
                if let Some(l) = r.layout.map(|l| &rs.layouts[l as usize]) {
                    int.layouts
                        .entry(l.name.clone())
                        .or_insert_with(|| LayoutRows {
                            cell: rs.pools[l.pool as usize].cell,
                            rows: l.rows.clone(),
                        });
                }
                if let Some(s) = rs.shapes.iter().find(|s| s.name == room.shape) {
                    if let Some(&c0) = s.cells.first() {
                        int.anchors.insert(room.shape.clone(), c0.to_array());
                    }
                }
            }
        }
        interiors
    }
}

/// The grids' sizes and which grid each layer is on (`rooms`, the symbol layer of the plan,
/// is on the plan; every other layer on the tiles).
fn grids_of(st: &State, layers: &BTreeMap<String, Layer>) -> Grids {
    Grids {
        plan: [st.plan_width, st.plan_height],
        tiles: [st.width, st.height],
        cell: st.cell,
        layers: layers
            .iter()
            .map(|(name, l)| {
                let plan = name == "rooms" && matches!(l, Layer::Symbols(_));
                (
                    name.clone(),
                    if plan { "plan" } else { "tiles" }.to_string(),
                )
            })
            .collect(),
    }
}

/// The rows of tile layer `l` (`st.height` rows of `st.width` ids, top row first).
fn grid_rows(st: &State, l: u16) -> impl Iterator<Item = &[u16]> {
    rows_of(st.layer(l), st.width, st.height)
}

/// The `h` rows of `w` values of a row-major grid, top row first.
fn rows_of<T>(data: &[T], w: i32, h: i32) -> impl Iterator<Item = &[T]> {
    let w = w.max(0) as usize;
    (0..h.max(0) as usize).map(move |y| &data[y * w..(y + 1) * w])
}

/// One row of a symbol layer: the glyph of each value, in order, `byte(v)` being
/// [`ascii_byte`] of `glyph(v)`. Glyphs are nearly always ASCII: one pass writes a byte per
/// cell (without a branch or a capacity check per cell), and when one of them is
/// [`NOT_ASCII`] the row is made again char by char.
fn symbol_row<T: Copy>(row: &[T], byte: impl Fn(T) -> u8, glyph: impl Fn(T) -> char) -> String {
    let mut bytes = vec![0u8; row.len()];
    let mut all = 0;
    for (b, &v) in bytes.iter_mut().zip(row) {
        *b = byte(v);
        all |= *b;
    }
    if all & NOT_ASCII != 0 {
        return row.iter().map(|&v| glyph(v)).collect();
    }
    // ASCII bytes are UTF-8 (the other arm never runs)
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
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
    let (w, h) = (x1 - x0 + 1, y1 - y0 + 1);
    if (1..10).contains(&w) && (1..10).contains(&h) {
        // The common case, without the formatting machinery (this runs once per room).
        let mut name = String::with_capacity(3);
        name.push((b'0' + w as u8) as char);
        name.push('x');
        name.push((b'0' + h as u8) as char);
        return name;
    }
    format!("{w}x{h}")
}

#[cfg(test)]
mod tests {
    use super::{ascii_byte, symbol_row};

    #[test]
    fn symbol_rows_keep_every_glyph_ascii_or_not() {
        let glyph = |v: u8| match v {
            0 => '.',
            1 => '#',
            2 => '·',
            _ => '🜂',
        };
        let row = |r: &[u8]| symbol_row(r, |v| ascii_byte(glyph(v)), glyph);
        assert_eq!(row(&[0u8, 1, 1, 0]), ".##.");
        assert_eq!(row(&[0u8, 2, 1, 3, 0]), ".·#🜂.");
        assert_eq!(row(&[3u8]), "🜂");
        assert_eq!(row(&[]), "");
        // against a char per cell, on rows with and without glyphs outside ASCII
        let mut x = 7u32;
        for n in 0..50 {
            let cells: Vec<u8> = (0..n)
                .map(|_| {
                    x = x.wrapping_mul(1664525).wrapping_add(1013904223);
                    (x >> 16) as u8 % if n % 3 == 0 { 4 } else { 2 }
                })
                .collect();
            let plain: String = cells.iter().map(|&v| glyph(v)).collect();
            assert_eq!(
                symbol_row(&cells, |v| ascii_byte(glyph(v)), glyph),
                plain,
                "{cells:?}"
            );
        }
    }
}
