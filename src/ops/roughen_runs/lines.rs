//! The scan of [`super::Compiled`] over bit rows, any grid size: per line (a row, or a
//! column), the words of the cells holding `run` and of those holding `beside`, bit `k` =
//! position `k` along the line ([`BitRows`], lines as its rows; columns by transposing the
//! rows). The planes are built once per pass and kept in step with every write; a line's
//! qualifying cells are, word by word, its `run` word ANDed with the `beside` word of the line
//! at `side` (shifted by the side's step along the line). The next run is searched again after
//! every re-roll, so that the cells after a run read the tiles as they are then — the same
//! runs, ends and draws as the cell-by-cell scan.

use super::{Along, Compiled};
use crate::engine::bit_rows::{put_bit, shifted, span_bits, BitRows};
use crate::engine::fast_path::{self, FastPath};
use crate::engine::grid::{GridMut, Rect};
use crate::engine::row_bits::eq_bits;
use crate::engine::state::State;

/// The `run` and `beside` bits of every line of a layer (lines as rows), a buffer for the
/// rows before a transpose, and the qualifying words of the line scanned. Kept in the run's
/// scratch.
#[derive(Default)]
pub(super) struct Planes {
    run: BitRows,
    beside: BitRows,
    rows: BitRows,
    /// The area's positions along a line, per word.
    span: Vec<u64>,
    /// The qualifying bits of the line scanned (see [`Scan::qualify`]).
    q: Vec<u64>,
}

/// One pass's view of the [`Planes`]: the planes' words (lines of `wpr` words, no margin),
/// the span's words and the qualifying words of the line scanned.
struct Scan<'a> {
    run: &'a mut [u64],
    beside: &'a mut [u64],
    wpr: usize,
    /// The number of lines.
    lines: i32,
    span: &'a [u64],
    q: &'a mut [u64],
    /// With one word a line, the side's step along it as a shift right, a shift left and a
    /// mask (0 for a step of 64 or more, which no position of the line has).
    shift: (u32, u32, u64),
    /// With one word a line: the qualifying word (instead of `q`) and the span's word.
    q0: u64,
    span0: u64,
}

impl Scan<'_> {
    /// Make [`Scan::q`] the qualifying bits of `line`: a `run` cell whose neighbour `sl`
    /// lines across and `sp` positions along holds `beside`, at a position of the span.
    #[inline(always)]
    fn qualify(&mut self, line: i32, (sl, sp): (i32, i32)) {
        let other = line + sl;
        if other < 0 || other >= self.lines {
            self.q.fill(0);
            self.q0 = 0;
            return;
        }
        let (line, other) = (line as usize, other as usize);
        if self.wpr == 1 {
            // one word a line: the shift alone
            let (right, left, keep) = self.shift;
            let b = (self.beside[other] >> right) << left & keep;
            self.q0 = self.run[line] & b & self.span0;
            return;
        }
        let wpr = self.wpr;
        let run = &self.run[line * wpr..][..wpr];
        let beside = &self.beside[other * wpr..][..wpr];
        for (i, ((q, &r), &s)) in self.q.iter_mut().zip(run).zip(self.span).enumerate() {
            *q = r & shifted(beside, i, sp, 0) & s;
        }
    }

    /// Cell `pos` of `line` now holds `v`: keep the planes in step.
    #[inline(always)]
    fn wrote(&mut self, (line, pos): (i32, i32), v: u16, (run, beside): (u16, u16)) {
        put_bit(self.run, self.wpr, pos, line, v == run);
        put_bit(self.beside, self.wpr, pos, line, v == beside);
    }

    /// The first qualifying position at or after `from` (in [`Scan::q`]), if any.
    #[inline(always)]
    fn next_run(&self, from: i32) -> Option<i32> {
        if self.wpr == 1 {
            let rest = if from < 64 { self.q0 & !0 << from } else { 0 };
            return (rest != 0).then(|| rest.trailing_zeros() as i32);
        }
        let mut i = (from / 64) as usize;
        let mut w = *self.q.get(i)? & !0 << (from % 64);
        while w == 0 {
            i += 1;
            w = *self.q.get(i)?;
        }
        Some(64 * i as i32 + w.trailing_zeros() as i32)
    }

    /// The first position at or after `from` (in [`Scan::q`]) that does not qualify (the
    /// line's length rounded up to whole words when every one does).
    #[inline(always)]
    fn run_end(&self, from: i32) -> i32 {
        if self.wpr == 1 {
            return (!self.q0 & !0 << from).trailing_zeros() as i32;
        }
        let mut i = (from / 64) as usize;
        let mut w = !self.q[i] & !0 << (from % 64);
        while w == 0 {
            i += 1;
            match self.q.get(i) {
                Some(q) => w = !q,
                None => return 64 * i as i32,
            }
        }
        64 * i as i32 + w.trailing_zeros() as i32
    }
}

