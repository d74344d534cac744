//! A hand-written, native implementation of the dominant loop of Diablo's Cathedral layout,
//! used only as a speed yardstick for the rule-file version (benches/cathedral_layout.ron,
//! the `FirstRoom` retry of rules/diablo/cathedral.ron): same RNG, same draws, same result,
//! no interpreter. Checked against the engine by tests/suite/cathedral_baseline.rs.
//!
//! It runs the Cathedral's "loop B" (shared/spec/diablo.md §2.1): from `SetRndSeed(seed)`,
//! repeat { clear the 40x40 mask; FirstRoom (§2.2): `vertical = rnd(2) == 0`, three chamber
//! flags `rnd(2) == 1` (chamber 2 forced when an end is missing), mark the chambers and the
//! hallway; GenerateRoom (§2.3) from each present chamber in order, `dir` 0 for the vertical
//! layout and 1 for the horizontal } until the floor cells reach the level's minimum area
//! (533, 693, 761). RNG: §1.2, including the rare negative `rnd(n)`. Budded rooms are
//! checked against the whole 40x40 mask and marked clipped to it (§2.9 item 3).

/// Mask side.
const N: i32 = 40;

/// The result of loop B.
pub struct Layout {
    /// Layouts tried (FirstRoom calls), the last one accepted.
    pub tried: u32,
    /// The accepted mask, row-major (`mask[y * 40 + x]`), 1 = floor.
    pub mask: [u8; 1600],
    /// The RNG state after loop B.
    pub state: u32,
    /// The accepted layout's flags: vertical, and chambers 1, 2, 3 present.
    pub vertical: bool,
    pub has: [bool; 3],
}

struct Gen {
    s: u32,
    m: [u8; 1600],
    vertical: bool,
    has: [bool; 3],
}

/// `GenerateRnd(n)` (§1.2) for `n <= 32767` on the RNG state `s`: `n <= 0` gives 0 without a
/// step; otherwise one step and `(|int32 s| >> 16) % n` (negative once in 2^32 steps).
#[inline(always)]
pub fn rnd(s: &mut u32, n: i32) -> i32 {
    if n <= 0 {
        return 0;
    }
    *s = s.wrapping_mul(22695477).wrapping_add(1);
    let a = (*s as i32).wrapping_abs(); // -2^31 stays -2^31: a negative result
    (a >> 16) % n
}

impl Gen {
    /// [`rnd`] on this loop's state.
    #[inline(always)]
    fn rnd(&mut self, n: i32) -> i32 {
        rnd(&mut self.s, n)
    }

    /// CheckRoom: every cell of the rectangle inside the mask and not floor (an empty
    /// rectangle passes).
    #[inline(always)]
    fn check(&self, x: i32, y: i32, w: i32, h: i32) -> bool {
        if w <= 0 || h <= 0 {
            return true;
        }
        if x < 0 || y < 0 || x + w > N || y + h > N {
            return false;
        }
        for j in y..y + h {
            let row = &self.m[(j * N) as usize..];
            for i in x..x + w {
                if row[i as usize] != 0 {
                    return false;
                }
            }
        }
        true
    }

    /// Mark a room, clipped to the mask.
    #[inline(always)]
    fn mark(&mut self, x: i32, y: i32, w: i32, h: i32) {
        for j in y.max(0)..(y + h).min(N) {
            for i in x.max(0)..(x + w).min(N) {
                self.m[(j * N + i) as usize] = 1;
            }
        }
    }

    /// GenerateRoom (§2.3), with the original's swapped side check.
    fn generate_room(&mut self, x: i32, y: i32, w: i32, h: i32, dir: i32) {
        let r = self.rnd(4);
        let side = if dir == 1 { r == 0 } else { r != 0 };
        let (mut cw, mut ch, mut rx, mut ry, mut ok) = (0, 0, 0, 0, false);
        for _ in 0..20 {
            cw = (self.rnd(5) + 2) & !1;
            ch = (self.rnd(5) + 2) & !1;
            if side {
                rx = x - cw;
                ry = h / 2 + y - ch / 2;
                // the original's swapped check: width ch + 2, height cw + 1
                ok = self.check(rx - 1, ry - 1, ch + 2, cw + 1);
            } else {
                rx = w / 2 + x - cw / 2;
                ry = y - ch;
                ok = self.check(rx - 1, ry - 1, cw + 2, ch + 1);
            }
            if ok {
                break;
            }
        }
        if ok {
            self.mark(rx, ry, cw, ch);
        }
        let (x2, y2, ok2) = if side {
            (x + w, ry, self.check(x + w, ry - 1, cw + 1, ch + 2))
        } else {
            (rx, y + h, self.check(rx - 1, y + h, cw + 2, ch + 1))
        };
        if ok2 {
            self.mark(x2, y2, cw, ch);
        }
        let nd = side as i32;
        if ok {
            self.generate_room(rx, ry, cw, ch, nd);
        }
        if ok2 {
            self.generate_room(x2, y2, cw, ch, nd);
        }
    }

    /// FirstRoom (§2.2): the chambers, the hallway, then budding from each chamber.
    fn first_room(&mut self) {
        self.m = [0; 1600];
        let vertical = self.rnd(2) == 0;
        let has1 = self.rnd(2) == 1;
        let mut has2 = self.rnd(2) == 1;
        let has3 = self.rnd(2) == 1;
        has2 |= !has1 || !has3;
        (self.vertical, self.has) = (vertical, [has1, has2, has3]);
        // (along, across) -> (x, y): the horizontal layout, or x and y swapped
        let at = |a: i32, c: i32| if vertical { (c, a) } else { (a, c) };
        let chambers = [(has1, 1), (has2, 15), (has3, 29)];
        for &(has, a) in &chambers {
            if has {
                let (x, y) = at(a, 15);
                self.mark(x, y, 10, 10);
            }
        }
        let (from, to) = (if has1 { 1 } else { 18 }, if has3 { 39 } else { 22 });
        let (x, y) = at(from, 17);
        let (w, h) = if vertical {
            (6, to - from)
        } else {
            (to - from, 6)
        };
        self.mark(x, y, w, h);
        let dir = if vertical { 0 } else { 1 };
        for &(has, a) in &chambers {
            if has {
                let (x, y) = at(a, 15);
                self.generate_room(x, y, 10, 10, dir);
            }
        }
    }
}

/// Loop B of Cathedral level `level` (1-4) from `SetRndSeed(seed)`.
pub fn layout(level: u32, seed: u32) -> Layout {
    layout_from(level, seed)
}

/// Loop B of Cathedral level `level` (1-4) from the RNG state `state` (the stream goes on
/// from there: loop A of a whole level calls it again after a failed attempt).
pub fn layout_from(level: u32, state: u32) -> Layout {
    let min_area = match level {
        1 => 533,
        2 => 693,
        _ => 761,
    };
    let mut g = Gen {
        s: state,
        m: [0; 1600],
        vertical: false,
        has: [false; 3],
    };
    let mut tried = 0;
    loop {
        g.first_room();
        tried += 1;
        let area: u32 = g.m.iter().map(|&c| c as u32).sum();
        if area >= min_area {
            return Layout {
                tried,
                mask: g.m,
                state: g.s,
                vertical: g.vertical,
                has: g.has,
            };
        }
    }
}
