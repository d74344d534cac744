//! Unit tests of `BudRooms`: exact small results, the row-mask path against the cell path,
//! and the pair tables against a check per draw, on random layers.

use crate::engine::fast_path::{run_with, FastPath};
use crate::operator::testing::run_rules_seed;

const STEPS: &str = r#"FillRect(layer: "m", value: "1", rect: (x: "8", y: "8", w: "4", h: "4")),
        BudRooms(layer: "m", parents: [(rect: (x: "8", y: "8", w: "4", h: "4"))], dir: "0",
                 axis_roll: 4, size_roll: 5, size_add: 2, size_even: true, attempts: 20,
                 side_check_swapped: true)"#;

#[test]
fn buds_even_sized_rooms_that_touch_the_parent_region_and_stay_in_bounds() {
    let mut grew = 0;
    for seed in 0..40 {
        let g = run_rules_seed(20, 20, STEPS, "m", seed);
        let n: usize = g.iter().flatten().filter(|&&v| v == 1).count();
        assert!(n >= 16);
        if n > 16 {
            grew += 1;
        }
    }
    assert!(grew > 20, "budding added rooms on only {grew} of 40 seeds");
}

#[test]
fn deterministic() {
    assert_eq!(
        run_rules_seed(20, 20, STEPS, "m", 5),
        run_rules_seed(20, 20, STEPS, "m", 5)
    );
}

#[test]
fn zero_sizes_do_not_recurse_forever() {
    let steps = r#"BudRooms(layer: "m", parents: [(rect: (x: "8", y: "8", w: "4", h: "4"))], dir: "0",
                 axis_roll: 4, size_roll: 3, size_add: 0, size_even: true, attempts: 20)"#;
    for seed in 0..20 {
        run_rules_seed(20, 20, steps, "m", seed);
    }
}

/// Steps drawing random blocks on the layer.
fn random_layer() -> String {
    let mut steps = String::new();
    for i in 0..6 {
        steps += &format!(
            r#"FillRect(layer: "m", value: "{}", rect: (x: "rnd(40)", y: "rnd(34)", w: "rnd(5) + 1", h: "rnd(4) + 1")),"#,
            i % 3 + 1
        );
    }
    steps
}

/// The layer after `steps` on a `w × h` grid, with the row masks and without.
fn both_paths(w: i32, h: i32, steps: &str, seed: u64) -> [Vec<Vec<u16>>; 2] {
    let masks = run_rules_seed(w, h, steps, "m", seed);
    let cells = run_with(&[FastPath::BudMasks], || {
        run_rules_seed(w, h, steps, "m", seed)
    });
    [masks, cells]
}

