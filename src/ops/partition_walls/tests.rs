//! Unit tests of `ops::partition_walls`.

use crate::operator::testing::{grid, run_rules};

const WALLS: &str = r#"PartitionWalls(layer: "t", flag: "p", triggers: [(tile: 3, dir: Horizontal, start: 2)],
        discard: 1, open: 13, stops: [1], min_length: 2,
        horizontal: (kinds: [(wall: 2, door: 26)], open_door: (6, 9, 12)),
        vertical: (kinds: [(wall: 1, door: 25)], open_door: (6, 9, 11)),
        flag_doors: [26])"#;

#[test]
fn walls_run_from_a_trigger_to_a_stop_with_one_protected_door() {
    let g = run_rules(
        6,
        3,
        &format!(
            r#"FillRect(layer: "t", value: "13", rect: (x: "0", y: "0", w: "6", h: "3")),
                   FillRect(layer: "t", value: "3", rect: (x: "0", y: "1", w: "1", h: "1")),
                   FillRect(layer: "t", value: "1", rect: (x: "5", y: "1", w: "1", h: "1")),
                   {WALLS}"#
        ),
        "t",
    );
    let row = &g[1];
    assert_eq!(row[0], 2);
    assert_eq!(row[5], 1);
    assert_eq!(row[1..5].iter().filter(|&&t| t == 26).count(), 1, "{row:?}");
    assert!(row[1..5].iter().all(|&t| t == 2 || t == 26));
    assert_eq!(g[0], vec![13; 6]);
}

/// Two trigger-to-stop runs on row 1; an area over the second builds only that wall,
/// and an area that cuts the second before its stop builds none.
#[test]
fn an_area_confines_scan_and_walls() {
    let run = |area: &str| {
        run_rules(
            8,
            3,
            &format!(
                r#"FillRect(layer: "t", value: "13", rect: (x: "0", y: "0", w: "8", h: "3")),
                       FillRect(layer: "t", value: "3", rect: (x: "0", y: "1", w: "1", h: "1")),
                       FillRect(layer: "t", value: "1", rect: (x: "3", y: "1", w: "1", h: "1")),
                       FillRect(layer: "t", value: "3", rect: (x: "4", y: "1", w: "1", h: "1")),
                       FillRect(layer: "t", value: "1", rect: (x: "7", y: "1", w: "1", h: "1")),
                       {}"#,
                WALLS.replacen("triggers:", &format!("area: {area}, triggers:"), 1)
            ),
            "t",
        )
    };
    let g = run(r#"(x: "4", y: "0", w: "4", h: "3")"#);
    let row = &g[1];
    assert_eq!(row[..5], [3, 13, 13, 1, 2], "{row:?}");
    assert_eq!(row[7], 1);
    assert_eq!(row[5..7].iter().filter(|&&t| t == 26).count(), 1, "{row:?}");
    assert!(row[5..7].iter().all(|&t| t == 2 || t == 26));
    let g = run(r#"(x: "4", y: "0", w: "3", h: "3")"#);
    assert_eq!(g[1], vec![3, 13, 13, 1, 3, 13, 13, 1]);
    assert_eq!((g[0].clone(), g[2].clone()), (vec![13; 8], vec![13; 8]));
}

#[test]
fn no_wall_without_a_stop_tile() {
    let g = run_rules(
        4,
        3,
        &format!(
            r#"FillRect(layer: "t", value: "13", rect: (x: "0", y: "0", w: "4", h: "3")),
                   FillRect(layer: "t", value: "3", rect: (x: "0", y: "1", w: "1", h: "1")),
                   {WALLS}"#
        ),
        "t",
    );
    assert_eq!(g, grid("13 13 13 13\n3 13 13 13\n13 13 13 13"));
}

/// Rows are scanned 64 cells at a time: walls start past column 64 of a wide grid, and a
/// wall's tiles (here the trigger tile 2 again) are triggers that find no wall.
#[test]
fn wide_rows_are_scanned_past_64_cells() {
    let g = run_rules(
        80,
        3,
        &format!(
            r#"FillRect(layer: "t", value: "13", rect: (x: "0", y: "0", w: "80", h: "3")),
                   FillRect(layer: "t", value: "3", rect: (x: "60", y: "1", w: "1", h: "1")),
                   FillRect(layer: "t", value: "1", rect: (x: "66", y: "1", w: "1", h: "1")),
                   FillRect(layer: "t", value: "3", rect: (x: "70", y: "1", w: "1", h: "1")),
                   FillRect(layer: "t", value: "1", rect: (x: "75", y: "1", w: "1", h: "1")),
                   {}"#,
            WALLS.replace(
                "(tile: 3, dir: Horizontal, start: 2)]",
                "(tile: 3, dir: Horizontal, start: 2), (tile: 2, dir: Horizontal, start: 2)]"
            )
        ),
        "t",
    );
    let row = &g[1];
    for (from, to) in [(60, 66), (70, 75)] {
        assert_eq!((row[from], row[to]), (2, 1), "{row:?}");
        let doors = row[from + 1..to]
            .iter()
            .filter(|&&t| t == 26 || t == 12)
            .count();
        assert_eq!(doors, 1, "{row:?}");
    }
    assert!(
        row[..60].iter().chain(&row[76..]).all(|&t| t == 13),
        "{row:?}"
    );
    assert_eq!((g[0].clone(), g[2].clone()), (vec![13; 80], vec![13; 80]));
}
