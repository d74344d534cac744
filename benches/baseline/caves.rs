//! A hand-written, native implementation of the layout loop of Diablo's Caves (levels 9-12,
//! no Anvil quest), used only as a speed yardstick for the rule-file version
//! (`benches/caves_layout.ron`, the start of `GenerateLevel` in `rules/diablo/caves.ron`):
//! same steps, same RNG, same restarts, no interpreter. Written from shared/spec/diablo.md
//! §1.2 (the RNG), §4.1-§4.3 (seed room, CreateBlock, FillDiagonals, FillSingles,
//! FillStraights, Edges, the acceptance test) and §6 (retries continue the stream).
//!
//! `mask[y][x]`: 0 rock, 1 floor (row-major, like the engine's layers).

/// Side of the square map.
const N: usize = 40;

/// The outcome of [`layout`].
pub struct Layout {
    /// Layouts drawn, the accepted one included (the engine's restart count + 1).
    pub tries: u32,
    /// The accepted 0/1 layout, `mask[y][x]`.
    pub mask: [[u8; N]; N],
    /// The RNG state after the accepted layout.
    pub state: u32,
}

/// Diablo's LCG (§1.2) and the generation state.
struct Gen {
    s: u32,
    m: [[u8; N]; N],
}

impl Gen {
    /// `GenerateRnd(n)` for `0 < n <= 32767`; a state of exactly 0x80000000 gives
    /// `-(32768 % n)`.
    #[inline(always)]
    fn rnd(&mut self, n: i32) -> i32 {
        self.s = self.s.wrapping_mul(22695477).wrapping_add(1);
        ((self.s as i32).wrapping_abs() >> 16) % n
    }

    /// `FillRoom(x1, y1, x2, y2)` (§4.2): false when out of bounds or touching floor.
    fn fill_room(&mut self, x1: i32, y1: i32, x2: i32, y2: i32) -> bool {
        if x1 <= 1 || x2 >= 34 || y1 <= 1 || y2 >= 38 {
            return false;
        }
        let (x1, y1, x2, y2) = (x1 as usize, y1 as usize, x2 as usize, y2 as usize);
        for row in &self.m[y1..=y2] {
            if row[x1..=x2].iter().any(|&c| c != 0) {
                return false;
            }
        }
        for row in &mut self.m[y1 + 1..y2] {
            row[x1 + 1..x2].fill(1);
        }
        for y in y1..=y2 {
            if self.rnd(2) == 1 {
                self.m[y][x1] = 1;
            }
            if self.rnd(2) == 1 {
                self.m[y][x2] = 1;
            }
        }
        for x in x1..=x2 {
            if self.rnd(2) == 1 {
                self.m[y1][x] = 1;
            }
            if self.rnd(2) == 1 {
                self.m[y2][x] = 1;
            }
        }
        true
    }

    /// Start of a block's side along the other axis: `b` cells against the parent's `obs`.
    fn offset(&mut self, at: i32, b: i32, obs: i32) -> i32 {
        match b.cmp(&obs) {
            std::cmp::Ordering::Less => at + self.rnd(b),
            std::cmp::Ordering::Equal => at,
            std::cmp::Ordering::Greater => at - self.rnd(b),
        }
    }

    /// `CreateBlock(x, y, obs, dir)` (§4.2), dir 0 up, 1 right, 2 down, 3 left.
    fn create_block(&mut self, x: i32, y: i32, obs: i32, dir: u8) {
        let bx = self.rnd(2) + 3;
        let by = self.rnd(2) + 3;
        let (x1, y1, x2, y2);
        if dir == 0 || dir == 2 {
            if dir == 0 {
                y2 = y - 1;
                y1 = y2 - by;
            } else {
                y1 = y + 1;
                y2 = y1 + by;
            }
            x1 = self.offset(x, bx, obs);
            x2 = x1 + bx;
        } else {
            if dir == 1 {
                x1 = x + 1;
                x2 = x1 + bx;
            } else {
                x2 = x - 1;
                x1 = x2 - bx;
            }
            y1 = self.offset(y, by, obs);
            y2 = y1 + by;
        }
        if !self.fill_room(x1, y1, x2, y2) || self.rnd(4) == 0 {
            return;
        }
        if dir != 2 {
            self.create_block(x1, y1, by, 0);
        }
        if dir != 3 {
            self.create_block(x2, y1, bx, 1);
        }
        if dir != 0 {
            self.create_block(x1, y2, by, 2);
        }
        if dir != 1 {
            self.create_block(x1, y1, bx, 3);
        }
    }

    /// `FillDiagonals` (§4.3): 2x2 windows with only one diagonal set get a third cell.
    fn fill_diagonals(&mut self) {
        for y in 0..N - 1 {
            for x in 0..N - 1 {
                // the window as a 4-bit code: top-left 8, top-right 4, bottom-left 2, bottom-right 1
                let code = self.m[y][x] << 3
                    | self.m[y][x + 1] << 2
                    | self.m[y + 1][x] << 1
                    | self.m[y + 1][x + 1];
                if code == 0b0110 {
                    if self.rnd(2) == 0 {
                        self.m[y][x] = 1;
                    } else {
                        self.m[y + 1][x + 1] = 1;
                    }
                } else if code == 0b1001 {
                    if self.rnd(2) == 0 {
                        self.m[y][x + 1] = 1;
                    } else {
                        self.m[y + 1][x] = 1;
                    }
                }
            }
        }
    }

