//! The preview's state and key handling, without a terminal: what is shown (the last good
//! dungeon, its trace, the diagnostics of a broken save), the seed and parameters, the
//! cursor, and (in `keys`) what a key does.

use super::worker::{Request, Update};
use crate::dungeon::{Dungeon, Layer};
use crate::ruleset::{Diagnostics, Params, RuleSet, Trace};
use std::borrow::Cow;
use std::sync::Arc;
use std::time::{Duration, Instant};

mod keys;

/// A key, as the UI reports it (independent of the terminal library).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    /// A printable key.
    Char(char),
    /// Left arrow.
    Left,
    /// Right arrow.
    Right,
    /// Up arrow.
    Up,
    /// Down arrow.
    Down,
    /// Tab.
    Tab,
    /// Shift-tab.
    BackTab,
    /// Escape.
    Esc,
}

/// What the UI must do after a key.
#[derive(Debug, PartialEq)]
pub enum Action {
    /// Nothing to do.
    None,
    /// Ask the worker for this.
    Generate(Request),
    /// Leave the preview.
    Quit,
}

/// The help line.
pub const HELP: &str = "q quit  n/p seed  r random  tab param  +/- change  t trace  [/] step  \
{/} restart  </> named step  L layer  hjkl/arrows cursor";

/// Everything the preview shows.
pub struct App {
    /// What is shown (rule file, seed, parameters).
    pub request: Request,
    /// The loaded rule set, if it loads.
    pub rules: Option<Arc<RuleSet>>,
    /// The last dungeon generated.
    pub dungeon: Option<Dungeon>,
    /// Its step trace, when stepping.
    pub trace: Option<Trace>,
    /// The shown trace frame (index into `trace.frames`); the final dungeon when `None`.
    pub frame: Option<usize>,
    /// Cells (row-major) that changed at the last reload.
    pub changed: Vec<bool>,
    /// The selected parameter (index into the rule set's params).
    pub param: usize,
    /// The inspected cell.
    pub cursor: (i32, i32),
    /// The diagnostics of a broken save (the dungeon shown is the last good one).
    pub diagnostics: Option<Diagnostics>,
    /// A generation error (bad parameter, Retry budget spent).
    pub error: Option<String>,
    /// How long the last generation took.
    pub elapsed: Duration,
    /// Time from the end of a save's debounce to the end of the redraw, of the last reload.
    pub redraw: Option<Duration>,
    /// How many times the rules were reloaded.
    pub reloads: u32,
    /// When the last save arrived, until it is drawn.
    pub pending_save: Option<Instant>,
    /// A request is being generated (the picture shown is the previous one).
    pub generating: bool,
    /// The tile layer chosen with `L`; `None` = automatic (the step's own layer while
    /// stepping, else the rule set's picture layer).
    pub layer: Option<String>,
    /// How many saves did not load (their diagnostics shown, the last good dungeon kept).
    pub broken: u32,
    /// A one-line answer to the last key (e.g. why it did nothing).
    pub status: Option<String>,
}

impl App {
    /// The state for `request`, before anything is loaded.
    pub fn new(request: Request) -> App {
        App {
            request,
            rules: None,
            dungeon: None,
            trace: None,
            frame: None,
            changed: Vec::new(),
            param: 0,
            cursor: (0, 0),
            diagnostics: None,
            error: None,
            elapsed: Duration::ZERO,
            redraw: None,
            reloads: 0,
            pending_save: None,
            generating: true,
            layer: None,
            broken: 0,
            status: None,
        }
    }

