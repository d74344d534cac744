//! The solver: a wave of bitsets (one bit per state and cell), observation of the cell of
//! lowest entropy, propagation by bitset arc consistency, restarts after a contradiction.
//!
//! Fixed cells first narrow the wave and are propagated once; that wave is kept, and every
//! attempt starts from a copy of it. An attempt draws one number (the tie-break noise of
//! every cell) and then one per observation (the state, drawn by weight), so a run is
//! deterministic for a seed. The number of states decides the width of a cell's bitset at
//! compile time of the solver (1, 2, 4, 8 or 16 words).

use super::model::{Model, DIRS};
use crate::engine::budget::Budget;
use crate::engine::grid::Dims;
use crate::rng::RandomSource;
use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// What to solve: an output of `width × height` tiles, some of them fixed.
pub struct Task<'a> {
    /// The model.
    pub model: &'a Model,
    /// Output columns.
    pub width: i32,
    /// Output rows.
    pub height: i32,
    /// Tiles the output must hold: `(x, y, tile)`, `x` in `-1..=width`, `y` in
    /// `-1..=height` (one cell outside: the output's neighbours, e.g. a border).
    pub fixed: &'a [(i32, i32, u16)],
    /// Contradictions allowed before giving up (each starts a new attempt).
    pub restarts: u32,
}

/// How a solve ended.
#[derive(Debug, PartialEq)]
pub enum Outcome {
    /// The output tiles, row-major.
    Solved(Vec<u16>),
    /// The output is smaller than the model's patterns.
    TooSmall,
    /// The fixed cells contradict the model (no attempt can succeed).
    Unsatisfiable,
    /// Every attempt met a contradiction.
    GaveUp,
    /// The run's time budget ran out (the interpreter then ends the run).
    OutOfTime,
}

/// Solve `task`, drawing from `rng` and spending from `budget` (one unit per observation and
/// per cell whose change is propagated). Returns the outcome and the contradictions met.
pub fn solve(task: &Task, rng: &mut impl RandomSource, budget: &mut Budget) -> (Outcome, u32) {
    match task.model.words {
        1 => Solver::<1>::run(task, rng, budget),
        2 => Solver::<2>::run(task, rng, budget),
        3..=4 => Solver::<4>::run(task, rng, budget),
        5..=8 => Solver::<8>::run(task, rng, budget),
        _ => Solver::<16>::run(task, rng, budget),
    }
}

/// How an attempt ended.
enum Attempt {
    Solved,
    Contradiction,
    OutOfTime,
}

/// One cell of the wave: the states it may still hold.
type Bits<const W: usize> = [u64; W];

/// The wave and its per-cell entropy terms.
#[derive(Clone)]
struct Wave<const W: usize> {
    cells: Vec<Bits<W>>,
    count: Vec<u32>,
    sum_w: Vec<f64>,
    sum_wlogw: Vec<f64>,
}

/// A heap entry: the lowest key first, ties by cell.
#[derive(PartialEq)]
struct Entry {
    key: f64,
    cell: u32,
}
impl Eq for Entry {}
impl Ord for Entry {
    fn cmp(&self, o: &Self) -> Ordering {
        o.key.total_cmp(&self.key).then(o.cell.cmp(&self.cell))
    }
}
impl PartialOrd for Entry {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

struct Solver<'a, const W: usize> {
    m: &'a Model,
    /// Wave size (positions of patterns).
    dims: Dims,
    wave: Wave<W>,
    stack: Vec<u32>,
    queued: Vec<bool>,
    heap: BinaryHeap<Entry>,
    /// The current heap key of each cell (stale entries differ).
    key: Vec<f64>,
    /// Cells narrowed since the last heap update (each once: `dirty_flag`).
    dirty: Vec<u32>,
    dirty_flag: Vec<bool>,
    noise_seed: u64,
}

impl<'a, const W: usize> Solver<'a, W> {
    fn run(task: &Task<'a>, rng: &mut impl RandomSource, budget: &mut Budget) -> (Outcome, u32) {
        let m = task.model;
        // With fixed cells outside the output, patterns cover them too (one more ring).
        let ring = m.n > 1 && task.fixed.iter().any(|&(x, y, _)| out(x, y, task));
        let (ow, oh) = if ring {
            (task.width + 2, task.height + 2)
        } else {
            (task.width, task.height)
        };
        let (w, h) = (ow - m.n + 1, oh - m.n + 1);
        if w < 1 || h < 1 {
            return (Outcome::TooSmall, 0);
        }
        let mut s = Solver::<W>::new(m, w, h);
        let off = ring as i32;
        if !s.constrain(task, off) {
            return (Outcome::Unsatisfiable, 0);
        }
        let start = s.wave.clone();
        let mut contradictions = 0;
        loop {
            s.noise_seed = rng.below(1 << 30).max(0) as u64;
            match s.attempt(rng, budget) {
                Attempt::Solved => return (Outcome::Solved(s.output(task, off)), contradictions),
                Attempt::OutOfTime => return (Outcome::OutOfTime, contradictions),
                Attempt::Contradiction => {}
            }
            contradictions += 1;
            if contradictions > task.restarts {
                return (Outcome::GaveUp, contradictions);
            }
            s.wave.clone_from(&start);
        }
    }

