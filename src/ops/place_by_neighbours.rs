//! Placing a room by neighbour search: random tries at empty cells, each judged by how many
//! rooms touch it and by a walk over its neighbours in a fixed order (the secret-room search
//! of the 2011 Flash floor plan, spec/isaac.md §2.2; the demo's variant, §6).
//!
//! Each try draws `x` then `y` uniformly from the sample ranges. A cell is skipped when it is
//! a room or outside `columns`/`rows`. Otherwise the walk visits its neighbours in `order`:
//! an empty neighbour clears `clean`; a neighbour in one of `stop_at_lists` stops the walk;
//! a neighbour whose kind is in `stop_at_kinds` clears `clean` and stops the walk. `ok` is
//! true when the walk reached the end. The `accept` expression then decides, seeing
//! `try` (0-based try index), `neighbours` (occupied orthogonal neighbours), `ok`, `clean`.
//!
//! Writes: the new 1-cell room of `kind`, doors to every room it touches (unless
//! `doors: false`), an optional variable. Stops after the first placement, or — with
//! `until` — when that condition holds after a placement. Fails only with `require: true`
//! and nothing placed.

use crate::engine::dir::Dir;
use crate::engine::grid::{Grid, GridMut};
use crate::engine::point::Point;
use crate::engine::state::{State, NO_ROOM};
use crate::engine::value::Value;
use crate::engine::Flow;
use crate::lang::Program;
use crate::operator::knobs::{Count0, Int, Knobs, I32};
use crate::operator::Runnable;
use crate::rng::{Below, RandomSource, Rng, RngSpec};
use crate::ruleset::src::Src;
use serde::Deserialize;

mod compile;

/// Rule-file parameters of `PlaceByNeighbours(...)`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// Kind of the placed room.
    pub kind: Src,
    /// Variable that receives the (last) placed room, or none.
    #[serde(default)]
    pub var: Option<Src>,
    /// Most random tries (1..=10,000,000).
    pub tries: Int<1, 10_000_000>,
    /// Inclusive range `x` is drawn from.
    pub sample_x: (I32, I32),
    /// Inclusive range `y` is drawn from.
    pub sample_y: (I32, I32),
    /// Inclusive columns where the room may go. Default: the whole grid.
    #[serde(default)]
    pub columns: Option<(I32, I32)>,
    /// Inclusive rows where the room may go. Default: the whole grid.
    #[serde(default)]
    pub rows: Option<(I32, I32)>,
    /// Order of the neighbour walk. Default [E, W, S, N].
    #[serde(default = "default_order")]
    pub order: Vec<Dir>,
    /// Lists whose rooms stop the walk (`ok` false).
    #[serde(default)]
    pub stop_at_lists: Vec<Src>,
    /// Room kinds that stop the walk and clear `clean`.
    #[serde(default)]
    pub stop_at_kinds: Vec<Src>,
    /// Cells with fewer occupied orthogonal neighbours are skipped without evaluating
    /// `accept` (a fast pre-filter; it must not reject a cell `accept` would take). Default 0.
    #[serde(default)]
    pub min_neighbours: Count0,
    /// Acceptance condition over `try`, `neighbours`, `ok`, `clean`.
    pub accept: Src,
    /// Condition checked after each placement; the search ends when it holds.
    /// Default: end after the first placement.
    #[serde(default)]
    pub until: Option<Src>,
    /// Join the new room to every room it touches. Default true.
    #[serde(default = "yes")]
    pub doors: bool,
    /// Restart the enclosing `Retry` when nothing was placed. Default false.
    #[serde(default)]
    pub require: bool,
}

fn default_order() -> Vec<Dir> {
    Dir::ALL4.to_vec()
}
fn yes() -> bool {
    true
}

/// Compiled `PlaceByNeighbours`.
#[derive(Debug, Clone)]
pub struct Compiled {
    kind: u16,
    var: Option<u16>,
    tries: u32,
    sample_x: (i32, i32),
    sample_y: (i32, i32),
    columns: (i32, i32),
    rows: (i32, i32),
    /// The walk's steps, `order` as unit offsets.
    order: Vec<Point>,
    stop_lists: Vec<u16>,
    /// Bit per room kind.
    stop_kinds: u64,
    min_neighbours: u32,
    accept: Program,
    /// Where `accept` may change its value as `try` counts up, when that is decidable
    /// ([`Program::change_points`]): between two points its verdict on a cell's walk
    /// result is cached.
    accept_points: Option<Vec<i64>>,
    /// When `accept` reads nothing but its locals: for each stretch between change points
    /// (stretch `k` from point `k − 1` to point `k`), the walk codes it accepts, bit per
    /// code, evaluated once at compile time ([`verdict_masks`]).
    accept_masks: Option<Vec<u32>>,
    /// Slots of `try`, `neighbours`, `ok`, `clean`.
    locals: [u16; 4],
    until: Option<Program>,
    doors: bool,
    fail_none: Option<u32>,
    knobs: Knobs<Compiled>,
}
crate::has_knobs!(Compiled);

