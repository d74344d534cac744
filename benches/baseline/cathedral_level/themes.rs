//! Theme rooms (spec §1.8, §9.1-§9.2, as rules/diablo/diablo.themes approximates them): the
//! candidates are the 8-connected Floor regions of 1..16 tiles found after AddWall; at the
//! end of the level each is tested and, when it qualifies, draws a theme.

use super::tables::Tables;
use super::{Map, Rnd, CELLS, FLOOR, N};

/// FloodTransparencyValues(13) as the rule file records candidates: the 8-connected regions
/// of Floor in raster order of their first cell, those of 1..16 cells, each as its cells in
/// raster order. The floor is copied into a grid with a closed border (42 x 42), so that a
/// neighbour needs no bounds test; a cell leaves it when the flood reaches it.
pub fn flood_regions(t: &[u8; CELLS]) -> Vec<Vec<u16>> {
    const W: usize = 42;
    let mut open = [false; W * W];
    for (i, &v) in t.iter().enumerate() {
        open[(i / 40 + 1) * W + i % 40 + 1] = v == FLOOR;
    }
    let mut rooms = Vec::new();
    let mut stack: Vec<usize> = Vec::new();
    let mut cells: Vec<u16> = Vec::new();
    for start in 0..CELLS {
        let s = (start / 40 + 1) * W + start % 40 + 1;
        if !open[s] {
            continue;
        }
        open[s] = false;
        stack.push(s);
        cells.clear();
        while let Some(c) = stack.pop() {
            cells.push(((c / W - 1) * 40 + c % W - 1) as u16);
            for j in [
                c - W - 1,
                c - W,
                c - W + 1,
                c - 1,
                c + 1,
                c + W - 1,
                c + W,
                c + W + 1,
            ] {
                if open[j] {
                    open[j] = false;
                    stack.push(j);
                }
            }
        }
        if cells.len() <= 16 {
            cells.sort_unstable();
            rooms.push(std::mem::take(&mut cells));
        }
    }
    rooms
}

/// The 17 themes in id order (§9.2, diablo.themes): name, once per level, the clear square
/// it needs (`square >= k`), the level types allowed (`level <= 8`, `level > 4`,
/// `level >= 13`, or any).
pub const THEMES: [(&str, bool, u8, Levels); 17] = [
    ("barrel", false, 0, Levels::Any),
    ("shrine", false, 2, Levels::UpTo8),
    ("monster_pit", false, 0, Levels::Any),
    ("skeleton_room", false, 3, Levels::UpTo8),
    ("treasure", true, 0, Levels::Any),
    ("library", false, 2, Levels::UpTo8),
    ("torture", false, 2, Levels::Any),
    ("blood_fountain", true, 3, Levels::Any),
    ("decapitated", false, 2, Levels::Any),
    ("purifying_fountain", true, 3, Levels::Any),
    ("armour_stand", false, 2, Levels::From5),
    ("goat_shrine", false, 3, Levels::Any),
    ("cauldron", true, 3, Levels::From13),
    ("murky_fountain", true, 3, Levels::Any),
    ("tear_fountain", true, 3, Levels::Any),
    ("burning_cross", false, 2, Levels::Any),
    ("weapon_rack", false, 2, Levels::From5),
];

/// The first draw: ThemeGood = {GOATSHRINE, SHRINE, SKELROOM, LIBRARY}.
const FIRST: [u8; 4] = [11, 1, 3, 5];

/// Which levels a theme may appear on.
#[derive(Clone, Copy)]
pub enum Levels {
    Any,
    UpTo8,
    From5,
    From13,
}

/// InitThemes: each candidate, in order, that qualifies (no stairs marker or tile inside, no
/// protected cell, 9..100 pieces estimated as `4 * cells + 2 * perimeter + 4`, no arch on
/// its edge) draws `ThemeGood[rnd(4)]`, then `rnd(17)` while the theme does not fit.
pub fn init_themes(
    m: &Map,
    tb: &Tables,
    level: u32,
    rooms: Vec<Vec<u16>>,
    markers: &[(i32, i32)],
    r: &mut Rnd,
) -> Vec<(Vec<u16>, Option<u8>)> {
    let mut inside = [0u8; CELLS];
    let mut used = [false; 17];
    let mut out = Vec::with_capacity(rooms.len());
    for (id, cells) in rooms.into_iter().enumerate() {
        for &c in &cells {
            inside[c as usize] = id as u8 + 1;
        }
        let square = qualifies(m, tb, level, &cells, &inside, id as u8 + 1, markers);
        let theme = square.map(|square| {
            let fits = |t: u8, used: &[bool; 17]| {
                let (_, once, need, levels) = THEMES[t as usize];
                let allowed = match levels {
                    Levels::Any => true,
                    Levels::UpTo8 => level <= 8,
                    Levels::From5 => level > 4,
                    Levels::From13 => level >= 13,
                };
                allowed && !(once && used[t as usize]) && square >= need
            };
            let mut t = FIRST[r.rnd(4).max(0) as usize];
            while !fits(t, &used) {
                t = r.rnd(17).max(0) as u8;
            }
            used[t as usize] = true;
            t
        });
        out.push((cells, theme));
    }
    out
}

/// The candidate tests of §9.1 (diablo.themes); when they pass, the side of the largest
/// square of clear (floor-class) room cells.
fn qualifies(
    m: &Map,
    tb: &Tables,
    level: u32,
    cells: &[u16],
    inside: &[u8; CELLS],
    id: u8,
    markers: &[(i32, i32)],
) -> Option<u8> {
    let mut perimeter = 0;
    let mut open = 0;
    for &c in cells {
        let c = c as usize;
        if tb.stairs[m.t[c] as usize] || m.prot[c] != 0 {
            return None;
        }
        let (x, y) = (c as i32 % N, c as i32 / N);
        for (dx, dy) in [(1, 0), (0, 1), (-1, 0), (0, -1)] {
            let (nx, ny) = (x + dx, y + dy);
            let i = (ny * N + nx) as usize;
            if !(0..N).contains(&nx) || !(0..N).contains(&ny) {
                perimeter += 1;
            } else if inside[i] != id {
                perimeter += 1;
                open += tb.arch[m.t[i] as usize] as u32;
            }
        }
        for &(mx, my) in markers {
            if (mx - x).abs().max((my - y).abs()) == 0 {
                return None;
            }
        }
    }
    let pieces = 4 * cells.len() as u32 + 2 * perimeter + 4;
    if open != 0 || level <= 4 && !(9..=100).contains(&pieces) {
        return None;
    }
    Some(largest_square(m, tb, cells))
}

/// The side of the largest square of room cells holding clear tiles (the region's cells).
fn largest_square(m: &Map, tb: &Tables, cells: &[u16]) -> u8 {
    let (mut x0, mut y0, mut x1, mut y1) = (N, N, 0, 0);
    for &c in cells {
        let (x, y) = (c as i32 % N, c as i32 / N);
        (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
    }
    let w = (x1 - x0 + 1) as usize;
    let mut side = [0u8; 17 * 17];
    for &c in cells {
        if tb.clear[m.t[c as usize] as usize] {
            let (x, y) = (c as i32 % N - x0, c as i32 / N - y0);
            side[y as usize * w + x as usize] = 1;
        }
    }
    let mut best = 0;
    for y in 0..=(y1 - y0) as usize {
        for x in 0..w {
            let i = y * w + x;
            if side[i] == 0 {
                continue;
            }
            if x > 0 && y > 0 {
                side[i] = 1 + side[i - 1].min(side[i - w]).min(side[i - w - 1]);
            }
            best = best.max(side[i]);
        }
    }
    best
}
