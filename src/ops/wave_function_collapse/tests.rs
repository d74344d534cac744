//! Unit tests of `WaveFunctionCollapse`: exact small outputs where the model leaves one
//! answer, the overlapping model's windows, fixed cells, errors and counted restarts.

use crate::operator::testing::{grid, load_error, run_rules_with, try_run_rules};

/// `checker`: tiles 1 and 2 that may only stand beside the other; `stripes`: rows of one
/// tile, alternating; `colours`: three tiles, neighbours different; `walled`: 1 may stand
/// only beside 2; `board`: the checkerboard as an example; `room`: a walled room.
const CHECKER: &str = "tileset checker { tile 1 tile 2 next 1 2 }\n\
    tileset stripes { tile 1 tile 2 right 1 1 right 2 2 below 1 2 below 2 1 }\n\
    tileset colours { tile {1 2 3} next 1 {2 3} next 2 3 }\n\
    tileset walled { tile 1 tile 2 next 2 {1 2} }\n\
    glyphs { '#' = 1 '.' = 2 }\n\
    example board 2x2 {\n |#.#.|\n |.#.#|\n |#.#.|\n}\n\
    example room 2x2 {\n |####|\n |#..#|\n |#..#|\n |####|\n}\n";

fn wfc(w: i32, h: i32, steps: &str) -> Vec<Vec<u16>> {
    run_rules_with(w, h, steps, "t", &[("p.pat", CHECKER)])
}

#[test]
fn a_kept_tile_decides_the_checkerboard() {
    // (2, 1) holds 1 and is kept: (x + y) odd is 1, even is 2, inside the area only.
    let g = wfc(
        5,
        3,
        r#"FillRect(layer: "t", value: "1", rect: (x: "2", y: "1", w: "1", h: "1")),
           WaveFunctionCollapse(layer: "t", model: "p.pat#checker", keep: ["1"],
               area: (x: "1", y: "0", w: "4", h: "3"))"#,
    );
    assert_eq!(g, grid("0 1 2 1 2\n0 2 1 2 1\n0 1 2 1 2"));
}

#[test]
fn stripes_follow_a_protected_cell_and_the_border() {
    // rows are uniform and alternate; the protected (0, 1) holds 2, so rows 1 and 3 are 2
    let g = wfc(
        3,
        4,
        r#"FillRect(layer: "p", value: "1", rect: (x: "0", y: "1", w: "1", h: "1")),
           FillRect(layer: "t", value: "2", rect: (x: "0", y: "1", w: "1", h: "1")),
           WaveFunctionCollapse(layer: "t", model: "p.pat#stripes", protected: ["p"])"#,
    );
    assert_eq!(g, grid("1 1 1\n2 2 2\n1 1 1\n2 2 2"));
    // a border of 1 all around: every cell of a two-row area is beside it, so 2
    let g = wfc(
        3,
        2,
        r#"WaveFunctionCollapse(layer: "t", model: "p.pat#walled", border: Tile("1"))"#,
    );
    assert_eq!(g, grid("2 2 2\n2 2 2"));
    // the layer's cells around the area: row 0 holds 1, so the area's first row is 2
    let g = wfc(
        2,
        3,
        r#"FillRect(layer: "t", value: "1", rect: (x: "0", y: "0", w: "2", h: "1")),
           WaveFunctionCollapse(layer: "t", model: "p.pat#stripes", border: Around,
               area: (x: "0", y: "1", w: "2", h: "2"))"#,
    );
    assert_eq!(g, grid("1 1\n2 2\n1 1"));
}

#[test]
fn the_overlapping_model_repeats_the_example_windows() {
    // the example's 2x2 windows are the two checkerboard squares; 2 = '.' at (0, 0)
    let g = wfc(
        4,
        3,
        r#"FillRect(layer: "t", value: "2", rect: (x: "0", y: "0", w: "1", h: "1")),
           WaveFunctionCollapse(layer: "t", model: "p.pat#board", keep: ["2"],
               area: (x: "0", y: "0", w: "4", h: "3"))"#,
    );
    assert_eq!(g, grid("2 1 2 1\n1 2 1 2\n2 1 2 1"));
    // the room with a border of '#' (1) all around: every 2x2 window of the output and its
    // frame is one of the room's nine windows (no `##/##`: walls are one tile thick)
    let windows = [
        "11 12", "11 22", "11 21", "12 12", "22 22", "21 21", "12 11", "22 11", "21 11",
    ];
    for seed in 1..=10 {
        let g = try_run(
            6,
            5,
            r#"WaveFunctionCollapse(layer: "t", model: "p.pat#room", border: Tile("1"),
                area: (x: "1", y: "1", w: "4", h: "3"))"#,
            seed,
        )
        .unwrap();
        let at = |x: usize, y: usize| {
            let inside = (1..5).contains(&x) && (1..4).contains(&y);
            if inside {
                g[y][x]
            } else {
                1
            }
        };
        for y in 0..4 {
            for x in 0..5 {
                let w = format!(
                    "{}{} {}{}",
                    at(x, y),
                    at(x + 1, y),
                    at(x, y + 1),
                    at(x + 1, y + 1)
                );
                assert!(
                    windows.contains(&w.as_str()),
                    "seed {seed}: window {w} at ({x}, {y})"
                );
            }
        }
    }
}

