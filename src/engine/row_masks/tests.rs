//! Unit tests of [`RowMasks`](super::RowMasks).

use super::*;

/// A `w × h` layer with about a third of its cells taken (1), the rest 0.
fn random_cells(w: i32, h: i32, seed: u32) -> Vec<u16> {
    let mut x = seed;
    (0..w * h)
        .map(|_| {
            x = x.wrapping_mul(1103515245).wrapping_add(12345);
            (x >> 16).is_multiple_of(3) as u16
        })
        .collect()
}

#[test]
fn row_unions_and_columns_answer_as_is_free_does() {
    // a 13x20 area off the origin of a 16x24 grid, about a third of its cells taken
    let (gw, gh) = (16, 24);
    let data = random_cells(gw, gh, 12345);
    let area = Rect::new(2, 1, 13, 20);
    let mut buf = [0u64; 40];
    let m = RowMasks::nonzero(&Grid::new(&data, gw, gh), area, &mut buf);
    let (mut free, mut tested) = (0, 0);
    for y in area.y..area.y1() {
        for n in [0, 1, 5, 30] {
            let mut out = vec![7u64; n];
            let got = m.unions_down(y, &mut out);
            assert_eq!(got, n.min((area.y1() - y) as usize));
            for h in 1..=got as i32 {
                for w in 1..=4 {
                    for rx in area.x..=area.x1() - w {
                        let want = m.is_free(Rect::new(rx, y, w, h));
                        let union = out[h as usize - 1];
                        assert_eq!(union & m.columns(rx, w) == 0, want);
                        free += want as usize;
                        tested += 1;
                    }
                }
            }
            // the entries past the area's last row are left alone
            assert!(out[got..].iter().all(|&v| v == 7));
        }
    }
    // both answers occur often
    assert!(
        free > tested / 10 && free < tested * 9 / 10,
        "{free} of {tested}"
    );
}

#[test]
fn a_row_write_sets_the_cells_of_the_mask_bits() {
    let mut x = 99u64;
    for n in 0..=64usize {
        for _ in 0..20 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let m = (x ^ x >> 29) & if n == 64 { u64::MAX } else { (1 << n) - 1 };
            let old: Vec<u16> = (0..n as u16).map(|i| i * 3 + 1).collect();
            let mut row = old.clone();
            write_row(&mut row, m, 0xBEEF);
            let want: Vec<u16> = (0..n)
                .map(|i| if m >> i & 1 != 0 { 0xBEEF } else { old[i] })
                .collect();
            assert_eq!(row, want, "n {n} m {m:x}");
            let mut runs = old.clone();
            write_runs(&mut runs, m, 0xBEEF);
            assert_eq!(runs, want, "n {n} m {m:x}");
        }
    }
}

#[test]
fn masks_answer_as_the_cells_do() {
    // a 6x5 grid, the area its 4x3 middle from (1, 1)
    #[rustfmt::skip]
    let mut data: Vec<u16> = vec![
        9, 9, 9, 9, 9, 9,
        9, 0, 0, 7, 0, 9,
        9, 0, 0, 0, 0, 9,
        9, 3, 0, 0, 0, 9,
        9, 9, 9, 9, 9, 9,
    ];
    let area = Rect::new(1, 1, 4, 3);
    let mut buf = [1u64; 6];
    assert_eq!(RowMasks::words(area), 6);
    let copy = data.clone();
    let mut m = RowMasks::nonzero(&Grid::new(&copy, 6, 5), area, &mut buf);
    assert!(m.is_free(Rect::new(1, 1, 2, 2)));
    assert!(!m.is_free(Rect::new(1, 1, 3, 1))); // the 7 at (3, 1)
    assert!(!m.is_free(Rect::new(1, 2, 1, 2))); // the 3 at (1, 3)
    assert!(m.is_free(Rect::new(2, 2, 3, 2)));
    m.fill(Rect::new(4, 3, 5, 5), true); // clipped to (4, 3)
    assert!(!m.is_free(Rect::new(2, 2, 3, 2)));
    assert!(m.is_free(Rect::new(2, 2, 3, 1)));
    m.fill(Rect::new(1, 2, 2, 1), true);
    m.write_filled(&mut GridMut::new(&mut data, 6, 5), 5);
    #[rustfmt::skip]
    assert_eq!(data, vec![
        9, 9, 9, 9, 9, 9,
        9, 0, 0, 7, 0, 9,
        9, 5, 5, 0, 0, 9,
        9, 3, 0, 0, 5, 9,
        9, 9, 9, 9, 9, 9,
    ]);
    // written once: a second write with nothing filled changes nothing
    m.write_filled(&mut GridMut::new(&mut data, 6, 5), 6);
    assert_eq!(data[3 * 6 + 4], 5);
    m.fill(Rect::new(0, 0, 9, 9), false);
    assert!(m.is_free(area));
    m.write_filled(&mut GridMut::new(&mut data, 6, 5), 0);
    assert_eq!(data.iter().filter(|&&v| v != 0 && v != 9).count(), 0);
    m.fill(area, true);
    assert!(!m.is_free(Rect::new(4, 3, 1, 1)));
    let wide = vec![0u16; 65];
    let mut buf = [0u64; 4];
    let g = Grid::new(&wide, 65, 1);
    let full = RowMasks::nonzero(&g, Rect::new(1, 0, 64, 1), &mut buf);
    assert!(full.is_free(Rect::new(1, 0, 64, 1)));
    // a full-width run is written whole
    let mut wide = vec![0u16; 65];
    let mut full = RowMasks::nonzero(
        &Grid::new(&wide.clone(), 65, 1),
        Rect::new(1, 0, 64, 1),
        &mut buf,
    );
    full.fill(Rect::new(0, 0, 70, 1), true);
    full.write_filled(&mut GridMut::new(&mut wide, 65, 1), 2);
    assert_eq!(wide[0], 0);
    assert!(wide[1..].iter().all(|&v| v == 2));
}

