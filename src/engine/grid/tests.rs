//! Unit tests of `engine::grid`.

use super::*;

#[test]
fn rect_clip_inset_and_cells() {
    let r = Rect::new(-1, 2, 4, 3);
    assert_eq!(r.clip(2, 4), Rect::new(0, 2, 2, 2));
    assert_eq!(Rect::new(0, 0, 5, 4).inset(1), Rect::new(1, 1, 3, 2));
    assert!(Rect::new(0, 0, 2, 2).inset(1).is_empty());
    let cells: Vec<_> = Rect::new(1, 1, 2, 2).cells().collect();
    assert_eq!(cells, vec![(1, 1), (2, 1), (1, 2), (2, 2)]);
    assert_eq!(Rect::new(3, 3, 0, 5).cells().count(), 0);
    assert!(Rect::new(0, 0, 4, 4).contains_rect(&Rect::new(1, 1, 3, 3)));
    assert!(!Rect::new(0, 0, 4, 4).contains_rect(&Rect::new(1, 1, 4, 3)));
}

#[test]
fn views_index_fill_and_count() {
    let mut data = vec![0u16; 12];
    let mut g = GridMut::new(&mut data, 4, 3);
    g.fill(Rect::new(1, 1, 10, 10), 7);
    g.set(0, 0, 5);
    assert!(!g.set_checked(4, 0, 9));
    assert_eq!(data, vec![5, 0, 0, 0, 0, 7, 7, 7, 0, 7, 7, 7]);
    let g = Grid::new(&data, 4, 3);
    assert_eq!(g.get(-1, 0), None);
    assert_eq!(g.get_or(9, 9, 3), 3);
    assert_eq!(g.count_in(g.bounds(), |v| v == 7), 6);
    assert!(g.all_in(Rect::new(1, 1, 3, 2), |v| v == 7));
    assert!(!g.any_in(Rect::new(1, 0, 3, 1), |v| v == 7));
    // (1, 1): neighbours 5 (NW), 0, 0, 0, 7 (E), 0, 7 (S), 7 (SE)
    assert_eq!(
        g.count_neighbours(1, 1, Connectivity::Eight, 0, |v| v == 7),
        3
    );
    assert_eq!(
        g.count_neighbours(0, 0, Connectivity::Four, 7, |v| v == 7),
        2
    );
    assert_eq!(g.point(g.index(3, 2)), (3, 2));
}

#[test]
fn a_fill_beside_the_grid_changes_nothing() {
    let mut data = vec![1u16; 12];
    let mut g = GridMut::new(&mut data, 4, 3);
    // wholly left of, right of, above and below the grid (clip to negative sizes)
    for r in [
        Rect::new(-2, 0, 1, 3),
        Rect::new(6, 0, 2, 3),
        Rect::new(0, -3, 4, 1),
        Rect::new(0, 5, 4, 2),
    ] {
        g.fill(r, 9);
    }
    assert_eq!(data, vec![1u16; 12]);
}

#[test]
fn a_pasted_block_is_clipped_to_the_grid() {
    let mut data = vec![0u16; 12];
    let mut g = GridMut::new(&mut data, 4, 3);
    // 3 x 2 block at (2, 2): only its top row's first two values land
    g.paste(2, 2, 3, &[1, 2, 3, 4, 5, 6]);
    // 2 x 2 block at (-1, -1): only its bottom-right value lands, at (0, 0)
    g.paste(-1, -1, 2, &[7, 7, 7, 8]);
    // inside: a 2 x 1 block at (1, 1); wholly outside: nothing
    g.paste(1, 1, 2, &[9, 9]);
    g.paste(5, 0, 1, &[4]);
    assert_eq!(data, vec![8, 0, 0, 0, 0, 9, 9, 0, 0, 0, 1, 2]);
}

#[test]
fn flood_fill_connectivity_and_limit() {
    // . # .
    // # . #
    // . # .
    let open = [1, 0, 1, 0, 1, 0, 1, 0, 1];
    let g = Grid::new(&open, 3, 3);
    let mut f = Flood::new();
    let mut seen = Vec::new();
    let four = f.fill(
        3,
        3,
        (1, 1),
        Connectivity::Four,
        100,
        |x, y| g.at(x, y) == 1,
        |x, y| seen.push((x, y)),
    );
    assert_eq!((four, seen.clone()), (FloodEnd::Complete(1), vec![(1, 1)]));
    let eight = f.fill(
        3,
        3,
        (1, 1),
        Connectivity::Eight,
        100,
        |x, y| g.at(x, y) == 1,
        |_, _| {},
    );
    assert_eq!(eight, FloodEnd::Complete(5));
    assert!(f.visited(3, 3, 2, 2) && !f.visited(3, 3, 1, 0));
    let capped = f.fill(
        3,
        3,
        (0, 0),
        Connectivity::Eight,
        3,
        |x, y| g.at(x, y) == 1,
        |_, _| {},
    );
    assert_eq!(capped, FloodEnd::Limit(3));
    let none = f.fill(
        3,
        3,
        (1, 0),
        Connectivity::Four,
        9,
        |x, y| g.at(x, y) == 1,
        |_, _| {},
    );
    assert_eq!(none, FloodEnd::Complete(0));
}

#[test]
fn wrap_scan_wraps_rows_and_the_grid() {
    let mut s = WrapScan::new(2, 1, 3, 2);
    let mut seen = Vec::new();
    for _ in 0..5 {
        s.wrap();
        seen.push((s.x, s.y));
        s.advance();
    }
    // (2,1), then x reaches 3: wrap to (0, 0) since row 2 is past the span
    assert_eq!(seen, vec![(2, 1), (0, 0), (1, 0), (2, 0), (0, 1)]);
}
