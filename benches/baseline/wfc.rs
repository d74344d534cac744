//! A plain hand-written wave function collapse, the tiled model, for `benches/wfc_baseline.rs`:
//! what a programmer would write for one model of at most 64 tiles — a `u64` of possible
//! tiles per cell, a binary heap of cells by entropy (stale entries skipped), a stack of
//! changed cells whose neighbours are narrowed by the union of the allowed tiles. No fixed
//! cells, no border, no restarts (the bench's model cannot contradict; a contradiction here
//! returns `None`).

use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// A tiled model: weights, and `allowed[d][t]`: the tiles allowed next to `t` in direction
/// `d` (right, down, left, up) as bits.
pub struct Model {
    pub weights: Vec<f64>,
    pub allowed: [Vec<u64>; 4],
}

const DIRS: [(i32, i32); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];

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

/// splitmix64.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// Collapse a `w × h` output; the tile index of each cell, row-major.
pub fn collapse(m: &Model, w: i32, h: i32, seed: u64) -> Option<Vec<u8>> {
    let n = (w * h) as usize;
    let tiles = m.weights.len();
    let full = if tiles == 64 {
        u64::MAX
    } else {
        (1u64 << tiles) - 1
    };
    let wlogw: Vec<f64> = m.weights.iter().map(|w| w * w.ln()).collect();
    let mut rng = Rng(seed);
    let mut wave = vec![full; n];
    let mut sum_w = vec![m.weights.iter().sum::<f64>(); n];
    let mut sum_wl = vec![wlogw.iter().sum::<f64>(); n];
    let noise: Vec<f64> = (0..n).map(|_| rng.unit() * 1e-6).collect();
    let entropy = |c: usize, sw: &[f64], swl: &[f64]| sw[c].ln() - swl[c] / sw[c] + noise[c];
    let mut heap: BinaryHeap<Entry> = (0..n)
        .map(|c| Entry(entropy(c, &sum_w, &sum_wl), c as u32))
        .collect();
    let mut key: Vec<f64> = (0..n).map(|c| entropy(c, &sum_w, &sum_wl)).collect();
    let mut stack: Vec<u32> = Vec::new();
    while let Some(Entry(k, c)) = heap.pop() {
        let c = c as usize;
        if wave[c].count_ones() <= 1 || key[c] != k {
            continue;
        }
        // draw a tile by weight
        let mut r = rng.unit() * sum_w[c];
        let mut pick = 0;
        let mut bits = wave[c];
        while bits != 0 {
            pick = bits.trailing_zeros() as usize;
            r -= m.weights[pick];
            if r < 0.0 {
                break;
            }
            bits &= bits - 1;
        }
        wave[c] = 1 << pick;
        sum_w[c] = m.weights[pick];
        sum_wl[c] = wlogw[pick];
        stack.push(c as u32);
        while let Some(c) = stack.pop() {
            let c = c as usize;
            let (x, y) = ((c as i32) % w, (c as i32) / w);
            let mut allowed = [0u64; 4];
            let mut bits = wave[c];
            while bits != 0 {
                let t = bits.trailing_zeros() as usize;
                for (a, table) in allowed.iter_mut().zip(&m.allowed) {
                    *a |= table[t];
                }
                bits &= bits - 1;
            }
            for (d, (dx, dy)) in DIRS.iter().enumerate() {
                let (nx, ny) = (x + dx, y + dy);
                if nx < 0 || ny < 0 || nx >= w || ny >= h {
                    continue;
                }
                let nc = (ny * w + nx) as usize;
                let new = wave[nc] & allowed[d];
                if new == wave[nc] {
                    continue;
                }
                if new == 0 {
                    return None;
                }
                let mut gone = wave[nc] & !new;
                while gone != 0 {
                    let t = gone.trailing_zeros() as usize;
                    sum_w[nc] -= m.weights[t];
                    sum_wl[nc] -= wlogw[t];
                    gone &= gone - 1;
                }
                wave[nc] = new;
                stack.push(nc as u32);
                if new.count_ones() > 1 {
                    key[nc] = entropy(nc, &sum_w, &sum_wl);
                    heap.push(Entry(key[nc], nc as u32));
                }
            }
        }
    }
    Some(wave.iter().map(|b| b.trailing_zeros() as u8).collect())
}
