//! A hand-written, native implementation of the dominant loop of Diablo's Hell generator,
//! used only as a speed yardstick for the rule-file version (benches/hell_layout.ron, the
//! `FirstRoom` retry of rules/diablo/hell.ron): same RNG, same draws, same result, no
//! interpreter. Checked against the engine by tests/suite/hell_baseline.rs.
//!
//! It runs Hell's "loop B" (shared/spec/diablo.md §5.1) for levels 13-15 without a quest
//! room: from `SetRndSeed(seed)`, repeat { clear the 20x20 quadrant; FirstRoom (§5.2):
//! `w = rnd(5)+2`, `h = rnd(5)+2`, `x = rnd(xmax-xmin+1)+xmin`, then `y`; mark it;
//! GenerateRoom (§2.3) from it with `dir = rnd(2)`, bounded by the quadrant, refusing a
//! check rectangle with top-left x <= 0 or y <= 0; clear quadrant row 0 and column 0 }
//! until 4 x floor cells >= 692. RNG: §1.2, including the rare negative `rnd(n)`. Room
//! positions and sizes are 8-bit fields (§5.7 item 5): every computed position and size of
//! a budded room and of its check rectangle is reduced modulo 256, so a negative size draw
//! wraps (a check of width or height 0 passes: its loop does nothing). The first room's
//! own fields are plain integers, as in the rule file.

/// Quadrant side.
const N: i32 = 20;

/// The result of loop B.
pub struct Layout {
    /// Layouts tried (FirstRoom calls), the last one accepted.
    pub tried: u32,
    /// The accepted quadrant, row-major (`mask[y * 20 + x]`), 1 = floor.
    pub mask: [u8; 400],
    /// The RNG state after loop B.
    pub state: u32,
}

struct Gen {
    s: u32,
    q: [u8; 400],
}

/// A value stored in an 8-bit room field.
#[inline(always)]
fn b(v: i32) -> i32 {
    v & 0xff
}

impl Gen {
    /// `GenerateRnd(n)` (§1.2) for `n <= 32767`.
    #[inline(always)]
    fn rnd(&mut self, n: i32) -> i32 {
        if n <= 0 {
            return 0;
        }
        self.s = self.s.wrapping_mul(22695477).wrapping_add(1);
        let a = (self.s as i32).wrapping_abs(); // -2^31 stays -2^31: a negative result
        (a >> 16) % n
    }

    /// CheckRoom: every cell of the rectangle inside the quadrant and free; top-left on
    /// row 0 or column 0 refused. Arguments are 8-bit values.
    #[inline(always)]
    fn check(&self, x: i32, y: i32, w: i32, h: i32) -> bool {
        if x <= 0 || y <= 0 {
            return false;
        }
        if w == 0 || h == 0 {
            return true;
        }
        if x + w > N || y + h > N {
            return false;
        }
        for j in y..y + h {
            let row = &self.q[(j * N) as usize..];
            for i in x..x + w {
                if row[i as usize] != 0 {
                    return false;
                }
            }
        }
        true
    }

    /// Mark a room, clipped to the quadrant.
    #[inline(always)]
    fn mark(&mut self, x: i32, y: i32, w: i32, h: i32) {
        for j in y.max(0)..(y + h).min(N) {
            for i in x.max(0)..(x + w).min(N) {
                self.q[(j * N + i) as usize] = 1;
            }
        }
    }

    /// GenerateRoom (§2.3, bounded by the quadrant, 8-bit fields).
    fn generate_room(&mut self, x: i32, y: i32, w: i32, h: i32, dir: i32) {
        let r = self.rnd(4);
        let side = if dir == 1 { r == 0 } else { r != 0 };
        let (mut cw, mut ch, mut rx, mut ry, mut ok) = (0, 0, 0, 0, false);
        for _ in 0..20 {
            cw = b((self.rnd(5) + 2) & !1);
            ch = b((self.rnd(5) + 2) & !1);
            if side {
                rx = b(x - cw);
                ry = b(h / 2 + y - ch / 2);
                // the original's swapped check: width ch + 2, height cw + 1
                ok = self.check(b(rx - 1), b(ry - 1), b(ch + 2), b(cw + 1));
            } else {
                rx = b(w / 2 + x - cw / 2);
                ry = b(y - ch);
                ok = self.check(b(rx - 1), b(ry - 1), b(cw + 2), b(ch + 1));
            }
            if ok {
                break;
            }
        }
        if ok {
            self.mark(rx, ry, cw, ch);
        }
        let (x2, y2, ok2) = if side {
            let x2 = b(x + w);
            (x2, ry, self.check(x2, b(ry - 1), b(cw + 1), b(ch + 2)))
        } else {
            let y2 = b(y + h);
            (rx, y2, self.check(b(rx - 1), y2, b(cw + 2), b(ch + 1)))
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

    /// FirstRoom (§5.2, no quest room, not level 16), then CloseOuterBorders.
    fn first_room(&mut self) {
        self.q = [0; 400];
        let w = self.rnd(5) + 2;
        let h = self.rnd(5) + 2;
        let xmin = (N - w) / 2;
        let x = self.rnd(N - 1 - w - xmin + 1) + xmin;
        let ymin = (N - h) / 2;
        let y = self.rnd(N - 1 - h - ymin + 1) + ymin;
        self.mark(x, y, w, h);
        let dir = self.rnd(2);
        self.generate_room(x, y, w, h, dir);
        for i in 0..N as usize {
            self.q[i] = 0; // row 0
            self.q[i * N as usize] = 0; // column 0
        }
    }
}

/// Loop B of Hell levels 13-15 (no quest room) from `SetRndSeed(seed)`.
pub fn layout(seed: u32) -> Layout {
    let mut g = Gen {
        s: seed,
        q: [0; 400],
    };
    let mut tried = 0;
    loop {
        g.first_room();
        tried += 1;
        let area: u32 = g.q.iter().map(|&c| c as u32).sum();
        if 4 * area >= 692 {
            return Layout {
                tried,
                mask: g.q,
                state: g.s,
            };
        }
    }
}
