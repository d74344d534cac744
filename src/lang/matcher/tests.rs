//! Unit tests of `lang::matcher`.

use super::*;
use crate::lang::pattern::{parse_patterns, ItemKind};

fn miniset(text: &str) -> Matcher {
    let f = parse_patterns(text).unwrap();
    match &f.items[0].kind {
        ItemKind::Miniset(m) => Matcher::miniset(m),
        _ => panic!("not a miniset"),
    }
}

/// Every position where it matches, in raster order.
fn hits(m: &Matcher, g: &Grid) -> Vec<(i32, i32)> {
    g.bounds()
        .cells()
        .filter(|&(x, y)| m.matches(g, x, y))
        .collect()
}

#[test]
fn tiles_wildcards_and_set_cells() {
    let m = miniset(
        "set floor = {13 14}\nminiset m 2x2 { search floor . | {5 6} 7 replace . 9 | . . }",
    );
    #[rustfmt::skip]
    let data = [
        13, 0, 14, 1,
         6, 7,  5, 7,
        14, 3,  1, 1,
    ];
    let g = Grid::new(&data, 4, 3);
    // (0,0): 13 in floor, 6 in {5 6}, 7; (2,0): 14, 5, 7; elsewhere no floor tile on top.
    assert_eq!(hits(&m, &g), vec![(0, 0), (2, 0)]);
    assert_eq!((m.width(), m.height()), (2, 2));
    let mut data = data;
    let mut gm = GridMut::new(&mut data, 4, 3);
    m.write(&mut gm, 2, 0);
    m.write(&mut gm, 3, 2); // (4, 2) is off the grid: skipped
    assert_eq!(data[..4], [13, 0, 14, 9]);
    assert_eq!(data[8..], [14, 3, 1, 1]);
}

/// `next_match` finds what testing every position in raster order finds, on rows wider
/// and narrower than the lanes, from any start, with tiles, sets and `!=` tests.
#[test]
fn next_match_agrees_with_testing_every_position() {
    let set = miniset("miniset m 2x2 { search 1 {2 3} | . {1 3} replace . . | . . }");
    let tests = Matcher::tests(&[
        Test {
            dx: -1,
            dy: 0,
            equal: true,
            value: 1,
        },
        Test {
            dx: 0,
            dy: 1,
            equal: false,
            value: 2,
        },
    ]);
    for (w, h) in [(40, 7), (17, 5), (9, 4)] {
        // a fixed pseudo-random grid of the values 1..=3
        let data: Vec<u16> = (0..w * h)
            .map(|i| ((i as u32).wrapping_mul(2654435761) >> 13) as u16 % 3 + 1)
            .collect();
        let g = Grid::new(&data, w, h);
        for m in [&set, &tests] {
            for m in [m.clone(), m.clone().for_grid(w)] {
                let positions = Rect::new(0, 0, w - 1, h - 1);
                let want: Vec<_> = positions
                    .cells()
                    .filter(|&(x, y)| m.matches(&g, x, y))
                    .collect();
                assert!(want.len() > 2, "{w}x{h}: {}", want.len());
                let mut got = Vec::new();
                let mut from = (0, 0);
                while let Some((x, y)) = m.next_match(&g, positions, from) {
                    got.push((x, y));
                    from = (x + 1, y);
                }
                assert_eq!(got, want, "{w}x{h}");
                // from the middle of a row: the hits at or after it
                let rest: Vec<_> = want
                    .iter()
                    .copied()
                    .filter(|&(x, y)| (y, x) >= (2, 3))
                    .collect();
                assert_eq!(m.next_match(&g, positions, (3, 2)), rest.first().copied());
            }
        }
    }
}

#[test]
fn blocked_cells_cover_the_whole_footprint() {
    let m = miniset("miniset m 2x1 { search 1 . replace 2 2 }");
    let data = [1, 1, 1];
    let g = Grid::new(&data, 3, 1);
    // the wildcard cell (x + 1) is part of the footprint
    assert!(!m.fits(&g, 0, 0, |x, _| x == 1));
    assert!(m.fits(&g, 0, 0, |x, _| x == 2));
    assert!(m.fits(&g, 1, 0, |x, _| x == 0));
}

#[test]
fn rule_tests_fail_outside_the_grid_and_compare_mapped_values() {
    let t = |dx, dy, equal, value| Test {
        dx,
        dy,
        equal,
        value,
    };
    let m = Matcher::tests(&[t(-1, 0, true, 3), t(0, 1, false, 4)]);
    let data = [3, 8, 0, 4, 4, 5];
    let g = Grid::new(&data, 3, 2);
    // (1,0): left 3, below 4 -> fails the `!=`; (2,0): left 8 -> no; (0,*): left is outside
    assert_eq!(hits(&m, &g), vec![]);
    // classes: 8 -> 3, 4 -> 1
    let class = |v: u16| match v {
        8 => 3,
        4 => 1,
        v => v,
    };
    let by: Vec<_> = g
        .bounds()
        .cells()
        .filter(|&(x, y)| m.matches_by(&g, x, y, class))
        .collect();
    // (1,0): left 3, below 4 -> class 1 != 4: yes; (2,0): left 8 -> 3, below 5: yes
    assert_eq!(by, vec![(1, 0), (2, 0)]);
}
