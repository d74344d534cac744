//! Tests of [`super`]: distance fields and regions on small hand-drawn grids.
use super::*;

/// `#` closed, anything else open.
fn grid(rows: &[&str]) -> (i32, i32, Vec<bool>) {
    let open = rows
        .iter()
        .flat_map(|r| r.chars().map(|c| c != '#'))
        .collect();
    (rows[0].len() as i32, rows.len() as i32, open)
}

#[test]
fn distances_walk_around_walls_from_every_source() {
    let (w, h, open) = grid(&[
        "..#..", //
        ".##..", //
        ".....", //
    ]);
    let mut f = DistanceField::new();
    f.compute(w, h, |i| open[i], [(0, 0)]);
    let rows: Vec<Vec<u32>> = (0..h)
        .map(|y| (0..w).map(|x| f.at(x, y)).collect())
        .collect();
    let u = UNREACHED;
    assert_eq!(
        rows,
        vec![
            vec![0, 1, u, 7, 8],
            vec![1, u, u, 6, 7],
            vec![2, 3, 4, 5, 6]
        ]
    );
    // (4, 0) at 8 is the farthest; none ties it
    assert_eq!(f.farthest(), Some(((4, 0), 8)));
    // two sources: each cell counts from the nearer; the farthest cells, (3, 0) and
    // (1, 2) at 3, tie: the first in raster order is the one
    f.compute(w, h, |i| open[i], [(0, 0), (4, 2)]);
    assert_eq!(f.at(3, 0), 3);
    assert_eq!(f.at(1, 2), 3);
    assert_eq!(f.at(4, 0), 2);
    assert_eq!(f.farthest(), Some(((3, 0), 3)));
    // a closed source or one outside the grid reaches nothing
    f.compute(w, h, |i| open[i], [(2, 0), (9, 9)]);
    assert_eq!(f.farthest(), None);
    assert_eq!(f.at(0, 0), UNREACHED);
}

#[test]
fn steps_stop_at_the_target_and_leave_the_rest_unreached() {
    let (w, h, open) = grid(&[
        "..#..", //
        ".##..", //
        ".....", //
    ]);
    let mut f = DistanceField::new();
    assert_eq!(f.steps(w, h, |i| open[i], (0, 0), (4, 0)), 8);
    // (3, 2) is 5 steps away: the walk stops there, short of (4, 0) at 8
    assert_eq!(f.steps(w, h, |i| open[i], (0, 0), (3, 2)), 5);
    assert_eq!((f.at(0, 0), f.at(0, 2), f.at(4, 0)), (0, 2, UNREACHED));
    assert_eq!(f.farthest(), None);
    // to itself, to a closed cell, outside the grid, from a closed cell
    assert_eq!(f.steps(w, h, |i| open[i], (1, 0), (1, 0)), 0);
    assert_eq!(f.steps(w, h, |i| open[i], (0, 0), (2, 0)), UNREACHED);
    assert_eq!(f.steps(w, h, |i| open[i], (0, 0), (5, 0)), UNREACHED);
    assert_eq!(f.steps(w, h, |i| open[i], (1, 1), (0, 0)), UNREACHED);
    // a full walk after a stopped one sees none of its cells
    f.steps(w, h, |i| open[i], (4, 2), (3, 2));
    f.compute(w, h, |i| open[i], [(0, 0)]);
    assert_eq!((f.at(4, 2), f.at(4, 0)), (6, 8));
    assert_eq!(f.farthest(), Some(((4, 0), 8)));
}

#[test]
fn regions_from_a_mask_are_those_of_the_test() {
    // 12 wide: the eight-cell skips cross row ends; the mask stops short of the grid
    let (w, h, open) = grid(&[
        "#########.##", //
        "##.######.##", //
        "##..####..#.", //
    ]);
    let bytes: Vec<u8> = open.iter().map(|&o| o as u8).collect();
    let mut r = Regions::new();
    r.compute_mask(w, h, &bytes);
    // regions in raster order of their first cell: (9, 0), (2, 1), (11, 2)
    assert_eq!(r.sizes(), &[4, 3, 1]);
    assert_eq!(
        (r.at(9, 0), r.at(8, 2), r.at(2, 1), r.at(11, 2)),
        (0, 0, 1, 2)
    );
    let mut t = Regions::new();
    t.compute(w, h, |i| open[i]);
    assert_eq!((t.sizes(), t.label.clone()), (r.sizes(), r.label.clone()));
    // a mask shorter than the grid: the cells past it are closed
    r.compute_mask(w, h, &bytes[..30]);
    assert_eq!(r.sizes(), &[2, 3]);
    assert_eq!((r.at(11, 2), r.at(8, 2)), (NO_REGION, NO_REGION));
}

