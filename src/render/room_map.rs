//! The PNG of a room graph: each cell a block of [`CELL_W`]x[`CELL_H`] pixels (larger with
//! room interiors) in its room kind's colour, cells of one room joined, doors as bars across
//! the gap between two rooms, the kind's glyph in the room; rooms with a layout from a room
//! pool show its tiles, one colour per interior glyph (`.` is the room's floor); markers; a
//! legend of kinds, interior tiles and markers drawn as the map draws them.

use super::canvas::{canvas, marker_entries, markers, CELL_H, CELL_W, MARGIN};
use super::legend::{self, Entry, Symbol};
use super::{colour, font};
use crate::dungeon::{Dungeon, RoomOut};
use image::RgbImage;

/// Pixels a side of an interior tile.
const INTERIOR_TILE: u32 = 4;
/// The gap between a room's cells and the next room, in pixels.
const GAP: u32 = 5;

/// Pixels per room cell: [`CELL_W`]x[`CELL_H`], or, when rooms have interiors, enough for
/// their layouts' tiles at 4 pixels (`INTERIOR_TILE`) each inside the gaps.
pub fn cell_px(d: &Dungeon) -> (u32, u32) {
    match Interiors::of(d).cell {
        Some([cw, ch]) => (
            CELL_W.max(cw * INTERIOR_TILE + 2 * GAP + 4),
            CELL_H.max(ch * INTERIOR_TILE + 2 * GAP + 4),
        ),
        None => (CELL_W, CELL_H),
    }
}

/// What drawing the interiors of `d` needs: the layout cell size and a colour per interior
/// glyph.
struct Interiors {
    /// Tiles per cell of the first room layout, if a room has one.
    cell: Option<[u32; 2]>,
    /// (glyph, meaning, colour) of every interior glyph but the floor `.`, in legend order.
    glyphs: Vec<(char, String, [u8; 3])>,
}

impl Interiors {
    fn of(d: &Dungeon) -> Interiors {
        let int = d.interiors.as_ref();
        let cell = d
            .rooms
            .iter()
            .filter_map(|r| int?.layouts.get(r.layout.as_deref()?))
            .map(|l| [l.cell[0].max(1) as u32, l.cell[1].max(1) as u32])
            .next();
        let glyphs = int
            .iter()
            .flat_map(|i| &i.legend)
            .filter(|(g, _)| *g != '.')
            .enumerate()
            .map(|(i, (g, m))| (*g, m.clone(), colour::interior(i)))
            .collect();
        Interiors { cell, glyphs }
    }

    /// Legend entries of the interior glyphs some room's layout draws.
    fn entries(&self) -> Vec<Entry> {
        if self.cell.is_none() {
            return Vec::new();
        }
        self.glyphs
            .iter()
            .map(|(g, m, c)| Entry {
                symbol: Symbol::Fill(*c),
                label: format!("{g} {m}"),
            })
            .collect()
    }

    /// The tiles of `room`'s layout over each of its cells: per cell (its grid position), the
    /// layout's `lw × lh` tiles row-major, each the colour of its interior glyph or `None`
    /// (the room's floor `.`, or a glyph without a colour); `None` when the room has no
    /// layout.
    fn cell_tiles(&self, d: &Dungeon, room: &RoomOut) -> Option<InteriorCells> {
        let int = d.interiors.as_ref()?;
        let layout = int.layouts.get(room.layout.as_deref()?)?;
        let [lw, lh] = [layout.cell[0].max(1), layout.cell[1].max(1)];
        let anchor = int.anchors.get(&room.shape);
        let first = room.cells.first().copied().unwrap_or([0, 0]);
        let room_origin = match anchor {
            Some(a) => [first[0] - a[0], first[1] - a[1]],
            None => [
                room.cells.iter().map(|c| c[0]).min().unwrap_or(0),
                room.cells.iter().map(|c| c[1]).min().unwrap_or(0),
            ],
        };
        let mut out = Vec::new();
        for &[x, y] in &room.cells {
            let (lx, ly) = ((x - room_origin[0]).max(0), (y - room_origin[1]).max(0));
            let mut tiles = vec![None; (lw * lh) as usize];
            for ty in 0..lh {
                let Some(row) = layout.rows.get((ly * lh + ty) as usize) else {
                    continue;
                };
                for (tx, g) in row
                    .chars()
                    .skip((lx * lw) as usize)
                    .take(lw as usize)
                    .enumerate()
                {
                    if let Some((_, _, c)) = self.glyphs.iter().find(|(x, _, _)| *x == g) {
                        tiles[(ty * lw) as usize + tx] = Some(*c);
                    }
                }
            }
            out.push(([x, y], tiles));
        }
        Some(([lw as u32, lh as u32], out))
    }

