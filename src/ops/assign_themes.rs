//! Theme assignment: give candidate rooms a theme from the rule set's theme table
//! (`themes:`, see `ops::assign_themes::table`) by drawing themes until one fits, as Diablo's
//! `InitThemes` does (shared/spec/diablo.md §9.1–§9.2): a first draw from a short list, then
//! redraws over all themes until one's requirements hold.
//!
//! For each room of kind `kind`, in room-id order:
//! 1. its measures are taken (`ops::measures`: `cells`, `box_w`, `box_h`, `square` — side of
//!    the largest square of clear cells, `perimeter` — edges to cells outside the room,
//!    `open` — such edges whose far cell holds an `open` tile, `near` — Chebyshev distance
//!    from the room to the nearest placed marker of `markers` (0 = inside; `width + height`
//!    when none is placed), `flagged` — cells non-zero in a `flags` layer, `avoided` — cells
//!    holding an `avoid` tile, `depth` — doors from the first room of kind `from`, -1 when
//!    unreachable or without `from`); every requirement is an expression over these and the
//!    rule set's variables;
//! 2. when a `candidate` requirement of the table fails, the room keeps its kind (a tally
//!    counts the requirement) and nothing is drawn;
//! 3. when no theme of weight > 0 can fit (each is checked: its `when`, its `once`, its
//!    `needs`; with all weights 0, no theme of `first`), the room keeps its kind, nothing is
//!    drawn, and the tally "no theme fits" counts it (so the draws below always end);
//! 4. otherwise: **draw** `rnd(len(first))` and take that entry of `first` (with an empty
//!    `first`, a redraw); while the theme does not fit, tally its first failing check and
//!    **redraw**: `r = rnd(total weight)`, the theme whose cumulative weight first exceeds
//!    `r` in table order (all weights 1: `rnd(number of themes)`, the theme of that index;
//!    all weights 0: a draw from `first` again);
//! 5. the room becomes a room of the theme's kind; a `once` theme is used up for the run.
//!
//! Those are all the random draws. They come from the rule set's stream: place the step
//! after the tile steps so that no tile depends on them (the original draws theme types
//! after a reseed and after choosing monster types, which this engine does not model).
//! Measures are in cells of the grid; a rule file that approximates another unit says so
//! beside the requirement. `var` receives the number of rooms themed.
//!
//! Errors (at load): no theme table; an unknown kind, marker, layer or table; a `first`
//! entry that names no theme; a requirement that is not a true/false expression.

pub mod table;

use crate::engine::room_measures::{measure, Sources};
use crate::engine::state::State;
use crate::engine::value::{RoomId, Value};
use crate::engine::Flow;
use crate::lang::Program;
use crate::operator::Runnable;
use crate::rng::RandomSource;
use crate::ruleset::src::Src;
use serde::Deserialize;

mod compile;

/// Rule-file parameters of `AssignThemes(...)`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The room kind of the candidates.
    pub kind: Src,
    /// The tile layer that `square`, `open` and `avoided` read. Default none (every room
    /// cell is clear, `open` and `avoided` are 0).
    #[serde(default)]
    pub layer: Option<Src>,
    /// A tile table (`file.pat#table`) of the tiles that are clear for `square`. Default:
    /// every room cell is clear.
    #[serde(default)]
    pub clear: Option<Src>,
    /// A tile table of the tiles `open` counts beyond the room's edges. Default none.
    #[serde(default)]
    pub open: Option<Src>,
    /// A tile table of the tiles `avoided` counts inside the room. Default none.
    #[serde(default)]
    pub avoid: Option<Src>,
    /// Markers that `near` measures the distance to. Default none.
    #[serde(default)]
    pub markers: Vec<Src>,
    /// Layers whose non-zero cells `flagged` counts. Default none.
    #[serde(default)]
    pub flags: Vec<Src>,
    /// A room kind: `depth` counts doors from the first room of this kind. Default none.
    #[serde(default)]
    pub from: Option<Src>,
    /// A number variable receiving how many rooms were themed. Default none.
    #[serde(default)]
    pub var: Option<Src>,
}

/// A compiled requirement: its program, the slots of its measures, its tally.
#[derive(Debug)]
struct Need {
    test: Program,
    slots: Vec<u16>,
    tally: u16,
}

/// A compiled theme.
#[derive(Debug)]
struct Theme {
    kind: u16,
    when: Option<(Program, u16)>,
    once: Option<u16>,
    weight: u32,
    needs: Vec<Need>,
}

/// Compiled `AssignThemes`.
#[derive(Debug)]
pub struct Compiled {
    kind: u16,
    src: Sources,
    from: Option<u16>,
    candidate: Vec<Need>,
    first: Vec<usize>,
    themes: Vec<Theme>,
    total: u32,
    none_fits: u16,
    var: Option<u16>,
}

