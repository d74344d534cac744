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
    let [cw, ch] = [cell[0].max(1) as usize, cell[1].max(1) as usize];
    // Only the bounding box of the rooms is drawn.
    let all = d.rooms.iter().flat_map(|r| r.cells.iter());
    let lo = all
        .clone()
        .fold([i32::MAX; 2], |a, c| [a[0].min(c[0]), a[1].min(c[1])]);
    let hi = all.fold([i32::MIN; 2], |a, c| [a[0].max(c[0]), a[1].max(c[1])]);
    if lo[0] > hi[0] {
        return format!("{}  seed {}: no rooms\n", d.ruleset, d.seed);
    }
    let (w, h) = ((hi[0] - lo[0] + 1) as usize, (hi[1] - lo[1] + 1) as usize);
    let (cols, rows) = (w * (cw + 1) + 1, h * (ch + 1) + 1);
    let mut canvas = vec![vec![' '; cols]; rows];
    let kind_glyphs = kind_glyphs(d);
    let at = |gx: usize, gy: usize| (gx * (cw + 1) + 1, gy * (ch + 1) + 1);
    // Kind glyphs at each room's first wall corner, drawn last.
    let mut corners: Vec<(usize, usize, char)> = Vec::new();
    // Grid cell -> drawn cell.
    let local = |c: [i32; 2]| [c[0] - lo[0], c[1] - lo[1]];
    for room in &d.rooms {
        let layout = room.layout.as_deref().and_then(find_layout);
        let anchor = int.and_then(|i| i.anchors.get(&room.shape));
        let origin = match (anchor, room.cells.first()) {
            (Some(a), Some(c0)) => [c0[0] - a[0], c0[1] - a[1]],
            _ => [
                room.cells.iter().map(|c| c[0]).min().unwrap_or(0),
                room.cells.iter().map(|c| c[1]).min().unwrap_or(0),
            ],
        };
        let glyph = kind_glyphs
            .iter()
            .find(|(k, _)| *k == room.kind)
            .map_or('#', |&(_, g)| g);
        for (i, &c) in room.cells.iter().enumerate() {
            let [gx, gy] = local(c);
            if gx < 0 || gy < 0 || gx as usize >= w || gy as usize >= h {
                continue;
            }
            let (gx, gy) = (gx as usize, gy as usize);
            let (x0, y0) = at(gx, gy);
            // Walls around the block (doors and seams are opened below).
            canvas[y0 - 1][x0 - 1..=x0 + cw].fill(WALL);
            canvas[y0 + ch][x0 - 1..=x0 + cw].fill(WALL);
            for row in canvas.iter_mut().take(y0 + ch + 1).skip(y0 - 1) {
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
                    canvas[y0 + ty][x0 + tx] = c;
                }
            }
            if i == 0 {
                corners.push((y0 - 1, x0 - 1, glyph));
            }
        }
        // Seams between cells of the same room are floor.
        for &c in &room.cells {
            let [gx, gy] = local(c);
            let (x0, y0) = at(gx as usize, gy as usize);
            let own = |x: i32, y: i32| room.cells.contains(&[x + lo[0], y + lo[1]]);
            if own(gx + 1, gy) {
                for ty in 0..ch {
                    canvas[y0 + ty][x0 + cw] = FLOOR;
                }
            }
            if own(gx, gy + 1) {
                for tx in 0..cw {
                    canvas[y0 + ch][x0 + tx] = FLOOR;
                }
            }
            if own(gx + 1, gy) && own(gx, gy + 1) && own(gx + 1, gy + 1) {
                canvas[y0 + ch][x0 + cw] = FLOOR;
            }
        }
    }
    for door in &d.doors {
        let [a, b] = [local(door.cells[0]), local(door.cells[1])];
        let ([x, y], [bx, by]) = if (a[1], a[0]) <= (b[1], b[0]) {
            (a, b)
        } else {
            (b, a)
        };
        if x < 0 || y < 0 || x as usize >= w || y as usize >= h {
            continue;
        }
        let (x0, y0) = at(x as usize, y as usize);
        if bx == x + 1 && by == y {
            canvas[y0 + ch / 2][x0 + cw] = FLOOR;
        } else if by == y + 1 && bx == x {
            canvas[y0 + ch][x0 + cw / 2] = FLOOR;
        }
    }
    for &(y, x, g) in &corners {
        canvas[y][x] = g;
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}  seed {}  attempts {}",
        d.ruleset, d.seed, d.attempts
    );
    for row in &canvas {
        let line: String = row.iter().collect();
        let _ = writeln!(out, "{}", line.trim_end());
    }
    let mut legend: Vec<String> = vec![format!("{WALL} wall")];
    for (glyph, meaning) in int.iter().flat_map(|i| &i.legend) {
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
    let _ = writeln!(out, "tiles: {}", legend.join("  "));
    let _ = writeln!(
        out,
        "rooms (in the wall corner above-left of each room): {}",
        kinds.join("  ")
    );
    out
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
