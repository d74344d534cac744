//! Copies of a [`State`]: [`State::snapshot`], a full copy (the RNG included), and the
//! restores that put a state back to a snapshot in its own buffers, as `Retry` does before
//! each attempt: [`State::restore_from`] (every part the steps may write) and
//! [`State::restore_parts_from`] (only the parts named; see [`crate::interpreter::Restore`]).
//!
//! A tile layer is copied only when its version differs from the snapshot's or the two
//! states are of different runs ([`State::epoch`]): within a run every write gives a layer a
//! version no content had before, so equal versions mean equal contents. A restore keeps
//! the state's RNG (the random stream goes on), its last version given out (versions stay
//! unique), its fault, assets, time budget, scratch buffers and spatial-query cache (whose
//! entries are keyed by layer versions).

use super::State;
use crate::engine::budget::Budget;
use crate::engine::queries::Queries;
use crate::engine::scratch::Scratch;

impl State {
    /// Copy everything but the RNG from `snap`, reusing this state's buffers. Used by `Retry`:
    /// an attempt starts from the state the Retry was entered with, while the random stream
    /// continues (it is never reseeded). A tile layer whose version is already `snap`'s
    /// (in the same run: see [`State::epoch`]) holds its content and is not copied.
    pub fn restore_from(&mut self, snap: &State) {
        if self.layers.len() != snap.layers.len() {
            self.layers.clone_from(&snap.layers);
            self.versions.clone_from(&snap.versions);
        }
        for l in 0..snap.layers.len() {
            self.copy_layer_from(snap, l);
        }
        self.epoch = snap.epoch;
        self.width = snap.width;
        self.height = snap.height;
        self.plan_width = snap.plan_width;
        self.plan_height = snap.plan_height;
        self.cell = snap.cell;
        self.cells.clone_from(&snap.cells);
        self.rooms.clone_from(&snap.rooms);
        self.room_cells.clone_from(&snap.room_cells);
        self.doors.clone_from(&snap.doors);
        self.lists.clone_from(&snap.lists);
        self.value_lists.clone_from(&snap.value_lists);
        self.vars.clone_from(&snap.vars);
        self.markers.clone_from(&snap.markers);
        self.segments.clone_from(&snap.segments);
        self.row_versions.clone_from(&snap.row_versions);
        self.tallies.clone_from(&snap.tallies);
    }

    /// Tile layer `l` and its version from `snap` (of as many layers), unless this state's
    /// already has that version in the same run: then the contents are equal (every write
    /// gives a layer a version no content had before in the run).
    #[inline]
    fn copy_layer_from(&mut self, snap: &State, l: usize) {
        let same = self.epoch == snap.epoch && self.versions[l] == snap.versions[l];
        if !same || self.layers[l].len() != snap.layers[l].len() {
            self.layers[l].clone_from(&snap.layers[l]);
            self.versions[l] = snap.versions[l];
        }
    }

    /// Copy the variables `vars`, the lists and tallies, and the tile layers `layers` from
    /// `snap`: the restore of a `Retry` whose steps write nothing else (see
    /// [`crate::interpreter::Restore`]), so every other part already equals `snap`'s.
    pub fn restore_parts_from(&mut self, snap: &State, layers: &[u16], vars: &[u16]) {
        for &v in vars {
            self.vars[v as usize] = snap.vars[v as usize];
        }
        self.lists.clone_from(&snap.lists);
        self.value_lists.clone_from(&snap.value_lists);
        self.tallies.clone_from(&snap.tallies);
        for &l in layers {
            self.copy_layer_from(snap, l as usize);
            self.row_versions[l as usize].clone_from(&snap.row_versions[l as usize]);
        }
    }

    /// A full copy including the RNG (for snapshots and traces).
    pub fn snapshot(&self) -> State {
        State {
            width: self.width,
            height: self.height,
            plan_width: self.plan_width,
            plan_height: self.plan_height,
            cell: self.cell,
            cells: self.cells.clone(),
            rooms: self.rooms.clone(),
            room_cells: self.room_cells.clone(),
            doors: self.doors.clone(),
            lists: self.lists.clone(),
            value_lists: self.value_lists.clone(),
            vars: self.vars.clone(),
            markers: self.markers.clone(),
            segments: self.segments.clone(),
            layers: self.layers.clone(),
            versions: self.versions.clone(),
            row_versions: self.row_versions.clone(),
            epoch: self.epoch,
            last_version: self.last_version,
            queries: Queries::new(self.queries.walkables().clone()),
            assets: self.assets.clone(),
            tallies: self.tallies.clone(),
            rng: self.rng.clone(),
            fault: self.fault,
            scratch: Scratch::default(),
            budget: Budget::default(),
        }
    }
}

#[cfg(test)]
mod tests;
