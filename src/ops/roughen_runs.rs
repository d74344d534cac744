//! Run roughening (an erosion pass): find straight runs of cells along rows or columns where
//! a cell holds `run` and its neighbour at `side` holds `beside` — a straight edge between
//! two regions — and re-roll long runs cell by cell. Reproduces one of the four passes of
//! Diablo's Caves `FillStraights` (shared/spec/diablo.md §4.3, §7, quirk §11.5).
//!
//! Scan: each line of `area` (rows top to bottom, or columns left to right with `along:
//! Columns`), positions along the line in increasing order. A qualifying cell extends the
//! current run; a non-qualifying one ends it, and a run of at least `min_run` cells is then
//! re-rolled unless `rnd(skip_roll) == 0` (one draw per long run): each of its cells — or,
//! with `write_beside`, each of their `side` neighbours — becomes `values[rnd(len)]`, in scan
//! order. A run still open at the end of the line is never re-rolled (the original's scan
//! limit: Caves scan 37 of 40 positions). Cells are re-read as the scan goes (in place).
//! Neighbours outside the grid never qualify. A write into a cell flagged in a `protected`
//! layer is skipped (its draw still happens); `when` false skips the step. An empty `values`
//! is an error at `layer`.
//!
//! # Speed
//!
//! A line's qualifying cells are ANDs of toolkit [`BitRows`](crate::engine::bit_rows::BitRows)
//! words (any width; columns by transposing). What stays here (`roughen_runs/lines.rs`, switch
//! `FastPath::RunPlanes`) is searching the next run again after each re-roll, because a
//! re-roll writes cells that the rest of the line reads, in this operator's scan order.

mod lines;

use crate::engine::bit_planes::{line_bits, next_run};
use crate::engine::grid::GridMut;
use crate::engine::state::State;
use crate::engine::Flow;
use crate::operator::args::{Count, Tile};
use crate::operator::header::TileHeader;
use crate::operator::knobs::{pair, Knobs, I32};
use crate::operator::{Operator, Runnable, Writes};
use crate::rng::RandomSource;
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

/// Scan direction of [`Params::along`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum Along {
    /// Lines are rows; runs go left to right.
    Rows,
    /// Lines are columns; runs go top to bottom.
    Columns,
}

crate::tile_params! {
    header: writes,
    /// Rule-file parameters of `RoughenRuns(...)`.
    #[derive(Debug, Clone, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Params {
        /// Lines are rows or columns.
        pub along: Along,
        /// The value of a run cell.
        pub run: Tile,
        /// The value its neighbour at `side` must hold.
        pub beside: Tile,
        /// The neighbour tested, `(dx, dy)`.
        pub side: (I32, I32),
        /// Re-roll the `side` neighbours instead of the run cells. Default false.
        #[serde(default)]
        pub write_beside: bool,
        /// Shortest run re-rolled, in cells (required; Diablo's Caves: 4).
        pub min_run: Count,
        /// A long run is left alone when `rnd(skip_roll) == 0` (required; Diablo's Caves: 2).
        pub skip_roll: Count,
        /// The values a re-rolled cell takes, one `rnd(len)` each (required; Diablo's Caves:
        /// `[0, 1]`).
        pub values: Vec<Tile>,
    }
}

/// Compiled `RoughenRuns`.
#[derive(Debug, Clone)]
pub struct Compiled {
    head: TileHeader,
    along: Along,
    run: u16,
    beside: u16,
    side: (i32, i32),
    write_beside: bool,
    min_run: usize,
    skip_roll: i64,
    values: Vec<u16>,
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
        let head = TileHeader::compile(cx, self.header());
        if self.values.is_empty() {
            cx.error(
                &self.layer,
                "`values` needs at least one value".into(),
                None,
            );
            return None;
        }
        Some(Compiled {
            head: head?,
            along: self.along,
            run: self.run.0,
            beside: self.beside.0,
            side: pair(
                &self.side,
                cx,
                &mut k,
                [|c, v| c.side.0 = v as i32, |c, v| c.side.1 = v as i32],
            ),
            write_beside: self.write_beside,
            min_run: self
                .min_run
                .get(cx, &mut k, |c: &mut Compiled, v| c.min_run = v as usize)
                as usize,
            skip_roll: self
                .skip_roll
                .get(cx, &mut k, |c: &mut Compiled, v| c.skip_roll = v as i64),
            values: self.values.iter().map(|t| t.0).collect(),
            knobs: k.done()?,
        })
    }
}

