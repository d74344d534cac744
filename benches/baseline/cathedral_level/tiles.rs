//! The tile steps of the Cathedral level (spec §1.5 A, §1.7, §2.4, §2.6, §2.8.4, §2.8.7).

use super::tables::{Miniset, Tables};
use super::{Map, Rnd, CELLS, FLOOR, N};

/// MakeDmt (§1.7): tile `(x, y)`, `x, y <= 38`, from the 2x2 mask block at `(x, y)`; row and
/// column 39 keep Dirt. Index a + 2b + 4c + 8d into L5ConvTbl.
pub fn make_dmt(t: &mut [u8; CELLS], mask: &[u8; CELLS]) {
    const CONV: [u8; 16] = [22, 13, 1, 13, 2, 13, 13, 13, 4, 13, 1, 13, 2, 13, 16, 13];
    for y in 0..N as usize - 1 {
        for x in 0..N as usize - 1 {
            let i = y * 40 + x;
            let k = mask[i] + 2 * mask[i + 1] + 4 * mask[i + 40] + 8 * mask[i + 41];
            t[i] = CONV[k as usize];
        }
    }
}

/// A chamber side's openings at offsets 2..9 (0 = leave), §2.4: horizontal layout previous /
/// next (a column), vertical layout previous / next (a row).
const OPEN_H_PREV: [u8; 8] = [11, 11, 3, 0, 0, 8, 11, 1];
const OPEN_H_NEXT: [u8; 8] = [14, 11, 9, 0, 0, 5, 11, 0];
const OPEN_V_PREV: [u8; 8] = [12, 12, 3, 0, 0, 9, 12, 2];
const OPEN_V_NEXT: [u8; 8] = [10, 12, 8, 0, 0, 5, 12, 0];

/// FillChambers (§2.4), no set piece, for the layout flags of FirstRoom: each present
/// chamber's openings toward the previous and next chamber, its floor, Chamber flag and
/// pillars, then the halls between chambers.
pub fn fill_chambers(m: &mut Map, vertical: bool, has: [bool; 3]) {
    // (along, across) -> cell index: the horizontal layout, or x and y swapped
    let idx = |a: i32, c: i32| {
        let (x, y) = if vertical { (c, a) } else { (a, c) };
        (y * N + x) as usize
    };
    let (prev, next) = if vertical {
        (OPEN_V_PREV, OPEN_V_NEXT)
    } else {
        (OPEN_H_PREV, OPEN_H_NEXT)
    };
    for k in 0..3 {
        if !has[k] {
            continue;
        }
        let o = 14 * k as i32; // the chamber's origin along the layout; across: 14
        if k > 0 && has[k - 1] || k == 2 {
            for (j, &v) in prev.iter().enumerate() {
                if v != 0 {
                    m.t[idx(o, 16 + j as i32)] = v;
                }
            }
        }
        if k == 0 || k == 1 && has[2] {
            for (j, &v) in next.iter().enumerate() {
                if v != 0 {
                    m.t[idx(o + 11, 16 + j as i32)] = v;
                }
            }
            let c = idx(o + 11, 23);
            if m.t[c] != 4 {
                m.t[c] = 21;
            }
        }
        for a in o + 1..o + 11 {
            for c in 15..25 {
                m.t[idx(a, c)] = FLOOR;
                m.chamber[idx(a, c)] = 1;
            }
        }
        for (a, c) in [(4, 4), (7, 4), (4, 7), (7, 7)] {
            m.t[idx(o + a, 14 + c)] = 15;
        }
    }
    // the halls: arches across rows (columns) 18 and 21
    let arch = if vertical { 11 } else { 12 };
    let mut hall = |from: i32, to: i32| {
        for a in from..to {
            m.t[idx(a, 18)] = arch;
            m.t[idx(a, 21)] = arch;
        }
    };
    if has[0] && has[1] {
        hall(12, 14);
    }
    if has[1] && has[2] {
        hall(26, 28);
    }
    if has[0] && !has[1] && has[2] {
        hall(12, 28);
    }
}

/// The partition-wall triggers in check order (§2.6): tile, horizontal, start tile.
const TRIGGERS: [(u8, bool, u8); 6] = [
    (3, true, 2),
    (3, false, 1),
    (6, true, 4),
    (7, false, 4),
    (2, true, 2),
    (1, false, 1),
];

/// AddWall (§2.6): at every cell neither protected nor chamber, each trigger whose tile the
/// cell holds now discards one draw and tries a wall.
pub fn add_wall(m: &mut Map, r: &mut Rnd) {
    for y in 0..N {
        for x in 0..N {
            let i = (y * N + x) as usize;
            if !matches!(m.t[i], 1 | 2 | 3 | 6 | 7) || m.prot[i] != 0 || m.chamber[i] != 0 {
                continue;
            }
            for &(tile, horizontal, start) in &TRIGGERS {
                if m.t[i] != tile {
                    continue;
                }
                r.rnd(2);
                let (dx, dy) = if horizontal { (1, 0) } else { (0, 1) };
                if let Some(len) = wall_len(m, x, y, dx, dy) {
                    build_wall(m, r, x, y, horizontal, start, len);
                }
            }
        }
    }
}

