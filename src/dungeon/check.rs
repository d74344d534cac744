//! [`Dungeon::check`]: a dungeon read from JSON against the contract, and the JSON
//! reader's messages in the contract's words ([`json_words`](crate::dungeon::check::json_words)).

use super::{Dungeon, Layer, FORMAT, MAX_INTERIOR_CELL, MAX_SIDE};

/// A JSON reader's message about a Dungeon or a summary in the contract's words: serde's
/// Rust type names (`expected u64`, `a sequence`) become what they mean.
pub fn json_words(message: &str) -> String {
    let mut m = message.to_string();
    for (rust, words) in [
        ("expected u64", "expected a whole number 0 or more"),
        ("expected u32", "expected a whole number 0 or more"),
        ("expected u16", "expected a whole number 0..=65535"),
        ("expected u8", "expected a whole number 0..=255"),
        ("expected i32", "expected a whole number"),
        ("expected i64", "expected a whole number"),
        ("expected f64", "expected a number"),
        ("expected a char", "expected one character"),
        ("a sequence", "a list"),
        ("invalid type: ", "wrong kind of value: "),
    ] {
        m = m.replace(rust, words);
    }
    m
}

/// `[x, y]` inside a `w × h` grid.
fn inside(c: [i32; 2], (w, h): (i32, i32)) -> bool {
    (0..w).contains(&c[0]) && (0..h).contains(&c[1])
}

fn side(field: &str, v: i32) -> Result<(), String> {
    if (1..=MAX_SIDE).contains(&v) {
        Ok(())
    } else {
        Err(format!(
            "{field}: {v} is not a grid side (1..={MAX_SIDE} cells)"
        ))
    }
}

impl Dungeon {
    /// Check a dungeon read from JSON against the contract, so that every renderer and
    /// exporter can trust it: a known `format`; `width` and `height` (and the tile grid of
    /// `grids`) 1..=[`MAX_SIDE`]; `grids` consistent (`plan` is `width × height`, `tiles` is
    /// `plan` times `cell`, each layer on a known grid); every layer as many rows as its grid
    /// is tall, each row as many cells as it is wide; one character per `symbols` glyph;
    /// rooms numbered in order, their cells and the doors' cells on the room grid, doors
    /// joining rooms that exist; markers on the tile grid; room-pool cells
    /// 1..=[`MAX_INTERIOR_CELL`] tiles a side, and the floor they draw at most
    /// [`MAX_SIDE`]² characters.
    ///
    /// # Errors
    /// The first problem, naming the field (`layers.tiles[3]: 39 cells, the grid is 40
    /// wide`).
    pub fn check(&self) -> Result<(), String> {
        if self.format != FORMAT {
            return Err(format!(
                "format: `{}` is not a format this version reads (`{FORMAT}`)",
                self.format
            ));
        }
        side("width", self.width)?;
        side("height", self.height)?;
        self.check_grids()?;
        self.check_layers()?;
        self.check_rooms_and_marks()?;
        self.check_interiors()
    }

    /// `grids`: `plan` is `width × height`, `tiles` is `plan` times `cell`, layers on a
    /// known grid.
    fn check_grids(&self) -> Result<(), String> {
        if let Some(g) = &self.grids {
            if g.plan != [self.width, self.height] {
                return Err(format!(
                    "grids.plan: {:?} is not [width, height] = [{}, {}]",
                    g.plan, self.width, self.height
                ));
            }
            side("grids.cell[0]", g.cell[0])?;
            side("grids.cell[1]", g.cell[1])?;
            let want = [
                i64::from(self.width) * i64::from(g.cell[0]),
                i64::from(self.height) * i64::from(g.cell[1]),
            ];
            if [i64::from(g.tiles[0]), i64::from(g.tiles[1])] != want {
                return Err(format!(
                    "grids.tiles: {:?} is not grids.plan times grids.cell = {want:?}",
                    g.tiles
                ));
            }
            side("grids.tiles[0]", g.tiles[0])?;
            side("grids.tiles[1]", g.tiles[1])?;
            for (layer, grid) in &g.layers {
                if grid != "plan" && grid != "tiles" {
                    return Err(format!(
                        "grids.layers.{layer}: `{grid}` is not a grid (`plan` or `tiles`)"
                    ));
                }
            }
        }
        Ok(())
    }