#[test]
fn a_second_walk_forgets_the_cells_of_the_first() {
    // 16 x 8 cells; the first walk reaches row 0 only (16 cells, few enough that the
    // next walk resets them one by one), the second only column 15
    let (w, h) = (16, 8);
    let mut f = DistanceField::new();
    f.compute(w, h, |i| i < 16, [(0, 0)]);
    assert_eq!((f.at(15, 0), f.at(15, 1)), (15, UNREACHED));
    f.compute(w, h, |i| i % 16 == 15, [(15, 7)]);
    assert_eq!(
        (f.at(13, 0), f.at(14, 0), f.at(15, 0)),
        (UNREACHED, UNREACHED, 7)
    );
    // the cells reached, in walk order, by row-major index
    let reached: Vec<(usize, u32)> = f.reached().collect();
    assert_eq!(
        reached,
        (0..8).map(|k| (127 - 16 * k, k as u32)).collect::<Vec<_>>()
    );
    assert_eq!((f.at(0, 0), f.at(15, 1), f.at(15, 7)), (UNREACHED, 6, 0));
    assert_eq!(f.farthest(), Some(((15, 0), 7)));
}

#[test]
fn an_area_confines_walks_and_regions() {
    let (w, h, open) = grid(&[
        "..#..", //
        ".##..", //
        ".....", //
    ]);
    // the area leaves out column 4 and row 2: the source (4, 2) is outside, ignored;
    // (0, 0) is cut off from (3, 1) (the way round went through row 2)
    let area = Rect::new(0, 0, 4, 2);
    let mut f = DistanceField::new();
    f.compute_in(w, h, area, |i| open[i], [(3, 1), (4, 2)]);
    assert_eq!((f.at(3, 0), f.at(3, 1), f.at(4, 0)), (1, 0, UNREACHED));
    assert_eq!(f.at(0, 0), UNREACHED);
    assert_eq!(f.farthest(), Some(((3, 0), 1)));
    let mut r = Regions::new();
    r.compute_in(w, h, area, |i| open[i]);
    assert_eq!(r.count(), 2);
    assert_eq!((r.size(0), r.size(1)), (3, 2));
    assert_eq!((r.at(0, 1), r.at(3, 1), r.at(0, 2)), (0, 1, NO_REGION));
}

#[test]
fn regions_are_numbered_in_raster_order_with_their_sizes() {
    let (w, h, open) = grid(&[
        "..#.#", //
        "###.#", //
        ".#..#", //
    ]);
    let mut r = Regions::new();
    r.compute(w, h, |i| open[i]);
    assert_eq!(r.count(), 3);
    assert_eq!((r.at(1, 0), r.at(3, 0), r.at(0, 2)), (0, 1, 2));
    assert_eq!((r.size(0), r.size(1), r.size(2)), (2, 4, 1));
    assert_eq!(r.largest(), 4);
    assert_eq!(r.at(2, 0), NO_REGION);
    assert_eq!(r.at(-1, 0), NO_REGION);
    // the cells between them, with the regions beside each (+x, -x, +y, -y)
    let gaps = |r: &Regions, area| {
        let mut v = Vec::new();
        r.gaps(area, |x, y, near| v.push((x, y, near.to_vec())));
        v
    };
    let expected = [
        (2, 0, vec![1, 0]),
        (4, 0, vec![1]),
        (0, 1, vec![2, 0]),
        (1, 1, vec![0]),
        (2, 1, vec![1]),
        (4, 1, vec![1]),
        (1, 2, vec![1, 2]),
        (4, 2, vec![1]),
    ];
    assert_eq!(gaps(&r, Rect::new(0, 0, 5, 3)), expected);
    // in an area (columns 0-3, rows 0-1) regions and their neighbours stop at its edge
    r.compute_in(w, h, Rect::new(0, 0, 4, 2), |i| open[i]);
    let expected = [
        (2, 0, vec![1, 0]),
        (0, 1, vec![0]),
        (1, 1, vec![0]),
        (2, 1, vec![1]),
    ];
    assert_eq!(gaps(&r, Rect::new(0, 0, 4, 2)), expected);
}