/// A cell's verdict before any try: not a candidate, or its walk result.
const SKIP: u16 = 0;
/// Packed walk results: [`SKIP`] and `1 + (neighbours (0..=4) << 2 | ok << 1 | clean)`.
const CODES: usize = 1 + (4 << 2 | 3) + 1;
/// A cached `accept` verdict not computed yet (0 and 1 are false and true).
const UNKNOWN: u8 = 2;

/// The packed code of a walk result (see [`Compiled::judge_all`]).
fn code_of(neighbours: u32, ok: bool, clean: bool) -> u16 {
    1 + ((neighbours as u16) << 2 | (ok as u16) << 1 | clean as u16)
}

/// Set `accept`'s locals for try `t` and a walk result packed as `code`.
fn set_locals(st: &mut State, locals: [u16; 4], t: f64, code: u16) {
    let code = code - 1;
    let [s_try, s_n, s_ok, s_clean] = locals;
    st.vars[s_try as usize] = Value::Num(t);
    st.vars[s_n as usize] = Value::Num((code >> 2) as f64);
    st.vars[s_ok as usize] = Value::Bool(code & 2 != 0);
    st.vars[s_clean as usize] = Value::Bool(code & 1 != 0);
}

/// `accept`'s verdicts on every walk code, once per stretch between its change `points`
/// (each stretch evaluated at one `try` inside it), as bit masks: `None` unless the
/// program reads only its `locals` and cannot divide (a division by zero must be
/// reported when the run meets it, not before).
fn verdict_masks(accept: &Program, points: &[i64], locals: [u16; 4]) -> Option<Vec<u32>> {
    if !accept.reads_only(&locals) || accept.divides() {
        return None;
    }
    let n_vars = *locals.iter().max()? as usize + 1;
    let mut st = State::new(0, 0, 0, n_vars, 0, 0, Rng::new(&RngSpec::Pcg64, 0));
    let masks = (0..=points.len())
        .map(|k| {
            let t = match k {
                0 => points.first().map_or(0, |&p| p - 1),
                _ => points[k - 1],
            };
            (1..CODES as u16)
                .filter(|&code| {
                    set_locals(&mut st, locals, t as f64, code);
                    accept.truth(&mut st)
                })
                .fold(0u32, |m, code| m | 1 << code)
        })
        .collect();
    Some(masks)
}

impl Runnable for Compiled {
    fn run(&self, st: &mut State) -> Flow {
        crate::resolve_knobs!(self, st);
        if let Some(v) = self.var {
            st.vars[v as usize] = Value::Nil;
        }
        let (w, h) = (self.span(self.sample_x), self.span(self.sample_y));
        let mut table = vec![SKIP; (w as usize) * (h as usize)];
        let mut present = self.judge_all(st, &mut table);
        let mut placed = false;
        let mut verdicts = [UNKNOWN; CODES];
        let mut next_point = 0;
        let bounds = [Below::new(w as i64), Below::new(h as i64)];
        // Whether the verdicts were reset (a new stretch between change points, or a new
        // table) and the next try should see if any cell can be accepted before it ends.
        let mut fresh = true;
        let mut t = 0;
        while t < self.tries {
            if st.budget.spend(1) {
                break;
            }
            if let Some(points) = self.accept_points.as_deref() {
                while next_point < points.len() && points[next_point] <= t as i64 {
                    next_point += 1;
                    verdicts = [UNKNOWN; CODES];
                    fresh = true;
                }
                if fresh {
                    fresh = false;
                    // Until the next change point every verdict holds; when no cell of the
                    // table is accepted, the tries up to there only draw.
                    let end = points
                        .get(next_point)
                        .map_or(self.tries, |&p| p.min(self.tries as i64) as u32);
                    let none = match &self.accept_masks {
                        Some(masks) => present & masks[next_point] == 0,
                        None => (1..CODES as u16)
                            .filter(|&c| present >> c & 1 == 1)
                            .all(|c| {
                                let v = &mut verdicts[c as usize];
                                if *v == UNKNOWN {
                                    *v = self.accept_at(st, t, c) as u8;
                                }
                                *v == 0
                            }),
                    };
                    if none && st.rng.discard_rounds(&bounds, end - t) {
                        t = end;
                        continue;
                    }
                }
            }
            let dx = st.rng.below_prepared(bounds[0]) as i32;
            let dy = st.rng.below_prepared(bounds[1]) as i32;
            let code = Grid::new(&table, w, h).at(dx, dy);
            let try_index = t;
            t += 1;
            if code == SKIP {
                continue;
            }
            let (x, y) = (self.sample_x.0 + dx, self.sample_y.0 + dy);
            let accepted = match (&self.accept_masks, &self.accept_points) {
                (Some(masks), _) => masks[next_point] >> code & 1 == 1,
                (None, Some(_)) => {
                    let v = &mut verdicts[code as usize];
                    if *v == UNKNOWN {
                        *v = self.accept_at(st, try_index, code) as u8;
                    }
                    *v == 1
                }
                (None, None) => self.accept_at(st, try_index, code),
            };
            if !accepted {
                continue;
            }
            self.place(st, Point::new(x, y));
            placed = true;
            match &self.until {
                Some(u) if !u.truth(st) => {
                    present = self.judge_all(st, &mut table);
                    verdicts = [UNKNOWN; CODES];
                    fresh = true;
                }
                _ => break,
            }
        }
        match (placed, self.fail_none) {
            (false, Some(f)) => Flow::Fail(f),
            _ => Flow::Continue,
        }
    }
}

