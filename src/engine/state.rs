//! The run state of one generation: grid, rooms, doors, lists, variables, markers, RNG.
//!
//! Coordinates are `(x, y)`, x to the right, y down, 0-based. There are two grids: the room
//! grid (`plan_width × plan_height` cells, where rooms and doors live) and the tile grid
//! (`width × height` tiles, where every tile layer lives). One room cell covers `cell`
//! tiles: room cell `(cx, cy)` is the tile block from `(cx·cell.0, cy·cell.1)`, `cell.0 ×
//! cell.1` tiles. A style with one grid has `cell = (1, 1)` and both grids the same size.
//! The state is separate from the (immutable, shareable) rule set. Its copies (a full
//! snapshot, and the restores `Retry` makes from one) are in `state/restore.rs`; the room
//! grid's cells, rooms and doors, and the questions asked about them, in `state/rooms.rs`.

use super::dir::Dir;
use super::point::Point;
use super::queries::{Queries, Spatial, Walkable};
use super::row_versions::{RowSet, RowVersions};
use super::value::{RoomId, Value};
use crate::rng::Rng;

mod restore;
mod rooms;

/// No room in this cell.
pub const NO_ROOM: RoomId = RoomId::MAX;

/// A room: a kind (index into the rule set's room kinds) and a run of cells in
/// [`State::room_cells`].
#[derive(Debug, Clone, PartialEq)]
pub struct Room {
    /// The room kind's index.
    pub kind: u16,
    /// Index of its first cell in the state's room-cell list.
    pub first_cell: u32,
    /// How many cells it has.
    pub n_cells: u32,
    /// Shape name index into the rule set's shape names, if any.
    pub shape: Option<u16>,
    /// Layout name index into the rule set's layout names, if any.
    pub layout: Option<u32>,
}

/// A connection between two rooms across the edge between two adjacent cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Door {
    /// The two rooms joined.
    pub rooms: [RoomId; 2],
    /// The cell on either side, in the order of `rooms`.
    pub cells: [Point; 2],
}

/// A named list of a run: of rooms ([`State::lists`]) or of areas or cells
/// ([`State::value_lists`]), by index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListId {
    /// A list of rooms.
    Rooms(u16),
    /// A list of areas or of cells.
    Values(u16),
}

impl State {
    /// Append `v` to list `l`: a room to a room list, an area or a cell to a value list, the
    /// two areas of a split to a value list (first, then second). Anything else (`Nil`, a
    /// room where areas are kept) appends nothing.
    pub fn push(&mut self, l: ListId, v: Value) {
        match (l, v) {
            (ListId::Rooms(l), Value::Room(r)) => self.lists[l as usize].push(r),
            (ListId::Values(l), Value::Pair(..)) => {
                if let Some((a, b)) = v.halves() {
                    self.value_lists[l as usize].extend([a, b]);
                }
            }
            (ListId::Values(l), Value::Area(..) | Value::Cell(..)) => {
                self.value_lists[l as usize].push(v)
            }
            _ => {}
        }
    }
}

/// A segment between two cells with a direction of travel: a hall to be dug from `from`
/// (on one room's wall) to `to` (on another's), `dir` the direction from `from`'s room
/// towards `to`'s.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Segment {
    /// The start cell.
    pub from: Point,
    /// The end cell.
    pub to: Point,
    /// The direction of travel.
    pub dir: Dir,
}

impl State {
    /// Segment list `l`, created empty when first written.
    pub fn segments_mut(&mut self, l: u16) -> &mut Vec<Segment> {
        let l = l as usize;
        if self.segments.len() <= l {
            self.segments.resize(l + 1, Vec::new());
        }
        &mut self.segments[l]
    }
}

