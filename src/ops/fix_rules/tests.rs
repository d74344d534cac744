//! Unit tests of `ops::fix_rules`.

use crate::engine::fast_path::{self, FastPath};
use crate::operator::testing::{grid, run_rules_full, run_rules_with};

const PAT: &str = "tiles { Floor = 13 Dirt = 22 }\n\
        rules r { Floor if (1,0) == Dirt -> (1,0) = 18\n 18 if (0,1) != 5 -> (0,1) = 7 }\n\
        table cls { 0 0 0 0 0 13 }\n\
        rules c { 13 if (1,0) == 13 -> (0,0) = 99 }";

/// `edges: ColumnMajor`: below the bottom of column 0 is the top of column 1 (a 3x2
/// grid addressed `x * 2 + y`), for the test and the write; `Outside`: no such cell.
#[test]
fn column_major_edges_reach_into_the_next_column() {
    let pat = "rules r { 1 if (0,1) == 5 -> (0,1) = 7 }";
    let run = |edges: &str| {
        run_rules_with(
            3,
            2,
            &format!(
                r#"FillRect(layer: "t", value: "5", rect: (x: "1", y: "0", w: "1", h: "1")),
                       FillRect(layer: "t", value: "1", rect: (x: "0", y: "1", w: "1", h: "1")),
                       FixRules(layer: "t", rules: "p.pat#r", edges: {edges})"#
            ),
            "t",
            &[("p.pat", pat)],
        )
    };
    assert_eq!(run("ColumnMajor"), grid("0 7 0\n1 0 0"));
    assert_eq!(run("Outside"), grid("0 5 0\n1 0 0"));
}

#[test]
fn rules_fire_in_raster_order_and_reread_tiles() {
    let g = run_rules_with(
        3,
        2,
        r#"FillRect(layer: "t", value: "22", rect: (x: "0", y: "0", w: "3", h: "2")),
               FillRect(layer: "t", value: "13", rect: (x: "0", y: "0", w: "1", h: "1")),
               FixRules(layer: "t", rules: "p.pat#r")"#,
        "t",
        &[("p.pat", PAT)],
    );
    // (0,0) floor turns (1,0) into 18; at (1,0) the second rule turns (1,1) into 7.
    assert_eq!(g, grid("13 18 22\n22 7 22"));
}

#[test]
fn picks_draw_one_number_per_firing_and_stop_after_ends_the_pass() {
    // a diagonal fill on a 3x3 mask: one anti-diagonal window
    let pat =
        "rules d { 0 if (1,0) == 1, (0,1) == 1, (1,1) == 0 -> pick { (0,0) = 1 | (1,1) = 1 } }\n\
                   rules s { 5 -> (0,0) = 6\n 7 -> (0,0) = 8 }";
    let steps = r#"FillRect(layer: "m", value: "1", rect: (x: "1", y: "0", w: "1", h: "1")),
               FillRect(layer: "m", value: "1", rect: (x: "0", y: "1", w: "1", h: "1")),
               FixRules(layer: "m", rules: "p.pat#d")"#;
    // seed 1: the first rnd(2) of the test Lcg32 (operator::testing) is 0 -> (0,0) is filled; seed 4: 1 -> (1,1)
    let g = run_rules_with(3, 3, steps, "m", &[("p.pat", pat)]);
    assert_eq!(g, grid("1 1 0\n1 0 0\n0 0 0"));
    let g = run_rules_full(3, 3, steps, "m", 4, &[("p.pat", pat)]);
    assert_eq!(g, grid("0 1 0\n1 1 0\n0 0 0"));
    let g = run_rules_with(
        3,
        1,
        r#"FillRect(layer: "t", value: "7", rect: (x: "0", y: "0", w: "3", h: "1")),
               FillRect(layer: "t", value: "5", rect: (x: "0", y: "0", w: "1", h: "1")),
               FillRect(layer: "t", value: "5", rect: (x: "2", y: "0", w: "1", h: "1")),
               FixRules(layer: "t", rules: "p.pat#s", stop_after: 2)"#,
        "t",
        &[("p.pat", pat)],
    );
    assert_eq!(g, grid("6 8 5"));
}

