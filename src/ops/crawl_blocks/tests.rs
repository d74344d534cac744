//! Unit tests of `ops::crawl_blocks`.

use crate::engine::fast_path::{self, FastPath};
use crate::operator::testing::{run_rules, run_rules_seed};

/// The row-mask fill crawls the same blocks with the same draws as the cell fill: noisy
/// layers (taken cells in the way), areas, other rolls and sizes, a second crawl over
/// the first, and a crawl writing 0 before it (which takes nothing: `stop_roll: 1` stops
/// it after the seed room's neighbours, else it would grow without end).
#[test]
fn mask_fill_equals_the_cell_fill() {
    let steps = r#"NoiseFill(layer: "m", value: "2", density: "0.01"),
            CrawlBlocks(layer: "m", at: (x: "10 + rnd(20)", y: "8 + rnd(10)"), area: (x: "2", y: "2", w: "40", h: "30"),
                seed_size: 2, size_roll: 2, size_min: 3, border_roll: 2, border_min: 1, stop_roll: 4),
            CrawlBlocks(layer: "m", at: (x: "rnd(40)", y: "rnd(30)"), seed_size: 3, value: 0,
                area: (x: "0", y: "1", w: "64", h: "33"),
                size_roll: 3, size_min: 2, border_roll: 2, border_min: 0, stop_roll: 1),
            CrawlBlocks(layer: "m", at: (x: "rnd(30)", y: "rnd(30)"), seed_size: 1, value: 3,
                size_roll: 4, size_min: 1, border_roll: 3, border_min: 2, stop_roll: 6)"#;
    let mut grown = 0;
    for seed in 1..60 {
        let run = |plain: bool| {
            let off: &[FastPath] = if plain { &[FastPath::CrawlMasks] } else { &[] };
            fast_path::run_with(off, || run_rules_seed(64, 36, steps, "m", seed))
        };
        let fast = run(false);
        assert_eq!(fast, run(true), "seed {seed}");
        grown += (fast.iter().flatten().filter(|&&v| v == 1).count() > 100) as u32;
    }
    // most first crawls grow (the others start on a noise cell)
    assert!(grown > 20, "{grown}");
}

/// The same on grids of two and four words a row and more than 64 rows: blocks up to
/// 20 cells wide whose borders cross the words' edges.
#[test]
fn mask_fill_equals_the_cell_fill_on_wide_grids() {
    let steps = r#"NoiseFill(layer: "m", value: "2", density: "0.002"),
            CrawlBlocks(layer: "m", at: (x: "60 + rnd(60)", y: "30 + rnd(20)"),
                seed_size: 6, size_roll: 12, size_min: 8, border_roll: 2, border_min: 1, stop_roll: 5),
            CrawlBlocks(layer: "m", at: (x: "rnd(100)", y: "rnd(60)"), seed_size: 5, value: 3,
                area: (x: "3", y: "2", w: "120", h: "75"),
                size_roll: 9, size_min: 2, border_roll: 3, border_min: 2, stop_roll: 6)"#;
    let mut sizes = vec![];
    for (cols, rows) in [(130, 90), (250, 70)] {
        for seed in 1..25 {
            let run = |plain: bool| {
                let off: &[FastPath] = if plain { &[FastPath::CrawlMasks] } else { &[] };
                fast_path::run_with(off, || run_rules_seed(cols, rows, steps, "m", seed))
            };
            let fast = run(false);
            assert_eq!(fast, run(true), "{cols}x{rows}, seed {seed}");
            sizes.push(fast.iter().flatten().filter(|&&v| v == 1).count());
        }
    }
    // most first crawls grow well past their seed room (49 cells)
    let grown = sizes.iter().filter(|&&n| n > 400).count();
    assert!(grown > 10, "{sizes:?}");
}

#[test]
fn a_seed_room_alone_when_blocks_do_not_fit() {
    // blocks need 4..5 cells beyond a side; a 7x7 area around a 3x3 seed room has only 2
    let g = run_rules(
        9,
        9,
        r#"CrawlBlocks(layer: "m", at: (x: "3", y: "3"), area: (x: "1", y: "1", w: "7", h: "7"),
               seed_size: 2, size_roll: 2, size_min: 3, border_roll: 2, border_min: 0, stop_roll: 4)"#,
        "m",
    );
    let set: Vec<(usize, usize)> = (0..9)
        .flat_map(|y| (0..9).map(move |x| (x, y)))
        .filter(|&(x, y)| g[y][x] == 1)
        .collect();
    // border_min 0: every border cell of the seed room is set
    let want: Vec<(usize, usize)> = (3..6).flat_map(|y| (3..6).map(move |x| (x, y))).collect();
    assert_eq!(set, want);
}

#[test]
fn blocks_grow_inside_the_area_only_and_stay_connected_to_the_seed() {
    for seed in 1..20 {
        let g = run_rules_seed(
            40,
            40,
            r#"CrawlBlocks(layer: "m", at: (x: "18", y: "18"), area: (x: "2", y: "2", w: "32", h: "36"),
                   seed_size: 2, size_roll: 2, size_min: 3, border_roll: 2, border_min: 1, stop_roll: 4)"#,
            "m",
            seed,
        );
        let n = g.iter().flatten().filter(|&&v| v == 1).count();
        assert!(n >= 1, "seed {seed}");
        for (y, row) in g.iter().enumerate() {
            for (x, &v) in row.iter().enumerate() {
                if v == 1 {
                    assert!((2..=33).contains(&x) && (2..=37).contains(&y), "({x}, {y})");
                }
            }
        }
    }
    // some seed grows beyond the 3x3 seed room
    let big = (1..20).any(|seed| {
        let g = run_rules_seed(
            40,
            40,
            r#"CrawlBlocks(layer: "m", at: (x: "18", y: "18"), seed_size: 2, size_roll: 2,
                   size_min: 3, border_roll: 2, border_min: 1, stop_roll: 4)"#,
            "m",
            seed,
        );
        g.iter().flatten().filter(|&&v| v == 1).count() > 30
    });
    assert!(big);
}
