//! Tests of [`super`]: every way to write a layer is seen by the kept planes.

use super::*;
use crate::rng::{Rng, RngSpec};

/// The cells of value 1 (a mask whose one pattern is "this cell is 1").
fn ones() -> PatternMask {
    PatternMask::new(&[(vec![1], vec![(0, 0, 1, true)])], None, 8).unwrap()
}

/// The cells that are not 2 (another mask: its planes are added beside those of `ones`).
fn not_twos() -> PatternMask {
    PatternMask::new(&[(vec![], vec![(0, 0, 2, false)])], None, 8).unwrap()
}

/// The rows of `mask` on the kept planes of layer 0 of `st`, prepared for every row.
fn rows(kept: &mut LayerPlanes, st: &State, mask: &PatternMask) -> Vec<u64> {
    let k = kept.prepare(st, 0, mask, 0..st.height).unwrap();
    let (m, p) = kept.mask(k);
    (0..st.height)
        .map(|y| m.row(p, y, 0, p.span(0, 0, st.width)))
        .collect()
}

/// The rows whose kept planes are older than the layer's rows.
fn stale(kept: &LayerPlanes, st: &State) -> Vec<i32> {
    let v = st.row_versions(0);
    (0..st.height)
        .filter(|&y| kept.synced[y as usize] != v.get(y))
        .collect()
}

fn state() -> State {
    State::new(4, 3, 0, 0, 0, 1, Rng::new(&RngSpec::Pcg64, 1))
}

#[test]
fn every_write_path_is_seen() {
    let (mut st, mut kept, one) = (state(), LayerPlanes::default(), ones());
    assert_eq!(rows(&mut kept, &st, &one), [0, 0, 0]);
    // the whole layer
    st.layer_mut(0)[1] = 1;
    assert_eq!(stale(&kept, &st), [0, 1, 2]);
    assert_eq!(rows(&mut kept, &st, &one), [0b0010, 0, 0]);
    let snap = st.snapshot();
    st.grid_mut(0).set(2, 1, 1);
    assert_eq!(rows(&mut kept, &st, &one), [0b0010, 0b0100, 0]);
    st.grid_mut_and_rng(0).0.set(3, 2, 1);
    assert_eq!(rows(&mut kept, &st, &one), [0b0010, 0b0100, 0b1000]);
    // some rows, named: only those are made again
    let mut tiles = st.take_layer(0);
    tiles[0] = 1;
    let mut written = RowSet::default();
    written.clear(3);
    written.insert(0);
    st.put_layer(0, tiles, Some(&written));
    assert_eq!(stale(&kept, &st), [0]);
    assert_eq!(rows(&mut kept, &st, &one), [0b0011, 0b0100, 0b1000]);
    // any row
    let mut tiles = st.take_layer(0);
    tiles[8] = 1;
    st.put_layer(0, tiles, None);
    assert_eq!(rows(&mut kept, &st, &one), [0b0011, 0b0100, 0b1001]);
    // restores: the rows' contents and versions of the snapshot
    st.restore_from(&snap);
    assert_eq!(rows(&mut kept, &st, &one), [0b0010, 0, 0]);
    st.layer_mut(0)[4] = 1;
    assert_eq!(rows(&mut kept, &st, &one), [0b0010, 0b0001, 0]);
    st.restore_parts_from(&snap, &[0], &[]);
    assert_eq!(rows(&mut kept, &st, &one), [0b0010, 0, 0]);
    // another run of the same size, whose rows have the same versions
    let mut other = state();
    other.layer_mut(0)[11] = 1;
    assert_eq!(rows(&mut kept, &other, &one), [0, 0, 0b1000]);
}

/// A scan's own writes, told to the mask, keep the planes of every value kept in step,
/// including those of a mask prepared before; a row outside the prepared ones is made when
/// read later.
#[test]
fn a_scans_writes_keep_the_planes_in_step() {
    let (mut st, mut kept, one, not_two) = (state(), LayerPlanes::default(), ones(), not_twos());
    st.layer_mut(0)
        .copy_from_slice(&[1, 2, 0, 0, 0, 2, 2, 0, 0, 0, 0, 1]);
    assert_eq!(rows(&mut kept, &st, &one), [0b0001, 0, 0b1000]);
    assert_eq!(rows(&mut kept, &st, &not_two), [0b1101, 0b1001, 0b1111]);
    // a scan of row 0 through `ones` writes (1,0) = 1 and (1,2) = 2
    let k = kept.prepare(&st, 0, &one, 0..1).unwrap();
    let mut tiles = st.take_layer(0);
    let mut written = RowSet::default();
    written.clear(3);
    let (m, p) = kept.mask(k);
    for (x, y, new) in [(1, 0, 1), (1, 2, 2)] {
        let i = (y * 4 + x) as usize;
        m.moved(p, x, y, tiles[i], new);
        tiles[i] = new;
        written.insert(y);
    }
    st.put_layer(0, tiles, Some(&written));
    kept.kept_in_step(&st, 0, Some(&written));
    assert_eq!(stale(&kept, &st), [] as [i32; 0]);
    assert_eq!(rows(&mut kept, &st, &not_two), [0b1111, 0b1001, 0b1101]);
    assert_eq!(rows(&mut kept, &st, &one), [0b0011, 0, 0b1000]);
}

/// Rows of two words: column 65 is bit 1 of a row's second word.
#[test]
fn wide_rows() {
    let mut st = State::new(70, 2, 0, 0, 0, 1, Rng::new(&RngSpec::Pcg64, 1));
    st.grid_mut(0).set(65, 1, 1);
    st.grid_mut(0).set(3, 0, 1);
    let (mut kept, one) = (LayerPlanes::default(), ones());
    let k = kept.prepare(&st, 0, &one, 0..2).unwrap();
    let (m, p) = kept.mask(k);
    let row = |y, i| m.row(p, y, i, p.span(i, 0, 70));
    assert_eq!(
        (row(0, 0), row(0, 1), row(1, 0), row(1, 1)),
        (0b1000, 0, 0, 0b10)
    );
}
