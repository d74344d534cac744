//! ASCII rendering of a whole floor with every room's interior drawn from its layout: each
//! grid cell becomes a block of the pool's cell size (tiles per cell, from the room pool of
//! the rule set: of the first room with a layout, else of the first pool), cells are separated
//! by one-tile walls (`█`), a door is an opening in the wall, the seams inside a multi-cell
//! room are floor, and each room's kind glyph marks the wall corner above-left of its first
//! cell (a kind whose glyph a pool tile also draws takes another, see `kind_glyphs`, so no
//! glyph has two meanings). Rooms without a layout are drawn as plain floor. A legend lists
//! the pool glyphs and the kinds' glyphs.
//! Everything comes from the dungeon ([`Dungeon::interiors`], [`Dungeon::palette`]); a
//! dungeon whose rule set has no room pools is drawn one tile per cell.

use crate::dungeon::Dungeon;
use std::fmt::Write;

const WALL: char = '█';
const FLOOR: char = '.';

/// Draw `d` with room interiors. The cell size is that of the first room's layout that has
/// one, else the rule set's first pool's (one tile without pools).
pub fn floor_with_interiors(d: &Dungeon) -> String {
    let int = d.interiors.as_ref();
    let find_layout = |name: &str| int.and_then(|i| i.layouts.get(name));
    let cell = d
        .rooms
        .iter()
        .filter_map(|r| r.layout.as_deref().and_then(find_layout))
        .map(|l| l.cell)
        .next()
        .or(int.map(|i| i.cell))
        .unwrap_or([1, 1]);
    // Only the bounding box of the rooms is drawn.
    let all = d.rooms.iter().flat_map(|r| r.cells.iter());
    let lo = all
        .clone()
        .fold([i32::MAX; 2], |a, c| [a[0].min(c[0]), a[1].min(c[1])]);
    let hi = all.fold([i32::MIN; 2], |a, c| [a[0].max(c[0]), a[1].max(c[1])]);
    if lo[0] > hi[0] {
        return format!("{}  seed {}: no rooms\n", d.ruleset, d.seed);
    }
    let mut canvas = Canvas::new(cell, lo, hi);
    let kind_glyphs = kind_glyphs(d);
    // Kind glyphs at each room's first wall corner, drawn last.
    let mut corners: Vec<(usize, usize, char)> = Vec::new();
    for room in &d.rooms {
        let glyph = kind_glyphs
            .iter()
            .find(|(k, _)| *k == room.kind)
            .map_or('#', |&(_, g)| g);
        if let Some(corner) = canvas.room(d, room) {
            corners.push((corner.0, corner.1, glyph));
        }
        canvas.seams(room);
    }
    for door in &d.doors {
        canvas.door(door.cells);
    }
    for &(y, x, g) in &corners {
        canvas.tiles[y][x] = g;
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}  seed {}  attempts {}",
        d.ruleset, d.seed, d.attempts
    );
    for row in &canvas.tiles {
        let line: String = row.iter().collect();
        let _ = writeln!(out, "{}", line.trim_end());
    }
    out + &legend(d, &kind_glyphs)
}

/// The picture being drawn: the bounding box of the rooms, `w × h` grid cells from `lo`,
/// each a block of `cw × ch` tiles with a one-tile wall between blocks.
struct Canvas {
    tiles: Vec<Vec<char>>,
    cw: usize,
    ch: usize,
    lo: [i32; 2],
    w: usize,
    h: usize,
}

impl Canvas {
    /// A blank picture of the grid cells `lo..=hi`, `cell` tiles a cell.
    fn new(cell: [i32; 2], lo: [i32; 2], hi: [i32; 2]) -> Canvas {
        let [cw, ch] = [cell[0].max(1) as usize, cell[1].max(1) as usize];
        let (w, h) = ((hi[0] - lo[0] + 1) as usize, (hi[1] - lo[1] + 1) as usize);
        let (cols, rows) = (w * (cw + 1) + 1, h * (ch + 1) + 1);
        Canvas {
            tiles: vec![vec![' '; cols]; rows],
            cw,
            ch,
            lo,
            w,
            h,
        }
    }

    /// The picture's tile at the top-left of grid cell `(gx, gy)` of the box.
    fn at(&self, gx: usize, gy: usize) -> (usize, usize) {
        (gx * (self.cw + 1) + 1, gy * (self.ch + 1) + 1)
    }

    /// Grid cell `c` in the box's coordinates.
    fn local(&self, c: [i32; 2]) -> [i32; 2] {
        [c[0] - self.lo[0], c[1] - self.lo[1]]
    }