/// HorizontalWallOk / VerticalWallOk: the run of open floor from offset 1, both sides
/// floor, no protected or chamber cell; accepted when at least 2 long and ending on a wall.
fn wall_len(m: &Map, x: i32, y: i32, dx: i32, dy: i32) -> Option<i32> {
    let mut n = 1;
    loop {
        let (cx, cy) = (x + n * dx, y + n * dy);
        if m.get(cx, cy) != Some(FLOOR)
            || m.get(cx - dy, cy - dx) != Some(FLOOR)
            || m.get(cx + dy, cy + dx) != Some(FLOOR)
        {
            break;
        }
        let i = (cy * N + cx) as usize;
        if m.prot[i] != 0 || m.chamber[i] != 0 {
            break;
        }
        n += 1;
    }
    let end = m.get(x + n * dx, y + n * dy)?;
    const STOPS: [u8; 13] = [3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 23, 24];
    (n >= 2 && STOPS.contains(&end)).then_some(n)
}

/// HorizontalWall / VerticalWall: kind `rnd(4)` (0-1 wall, 2 arches, 3 fence), the open
/// arch door `rnd(6) == 5`, the door at `rnd(len - 1) + 1`; a real door is protected.
fn build_wall(m: &mut Map, r: &mut Rnd, x: i32, y: i32, horizontal: bool, start: u8, len: i32) {
    // (wall, door, start on the plain wall tile, start on DWall), arch
    let (kinds, arch, plain) = if horizontal {
        (
            [
                (2, 26, 2, 4),
                (2, 26, 2, 4),
                (12, 12, 12, 10),
                (36, 26, 36, 27),
            ],
            12,
            2,
        )
    } else {
        (
            [
                (1, 25, 1, 4),
                (1, 25, 1, 4),
                (11, 11, 11, 14),
                (35, 25, 35, 37),
            ],
            11,
            1,
        )
    };
    let (wall, mut door, on_plain, on_dwall) = kinds[r.rnd(4).max(0) as usize];
    if r.rnd(6) == 5 {
        door = arch;
    }
    let start = match start {
        4 => on_dwall,
        s if s == plain => on_plain,
        s => s,
    };
    let (dx, dy) = if horizontal { (1, 0) } else { (0, 1) };
    m.t[(y * N + x) as usize] = start;
    for n in 1..len {
        m.t[((y + n * dy) * N + x + n * dx) as usize] = wall;
    }
    let n = r.rnd(len - 1) + 1;
    let d = ((y + n * dy) * N + x + n * dx) as usize;
    m.t[d] = door;
    if door == 25 || door == 26 {
        m.prot[d] = 1;
    }
}

/// PlaceMiniSet (§1.5 A) with the Cathedral quirk and 1600 tries: the top-left placed.
pub fn place(m: &mut Map, s: &Miniset, r: &mut Rnd) -> Option<(i32, i32)> {
    let (sw, sh) = (N - s.w, N - s.h);
    let mut x = r.rnd(sw);
    let mut y = r.rnd(sh);
    for _ in 0..1600 {
        if x == sw {
            x = 0;
            y += 1;
            if y == sh {
                y = 0;
            }
        }
        let mut ok = true;
        if x <= 12 {
            x += 1;
            ok = false;
        }
        if y <= 12 {
            y += 1;
            ok = false;
        }
        if ok && x >= 0 && y >= 0 && x < sw && y < sh && fits(m, s, x, y) {
            for j in 0..s.h {
                for i in 0..s.w {
                    let v = s.replace[(j * s.w + i) as usize];
                    if v >= 0 {
                        m.t[((y + j) * N + x + i) as usize] = v as u8;
                    }
                }
            }
            return Some((x, y));
        }
        x += 1;
    }
    None
}

/// The search grid matches at `(x, y)` and no footprint cell is protected.
fn fits(m: &Map, s: &Miniset, x: i32, y: i32) -> bool {
    for j in 0..s.h {
        for i in 0..s.w {
            let c = ((y + j) * N + x + i) as usize;
            let want = s.search[(j * s.w + i) as usize];
            if m.prot[c] != 0 || want >= 0 && m.t[c] as i16 != want {
                return false;
            }
        }
    }
    true
}

/// Substitution (§1.10, §2.8.4): `coin(4)` per cell; a chosen unprotected cell of class
/// `c != 0` becomes member `rnd(16) mod k` of its class; picks 89 and 91 need a partner
/// above (class 79 -> 90) or to the right (class 80 -> 92), else fall back to 79 / 80.
pub fn substitution(m: &mut Map, tb: &Tables, r: &mut Rnd) {
    for y in 0..N {
        for x in 0..N {
            if r.rnd(4) != 0 {
                continue;
            }
            let i = (y * N + x) as usize;
            let c = tb.decoration[m.t[i] as usize];
            if c == 0 || m.prot[i] != 0 {
                continue;
            }
            let rv = r.rnd(16);
            let members = &tb.members[c as usize];
            if rv < 0 {
                continue;
            }
            let mut pick = members[rv as usize % members.len()];
            if pick == 89 && y > 0 {
                let p = i - N as usize;
                if tb.decoration[m.t[p] as usize] == 79 && m.prot[p] == 0 {
                    m.t[p] = 90;
                } else {
                    pick = 79;
                }
            }
            if pick == 91 && x + 1 < N {
                let p = i + 1;
                if tb.decoration[m.t[p] as usize] == 80 && m.prot[p] == 0 {
                    m.t[p] = 92;
                } else {
                    pick = 80;
                }
            }
            m.t[i] = pick;
        }
    }
}

/// FillFloor (§2.8.7): every unprotected Floor draws `rnd(3)`: 1 -> 162, 2 -> 163.
pub fn fill_floor(m: &mut Map, r: &mut Rnd) {
    for i in 0..CELLS {
        if m.t[i] == FLOOR && m.prot[i] == 0 {
            match r.rnd(3) {
                1 => m.t[i] = 162,
                2 => m.t[i] = 163,
                _ => {}
            }
        }
    }
}