impl Runnable for Compiled {
    fn writes(&self) -> Writes<'_> {
        self.head.writes_layer()
    }

    fn run(&self, st: &mut State) -> Flow {
        crate::resolve_knobs!(self, st);
        let area = match self.head.begin(st) {
            Ok(a) => a,
            Err(f) => return f,
        };
        let (x0, y0, x1, y1) = (area.x, area.y, area.x1(), area.y1());
        let ((l0, l1), (p0, p1)) = match self.along {
            Along::Rows => ((y0, y1), (x0, x1)),
            Along::Columns => ((x0, x1), (y0, y1)),
        };
        let cell = |line: i32, pos: i32| match self.along {
            Along::Rows => (pos, line),
            Along::Columns => (line, pos),
        };
        let (dx, dy) = self.side;
        let (w, h) = (st.width, st.height);
        // Work on the layer taken out of the state; the RNG is drawn from the state.
        let l = self.head.layer as usize;
        let mut data = std::mem::take(st.layer_mut(l as u16));
        let mut g = GridMut::new(&mut data, w, h);
        if self.planes_allowed() {
            self.run_lines(&mut g, st, area);
            *st.layer_mut(l as u16) = data;
            return Flow::Continue;
        }
        // The plain scan, reading the layer: the reference the planes scan is tested against
        // (only unit tests turn the planes off). One cell further along a line, and to the
        // next line:
        let (step, across) = (cell(0, 1), cell(1, 0));
        // A side neighbour on another line is never a cell of the line, so the writes at the
        // end of a run change no cell the rest of the line reads: a line is read as bits, 64
        // cells at a time. A side neighbour on the line itself is read a cell at a time.
        let chunk = if across.0 * dx + across.1 * dy != 0 {
            64
        } else {
            1
        };
        for line in l0..l1 {
            // the start of the open run, if any
            let mut open: Option<i32> = None;
            let mut base = p0;
            while base < p1 {
                let n = (p1 - base).min(chunk) as u32;
                let (x, y) = cell(line, base);
                let gr = g.as_grid();
                let qualifying = line_bits(&gr, (x, y), step, n, self.run)
                    & line_bits(&gr, (x + dx, y + dy), step, n, self.beside);
                let mut k = 0;
                loop {
                    let Some(start) = open else {
                        match next_run(qualifying, k) {
                            Some((s, _)) if s < n => {
                                open = Some(base + s as i32);
                                k = s;
                                continue;
                            }
                            _ => break,
                        }
                    };
                    // the run ends at the first non-qualifying cell, maybe in a later chunk
                    let end = k + (!qualifying >> k).trailing_zeros().min(64 - k);
                    if end >= n {
                        break;
                    }
                    let pos = base + end as i32;
                    self.reroll(&mut g, st, (start, pos), |k| cell(line, k), |_, _, _| ());
                    open = None;
                    k = end + 1;
                }
                base += n as i32;
            }
        }
        *st.layer_mut(l as u16) = data;
        Flow::Continue
    }
}