impl Compiled {
    /// Place the room on cell `here` (with `doors`, a door to every room beside it) and
    /// set `var` to it. Kept out of line: it runs once per placed room, the loop calling it
    /// once per try, and inlined it costs the loop's random draws registers (measured:
    /// about 1 % more instructions on rules/examples/warren.ron).
    #[inline(never)]
    fn place(&self, st: &mut State, here: Point) {
        let id = st.add_room(self.kind, &[here]);
        if self.doors {
            for d in Dir::ALL4 {
                let next = here.step(d);
                let r = st.room_at(next.x, next.y);
                if r != NO_ROOM && r != id {
                    st.add_door(r, next, id, here);
                }
            }
        }
        if let Some(v) = self.var {
            st.vars[v as usize] = Value::Room(id);
        }
    }

    /// The walk over the neighbours of `(x, y)`, a cell inside `columns` and `rows`:
    /// `(neighbours, ok, clean)`, or `None` when the cell is a room or has fewer than
    /// `min_neighbours`.
    fn judge(&self, st: &State, x: i32, y: i32) -> Option<(u32, bool, bool)> {
        if st.room_at(x, y) != NO_ROOM {
            return None;
        }
        let n = st.occupied_neighbours(x, y);
        if n < self.min_neighbours {
            return None;
        }
        let (mut ok, mut clean) = (true, true);
        for s in &self.order {
            let r = st.room_at(x + s.x, y + s.y);
            if r == NO_ROOM {
                clean = false;
                continue;
            }
            if self.stop_kinds >> st.rooms[r as usize].kind & 1 == 1 {
                clean = false;
                ok = false;
                break;
            }
            if self
                .stop_lists
                .iter()
                .any(|&l| st.lists[l as usize].contains(&r))
            {
                ok = false;
                break;
            }
        }
        Some((n, ok, clean))
    }

    /// Every sampled cell's verdict, packed: [`SKIP`], or `1 + (neighbours << 2 | ok << 1 |
    /// clean)`. The state does not change between placements, so the walks are done once
    /// per placement rather than once per try (the tries then only draw and look up).
    /// Returns the set of codes that occur, bit per code (the bit of [`SKIP`] may be set
    /// when no cell is skipped).
    fn judge_all(&self, st: &State, table: &mut [u16]) -> u32 {
        let (w, h) = (self.span(self.sample_x), self.span(self.sample_y));
        table.fill(SKIP);
        let mut g = GridMut::new(table, w, h);
        let mut present = 1 << SKIP;
        // only the sampled cells inside `columns` and `rows` can be candidates
        let (x0, x1) = (
            self.sample_x.0.max(self.columns.0),
            self.sample_x.1.min(self.columns.1),
        );
        let (y0, y1) = (
            self.sample_y.0.max(self.rows.0),
            self.sample_y.1.min(self.rows.1),
        );
        for y in y0..=y1 {
            for x in x0..=x1 {
                let code = match self.judge(st, x, y) {
                    None => SKIP,
                    Some((n, ok, clean)) => code_of(n, ok, clean),
                };
                g.set(x - self.sample_x.0, y - self.sample_y.0, code);
                present |= 1 << code;
            }
        }
        present
    }

    /// `accept` for try `t` and a cell whose walk gave `code` (packed as in
    /// [`Compiled::judge_all`]).
    fn accept_at(&self, st: &mut State, t: u32, code: u16) -> bool {
        set_locals(st, self.locals, t as f64, code);
        self.accept.truth(st)
    }

    fn span(&self, r: (i32, i32)) -> i32 {
        r.1 - r.0 + 1
    }
}

#[cfg(test)]
mod tests;