#[test]
fn row_masks_give_the_cells_result_on_random_layers() {
    let configs = [
        // two parents, the second one's rectangle and condition read after the first budding
        r#"parents: [(rect: (x: "10", y: "10", w: "6", h: "6")), (rect: (x: "22", y: "12", w: "4", h: "4"), when: "rnd(3) != 0")],
           dir: "rnd(2)", axis_roll: 4, size_roll: 5, size_add: 2, size_even: true, attempts: 20,
           side_check_swapped: true"#,
        // a bounded area off the origin, edge rejection, wrapping coordinates, value 3
        r#"value: 3, parents: [(rect: (x: "8", y: "9", w: "rnd(5) + 2", h: "rnd(5) + 2"))],
           dir: "rnd(2)", axis_roll: 4, size_roll: 5, size_add: 2, size_even: true, attempts: 20,
           side_check_swapped: true, area: (x: "3", y: "2", w: "20", h: "20"), reject_edge: true,
           coord_bits: 8"#,
        // odd sizes, few attempts, another value
        r#"value: 2, parents: [(rect: (x: "15", y: "15", w: "5", h: "3"))], dir: "0",
           axis_roll: 3, size_roll: 4, size_add: 1, attempts: 3"#,
        // sizes too many to tabulate
        r#"parents: [(rect: (x: "18", y: "16", w: "4", h: "4"))], dir: "1",
           axis_roll: 2, size_roll: 40, size_add: 1, attempts: 8"#,
        // rooms of value 0 (they free cells) beside pinned edges
        r#"value: 0, parents: [(rect: (x: "8", y: "9", w: "6", h: "6"))],
           dir: "rnd(2)", axis_roll: 4, size_roll: 5, size_add: 2, size_even: true, attempts: 20,
           area: (x: "4", y: "3", w: "30", h: "28"), reject_edge: true"#,
    ];
    let mut differing_layers = 0;
    for (k, bud) in configs.iter().enumerate() {
        let steps = random_layer() + &format!(r#"BudRooms(layer: "m", {bud})"#);
        for seed in 0..60 {
            let [masks, cells] = both_paths(40, 36, &steps, seed);
            assert_eq!(masks, cells, "config {k}, seed {seed}");
            let before = run_rules_seed(40, 36, &random_layer(), "m", seed);
            differing_layers += (before != masks) as usize;
        }
    }
    // budding did something on most runs
    assert!(differing_layers > 160, "{differing_layers}");
    // an area too wide for a guard band (56 columns): masks without one
    let steps = random_layer() + &format!(r#"BudRooms(layer: "m", {})"#, configs[0]);
    for seed in 0..20 {
        let [masks, cells] = both_paths(56, 36, &steps, seed);
        assert_eq!(masks, cells, "56 columns, seed {seed}");
    }
}

/// Past 64 cells the pair tables read their row unions over a 64-column window: the same
/// layers as a check per cell, with parents on both sides of a word edge (columns 64, 128).
#[test]
fn windowed_row_unions_give_the_cells_result_past_64_cells() {
    let mut layer = String::new();
    for i in 0..24 {
        layer += &format!(
            r#"FillRect(layer: "m", value: "{}", rect: (x: "rnd(190)", y: "rnd(34)", w: "rnd(5) + 1", h: "rnd(4) + 1")),"#,
            i % 3 + 1
        );
    }
    let configs = [
        r#"parents: [(rect: (x: "58", y: "10", w: "6", h: "6")), (rect: (x: "124", y: "12", w: "4", h: "4"))],
           dir: "rnd(2)", axis_roll: 4, size_roll: 5, size_add: 2, size_even: true, attempts: 20,
           side_check_swapped: true"#,
        r#"value: 2, parents: [(rect: (x: "66", y: "15", w: "5", h: "3"))], dir: "rnd(2)",
           axis_roll: 3, size_roll: 7, size_add: 3, attempts: 12, area: (x: "40", y: "1", w: "150", h: "34")"#,
    ];
    let mut differing = 0;
    for (k, bud) in configs.iter().enumerate() {
        let steps = layer.clone() + &format!(r#"BudRooms(layer: "m", {bud})"#);
        for seed in 0..30 {
            let [masks, cells] = both_paths(200, 36, &steps, seed);
            assert_eq!(masks, cells, "config {k}, seed {seed}");
            differing += (masks != run_rules_seed(200, 36, &layer, "m", seed)) as usize;
        }
    }
    assert!(differing > 40, "budding did something: {differing}");
}

#[test]
fn pair_tables_give_the_result_of_a_check_per_draw_on_random_layers() {
    // (parameters, seeds): checks that wrap to empty ones pass, and bud on for long
    let configs = [
        // Diablo's parameters: swapped sideways checks
        (
            r#"parents: [(rect: (x: "10", y: "10", w: "6", h: "6")), (rect: (x: "22", y: "12", w: "4", h: "4"), when: "rnd(3) != 0")],
           dir: "rnd(2)", axis_roll: 4, size_roll: 5, size_add: 2, size_even: true, attempts: 20,
           side_check_swapped: true"#,
            60,
        ),
        // Hell's: a bounded area, edge rejection, wrapping coordinates
        (
            r#"value: 3, parents: [(rect: (x: "8", y: "9", w: "rnd(5) + 2", h: "rnd(5) + 2"))],
           dir: "rnd(2)", axis_roll: 4, size_roll: 5, size_add: 2, size_even: true, attempts: 20,
           side_check_swapped: true, area: (x: "3", y: "2", w: "20", h: "20"), reject_edge: true,
           coord_bits: 8"#,
            60,
        ),
        // plain sideways checks, odd sizes
        (
            r#"parents: [(rect: (x: "14", y: "12", w: "rnd(6) + 1", h: "rnd(6) + 1"))], dir: "rnd(2)",
           axis_roll: 3, size_roll: 7, size_add: 3, attempts: 12, coord_bits: 6"#,
            60,
        ),
        // sizes and checks that wrap to 0 (coord_bits 3), edge rejection, both check kinds
        (
            r#"parents: [(rect: (x: "rnd(8)", y: "rnd(8)", w: "rnd(4) + 1", h: "rnd(4) + 1"))],
           dir: "rnd(2)", axis_roll: 3, size_roll: 7, size_add: 3, attempts: 12, coord_bits: 3,
           reject_edge: true"#,
            6,
        ),
        (
            r#"parents: [(rect: (x: "rnd(8)", y: "rnd(8)", w: "rnd(4) + 1", h: "rnd(4) + 1"))],
           dir: "rnd(2)", axis_roll: 3, size_roll: 7, size_add: 3, attempts: 12, coord_bits: 3,
           side_check_swapped: true"#,
            6,
        ),
        // wrapping coordinates (coord_bits 4) on a grid wider than they reach, few
        // classes: the check shapes answer only where no field wraps
        (
            r#"parents: [(rect: (x: "rnd(20)", y: "rnd(20)", w: "rnd(4) + 1", h: "rnd(4) + 1"))],
           dir: "rnd(2)", axis_roll: 3, size_roll: 4, size_add: 2, size_even: true, attempts: 12,
           coord_bits: 4"#,
            60,
        ),
        (
            r#"parents: [(rect: (x: "rnd(18)", y: "rnd(18)", w: "rnd(4) + 1", h: "rnd(4) + 1"))],
           dir: "rnd(2)", axis_roll: 3, size_roll: 4, size_add: 2, size_even: true, attempts: 16,
           side_check_swapped: true, reject_edge: true, coord_bits: 4"#,
            60,
        ),
        // wrapping with a small area: a check left of or above it wraps beyond its end
        // (5 bits) or, within 4 cells of it, back into it (4 bits)
        (
            r#"parents: [(rect: (x: "rnd(12)", y: "rnd(12)", w: "rnd(4) + 1", h: "rnd(4) + 1"))],
           dir: "rnd(2)", axis_roll: 3, size_roll: 4, size_add: 2, size_even: true, attempts: 12,
           area: (x: "0", y: "0", w: "12", h: "12"), coord_bits: 5"#,
            60,
        ),
        (
            r#"parents: [(rect: (x: "rnd(12)", y: "rnd(12)", w: "rnd(4) + 1", h: "rnd(4) + 1"))],
           dir: "rnd(2)", axis_roll: 3, size_roll: 4, size_add: 2, size_even: true, attempts: 12,
           area: (x: "0", y: "0", w: "12", h: "12"), coord_bits: 4"#,
            60,
        ),
        // no wrapping, plain sideways checks, four classes, a bounded area with edge
        // rejection (the check offsets precomputed per direction)
        (
            r#"parents: [(rect: (x: "rnd(30) + 2", y: "rnd(26) + 2", w: "rnd(6) + 1", h: "rnd(6) + 1"))],
           dir: "rnd(2)", axis_roll: 3, size_roll: 4, size_add: 1, attempts: 12,
           area: (x: "2", y: "1", w: "36", h: "33"), reject_edge: true"#,
            60,
        ),
        // rooms taller than the row unions kept, few attempts
        (
            r#"value: 2, parents: [(rect: (x: "15", y: "15", w: "5", h: "3"))], dir: "0",
           axis_roll: 2, size_roll: 4, size_add: 14, attempts: 3"#,
            60,
        ),
    ];
    let mut differing_layers = 0;
    for (k, (bud, seeds)) in configs.iter().enumerate() {
        let steps = random_layer() + &format!(r#"BudRooms(layer: "m", {bud})"#);
        for seed in 0..*seeds {
            let run =
                |off: &[FastPath]| run_with(off, || run_rules_seed(40, 36, &steps, "m", seed));
            let tables = run(&[]);
            let draws = run(&[FastPath::BudTables]);
            let cells = run(&[FastPath::BudTables, FastPath::BudMasks]);
            let cell_tables = run(&[FastPath::BudMasks]);
            let check_tables = run(&[FastPath::BudShapes]);
            assert_eq!(tables, draws, "config {k}, seed {seed}");
            assert_eq!(tables, check_tables, "config {k}, seed {seed}: shapes");
            let class_tables = run(&[FastPath::BudDrawPairs]);
            assert_eq!(tables, class_tables, "config {k}, seed {seed}: draw pairs");
            assert_eq!(
                cell_tables, cells,
                "config {k}, seed {seed}: without row masks"
            );
            let before = run_rules_seed(40, 36, &random_layer(), "m", seed);
            differing_layers += (before != tables) as usize;
        }
    }
    // budding did something on most runs
    assert!(differing_layers > 250, "{differing_layers}");
}