/// The bit-plane scan fires the same rules in the same order whether rows are one word
/// or two, picks and cascades included: the same crawled cave, eroded on a 64- and a
/// 65-wide grid (no probe reaches column 63).
#[test]
fn bit_plane_scan_equals_the_cell_scan() {
    let pat =
        "rules d { 0 if (1,0) == 1, (0,1) == 1, (1,1) == 0 -> pick { (0,0) = 1 | (1,1) = 1 }\n\
                   1 if (1,0) == 0, (0,1) == 0, (1,1) == 1 -> pick { (1,0) = 1 | (0,1) = 1 } }\n\
                   rules s { 0 if (-1,0) == 1, (1,0) == 1, (0,-1) == 1 -> (0,0) = 1, (1,0) = 0 }";
    let crawl = r#"CrawlBlocks(layer: "m", at: (x: "20", y: "8"), seed_size: 2,
            area: (x: "1", y: "1", w: "60", h: "18"), size_roll: 2, size_min: 3,
            border_roll: 2, border_min: 1, stop_roll: 4)"#;
    let steps = format!(
        r#"{crawl},
            FixRules(layer: "m", rules: "p.pat#d", area: (x: "0", y: "0", w: "62", h: "19")),
            FixRules(layer: "m", rules: "p.pat#s", area: (x: "1", y: "1", w: "61", h: "18")),
            FixRules(layer: "m", rules: "p.pat#d", area: (x: "0", y: "0", w: "62", h: "19"))"#
    );
    let files = [("p.pat", pat)];
    let narrow = run_rules_full(64, 20, &steps, "m", 3, &files);
    let wide = run_rules_full(65, 20, &steps, "m", 3, &files);
    let cut: Vec<Vec<u16>> = wide.iter().map(|r| r[..64].to_vec()).collect();
    assert_eq!(narrow, cut);
    assert!(wide.iter().all(|r| r[64] == 0));
    assert_ne!(narrow, run_rules_full(64, 20, crawl, "m", 3, &files));
}

/// The row scan of the cells in `inner` (skipping cells by head and by first test)
/// fires the same rules in the same order as the plain, bounds-checked scan of every
/// cell, on grids 33, 100 and 150 wide (rows of one to three words): long rule lists with cascades, writes ahead and behind, `!=`
/// and two-cell tests, wildcard heads, classes and an area, and a list of few heads
/// with a rule without tests whose writes ahead make new heads in the row, on a noisy
/// grid of 6 tiles.
#[test]
fn row_scan_equals_the_plain_scan() {
    let pat = "rules r {\n\
            1 if (1,0) == 2 -> (1,0) = 3\n 1 if (0,1) == 2 -> (0,1) = 4\n\
            2 if (1,0) == 1 -> (0,0) = 1\n 1 if (1,0) == 3 -> (1,0) = 5\n\
            3 if (-1,0) == 5 -> (-1,0) = 2\n 4 if (0,-1) != 4, (1,1) == 0 -> (1,1) = 4\n\
            0 if (1,0) == 0, (0,1) == 0 -> (0,0) = 5\n 5 if (1,0) == 5 -> (0,0) = 0\n\
            2|3 if (0,1) == 1 -> (0,1) = 2\n * if (-1,-1) == 4, (1,1) == 4 -> (0,0) = 3\n\
            0 if (2,0) == 1 -> (1,0) = 1\n 1 if (0,-2) == 3 -> (0,-1) = 1 }\n\
            table cls { 0 1 1 2 2 0 }\n\
            rules c { 1 if (1,0) == 2 -> (1,0) = 5\n 2 if (0,1) == 0 -> (0,1) = 1\n\
            0 if (-1,0) == 1, (0,-1) == 1 -> (0,0) = 3\n 1 if (0,1) != 0 -> (0,0) = 0 }\n\
            rules f { 1 if (1,0) == 2 -> (1,0) = 3\n 3 -> (0,0) = 4\n\
            4 if (0,1) == 0 -> (0,1) = 1\n 4 if (-1,0) == 5 -> (-1,0) = 2, (1,0) = 1 }";
    let steps = r#"NoiseFill(layer: "t", value: "1", density: "0.3"),
            NoiseFill(layer: "t", value: "2", density: "0.2"),
            NoiseFill(layer: "t", value: "3", density: "0.1"),
            NoiseFill(layer: "t", value: "4", density: "0.1"),
            NoiseFill(layer: "t", value: "5", density: "0.1")"#;
    let fixes = format!(
        r#"{steps},
            FixRules(layer: "t", rules: "p.pat#f"),
            FixRules(layer: "t", rules: "p.pat#r"),
            FixRules(layer: "t", rules: "p.pat#c", classes: "p.pat#cls"),
            FixRules(layer: "t", rules: "p.pat#r", area: (x: "3", y: "2", w: "20", h: "9"))"#
    );
    let files = [("p.pat", pat)];
    for ((w, h), seed) in [(33, 17), (100, 9), (150, 6)]
        .into_iter()
        .zip(1..)
        .flat_map(|(wh, k)| (0..4).map(move |s| (wh, 4 * k + s)))
    {
        let run = |plain: bool| {
            let off: &[FastPath] = if plain { &[FastPath::RuleScan] } else { &[] };
            fast_path::run_with(off, || run_rules_full(w, h, &fixes, "t", seed, &files))
        };
        let fast = run(false);
        assert_eq!(fast, run(true), "{w}x{h} seed {seed}");
        assert_ne!(fast, run_rules_full(w, h, steps, "t", seed, &files));
    }
}

#[test]
fn classes_and_areas() {
    let g = run_rules_with(
        3,
        1,
        r#"FillRect(layer: "t", value: "5", rect: (x: "0", y: "0", w: "3", h: "1")),
               FixRules(layer: "t", rules: "p.pat#c", classes: "p.pat#cls",
                        area: (x: "1", y: "0", w: "2", h: "1"))"#,
        "t",
        &[("p.pat", PAT)],
    );
    assert_eq!(g, grid("5 99 5"));
}
