//! River walk: random walks over floor from source tiles (e.g. lava-pool edges) that must end
//! against a wall with solid rock behind it, are long enough and get one bridge; accepted
//! rivers are written as pieces (straights, corners, start and end pieces, a bridge).
//! Reproduces Diablo's Caves `River` (shared/spec/diablo.md §4.7, §4.9.2, §7), drawing random
//! numbers in its order: 2 per start probe, 1 `rnd(4)` per round, 1 per accepted step, 1 per
//! bridge try.
//!
//! Directions: 0 up (y − 1), 1 down (y + 1), 2 right (x + 1), 3 left (x − 1); turning is
//! `(d + 1) & 3`. Up to `attempts` tries in total make at most `rivers` rivers; `pdir` (the
//! last direction actually moved) starts unset and survives across tries and rivers.
//! A try:
//! 1. Start: up to `probes` probes `x = rnd(W)`, `y = rnd(H)` (within `area`), each scanning
//!    on in raster order to the next tile listed in `starts`; a probe running off the area
//!    tries the next one. All probes off → the try fails; a start found by the *last*
//!    probe ends all rivers (the original's quirk). The start tile gives the forbidden
//!    direction and the first piece.
//! 2. Walk while fewer than 4 tries of this round and fewer than `max_pieces` pieces: the
//!    first try of a round is `rnd(4)`, later ones rotate; forbidden directions (the start's,
//!    and the way back after a turn) are skipped, each skip counting as a try. A step onto
//!    `floor` is taken: the round ends, the piece is `pick{vertical}` (up/down) or
//!    `pick{horizontal}`; when it turns from `pdir` (`corners[pdir][dir]` ≠ 0) the previous
//!    piece becomes that corner unless it is the start piece, and the way back is forbidden.
//! 3. End: from the last cell, in the last direction *tried*, the next cell must be that
//!    direction's `ends` wall and the one beyond `behind`; the wall cell gets the end piece,
//!    and the last piece a corner when `corners[pdir][dir]` ≠ 0.
//! 4. At least `min_length` pieces before the end piece; then up to `bridge_tries` draws
//!    `rnd(pieces)` (the end piece excluded): a horizontal piece with floor above and below
//!    and no river cell directly above or below becomes `bridge_horizontal`; a vertical piece
//!    with floor left and right and no river cell beside it becomes `bridge_vertical`. A
//!    bridge found → all pieces are written in order and the river counts; otherwise the try
//!    fails. Cells outside the area, and cells flagged in a `protected` layer, are never
//!    floor (nor end walls). `when` false skips the step.
//!
//! Errors (at `layer`): empty `starts`, `vertical` or `horizontal`; `corners` not 4 rows of
//! 4 or `ends` not 4 entries; a forbidden direction above 3.
//!
//! # Speed
//!
//! The start probes read a list of the start cells in raster order (`river_walk/starts.rs`, switch
//! `FastPath::StartList`) instead of scanning the layer; it stays here because it is only
//! valid while nothing but a written river changes the layer, which only this operator
//! knows (the list is made again after each river).

mod starts;

use crate::engine::dir::Dir;
use crate::engine::grid::{Grid, Rect as GridRect};
use crate::engine::state::State;
use crate::engine::Flow;
use crate::operator::args::{Count, Tile};
use crate::operator::header::TileHeader;
use crate::operator::knobs::Knobs;
use crate::operator::{Operator, Runnable};
use crate::rng::RandomSource;
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

/// A source tile: `(tile, forbidden direction, first piece)`.
pub type StartDef = (Tile, u8, Tile);

crate::tile_params! {
    header: writes,
    /// Rule-file parameters of `RiverWalk(...)`.
    #[derive(Debug, Clone, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Params {
        /// Most rivers. Diablo: 4.
        pub rivers: Count,
        /// Tries in total. Diablo: 200.
        pub attempts: Count,
        /// Start probes per try. Diablo: 100.
        pub probes: Count,
        /// Most pieces of a river before its end piece. Diablo: 100.
        pub max_pieces: Count,
        /// Source tiles `(tile, forbidden direction, first piece)`.
        pub starts: Vec<StartDef>,
        /// The tile a river flows over.
        pub floor: Tile,
        /// Pieces of a vertical step, one picked per step.
        pub vertical: Vec<Tile>,
        /// Pieces of a horizontal step.
        pub horizontal: Vec<Tile>,
        /// `corners[pdir][dir]`: the corner piece of a turn (0 = not a turn); 4 rows of 4.
        pub corners: Vec<Vec<Tile>>,
        /// Per direction 0..3: `(wall tile, end piece)`; 4 entries.
        pub ends: Vec<(Tile, Tile)>,
        /// The tile that must lie beyond the end wall.
        pub behind: Tile,
        /// Fewest pieces before the end piece. Diablo: 7.
        pub min_length: Count,
        /// Bridge draws. Diablo: 30.
        pub bridge_tries: Count,
        /// The bridge across a vertical flow (floor left and right).
        pub bridge_vertical: Tile,
        /// The bridge across a horizontal flow (floor above and below).
        pub bridge_horizontal: Tile,
    }
}

