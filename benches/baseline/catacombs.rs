//! A hand-written, native implementation of the layout loop of Diablo's Catacombs, used
//! only as a speed yardstick for the rule-file version (benches/catacombs_layout.ron, the
//! first four steps of `GenerateLevel` in rules/diablo/catacombs.ron): same RNG, same draws,
//! same result, no interpreter. Checked against the engine by
//! tests/suite/catacombs_baseline.rs.
//!
//! From `SetRndSeed(seed)`, repeat { clear the 40x40 map; CreateRoom (shared/spec/diablo.md
//! §3.2: recursive division of (2, 2)-(39, 39), a hall queued from each room to its parent);
//! ConnectHall for each hall in order (§3.3: the drunken walk, one roll per move); finish
//! the halls (corners become walls, every hall cell floor with walls on its empty
//! neighbours); FillVoids (§3.4) } until FillVoids leaves at most 700 empty cells. No quest
//! room (level 5 without Valor). RNG: §1.2. A walk that cannot end (the original hangs;
//! the engine stops the run) is not handled: the seeds checked do not meet one.

/// Map side.
const N: i32 = 40;
const EMPTY: u8 = 0;
const WALL: u8 = 1;
const FLOOR: u8 = 2;
const DOOR: u8 = 3;
const HALL: u8 = 4;
/// Room corners: top-left, top-right, bottom-left, bottom-right.
const TL: u8 = 5;
const TR: u8 = 6;
const BL: u8 = 7;
const BR: u8 = 8;
/// Headings: east, west, south, north; `d ^ 1` is the opposite.
const E: u8 = 0;
const W: u8 = 1;
const S: u8 = 2;
const NORTH: u8 = 3;

/// The step of heading `d`.
fn delta(d: u8) -> (i32, i32) {
    [(1, 0), (-1, 0), (0, 1), (0, -1)][d as usize]
}

/// The result of the loop.
pub struct Layout {
    /// Layouts tried, the last one accepted.
    pub tried: u32,
    /// The accepted map, row-major (`map[y * 40 + x]`): 0 empty, 1 wall, 2 floor, 3 door.
    pub map: [u8; 1600],
    /// The RNG state after the loop.
    pub state: u32,
}

#[derive(Clone, Copy)]
struct Room {
    x1: i32,
    y1: i32,
    x2: i32,
    y2: i32,
}

/// A hall from `(fx, fy)` on a room to `(tx, ty)` on its parent, heading `d`.
#[derive(Clone, Copy)]
struct Hall {
    fx: i32,
    fy: i32,
    tx: i32,
    ty: i32,
    d: u8,
}

struct Gen {
    s: u32,
    m: [u8; 1600],
    rooms: Vec<Room>,
    halls: Vec<Hall>,
}

impl Gen {
    /// `GenerateRnd(n)` (§1.2) for `n <= 32767`.
    #[inline(always)]
    fn rnd(&mut self, n: i32) -> i32 {
        if n <= 0 {
            return 0;
        }
        self.s = self.s.wrapping_mul(22695477).wrapping_add(1);
        let a = (self.s as i32).wrapping_abs();
        (a >> 16) % n
    }

    fn inside(x: i32, y: i32) -> bool {
        (0..N).contains(&x) && (0..N).contains(&y)
    }

    /// The cell, `EMPTY` outside the map.
    fn at(&self, x: i32, y: i32) -> u8 {
        if Self::inside(x, y) {
            self.m[(y * N + x) as usize]
        } else {
            EMPTY
        }
    }

    /// The cell, `None` outside the map.
    fn get(&self, x: i32, y: i32) -> Option<u8> {
        Self::inside(x, y).then(|| self.m[(y * N + x) as usize])
    }

    fn set(&mut self, x: i32, y: i32, v: u8) {
        if Self::inside(x, y) {
            self.m[(y * N + x) as usize] = v;
        }
    }

    /// A room side: `a > 4` cells of space gives 4..min(a, 10) - 1, less gives `a`.
    fn size(&mut self, a: i32) -> i32 {
        if a > 4 {
            self.rnd(a.min(10) - 4) + 4
        } else {
            a
        }
    }

    fn draw_room(&mut self, r: Room) {
        self.set(r.x1, r.y1, TL);
        self.set(r.x1, r.y2, BL);
        self.set(r.x2, r.y1, TR);
        self.set(r.x2, r.y2, BR);
        for x in r.x1 + 1..r.x2 {
            self.set(x, r.y1, WALL);
            self.set(x, r.y2, WALL);
        }
        for y in r.y1 + 1..r.y2 {
            self.set(r.x1, y, WALL);
            self.set(r.x2, y, WALL);
            for x in r.x1 + 1..r.x2 {
                self.set(x, y, FLOOR);
            }
        }
    }