impl Compiled {
    /// A run of cells `start..end` along a line (`cell(position)`) just ended: re-roll it
    /// when it is long enough and the skip roll says so; every write `(x, y) = v` is told to
    /// `wrote(x, y, v)`.
    fn reroll(
        &self,
        g: &mut GridMut,
        st: &mut State,
        (start, end): (i32, i32),
        cell: impl Fn(i32) -> (i32, i32),
        mut wrote: impl FnMut(i32, i32, u16),
    ) {
        if ((end - start) as usize) < self.min_run || st.rng.below(self.skip_roll) == 0 {
            return;
        }
        let n = self.values.len() as i64;
        for k in start..end {
            let (cx, cy) = cell(k);
            let (wx, wy) = if self.write_beside {
                (cx + self.side.0, cy + self.side.1)
            } else {
                (cx, cy)
            };
            let v = self.values[st.rng.below(n).max(0) as usize];
            if !self.head.flagged(st, wx, wy) {
                g.set(wx, wy, v);
                wrote(wx, wy, v);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::fast_path::{run_with, FastPath};
    use crate::operator::testing::{grid, run_rules, run_rules_seed};

    /// The planes scan (lines of any length, any number of lines) re-rolls the same runs with the same
    /// draws as the cell-by-cell scan: noisy grids of three values, every direction, sides
    /// across and along the line, `write_beside`, an area and a protected layer.
    #[test]
    fn planes_scan_equals_the_cell_scan() {
        let steps = r#"NoiseFill(layer: "m", value: "1", density: "0.6"),
            NoiseFill(layer: "m", value: "2", density: "0.1"),
            NoiseFill(layer: "p", value: "1", density: "0.05"),
            RoughenRuns(layer: "m", along: Rows, run: 0, beside: 1, side: (0, 1), min_run: 2, skip_roll: 3, values: [0, 1, 2]),
            RoughenRuns(layer: "m", along: Rows, run: 1, beside: 0, side: (0, -1), write_beside: true, min_run: 2, skip_roll: 2, values: [0, 1], protected: ["p"]),
            RoughenRuns(layer: "m", along: Columns, run: 0, beside: 1, side: (1, 0), min_run: 3, skip_roll: 2, values: [0, 1], area: (x: "2", y: "1", w: "20", h: "15")),
            RoughenRuns(layer: "m", along: Columns, run: 1, beside: 0, side: (-1, 0), write_beside: true, min_run: 2, skip_roll: 2, values: [1, 0]),
            RoughenRuns(layer: "m", along: Rows, run: 1, beside: 1, side: (1, 0), min_run: 2, skip_roll: 2, values: [0, 1]),
            RoughenRuns(layer: "m", along: Columns, run: 0, beside: 0, side: (0, -1), write_beside: true, min_run: 2, skip_roll: 2, values: [1, 0, 2]),
            RoughenRuns(layer: "m", along: Rows, run: 0, beside: 1, side: (2, 1), write_beside: true, min_run: 2, skip_roll: 2, values: [2, 1])"#;
        // one word a line; lines of two and three words, more than 64 lines either way
        for (cols, rows) in [(29, 18), (100, 70), (150, 131)] {
            for seed in 1..8 {
                let run = |plain: bool| {
                    let off: &[FastPath] = if plain { &[FastPath::RunPlanes] } else { &[] };
                    run_with(off, || run_rules_seed(cols, rows, steps, "m", seed))
                };
                let fast = run(false);
                assert_eq!(fast, run(true), "{cols}x{rows}, seed {seed}");
                let noise = steps.split("RoughenRuns").next().unwrap().trim_end();
                let noise = noise.trim_end_matches(',');
                assert_ne!(
                    fast,
                    run_rules_seed(cols, rows, noise, "m", seed),
                    "{cols}x{rows}, seed {seed}"
                );
            }
        }
    }

    #[test]
    fn long_runs_are_rerolled_and_short_or_open_ones_are_not() {
        // row 0 is empty above a floor row 1: a run of 6 qualifying cells (x 0..5) ends at
        // x = 6, where row 1 is empty; with values [5] every re-rolled cell becomes 5.
        // Row 2 has a run of 3 (too short); the run of row 3 reaches the end of the area.
        let g = run_rules(
            8,
            5,
            r#"FillRect(layer: "m", value: "1", rect: (x: "0", y: "1", w: "6", h: "1")),
               FillRect(layer: "m", value: "1", rect: (x: "0", y: "3", w: "3", h: "1")),
               FillRect(layer: "m", value: "1", rect: (x: "3", y: "4", w: "5", h: "1")),
               RoughenRuns(layer: "m", along: Rows, run: 0, beside: 1, side: (0, 1), values: [5], skip_roll: 1000, min_run: 4)"#,
            "m",
        );
        // (skip_roll 1000: the one roll of seed 1 is not 0)
        assert_eq!(
            g,
            grid("5 5 5 5 5 5 0 0\n1 1 1 1 1 1 0 0\n0 0 0 0 0 0 0 0\n1 1 1 0 0 0 0 0\n0 0 0 1 1 1 1 1")
        );
    }

    /// Lines are read 64 cells at a time: a run across the 64th cell is one run.
    #[test]
    fn runs_across_64_cells_are_one_run() {
        let g = run_rules(
            70,
            2,
            r#"FillRect(layer: "m", value: "1", rect: (x: "60", y: "1", w: "9", h: "1")),
               RoughenRuns(layer: "m", along: Rows, run: 0, beside: 1, side: (0, 1), values: [5], skip_roll: 1000, min_run: 4, area: (x: "0", y: "0", w: "70", h: "1"))"#,
            "m",
        );
        let top: Vec<u16> = (0..70)
            .map(|x| if (60..69).contains(&x) { 5 } else { 0 })
            .collect();
        assert_eq!(g[0], top);
    }

    #[test]
    fn columns_and_writing_the_neighbour() {
        let g = run_rules(
            3,
            6,
            r#"FillRect(layer: "m", value: "1", rect: (x: "0", y: "0", w: "1", h: "5")),
               RoughenRuns(layer: "m", along: Columns, run: 1, beside: 0, side: (1, 0), write_beside: true, values: [7], skip_roll: 1000, min_run: 4)"#,
            "m",
        );
        assert_eq!(g, grid("1 7 0\n1 7 0\n1 7 0\n1 7 0\n1 7 0\n0 0 0"));
    }
}