impl Runnable for Compiled {
    fn run(&self, st: &mut State) -> Flow {
        let depths = self.from.and_then(|k| {
            let origin = st.rooms.iter().position(|r| r.kind == k)?;
            Some(st.door_distances(origin as RoomId))
        });
        let mut used = vec![false; self.themes.len()];
        let mut themed = 0;
        let mut side: Vec<u16> = st.scratch.take();
        for id in 0..st.rooms.len() {
            if st.rooms[id].kind != self.kind {
                continue;
            }
            let m = measure(st, id as RoomId, &self.src, depths.as_deref(), &mut side).values;
            if let Some(n) = Self::failing(st, &self.candidate, &m) {
                st.tallies[n.tally as usize] += 1;
                continue;
            }
            let can = (0..self.themes.len())
                .any(|i| self.themes[i].weight > 0 && self.misfit(st, i, &used, &m).is_none());
            let first_fits = self.total == 0
                && self
                    .first
                    .iter()
                    .any(|&i| self.misfit(st, i, &used, &m).is_none());
            // (a draw that could never end is not started)
            if !(if self.total == 0 { first_fits } else { can }) {
                st.tallies[self.none_fits as usize] += 1;
                continue;
            }
            let mut t = if self.first.is_empty() {
                self.redraw(st)
            } else {
                self.first[st.rng.below(self.first.len() as i64).max(0) as usize]
            };
            while let Some(tally) = self.misfit(st, t, &used, &m) {
                st.tallies[tally as usize] += 1;
                if self.total == 0 {
                    // only `first` entries can fit: draw among them again
                    t = self.first[st.rng.below(self.first.len() as i64).max(0) as usize];
                } else {
                    t = self.redraw(st);
                }
            }
            used[t] = true;
            st.rooms[id].kind = self.themes[t].kind;
            themed += 1;
        }
        st.scratch.put(side);
        if let Some(v) = self.var {
            st.vars[v as usize] = Value::Num(themed as f64);
        }
        Flow::Continue
    }
}

impl Compiled {
    /// The first requirement of `needs` that fails for measures `m`.
    fn failing<'n>(st: &mut State, needs: &'n [Need], m: &[f64]) -> Option<&'n Need> {
        needs.iter().find(|n| {
            for (&slot, &v) in n.slots.iter().zip(m) {
                st.vars[slot as usize] = Value::Num(v);
            }
            !n.test.truth(st)
        })
    }

    /// Whether theme `i` fits: `None` when it does, else the tally of the first failing check.
    fn misfit(&self, st: &mut State, i: usize, used: &[bool], m: &[f64]) -> Option<u16> {
        let t = &self.themes[i];
        if let Some((w, tally)) = &t.when {
            if !w.truth(st) {
                return Some(*tally);
            }
        }
        if let (Some(tally), true) = (t.once, used[i]) {
            return Some(tally);
        }
        Self::failing(st, &t.needs, m).map(|n| n.tally)
    }

    /// One redraw: the theme at a random point of the cumulative weights.
    fn redraw(&self, st: &mut State) -> usize {
        let mut r = st.rng.below(self.total as i64).max(0) as u32;
        for (i, t) in self.themes.iter().enumerate() {
            if r < t.weight {
                return i;
            }
            r -= t.weight;
        }
        self.themes.len() - 1
    }
}

#[cfg(test)]
mod tests {
    use crate::operator::testing::load;
    use crate::ruleset::Params;

    const HEAD: &str = r#"room_kinds: [RoomKind(name: "normal", glyph: 'o')], themes: "t.themes","#;

    fn run(w: i32, h: i32, steps: &str, table: &str) -> crate::Dungeon {
        let files = vec![
            ("t.themes".to_string(), table.to_string()),
            ("p.pat".to_string(), "table open { 2 }".to_string()),
        ];
        load(w, h, HEAD, steps, files)
            .generate(1, &Params::new())
            .unwrap_or_else(|e| panic!("{e}"))
    }

    fn kinds(d: &crate::Dungeon) -> Vec<&str> {
        d.rooms.iter().map(|r| r.kind.as_str()).collect()
    }

    fn tally(d: &crate::Dungeon, kind: &str, reason: &str) -> u32 {
        d.tallies
            .iter()
            .find(|t| t.kind == kind && t.reason == reason)
            .map_or(0, |t| t.count)
    }

    /// Regions (4-connected 1s, raster order): A = the 3x3 block, B = (4, 0)-(4, 1), C = (4, 3).
    const REGIONS: &str = r#"
        FillRect(layer: "t", value: "1", rect: (x: "0", y: "0", w: "3", h: "3")),
        FillRect(layer: "t", value: "1", rect: (x: "4", y: "0", w: "1", h: "2")),
        FillRect(layer: "t", value: "1", rect: (x: "4", y: "3", w: "1", h: "1")),
        FloodRegions(layer: "t", tiles: [1], connectivity: 4, kind: "normal"),"#;