    /// The hall from `r` (`rw` x `rh`) to its parent `p`, which lies towards `d`.
    fn hall(&mut self, r: Room, p: Room, d: u8, rw: i32, rh: i32) -> Hall {
        if d == NORTH || d == S {
            let fx = self.rnd(rw - 2) + r.x1 + 1;
            let tx = self.rnd(p.x2 - p.x1 - 2) + p.x1 + 1;
            let (fy, ty) = if d == NORTH {
                (r.y1, p.y2)
            } else {
                (r.y2, p.y1)
            };
            Hall { fx, fy, tx, ty, d }
        } else {
            let fy = self.rnd(rh - 2) + r.y1 + 1;
            let ty = self.rnd(p.y2 - p.y1 - 2) + p.y1 + 1;
            let (fx, tx) = if d == E { (r.x2, p.x1) } else { (r.x1, p.x2) };
            Hall { fx, fy, tx, ty, d }
        }
    }

    /// CreateRoom (§3.2), depth first, as the original's recursion.
    fn create_rooms(&mut self) {
        type Area = (i32, i32, i32, i32, Option<(usize, u8)>);
        let mut stack: Vec<Area> = vec![(2, 2, 39, 39, None)];
        while let Some((x1, y1, x2, y2, parent)) = stack.pop() {
            if self.rooms.len() >= 80 || x1 + 2 > x2 || y1 + 2 > y2 {
                continue;
            }
            let (aw, ah) = (x2 - x1, y2 - y1);
            let rw = self.size(aw);
            let rh = self.size(ah);
            let mut rx1 = x1 + self.rnd(aw);
            let mut ry1 = y1 + self.rnd(ah);
            let (mut rx2, mut ry2) = (rx1 + rw, ry1 + rh);
            if rx2 > x2 {
                rx2 = x2;
                rx1 = x2 - rw;
            }
            if ry2 > y2 {
                ry2 = y2;
                ry1 = y2 - rh;
            }
            let c = |v: i32| v.clamp(1, 38);
            let r = Room {
                x1: c(rx1),
                y1: c(ry1),
                x2: c(rx2),
                y2: c(ry2),
            };
            self.draw_room(r);
            let id = self.rooms.len();
            self.rooms.push(r);
            if let Some((pi, d)) = parent {
                let h = self.hall(r, self.rooms[pi], d, rw, rh);
                self.halls.push(h);
            }
            let s = 2;
            let strips: [Area; 4] = if rh > rw {
                [
                    (x1 + s, y1 + s, r.x1 - s, r.y2 - s, Some((id, E))),
                    (r.x2 + s, r.y1 + s, x2 - s, y2 - s, Some((id, W))),
                    (x1 + s, r.y2 + s, r.x2 - s, y2 - s, Some((id, NORTH))),
                    (r.x1 + s, y1 + s, x2 - s, r.y1 - s, Some((id, S))),
                ]
            } else {
                [
                    (x1 + s, y1 + s, r.x2 - s, r.y1 - s, Some((id, S))),
                    (r.x1 + s, r.y2 + s, x2 - s, y2 - s, Some((id, NORTH))),
                    (x1 + s, r.y1 + s, r.x1 - s, y2 - s, Some((id, E))),
                    (r.x2 + s, y1 + s, x2 - s, r.y2 - s, Some((id, W))),
                ]
            };
            stack.extend(strips.into_iter().rev());
        }
    }

    fn is_corner(v: u8) -> bool {
        (TL..=BR).contains(&v)
    }

    /// CreateDoorType: a door unless the cell is a corner or a door is beside it.
    fn door(&mut self, x: i32, y: i32) {
        let ok = !Self::is_corner(self.at(x, y))
            && self.at(x, y) != DOOR
            && self.at(x - 1, y) != DOOR
            && self.at(x + 1, y) != DOOR
            && self.at(x, y - 1) != DOOR
            && self.at(x, y + 1) != DOOR;
        if ok {
            self.set(x, y, DOOR);
        }
    }

