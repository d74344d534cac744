//! Cathedral levels per second (issue 3): `cargo bench --bench cathedral`.
//! Each iteration generates one level (the whole pipeline, JSON-ready `Dungeon` included)
//! with the next seed; criterion's throughput line reads "elem/s" = levels per second.
//! Before timing, the mean number of restarts (FirstRoom redraws + stairs restarts) over
//! 500 seeds per level is printed.
//!
//! Yardstick (STYLE.md lesson 24): the hot spot, FirstRoom redrawn until the layout has
//! 761 floor cells (levels 3-4), run by the rule set's steps and by a hand-written loop
//! (spec/diablo.md §2.2-2.3) on the same seeds; both must give the same mask.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::path::{Path, PathBuf};
use undercroft::dungeon::Layer;
use undercroft::{Params, RuleSet};

/// The FirstRoom loop of rules/diablo/cathedral.ron, alone.
const LAYOUT_RULES: &str = r#"Ruleset(
    rng: Lcg32(multiplier: 22695477, increment: 1, output: AbsShift(shift: 16, shift_max_bound: 32767)),
    grid: Grid(width: 40, height: 40),
    steps: [Retry(max: 1000000, steps: [
        Let("vertical", "rnd(2) == 0"),
        Let("has1", "rnd(2) == 1"), Let("has2", "rnd(2) == 1"), Let("has3", "rnd(2) == 1"),
        Let("has2", "has2 || !has1 || !has3"),
        FillRect(layer: "mask", value: "1", rect: (x: "vertical ? 15 : 1", y: "vertical ? 1 : 15", w: "10", h: "10"), when: "has1"),
        FillRect(layer: "mask", value: "1", rect: (x: "15", y: "15", w: "10", h: "10"), when: "has2"),
        FillRect(layer: "mask", value: "1", rect: (x: "vertical ? 15 : 29", y: "vertical ? 29 : 15", w: "10", h: "10"), when: "has3"),
        Let("hall_from", "has1 ? 1 : 18"), Let("hall_to", "has3 ? 39 : 22"),
        FillRect(layer: "mask", value: "1", rect: (x: "vertical ? 17 : hall_from", y: "vertical ? hall_from : 17",
            w: "vertical ? 6 : hall_to - hall_from", h: "vertical ? hall_to - hall_from : 6")),
        BudRooms(layer: "mask", parents: [
                (rect: (x: "vertical ? 15 : 1", y: "vertical ? 1 : 15", w: "10", h: "10"), when: "has1"),
                (rect: (x: "15", y: "15", w: "10", h: "10"), when: "has2"),
                (rect: (x: "vertical ? 15 : 29", y: "vertical ? 29 : 15", w: "10", h: "10"), when: "has3"),
            ], dir: "vertical ? 0 : 1", axis_roll: 4, size_roll: 5, size_add: 2, size_even: true,
            attempts: 20, side_check_swapped: true),
        CountCells(layer: "mask", values: [1], var: "area"),
        Require("area >= 761"),
    ])],
)"#;

struct Text;
impl undercroft::ruleset::load::Reader for Text {
    fn read(&self, _: &Path) -> std::io::Result<String> {
        Ok(LAYOUT_RULES.to_string())
    }
}

/// Hand-written: Diablo's LCG and FirstRoom / GenerateRoom (spec §1.2, §2.2, §2.3).
struct Native {
    s: u32,
    mask: [[u8; 40]; 40], // [y][x]
}