    fn new(m: &'a Model, w: i32, h: i32) -> Self {
        let cells = Dims::new(w, h).len();
        let mut full = [0u64; W];
        for s in 0..m.states {
            full[s / 64] |= 1 << (s % 64);
        }
        let sw: f64 = m.weights.iter().sum();
        let swl: f64 = m.wlogw.iter().sum();
        Solver {
            m,
            dims: Dims::new(w, h),
            wave: Wave {
                cells: vec![full; cells],
                count: vec![m.states as u32; cells],
                sum_w: vec![sw; cells],
                sum_wlogw: vec![swl; cells],
            },
            stack: Vec::new(),
            queued: vec![false; cells],
            heap: BinaryHeap::new(),
            key: vec![0.0; cells],
            dirty: Vec::new(),
            dirty_flag: vec![false; cells],
            noise_seed: 0,
        }
    }

    /// Narrow the wave to the fixed cells (offset by `off` into the wave's output) and
    /// propagate; false on a contradiction.
    fn constrain(&mut self, task: &Task, off: i32) -> bool {
        let n = self.m.n;
        for &(fx, fy, tile) in task.fixed {
            let (x, y) = (fx + off, fy + off);
            if n == 1 && out(fx, fy, task) {
                // a tile beside the output: its neighbours inside must allow it
                let Some(a) = self.m.agreeing(0, tile) else {
                    return false;
                };
                let allowed = self.support(&bits::<W>(a));
                for (d, dir) in DIRS.iter().enumerate() {
                    let Some(c) = self.dims.get(x + dir.dx(), y + dir.dy()) else {
                        continue;
                    };
                    if !self.narrow(c, &allowed[d]) {
                        return false;
                    }
                }
                continue;
            }
            for dy in 0..n {
                for dx in 0..n {
                    let Some(c) = self.dims.get(x - dx, y - dy) else {
                        continue;
                    };
                    let Some(a) = self.m.agreeing(self.m.pixel(dx, dy), tile) else {
                        return false;
                    };
                    if !self.narrow(c, &bits::<W>(a)) {
                        return false;
                    }
                }
            }
        }
        self.propagate()
    }

    /// One attempt from the current wave: observe and propagate until every cell holds one
    /// state, a contradiction, or the time budget is spent.
    fn attempt(&mut self, rng: &mut impl RandomSource, budget: &mut Budget) -> Attempt {
        self.stack.clear();
        self.queued.iter_mut().for_each(|q| *q = false);
        self.dirty.clear();
        self.dirty_flag.iter_mut().for_each(|q| *q = false);
        let mut entries = Vec::new();
        for c in 0..self.wave.cells.len() {
            if self.wave.count[c] > 1 {
                let k = self.entropy(c);
                self.key[c] = k;
                entries.push(Entry {
                    key: k,
                    cell: c as u32,
                });
            }
        }
        self.heap = BinaryHeap::from(entries);
        while let Some(e) = self.heap.pop() {
            let c = e.cell as usize;
            if self.wave.count[c] <= 1 || self.key[c] != e.key {
                continue;
            }
            let s = self.draw(c, rng);
            let mut one = [0u64; W];
            one[s / 64] = 1 << (s % 64);
            if !self.narrow(c, &one) || !self.propagate() {
                return Attempt::Contradiction;
            }
            if budget.spend(1 + self.dirty.len() as u64) {
                return Attempt::OutOfTime;
            }
            self.update_heap();
        }
        Attempt::Solved
    }

    /// Give every cell narrowed since the last update that is not collapsed a heap entry
    /// with its entropy now.
    fn update_heap(&mut self) {
        for i in 0..self.dirty.len() {
            let c = self.dirty[i] as usize;
            self.dirty_flag[c] = false;
            if self.wave.count[c] > 1 {
                let k = self.entropy(c);
                self.key[c] = k;
                self.heap.push(Entry {
                    key: k,
                    cell: c as u32,
                });
            }
        }
        self.dirty.clear();
    }

    /// A state of cell `c`, drawn by weight.
    fn draw(&self, c: usize, rng: &mut impl RandomSource) -> usize {
        const SCALE: i64 = 1 << 24;
        let mut r = rng.below(SCALE).max(0) as f64 / SCALE as f64 * self.wave.sum_w[c];
        let mut pick = 0;
        let mut done = false;
        for_bits(&self.wave.cells[c], |s| {
            if done {
                return;
            }
            pick = s;
            r -= self.m.weights[s];
            done = r < 0.0;
        });
        pick
    }