    /// Draw `room`'s layout over its cells (cells `cell` pixels from `origin`, the tiles
    /// centred in each); false when it has none.
    fn draw(
        &self,
        img: &mut RgbImage,
        d: &Dungeon,
        room: &RoomOut,
        origin: (u32, u32),
        cell: (u32, u32),
    ) -> bool {
        let Some(([lw, lh], cells)) = self.cell_tiles(d, room) else {
            return false;
        };
        let t = INTERIOR_TILE;
        for ([x, y], tiles) in cells {
            let px = origin.0 + x.max(0) as u32 * cell.0 + (cell.0 - lw * t) / 2;
            let py = origin.1 + y.max(0) as u32 * cell.1 + (cell.1 - lh * t) / 2;
            for (i, c) in tiles.iter().enumerate() {
                if let Some(c) = c {
                    let (tx, ty) = (i as u32 % lw, i as u32 / lw);
                    legend::rect(img, px + tx * t, py + ty * t, t, t, *c);
                }
            }
        }
        true
    }
}

/// A room's layout tiles per cell (`Interiors::cell_tiles`): the tiles a cell, `[w, h]`,
/// and per cell its grid position and its tiles' colours, row-major.
pub type InteriorCells = ([u32; 2], Vec<([i32; 2], Vec<Option<[u8; 3]>>)>);

/// The layout tiles of every room of `d` that has one, in room order: the room's index and
/// its [`InteriorCells`], as the room map draws them (the browser preview draws the same).
pub fn interior_cells(d: &Dungeon) -> Vec<(usize, InteriorCells)> {
    let int = Interiors::of(d);
    d.rooms
        .iter()
        .enumerate()
        .filter_map(|(i, r)| Some((i, int.cell_tiles(d, r)?)))
        .collect()
}

/// The legend of a room map: the room kinds present (with their counts), the interior tiles
/// some room's layout draws, and the markers.
pub fn entries(d: &Dungeon) -> Vec<Entry> {
    let mut entries = Vec::new();
    for k in &d.palette.kinds {
        let n = d.rooms.iter().filter(|r| r.kind == k.name).count();
        if n > 0 {
            let label = if n > 1 {
                format!("{} x{n}", k.name)
            } else {
                k.name.clone()
            };
            let c = colour::kind(&d.palette, &k.name);
            entries.push(Entry {
                symbol: Symbol::Glyph(c, k.glyph),
                label,
            });
        }
    }
    entries.extend(Interiors::of(d).entries());
    entries.extend(marker_entries(d));
    entries
}

/// One room cell at `(px, py)`: the room's colour, darker at its edges, inset by [`GAP`] on
/// the sides where the room `ends`: left, right, top, bottom.
fn room_cell(
    img: &mut RgbImage,
    (px, py): (u32, u32),
    (cell_w, cell_h): (u32, u32),
    ends: [bool; 4],
    c: [u8; 3],
) {
    let [l, rt, t, b] = ends.map(|e| if e { GAP } else { 0 });
    legend::rect(
        img,
        px + l,
        py + t,
        cell_w - l - rt,
        cell_h - t - b,
        colour::darker(c),
    );
    let (l2, r2, t2, b2) = (
        l + 2 * (l > 0) as u32,
        rt + 2 * (rt > 0) as u32,
        t + 2 * (t > 0) as u32,
        b + 2 * (b > 0) as u32,
    );
    legend::rect(img, px + l2, py + t2, cell_w - l2 - r2, cell_h - t2 - b2, c);
}

