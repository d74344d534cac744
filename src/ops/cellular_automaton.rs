//! Cellular automaton: rules over neighbour counts, applied to every tile of an area at once
//! (simultaneous update: every rule reads the layer as it was before the iteration), a number
//! of iterations. The smoothing step of the standard cave technique
//! (`count8(1) >= 5 -> 1`, `count8(1) <= 3 -> 0`, four or five iterations).
//!
//! The rules are written either in a pattern file, as an `automaton` item whose conditions may
//! name tiles and sets (`automaton: "caverns.pat#smooth"`, grammar in `lang/pattern.pest`):
//!
//! ```text
//! tiles { Floor = 0  Wall = 1 }
//! automaton smooth {
//!   count8(Wall) >= 5 -> Wall
//!   count8(Wall) <= 3 -> Floor
//! }
//! ```
//!
//! or inline, `rules: [(when: "count8(1) >= 5", set: 1), ...]`, with tile ids and inline sets
//! only. The first rule whose condition holds gives the tile its new value, a tile no rule
//! matches keeps its value. A condition is terms joined by `and` (or `&&`):
//! `count8(S) cmp N` (how many of the 8 neighbours hold a tile of `S`; `count4`: the 4
//! orthogonal ones; `cmp` one of `>= <= > < == !=`; N 0..=8), `is(S)`, `!is(S)` (the tile
//! itself); a set `S` is a tile, an inline set `{1 2}` or (in a pattern file) a set name.
//!
//! Neighbours outside the tile grid count as holding `outside` (default 0); neighbours outside
//! the area but inside the grid are read as they are. Only tiles inside the area are written.
//! Draws no random numbers. Errors (located in the condition or the pattern file): a
//! malformed condition, an empty set, an unknown name (with the nearest), a tile above 65535,
//! a count above 8, both or neither of `rules` and `automaton`, an `iterations` outside
//! 1..=1000, an area wholly outside the grid.

use crate::engine::bit_rows::BitRows;
use crate::engine::grid::Rect;
use crate::engine::state::State;
use crate::engine::Flow;
use crate::lang::automaton::CaRule;
use crate::lang::pattern::ca::parse_condition;
use crate::operator::args::{Int, Tile};
use crate::operator::header::TileHeader;
use crate::operator::knobs::Knobs;
use crate::operator::{Operator, Runnable, Writes};
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

mod bit_rules;
use bit_rules::BitRules;

crate::tile_params! {
    header: writes,
    /// Rule-file parameters of `CellularAutomaton(...)`.
    #[derive(Debug, Clone, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Params {
        /// Inline rules, first match wins (conditions with tile ids; see the module doc).
        /// Default none: then `automaton` gives them.
        #[serde(default)]
        pub rules: Vec<RuleDef>,
        /// The rules as an `automaton` item of a pattern file, `"file.pat#name"` (its
        /// conditions may use the file's tile and set names). Give this or `rules`.
        #[serde(default)]
        pub automaton: Option<Src>,
        /// Number of iterations, 1..=1000. Default 1.
        #[serde(default)]
        pub iterations: Option<Int<1, 1000>>,
        /// The value neighbours outside the tile grid count as. Default 0.
        #[serde(default)]
        pub outside: Option<Tile>,
    }
}

/// `(when: "count8(1) >= 5", set: 1)`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleDef {
    /// The condition (see the module documentation).
    pub when: Src,
    /// The value a matching tile gets.
    pub set: Tile,
}

/// Compiled `CellularAutomaton`.
#[derive(Debug, Clone)]
pub struct Compiled {
    head: TileHeader,
    rules: BitRules,
    iterations: u32,
    knobs: Knobs<Compiled>,
}
crate::has_knobs!(Compiled);

impl Operator for Params {
    type Compiled = Compiled;

    fn anchor(&self) -> Option<&Src> {
        Some(&self.layer)
    }

    fn compile(&self, cx: &mut Cx) -> Option<Compiled> {
        let head = TileHeader::compile(cx, self.header());
        let rules = match (&self.automaton, self.rules.is_empty()) {
            (Some(a), true) => cx.automaton(a),
            (None, false) => self.inline_rules(cx),
            (Some(a), false) => {
                cx.error(
                    a,
                    "give the rules either inline (`rules`) or as a pattern file's \
                     automaton (`automaton`), not both"
                        .into(),
                    None,
                );
                None
            }
            (None, true) => {
                cx.error(
                    &self.layer,
                    "this CellularAutomaton has no rules".into(),
                    Some(
                        "add `automaton: \"file.pat#name\"` or `rules: [(when: \"count8(1) \
                         >= 5\", set: 1)]`"
                            .into(),
                    ),
                );
                None
            }
        };
        let mut k: Knobs<Compiled> = Knobs::default();
        let iterations = self.iterations.as_ref().map_or(1, |i| {
            i.get(cx, &mut k, |c: &mut Compiled, v| c.iterations = v as u32)
        });
        Some(Compiled {
            head: head?,
            rules: BitRules::new(&rules?, self.outside.map_or(0, |t| t.0)),
            iterations: iterations as u32,
            knobs: k.done()?,
        })
    }
}