/// A start cell (see `starts`): its position in the area's raster order, and the index of
/// its tile in `starts` (the first entry listing it).
type StartCell = (u64, usize);

/// Compiled `RiverWalk`.
#[derive(Debug, Clone)]
pub struct Compiled {
    head: TileHeader,
    layer: u16,
    rivers: u32,
    attempts: u32,
    probes: u32,
    max_pieces: usize,
    starts: Vec<(u16, u8, u16)>,
    floor: u16,
    vertical: Vec<u16>,
    horizontal: Vec<u16>,
    corners: [[u16; 4]; 4],
    ends: [(u16, u16); 4],
    behind: u16,
    min_length: usize,
    bridge_tries: u32,
    bridge_vertical: u16,
    bridge_horizontal: u16,
    knobs: Knobs<Compiled>,
}
crate::has_knobs!(Compiled);

impl Operator for Params {
    type Compiled = Compiled;

    fn anchor(&self) -> Option<&Src> {
        Some(&self.layer)
    }

    fn compile(&self, cx: &mut Cx) -> Option<Compiled> {
        let mut k: Knobs<Compiled> = Knobs::default();
        let head = TileHeader::compile(cx, self.header())?;
        if self.vertical.is_empty() || self.horizontal.is_empty() || self.starts.is_empty() {
            cx.error(
                &self.layer,
                "`starts`, `vertical` and `horizontal` need at least one entry each".into(),
                None,
            );
            return None;
        }
        if self.corners.len() != 4
            || self.corners.iter().any(|r| r.len() != 4)
            || self.ends.len() != 4
        {
            cx.error(
                &self.layer,
                "`corners` needs 4 rows of 4 pieces and `ends` 4 entries (directions up, down, right, left)".into(),
                None,
            );
            return None;
        }
        if self.starts.iter().any(|s| s.1 > 3) {
            cx.error(&self.layer, "a forbidden direction is 0..=3".into(), None);
            return None;
        }
        Some(Compiled {
            layer: head.layer,
            head,
            rivers: self
                .rivers
                .get(cx, &mut k, |c: &mut Compiled, v| c.rivers = v as u32)
                as u32,
            attempts: self
                .attempts
                .get(cx, &mut k, |c: &mut Compiled, v| c.attempts = v as u32)
                as u32,
            probes: self
                .probes
                .get(cx, &mut k, |c: &mut Compiled, v| c.probes = v as u32)
                as u32,
            max_pieces: self
                .max_pieces
                .get(cx, &mut k, |c: &mut Compiled, v| c.max_pieces = v as usize)
                as usize,
            starts: self.starts.iter().map(|s| (s.0 .0, s.1, s.2 .0)).collect(),
            floor: self.floor.0,
            vertical: self.vertical.iter().map(|t| t.0).collect(),
            horizontal: self.horizontal.iter().map(|t| t.0).collect(),
            corners: std::array::from_fn(|p| std::array::from_fn(|d| self.corners[p][d].0)),
            ends: std::array::from_fn(|d| (self.ends[d].0 .0, self.ends[d].1 .0)),
            behind: self.behind.0,
            min_length: self
                .min_length
                .get(cx, &mut k, |c: &mut Compiled, v| c.min_length = v as usize)
                as usize,
            bridge_tries: self
                .bridge_tries
                .get(cx, &mut k, |c: &mut Compiled, v| c.bridge_tries = v as u32)
                as u32,
            bridge_vertical: self.bridge_vertical.0,
            bridge_horizontal: self.bridge_horizontal.0,
            knobs: k.done()?,
        })
    }
}

const BACK: [u8; 4] = [1, 0, 3, 2];

/// Why a try ended.
enum Try {
    Failed,
    River(Vec<(i32, i32, u16)>),
    StopAll,
}

impl Runnable for Compiled {
    fn run(&self, st: &mut State) -> Flow {
        crate::resolve_knobs!(self, st);
        let b = match self.head.begin(st) {
            Ok(a) => a,
            Err(f) => return f,
        };
        if b.is_empty() {
            return Flow::Continue;
        }
        let mut pdir = None;
        let mut made = 0;
        let mut tries = 0;
        let mut cells = Vec::new();
        self.start_cells(&st.grid(self.layer), b, &mut cells);
        while tries < self.attempts && made < self.rivers {
            if st.budget.spend(64) {
                break;
            }
            tries += 1;
            match self.one_try(st, b, &cells, &mut pdir) {
                Try::Failed => {}
                Try::StopAll => break,
                Try::River(pieces) => {
                    let mut g = st.grid_mut(self.layer);
                    for (x, y, p) in pieces {
                        g.set(x, y, p);
                    }
                    self.start_cells(&st.grid(self.layer), b, &mut cells);
                    made += 1;
                }
            }
        }
        Flow::Continue
    }
}

