//! The model a wave function collapse solves, built once when the rule set loads: its states
//! (the tiles of a tileset, or the N×N patterns of an example), their weights, which state
//! may stand next to which in each direction (as bitsets), and which states agree with a tile
//! at each cell of a pattern (for fixed cells).

use crate::engine::dir::Dir;
use crate::engine::grid::Dims;
use crate::lang::pattern::{Example, TileSet};
use std::collections::HashMap;

/// Most states a model may have (16 words of 64 bits per cell).
pub const MAX_STATES: usize = 1024;

/// Directions between wave cells: right, down, left, up (`(d + 2) % 4` is the opposite).
/// The collapse keeps this clockwise order of its own, not [`Dir::ALL4`]: the compatibility
/// tables are indexed by it and the propagation order (hence which contradiction is found
/// first and the draws after it) follows it.
pub const DIRS: [Dir; 4] = [Dir::E, Dir::S, Dir::W, Dir::N];

/// A compiled model: `states` states of `n × n` tiles each (`n` = 1 for a tileset).
#[derive(Debug)]
pub struct Model {
    /// Number of states, 1..=1024 (`MAX_STATES`).
    pub states: usize,
    /// 64-bit words per cell of the wave: enough for the states, rounded up to 1, 2, 4, 8 or
    /// 16 (the solver's widths). Every bitset below has this many words.
    pub words: usize,
    /// Pattern size (1 for the tiled model).
    pub n: i32,
    /// Weight of each state (a tileset's weight, an example's count of the pattern).
    pub weights: Vec<f64>,
    /// `w · ln w` of each state.
    pub wlogw: Vec<f64>,
    /// `compat[d][s · words ..][..words]`: the states allowed next to a cell holding `s`, in
    /// direction `d` of `DIRS` (east, south, west, north; y grows down).
    pub compat: [Vec<u64>; 4],
    /// `pixels[s · n² + dy · n + dx]`: the tile of state `s` at `(dx, dy)`.
    pub pixels: Vec<u16>,
    /// The distinct tiles of the model, ascending.
    pub tiles: Vec<u16>,
    /// `agrees[(k · tiles.len() + i) · words ..][..words]`: the states whose pixel `k`
    /// (`dy · n + dx`) is `tiles[i]`.
    pub agrees: Vec<u64>,
    /// `support[d][((c · 256) + b) · words ..][..words]`: the union of `compat[d]` over the
    /// states of byte value `b` at byte `c` of a cell's bitset (states `8c..8c + 8`), so that
    /// the states a whole cell allows beside it are one lookup per byte.
    pub support: [Vec<u64>; 4],
}

impl Model {
    /// The tiled model of a tileset.
    pub fn tiled(set: &TileSet) -> Result<Model, String> {
        let index: HashMap<u16, usize> = set
            .tiles
            .iter()
            .enumerate()
            .map(|(i, &(t, _))| (t, i))
            .collect();
        let pairs = |v: &[(u16, u16)]| -> Vec<(usize, usize)> {
            v.iter().map(|(a, b)| (index[a], index[b])).collect()
        };
        let right = pairs(&set.right);
        let below = pairs(&set.below);
        let states = set.tiles.len();
        let weights = set.tiles.iter().map(|&(_, w)| w).collect();
        let pixels = set.tiles.iter().map(|&(t, _)| t).collect();
        Model::build(states, 1, weights, pixels, |s, d| {
            let (list, forward) = match d {
                0 => (&right, true),
                1 => (&below, true),
                2 => (&right, false),
                _ => (&below, false),
            };
            let it = list.iter();
            if forward {
                it.filter(|p| p.0 == s).map(|p| p.1).collect()
            } else {
                it.filter(|p| p.1 == s).map(|p| p.0).collect()
            }
        })
    }

    /// The overlapping model of an example: its N×N patterns (turned and mirrored as it
    /// says), weighted by how often they occur, in order of first occurrence (raster order,
    /// each followed by its variants). Two patterns may be neighbours in a direction when
    /// they agree where they overlap, shifted by one cell.
    pub fn overlapping(ex: &Example) -> Result<Model, String> {
        let n = ex.n as usize;
        let g = &ex.grid;
        let (w, h) = (g.width as usize, g.height as usize);
        let (xs, ys) = if ex.wrap {
            (w, h)
        } else {
            ((w + 1).saturating_sub(n), (h + 1).saturating_sub(n))
        };
        let dims = Dims::new(g.width, g.height);
        let mut found: HashMap<Vec<u16>, usize> = HashMap::new();
        let mut patterns: Vec<Vec<u16>> = Vec::new();
        let mut counts: Vec<f64> = Vec::new();
        for y in 0..ys {
            for x in 0..xs {
                let p: Vec<u16> = (0..n * n)
                    .map(|k| g.cells[dims.wrapped((x + k % n) as i32, (y + k / n) as i32)])
                    .collect();
                for v in variants(p, n, ex.rotate, ex.mirror) {
                    let i = *found.entry(v.clone()).or_insert_with(|| {
                        patterns.push(v);
                        counts.push(0.0);
                        patterns.len() - 1
                    });
                    counts[i] += 1.0;
                }
            }
        }
        if patterns.len() > MAX_STATES {
            return Err(format!(
                "this example teaches {} patterns; at most {MAX_STATES} (use a smaller example, \
                 a smaller N, or fewer symmetries)",
                patterns.len()
            ));
        }
        let agree = |p: &[u16], q: &[u16], (dx, dy): (i32, i32)| {
            let n = n as i32;
            (0..n).all(|y| {
                (0..n).all(|x| {
                    let (qx, qy) = (x - dx, y - dy);
                    !(0..n).contains(&qx)
                        || !(0..n).contains(&qy)
                        || p[(y * n + x) as usize] == q[(qy * n + qx) as usize]
                })
            })
        };
        let pixels = patterns.concat();
        Model::build(patterns.len(), n as i32, counts, pixels, |s, d| {
            (0..patterns.len())
                .filter(|&q| agree(&patterns[s], &patterns[q], (DIRS[d].dx(), DIRS[d].dy())))
                .collect()
        })
    }

