//! Room outlines over the tiles of a mixed style (a room grid of several tiles per cell), as
//! glyphs: shared by the ASCII renderer and the terminal preview (the PNG draws its own
//! lines, in pixels).

use crate::dungeon::{parse_colour, Dungeon};
use std::collections::HashMap;

/// Tile `(x, y)` → (glyph, colour) of the outlines. For a style whose room cells are blocks of several tiles: the outline of every room drawn
/// over the rock (`other`-class) tiles on the edge of its blocks that border another room or
/// nothing: `─` and `│` on the sides, `┼` at corners, in the room kind's colour. Floor,
/// doors and other tiles stay visible, so a door's opening shows as a gap in the outline.
pub fn outlines(d: &Dungeon) -> HashMap<[i32; 2], (char, Option<[u8; 3]>)> {
    let mut out = HashMap::new();
    let (cw, ch) = d.cell_size();
    if (cw, ch) == (1, 1) {
        return out;
    }
    let Some((g, class)) = d.tile_classes() else {
        return out;
    };
    // The class of unlisted tiles (rock, wall) is the last one.
    let rock = (g.classes.len() - 1) as u8;
    let (tw, th) = d.tile_size();
    let owner: HashMap<[i32; 2], usize> = d
        .rooms
        .iter()
        .enumerate()
        .flat_map(|(i, r)| r.cells.iter().map(move |&c| (c, i)))
        .collect();
    let mut cells: Vec<(&[i32; 2], &usize)> = owner.iter().collect();
    cells.sort();
    for (&[x, y], &i) in cells {
        let rgb = d
            .palette
            .kind(&d.rooms[i].kind)
            .and_then(|k| parse_colour(&k.colour));
        let other = |dx: i32, dy: i32| owner.get(&[x + dx, y + dy]) != Some(&i);
        let (x0, y0) = (x * cw, y * ch);
        let mut put = |tx: i32, ty: i32, c: char| {
            let inside = (0..tw).contains(&tx) && (0..th).contains(&ty);
            let is_rock = inside && class[(ty * tw + tx) as usize] == rock;
            if is_rock {
                let c = match out.get(&[tx, ty]) {
                    Some(&(o, _)) if o != c => '┼',
                    _ => c,
                };
                out.insert([tx, ty], (c, rgb));
            }
        };
        for tx in x0..x0 + cw {
            if other(0, -1) {
                put(tx, y0, '─');
            }
            if other(0, 1) {
                put(tx, y0 + ch - 1, '─');
            }
        }
        for ty in y0..y0 + ch {
            if other(-1, 0) {
                put(x0, ty, '│');
            }
            if other(1, 0) {
                put(x0 + cw - 1, ty, '│');
            }
        }
    }
    out
}
