//! Tests of [`super`].

use super::*;

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
    let mut p = BitPlanes::default();
    m.planes(&g, &mut p);
    // row 0: x = 0 (first); x = 2, 3 (below them 0 and 9); row 1: nothing below
    assert_eq!(m.row(&p, 0, 0, p.span(0, 0, 4)), 0b1101);
    assert_eq!(m.row(&p, 1, 0, p.span(0, 0, 4)), 0);
    assert_eq!(m.row(&p, 0, 0, p.span(0, 1, 3)), 0b0100);
    // classes: 3 and 9 are class 1, so (3,0) fails the second pattern now
    let m = PatternMask::new(&pats, Some(&[0, 1, 0, 1, 0, 0, 0, 0, 0, 1]), 8).unwrap();
    m.planes(&g, &mut p);
    assert_eq!(m.row(&p, 0, 0, 0b1111), 0b0101);
    assert!(PatternMask::new(&pats, None, 1).is_none());
    assert!(PatternMask::new(&[(vec![], vec![(64, 0, 1, true)])], None, 8).is_none());
}

/// A small xorshift generator for the random cases.
struct Rand(u64);

impl Rand {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// Whether pattern `(heads, tests)` holds at `(x, y)`, read cell by cell.
fn holds(
    g: &Grid,
    class: &dyn Fn(u16) -> u16,
    (heads, tests): &MaskPattern,
    x: i32,
    y: i32,
) -> bool {
    let v = class(g.at(x, y));
    (heads.is_empty() || heads.contains(&v))
        && tests
            .iter()
            .all(|&(dx, dy, t, eq)| g.get(x + dx, y + dy).is_some_and(|c| (class(c) == t) == eq))
}

/// On random grids 1 to 200 wide (rows of one to four words) and random pattern lists (heads sets and wildcards, `==`
/// and `!=` tests up to 3 columns and 2 rows away, with and without classes, both ways of
/// making the planes), a row of the mask is exactly the cells of the span where a pattern
/// holds, read cell by cell, before and after moves.
#[test]
fn rows_are_the_cells_where_a_pattern_holds() {
    let mut r = Rand(0x9E37_79B9_7F4A_7C15);
    let mut hits = 0;
    // one storage for every round, as a scan reuses it
    let mut p = BitPlanes::default();
    for round in 0..450 {
        let w = [1, 3, 17, 40, 63, 64, 65, 130, 200][round % 9];
        let h = 1 + r.below(7) as i32;
        let top = 3 + r.below(12) as u16;
        let mut data: Vec<u16> = (0..w * h).map(|_| r.below(top as u64) as u16).collect();
        let table: Vec<u16> = (0..top - 2).map(|_| r.below(4) as u16).collect();
        let with_classes = round % 3 == 0;
        let pats: Vec<MaskPattern> = (0..1 + r.below(6))
            .map(|_| {
                let vals = if with_classes { 4 } else { top as u64 };
                let heads = (0..r.below(3)).map(|_| r.below(vals) as u16).collect();
                let tests = (0..r.below(5))
                    .map(|_| {
                        let (dx, dy) = (r.below(7) as i32 - 3, r.below(5) as i32 - 2);
                        (dx, dy, r.below(vals) as u16, r.below(3) != 0)
                    })
                    .collect();
                (heads, tests)
            })
            .collect();
        let classes = with_classes.then_some(&table[..]);
        let class = |t: u16| match classes {
            Some(c) => c.get(t as usize).copied().unwrap_or(0),
            None => t,
        };
        let m = PatternMask::new(&pats, classes, 64).unwrap();
        m.planes(&Grid::new(&data, w, h), &mut p);
        for step in 0..12 {
            let g = Grid::new(&data, w, h);
            for y in -1..=h {
                let (x0, x1) = (r.below(w as u64 + 1) as i32, w - r.below(2) as i32);
                for i in 0..p.words_per_row() {
                    let span = p.span(i, x0, x1);
                    let want = (x0..x1)
                        .filter(|&x| x / 64 == i as i32)
                        .filter(|&x| {
                            y >= 0 && y < h && pats.iter().any(|q| holds(&g, &class, q, x, y))
                        })
                        .fold(0u64, |a, x| a | 1 << (x % 64));
                    assert_eq!(
                        m.row(&p, y, i, span),
                        want,
                        "round {round} step {step} row {y} word {i}"
                    );
                    hits += want.count_ones();
                }
            }
            // a move: one cell rewritten, the planes told
            let (x, y) = (r.below(w as u64) as i32, r.below(h as u64) as i32);
            let i = (y * w + x) as usize;
            let new = r.below(top as u64) as u16;
            m.moved(&mut p, x, y, data[i], new);
            data[i] = new;
        }
    }
    assert!(hits > 5000, "{hits}");
}