    /// The model from its states; `allowed(s, d)` lists the states allowed next to `s` in
    /// direction `d`. Checks that some state can have neighbours on all four sides.
    fn build(
        states: usize,
        n: i32,
        weights: Vec<f64>,
        pixels: Vec<u16>,
        allowed: impl Fn(usize, usize) -> Vec<usize>,
    ) -> Result<Model, String> {
        if states == 0 || states > MAX_STATES {
            return Err(format!(
                "a model has 1 to {MAX_STATES} states, not {states}"
            ));
        }
        let words = states.div_ceil(64).next_power_of_two();
        let compat: [Vec<u64>; 4] = std::array::from_fn(|d| {
            let mut v = vec![0u64; states * words];
            for s in 0..states {
                for q in allowed(s, d) {
                    v[s * words + q / 64] |= 1 << (q % 64);
                }
            }
            v
        });
        let mut tiles = pixels.clone();
        tiles.sort_unstable();
        tiles.dedup();
        let nn = (n * n) as usize;
        let mut agrees = vec![0u64; nn * tiles.len() * words];
        for s in 0..states {
            for k in 0..nn {
                let i = tiles
                    .binary_search(&pixels[s * nn + k])
                    .expect("a tile of the model");
                agrees[(k * tiles.len() + i) * words + s / 64] |= 1 << (s % 64);
            }
        }
        let wlogw = weights.iter().map(|w| w * w.ln()).collect();
        let bytes = states.div_ceil(8);
        let support = std::array::from_fn(|d| {
            let mut v = vec![0u64; bytes * 256 * words];
            for c in 0..bytes {
                for b in 1..256usize {
                    let at = (c * 256 + b) * words;
                    // b = (b without its lowest bit) + that bit: one row from the table so far
                    let low = b.trailing_zeros() as usize;
                    let s = c * 8 + low;
                    let rest = (c * 256 + (b & (b - 1))) * words;
                    for k in 0..words {
                        let own = if s < states {
                            compat[d][s * words + k]
                        } else {
                            0
                        };
                        v[at + k] = v[rest + k] | own;
                    }
                }
            }
            v
        });
        let m = Model {
            states,
            words,
            n,
            weights,
            wlogw,
            compat,
            pixels,
            tiles,
            agrees,
            support,
        };
        m.check()?;
        Ok(m)
    }

    /// The index of the pixel `(dx, dy)` of a pattern (in `pixels` and `agrees`).
    #[inline]
    pub fn pixel(&self, dx: i32, dy: i32) -> usize {
        (dy * self.n + dx) as usize
    }

    /// The states allowed next to `s` in direction `d`.
    #[inline]
    pub fn allowed(&self, d: usize, s: usize) -> &[u64] {
        &self.compat[d][s * self.words..(s + 1) * self.words]
    }

    /// The states whose pixel `k` is `tile`; `None` when no state has that tile.
    pub fn agreeing(&self, k: usize, tile: u16) -> Option<&[u64]> {
        let i = self.tiles.binary_search(&tile).ok()?;
        let at = (k * self.tiles.len() + i) * self.words;
        Some(&self.agrees[at..at + self.words])
    }

    /// Some state must be able to stand inside a large area: remove, until none is left to
    /// remove, every state that has no remaining state allowed beside it in some direction.
    /// When none remains, every area larger than 2x2 (for patterns, than the patterns) is a
    /// contradiction: an error, not endless restarts.
    fn check(&self) -> Result<(), String> {
        let mut alive = vec![true; self.states];
        loop {
            let mut changed = false;
            for s in 0..self.states {
                let dead = alive[s]
                    && (0..4).any(|d| {
                        let a = self.allowed(d, s);
                        !(0..self.states).any(|q| alive[q] && a[q / 64] >> (q % 64) & 1 == 1)
                    });
                if dead {
                    alive[s] = false;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        if alive.contains(&true) {
            return Ok(());
        }
        let what = if self.n == 1 { "tile" } else { "pattern" };
        Err(format!(
            "no {what} of this model can have neighbours on all four sides, so no area larger \
             than a few cells can be filled (every run would contradict)"
        ))
    }
}

/// A pattern and its variants: turned by 90° three times (`rotate`), each mirrored
/// (`mirror`); repeats left in (they weigh as often as they occur).
fn variants(p: Vec<u16>, n: usize, rotate: bool, mirror: bool) -> Vec<Vec<u16>> {
    let turn =
        |p: &[u16]| -> Vec<u16> { (0..n * n).map(|k| p[(n - 1 - k % n) * n + k / n]).collect() };
    let flip =
        |p: &[u16]| -> Vec<u16> { (0..n * n).map(|k| p[(k / n) * n + n - 1 - k % n]).collect() };
    let mut out = vec![p];
    if rotate {
        for i in 0..3 {
            let t = turn(&out[i]);
            out.push(t);
        }
    }
    if mirror {
        let m: Vec<Vec<u16>> = out.iter().map(|p| flip(p)).collect();
        out.extend(m);
    }
    out
}