    /// `FillSingles` (§4.3): an empty cell with 8 floor neighbours becomes floor.
    fn fill_singles(&mut self) {
        for y in 1..N - 1 {
            for x in 1..N - 1 {
                let (up, row, down) = (&self.m[y - 1], &self.m[y], &self.m[y + 1]);
                let around = up[x - 1]
                    & up[x]
                    & up[x + 1]
                    & row[x - 1]
                    & row[x + 1]
                    & down[x - 1]
                    & down[x]
                    & down[x + 1];
                if row[x] == 0 && around == 1 {
                    self.m[y][x] = 1;
                }
            }
        }
    }

    /// One `FillStraights` pass (§4.3). Lines `0..39`, positions `0..37`; a cell of the run
    /// holds `run` and its neighbour one step across the line holds `1 - run`. A run of more
    /// than 3 cells ending before position 37 is re-rolled unless `rnd(2) == 0`: the run cells
    /// (`run == 0`) or their neighbours (`run == 1`) become `rnd(2)`.
    fn fill_straights(&mut self, columns: bool, run: u8) {
        let at = |l: usize, p: usize| if columns { (l, p) } else { (p, l) };
        for l in 0..N - 1 {
            // positions 0..37 of the line where a run cell is (bit p)
            let mut bits = 0u64;
            for p in 0..37 {
                let (x, y) = at(l, p);
                let (nx, ny) = at(l + 1, p);
                let hit = (self.m[y][x] == run) & (self.m[ny][nx] == 1 - run);
                bits |= (hit as u64) << p;
            }
            // runs of more than 3 that end before position 37
            while bits != 0 {
                let start = bits.trailing_zeros() as usize;
                let len = (!(bits >> start)).trailing_zeros() as usize;
                let end = start + len;
                bits &= !(((1u64 << len) - 1) << start);
                if end >= 37 {
                    break;
                }
                if len > 3 && self.rnd(2) != 0 {
                    let w = if run == 0 { l } else { l + 1 };
                    for k in start..end {
                        let (x, y) = at(w, k);
                        self.m[y][x] = self.rnd(2) as u8;
                    }
                }
            }
        }
    }

    /// `Lockout` (§4.3): a 4-connected flood (explicit stack) from the last floor cell in
    /// raster order reaches `area` cells.
    fn connected(&self, area: usize) -> bool {
        let Some(last) = (0..N * N).rev().find(|&i| self.m[i / N][i % N] == 1) else {
            return area == 0;
        };
        let mut seen = [[false; N]; N];
        let mut stack = Vec::with_capacity(N * N);
        seen[last / N][last % N] = true;
        stack.push((last % N, last / N));
        let mut reached = 0;
        while let Some((x, y)) = stack.pop() {
            reached += 1;
            let mut visit = |x: usize, y: usize| {
                if self.m[y][x] == 1 && !seen[y][x] {
                    seen[y][x] = true;
                    stack.push((x, y));
                }
            };
            if x > 0 {
                visit(x - 1, y);
            }
            if x + 1 < N {
                visit(x + 1, y);
            }
            if y > 0 {
                visit(x, y - 1);
            }
            if y + 1 < N {
                visit(x, y + 1);
            }
        }
        reached == area
    }
}

/// The layout loop of `CreateL3Dungeon` from `SetRndSeed(seed)` (§4.1): redraw until the
/// floor has at least 600 cells and is one 4-connected region.
pub fn layout(seed: u32) -> Layout {
    let mut g = Gen {
        s: seed,
        m: [[0; N]; N],
    };
    let mut tries = 0;
    loop {
        tries += 1;
        g.m = [[0; N]; N];
        let x1 = g.rnd(20) + 10;
        let y1 = g.rnd(20) + 10;
        g.fill_room(x1, y1, x1 + 2, y1 + 2);
        g.create_block(x1, y1, 2, 0);
        g.create_block(x1 + 2, y1, 2, 1);
        g.create_block(x1, y1 + 2, 2, 2);
        g.create_block(x1, y1, 2, 3);
        g.fill_diagonals();
        g.fill_singles();
        g.fill_straights(false, 0);
        g.fill_straights(false, 1);
        g.fill_straights(true, 0);
        g.fill_straights(true, 1);
        g.fill_diagonals();
        for row in g.m.iter_mut() {
            row[N - 1] = 0;
        }
        g.m[N - 1] = [0; N];
        let area = g.m.iter().flatten().filter(|&&c| c == 1).count();
        if area >= 600 && g.connected(area) {
            return Layout {
                tries,
                mask: g.m,
                state: g.s,
            };
        }
    }
}