impl Compiled {
    /// Whether the planes scan applies (always, but where a unit test turns it off).
    pub(super) fn planes_allowed(&self) -> bool {
        fast_path::allowed(FastPath::RunPlanes)
    }

    /// `(line, position)` of cell `(x, y)`, and back (the same swap).
    #[inline(always)]
    fn swap(&self, (a, b): (i32, i32)) -> (i32, i32) {
        match self.along {
            Along::Rows => (b, a),
            Along::Columns => (a, b),
        }
    }

    /// Make `p` the planes of layer `g` (and size its line buffers).
    fn build(&self, g: &GridMut, p: &mut Planes) {
        let gr = g.as_grid();
        let (w, h) = (g.width(), g.height());
        let cols = self.along == Along::Columns;
        let (run, beside) = if cols {
            p.rows.reset(w, h, 0, false);
            p.run.reset(w, h, 0, false);
            (&mut p.rows, &mut p.run)
        } else {
            p.run.reset(w, h, 0, false);
            p.beside.reset(w, h, 0, false);
            (&mut p.run, &mut p.beside)
        };
        // both values' bits from each row, 64 cells at a time
        let wpr = run.words_per_row();
        let (run, beside) = (run.grid_words_mut(), beside.grid_words_mut());
        if wpr == 1 {
            // one word a row: its cells at once
            for ((y, r), b) in (0..h).zip(run).zip(beside) {
                let cells = gr.row(y, 0, w);
                (*r, *b) = (eq_bits(cells, self.run), eq_bits(cells, self.beside));
            }
        } else {
            let rows = run.chunks_exact_mut(wpr).zip(beside.chunks_exact_mut(wpr));
            for (y, (r, b)) in (0..h).zip(rows) {
                for ((r, b), chunk) in r.iter_mut().zip(b).zip(gr.row(y, 0, w).chunks(64)) {
                    (*r, *b) = (eq_bits(chunk, self.run), eq_bits(chunk, self.beside));
                }
            }
        }
        if cols {
            // the run plane was built in `rows`, the beside plane in `run`
            p.run.transpose_into(&mut p.beside);
            p.rows.transpose_into(&mut p.run);
        }
    }

    /// The scan of [`Compiled::run`] over the planes, inside `area`, on the layer `g`.
    pub(super) fn run_lines(&self, g: &mut GridMut, st: &mut State, area: Rect) {
        if area.is_empty() {
            return;
        }
        let mut p: Planes = st.scratch.take();
        self.build(g, &mut p);
        let (l0, p0) = self.swap((area.x, area.y));
        let (l1, p1) = self.swap((area.x1(), area.y1()));
        let wpr = p.run.words_per_row();
        p.span.clear();
        p.span.extend((0..wpr).map(|i| span_bits(i, p0, p1)));
        p.q.resize(wpr, 0);
        let lines = p.run.height();
        let mut scan = Scan {
            run: p.run.grid_words_mut(),
            beside: p.beside.grid_words_mut(),
            wpr,
            lines,
            span: &p.span,
            q: &mut p.q,
            shift: (0, 0, 0),
            q0: 0,
            span0: p.span[0],
        };
        // the side as (lines across, positions along)
        let side = self.swap(self.side);
        scan.shift = match side.1 {
            sp @ 0..=63 => (sp as u32, 0, !0),
            sp @ -63..=-1 => (0, sp.unsigned_abs(), !0),
            _ => (0, 0, 0),
        };
        let values = (self.run, self.beside);
        for line in l0..l1 {
            scan.qualify(line, side);
            let mut from = p0;
            while let Some(start) = scan.next_run(from) {
                let end = scan.run_end(start);
                if end >= p1 {
                    // a run still open at the end of the scan is never re-rolled
                    break;
                }
                // a short run draws nothing and changes nothing (see `reroll`)
                if (end - start) as usize >= self.min_run {
                    let cell = |pos: i32| self.swap((line, pos));
                    let mut changed = false;
                    self.reroll(g, st, (start, end), cell, |x, y, v| {
                        scan.wrote(self.swap((x, y)), v, values);
                        changed = true;
                    });
                    if changed {
                        scan.qualify(line, side);
                    }
                }
                from = end + 1;
            }
        }
        st.scratch.put(p);
    }
}