    /// Every layer as many rows as its grid is tall, each row as wide as the grid; glyphs
    /// of one character.
    fn check_layers(&self) -> Result<(), String> {
        let plan = (self.width, self.height);
        let tiles = self.tile_size();
        for (name, layer) in &self.layers {
            let on_plan = self
                .grids
                .as_ref()
                .is_some_and(|g| g.layers.get(name).is_some_and(|x| x == "plan"));
            let (w, h) = if on_plan { plan } else { tiles };
            let lengths: Vec<usize> = match layer {
                Layer::Symbols(rows) => rows.iter().map(|r| r.chars().count()).collect(),
                Layer::Ids(rows) => rows.iter().map(Vec::len).collect(),
            };
            if lengths.len() != h as usize {
                return Err(format!(
                    "layers.{name}: {} rows, the grid is {h} tall",
                    lengths.len()
                ));
            }
            if let Some((y, n)) = lengths.iter().enumerate().find(|(_, &n)| n != w as usize) {
                return Err(format!(
                    "layers.{name}[{y}]: {n} cells, the grid is {w} wide"
                ));
            }
        }
        if let Some(g) = self.symbols.keys().find(|g| g.chars().count() != 1) {
            return Err(format!("symbols: `{g}` is not one character"));
        }
        Ok(())
    }

    /// Rooms numbered in order with cells on the room grid; doors between rooms that exist,
    /// on the room grid; markers on the tile grid.
    fn check_rooms_and_marks(&self) -> Result<(), String> {
        let plan = (self.width, self.height);
        let tiles = self.tile_size();
        for (i, r) in self.rooms.iter().enumerate() {
            if r.id as usize != i {
                return Err(format!(
                    "rooms[{i}].id: {} (a room's id is its place in `rooms`, {i})",
                    r.id
                ));
            }
            if let Some((j, c)) = r.cells.iter().enumerate().find(|(_, c)| !inside(**c, plan)) {
                return Err(format!(
                    "rooms[{i}].cells[{j}]: {c:?} is outside the {}x{} grid",
                    plan.0, plan.1
                ));
            }
        }
        for (i, d) in self.doors.iter().enumerate() {
            if let Some(r) = d.rooms.iter().find(|r| **r as usize >= self.rooms.len()) {
                return Err(format!(
                    "doors[{i}].rooms: room {r} does not exist ({} rooms)",
                    self.rooms.len()
                ));
            }
            if let Some(c) = d.cells.iter().find(|c| !inside(**c, plan)) {
                return Err(format!(
                    "doors[{i}].cells: {c:?} is outside the {}x{} grid",
                    plan.0, plan.1
                ));
            }
        }
        for (name, c) in &self.markers {
            if !inside(*c, tiles) {
                return Err(format!(
                    "markers.{name}: {c:?} is outside the {}x{} grid",
                    tiles.0, tiles.1
                ));
            }
        }
        Ok(())
    }

    /// Room-pool cells within their limit, and the floor they draw too.
    fn check_interiors(&self) -> Result<(), String> {
        if let Some(int) = &self.interiors {
            let cells = std::iter::once(("interiors.cell".to_string(), int.cell)).chain(
                int.layouts
                    .iter()
                    .map(|(n, l)| (format!("interiors.layouts.{n}.cell"), l.cell)),
            );
            for (field, c) in cells {
                if !c.iter().all(|v| (1..=MAX_INTERIOR_CELL).contains(v)) {
                    return Err(format!(
                        "{field}: {c:?} is not a cell size (1..={MAX_INTERIOR_CELL} tiles a side)"
                    ));
                }
                // the floor with interiors draws every cell as a block plus a wall
                let chars = (i64::from(self.width) * i64::from(c[0] + 1) + 1)
                    * (i64::from(self.height) * i64::from(c[1] + 1) + 1);
                if chars > i64::from(MAX_SIDE) * i64::from(MAX_SIDE) {
                    return Err(format!(
                        "{field}: {c:?} tiles a cell make a {}x{} grid too large to draw",
                        self.width, self.height
                    ));
                }
            }
        }
        Ok(())
    }
}