impl Params {
    /// The inline rules, each condition parsed by the pattern language's `condition`.
    fn inline_rules(&self, cx: &mut Cx) -> Option<Vec<CaRule>> {
        let mut rules = Vec::new();
        let mut ok = true;
        for r in &self.rules {
            match parse_condition(&r.when.text) {
                Ok(terms) => rules.push(CaRule {
                    terms,
                    set: r.set.0,
                }),
                Err(errs) => {
                    for e in errs {
                        let help = Some("e.g. \"count8({1 2}) >= 5 and !is(0)\"".into());
                        cx.error_in(&r.when, e.span, e.message, help);
                    }
                    ok = false;
                }
            }
        }
        ok.then_some(rules)
    }
}

impl Runnable for Compiled {
    fn writes(&self) -> Writes<'_> {
        self.head.writes_layer()
    }

    fn run(&self, st: &mut State) -> Flow {
        crate::resolve_knobs!(self, st);
        self.head.guarded(st, |st, r| self.paint(st, r))
    }
}

impl Compiled {
    /// The step inside its area (clipped to the grid); `run` puts protected cells back.
    /// Each iteration reads the bit planes of the layer as it was before it, so the update
    /// is simultaneous; only tiles that change are written.
    fn paint(&self, st: &mut State, r: Rect) -> Flow {
        let mut planes = vec![BitRows::new(); self.rules.planes.len()];
        let ys = if r.is_empty() { r.y..r.y } else { r.y..r.y1() };
        for _ in 0..self.iterations {
            let g = st.grid(self.head.layer);
            for (p, (set, outside)) in planes.iter_mut().zip(&self.rules.planes) {
                p.set_plane(&g, set, *outside, 1);
            }
            for y in ys.clone() {
                // the time budget, once a row
                if st.budget.spend(r.w as u64) {
                    return Flow::Continue;
                }
                let mut g = st.grid_mut(self.head.layer);
                let w = g.width() as usize;
                let row = &mut g.as_mut_slice()[y as usize * w..][..w];
                self.rules
                    .apply(&planes, y, (r.x, r.x1()), |x, v| row[x] = v);
            }
        }
        Flow::Continue
    }
}

#[cfg(test)]
mod tests {
    use crate::operator::testing::{grid, run_rules, run_rules_with};

    const SMOOTH: &str =
        r#"rules: [(when: "count8(1) >= 5", set: 1), (when: "count8(1) <= 2", set: 0)]"#;

    #[test]
    fn one_simultaneous_iteration() {
        let g = run_rules(
            4,
            4,
            &format!(
                r#"FillRect(layer: "t", value: "1", rect: (x: "0", y: "0", w: "2", h: "4")),
                   CellularAutomaton(layer: "t", outside: 1, {SMOOTH})"#
            ),
            "t",
        );
        // Columns 2 and 3 have 3 wall neighbours (no change) except on the top and bottom
        // rows, where the outside counts as wall (5 neighbours).
        assert_eq!(g, grid("1 1 1 1\n1 1 0 0\n1 1 0 0\n1 1 1 1"));
    }

    #[test]
    fn count4_sets_and_an_area() {
        let g = run_rules(
            3,
            3,
            r#"FillRect(layer: "t", value: "2", rect: (x: "1", y: "0", w: "1", h: "3")),
               FillRect(layer: "t", value: "3", rect: (x: "0", y: "1", w: "3", h: "1")),
               CellularAutomaton(layer: "t", rules: [(when: "count4({2 3}) >= 3 and !is(0)", set: 9)], area: "rect(0, 0, 3, 2)")"#,
            "t",
        );
        assert_eq!(g, grid("0 2 0\n3 9 3\n0 2 0"));
    }

    #[test]
    fn rules_from_a_pattern_file_automaton() {
        let pat = "tiles { Floor = 0 Wall = 1 }\nautomaton smooth {\n count8(Wall) >= 5 -> Wall\n \
                   count8(Wall) <= 2 -> Floor\n}";
        let g = run_rules_with(
            4,
            4,
            r#"FillRect(layer: "t", value: "1", rect: (x: "0", y: "0", w: "2", h: "4")),
               CellularAutomaton(layer: "t", outside: 1, automaton: "ca.pat#smooth")"#,
            "t",
            &[("ca.pat", pat)],
        );
        // The same rules as SMOOTH, so the same picture as `one_simultaneous_iteration`.
        assert_eq!(g, grid("1 1 1 1\n1 1 0 0\n1 1 0 0\n1 1 1 1"));
    }
}