impl Compiled {
    fn pick(st: &mut State, from: &[u16]) -> u16 {
        from[st.rng.below(from.len() as i64).max(0) as usize]
    }

    fn one_try(
        &self,
        st: &mut State,
        b: GridRect,
        cells: &[StartCell],
        pdir: &mut Option<u8>,
    ) -> Try {
        let Some((sx, sy, k)) = self.start(st, b, cells) else {
            return Try::Failed;
        };
        if k == usize::MAX {
            return Try::StopAll;
        }
        let (_, nodir, first) = self.starts[k];
        let open = |st: &State, x: i32, y: i32| b.contains(x, y) && !self.head.flagged(st, x, y);
        let floor_at =
            |st: &State, g: &Grid, x: i32, y: i32| open(st, x, y) && g.at(x, y) == self.floor;
        let mut river = vec![(sx, sy, first)];
        let (mut x, mut y) = (sx, sy);
        let mut back: Option<u8> = None;
        let mut dir = 0u8;
        let mut tries = 0;
        while tries < 4 && river.len() < self.max_pieces {
            dir = if tries == 0 {
                st.rng.below(4).max(0) as u8
            } else {
                (dir + 1) & 3
            };
            tries += 1;
            while dir == nodir || Some(dir) == back {
                dir = (dir + 1) & 3;
                tries += 1;
            }
            let step = Dir::NSEW[dir as usize];
            let (nx, ny) = (x + step.dx(), y + step.dy());
            if !floor_at(st, &st.grid(self.layer), nx, ny) {
                continue;
            }
            tries = 0;
            (x, y) = (nx, ny);
            let piece = if dir < 2 {
                Self::pick(st, &self.vertical)
            } else {
                Self::pick(st, &self.horizontal)
            };
            river.push((x, y, piece));
            if let Some(p) = *pdir {
                let c = self.corners[p as usize][dir as usize];
                if c != 0 {
                    let n = river.len();
                    if n > 2 {
                        river[n - 2].2 = c;
                    }
                    back = Some(BACK[dir as usize]);
                }
            }
            *pdir = Some(dir);
        }
        let (dx, dy) = (Dir::NSEW[dir as usize].dx(), Dir::NSEW[dir as usize].dy());
        let (wall, end) = self.ends[dir as usize];
        {
            let g = st.grid(self.layer);
            let at = |x: i32, y: i32| {
                if open(st, x, y) {
                    Some(g.at(x, y))
                } else {
                    None
                }
            };
            if at(x + dx, y + dy) != Some(wall) || at(x + 2 * dx, y + 2 * dy) != Some(self.behind) {
                return Try::Failed;
            }
        }
        if let Some(p) = *pdir {
            let c = self.corners[p as usize][dir as usize];
            if c != 0 {
                let n = river.len();
                river[n - 1].2 = c;
            }
        }
        let n = river.len();
        if n < self.min_length {
            return Try::Failed;
        }
        let Some((i, piece)) = self.bridge(st, &river, floor_at) else {
            return Try::Failed;
        };
        river[i].2 = piece;
        river.push((x + dx, y + dy, end));
        Try::River(river)
    }

    /// Where to put the bridge (at most `bridge_tries` draws of a river piece): the first
    /// drawn straight piece with floor on both sides across it and no other river piece
    /// there, with the bridge piece for its direction.
    fn bridge(
        &self,
        st: &mut State,
        river: &[(i32, i32, u16)],
        floor_at: impl Fn(&State, &Grid, i32, i32) -> bool,
    ) -> Option<(usize, u16)> {
        let n = river.len();
        for _ in 0..self.bridge_tries {
            let i = st.rng.below(n as i64).max(0) as usize;
            let g = st.grid(self.layer);
            let (bx, by, p) = river[i];
            let across_h = self.horizontal.contains(&p)
                && floor_at(st, &g, bx, by - 1)
                && floor_at(st, &g, bx, by + 1)
                && !river[..n]
                    .iter()
                    .any(|&(rx, ry, _)| rx == bx && (ry == by - 1 || ry == by + 1));
            let across_v = !across_h
                && self.vertical.contains(&p)
                && floor_at(st, &g, bx - 1, by)
                && floor_at(st, &g, bx + 1, by)
                && !river[..n]
                    .iter()
                    .any(|&(rx, ry, _)| ry == by && (rx == bx - 1 || rx == bx + 1));
            if across_h {
                return Some((i, self.bridge_horizontal));
            } else if across_v {
                return Some((i, self.bridge_vertical));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests;
