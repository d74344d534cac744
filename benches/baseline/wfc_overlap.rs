//! A plain hand-written wave function collapse, the overlapping model, for
//! `benches/wfc_overlap.rs`: the patterns of an example grid learnt with a hash map, a
//! `Vec<u64>` of `words` words per wave cell, a binary heap of cells by entropy (stale entries
//! skipped), a stack of changed cells whose neighbours are narrowed by the union of the
//! states their remaining states allow (one OR of a compatibility row per remaining state).
//! No fixed cells or border. It draws from the same random stream in the same order as
//! `WaveFunctionCollapse` (a noise seed per attempt, then a state per observation) and
//! breaks ties the same way, so for one seed it gives the same tiles, restarts included.

use std::cmp::Ordering;
use std::collections::{BinaryHeap, HashMap};
use undercroft::rng::{RandomSource, Rng};

/// An example grid: `n × n` patterns of `cells` (`w × h`, row-major), turned and mirrored,
/// wrapping around its edges or not.
pub struct Example<'a> {
    pub n: usize,
    pub w: usize,
    pub h: usize,
    pub cells: &'a [u16],
    pub rotate: bool,
    pub mirror: bool,
    pub wrap: bool,
}

impl<'a> Example<'a> {
    /// The example of a pattern file's `example` item (read untimed, as the engine's load
    /// reads it).
    pub fn of(ex: &'a undercroft::lang::pattern::Example) -> Example<'a> {
        Example {
            n: ex.n as usize,
            w: ex.grid.width as usize,
            h: ex.grid.height as usize,
            cells: &ex.grid.cells,
            rotate: ex.rotate,
            mirror: ex.mirror,
            wrap: ex.wrap,
        }
    }
}

/// The learnt model: each pattern's tiles and weight (its count), and `allowed[d][s]`: the
/// patterns allowed next to `s` in direction `d` (right, down, left, up), `words` words each.
pub struct Model {
    pub n: usize,
    pub words: usize,
    pub patterns: Vec<Vec<u16>>,
    pub weights: Vec<f64>,
    pub allowed: [Vec<Vec<u64>>; 4],
}

const DIRS: [(i32, i32); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];

/// The patterns of `ex` in order of first occurrence (each followed by its turns, then all
/// of those mirrored), weighted by how often they occur.
pub fn learn(ex: &Example) -> Model {
    let n = ex.n;
    let mut index: HashMap<Vec<u16>, usize> = HashMap::new();
    let (mut patterns, mut weights): (Vec<Vec<u16>>, Vec<f64>) = (Vec::new(), Vec::new());
    let (xs, ys) = if ex.wrap {
        (ex.w, ex.h)
    } else {
        (ex.w + 1 - n, ex.h + 1 - n)
    };
    for y in 0..ys {
        for x in 0..xs {
            let p: Vec<u16> = (0..n * n)
                .map(|k| ex.cells[(y + k / n) % ex.h * ex.w + (x + k % n) % ex.w])
                .collect();
            let mut all = vec![p];
            if ex.rotate {
                for i in 0..3 {
                    let q = &all[i];
                    let t = (0..n * n).map(|k| q[(n - 1 - k % n) * n + k / n]).collect();
                    all.push(t);
                }
            }
            if ex.mirror {
                let m: Vec<Vec<u16>> = (all.iter())
                    .map(|q| (0..n * n).map(|k| q[(k / n) * n + n - 1 - k % n]).collect())
                    .collect();
                all.extend(m);
            }
            for v in all {
                let i = *index.entry(v.clone()).or_insert_with(|| {
                    patterns.push(v);
                    weights.push(0.0);
                    patterns.len() - 1
                });
                weights[i] += 1.0;
            }
        }
    }
    let words = patterns.len().div_ceil(64);
    let agree = |p: &[u16], q: &[u16], (dx, dy): (i32, i32)| {
        let n = n as i32;
        (0..n).all(|y| {
            (0..n).all(|x| {
                let (qx, qy) = (x - dx, y - dy);
                qx < 0
                    || qy < 0
                    || qx >= n
                    || qy >= n
                    || p[(y * n + x) as usize] == q[(qy * n + qx) as usize]
            })
        })
    };
    let allowed = std::array::from_fn(|d| {
        (patterns.iter())
            .map(|p| {
                let mut row = vec![0u64; words];
                for (q, pq) in patterns.iter().enumerate() {
                    if agree(p, pq, DIRS[d]) {
                        row[q / 64] |= 1 << (q % 64);
                    }
                }
                row
            })
            .collect()
    });
    Model {
        n,
        words,
        patterns,
        weights,
        allowed,
    }
}

struct Entry(f64, u32);
impl PartialEq for Entry {
    fn eq(&self, o: &Self) -> bool {
        self.cmp(o) == Ordering::Equal
    }
}
impl Eq for Entry {}
impl PartialOrd for Entry {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Entry {
    fn cmp(&self, o: &Self) -> Ordering {
        o.0.total_cmp(&self.0).then(o.1.cmp(&self.1))
    }
}

/// Collapse a `w × h` output (from a random stream `rng`), starting again after a
/// contradiction at most `restarts` times: the tiles, row-major, and the contradictions met;
/// `None` when every attempt contradicted.
pub fn collapse(
    m: &Model,
    w: usize,
    h: usize,
    rng: &mut Rng,
    restarts: u32,
) -> (Option<Vec<u16>>, u32) {
    let mut contradictions = 0;
    loop {
        if let Some(t) = attempt(m, w, h, rng) {
            return (Some(t), contradictions);
        }
        contradictions += 1;
        if contradictions > restarts {
            return (None, contradictions);
        }
    }
}

/// The wave of an attempt: `k` words of states per cell, with each cell's count of states
/// and the sums of their weights and `w · ln w`; the stack of cells to propagate from, and
/// the cells narrowed since the last observation.
struct Wave {
    k: usize,
    bits: Vec<u64>,
    count: Vec<u32>,
    sum_w: Vec<f64>,
    sum_wl: Vec<f64>,
    stack: Vec<u32>,
    queued: Vec<bool>,
    changed: Vec<u32>,
}

impl Wave {
    /// Keep only the states `keep` in cell `c`; false when none is left.
    fn narrow(&mut self, m: &Model, wlogw: &[f64], c: usize, keep: &[u64]) -> bool {
        let k = self.k;
        let mut same = true;
        for (i, &kept) in keep.iter().enumerate().take(k) {
            let old = self.bits[c * k + i];
            let new = old & kept;
            same &= old == new;
            let mut gone = old & !new;
            while gone != 0 {
                let s = i * 64 + gone.trailing_zeros() as usize;
                self.count[c] -= 1;
                self.sum_w[c] -= m.weights[s];
                self.sum_wl[c] -= wlogw[s];
                gone &= gone - 1;
            }
            self.bits[c * k + i] = new;
        }
        if same {
            return true;
        }
        if self.count[c] == 0 {
            return false;
        }
        if !self.queued[c] {
            self.queued[c] = true;
            self.stack.push(c as u32);
        }
        self.changed.push(c as u32);
        true
    }
}

/// One attempt from the full wave; `None` on a contradiction.
fn attempt(m: &Model, w: usize, h: usize, rng: &mut Rng) -> Option<Vec<u16>> {
    let (ww, wh) = (w + 1 - m.n, h + 1 - m.n);
    let (cells, k) = (ww * wh, m.words);
    let states = m.patterns.len();
    let wlogw: Vec<f64> = m.weights.iter().map(|w| w * w.ln()).collect();
    let mut full = vec![0u64; k];
    for s in 0..states {
        full[s / 64] |= 1 << (s % 64);
    }
    let mut wv = Wave {
        k,
        bits: full.repeat(cells),
        count: vec![states as u32; cells],
        sum_w: vec![m.weights.iter().sum::<f64>(); cells],
        sum_wl: vec![wlogw.iter().sum::<f64>(); cells],
        stack: Vec::new(),
        queued: vec![false; cells],
        changed: Vec::new(),
    };
    let noise_seed = rng.below(1 << 30).max(0) as u64;
    let entropy = |c: usize, sw: f64, swl: f64| {
        let mut z = noise_seed ^ (c as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        sw.ln() - swl / sw + ((z >> 44) as f64) * (1e-6 / (1u64 << 20) as f64)
    };
    let mut key: Vec<f64> = (0..cells)
        .map(|c| entropy(c, wv.sum_w[c], wv.sum_wl[c]))
        .collect();
    let mut heap: BinaryHeap<Entry> = (0..cells).map(|c| Entry(key[c], c as u32)).collect();
    let mut allowed = vec![0u64; 4 * k];
    let mut one = vec![0u64; k];
    while let Some(Entry(e, c)) = heap.pop() {
        let c = c as usize;
        if wv.count[c] <= 1 || key[c] != e {
            continue;
        }
        // draw a state by weight
        let mut r = rng.below(1 << 24).max(0) as f64 / (1 << 24) as f64 * wv.sum_w[c];
        let mut pick = 0;
        'draw: for i in 0..k {
            let mut bits = wv.bits[c * k + i];
            while bits != 0 {
                pick = i * 64 + bits.trailing_zeros() as usize;
                r -= m.weights[pick];
                if r < 0.0 {
                    break 'draw;
                }
                bits &= bits - 1;
            }
        }
        one.fill(0);
        one[pick / 64] = 1 << (pick % 64);
        if !wv.narrow(m, &wlogw, c, &one) {
            return None;
        }
        while let Some(c) = wv.stack.pop() {
            let c = c as usize;
            wv.queued[c] = false;
            allowed.fill(0);
            for i in 0..k {
                let mut bits = wv.bits[c * k + i];
                while bits != 0 {
                    let s = i * 64 + bits.trailing_zeros() as usize;
                    for d in 0..4 {
                        for (a, b) in allowed[d * k..][..k].iter_mut().zip(&m.allowed[d][s]) {
                            *a |= b;
                        }
                    }
                    bits &= bits - 1;
                }
            }
            let (x, y) = (c % ww, c / ww);
            for (d, (dx, dy)) in DIRS.iter().enumerate() {
                let (nx, ny) = (x as i32 + dx, y as i32 + dy);
                if nx < 0 || ny < 0 || nx >= ww as i32 || ny >= wh as i32 {
                    continue;
                }
                let nc = ny as usize * ww + nx as usize;
                if !wv.narrow(m, &wlogw, nc, &allowed[d * k..(d + 1) * k]) {
                    return None;
                }
            }
        }
        // a new heap entry for each narrowed cell left undecided (once: its key is then
        // up to date)
        for &c in &wv.changed {
            let c = c as usize;
            let now = entropy(c, wv.sum_w[c], wv.sum_wl[c]);
            if wv.count[c] > 1 && key[c] != now {
                key[c] = now;
                heap.push(Entry(now, c as u32));
            }
        }
        wv.changed.clear();
    }
    // each tile from the pattern of the wave cell whose top-left it is, or beyond the
    // wave's last column or row, from the pattern of the last one
    let mut out = Vec::with_capacity(w * h);
    for oy in 0..h {
        for ox in 0..w {
            let (px, py) = (ox.min(ww - 1), oy.min(wh - 1));
            let c = py * ww + px;
            let i = (0..k).find(|&i| wv.bits[c * k + i] != 0).unwrap();
            let s = i * 64 + wv.bits[c * k + i].trailing_zeros() as usize;
            out.push(m.patterns[s][(oy - py) * m.n + ox - px]);
        }
    }
    Some(out)
}
