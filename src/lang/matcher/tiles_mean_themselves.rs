//! Issue 44 part 6: a tile in a grid means itself, tile 0 included (written by a name);
//! `.` is the one wildcard — any tile in a search grid, "leave the tile" in a replace grid.
//! Each search is asked every way the operators ask it: a position at a time, by lanes
//! ([`Matcher::next_match`] on a matcher compiled for the width) and over bit planes
//! ([`Matcher::rows`]); the three must give the same, hand-written, hits.

use super::*;
use crate::lang::pattern::{parse_patterns, ItemKind};

fn miniset(text: &str) -> Matcher {
    let f = parse_patterns(text).unwrap();
    match &f.items.last().unwrap().kind {
        ItemKind::Miniset(m) => Matcher::miniset(m),
        _ => panic!("not a miniset"),
    }
}

/// Every position where `m` fits in the grid and matches, in raster order, asked the three
/// ways (they must agree).
fn hits(m: &Matcher, data: &[u16], w: i32, h: i32) -> Vec<(i32, i32)> {
    let g = Grid::new(data, w, h);
    let positions = Rect::new(0, 0, w - m.width() + 1, h - m.height() + 1);
    let one_by_one: Vec<_> = positions
        .cells()
        .filter(|&(x, y)| m.matches(&g, x, y))
        .collect();
    let lanes = m.clone().for_grid(w);
    let mut by_lanes = Vec::new();
    let mut from = (0, 0);
    while let Some((x, y)) = lanes.next_match(&g, positions, from) {
        by_lanes.push((x, y));
        from = (x + 1, y);
    }
    assert_eq!(by_lanes, one_by_one, "by lanes");
    let rows = m.rows().expect("no != tests");
    let (mut planes, mut found) = (Planes::default(), RowHits::default());
    planes.sync(&g);
    rows.begin(&planes, &mut found);
    let mut by_rows = Vec::new();
    let mut from = (0, 0);
    while let Some((x, y)) = found.next_match(positions, from) {
        by_rows.push((x, y));
        from = (x + 1, y);
    }
    assert_eq!(by_rows, one_by_one, "over bit planes");
    one_by_one
}

/// `tiles { Air = 0 Solid = 1 }`: `search Air Air` finds pairs of air only (it used to
/// match anything, solid rock included).
#[test]
fn a_named_tile_zero_matches_only_tile_zero() {
    let m =
        miniset("tiles { Air = 0 Solid = 1 }\nminiset m 2x1 { search Air Air replace Solid . }");
    // 20 wide (a run of lanes): row 0 solid but for air at 3, 4 and 10..=12; row 1 air but
    // for solid at 5
    let (w, h) = (20, 2);
    let mut data = vec![1u16; 20];
    for x in [3, 4, 10, 11, 12] {
        data[x] = 0;
    }
    data.extend((0..20).map(|x| (x == 5) as u16));
    let mut want = vec![(3, 0), (10, 0), (11, 0)];
    want.extend((0..19).filter(|&x| x != 4 && x != 5).map(|x| (x, 1)));
    assert_eq!(hits(&m, &data, w, h), want);
    // the prefilter of the fix-rule and scatter scans: the first probe wants tile 0
    assert_eq!(m.first().equal_to(), Some((0, 0)));
    // a set holding tile 0 by name matches tile 0 and its other members only
    let s = miniset("tiles { Air = 0 }\nminiset m 1x1 { search {Air 2} replace . }");
    assert_eq!(
        hits(&s, &[0, 1, 2, 3, 0], 5, 1),
        vec![(0, 0), (2, 0), (4, 0)]
    );
}

/// `.` in a search grid matches every tile, 0 and 65535 included.
#[test]
fn a_dot_matches_every_tile() {
    let m = miniset("miniset m 1x2 { search 7 | . replace . . }");
    let data = [7, 7, 7, 1, 7, 0, 0, 65535, 13, 7, 2, 7];
    // row 0: 7s at x 0, 1, 2, 4; what is under them (7, 65535, 13, 2) does not matter
    assert_eq!(hits(&m, &data, 6, 2), vec![(0, 0), (1, 0), (2, 0), (4, 0)]);
    let all = miniset("miniset m 1x1 { search . replace 5 }");
    assert_eq!(
        hits(&all, &[0, 1, 65535], 3, 1),
        vec![(0, 0), (1, 0), (2, 0)]
    );
}

/// A replace cell naming tile 0 writes 0; `.` keeps what is there.
#[test]
fn a_replace_cell_of_tile_zero_writes_it_and_a_dot_leaves_the_tile() {
    let m = miniset("tiles { Rock = 0 }\nminiset m 3x1 { search . . . replace Rock . 4 }");
    let mut data = [9u16, 9, 9, 9];
    m.write(&mut GridMut::new(&mut data, 4, 1), 1, 0);
    assert_eq!(data, [9, 0, 9, 4]);
}

/// An old file's bare `0` is a located error in both grids, saying what to write instead.
#[test]
fn a_bare_zero_in_a_grid_is_an_error_saying_what_to_write() {
    let text = "miniset m 2x1 {\n  search 0 .\n  replace . 0\n}";
    let e = parse_patterns(text).unwrap_err();
    let at: Vec<usize> = e.iter().map(|e| e.span.0).collect();
    assert_eq!(at, vec![25, 41], "{e:?}");
    assert!(
        e[0].message
            .contains("write `.` for any tile, or name tile 0"),
        "{e:?}"
    );
    assert!(
        e[1].message.contains("write `.` to leave the tile"),
        "{e:?}"
    );
    assert!(e[1].message.contains("`Rock = 0`"), "{e:?}");
    // elsewhere 0 was always tile 0: tables, rule heads, tests and writes take it
    assert!(parse_patterns("table t { 0 }\nrules r { 0 if (1,0) == 0 -> (0,0) = 0 }").is_ok());
}
