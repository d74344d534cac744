//! Tests of [`super`].

use super::*;

#[test]
fn planes_probe_shifted_rows_and_follow_moves() {
    #[rustfmt::skip]
    let data = [
        1, 0, 2,
        0, 1, 1,
    ];
    let g = Grid::new(&data, 3, 2);
    // plane 0: value 1, plane 1: value 2, 0 in none
    let mut p = BitPlanes::build(&g, 2, |v| match v {
        1 => 0,
        2 => 1,
        _ => NONE,
    });
    assert_eq!(p.row(0, 0), 0b001);
    assert_eq!(p.row(0, 1), 0b110);
    assert_eq!(p.row(1, 0), 0b100);
    assert_eq!(p.row(0, 2), 0);
    // (x + 1, y) is 1: x = 0 on row 1 (its (1,1)), x = 1 (its (2,1)); x = 2 is off the grid
    assert_eq!(p.probe(0, false, 1, 0, 1), 0b011);
    // (x - 1, y + 1) is not 1: only x = 1 ((0,1) = 0); x = 0 reaches off the grid
    assert_eq!(p.probe(0, true, -1, 1, 0), 0b010);
    assert_eq!(p.probe(0, true, 0, 2, 0), 0);
    let q = BitPlanes::build(&g, 6, |v| if v == 1 { 5 } else { NONE });
    assert_eq!((q.row(5, 0), q.row(5, 1), q.row(0, 1)), (0b001, 0b110, 0));
    p.moved(2, 0, 1, 0);
    assert_eq!((p.row(0, 0), p.row(1, 0)), (0b101, 0));
    assert_eq!(p.span(1, 9), 0b110);
    assert_eq!(p.span(-3, 1), 0b001);
}

#[test]
fn pattern_masks_find_the_cells_where_a_pattern_may_hold() {
    #[rustfmt::skip]
    let data = [
        0, 1, 0, 3,
        1, 1, 0, 9,
    ];
    let g = Grid::new(&data, 4, 2);
    // 0 with 1 to the right; any cell with a non-1 below
    let pats = vec![
        (vec![0], vec![(1, 0, 1, true)]),
        (vec![], vec![(0, 1, 1, false)]),
    ];
    let m = PatternMask::new(&pats, None, 8).unwrap();
    let p = m.planes(&g);
    // row 0: x = 0 (first); x = 2, 3 (below them 0 and 9); row 1: nothing below
    assert_eq!(m.row(&p, 0, p.span(0, 4)), 0b1101);
    assert_eq!(m.row(&p, 1, p.span(0, 4)), 0);
    assert_eq!(m.row(&p, 0, p.span(1, 3)), 0b0100);
    // classes: 3 and 9 are class 1, so (3,0) fails the second pattern now
    let m = PatternMask::new(&pats, Some(&[0, 1, 0, 1, 0, 0, 0, 0, 0, 1]), 8).unwrap();
    assert_eq!(m.row(&m.planes(&g), 0, 0b1111), 0b0101);
    assert!(PatternMask::new(&pats, None, 1).is_none());
}

#[test]
fn line_bits_inside_and_across_the_edge_and_runs() {
    #[rustfmt::skip]
    let data = [
        5, 5, 0, 5,
        5, 0, 5, 5,
    ];
    let g = Grid::new(&data, 4, 2);
    assert_eq!(line_bits(&g, (0, 0), (1, 0), 4, 5), 0b1011);
    assert_eq!(line_bits(&g, (0, 0), (0, 1), 2, 5), 0b11);
    // column 1 from y = 0 down, three cells: the third is off the grid
    assert_eq!(line_bits(&g, (1, 0), (0, 1), 3, 5), 0b001);
    let cells: Vec<u16> = (0..64).map(|k| (k % 3 == 0) as u16).collect();
    let every_third = (0..64).filter(|k| k % 3 == 0).fold(0u64, |a, k| a | 1 << k);
    assert_eq!(eq_bits(&cells, 1), every_third);
    assert_eq!(eq_bits(&cells[..10], 0), !every_third & 0x3ff);
    assert_eq!(next_run(0b0111_0110, 0), Some((1, 3)));
    assert_eq!(next_run(0b0111_0110, 3), Some((4, 7)));
    assert_eq!(next_run(0b0111_0110, 7), None);
    assert_eq!(next_run(u64::MAX, 0), Some((0, 64)));
    assert_eq!(next_run(u64::MAX << 63, 5), Some((63, 64)));
}

#[test]
fn transpose64_moves_every_bit_to_its_mirror() {
    let mut a = [0u64; 64];
    let mut s = 0x9E37_79B9_7F4A_7C15u64;
    for w in a.iter_mut() {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        *w = s;
    }
    let mut t = a;
    transpose64(&mut t);
    for r in 0..64 {
        for c in 0..64 {
            assert_eq!(t[c] >> r & 1, a[r] >> c & 1, "({r}, {c})");
        }
    }
}