    /// Take in a worker result. Returns whether the picture changed.
    pub fn update(&mut self, u: Update) -> bool {
        match u {
            Update::Generated {
                rules,
                dungeon,
                trace,
                elapsed,
                saved,
                ..
            } => {
                if saved.is_some() {
                    self.reloads += 1;
                    self.changed = match &self.dungeon {
                        Some(old) => changed_cells(old, &dungeon),
                        None => Vec::new(),
                    };
                    self.pending_save = saved;
                } else {
                    self.changed.clear();
                }
                if self.rules.is_none() {
                    let (w, h) = match crate::render::cells::cell_view(&dungeon) {
                        Some(_) => dungeon.tile_size(),
                        None => (dungeon.width, dungeon.height),
                    };
                    self.cursor = (w / 2, h / 2);
                }
                self.rules = Some(rules);
                self.dungeon = Some(dungeon);
                self.frame = match (&trace, self.frame) {
                    (Some(t), Some(i)) if !t.frames.is_empty() => Some(i.min(t.frames.len() - 1)),
                    _ => None,
                };
                self.trace = trace;
                self.elapsed = elapsed;
                self.diagnostics = None;
                self.error = None;
                self.generating = false;
                true
            }
            Update::Failed { rules, message, .. } => {
                self.generating = false;
                self.rules = Some(rules);
                self.diagnostics = None;
                self.error = Some(message);
                true
            }
            Update::Broken { diagnostics, saved } => {
                if saved.is_some() {
                    self.broken += 1;
                    // the stars told what the last good save changed; this one changed nothing
                    self.changed.clear();
                }
                self.diagnostics = Some(diagnostics);
                self.pending_save = saved;
                true
            }
        }
    }

    /// The dungeon to draw: the selected trace frame, or the final dungeon.
    pub fn shown(&self) -> Option<Cow<'_, Dungeon>> {
        let (rs, d) = (self.rules.as_ref()?, self.dungeon.as_ref()?);
        match (self.frame, &self.trace) {
            (Some(i), Some(t)) => {
                let f = t.frames.get(i)?;
                // with `select:`, the frames are the chosen rule set's
                let (rs, params) = rs.pick(&self.request.params).ok()?;
                let values = rs.resolve_params(&params).ok()?;
                Some(Cow::Owned(
                    rs.to_dungeon(&f.state, d.seed, &values, d.attempts),
                ))
            }
            _ => Some(Cow::Borrowed(d)),
        }
    }

    /// The cells to mark as changed: while stepping through the trace, those the shown step
    /// changed (against the frame before it); otherwise those the last reload changed.
    pub fn marked(&self) -> Cow<'_, [bool]> {
        if let (Some(i), Some(t), Some(rs), Some(d)) =
            (self.frame, &self.trace, &self.rules, &self.dungeon)
        {
            let picked = rs.pick(&self.request.params).ok();
            let rs = picked.as_ref().map_or(&**rs, |p| p.0);
            let values = picked.as_ref().and_then(|(r, p)| r.resolve_params(p).ok());
            let frame = |k: usize| {
                let f = t.frames.get(k)?;
                let v = values.as_ref()?;
                Some(rs.to_dungeon(&f.state, d.seed, v, d.attempts))
            };
            return match (i.checked_sub(1).and_then(frame), frame(i)) {
                (Some(before), Some(now)) => Cow::Owned(changed_cells(&before, &now)),
                _ => Cow::Owned(Vec::new()),
            };
        }
        Cow::Borrowed(&self.changed)
    }

    /// The tile layer to draw: the one chosen with `L`; else, while stepping, the first
    /// tile layer the shown step changed (so a step on another layer than the picture's shows
    /// what it did); else `None` (the rule set's picture layer).
    pub fn drawn_layer(&self) -> Option<String> {
        if self.layer.is_some() {
            return self.layer.clone();
        }
        let (i, t, rs, d) = (
            self.frame?,
            self.trace.as_ref()?,
            self.rules.as_ref()?,
            self.dungeon.as_ref()?,
        );
        let (rs, params) = rs.pick(&self.request.params).ok()?;
        let values = rs.resolve_params(&params).ok()?;
        let now = rs.to_dungeon(&t.frames.get(i)?.state, d.seed, &values, d.attempts);
        let before = match i.checked_sub(1).and_then(|k| t.frames.get(k)) {
            Some(f) => rs.to_dungeon(&f.state, d.seed, &values, d.attempts),
            None => return None,
        };
        let default = crate::render::cells::cell_view(&now).map(|v| v.layer);
        let changed = crate::render::cells::tile_layers(&now)
            .into_iter()
            .find(|l| now.layers.get(*l) != before.layers.get(*l))?
            .to_string();
        (Some(&changed) != default.as_ref()).then_some(changed)
    }

    /// Jump through the trace: to the next (previous) restart, or named step.
    fn jump(&mut self, forward: bool, restart: bool) {
        let Some(t) = self.trace.as_ref().filter(|t| !t.frames.is_empty()) else {
            self.status = Some("no trace: press t to step through the run first".into());
            return;
        };
        let i = self.frame.unwrap_or(t.frames.len() - 1);
        let next = if restart {
            t.next_restart(i, forward)
        } else {
            t.next_named(i, forward)
        };
        match next {
            Some(n) => self.frame = Some(n),
            None => {
                let what = if restart { "restart" } else { "named step" };
                let dir = if forward { "after" } else { "before" };
                self.status = Some(format!("no {what} {dir} step {}", i + 1));
            }
        }
    }

    /// Cycle the drawn layer: automatic, then each tile layer of the shown dungeon in turn.
    fn next_layer(&mut self) {
        let Some(d) = self.shown() else { return };
        let layers: Vec<String> = crate::render::cells::tile_layers(&d)
            .into_iter()
            .map(String::from)
            .collect();
        if layers.is_empty() {
            self.status = Some("this dungeon has no tile layers to choose from".into());
            return;
        }
        let at = self
            .layer
            .as_ref()
            .and_then(|l| layers.iter().position(|x| x == l));
        self.layer = match at {
            None => Some(layers[0].clone()),
            Some(k) => layers.get(k + 1).cloned(),
        };
    }

    /// The room under the cursor, described: "room 3 boss 1x1".
    pub fn under_cursor(&self) -> String {
        let Some(d) = self.shown() else {
            return String::new();
        };
        let (x, y) = self.cursor;
        let mut s = format!("({x}, {y})");
        let (cw, ch) = d.cell_size();
        if let Some(r) = d.room_at(x.div_euclid(cw), y.div_euclid(ch)) {
            s += &format!(" room {} {} {}", r.id, r.kind, r.shape);
        }
        for (name, layer) in &d.layers {
            match layer {
                Layer::Ids(rows) => {
                    if let Some(v) = rows.get(y as usize).and_then(|r| r.get(x as usize)) {
                        s += &format!(" {name} {v}");
                    }
                }
                Layer::Symbols(rows) if name != crate::render::cells::ROOMS_LAYER => {
                    if let Some(g) = rows.get(y as usize).and_then(|r| r.chars().nth(x as usize)) {
                        let meaning = d.symbols.get(&g.to_string()).map_or("?", |m| m.as_str());
                        s += &format!(" {name} {meaning}");
                    }
                }
                Layer::Symbols(_) => {}
            }
        }
        for (name, p) in &d.markers {
            if *p == [x, y] {
                s += &format!(" [{name}]");
            }
        }
        s
    }
}

