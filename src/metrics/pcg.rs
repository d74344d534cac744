//! The room-map measures of the PCG benchmark (`amidos2006/pcg_benchmark`, FDG 2025, MIT):
//! the content of its room-map problem, its `info`, and its quality, diversity and
//! controllability scores — each both **as implemented** there and **as corrected** where
//! the implementation disagrees with its own description (spec/isaac.md §7, which read and
//! ran the code). Nothing is copied from the benchmark; this follows the sheet.
//!
//! Content (§7.2): a `w × h` map, `layout[y * w + x]` 0 for no room, else a door mask
//! (1 west, 2 north, 4 east, 8 south); four indices into it: start, boss, shop, treasure.
//!
//! The two corrections (§7.3 item 7, §7.6):
//! * `player_boss_distance`: the benchmark writes the start and boss markers at maze cell
//!   (row y, column x) of the *layout* coordinates instead of the room centres
//!   (3y + 1, 3x + 1); [`Info::distance_as_implemented`] keeps that, and
//!   [`Info::distance_corrected`] puts them at the centres.
//! * controllability: the benchmark's trapezoid passes only when `rooms >= c + 0.2 w h`;
//!   its README says "rooms equal to the control", which [`control_corrected`] scores
//!   (1 at `c`, linear to 0 at `c ± 0.2 w h`).

/// One map of the benchmark's room-map problem.
#[derive(Debug, Clone, PartialEq)]
pub struct Content {
    /// Columns.
    pub w: usize,
    /// Rows.
    pub h: usize,
    /// `w * h` cells, row-major: 0 = no room, else a door mask (1 W, 2 N, 4 E, 8 S).
    pub layout: Vec<u8>,
    /// Index of the start cell.
    pub start: usize,
    /// Index of the boss cell.
    pub boss: usize,
    /// Index of the shop cell.
    pub shop: usize,
    /// Index of the treasure cell.
    pub treasure: usize,
}

/// The benchmark's `info` of one content (§7.3).
#[derive(Debug, Clone, PartialEq)]
pub struct Info {
    /// Cells holding a room.
    pub map_size: usize,
    /// 4-connected groups of rooms (doors ignored).
    pub num_regions: usize,
    /// 4-connected groups of room and door cells of the maze.
    pub connect_regions: usize,
    /// Doors on the maze border, doors without a matching door opposite, doors into
    /// nothing.
    pub loose: usize,
    /// Distinct indices among start, boss, treasure, shop that point at a room.
    pub locations: usize,
    /// Maze steps start → boss with the markers where the benchmark writes them; -1 when
    /// unreachable or a marker is lost.
    pub distance_as_implemented: i64,
    /// The same with the markers at the room centres.
    pub distance_corrected: i64,
    /// Boss, treasure and shop cells with a single door (reported, unused in any score).
    pub dead_end: usize,
    /// The maze, `3h × 3w` row-major: 1 room centre, 2 door, 0 else.
    pub maze: Vec<u8>,
}

/// The benchmark's reward trapezoid `r(v, lo, pl, ph, hi)`: 1 on `[pl, ph]`, a linear ramp
/// from `lo` up to `pl` and from `ph` down to `hi`, 0 at or beyond `lo` and `hi`.
pub fn reward(v: f64, lo: f64, pl: f64, ph: f64, hi: f64) -> f64 {
    if v >= pl && v <= ph {
        1.0
    } else if v <= lo || v >= hi {
        0.0
    } else if v < pl {
        (v - lo) / (pl - lo)
    } else {
        (hi - v) / (hi - ph)
    }
}

/// The four neighbour steps with the door bit of a room towards each: W, N, E, S.
const SIDES: [(i64, i64, u8); 4] = [(-1, 0, 1), (0, -1, 2), (1, 0, 4), (0, 1, 8)];

