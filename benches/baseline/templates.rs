//! A plain hand-written template-room fill, the yardstick of `benches/templates.rs`
//! (`FillTemplates`, issue 45): a grid cut into cells the size of the templates, each cell's
//! needed exits and kind computed in Rust, a template drawn by weight among those that open
//! those exits and are of that kind, written a row at a time, then each of its chunk blocks
//! filled with an alternative drawn by weight. It draws from the same random stream in the
//! same order as the operator (one draw per cell, one per block), so the tiles are the same.

use undercroft::rng::{RandomSource, Rng};

/// One template: the sides it opens (N 1, E 2, S 4, W 8), its kinds as bits, its weight,
/// its tiles (row-major) and its chunk blocks (left, top, group).
pub struct Template {
    pub exits: u8,
    pub kinds: u8,
    pub weight: f64,
    pub cells: Vec<u16>,
    pub blocks: Vec<(usize, usize, usize)>,
}

/// A chunk group: block columns and `(weight, tiles)` alternatives (row-major).
pub struct Chunk {
    pub w: usize,
    pub alternatives: Vec<(f64, Vec<u16>)>,
}

/// The pool: templates of `w × h` tiles, and the chunk groups.
pub struct Pool {
    pub w: usize,
    pub h: usize,
    pub templates: Vec<Template>,
    pub chunks: Vec<Chunk>,
}

/// An index drawn by weight: `FillTemplates`' draw (one number of the stream).
fn draw(weights: &[f64], total: f64, rng: &mut Rng) -> usize {
    let mut r = rng.below(1 << 24).max(0) as f64 / (1 << 24) as f64 * total;
    for (i, w) in weights.iter().enumerate() {
        r -= w;
        if r < 0.0 {
            return i;
        }
    }
    weights.len() - 1
}

/// Write `tiles` (`bw` wide) at `(x, y)` of the `w`-wide grid `t`, a row at a time.
fn put(t: &mut [u16], w: usize, (x, y): (usize, usize), bw: usize, tiles: &[u16]) {
    for (dy, row) in tiles.chunks_exact(bw).enumerate() {
        let at = (y + dy) * w + x;
        t[at..at + bw].copy_from_slice(row);
    }
}

/// Fill the `w × h` grid `t` from its top-left with `pool`'s cells; `need(col, row)` gives a
/// cell's exits and kind bit. `false` when some cell has no template.
pub fn fill_templates(
    t: &mut [u16],
    w: usize,
    h: usize,
    pool: &Pool,
    rng: &mut Rng,
    need: impl Fn(usize, usize) -> (u8, u8),
) -> bool {
    let (tw, th) = (pool.w, pool.h);
    let mut fits: Vec<usize> = Vec::with_capacity(pool.templates.len());
    let mut weights: Vec<f64> = Vec::with_capacity(pool.templates.len());
    for row in 0..h / th {
        for col in 0..w / tw {
            let (exits, kind) = need(col, row);
            fits.clear();
            weights.clear();
            for (i, tp) in pool.templates.iter().enumerate() {
                if tp.exits & exits == exits && tp.kinds & kind != 0 {
                    fits.push(i);
                    weights.push(tp.weight);
                }
            }
            if fits.is_empty() {
                return false;
            }
            let total = weights.iter().sum();
            let tp = &pool.templates[fits[draw(&weights, total, rng)]];
            let (x, y) = (col * tw, row * th);
            put(t, w, (x, y), tw, &tp.cells);
            for &(bx, by, g) in &tp.blocks {
                let c = &pool.chunks[g];
                weights.clear();
                weights.extend(c.alternatives.iter().map(|a| a.0));
                let total = weights.iter().sum();
                let alt = &c.alternatives[draw(&weights, total, rng)].1;
                put(t, w, (x + bx, y + by), c.w, alt);
            }
        }
    }
    true
}