    /// ConnectHall (§3.3) for hall `h`.
    fn connect(&mut self, h: Hall) {
        let minus = self.rnd(100) < 50;
        let plus = self.rnd(100) < 50;
        self.door(h.fx, h.fy);
        self.door(h.tx, h.ty);
        let (dx, dy) = delta(h.d);
        let (gx, gy) = (h.tx - dx, h.ty - dy);
        self.set(gx, gy, HALL);
        let (mut x, mut y, mut d, mut inside) = (h.fx, h.fy, h.d, false);
        loop {
            // (a) steering at the edges and on corners
            if x >= 38 && d == E {
                d = W;
            }
            if y >= 38 && d == S {
                d = NORTH;
            }
            if x <= 1 && d == W {
                d = E;
            }
            if y <= 1 && d == NORTH {
                d = S;
            }
            let c = self.at(x, y);
            if c == TL && (d == NORTH || d == W) {
                d = E;
            }
            if c == TR && (d == NORTH || d == E) {
                d = S;
            }
            if c == BL && (d == W || d == S) {
                d = NORTH;
            }
            if c == BR && (d == E || d == S) {
                d = W;
            }
            // (b) the step
            let (sx, sy) = delta(d);
            if !Self::inside(x + sx, y + sy) {
                d ^= 1;
            }
            let (sx, sy) = delta(d);
            x += sx;
            y += sy;
            // (c) dig, widen, doors
            let c = self.at(x, y);
            if c == EMPTY {
                if inside {
                    self.door(x - sx, y - sy);
                    inside = false;
                } else {
                    let ((mx, my), (px, py)) = if d == NORTH || d == S {
                        ((x - 1, y), (x + 1, y))
                    } else {
                        ((x, y - 1), (x, y + 1))
                    };
                    if minus && self.get(mx, my) == Some(EMPTY) {
                        self.set(mx, my, HALL);
                    }
                    if plus && self.get(px, py) == Some(EMPTY) {
                        self.set(px, py, HALL);
                    }
                }
                self.set(x, y, HALL);
            } else {
                if !inside && c == WALL {
                    self.door(x, y);
                }
                if self.at(x, y) != HALL {
                    inside = true;
                }
            }
            // (d) the roll
            let (ddx, ddy) = ((gx - x).abs(), (gy - y).abs());
            let threshold = if ddx > ddy {
                (2 * ddx).min(30)
            } else {
                (5 * ddy).min(80)
            };
            let turn = self.rnd(100) < threshold;
            let toward_x = if gx <= x { W } else { E };
            let toward_y = if gy <= y { NORTH } else { S };
            if turn {
                d = if ddx > ddy { toward_x } else { toward_y };
            }
            // (e) the overrides
            let horizontal = |d: u8| d == E || d == W;
            if ddy < 10 && x == gx && horizontal(d) {
                d = toward_y;
            }
            if ddx < 10 && y == gy && !horizontal(d) {
                d = toward_x;
            }
            if ddy == 1 && ddx > 1 && !horizontal(d) {
                d = toward_x;
            }
            if ddx == 1 && ddy > 1 && horizontal(d) {
                d = toward_y;
            }
            if ddx == 0 && horizontal(d) {
                d = if gx <= h.fx { NORTH } else { S };
            }
            if ddy == 0 && !horizontal(d) {
                d = if gy <= h.fy { W } else { E };
            }
            if (x, y) == (gx, gy) {
                return;
            }
        }
    }

    /// After the halls: corners become walls; each hall cell floor, its empty neighbours
    /// walls.
    fn finish_halls(&mut self) {
        for y in 0..N {
            for x in 0..N {
                let v = self.m[(y * N + x) as usize];
                if Self::is_corner(v) {
                    self.m[(y * N + x) as usize] = WALL;
                } else if v == HALL {
                    for (ox, oy) in [
                        (-1, -1),
                        (-1, 0),
                        (-1, 1),
                        (0, -1),
                        (0, 1),
                        (1, -1),
                        (1, 0),
                        (1, 1),
                    ] {
                        if self.get(x + ox, y + oy) == Some(EMPTY) {
                            self.set(x + ox, y + oy, WALL);
                        }
                    }
                    self.m[(y * N + x) as usize] = FLOOR;
                }
            }
        }
    }