/// Number of 4-connected groups of cells of a `w`-column grid for which `on` holds.
fn groups(cells: usize, w: usize, on: impl Fn(usize) -> bool) -> usize {
    let h = cells.checked_div(w).unwrap_or(0);
    let mut seen = vec![false; cells];
    let mut n = 0;
    let mut stack = Vec::new();
    for first in 0..cells {
        if seen[first] || !on(first) {
            continue;
        }
        n += 1;
        seen[first] = true;
        stack.push(first);
        while let Some(i) = stack.pop() {
            let (x, y) = ((i % w) as i64, (i / w) as i64);
            for (dx, dy, _) in SIDES {
                let (nx, ny) = (x + dx, y + dy);
                if nx < 0 || ny < 0 || nx >= w as i64 || ny >= h as i64 {
                    continue;
                }
                let j = ny as usize * w + nx as usize;
                if !seen[j] && on(j) {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
    }
    n
}

/// Breadth-first steps from maze cell `from` to `to` through cells of value 1..=4 of the
/// marked maze; -1 when unreachable.
fn maze_steps(maze: &[u8], mw: usize, from: usize, to: usize) -> i64 {
    let mh = maze.len() / mw;
    let mut dist = vec![-1i64; maze.len()];
    let mut queue = std::collections::VecDeque::from([from]);
    dist[from] = 0;
    while let Some(i) = queue.pop_front() {
        if i == to {
            return dist[i];
        }
        let (x, y) = ((i % mw) as i64, (i / mw) as i64);
        for (dx, dy, _) in SIDES {
            let (nx, ny) = (x + dx, y + dy);
            if nx < 0 || ny < 0 || nx >= mw as i64 || ny >= mh as i64 {
                continue;
            }
            let j = ny as usize * mw + nx as usize;
            if dist[j] < 0 && (1..=4).contains(&maze[j]) {
                dist[j] = dist[i] + 1;
                queue.push_back(j);
            }
        }
    }
    -1
}

/// Write the start marker (3) then the boss marker (4) at maze cells `s` and `b` and
/// measure the steps between them; a boss marker on the start marker loses the start.
fn marked_distance(maze: &[u8], mw: usize, s: usize, b: usize) -> i64 {
    let mut m = maze.to_vec();
    m[s] = 3;
    m[b] = 4;
    if m[s] != 3 {
        return -1;
    }
    maze_steps(&m, mw, s, b)
}

impl Content {
    /// Whether the content is valid for the benchmark (§7.2): `w * h` cells of 0..15 and
    /// four indices inside the map.
    pub fn valid(&self) -> bool {
        let n = self.w * self.h;
        n > 0
            && self.layout.len() == n
            && self.layout.iter().all(|&v| v <= 15)
            && [self.start, self.boss, self.shop, self.treasure]
                .iter()
                .all(|&i| i < n)
    }

    /// The benchmark's `info` (§7.3). The content must be [`valid`](Self::valid).
    pub fn info(&self) -> Info {
        let (w, h) = (self.w, self.h);
        let n = w * h;
        let room = |i: usize| self.layout[i] != 0;
        let map_size = (0..n).filter(|&i| room(i)).count();
        let num_regions = groups(n, w, room);
        let mw = 3 * w;
        let mut maze = vec![0u8; 9 * n];
        for i in (0..n).filter(|&i| room(i)) {
            let (x, y) = (i % w, i / w);
            maze[(3 * y + 1) * mw + 3 * x + 1] = 1;
            let v = self.layout[i];
            let at = [
                (1, (3 * y + 1) * mw + 3 * x),
                (2, 3 * y * mw + 3 * x + 1),
                (4, (3 * y + 1) * mw + 3 * x + 2),
                (8, (3 * y + 2) * mw + 3 * x + 1),
            ];
            for (bit, c) in at {
                if v & bit != 0 {
                    maze[c] = 2;
                }
            }
        }
        let connect_regions = groups(9 * n, mw, |i| maze[i] == 1 || maze[i] == 2);
        // Loose doors: on the maze border, and every unmatched door between two slots.
        let mh = 3 * h;
        let border = (0..9 * n)
            .filter(|&i| {
                let (x, y) = (i % mw, i / mw);
                maze[i] == 2 && (x == 0 || y == 0 || x == mw - 1 || y == mh - 1)
            })
            .count();
        let mut pairs = 0;
        for y in 0..h {
            for x in 0..w {
                let v = self.layout[y * w + x];
                if x + 1 < w {
                    let e = self.layout[y * w + x + 1];
                    pairs += ((v & 4 != 0) != (e & 1 != 0)) as usize;
                }
                if y + 1 < h {
                    let s = self.layout[(y + 1) * w + x];
                    pairs += ((v & 8 != 0) != (s & 2 != 0)) as usize;
                }
            }
        }
        let specials = [self.start, self.boss, self.treasure, self.shop];
        let mut located: Vec<usize> = specials.iter().copied().filter(|&i| room(i)).collect();
        located.sort_unstable();
        located.dedup();
        let centre = |i: usize| (3 * (i / w) + 1) * mw + 3 * (i % w) + 1;
        // As implemented: the layout coordinates (row i / w, column i % w) used as maze cells.
        let raw = |i: usize| (i / w) * mw + i % w;
        let distance_as_implemented = marked_distance(&maze, mw, raw(self.start), raw(self.boss));
        let distance_corrected = marked_distance(&maze, mw, centre(self.start), centre(self.boss));
        let dead_end = [self.boss, self.treasure, self.shop]
            .iter()
            .filter(|&&i| self.layout[i].count_ones() == 1)
            .count();
        Info {
            map_size,
            num_regions,
            connect_regions,
            loose: border + pairs,
            locations: located.len(),
            distance_as_implemented,
            distance_corrected,
            dead_end,
            maze,
        }
    }
}

/// The quality score (§7.4) of `info` for a `w × h` map with room target `target`, using
/// the distance as implemented (`corrected` false) or corrected. Passes at 1.
pub fn quality(info: &Info, w: usize, h: usize, target: f64, corrected: bool) -> f64 {
    let wh = (w * h) as f64;
    let s1 = reward(info.map_size as f64, 0.0, target, wh, wh);
    let region = |v: usize| reward(v as f64, 0.0, 1.0, 1.0, wh);
    let s2 = if s1 < 1.0 {
        0.0
    } else {
        (region(info.num_regions) + region(info.connect_regions)) / 2.0
    };
    let d = if corrected {
        info.distance_corrected
    } else {
        info.distance_as_implemented
    };
    let s3 = if s2 < 1.0 {
        0.0
    } else {
        let loc = reward(info.locations as f64, 0.0, 4.0, 4.0, 4.0);
        let far = reward(d as f64, 0.0, (w + h) as f64, 9.0 * wh, 9.0 * wh);
        (loc + far) / 2.0
    };
    let s4 = if s3 < 1.0 {
        0.0
    } else {
        reward(info.loose as f64, 0.0, 0.0, 0.0, wh)
    };
    0.9 * (s1 + s2 + s3) / 3.0 + 0.1 * s4
}

/// Diversity of one pair of maps of the same size (§7.5): room-centre and door cells that
/// differ, each as a share of `w h` (at most 1), weighted 1/4 and 3/4, scaled so that
/// 0.6 scores 1.
pub fn pair_diversity(a: &Info, b: &Info, w: usize, h: usize) -> f64 {
    let wh = (w * h) as f64;
    let (mut rooms, mut doors) = (0usize, 0usize);
    for (&x, &y) in a.maze.iter().zip(&b.maze) {
        match x.abs_diff(y) {
            1 => rooms += 1,
            2 => doors += 1,
            _ => {}
        }
    }
    let c = 0.25 * (rooms as f64 / wh).min(1.0) + 0.75 * (doors as f64 / wh).min(1.0);
    reward(c, 0.0, 0.6, 1.0, 1.0)
}

/// The set diversity (§7.5): the share of maps that keep a score of 1 after the most
/// similar maps are removed one by one (similarity = 1 - pair diversity, 1 with itself;
/// the map with the largest row sum goes first, the first of equal sums; it scores
/// `1 - (sum - 1) / non-zero entries`, below 1); when no row sum is above 1, every map
/// left scores 1.
pub fn set_diversity(infos: &[Info], w: usize, h: usize) -> f64 {
    let n = infos.len();
    if n == 0 {
        return 0.0;
    }
    let mut sim = vec![vec![1.0f64; n]; n];
    for i in 0..n {
        for j in i + 1..n {
            let s = 1.0 - pair_diversity(&infos[i], &infos[j], w, h);
            sim[i][j] = s;
            sim[j][i] = s;
        }
    }
    let mut left: Vec<usize> = (0..n).collect();
    loop {
        let sums: Vec<f64> = left
            .iter()
            .map(|&i| left.iter().map(|&j| sim[i][j]).sum())
            .collect();
        let (mut best, mut top) = (0, f64::MIN);
        for (k, &s) in sums.iter().enumerate() {
            if s > top {
                (best, top) = (k, s);
            }
        }
        if top <= 1.0 {
            return left.len() as f64 / n as f64;
        }
        left.remove(best);
    }
}

/// Controllability as implemented (§7.6): `r(rooms, c - e, c + e, w h)` with
/// `e = 0.2 w h`, which is 1 only when `c + e <= rooms <= w h`.
pub fn control_as_implemented(info: &Info, w: usize, h: usize, c: f64) -> f64 {
    let wh = (w * h) as f64;
    let e = 0.2 * wh;
    reward(info.map_size as f64, c - e, c + e, wh, wh)
}

/// Controllability as the benchmark describes it ("rooms equal to the control"): 1 when
/// `rooms == c`, linear to 0 at `c ± 0.2 w h`.
pub fn control_corrected(info: &Info, w: usize, h: usize, c: f64) -> f64 {
    let e = 0.2 * (w * h) as f64;
    reward(info.map_size as f64, c - e, c, c, c + e)
}