#[test]
fn bits_fill_as_cells_do() {
    let data = vec![0u16; 5 * 3];
    let mut buf = [0u64; 4];
    let g = Grid::new(&data, 5, 3);
    let mut m = RowMasks::nonzero(&g, Rect::new(1, 1, 4, 2), &mut buf);
    m.fill_bits(2, 0, 0b1010, true); // cells (2, 2) and (4, 2)
    assert!(!m.is_free(Rect::new(2, 2, 1, 1)) && !m.is_free(Rect::new(4, 2, 1, 1)));
    assert!(m.is_free(Rect::new(3, 1, 1, 2)) && m.is_free(Rect::new(1, 1, 4, 1)));
    m.fill_bits(2, 0, 0b0010, false);
    assert!(m.is_free(Rect::new(1, 2, 2, 1)));
    let mut out = data.clone();
    m.write_filled(&mut GridMut::new(&mut out, 5, 3), 3);
    assert_eq!(&out[10..], &[0, 0, 3, 0, 3]);
}

#[test]
fn guarded_masks_refuse_the_guard_band_and_pinned_edges() {
    // a 14x11 area off the origin of a 20x16 grid, about a third of its cells taken
    let (gw, gh) = (20, 16);
    let data = random_cells(gw, gh, 777);
    let g = Grid::new(&data, gw, gh);
    let area = Rect::new(3, 2, 14, 11);
    for edges in [false, true] {
        let mut buf = vec![0u64; RowMasks::guarded_words(area.h)];
        let mut m = RowMasks::guarded(&g, area, &mut buf, edges).unwrap();
        assert_eq!(
            m.frame(),
            Rect::new(3 - GUARD, 2 - GUARD, 14 + 2 * GUARD, 11 + 2 * GUARD)
        );
        // cleared cells: a rectangle over the first column and row, freed
        let cleared = Rect::new(3, 2, 4, 3);
        for round in 0..2 {
            let taken = |cx: i32, cy: i32| {
                !area.contains(cx, cy)
                    || edges && (cx == area.x || cy == area.y)
                    || !(round == 1 && cleared.contains(cx, cy))
                        && data[(cy * gw + cx) as usize] != 0
            };
            let f = m.frame();
            let (mut free, mut tested) = (0, 0);
            for y in f.y..f.y1() {
                for x in f.x..f.x1() {
                    for (w, h) in [(1, 1), (2, 3), (4, 2), (3, 5), (9, 1)] {
                        let r = Rect::new(x, y, w, h);
                        if !f.contains_rect(&r) {
                            continue;
                        }
                        let want = r.cells().all(|(cx, cy)| !taken(cx, cy));
                        assert_eq!(m.free_in_frame(x, y, w, h), want, "{r:?} edges {edges}");
                        let union = m.union(y, h);
                        assert_eq!(union & m.columns(x, w) == 0, want);
                        free += want as usize;
                        tested += 1;
                    }
                }
            }
            assert!(free > 20 && free < tested / 2, "{free} of {tested}");
            m.set(cleared, false);
        }
    }
}

