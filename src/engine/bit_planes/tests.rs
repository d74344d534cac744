//! Tests of [`super`].

use super::*;

#[test]
fn planes_hold_rows_and_follow_moves() {
    #[rustfmt::skip]
    let data = [
        1, 0, 2,
        0, 1, 1,
    ];
    let g = Grid::new(&data, 3, 2);
    // plane 0: value 1, plane 1: value 2, 0 in none
    let mut p = BitPlanes::default();
    p.set_by(&g, (2, &[]), 1, |v| match v {
        1 => 0,
        2 => 1,
        _ => NONE,
    });
    assert_eq!(p.row(0, 0, 0), 0b001);
    assert_eq!(p.row(0, 1, 0), 0b110);
    assert_eq!(p.row(1, 0, 0), 0b100);
    assert_eq!(p.row(0, 2, 0), 0);
    assert_eq!(p.row(0, -1, 0), 0);
    // the grid plane
    assert_eq!((p.row(2, 0, 0), p.row(2, 1, 0)), (0b111, 0b111));
    let mut q = BitPlanes::default();
    q.set_by(&g, (6, &[]), 0, |v| if v == 1 { 5 } else { NONE });
    assert_eq!(
        (q.row(5, 0, 0), q.row(5, 1, 0), q.row(0, 1, 0)),
        (0b001, 0b110, 0)
    );
    // the same storage made again, smaller: every word is written (margins 0); plane 2 the
    // complement of plane 0 (value 1)
    q.set_values(&g, &[1, 2], &[0], 2);
    assert_eq!(q.words.len(), 6 * 4);
    assert_eq!(
        (
            q.row(0, 0, 0),
            q.row(1, 0, 0),
            q.row(0, 1, 0),
            q.row(1, 1, 0)
        ),
        (0b001, 0b100, 0b110, 0)
    );
    assert_eq!(
        (q.row(2, 0, 0), q.row(2, 1, 0), q.row(3, 1, 0)),
        (0b110, 0b001, 0b111)
    );
    assert!(q.words[..2 * 4]
        .iter()
        .chain(&q.words[4 * 4..])
        .all(|&w| w == 0));
    p.moved(2, 0, 1, 0);
    assert_eq!((p.row(0, 0, 0), p.row(1, 0, 0)), (0b101, 0));
    assert_eq!(p.span(0, 1, 9), 0b110);
    assert_eq!(p.span(0, -3, 1), 0b001);
}

#[test]
fn planes_of_rows_wider_than_a_word() {
    // 70 columns: value 1 at the multiples of 7, else 0; plane 0 holds the 1s, plane 1 the rest
    let data: Vec<u16> = (0..140).map(|i| (i % 70 % 7 == 0) as u16).collect();
    let g = Grid::new(&data, 70, 2);
    let mut p = BitPlanes::default();
    p.set_values(&g, &[1], &[0], 1);
    assert_eq!(p.words_per_row(), 2);
    let sevens = |i: usize| {
        (0..70)
            .filter(|x| x % 7 == 0 && x / 64 == i)
            .fold(0u64, |a, x| a | 1 << (x % 64))
    };
    for y in 0..2 {
        assert_eq!((p.row(0, y, 0), p.row(0, y, 1)), (sevens(0), sevens(1)));
        assert_eq!(p.row(1, y, 1), !sevens(1) & 0b11_1111);
        assert_eq!((p.row(2, y, 0), p.row(2, y, 1)), (!0, 0b11_1111));
    }
    p.moved(65, 1, 1, 0);
    assert_eq!(p.row(1, 1, 1), !sevens(1) & 0b11_1101);
    assert_eq!(p.span(1, 60, 66), 0b11);
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
    // every length and offset: the vector steps of 16 and 8 cells and the rest agree with
    // testing each cell
    let cells: Vec<u16> = (0..72u32)
        .map(|k| (k.wrapping_mul(2654435761) >> 7) as u16 % 4)
        .collect();
    for a in 0..8 {
        for b in a..=a + 64 {
            for v in [2, 0, 3, 7] {
                let want = (a..b)
                    .filter(|&k| cells[k] == v)
                    .fold(0u64, |m, k| m | 1 << (k - a));
                assert_eq!(eq_bits(&cells[a..b], v), want, "{a}..{b} value {v}");
            }
        }
    }
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
    for (r, row) in a.iter().enumerate() {
        for (c, column) in t.iter().enumerate() {
            assert_eq!(column >> r & 1, row >> c & 1, "({r}, {c})");
        }
    }
}
