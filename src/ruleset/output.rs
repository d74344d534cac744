//! From a finished run to the output model: [`RuleSet::to_dungeon`] turns a [`State`] into a
//! [`Dungeon`] (names for indices, symbol layers for the room plan and tile classes), and
//! `prepare_drawing` fills in, once per rule set, what the Dungeon carries for the renderers
//! (palette, parameter defaults, interiors). The rule set's module calls these as methods
//! and names nothing of this one.

use super::glyphs::ascii_byte;
use super::RuleSet;
use crate::dungeon::{
    DoorOut, Dungeon, Interiors, Layer, LayoutRows, Palette, RoomOut, Swatch, Tally, TileClasses,
    FORMAT,
};
use crate::engine::point::Point;
use crate::engine::state::{State, NO_ROOM};
use crate::engine::value::Value;
use std::collections::BTreeMap;
use std::sync::Arc;

mod write;

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

    /// [`RuleSet::to_dungeon`] of a finished run, keeping its scratch for the next run and
    /// writing into the buffers of a dungeon given back ([`RuleSet::recycle`]) if there is
    /// one.
    pub fn finish(&self, mut st: State, seed: u64, values: &[Value], attempts: u32) -> Dungeon {
        let spare = self.spares.take().unwrap_or_else(|| self.blank());
        let d = self.to_dungeon_into(&st, seed, values, attempts, spare);
        self.scratch.give(std::mem::take(&mut st.scratch));
        d
    }

    /// Give back a dungeon this rule set made, once done with it: the next run's output
    /// ([`RuleSet::finish`], on any thread) is written into its buffers instead of new
    /// ones (a batch that measures and drops each dungeon allocates nothing for the next).
    /// The output is the same either way.
    pub fn recycle(&self, d: Dungeon) {
        self.spares.give(d);
    }

    /// The output of a finished run: `st` after the steps, the `seed` and parameter `values`
    /// it ran with (from [`RuleSet::resolve_params`]) and its number of restarts.
    pub fn to_dungeon(&self, st: &State, seed: u64, values: &[Value], attempts: u32) -> Dungeon {
        self.to_dungeon_into(st, seed, values, attempts, self.blank())
    }

    /// A dungeon with nothing in it (no buffer allocated), to write an output into.
    fn blank(&self) -> Dungeon {
        Dungeon {
            format: String::new(),
            ruleset: String::new(),
            seed: 0,
            params: BTreeMap::new(),
            attempts: 0,
            width: 0,
            height: 0,
            symbols: self.symbols.clone(),
            layers: BTreeMap::new(),
            rooms: Vec::new(),
            doors: Vec::new(),
            markers: BTreeMap::new(),
            palette: self.palette.clone(),
            defaults: self.defaults.clone(),
            interiors: None,
            tallies: Vec::new(),
            grids: None,
        }
    }

    /// [`RuleSet::to_dungeon`] written over `d` (any dungeon: every field is replaced),
    /// reusing its buffers.
    fn to_dungeon_into(
        &self,
        st: &State,
        seed: u64,
        values: &[Value],
        attempts: u32,
        mut d: Dungeon,
    ) -> Dungeon {
        let rs = self;
        // written in the order the fields were first built in: the order of the allocations
        // (when `d` has no buffers yet) moves the allocator's work (2,700 instructions a
        // dungeon on a 13x13 room grid, callgrind)
        rs.write_params(values, &mut d.params);
        rs.write_layers(st, &mut d.layers);
        rs.write_rooms(st, &mut d.rooms);
        d.doors.clear();
        d.doors.extend(st.doors.iter().map(|d| DoorOut {
            rooms: d.rooms,
            cells: d.cells.map(Point::to_array),
        }));
        rs.write_markers(st, &mut d.markers);
        d.interiors = rs.interiors_of(st, &d.rooms);
        write::grids(st, &d.layers, &mut d.grids);
        write::text(&mut d.format, FORMAT);
        write::text(&mut d.ruleset, &rs.name);
        (d.seed, d.attempts) = (seed, attempts);
        (d.width, d.height) = (st.plan_width, st.plan_height);
        d.symbols.clone_from(&rs.symbols);
        d.palette.clone_from(&rs.palette);
        d.defaults.clone_from(&rs.defaults);
        let tallies = rs.tallies.iter().zip(&st.tallies).filter(|(_, &n)| n > 0);
        write::list(
            &mut d.tallies,
            tallies,
            |t, ((kind, reason), &count)| {
                write::text(&mut t.kind, kind);
                write::text(&mut t.reason, reason);
                t.count = count;
            },
            || Tally {
                kind: String::new(),
                reason: String::new(),
                count: 0,
            },
        );
        d
    }

    /// Write the parameter values by name, as JSON (whole numbers for `Int` parameters).
    fn write_params(&self, values: &[Value], out: &mut BTreeMap<String, serde_json::Value>) {
        let json = |p: &super::ParamInfo, v: &Value| match (&p.kind, v) {
            (super::ParamKind::Int { .. }, Value::Num(n)) => serde_json::json!(*n as i64),
            (_, Value::Num(n)) => serde_json::json!(n),
            (_, Value::Bool(b)) => serde_json::json!(b),
            _ => serde_json::Value::Null,
        };
        // the same names as last time: the values written in place, the map's entries (in
        // name order) walked beside the parameters in name order
        let order = &self.params_by_name;
        if out.len() == self.params.len()
            && order.len() == self.params.len()
            && values.len() >= self.params.len()
            && out.iter_mut().zip(order).all(|((name, slot), &i)| {
                let same = *name == self.params[i].name;
                if same {
                    *slot = json(&self.params[i], &values[i]);
                }
                same
            })
        {
            return;
        }
        *out = self
            .params
            .iter()
            .zip(values)
            .map(|(p, v)| (p.name.clone(), json(p, v)))
            .collect();
    }

    /// Write the layers: `rooms` (the room plan, a kind's glyph per cell), every tile layer,
    /// and the tile-class symbols when the glyphs name an output layer (a later one of the
    /// same name replacing an earlier one).
    fn write_layers(&self, st: &State, layers: &mut BTreeMap<String, Layer>) {
        let rs = self;
        let output = rs.tile_glyphs.as_ref().and_then(|g| g.output.as_ref());
        layers.retain(|k, _| k == "rooms" || rs.layers.contains(k) || output == Some(k));
        // Rows are written from the flat grids a row slice at a time (this runs once per
        // dungeon, for every cell of every layer: per-cell bounds checks showed up).
        let glyph_of_room: Vec<char> = st
            .rooms
            .iter()
            .map(|r| rs.kinds[r.kind as usize].glyph)
            .collect();
        let byte_of_room: Vec<u8> = glyph_of_room.iter().map(|&c| ascii_byte(c)).collect();
        let empty = (rs.empty_glyph, ascii_byte(rs.empty_glyph));
        write::symbol_rows(
            write::slot(layers, "rooms"),
            rows_of(&st.cells, st.plan_width, st.plan_height),
            |r| match r {
                NO_ROOM => empty.1,
                r => byte_of_room[r as usize],
            },
            |r| match r {
                NO_ROOM => empty.0,
                r => glyph_of_room[r as usize],
            },
        );
        for (i, name) in rs.layers.iter().enumerate() {
            write::id_rows(write::slot(layers, name), grid_rows(st, i as u16));
        }
        if let (Some(g), Some(output)) = (&rs.tile_glyphs, output) {
            write::symbol_rows(
                write::slot(layers, output),
                grid_rows(st, g.layer as u16),
                |t| g.byte(t),
                |t| g.glyph(t),
            );
        }
    }

    /// Write the rooms by name: kind, shape (a shape's name, or one made of the cells),
    /// cells and layout.
    fn write_rooms(&self, st: &State, out: &mut Vec<RoomOut>) {
        let rs = self;
        let blank = || RoomOut {
            id: 0,
            kind: String::new(),
            cells: Vec::new(),
            shape: String::new(),
            layout: None,
        };
        let rooms = st.rooms.iter().enumerate();
        write::list(
            out,
            rooms,
            |o, (i, r)| {
                o.id = i as u32;
                o.cells.clear();
                o.cells
                    .extend(st.cells_of(i as u32).iter().map(|c| c.to_array()));
                write::text(&mut o.kind, &rs.kinds[r.kind as usize].name);
                match r.shape {
                    Some(s) => write::text(&mut o.shape, &rs.shapes[s as usize].name),
                    None => shape_name(&o.cells, &mut o.shape),
                }
                let layout = r.layout.map(|l| &rs.layouts[l as usize].name);
                write::optional_text(&mut o.layout, layout.map(String::as_str));
            },
            blank,
        );
    }

    /// Write the markers that are set, by name.
    fn write_markers(&self, st: &State, out: &mut BTreeMap<String, [i32; 2]>) {
        let set = |name: &str| {
            let i = self.markers.iter().position(|n| n == name);
            i.is_some_and(|i| st.markers[i].is_some())
        };
        out.retain(|k, _| set(k));
        for (i, n) in self.markers.iter().enumerate() {
            if let Some(p) = st.markers[i] {
                match out.get_mut(n) {
                    Some(at) => *at = p.to_array(),
                    None => {
                        out.insert(n.clone(), p.to_array());
                    }
                }
            }
        }
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

/// The rows of tile layer `l` (`st.height` rows of `st.width` ids, top row first).
fn grid_rows(st: &State, l: u16) -> impl Iterator<Item = &[u16]> {
    rows_of(st.layer(l), st.width, st.height)
}

/// The `h` rows of `w` values of a row-major grid, top row first.
fn rows_of<T>(data: &[T], w: i32, h: i32) -> impl Iterator<Item = &[T]> {
    let w = w.max(0) as usize;
    (0..h.max(0) as usize).map(move |y| &data[y * w..(y + 1) * w])
}

/// Write `WxH` of the cells' bounding box ("1x1", "2x2", ...) into `out`.
fn shape_name(cells: &[[i32; 2]], out: &mut String) {
    out.clear();
    if cells.is_empty() {
        out.push_str("0x0");
        return;
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
        out.reserve_exact(3);
        out.push((b'0' + w as u8) as char);
        out.push('x');
        out.push((b'0' + h as u8) as char);
        return;
    }
    use std::fmt::Write;
    let _ = write!(out, "{w}x{h}");
}