/// Areas of two and three words a row: the free test, fills, row bits and the layer write
/// agree with the cells, across the words' edges.
#[test]
fn wide_masks_answer_and_write_as_the_cells_do() {
    for (gw, area) in [
        (150, Rect::new(3, 2, 130, 17)),
        (200, Rect::new(0, 0, 200, 20)),
    ] {
        let gh = 20;
        let mut data = random_cells(gw, gh, 4242);
        let mut buf = vec![0u64; RowMasks::words(area)];
        let copy = data.clone();
        let mut m = RowMasks::nonzero(&Grid::new(&copy, gw, gh), area, &mut buf);
        assert!(!m.one_word());
        // fills: a block across the first word edge, a freed block, row bits in word 1
        let block = Rect::new(area.x + 60, area.y + 3, 9, 4);
        let freed = Rect::new(area.x + 120, area.y + 5, 10, 6);
        m.fill(block, true);
        m.fill(freed, false);
        m.fill_bits(area.y + 12, 1, 0b1001, true); // cells area.x + 64 and + 67
        m.write_filled(&mut GridMut::new(&mut data, gw, gh), 1);
        let mut want = copy.clone();
        for (r, v) in [(block, 1), (freed, 0)] {
            for (x, y) in r.cells() {
                want[(y * gw + x) as usize] = v;
            }
        }
        for dx in [64, 67] {
            want[((area.y + 12) * gw + area.x + dx) as usize] = 1;
        }
        // the layer: exactly the fills written (value 1 where filled: `freed` held 0 or 1
        // and the fill of 0 is written as 1 too, since one value is written for every fill)
        for y in 0..gh {
            for x in 0..gw {
                let (i, inside) = ((y * gw + x) as usize, area.contains(x, y));
                let filled = block.contains(x, y)
                    || freed.contains(x, y)
                    || y == area.y + 12 && (x == area.x + 64 || x == area.x + 67);
                let expect = if inside && filled { 1 } else { copy[i] };
                assert_eq!(data[i], expect, "({x}, {y}) in {gw} wide");
            }
        }
        // the masks: the free test answers as the cells of `want` do
        let (mut free, mut tested) = (0, 0);
        for y in area.y..area.y1() {
            for x in area.x..area.x1() {
                for (w, h) in [(1, 1), (3, 2), (5, 1), (70, 1), (2, 3)] {
                    let r = Rect::new(x, y, w, h);
                    if !area.contains_rect(&r) {
                        continue;
                    }
                    let cells = r.cells().all(|(cx, cy)| want[(cy * gw + cx) as usize] == 0);
                    assert_eq!(m.is_free(r), cells, "{r:?} in {gw} wide");
                    free += cells as usize;
                    tested += 1;
                }
            }
        }
        assert!(free > 100 && free < tested / 2, "{free} of {tested}");
    }
}

#[test]
fn a_window_of_64_columns_over_wide_rows() {
    // a 150-wide area of 3 rows; taken: (63, 0), (64, 1), (70, 2), (120, 0), (130, 2)
    let (w, h) = (150, 3);
    let mut data = vec![0u16; (w * h) as usize];
    for (x, y) in [(63, 0), (64, 1), (70, 2), (120, 0), (130, 2)] {
        data[(y * w + x) as usize] = 1;
    }
    let area = Rect::new(0, 0, w, h);
    let mut buf = vec![0u64; RowMasks::words(area)];
    let m = RowMasks::nonzero(&Grid::new(&data, w, h), area, &mut buf);
    assert!(!m.one_word());
    // columns 60..130 span more than 64: no window; 60..124 fit
    assert_eq!(m.window(60, 130), None);
    let base = m.window(60, 124).unwrap();
    assert_eq!(base, 60);
    let mut out = [0u64; 3];
    assert_eq!(m.window_unions_down(0, base, &mut out), 3);
    // bits: column 63 -> 3, 64 -> 4, 70 -> 10, 120 -> 60 (130 lies past the window)
    assert_eq!(
        out,
        [
            1 << 3 | 1 << 60,
            1 << 3 | 1 << 4 | 1 << 60,
            1 << 3 | 1 << 4 | 1 << 10 | 1 << 60
        ]
    );
    assert_eq!(RowMasks::window_columns(base, 64, 3), 0b111 << 4);
    // from row 1 down: two rows left
    assert_eq!(m.window_unions_down(1, base, &mut out), 2);
    assert_eq!(out[..2], [1 << 4, 1 << 4 | 1 << 10]);
    // a window reaching past the area: column 120 is its bit 20, 130 its bit 30
    let mut one = [0u64; 3];
    m.window_unions_down(0, 100, &mut one);
    assert_eq!(one[2] & (1 << 20 | 1 << 30), 1 << 20 | 1 << 30);
    assert_eq!(one[0] & (1 << 30), 0);
    // every window's unions answer as is_free does
    for x0 in [0, 30, 61, 86] {
        let mut out = [0u64; 3];
        m.window_unions_down(0, x0, &mut out);
        for hh in 1..=3 {
            for ww in 1..=8 {
                for rx in x0..(x0 + 64 - ww).min(w - ww) {
                    let want = m.is_free(Rect::new(rx, 0, ww, hh));
                    let got = out[hh as usize - 1] & RowMasks::window_columns(x0, rx, ww) == 0;
                    assert_eq!(got, want, "window {x0}, rect {rx} {ww}x{hh}");
                }
            }
        }
    }
}
