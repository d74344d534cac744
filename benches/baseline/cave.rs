//! A hand-written, native implementation of the big-map cave workload of issue 48
//! (`benches/bigmap/cave{64,256,1024}.ron`), used only as a speed yardstick: the same steps,
//! the same random draws, no interpreter, and no bit tricks — plain loops over a `Vec<u8>`:
//!
//! 1. rock (1) everywhere;
//! 2. inside a one-tile border, each tile in raster order rock with probability 0.45 (one
//!    `chance` draw of the engine's Pcg64 per tile), else floor (0);
//! 3. four rounds of the 4-5 rule inside the border (simultaneous update: a tile becomes rock
//!    when 5 or more of its 8 neighbours were rock, floor when 3 or fewer were);
//! 4. every 4-connected floor region but the largest (the first in raster order among equals)
//!    filled with rock;
//! 5. the floor tiles counted.
//!
//! `tiles[y * n + x]`, row-major, like the engine's layers.

use undercroft::rng::{RandomSource, Rng, RngSpec};

/// The outcome of [`cave`].
pub struct Cave {
    /// Side of the square map in tiles.
    pub n: usize,
    /// 0 floor, 1 rock, row-major.
    pub tiles: Vec<u8>,
    /// Floor tiles left.
    pub floor: usize,
}

/// The workload on an `n × n` map (`n >= 3`) from `seed`.
pub fn cave(n: usize, seed: u64) -> Cave {
    let mut rng = Rng::new(&RngSpec::Pcg64, seed);
    let mut t = vec![1u8; n * n];
    for y in 1..n - 1 {
        for x in 1..n - 1 {
            t[y * n + x] = if rng.chance(0.45) { 1 } else { 0 };
        }
    }
    let mut old = t.clone();
    for _ in 0..4 {
        old.copy_from_slice(&t);
        for y in 1..n - 1 {
            for x in 1..n - 1 {
                let mut rock = 0;
                for yy in y - 1..=y + 1 {
                    for xx in x - 1..=x + 1 {
                        if (xx, yy) != (x, y) && old[yy * n + xx] == 1 {
                            rock += 1;
                        }
                    }
                }
                if rock >= 5 {
                    t[y * n + x] = 1;
                } else if rock <= 3 {
                    t[y * n + x] = 0;
                }
            }
        }
    }
    // regions of floor, labelled in raster order by a flood from each unlabelled floor tile
    let mut label = vec![u32::MAX; n * n];
    let mut sizes: Vec<usize> = Vec::new();
    let mut stack = Vec::new();
    for start in 0..n * n {
        if t[start] != 0 || label[start] != u32::MAX {
            continue;
        }
        let id = sizes.len() as u32;
        let mut size = 0;
        label[start] = id;
        stack.push(start);
        while let Some(i) = stack.pop() {
            size += 1;
            let (x, y) = (i % n, i / n);
            let mut visit = |j: usize| {
                if t[j] == 0 && label[j] == u32::MAX {
                    label[j] = id;
                    stack.push(j);
                }
            };
            if x > 0 {
                visit(i - 1);
            }
            if x + 1 < n {
                visit(i + 1);
            }
            if y > 0 {
                visit(i - n);
            }
            if y + 1 < n {
                visit(i + n);
            }
        }
        sizes.push(size);
    }
    let mut floor = 0;
    if let Some(largest) = (0..sizes.len()).max_by_key(|&i| (sizes[i], std::cmp::Reverse(i))) {
        for i in 0..n * n {
            if t[i] == 0 {
                if label[i] == largest as u32 {
                    floor += 1;
                } else {
                    t[i] = 1;
                }
            }
        }
    }
    Cave { n, tiles: t, floor }
}
