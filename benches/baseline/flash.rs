//! A hand-written, native implementation of the 2011 Flash floor plan (spec/isaac.md §1–§2)
//! used only as the speed baseline for the rule-file version: same steps, same RNG, same
//! restart rules, no interpreter.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

const W: i32 = 10;
const H: i32 = 8;

#[derive(Clone, Copy, PartialEq)]
enum K {
    Empty,
    Start,
    Normal,
    Boss,
    SuperSecret,
    Secret,
    Special,
}

pub struct Floor {
    pub rooms: usize,
    pub attempts: u32,
}

fn at(g: &[K], x: i32, y: i32) -> K {
    if x < 0 || y < 0 || x >= W || y >= H {
        K::Empty
    } else {
        g[(y * W + x) as usize]
    }
}

fn neighbours(g: &[K], x: i32, y: i32) -> u32 {
    [(1, 0), (-1, 0), (0, 1), (0, -1)]
        .iter()
        .filter(|(dx, dy)| at(g, x + dx, y + dy) != K::Empty)
        .count() as u32
}

pub fn generate(seed: u64, level: u32) -> Floor {
    let mut rng = Pcg64::seed_from_u64(seed);
    let target = (20f64).min(rng.gen_range(0..2) as f64 + 5.0 + level as f64 * 2.6);
    let mut g = vec![K::Empty; (W * H) as usize];
    let mut next: Vec<(i32, i32)> = Vec::new();
    let mut cur: Vec<(i32, i32)> = Vec::new();
    let mut ends: Vec<(i32, i32)> = Vec::new();
    let dirs = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    for attempt in 0..1000u32 {
        g.iter_mut().for_each(|c| *c = K::Empty);
        ends.clear();
        next.clear();
        g[(3 * W + 5) as usize] = K::Start;
        next.push((5, 3));
        let reseed = target > 15.0;
        let mut grown = 0.0;
        let mut pass = 0.0;
        while pass < 300.0 {
            std::mem::swap(&mut cur, &mut next);
            next.clear();
            if reseed {
                next.push((5, 3));
            }
            let mut closed = true;
            for &(cx, cy) in &cur {
                let before = next.len();
                for (dx, dy) in dirs {
                    let roll = rng.gen::<f64>() < 0.5;
                    let (nx, ny) = (cx + dx, cy + dy);
                    if !(1..=9).contains(&nx)
                        || !(1..=6).contains(&ny)
                        || grown >= target
                        || at(&g, nx, ny) != K::Empty
                        || neighbours(&g, nx, ny) > 1
                    {
                        continue;
                    }
                    closed = false;
                    if !roll {
                        continue;
                    }
                    g[(ny * W + nx) as usize] = K::Normal;
                    next.push((nx, ny));
                    grown += 1.0;
                }
                if next.len() == before && (cx, cy) != (5, 3) {
                    ends.push((cx, cy));
                }
            }
            if next.len() < 2 {
                pass -= 0.5;
            }
            pass += 1.0;
            let only_start = next.iter().all(|&c| c == (5, 3));
            if next.is_empty()
                || (only_start && (grown >= target || closed && cur.iter().all(|&c| c == (5, 3))))
            {
                break;
            }
        }
        if grown < target {
            continue;
        }
        let Some(boss) = ends.pop() else { continue };
        g[(boss.1 * W + boss.0) as usize] = K::Boss;
        if (boss.0 - 5).abs() + (boss.1 - 3).abs() == 1 {
            continue;
        }
        if ends.is_empty() {
            continue;
        }
        let ss = ends.remove(rng.gen_range(0..ends.len()));
        g[(ss.1 * W + ss.0) as usize] = K::SuperSecret;
        if ends.len() < if level == 1 { 3 } else { 4 } {
            continue;
        }
        let mut secret = false;
        for t in 0..3000 {
            let (x, y) = (rng.gen_range(0..10), rng.gen_range(0..8));
            if at(&g, x, y) != K::Empty || !(2..=8).contains(&x) {
                continue;
            }
            let n = neighbours(&g, x, y);
            let (mut ok, mut clean) = (true, true);
            for (dx, dy) in dirs {
                let k = at(&g, x + dx, y + dy);
                if k == K::Empty {
                    clean = false;
                    continue;
                }
                if k == K::Boss || k == K::SuperSecret {
                    clean = false;
                    ok = false;
                    break;
                }
                if ends.contains(&(x + dx, y + dy)) {
                    ok = false;
                    break;
                }
            }
            if (n >= 3 && ok) || (t > 300 && clean && (n >= 3 || (n >= 2 && (t > 600 || ok)))) {
                g[(y * W + x) as usize] = K::Secret;
                secret = true;
                break;
            }
        }
        if !secret && level < 3 {
            continue;
        }
        // Specials: shop, treasure, then the optional table (default player state).
        let table: [f64; 6] = [1.0, 1.0, 1.0 / 7.0, 1.0 / 20.0, 0.5, 0.25];
        for (i, p) in table.iter().enumerate() {
            let take = i < 2 || rng.gen::<f64>() < *p;
            if take && !ends.is_empty() {
                let r = ends.remove(rng.gen_range(0..ends.len()));
                g[(r.1 * W + r.0) as usize] = K::Special;
            }
        }
        let rooms = g.iter().filter(|&&k| k != K::Empty).count();
        return Floor {
            rooms,
            attempts: attempt,
        };
    }
    Floor {
        rooms: 0,
        attempts: 1000,
    }
}