impl Native {
    fn rnd(&mut self, n: i32) -> i32 {
        if n <= 0 {
            return 0;
        }
        self.s = self.s.wrapping_mul(22695477).wrapping_add(1);
        ((self.s as i32).wrapping_abs() >> 16) % n
    }
    fn check(&self, x: i32, y: i32, w: i32, h: i32) -> bool {
        for j in 0..h {
            for i in 0..w {
                let (cx, cy) = (x + i, y + j);
                if !(0..40).contains(&cx)
                    || !(0..40).contains(&cy)
                    || self.mask[cy as usize][cx as usize] != 0
                {
                    return false;
                }
            }
        }
        w > 0 && h > 0
    }
    fn draw(&mut self, x: i32, y: i32, w: i32, h: i32) {
        for cy in y.max(0)..(y + h).min(40) {
            for cx in x.max(0)..(x + w).min(40) {
                self.mask[cy as usize][cx as usize] = 1;
            }
        }
    }
    fn room(&mut self, x: i32, y: i32, w: i32, h: i32, dir: i32) {
        let r = self.rnd(4);
        let (mut cw, mut ch, mut n) = (0, 0, 0);
        if (dir == 1 && r == 0) || (dir != 1 && r != 0) {
            let (mut cx1, mut cy1, mut ok) = (0, 0, false);
            while !ok && n < 20 {
                cw = (self.rnd(5) + 2) & !1;
                ch = (self.rnd(5) + 2) & !1;
                cy1 = h / 2 + y - ch / 2;
                cx1 = x - cw;
                ok = self.check(cx1 - 1, cy1 - 1, ch + 2, cw + 1);
                n += 1;
            }
            if ok {
                self.draw(cx1, cy1, cw, ch);
            }
            let cx2 = x + w;
            let ok2 = self.check(cx2, cy1 - 1, cw + 1, ch + 2);
            if ok2 {
                self.draw(cx2, cy1, cw, ch);
            }
            if ok {
                self.room(cx1, cy1, cw, ch, 1);
            }
            if ok2 {
                self.room(cx2, cy1, cw, ch, 1);
            }
        } else {
            let (mut cx1, mut cy1, mut ok) = (0, 0, false);
            while !ok && n < 20 {
                cw = (self.rnd(5) + 2) & !1;
                ch = (self.rnd(5) + 2) & !1;
                cx1 = w / 2 + x - cw / 2;
                cy1 = y - ch;
                ok = self.check(cx1 - 1, cy1 - 1, cw + 2, ch + 1);
                n += 1;
            }
            if ok {
                self.draw(cx1, cy1, cw, ch);
            }
            let ry2 = y + h;
            let ok2 = self.check(cx1 - 1, ry2, cw + 2, ch + 1);
            if ok2 {
                self.draw(cx1, ry2, cw, ch);
            }
            if ok {
                self.room(cx1, cy1, cw, ch, 0);
            }
            if ok2 {
                self.room(cx1, ry2, cw, ch, 0);
            }
        }
    }
    fn layout(seed: u64, min_area: usize) -> Native {
        let mut g = Native {
            s: seed as u32,
            mask: [[0; 40]; 40],
        };
        loop {
            g.mask = [[0; 40]; 40];
            let vertical = g.rnd(2) == 0;
            let h1 = g.rnd(2) == 1;
            let mut h2 = g.rnd(2) == 1;
            let h3 = g.rnd(2) == 1;
            h2 |= !h1 || !h3;
            let at = |k: i32| {
                if vertical {
                    (15, 1 + 14 * k)
                } else {
                    (1 + 14 * k, 15)
                }
            };
            let rooms: Vec<(i32, i32)> = [(h1, 0), (h2, 1), (h3, 2)]
                .iter()
                .filter(|(h, _)| *h)
                .map(|&(_, k)| at(k))
                .collect();
            for &(x, y) in &rooms {
                g.draw(x, y, 10, 10);
            }
            let (from, to) = (if h1 { 1 } else { 18 }, if h3 { 39 } else { 22 });
            if vertical {
                g.draw(17, from, 6, to - from);
            } else {
                g.draw(from, 17, to - from, 6);
            }
            for &(x, y) in &rooms {
                g.room(x, y, 10, 10, if vertical { 0 } else { 1 });
            }
            if g.mask.iter().flatten().filter(|&&v| v == 1).count() >= min_area {
                return g;
            }
        }
    }
}

fn yardstick(c: &mut Criterion) {
    let rs = RuleSet::load_with(Path::new("layout.ron"), &Text).unwrap_or_else(|e| panic!("{e}"));
    for seed in 0..50u64 {
        let d = rs.generate(seed, &Params::new()).unwrap();
        let Layer::Ids(rows) = &d.layers["mask"] else {
            panic!()
        };
        let native = Native::layout(seed, 761);
        assert!(rows.len() == 40 && rows.iter().all(|r| r.len() == 40));
        for (y, (row, mask)) in rows.iter().zip(&native.mask).enumerate() {
            for (x, (&v, &m)) in row.iter().zip(mask).enumerate() {
                assert_eq!(v as u8, m, "seed {seed} ({x}, {y})");
            }
        }
    }
    let mut g = c.benchmark_group("first_room_761");
    g.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    g.bench_function("rules", |b| {
        b.iter(|| {
            seed += 1;
            rs.generate(seed, &Params::new()).unwrap()
        })
    });
    let mut seed = 0u64;
    g.bench_function("hand_written", |b| {
        b.iter(|| {
            seed += 1;
            Native::layout(seed, 761)
        })
    });
    g.finish();
}

fn cathedral(c: &mut Criterion) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("rules/diablo/cathedral.ron");
    let rs = RuleSet::load(&path).unwrap_or_else(|e| panic!("{e}"));
    let mut g = c.benchmark_group("cathedral");
    g.throughput(Throughput::Elements(1));
    for level in 1..=4u32 {
        let p = Params::new().set("level", level);
        let restarts: u64 = (0..500u64)
            .map(|s| rs.generate(s, &p).unwrap().attempts as u64)
            .sum();
        println!(
            "level {level}: mean restarts {:.2} (500 seeds)",
            restarts as f64 / 500.0
        );
        let mut seed = 0u64;
        g.bench_function(format!("level_{level}"), |b| {
            b.iter(|| {
                seed += 1;
                rs.generate(seed, &p).unwrap()
            })
        });
    }
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = cathedral, yardstick
}
criterion_main!(benches);