/// Everything one generation run mutates.
#[derive(Debug)]
pub struct State {
    /// Tile grid width (of every tile layer), in tiles.
    pub width: i32,
    /// Tile grid height, in tiles.
    pub height: i32,
    /// Room grid width, in room cells (= `width` when `cell` is `(1, 1)`).
    pub plan_width: i32,
    /// Room grid height, in room cells.
    pub plan_height: i32,
    /// Tiles per room cell, `(columns, rows)`.
    pub cell: [i32; 2],
    /// `plan_width * plan_height` room ids, row-major, [`NO_ROOM`] where empty.
    pub cells: Vec<RoomId>,
    /// Every room, by id.
    pub rooms: Vec<Room>,
    /// The cells of all rooms, each room's run contiguous.
    pub room_cells: Vec<Point>,
    /// Every door.
    pub doors: Vec<Door>,
    /// Named lists of rooms (e.g. dead ends), indexed by the list ids of the rule set.
    pub lists: Vec<Vec<RoomId>>,
    /// Named lists of areas or cells (each list holds one kind, checked at load), indexed by
    /// the value-list ids of the rule set; `Push` appends, expressions read and pop them.
    pub value_lists: Vec<Vec<Value>>,
    /// Variables and parameters, indexed by the slots of the rule set.
    pub vars: Vec<Value>,
    /// Named points, indexed by the marker ids of the rule set.
    pub markers: Vec<Option<Point>>,
    /// Named lists of segments (halls to connect), indexed by the segment-list ids of the
    /// rule set; grown on first use by the operators that write them.
    pub segments: Vec<Vec<Segment>>,
    /// Tile layers, each `width * height` values, row-major (on the tile grid). Private:
    /// every write goes through [`State::grid_mut`], [`State::layer_mut`] (the whole layer)
    /// or [`State::put_layer`] (the rows it names), which bump the layer's version (what the
    /// spatial-query cache is keyed by) and those of the rows written.
    layers: Vec<Vec<u16>>,
    /// The version of each tile layer: a number no other content of it had in this run.
    versions: Vec<u64>,
    /// The version of each row of each tile layer (see [`super::row_versions`]).
    row_versions: Vec<RowVersions>,
    /// This run's number among the states of the process (snapshots share it): versions
    /// are comparable only within one.
    epoch: u64,
    /// The last version given out (never restored: versions stay unique).
    last_version: u64,
    /// The spatial-query cache (see [`super::queries`]); not part of the state's content.
    queries: Queries,
    /// Tile grids loaded from `File` parameters, by file-parameter index (`None` = not given).
    pub assets: Vec<Option<std::sync::Arc<super::tile_grid::TileGrid>>>,
    /// Counters steps add to, indexed by the rule set's tallies (`RuleSet::tallies`).
    pub tallies: Vec<u32>,
    /// The random number generator every operator draws from.
    pub rng: Rng,
    /// Set by an expression that divided by zero: its failure point (see
    /// [`crate::lang::Program::fault`]); the interpreter ends the run with it after the step.
    pub fault: Option<u32>,
    /// The run's time budget: long loops spend from it and stop when it is over (see
    /// [`super::budget`]). Not copied by snapshots, not put back by restarts.
    pub budget: super::budget::Budget,
    /// Buffers the operators reuse from step to step and attempt to attempt.
    pub scratch: super::scratch::Scratch,
}

/// The first capacity of a run's growing buffer that may need `want` elements: `want`, but
/// at most 1 KiB. A state is built once per dungeon; larger first requests take the
/// allocator's slow path (glibc's malloc merges its free lists on each), which costs more
/// than the few doublings a larger run then needs.
fn reserve<T>(want: usize) -> usize {
    want.min((1024 / std::mem::size_of::<T>()).max(1))
}

/// A number no state built before in this process has (see [`State::epoch`]).
fn next_epoch() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

impl State {
    /// A fresh, empty state whose room grid is `plan` cells of `cell` tiles each (the tile
    /// grid is `plan.0·cell.0 × plan.1·cell.1`).
    #[allow(clippy::too_many_arguments)]
    pub fn with_cells(
        plan: (i32, i32),
        cell: (i32, i32),
        n_lists: usize,
        n_vars: usize,
        n_markers: usize,
        n_layers: usize,
        rng: Rng,
    ) -> State {
        let mut st = State::build(
            (plan.0 * cell.0, plan.1 * cell.1),
            plan,
            (n_lists, n_vars, n_markers, n_layers),
            rng,
        );
        st.cell = [cell.0, cell.1];
        st
    }

    /// A fresh, empty state with one grid: room cells and tiles are the same `width × height`.
    pub fn new(
        width: i32,
        height: i32,
        n_lists: usize,
        n_vars: usize,
        n_markers: usize,
        n_layers: usize,
        rng: Rng,
    ) -> State {
        State::build(
            (width, height),
            (width, height),
            (n_lists, n_vars, n_markers, n_layers),
            rng,
        )
    }

    /// A fresh state with a `tiles` grid and a `plan` room grid (cells of one tile until the
    /// caller says otherwise); `counts` are the lists, variables, markers and layers.
    fn build(
        (width, height): (i32, i32),
        (plan_width, plan_height): (i32, i32),
        (n_lists, n_vars, n_markers, n_layers): (usize, usize, usize, usize),
        rng: Rng,
    ) -> State {
        let n = (width.max(0) * height.max(0)) as usize;
        let n_plan = (plan_width.max(0) * plan_height.max(0)) as usize;
        State {
            width,
            height,
            plan_width,
            plan_height,
            cell: [1, 1],
            cells: vec![NO_ROOM; n_plan],
            // Room-graph grids are small: reserve so growth rarely reallocates mid-run, but
            // no more than a small request (see `reserve`).
            rooms: Vec::with_capacity(reserve::<Room>(n)),
            room_cells: Vec::with_capacity(reserve::<Point>(n)),
            doors: Vec::with_capacity(reserve::<Door>(2 * n)),
            lists: vec![Vec::with_capacity(reserve::<RoomId>(n)); n_lists],
            value_lists: Vec::new(),
            vars: vec![Value::Nil; n_vars],
            markers: vec![None; n_markers],
            segments: Vec::new(),
            layers: vec![vec![0; n]; n_layers],
            versions: vec![0; n_layers],
            row_versions: vec![RowVersions::new(height.max(0) as usize); n_layers],
            epoch: next_epoch(),
            last_version: 0,
            queries: Queries::default(),
            assets: Vec::new(),
            tallies: Vec::new(),
            rng,
            fault: None,
            scratch: super::scratch::Scratch::default(),
            budget: super::budget::Budget::default(),
        }
    }

