//! Hand-written native loops of the maze techniques (issue 45), the yardsticks of
//! benches/mazes.rs: each the plain loop a programmer would write for one fixed case, on a
//! row-major `Vec<u16>` of `w × h` tiles, drawing from the same random stream in the same
//! order as the operator, so the outputs can be compared tile for tile (benches/mazes.rs
//! asserts they are equal, on its 1024x1024 input, before timing). Tiles: 0 rock, 1 floor,
//! 2 door.

use std::collections::VecDeque;
use undercroft::rng::{RandomSource, Rng};

const DIRS: [(isize, isize); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

/// `GrowMaze(value: "1", solid: [0], newest: N, random: R, straight: S)` on the whole grid,
/// one-tile cells and walls, a random start, filling: `p_newest = N / (N + R)`.
pub fn grow_maze(t: &mut [u16], w: usize, h: usize, rng: &mut Rng, p_newest: f64, straight: f64) {
    let (cols, rows) = ((w - 1) / 2, (h - 1) / 2);
    let tile = |c: usize| (2 * (c / cols) + 1) * w + 2 * (c % cols) + 1;
    let mut free: Vec<bool> = (0..cols * rows).map(|c| t[tile(c)] == 0).collect();
    let n = free.iter().filter(|&&f| f).count();
    if n == 0 {
        return;
    }
    let k = rng.below(n as i64) as usize;
    let first = free.iter().enumerate().filter(|c| *c.1).nth(k).unwrap().0;
    let mut active = VecDeque::new();
    let mut last = usize::MAX;
    let mut start = Some(first);
    let mut next_fill = 0;
    while let Some(s) = start.take() {
        free[s] = false;
        t[tile(s)] = 1;
        active.push_back(s);
        while !active.is_empty() {
            let len = active.len();
            let i = if rng.chance(p_newest) {
                len - 1
            } else {
                rng.below(len as i64) as usize
            };
            let c = active[i];
            let (cx, cy) = (c % cols, c / cols);
            let mut open = [0usize; 4];
            let mut m = 0;
            for (d, &(dx, dy)) in DIRS.iter().enumerate() {
                let (nx, ny) = (cx as isize + dx, cy as isize + dy);
                if nx < 0 || ny < 0 || nx >= cols as isize || ny >= rows as isize {
                    continue;
                }
                let nb = ny as usize * cols + nx as usize;
                let wall = (tile(c) as isize + dy * w as isize + dx) as usize;
                if free[nb] && t[wall] == 0 {
                    open[m] = d;
                    m += 1;
                }
            }
            if m == 0 {
                active.remove(i);
                continue;
            }
            let d = if straight > 0.0 && open[..m].contains(&last) && rng.chance(straight) {
                last
            } else {
                open[rng.below(m as i64) as usize]
            };
            let (dx, dy) = DIRS[d];
            let nb = ((cy as isize + dy) as usize) * cols + (cx as isize + dx) as usize;
            t[(tile(c) as isize + dy * w as isize + dx) as usize] = 1;
            t[tile(nb)] = 1;
            free[nb] = false;
            active.push_back(nb);
            last = d;
        }
        while next_fill < free.len() && !free[next_fill] {
            next_fill += 1;
        }
        if next_fill < free.len() {
            start = Some(next_fill);
        }
    }
}

/// `ConnectRegions(open: [1], value: "2", extra: E)` on the whole grid.
pub fn connect_regions(t: &mut [u16], w: usize, h: usize, rng: &mut Rng, extra: f64) {
    const NONE: u32 = u32::MAX;
    let mut label = vec![NONE; t.len()];
    let mut stack = Vec::new();
    let mut n = 0u32;
    for i in 0..t.len() {
        if t[i] != 1 || label[i] != NONE {
            continue;
        }
        label[i] = n;
        stack.push(i);
        while let Some(j) = stack.pop() {
            let (x, y) = (j % w, j / w);
            for (k, ok) in [
                (j + 1, x + 1 < w),
                (j.wrapping_sub(1), x > 0),
                (j + w, y + 1 < h),
                (j.wrapping_sub(w), y > 0),
            ] {
                if ok && t[k] == 1 && label[k] == NONE {
                    label[k] = n;
                    stack.push(k);
                }
            }
        }
        n += 1;
    }
    let mut cands: Vec<(usize, [u32; 4], usize)> = Vec::new();
    for i in 0..t.len() {
        if label[i] != NONE {
            continue;
        }
        let (x, y) = (i % w, i / w);
        let mut r = [0u32; 4];
        let mut k = 0;
        for (j, ok) in [
            (i + 1, x + 1 < w),
            (i.wrapping_sub(1), x > 0),
            (i + w, y + 1 < h),
            (i.wrapping_sub(w), y > 0),
        ] {
            if ok && label[j] != NONE && !r[..k].contains(&label[j]) {
                r[k] = label[j];
                k += 1;
            }
        }
        if k >= 2 {
            cands.push((i, r, k));
        }
    }
    for i in (1..cands.len()).rev() {
        let j = rng.below(i as i64 + 1) as usize;
        cands.swap(i, j);
    }
    let mut parent: Vec<u32> = (0..n).collect();
    fn root(p: &mut [u32], mut a: u32) -> u32 {
        while p[a as usize] != a {
            p[a as usize] = p[p[a as usize] as usize];
            a = p[a as usize];
        }
        a
    }
    let mut opened = vec![false; t.len()];
    for &(i, r, k) in &cands {
        let first = root(&mut parent, r[0]);
        let mut joined = false;
        for &reg in &r[1..k] {
            let b = root(&mut parent, reg);
            if b != first {
                parent[b as usize] = first;
                joined = true;
            }
        }
        if !joined {
            if extra <= 0.0 || !rng.chance(extra) {
                continue;
            }
            let (x, y) = ((i % w) as isize, (i / w) as isize);
            let mut near = false;
            for dy in -1..=1isize {
                for dx in -1..=1isize {
                    let (nx, ny) = (x + dx, y + dy);
                    if (dx, dy) != (0, 0)
                        && nx >= 0
                        && ny >= 0
                        && nx < w as isize
                        && ny < h as isize
                    {
                        near |= opened[ny as usize * w + nx as usize];
                    }
                }
            }
            if near {
                continue;
            }
        }
        opened[i] = true;
        t[i] = 2;
    }
}

/// `RemoveDeadEnds(open: [1, 2], value: "0")` on the whole grid, to exhaustion.
pub fn remove_dead_ends(t: &mut [u16], w: usize, h: usize) {
    let open = |t: &[u16], i: usize| t[i] == 1 || t[i] == 2;
    let dead = |t: &[u16], i: usize| {
        let (x, y) = (i % w, i / w);
        let exits = (x + 1 < w && open(t, i + 1)) as u32
            + (x > 0 && open(t, i - 1)) as u32
            + (y + 1 < h && open(t, i + w)) as u32
            + (y > 0 && open(t, i - w)) as u32;
        open(t, i) && exits <= 1
    };
    let mut queued = vec![false; t.len()];
    let mut now: Vec<usize> = (0..t.len()).filter(|&i| dead(t, i)).collect();
    for &i in &now {
        queued[i] = true;
    }
    let mut next = Vec::new();
    while !now.is_empty() {
        for &i in &now {
            t[i] = 0;
        }
        for &i in &now {
            let (x, y) = (i % w, i / w);
            for (j, ok) in [
                (i + 1, x + 1 < w),
                (i.wrapping_sub(1), x > 0),
                (i + w, y + 1 < h),
                (i.wrapping_sub(w), y > 0),
            ] {
                if ok && !queued[j] && dead(t, j) {
                    queued[j] = true;
                    next.push(j);
                }
            }
        }
        std::mem::swap(&mut now, &mut next);
        next.clear();
    }
}

/// `DistanceField(on: tiles, open: [1, 2], from: [Cell(source)], unreachable: 65535)`: the
/// walking distances written into `out`.
pub fn distance_field(t: &[u16], w: usize, h: usize, source: (usize, usize), out: &mut [u16]) {
    out.fill(u16::MAX);
    let mut queue = Vec::with_capacity(t.len());
    let s = source.1 * w + source.0;
    if t[s] == 1 || t[s] == 2 {
        out[s] = 0;
        queue.push(s);
    }
    let mut head = 0;
    while head < queue.len() {
        let i = queue[head];
        head += 1;
        let d = out[i];
        let (x, y) = (i % w, i / w);
        for (j, ok) in [
            (i + 1, x + 1 < w),
            (i.wrapping_sub(1), x > 0),
            (i + w, y + 1 < h),
            (i.wrapping_sub(w), y > 0),
        ] {
            if ok && out[j] == u16::MAX && (t[j] == 1 || t[j] == 2) {
                out[j] = (d + 1).min(65534);
                queue.push(j);
            }
        }
    }
}

/// The fields of a `RandomWalk(value: "1", steps: S, turn: T, walkers: N, start: (x, y))`.
pub struct Walk {
    /// Where every walker starts.
    pub start: (usize, usize),
    /// How many walkers.
    pub n: usize,
    /// Rounds (one step of each walker per round).
    pub steps: u64,
    /// Chance of a new direction before each step.
    pub turn: f64,
}

/// `RandomWalk` on the whole grid, brush 1: `n` walkers from `start`, `steps` rounds.
pub fn walkers(t: &mut [u16], w: usize, h: usize, rng: &mut Rng, walk: &Walk) {
    let Walk {
        start,
        n,
        steps,
        turn,
    } = *walk;
    let mut ws: Vec<(isize, isize, usize)> = Vec::with_capacity(n);
    for _ in 0..n {
        let dir = rng.below(4) as usize;
        ws.push((start.0 as isize, start.1 as isize, dir));
        t[start.1 * w + start.0] = 1;
    }
    for _ in 0..steps {
        for wk in ws.iter_mut() {
            if rng.chance(turn) {
                wk.2 = rng.below(4) as usize;
            }
            let (dx, dy) = DIRS[wk.2];
            let (nx, ny) = (wk.0 + dx, wk.1 + dy);
            if nx >= 0 && ny >= 0 && nx < w as isize && ny < h as isize {
                wk.0 = nx;
                wk.1 = ny;
                t[ny as usize * w + nx as usize] = 1;
            }
        }
    }
}