    /// Draw each cell of `room`: walls around its block and its layout's tiles inside (floor
    /// without a layout), the layout placed by the shape's anchor. The wall corner
    /// above-left of its first cell, where its kind's glyph goes (none when that cell is
    /// outside the box).
    fn room(&mut self, d: &Dungeon, room: &crate::dungeon::RoomOut) -> Option<(usize, usize)> {
        let int = d.interiors.as_ref();
        let layout = room
            .layout
            .as_deref()
            .and_then(|name| int.and_then(|i| i.layouts.get(name)));
        let anchor = int.and_then(|i| i.anchors.get(&room.shape));
        let origin = match (anchor, room.cells.first()) {
            (Some(a), Some(c0)) => [c0[0] - a[0], c0[1] - a[1]],
            _ => [
                room.cells.iter().map(|c| c[0]).min().unwrap_or(0),
                room.cells.iter().map(|c| c[1]).min().unwrap_or(0),
            ],
        };
        let (cw, ch) = (self.cw, self.ch);
        let mut corner = None;
        for (i, &c) in room.cells.iter().enumerate() {
            let [gx, gy] = self.local(c);
            if gx < 0 || gy < 0 || gx as usize >= self.w || gy as usize >= self.h {
                continue;
            }
            let (x0, y0) = self.at(gx as usize, gy as usize);
            // Walls around the block (doors and seams are opened later).
            self.tiles[y0 - 1][x0 - 1..=x0 + cw].fill(WALL);
            self.tiles[y0 + ch][x0 - 1..=x0 + cw].fill(WALL);
            for row in self.tiles.iter_mut().take(y0 + ch + 1).skip(y0 - 1) {
                row[x0 - 1] = WALL;
                row[x0 + cw] = WALL;
            }
            let (lx, ly) = (
                (c[0] - origin[0]).max(0) as usize,
                (c[1] - origin[1]).max(0) as usize,
            );
            for ty in 0..ch {
                for tx in 0..cw {
                    let c = layout
                        .and_then(|l| l.rows.get(ly * ch + ty))
                        .and_then(|r| r.chars().nth(lx * cw + tx))
                        .unwrap_or(FLOOR);
                    self.tiles[y0 + ty][x0 + tx] = c;
                }
            }
            if i == 0 {
                corner = Some((y0 - 1, x0 - 1));
            }
        }
        corner
    }

    /// Open the walls between cells of the same room (and the corner between four).
    fn seams(&mut self, room: &crate::dungeon::RoomOut) {
        let (cw, ch, lo) = (self.cw, self.ch, self.lo);
        for &c in &room.cells {
            let [gx, gy] = self.local(c);
            let (x0, y0) = self.at(gx as usize, gy as usize);
            let own = |x: i32, y: i32| room.cells.contains(&[x + lo[0], y + lo[1]]);
            if own(gx + 1, gy) {
                for ty in 0..ch {
                    self.tiles[y0 + ty][x0 + cw] = FLOOR;
                }
            }
            if own(gx, gy + 1) {
                for tx in 0..cw {
                    self.tiles[y0 + ch][x0 + tx] = FLOOR;
                }
            }
            if own(gx + 1, gy) && own(gx, gy + 1) && own(gx + 1, gy + 1) {
                self.tiles[y0 + ch][x0 + cw] = FLOOR;
            }
        }
    }

    /// Open the wall between the door's two cells, in the middle of their shared side.
    fn door(&mut self, cells: [[i32; 2]; 2]) {
        let [a, b] = [self.local(cells[0]), self.local(cells[1])];
        let ([x, y], [bx, by]) = if (a[1], a[0]) <= (b[1], b[0]) {
            (a, b)
        } else {
            (b, a)
        };
        if x < 0 || y < 0 || x as usize >= self.w || y as usize >= self.h {
            return;
        }
        let (x0, y0) = self.at(x as usize, y as usize);
        if bx == x + 1 && by == y {
            self.tiles[y0 + self.ch / 2][x0 + self.cw] = FLOOR;
        } else if by == y + 1 && bx == x {
            self.tiles[y0 + self.ch][x0 + self.cw / 2] = FLOOR;
        }
    }
}

/// The legend: the wall and the pools' glyphs, then the glyph of each room kind drawn.
fn legend(d: &Dungeon, kind_glyphs: &[(String, char)]) -> String {
    let mut legend: Vec<String> = vec![format!("{WALL} wall")];
    for (glyph, meaning) in d.interiors.iter().flat_map(|i| &i.legend) {
        let item = format!("{glyph} {meaning}");
        if !legend.contains(&item) {
            legend.push(item);
        }
    }
    let kinds: Vec<String> = kind_glyphs
        .iter()
        .filter(|(k, _)| d.rooms.iter().any(|r| r.kind == *k))
        .map(|(k, g)| format!("{g} {k}"))
        .collect();
    format!(
        "tiles: {}\nrooms (in the wall corner above-left of each room): {}\n",
        legend.join("  "),
        kinds.join("  ")
    )
}

/// Each room kind's glyph in this picture: its own, unless a tile of the pools (or the wall
/// or floor) or an earlier kind already draws it; then the first letter of its name (upper,
/// then lower case), then a digit, that nothing else draws. So no glyph has two meanings.
fn kind_glyphs(d: &Dungeon) -> Vec<(String, char)> {
    let mut taken: Vec<char> = vec![WALL, FLOOR, ' '];
    taken.extend(
        d.interiors
            .iter()
            .flat_map(|i| i.legend.iter().map(|(g, _)| *g)),
    );
    let mut out = Vec::new();
    for k in &d.palette.kinds {
        let letters = k.name.chars().filter(char::is_ascii_alphabetic);
        let g = std::iter::once(k.glyph)
            .chain(letters.clone().map(|c| c.to_ascii_uppercase()))
            .chain(letters.map(|c| c.to_ascii_lowercase()))
            .chain('1'..='9')
            .find(|c| !taken.contains(c))
            .unwrap_or('?');
        taken.push(g);
        out.push((k.name.clone(), g));
    }
    out
}