    /// Keep only the states `keep` in cell `c`; when it changed, queue it for propagation
    /// and mark it for a new heap entry. False when no state is left.
    #[inline]
    fn narrow(&mut self, c: usize, keep: &Bits<W>) -> bool {
        let old = self.wave.cells[c];
        let mut new = old;
        and(&mut new, keep);
        if new == old {
            return true;
        }
        let mut removed = old;
        for (r, n) in removed.iter_mut().zip(&new) {
            *r &= !n;
        }
        let wv = &mut self.wave;
        for_bits(&removed, |s| {
            wv.count[c] -= 1;
            wv.sum_w[c] -= self.m.weights[s];
            wv.sum_wlogw[c] -= self.m.wlogw[s];
        });
        wv.cells[c] = new;
        if wv.count[c] == 0 {
            return false;
        }
        if !self.queued[c] {
            self.queued[c] = true;
            self.stack.push(c as u32);
        }
        if !self.dirty_flag[c] {
            self.dirty_flag[c] = true;
            self.dirty.push(c as u32);
        }
        true
    }

    /// Propagate the queued cells' changes to their neighbours until nothing changes.
    fn propagate(&mut self) -> bool {
        while let Some(c) = self.stack.pop() {
            let c = c as usize;
            self.queued[c] = false;
            let allowed = self.support(&self.wave.cells[c]);
            let (x, y) = self.dims.point(c);
            for (d, dir) in DIRS.iter().enumerate() {
                let Some(nc) = self.dims.get(x + dir.dx(), y + dir.dy()) else {
                    continue;
                };
                if !self.narrow(nc, &allowed[d]) {
                    return false;
                }
            }
        }
        true
    }

    /// The states allowed beside a cell holding the states `dom`, in each direction: the
    /// union of the model's support table over the bytes of `dom`.
    #[inline]
    fn support(&self, dom: &Bits<W>) -> [Bits<W>; 4] {
        let mut a = [[0u64; W]; 4];
        let bytes = self.m.states.div_ceil(8);
        for c in 0..bytes {
            let b = (dom[c / 8] >> (8 * (c % 8))) & 0xff;
            if b == 0 {
                continue;
            }
            let at = (c * 256 + b as usize) * W;
            for (d, ad) in a.iter_mut().enumerate() {
                let row: &Bits<W> = self.m.support[d][at..at + W].try_into().expect("W words");
                or(ad, row);
            }
        }
        a
    }

    /// The cell's entropy plus its tie-break noise (below 1e-6).
    #[inline]
    fn entropy(&self, c: usize) -> f64 {
        let sw = self.wave.sum_w[c];
        let h = sw.ln() - self.wave.sum_wlogw[c] / sw;
        let mut z = self.noise_seed ^ (c as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        h + ((z >> 44) as f64) * (1e-6 / (1u64 << 20) as f64)
    }

    /// The output tiles (the task's `width × height`), read from the collapsed wave whose
    /// output starts `off` cells before the task's.
    fn output(&self, task: &Task, off: i32) -> Vec<u16> {
        let n = self.m.n;
        let mut v = Vec::with_capacity((task.width * task.height) as usize);
        for y in 0..task.height {
            for x in 0..task.width {
                let (ox, oy) = (x + off, y + off);
                let (px, py) = (ox.min(self.dims.width - 1), oy.min(self.dims.height - 1));
                let mut s = 0;
                for_bits(&self.wave.cells[self.dims.index(px, py)], |b| s = b);
                v.push(self.m.pixels[s * (n * n) as usize + self.m.pixel(ox - px, oy - py)]);
            }
        }
        v
    }
}

/// Whether `(x, y)` lies outside the task's output.
fn out(x: i32, y: i32, t: &Task) -> bool {
    x < 0 || y < 0 || x >= t.width || y >= t.height
}

/// A model's bitset (its `words` words) widened to `W` words.
fn bits<const W: usize>(v: &[u64]) -> Bits<W> {
    let mut b = [0u64; W];
    b[..v.len()].copy_from_slice(v);
    b
}

#[inline(always)]
fn or<const W: usize>(a: &mut Bits<W>, b: &Bits<W>) {
    for (x, y) in a.iter_mut().zip(b) {
        *x |= y;
    }
}

#[inline(always)]
fn and<const W: usize>(a: &mut Bits<W>, b: &Bits<W>) {
    for (x, y) in a.iter_mut().zip(b) {
        *x &= y;
    }
}

/// Call `f` with each set bit's index, ascending.
#[inline(always)]
fn for_bits<const W: usize>(b: &Bits<W>, mut f: impl FnMut(usize)) {
    for (i, &word) in b.iter().enumerate() {
        let mut v = word;
        while v != 0 {
            f(i * 64 + v.trailing_zeros() as usize);
            v &= v - 1;
        }
    }
}