/// A run's result: the tile rows, or the error text.
fn try_run(w: i32, h: i32, steps: &str, seed: u64) -> Result<Vec<Vec<u16>>, String> {
    try_run_rules(w, h, steps, "t", seed, &[("p.pat", CHECKER)])
}

#[test]
fn fixed_cells_that_contradict_fail_the_step() {
    // two kept 1s side by side: no checkerboard has them
    let e = try_run(
        3,
        1,
        r#"Retry(max: 3, steps: [
             FillRect(layer: "t", value: "1", rect: (x: "0", y: "0", w: "2", h: "1")),
             WaveFunctionCollapse(layer: "t", model: "p.pat#checker", keep: ["1"])])"#,
        1,
    )
    .unwrap_err();
    assert!(e.contains("the fixed cells"), "{e}");
    assert!(e.contains("contradict the model"), "{e}");
    // a 1x1 area cannot hold a 2x2 pattern
    let e = try_run(
        3,
        3,
        r#"WaveFunctionCollapse(layer: "t", model: "p.pat#board", area: (x: "0", y: "0", w: "1", h: "1"))"#,
        1,
    )
    .unwrap_err();
    assert!(e.contains("smaller than the patterns"), "{e}");
}

/// Three colours, neighbours different: a model that can meet a contradiction. Without
/// restarts some seeds fail (a counted failure of the step, never a hang); with restarts
/// every seed gives a proper colouring.
#[test]
fn contradictions_restart_and_are_counted() {
    let once = r#"WaveFunctionCollapse(layer: "t", model: "p.pat#colours", restarts: "0")"#;
    let failed = (1..=30)
        .filter(|&s| try_run(16, 16, once, s).is_err())
        .count();
    assert!(failed > 0, "no seed met a contradiction");
    let retried = r#"WaveFunctionCollapse(layer: "t", model: "p.pat#colours", restarts: "1000")"#;
    for seed in 1..=30 {
        let g = try_run(16, 16, retried, seed).unwrap();
        for y in 0..16 {
            for x in 0..16 {
                assert!((1..=3).contains(&g[y][x]));
                assert!(x == 15 || g[y][x] != g[y][x + 1], "seed {seed}");
                assert!(y == 15 || g[y][x] != g[y + 1][x], "seed {seed}");
            }
        }
    }
}

#[test]
fn a_model_that_can_fill_nothing_is_an_error_at_its_item() {
    let pat = "tileset dead { tile 1 tile 2 right 1 2 below 1 1 below 2 2 }";
    let text = "Ruleset(name: \"t\", grid: Grid(width: 4, height: 4), steps: [\
         WaveFunctionCollapse(layer: \"t\", model: \"p.pat#dead\")])";
    let e = load_error(text, &[("p.pat", pat)]);
    assert!(e.contains("p.pat:1:9"), "{e}");
    assert!(
        e.contains("no tile of this model can have neighbours on all four sides"),
        "{e}"
    );
}

#[test]
fn same_seed_same_tiles() {
    let steps = r#"WaveFunctionCollapse(layer: "t", model: "p.pat#colours", restarts: "100")"#;
    assert_eq!(try_run(12, 9, steps, 7), try_run(12, 9, steps, 7));
    assert_ne!(try_run(12, 9, steps, 7), try_run(12, 9, steps, 8));
}

/// The tileset of docs/wfc.md: every pair of neighbours in the output is one its rules allow
/// (listed here by hand: `next` both ways, `right Wall Floor`, `below Rock Rock`).
#[test]
fn the_guide_tileset_keeps_its_adjacency_rules() {
    let pat = "tiles { Rock = 0  Wall = 1  Floor = 2 }\n\
        tileset ground {\n\
          tile Floor weight 6  tile Wall  tile Rock weight 2\n\
          next Floor {Floor Wall}\n\
          next Wall {Wall Rock}\n\
          right Wall Floor\n\
          below Rock Rock\n\
        }";
    // (left, right) and (above, below) pairs allowed
    let across = [(2, 2), (2, 1), (1, 2), (1, 1), (1, 0), (0, 1)];
    let down = [(2, 2), (2, 1), (1, 2), (1, 1), (1, 0), (0, 1), (0, 0)];
    let steps = r#"WaveFunctionCollapse(layer: "t", model: "c.pat#ground", restarts: "100")"#;
    let mut rock = 0;
    for seed in 1..=20 {
        let g = try_run_rules(12, 10, steps, "t", seed, &[("c.pat", pat)]).unwrap();
        for y in 0..10 {
            for x in 0..12 {
                rock += (g[y][x] == 0) as u32;
                if x < 11 {
                    assert!(
                        across.contains(&(g[y][x], g[y][x + 1])),
                        "seed {seed} ({x}, {y})"
                    );
                }
                if y < 9 {
                    assert!(
                        down.contains(&(g[y][x], g[y + 1][x])),
                        "seed {seed} ({x}, {y})"
                    );
                }
            }
        }
    }
    assert!(rock > 0, "rock is drawn");
}