    #[test]
    fn first_draw_then_redraws_until_a_theme_fits() {
        // Seed 1's draws (|s| >> 16): 346, 32637, 21785, 1090. A: rnd(1) = 0 -> big, which
        // fits (3x3 square). B: rnd(1) (32637) -> big, used up (once): tally; rnd(2) =
        // 21785 % 2 = 1 -> big again: tally; rnd(2) = 1090 % 2 = 0 -> small, fits. C: one
        // cell fails the candidate test, nothing drawn.
        let table = r#"Themes(
            candidate: [Need(test: "cells >= 2")],
            first: ["big"],
            themes: [
                Theme(name: "small", glyph: 's', needs: [Need(test: "cells <= 2")]),
                Theme(name: "big", glyph: 'B', once: true, needs: [Need(test: "square >= 3")]),
            ])"#;
        let steps =
            format!(r#"{REGIONS} AssignThemes(kind: "normal", var: "n"), Require("n == 2")"#);
        let d = run(6, 4, &steps, table);
        assert_eq!(kinds(&d), ["big", "small", "normal"]);
        assert_eq!(tally(&d, "big", "once per run"), 2);
        assert_eq!(tally(&d, "normal", "cells >= 2"), 1);
        assert_eq!(tally(&d, "big", "square >= 3"), 0);
    }

    #[test]
    fn measures_of_a_hand_built_room() {
        // A = 3x2 block at (0, 0) (tile 1) with tile 2 east of (2, 0); B = (4, 0)-(4, 1).
        // A: 6 cells, box 3x2, square 2, perimeter 10, open 1 (the edge to (3, 0)), no marker
        // placed so near = 5 + 3, nothing flagged or avoided, no `from` so depth -1.
        let table = r#"Themes(themes: [
            Theme(name: "a", glyph: 'a', needs: [Need(test: "cells == 6 && box_w == 3 && box_h == 2 && square == 2"),
                Need(test: "perimeter == 10 && open == 1 && near == 8 && flagged == 0 && avoided == 0 && depth == -1")]),
            Theme(name: "b", glyph: 'b', needs: [Need(test: "cells == 2 && box_w == 1 && box_h == 2 && square == 1 && perimeter == 6 && open == 1")]),
            Theme(name: "never", glyph: 'n', when: "false"),
        ])"#;
        let steps = r#"
            FillRect(layer: "t", value: "1", rect: (x: "0", y: "0", w: "3", h: "2")),
            FillRect(layer: "t", value: "2", rect: (x: "3", y: "0", w: "1", h: "1")),
            FillRect(layer: "t", value: "1", rect: (x: "4", y: "0", w: "1", h: "2")),
            FloodRegions(layer: "t", tiles: [1], connectivity: 4, kind: "normal"),
            AssignThemes(kind: "normal", layer: "t", open: "p.pat#open")"#;
        let d = run(5, 3, steps, table);
        assert_eq!(kinds(&d), ["a", "b"]);
        // a theme whose `when` never holds is drawn and turned down by it
        assert!(tally(&d, "never", "when: false") > 0);
    }

    #[test]
    fn a_room_no_theme_fits_stays_a_candidate_without_draws() {
        let table = r#"Themes(themes: [Theme(name: "huge", glyph: 'h', needs: [Need(test: "cells > 100")])])"#;
        let steps = format!(r#"{REGIONS} AssignThemes(kind: "normal"), Let("after", "rnd(1000)")"#);
        let d = run(6, 4, &steps, table);
        assert_eq!(kinds(&d), ["normal", "normal", "normal"]);
        assert_eq!(tally(&d, "normal", "no theme fits"), 3);
        assert_eq!(tally(&d, "huge", "cells > 100"), 0);
    }

    #[test]
    fn a_first_entry_that_is_no_theme_is_an_error() {
        let table = r#"Themes(first: ["libary"], themes: [Theme(name: "library", glyph: 'L')])"#;
        let files = vec![("t.themes".to_string(), table.to_string())];
        let text = format!(
            "Ruleset(name: \"t\", grid: Grid(width: 3, height: 3), {HEAD} steps: [AssignThemes(kind: \"normal\")])"
        );
        let err = crate::RuleSet::load_with(
            std::path::Path::new("t.ron"),
            &crate::operator::testing::MemFiles(text, files),
        )
        .unwrap_err()
        .to_string();
        assert!(err.contains("`libary` is not a theme"), "{err}");
        assert!(err.contains("did you mean `library`"), "{err}");
        assert!(err.contains("t.themes"), "{err}");
    }
}