/// Cells whose room kind or tile ids differ between `a` and `b` (row-major, `b`'s size);
/// all cells when the sizes differ.
pub fn changed_cells(a: &Dungeon, b: &Dungeon) -> Vec<bool> {
    let n = (b.width.max(0) * b.height.max(0)) as usize;
    if a.width != b.width || a.height != b.height {
        return vec![true; n];
    }
    let mut out = vec![false; n];
    let w = b.width as usize;
    let chars = |r: Option<&String>| r.map_or(Vec::new(), |r| r.chars().collect::<Vec<_>>());
    for (name, lb) in &b.layers {
        let la = a.layers.get(name);
        for y in 0..b.height as usize {
            let row = &mut out[y * w..(y + 1) * w];
            match (la, lb) {
                (Some(Layer::Symbols(ra)), Layer::Symbols(rb)) => {
                    let (ca, cb) = (chars(ra.get(y)), chars(rb.get(y)));
                    for (x, c) in row.iter_mut().enumerate() {
                        *c |= ca.get(x) != cb.get(x);
                    }
                }
                (Some(Layer::Ids(ra)), Layer::Ids(rb)) => {
                    let (ia, ib) = (ra.get(y), rb.get(y));
                    for (x, c) in row.iter_mut().enumerate() {
                        *c |= ia.and_then(|r| r.get(x)) != ib.and_then(|r| r.get(x));
                    }
                }
                _ => row.fill(true),
            }
        }
    }
    out
}

/// A new seed from the clock (the preview only: generation itself never reads the clock).
fn random_seed(old: u64) -> u64 {
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let mut z = t ^ old.rotate_left(17) ^ 0x9E37_79B9_7F4A_7C15;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (z ^ (z >> 31)) % 1_000_000
}

/// Keep only the parameters a user set (for the request) — `Params` as given on the command
/// line.
pub fn initial_request(seed: u64, params: Params) -> Request {
    Request {
        seed,
        params,
        traced: false,
    }
}
