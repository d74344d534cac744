//! [`LayerPlanes`]: the bit planes of one tile layer that a run keeps from step to step, so
//! that a scan over planes ([`PatternMask`]) makes again only the planes of the rows written
//! since they were made ([`crate::engine::row_versions`]).
//!
//! The planes are those [`PatternMask`]s read: a value's cells, the grid's cells not of a
//! value, the grid's cells; each is made the first time a mask asks for it, in the rows the
//! mask asks for, and kept: the masks of consecutive scans share the planes of the values
//! they share, and a scan keeps them in step with its own writes
//! ([`PatternMask::moved`] on the planes of every value kept). Per row, the planes hold the
//! content of the row version they were made (or last kept in step) at, and which planes
//! are made; a row whose version is another now is made again when read.
//!
//! A scan: [`LayerPlanes::prepare`] (the mask, on these planes), the scan (reading only the
//! rows it prepared, telling every write to the mask's [`PatternMask::moved`]),
//! [`crate::engine::state::State::put_layer`] with the rows written, then
//! [`LayerPlanes::kept_in_step`].

use super::pattern_mask::{PatternMask, Plane};
use super::{BitPlanes, NONE};
use crate::engine::grid::Grid;
use crate::engine::row_bits::{eq_planes, index_planes};
use crate::engine::row_versions::RowSet;
use crate::engine::state::State;
use std::ops::Range;

/// At most this many planes are kept (a row's made planes are the bits of a word).
const MAX_PLANES: usize = 64;

/// Planes of up to this many values are made by comparing a row with each value; beyond,
/// a lookup per cell costs less (measured on Diablo's Caves, 2 values, and Cathedral, 25).
const EQ_VALUES: usize = 8;

/// The kept planes of one layer (see the module doc). Kept in a run's scratch: it checks
/// the run ([`State::epoch`]), the layer and the grid size before trusting what it holds.
#[derive(Debug, Clone, Default)]
pub struct LayerPlanes {
    /// The run, layer and grid size the planes are of (epoch 0: none).
    of: (u64, u16, i32, i32),
    /// What each plane holds (plane `k` of a row is word `k` of the row's planes).
    kinds: Vec<Plane>,
    /// Tile -> the plane of its value ([`NONE`]: none kept).
    lut: Vec<u8>,
    /// `lut` over every tile (65,536 entries): read per cell without a bounds test.
    every: Vec<u8>,
    /// The values of planes `1..=values.len()` (the grid's is plane 0).
    values: Vec<u16>,
    /// The planes of the values whose negations the planes after them are.
    not_of: Vec<u8>,
    /// Plane of a value -> the plane of the cells not of it ([`NONE`]: none kept).
    others: Vec<u8>,
    planes: BitPlanes,
    /// Per row: the row version the made planes hold, and which planes are made (bits).
    synced: Vec<u64>,
    made: Vec<u64>,
    /// The masks prepared on these planes, by id: the mask on them and the planes it reads.
    masks: Vec<(u64, PatternMask, u64)>,
}

impl LayerPlanes {
    /// Make the planes `mask` reads hold layer `l` of `st` in rows `rows` (clipped to the
    /// grid); returns the index of the mask on these planes for [`LayerPlanes::mask`], or
    /// `None` when the planes it reads are more than can be kept (the caller makes its own).
    pub fn prepare(
        &mut self,
        st: &State,
        l: u16,
        mask: &PatternMask,
        rows: Range<i32>,
    ) -> Option<usize> {
        let (w, h) = (st.width, st.height);
        if self.of != (st.epoch(), l, w, h) {
            if (self.of.1, self.of.2, self.of.3) == (l, w, h) {
                // another run: nothing made is known to hold
                self.made.fill(0);
            } else {
                self.lay_out(self.kinds.clone(), self.planes.pad, st);
            }
            self.of = (st.epoch(), l, w, h);
        }
        let k = self.mask_of(mask, st)?;
        let needs = self.masks[k].2;
        let (g, versions) = (st.grid(l), st.row_versions(l));
        let rows_kept = self.synced.iter_mut().zip(self.made.iter_mut());
        for ((synced, made), v) in rows_kept.zip(versions.each()) {
            if *synced != v {
                // nothing made of an older content is kept (a write the planes were not
                // told of may have changed them, and a restore may bring that version back)
                (*synced, *made) = (v, 0);
            }
        }
        self.make(&g, rows.start.max(0)..rows.end.min(h), needs);
        Some(k)
    }

    /// The mask prepared as number `k`, and the planes to scan and write through it.
    #[inline]
    pub fn mask(&mut self, k: usize) -> (&PatternMask, &mut BitPlanes) {
        (&self.masks[k].1, &mut self.planes)
    }

    /// The scan since [`LayerPlanes::prepare`] told every write of layer `l` to the mask,
    /// and gave the layer back ([`State::put_layer`]): the planes made are in step with the
    /// rows' new versions (after a prepare, every row's made planes are in step with it).
    /// `written`: the rows given back as written (`None`: any).
    pub fn kept_in_step(&mut self, st: &State, l: u16, written: Option<&RowSet>) {
        let versions = st.row_versions(l);
        match written {
            Some(rows) => rows
                .iter()
                .for_each(|y| self.synced[y as usize] = versions.get(y)),
            None => (0..st.height).for_each(|y| self.synced[y as usize] = versions.get(y)),
        }
    }

