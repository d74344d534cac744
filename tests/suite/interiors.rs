//! Issue 5: `--interiors` draws every room's layout, cell by cell, with doors as openings.
use crate::common;

use common::*;
use undercroft::render::interiors::floor_with_interiors;
use undercroft::{Params, RuleSet};

#[test]
fn every_cell_of_every_layout_is_drawn_in_place() {
    for (file, param) in [
        ("rules/isaac/rebirth.ron", "stage"),
        ("rules/isaac/labyrinth.ron", "level"),
    ] {
        let rs = RuleSet::load(file).unwrap();
        for seed in 0..50 {
            let d = rs.generate(seed, &Params::new().set(param, 1)).unwrap();
            let text = floor_with_interiors(&d);
            let lines: Vec<Vec<char>> = text.lines().skip(1).map(|l| l.chars().collect()).collect();
            let lo = [
                d.rooms
                    .iter()
                    .flat_map(|r| &r.cells)
                    .map(|c| c[0])
                    .min()
                    .unwrap(),
                d.rooms
                    .iter()
                    .flat_map(|r| &r.cells)
                    .map(|c| c[1])
                    .min()
                    .unwrap(),
            ];
            for r in &d.rooms {
                let l = rs
                    .layouts
                    .iter()
                    .find(|l| Some(&l.name) == r.layout.as_ref())
                    .unwrap();
                let o = origin(&rs, r);
                for &c in &r.cells {
                    let (gx, gy) = ((c[0] - lo[0]) as usize, (c[1] - lo[1]) as usize);
                    let (lx, ly) = ((c[0] - o[0]) as usize, (c[1] - o[1]) as usize);
                    for ty in 0..7 {
                        let want: String =
                            l.rows[ly * 7 + ty].chars().skip(lx * 13).take(13).collect();
                        let row = &lines[gy * 8 + 1 + ty];
                        let got: String = row.iter().skip(gx * 14 + 1).take(13).collect();
                        assert_eq!(
                            got, want,
                            "{file} seed {seed}: room {} cell {c:?} row {ty}",
                            r.id
                        );
                    }
                }
            }
            // One opening per door, in the wall between its two cells.
            for door in &d.doors {
                let [a, b] = door.cells;
                let (x, y) = (a[0].min(b[0]) - lo[0], a[1].min(b[1]) - lo[1]);
                let (x, y) = (x as usize, y as usize);
                let c = if a[1] == b[1] {
                    lines[y * 8 + 1 + 3][x * 14 + 14]
                } else {
                    lines[y * 8 + 8][x * 14 + 1 + 6]
                };
                assert_eq!(c, '.', "{file} seed {seed}: door {:?}", door.cells);
            }
        }
    }
}

/// Issue 14 item 8: the legend is true to the picture — each room's kind glyph is in the wall
/// corner above-left of its first cell — and no glyph has two meanings: flash-rooms' pool
/// draws `S` (shop item) and `$` (pickup), so the start and shop rooms take other glyphs.
#[test]
fn kind_glyphs_mark_wall_corners_and_never_mean_a_tile() {
    let rs = RuleSet::load("rules/isaac/flash-rooms.ron").unwrap();
    let d = rs.generate(1, &Params::new()).unwrap();
    let text = floor_with_interiors(&d);
    let legend = text.lines().last().unwrap();
    let tiles = text.lines().rev().nth(1).unwrap();
    let kinds: Vec<(char, &str)> = legend
        .split(": ")
        .nth(1)
        .unwrap()
        .split("  ")
        .map(|item| {
            (
                item.chars().next().unwrap(),
                &item[item.find(' ').unwrap() + 1..],
            )
        })
        .collect();
    let tile_glyphs: Vec<char> = tiles
        .trim_start_matches("tiles: ")
        .split("  ")
        .filter_map(|item| item.chars().next())
        .collect();
    assert!(
        tile_glyphs.contains(&'S') && tile_glyphs.contains(&'$'),
        "{tiles}"
    );
    for (g, kind) in &kinds {
        assert!(
            !tile_glyphs.contains(g),
            "`{g}` means both {kind} and a tile"
        );
    }
    let glyph = |kind: &str| kinds.iter().find(|(_, k)| *k == kind).unwrap().0;
    let lines: Vec<Vec<char>> = text.lines().skip(1).map(|l| l.chars().collect()).collect();
    let lo = [
        d.rooms
            .iter()
            .flat_map(|r| &r.cells)
            .map(|c| c[0])
            .min()
            .unwrap(),
        d.rooms
            .iter()
            .flat_map(|r| &r.cells)
            .map(|c| c[1])
            .min()
            .unwrap(),
    ];
    for r in &d.rooms {
        let c = r.cells[0];
        let (x, y) = (
            ((c[0] - lo[0]) * 14) as usize,
            ((c[1] - lo[1]) * 8) as usize,
        );
        assert_eq!(lines[y][x], glyph(&r.kind), "room {} ({})", r.id, r.kind);
    }
}