    /// The room FillVoid grows from wall `(x, y)`, if any: corners inclusive.
    fn void_room(&self, x: i32, y: i32) -> Option<(i32, i32, i32, i32)> {
        let faces = |(ox, oy): (i32, i32)| {
            self.at(x + ox, y + oy) == EMPTY && self.at(x - ox, y - oy) == FLOOR
        };
        let o = [(-1, 0), (1, 0), (0, -1), (0, 1)]
            .into_iter()
            .find(|&o| faces(o))?;
        let a = (o.1.abs(), o.0.abs()); // along the wall
        let qualifies = (-1..=1).all(|s| {
            self.at(x + o.0 + a.0 * s, y + o.1 + a.1 * s) == EMPTY
                && self.at(x - o.0 + a.0 * s, y - o.1 + a.1 * s) == FLOOR
        });
        if !qualifies {
            return None;
        }
        let cell = |t: i32, s: i32| (x + o.0 * t + a.0 * s, y + o.1 * t + a.1 * s);
        let lateral = |s: i32| if a.0 == 1 { x + s } else { y + s };
        // along the wall
        let (mut s1, mut s2, mut g1, mut g2) = (-1, 1, true, true);
        while g1 || g2 {
            if lateral(s1) == 0 {
                g1 = false;
            }
            if lateral(s2) == N - 1 {
                g2 = false;
            }
            if s2 - s1 >= 14 {
                g1 = false;
                g2 = false;
            }
            if g1 {
                s1 -= 1;
            }
            if g2 {
                s2 += 1;
            }
            let (cx, cy) = cell(1, s1);
            g1 &= self.at(cx, cy) == EMPTY;
            let (cx, cy) = cell(1, s2);
            g2 &= self.at(cx, cy) == EMPTY;
        }
        s1 += 2;
        s2 -= 2;
        if s2 - s1 <= 5 {
            return None;
        }
        // away from it
        let mut t = 1;
        loop {
            let (fx, fy) = cell(t, 0);
            let edge = fx == 0 && o.0 == -1
                || fx == N - 1 && o.0 == 1
                || fy == 0 && o.1 == -1
                || fy == N - 1 && o.1 == 1;
            let blocked = (s1..=s2).any(|s| {
                let (cx, cy) = cell(t, s);
                self.at(cx, cy) != EMPTY
            });
            if edge || t >= 12 || blocked {
                break;
            }
            t += 1;
        }
        t -= 2;
        if t <= 5 {
            return None;
        }
        let (ax, ay) = cell(0, s1);
        let (bx, by) = cell(t, s2);
        Some((ax.min(bx), ay.min(by), ax.max(bx), ay.max(by)))
    }

    /// Draw a FillVoid room and knock through the walls it shares with floor.
    fn draw_void_room(&mut self, (x1, y1, x2, y2): (i32, i32, i32, i32)) {
        for y in y1..=y2 {
            for x in x1..=x2 {
                let edge = x == x1 || x == x2 || y == y1 || y == y2;
                self.set(x, y, if edge { WALL } else { FLOOR });
            }
        }
        for x in x1 + 1..x2 {
            if self.get(x, y1 - 1) == Some(FLOOR) && self.get(x, y1 + 1) == Some(FLOOR) {
                self.set(x, y1, FLOOR);
            }
            if self.get(x, y2 - 1) == Some(FLOOR) && self.get(x, y2 + 1) == Some(FLOOR) {
                self.set(x, y2, FLOOR);
            }
            if self.get(x, y1 - 1) == Some(DOOR) {
                self.set(x, y1 - 1, FLOOR);
            }
            if self.get(x, y2 + 1) == Some(DOOR) {
                self.set(x, y2 + 1, FLOOR);
            }
        }
        for y in y1 + 1..y2 {
            if self.get(x1 - 1, y) == Some(FLOOR) && self.get(x1 + 1, y) == Some(FLOOR) {
                self.set(x1, y, FLOOR);
            }
            if self.get(x2 - 1, y) == Some(FLOOR) && self.get(x2 + 1, y) == Some(FLOOR) {
                self.set(x2, y, FLOOR);
            }
            if self.get(x1 - 1, y) == Some(DOOR) {
                self.set(x1 - 1, y, FLOOR);
            }
            if self.get(x2 + 1, y) == Some(DOOR) {
                self.set(x2 + 1, y, FLOOR);
            }
        }
    }

    fn empty_cells(&self) -> usize {
        self.m.iter().filter(|&&v| v == EMPTY).count()
    }

    /// FillVoids (§3.4): whether at most 700 cells stay empty.
    fn fill_voids(&mut self) -> bool {
        let mut empty = self.empty_cells();
        let mut tries = 0;
        let mut walls_known = false;
        while empty > 700 && tries < 100 {
            if !walls_known {
                // no wall to probe: the original would spin
                let any = (1..N - 1).any(|y| (1..N - 1).any(|x| self.at(x, y) == WALL));
                if !any {
                    break;
                }
                walls_known = true;
            }
            let x = self.rnd(38) + 1;
            let y = self.rnd(38) + 1;
            if self.at(x, y) != WALL {
                continue;
            }
            tries += 1;
            if let Some(r) = self.void_room(x, y) {
                self.draw_void_room(r);
                empty = self.empty_cells();
                walls_known = false;
            }
        }
        empty <= 700
    }
}

/// The Catacombs layout loop (no quest room) from `SetRndSeed(seed)`.
pub fn layout(seed: u32) -> Layout {
    let mut g = Gen {
        s: seed,
        m: [EMPTY; 1600],
        rooms: Vec::new(),
        halls: Vec::new(),
    };
    let mut tried = 0;
    loop {
        g.m = [EMPTY; 1600];
        g.rooms.clear();
        g.halls.clear();
        g.create_rooms();
        for i in 0..g.halls.len() {
            let h = g.halls[i];
            g.connect(h);
        }
        g.finish_halls();
        tried += 1;
        if g.fill_voids() {
            return Layout {
                tried,
                map: g.m,
                state: g.s,
            };
        }
    }
}