    /// The index in `masks` of `mask` on these planes, laying them out again (nothing made)
    /// when they cannot hold its planes beside the kept ones; `None` when they never can.
    fn mask_of(&mut self, mask: &PatternMask, st: &State) -> Option<usize> {
        if let Some(k) = self.masks.iter().position(|m| m.0 == mask.id()) {
            return Some(k);
        }
        let wanted = mask.plane_kinds()?;
        if wanted.len() > MAX_PLANES {
            return None;
        }
        if wanted.iter().any(|p| !self.kinds.contains(p)) || mask.pad() > self.planes.pad {
            let mut kinds = self.kinds.clone();
            kinds.extend(wanted.iter().filter(|p| !self.kinds.contains(p)));
            if kinds.len() > MAX_PLANES {
                // the planes of the masks before make room
                kinds.clone_from(&wanted);
            }
            self.lay_out(kinds, mask.pad().max(self.planes.pad), st);
        }
        let plane_of = |p: &Plane| self.kinds.iter().position(|k| k == p).unwrap() as u8;
        let map: Vec<u8> = wanted.iter().map(plane_of).collect();
        let needs = map.iter().fold(0u64, |m, &p| m | 1 << p);
        let on = mask.on_planes(&map, self.planes.per_row, &self.lut, &self.others);
        self.masks.push((mask.id(), on, needs));
        Some(self.masks.len() - 1)
    }

    /// Lay the planes out for `kinds` with `pad` margin rows: the grid plane, the values'
    /// planes, the negations' (a run of words each), nothing made, no mask prepared. Only
    /// while masks new to these planes come (a run's first steps: the planes stay with the
    /// rule set's runs).
    fn lay_out(&mut self, mut kinds: Vec<Plane>, pad: usize, st: &State) {
        kinds.push(Plane::Grid);
        kinds.sort_unstable_by_key(|p| match *p {
            Plane::Grid => (0, 0),
            Plane::Value(v) => (1, v),
            Plane::Not(v) => (2, v),
        });
        kinds.dedup();
        self.planes.reset(&st.grid(0), kinds.len() - 1, pad);
        let h = st.height.max(0) as usize;
        (self.synced, self.made) = (vec![u64::MAX; h], vec![0; h]);
        self.kinds = kinds;
        self.index();
        self.masks.clear();
    }

    /// `lut` and `others` from `kinds`.
    fn index(&mut self) {
        let top = self.kinds.iter().fold(0, |m, p| match p {
            Plane::Value(v) => m.max(*v as usize + 1),
            _ => m,
        });
        self.lut.clear();
        self.lut.resize(top, NONE);
        self.every.clear();
        self.every.resize(1 << 16, NONE);
        self.others.clear();
        self.others.resize(self.kinds.len(), NONE);
        self.values.clear();
        for (k, p) in self.kinds.iter().enumerate() {
            if let Plane::Value(v) = *p {
                self.lut[v as usize] = k as u8;
                self.values.push(v);
            }
        }
        self.not_of.clear();
        for (k, p) in self.kinds.iter().enumerate() {
            if let Plane::Not(v) = *p {
                self.others[self.lut[v as usize] as usize] = k as u8;
                self.not_of.push(self.lut[v as usize]);
            }
        }
        self.every[..self.lut.len()].copy_from_slice(&self.lut);
    }

    /// Make the planes of rows `rows` from the grid `g` where some of `needs` (bits) are not
    /// made: every plane kept (a row's cells cost more to read again than the planes of a
    /// few more values to fill). Up to [`EQ_VALUES`] values by comparing the row with each
    /// value ([`eq_planes`]), beyond by looking each cell's plane up ([`index_planes`]).
    fn make(&mut self, g: &Grid, rows: Range<i32>, needs: u64) {
        let (n, nv, width) = (self.kinds.len(), self.values.len(), self.planes.width);
        let all = u64::MAX >> (64 - n);
        let every: &[u8; 1 << 16] = self.every.as_slice().try_into().unwrap();
        for y in rows {
            if needs & !self.made[y as usize] == 0 {
                continue;
            }
            self.made[y as usize] = all;
            for i in 0..self.planes.wpr {
                let x0 = 64 * i as i32;
                let row = g.row(y, x0, width.min(x0 + 64));
                let (base, span) = (self.planes.at(y, i), self.planes.span(i, 0, width));
                let words = &mut self.planes.words[base..base + n];
                if nv <= EQ_VALUES {
                    eq_planes(row, &self.values, &mut words[1..=nv]);
                } else {
                    index_planes(row, |v| every[v as usize], 1, &mut words[1..=nv]);
                }
                words[0] = span;
                for (k, &of) in self.not_of.iter().enumerate() {
                    words[1 + nv + k] = span & !words[of as usize];
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;