/// Every door: a light bar across the edge between its two cells.
fn doors(img: &mut RgbImage, d: &Dungeon, top: u32, (cell_w, cell_h): (u32, u32)) {
    let gap = GAP;
    for door in &d.doors {
        let [[ax, ay], [bx, by]] = door.cells;
        let (cx, cy) = (
            MARGIN as i32 + (ax + bx) * cell_w as i32 / 2 + cell_w as i32 / 2,
            top as i32 + (ay + by) * cell_h as i32 / 2 + cell_h as i32 / 2,
        );
        let (dw, dh) = if ay == by {
            (2 * gap + 6, 12)
        } else {
            (12, 2 * gap + 6)
        };
        let (x0, y0) = (
            (cx - dw as i32 / 2).max(0) as u32,
            (cy - dh as i32 / 2).max(0) as u32,
        );
        legend::rect(img, x0, y0, dw, dh, [16, 16, 20]);
        legend::rect(img, x0 + 2, y0 + 2, dw - 4, dh - 4, [200, 190, 170]);
    }
}

pub(super) fn rooms(d: &Dungeon) -> RgbImage {
    let (w, h) = (d.width.max(0) as u32, d.height.max(0) as u32);
    let owner = super::ascii::room_owners(d);
    let entries = entries(d);
    let interiors = Interiors::of(d);
    let (cell_w, cell_h) = cell_px(d);
    let (mut img, top) = canvas(d, w * cell_w, h * cell_h, &entries);
    let at = |x: u32, y: u32| owner.get((y * w + x) as usize).copied().flatten();
    let gap = GAP;
    for y in 0..h {
        for x in 0..w {
            let (px, py) = (MARGIN + x * cell_w, top + y * cell_h);
            let Some(r) = at(x, y) else {
                legend::rect(
                    &mut img,
                    px + gap + 8,
                    py + gap + 8,
                    cell_w - 2 * gap - 16,
                    cell_h - 2 * gap - 16,
                    colour::EMPTY,
                );
                continue;
            };
            let same = |dx: i32, dy: i32| {
                let (nx, ny) = (x as i32 + dx, y as i32 + dy);
                nx >= 0
                    && ny >= 0
                    && (nx as u32) < w
                    && (ny as u32) < h
                    && at(nx as u32, ny as u32) == Some(r)
            };
            let c = colour::kind(&d.palette, &d.rooms[r].kind);
            // the gap on each side (left, right, top, bottom) where the room ends there
            let ends = [(-1, 0), (1, 0), (0, -1), (0, 1)].map(|(dx, dy)| !same(dx, dy));
            room_cell(&mut img, (px, py), (cell_w, cell_h), ends, c);
        }
    }
    doors(&mut img, d, top, (cell_w, cell_h));
    for room in &d.rooms {
        let Some(&[x, y]) = room.cells.first() else {
            continue;
        };
        let glyph = d.palette.kind(&room.kind).map_or('#', |k| k.glyph);
        let c = colour::kind(&d.palette, &room.kind);
        let (px, py) = (MARGIN + x as u32 * cell_w, top + y as u32 * cell_h);
        if interiors.draw(&mut img, d, room, (MARGIN, top), (cell_w, cell_h)) {
            // over an interior: the legend's swatch, in the room's top-left corner
            legend::swatch(
                &mut img,
                px + gap + 2,
                py + gap + 2,
                &Symbol::Glyph(c, glyph),
            );
            continue;
        }
        // The glyph at twice the text size (12x20 pixels) in the middle of the cell.
        let (glyph, face) = (glyph.to_string(), font::Face::Text);
        let (gw, gh) = (face.width(&glyph) * 2, face.height() * 2);
        let px = px + (cell_w - gw) / 2;
        let py = py + (cell_h - gh) / 2;
        font::draw(&mut img, (px, py), &glyph, face, 2, colour::ink_on(c), None);
    }
    markers(&mut img, d, top, cell_w, cell_h, (d.width, d.height));
    legend::draw(&mut img, top + h * cell_h + MARGIN, MARGIN, &entries);
    img
}
