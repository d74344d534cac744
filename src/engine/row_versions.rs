//! Which rows of a tile layer changed: a version per row, for caches of structures derived
//! from a layer row by row (bit planes, row runs) that refresh only the rows written since
//! they were made.
//!
//! Every write to a layer of a [`super::state::State`] gives the rows it wrote a new version,
//! a number no other content of that row had in the run (see [`super::state`]): a write
//! that cannot say which rows it wrote ([`super::state::State::layer_mut`], a grid view)
//! gives every row one, a write that can ([`super::state::State::put_layer`]) only its
//! rows. A cache keeps, per row, the version the row had when it read it, and reads again
//! the rows whose version is another now: equal versions mean equal rows, also after a
//! `Retry` restore (which puts back each row's content and version together).
//!
//! Versions are only comparable within one run: a cache also keeps the run's
//! [`super::state::State::epoch`].

use std::ops::Range;

/// The version of each row of one layer (see the module doc): row `y`'s is the larger of
/// `all` (given by writes of the whole layer) and `rows[y]` (by writes of some rows; none
/// before the first such write, so that a layer only ever written whole costs nothing
/// more to copy).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RowVersions {
    all: u64,
    height: usize,
    rows: Vec<u64>,
}

impl RowVersions {
    /// Versions of `height` rows, all 0.
    pub fn new(height: usize) -> RowVersions {
        RowVersions {
            all: 0,
            height,
            rows: Vec::new(),
        }
    }

    /// The version of row `y` (`0 <= y < height`).
    #[inline(always)]
    pub fn get(&self, y: i32) -> u64 {
        self.rows
            .get(y as usize)
            .map_or(self.all, |&r| self.all.max(r))
    }

    /// The version of each row, in order.
    #[inline]
    pub fn each(&self) -> impl Iterator<Item = u64> + '_ {
        let all = self.all;
        let rows = self.rows.iter().map(move |&r| all.max(r));
        let whole = std::iter::repeat_n(all, self.height * self.rows.is_empty() as usize);
        rows.chain(whole)
    }

    /// Every row got version `v` (larger than any given before).
    #[inline]
    pub(super) fn write_all(&mut self, v: u64) {
        self.all = v;
    }

    /// The rows of `rows` got version `v` (larger than any given before).
    #[inline]
    pub(super) fn write_rows(&mut self, rows: &RowSet, v: u64) {
        if self.rows.is_empty() {
            self.rows.resize(self.height, 0);
        }
        for y in rows.iter() {
            if let Some(r) = self.rows.get_mut(y as usize) {
                *r = v;
            }
        }
    }
}

/// A set of rows `0..height`, as bits: the rows a write touched.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RowSet {
    height: i32,
    words: Vec<u64>,
}

impl RowSet {
    /// No row, of rows `0..height`.
    pub fn clear(&mut self, height: i32) {
        self.height = height.max(0);
        self.words.clear();
        self.words.resize((height.max(0) as usize).div_ceil(64), 0);
    }

    /// Add row `y` (ignored outside `0..height`).
    #[inline(always)]
    pub fn insert(&mut self, y: i32) {
        if y >= 0 && y < self.height {
            self.words[y as usize / 64] |= 1 << (y % 64);
        }
    }

    /// Add rows `ys` (clipped to `0..height`).
    pub fn insert_range(&mut self, ys: Range<i32>) {
        for y in ys.start.max(0)..ys.end.min(self.height) {
            self.insert(y);
        }
    }

    /// Whether row `y` is in the set.
    #[inline]
    pub fn contains(&self, y: i32) -> bool {
        y >= 0
            && self
                .words
                .get(y as usize / 64)
                .is_some_and(|w| w >> (y % 64) & 1 != 0)
    }

    /// The rows in the set, in order.
    pub fn iter(&self) -> impl Iterator<Item = i32> + '_ {
        self.words.iter().enumerate().flat_map(|(k, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                (w != 0).then(|| {
                    let b = w.trailing_zeros();
                    w &= w - 1;
                    64 * k as i32 + b as i32
                })
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn row_versions_are_the_latest_write_of_the_row() {
        let mut v = RowVersions::new(3);
        let mut rows = RowSet::default();
        rows.clear(3);
        rows.insert(1);
        rows.insert(7); // outside: ignored
        v.write_rows(&rows, 4);
        assert_eq!((v.get(0), v.get(1), v.get(2)), (0, 4, 0));
        v.write_all(5);
        assert_eq!((v.get(0), v.get(1), v.get(2)), (5, 5, 5));
        rows.clear(3);
        rows.insert_range(-2..1);
        v.write_rows(&rows, 6);
        assert_eq!((v.get(0), v.get(1), v.get(2)), (6, 5, 5));
        assert_eq!(v.each().collect::<Vec<_>>(), [6, 5, 5]);
        assert_eq!(RowVersions::new(2).each().collect::<Vec<_>>(), [0, 0]);
        assert_eq!(rows.iter().collect::<Vec<_>>(), [0]);
    }

    #[test]
    fn row_sets_span_words() {
        let mut rows = RowSet::default();
        rows.clear(130);
        for y in [0, 63, 64, 129, 130, -1] {
            rows.insert(y);
        }
        assert_eq!(rows.iter().collect::<Vec<_>>(), [0, 63, 64, 129]);
        assert!(rows.contains(64) && !rows.contains(65) && !rows.contains(-1));
    }
}