    /// A read view of tile layer `l` (see [`super::grid`]).
    #[inline(always)]
    pub fn grid(&self, l: u16) -> super::grid::Grid<'_> {
        super::grid::Grid::new(&self.layers[l as usize], self.width, self.height)
    }

    /// A write view of tile layer `l` (see [`super::grid`]); the layer gets a new version.
    #[inline(always)]
    pub fn grid_mut(&mut self, l: u16) -> super::grid::GridMut<'_> {
        let (w, h) = (self.width, self.height);
        super::grid::GridMut::new(self.layer_mut(l), w, h)
    }

    /// A read view of tile layer `l` with the random stream (for a scan that draws).
    #[inline]
    pub fn grid_and_rng(&mut self, l: u16) -> (super::grid::Grid<'_>, &mut Rng) {
        let g = super::grid::Grid::new(&self.layers[l as usize], self.width, self.height);
        (g, &mut self.rng)
    }

    /// [`State::grid_mut`] with the random stream (for a write that draws).
    #[inline]
    pub fn grid_mut_and_rng(&mut self, l: u16) -> (super::grid::GridMut<'_>, &mut Rng) {
        self.layer_mut(l);
        let g = super::grid::GridMut::new(&mut self.layers[l as usize], self.width, self.height);
        (g, &mut self.rng)
    }

    /// The tile layers (read) with the random stream, for a loop that draws while it reads
    /// them; a layer it writes is taken out first ([`State::take_layer`]: empty here).
    #[inline]
    pub fn layers_and_rng(&mut self) -> (&[Vec<u16>], &mut Rng) {
        (&self.layers, &mut self.rng)
    }

    /// Every tile layer, by index: `width * height` values each, row-major.
    #[inline]
    pub fn layers(&self) -> &[Vec<u16>] {
        &self.layers
    }

    /// Tile layer `l`: `width * height` values, row-major.
    #[inline(always)]
    pub fn layer(&self, l: u16) -> &[u16] {
        &self.layers[l as usize]
    }

    /// Tile layer `l` for writing (it must keep `width * height` values); the layer gets a
    /// new version.
    #[inline(always)]
    pub fn layer_mut(&mut self, l: u16) -> &mut Vec<u16> {
        self.last_version += 1;
        self.versions[l as usize] = self.last_version;
        self.row_versions[l as usize].write_all(self.last_version);
        &mut self.layers[l as usize]
    }

    /// Take tile layer `l` out, to write it and give it back with [`State::put_layer`]
    /// (until then the state holds an empty layer `l`: read other layers only). Versions
    /// nothing: the put says which rows changed.
    #[inline]
    pub fn take_layer(&mut self, l: u16) -> Vec<u16> {
        std::mem::take(&mut self.layers[l as usize])
    }

    /// Give back tile layer `l` taken by [`State::take_layer`] (`width * height` values),
    /// with the rows it was written in since (`None`: any row): the layer and those rows
    /// get a new version.
    #[inline]
    pub fn put_layer(&mut self, l: u16, tiles: Vec<u16>, written: Option<&RowSet>) {
        self.last_version += 1;
        let (v, l) = (self.last_version, l as usize);
        self.versions[l] = v;
        match written {
            Some(rows) => self.row_versions[l].write_rows(rows, v),
            None => self.row_versions[l].write_all(v),
        }
        self.layers[l] = tiles;
    }

    /// The version of tile layer `l`: equal versions mean equal contents.
    #[inline]
    pub fn layer_version(&self, l: u16) -> u64 {
        self.versions[l as usize]
    }

    /// The versions of the rows of tile layer `l`: equal versions of a row mean equal
    /// contents of it (within this run, see [`State::epoch`]).
    #[inline]
    pub fn row_versions(&self, l: u16) -> &RowVersions {
        &self.row_versions[l as usize]
    }

    /// This run's number: versions of two states of different numbers say nothing about
    /// each other (a cache kept across runs, in a scratch, checks it first). A snapshot
    /// has its state's.
    #[inline]
    pub fn epoch(&self) -> u64 {
        self.epoch
    }

    /// Use the walkable sets `walkables` for spatial queries (the rule set's, indexed by the
    /// ids its expressions hold); empties the cache.
    pub fn set_walkables(&mut self, walkables: std::sync::Arc<[Walkable]>) {
        self.queries = Queries::new(walkables);
    }

    /// The spatial-query cache (to see what it computed).
    pub fn queries(&self) -> &Queries {
        &self.queries
    }

    /// The spatial queries over this state's layers (see [`super::queries`]).
    #[inline]
    pub fn spatial(&mut self) -> Spatial<'_> {
        Spatial {
            q: &mut self.queries,
            layers: &self.layers,
            versions: &self.versions,
            width: self.width,
            height: self.height,
        }
    }
}
