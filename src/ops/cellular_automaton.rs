//! Cellular automaton: rules over neighbour counts, applied to every tile of an area at once
//! (simultaneous update: every rule reads the layer as it was before the iteration), a number
//! of iterations. The smoothing step of the standard cave technique
//! (`count8(1) >= 5 -> 1`, `count8(1) <= 3 -> 0`, four or five iterations).
//!
//! A rule is `(when: "CONDITION", set: VALUE)`; the first rule whose condition holds gives
//! the tile its new value, a tile no rule matches keeps its value. Conditions:
//!
//! ```text
//! condition := term (("and" | "&&") term)*
//! term      := "count8(" set ")" cmp N    -- how many of the 8 neighbours hold a value of set
//!            | "count4(" set ")" cmp N    -- the same over the 4 orthogonal neighbours
//!            | "is(" set ")" | "!is(" set ")"   -- the tile itself
//! set       := N | "{" N N ... "}"        -- tile values 0..=65535
//! cmp       := ">=" | "<=" | ">" | "<" | "==" | "!="
//! ```
//!
//! Neighbours outside the tile grid count as holding `outside` (default 0); neighbours outside
//! the area but inside the grid are read as they are. Only tiles inside the area are written.
//! Draws no random numbers. Errors (located in the condition): a malformed condition, an
//! empty set, a value above 65535, an `iterations` outside 1..=1000, an area wholly outside
//! the grid.

use super::args::{RectDef, Tile, TileHeader};
use crate::engine::grid::{Rect, N4, N8};
use crate::engine::state::State;
use crate::engine::Flow;
use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use serde::Deserialize;

/// One line for listings and the preview.
pub const DESCRIPTION: &str =
    "apply neighbour-count rules to every tile of an area at once, for some iterations";

/// Rule-file parameters of `CellularAutomaton(...)`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The tile layer read and written.
    pub layer: Src,
    /// The rules, first match wins.
    pub rules: Vec<RuleDef>,
    /// Number of iterations, 1..=1000. Default 1.
    #[serde(default)]
    pub iterations: Option<Iterations>,
    /// The value neighbours outside the tile grid count as. Default 0.
    #[serde(default)]
    pub outside: Option<Tile>,
    /// The area, a rectangle `(x: .., y: .., w: .., h: ..)` or an area expression
    /// (`"room(r)"`, `"inset(grid(), 1)"`); nothing outside it is written. Default: the
    /// whole grid.
    #[serde(default)]
    pub area: Option<RectDef>,
    /// Condition; the step does nothing when it is false. Default: always.
    #[serde(default)]
    pub when: Option<Src>,
    /// Flag layers: cells where one is non-zero are never written. Default none.
    #[serde(default)]
    pub protected: Vec<Src>,
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

/// An iteration count: 1..=1000.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(try_from = "i64")]
pub struct Iterations(pub u32);

impl TryFrom<i64> for Iterations {
    type Error = String;
    fn try_from(v: i64) -> Result<Self, String> {
        if (1..=1000).contains(&v) {
            Ok(Iterations(v as u32))
        } else {
            Err(format!("iterations must be 1..=1000, found {v}"))
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Cmp {
    Ge,
    Le,
    Gt,
    Lt,
    Eq,
    Ne,
}

#[derive(Debug, Clone, PartialEq)]
enum Term {
    /// Neighbour count over 8 (`true`) or 4 neighbours, of a set, compared with a number.
    Count(bool, Vec<u16>, Cmp, u32),
    /// The tile is (`true`) or is not in a set.
    Is(bool, Vec<u16>),
}

/// Compiled `CellularAutomaton`.
#[derive(Debug)]
pub struct Op {
    head: TileHeader,
    rules: Vec<(Vec<Term>, u16)>,
    iterations: u32,
    outside: u16,
}

/// A tiny tokenizer-parser over the condition text; errors carry byte spans.
struct Parser<'a> {
    s: &'a str,
    i: usize,
}

type PResult<T> = Result<T, ((usize, usize), String)>;

impl Parser<'_> {
    fn ws(&mut self) {
        while self.s[self.i..].starts_with(char::is_whitespace) {
            self.i += 1;
        }
    }
    fn eat(&mut self, t: &str) -> bool {
        self.ws();
        if self.s[self.i..].starts_with(t) {
            self.i += t.len();
            true
        } else {
            false
        }
    }
    fn expect(&mut self, t: &str) -> PResult<()> {
        if self.eat(t) {
            Ok(())
        } else {
            Err((
                (self.i, (self.i + 1).min(self.s.len())),
                format!("expected `{t}`"),
            ))
        }
    }
    fn number(&mut self) -> PResult<u32> {
        self.ws();
        let start = self.i;
        while self.s[self.i..].starts_with(|c: char| c.is_ascii_digit()) {
            self.i += 1;
        }
        if start == self.i {
            return Err((
                (start, (start + 1).min(self.s.len())),
                "expected a number".into(),
            ));
        }
        self.s[start..self.i]
            .parse()
            .map_err(|_| ((start, self.i), "number too large".into()))
    }
    fn tile(&mut self) -> PResult<u16> {
        let start = self.i;
        let n = self.number()?;
        u16::try_from(n).map_err(|_| ((start, self.i), format!("tile {n} is above 65535")))
    }
    fn set(&mut self) -> PResult<Vec<u16>> {
        if self.eat("{") {
            let start = self.i;
            let mut v = Vec::new();
            while !self.eat("}") {
                if self.i >= self.s.len() {
                    return Err(((start, self.i), "expected `}` closing the set".into()));
                }
                v.push(self.tile()?);
            }
            if v.is_empty() {
                return Err(((start - 1, self.i), "an empty set matches nothing".into()));
            }
            Ok(v)
        } else {
            Ok(vec![self.tile()?])
        }
    }
    fn term(&mut self) -> PResult<Term> {
        self.ws();
        let start = self.i;
        for (word, eight) in [("count8", true), ("count4", false)] {
            if self.eat(word) {
                self.expect("(")?;
                let set = self.set()?;
                self.expect(")")?;
                let cmp = [
                    (">=", Cmp::Ge),
                    ("<=", Cmp::Le),
                    ("==", Cmp::Eq),
                    ("!=", Cmp::Ne),
                    (">", Cmp::Gt),
                    ("<", Cmp::Lt),
                ]
                .into_iter()
                .find(|(t, _)| self.eat(t))
                .map(|(_, c)| c)
                .ok_or((
                    (self.i, (self.i + 1).min(self.s.len())),
                    "expected a comparison (>=, <=, >, <, ==, !=)".to_string(),
                ))?;
                return Ok(Term::Count(eight, set, cmp, self.number()?));
            }
        }
        let negate = self.eat("!");
        if self.eat("is") {
            self.expect("(")?;
            let set = self.set()?;
            self.expect(")")?;
            return Ok(Term::Is(!negate, set));
        }
        Err((
            (start, (start + 1).min(self.s.len())),
            "expected `count8(...)`, `count4(...)` or `is(...)`".into(),
        ))
    }
    fn condition(&mut self) -> PResult<Vec<Term>> {
        let mut terms = vec![self.term()?];
        while self.eat("and") || self.eat("&&") {
            terms.push(self.term()?);
        }
        self.ws();
        if self.i < self.s.len() {
            return Err((
                (self.i, self.s.len()),
                "expected `and` or the end of the condition".into(),
            ));
        }
        Ok(terms)
    }
}

impl Params {
    /// The located string that messages about the step point at.
    pub fn anchor(&self) -> Option<&Src> {
        Some(&self.layer)
    }

    /// Resolve names and compile expressions; `None` when errors were reported to `cx`.
    pub fn compile(&self, cx: &mut Cx) -> Option<Op> {
        let head = TileHeader::compile(
            cx,
            &self.layer,
            self.area.as_ref(),
            self.when.as_ref(),
            &self.protected,
        );
        let mut rules = Vec::new();
        let mut ok = true;
        for r in &self.rules {
            match (Parser {
                s: &r.when.text,
                i: 0,
            })
            .condition()
            {
                Ok(t) => rules.push((t, r.set.0)),
                Err((span, msg)) => {
                    cx.error_in(
                        &r.when,
                        span,
                        msg,
                        Some("e.g. \"count8({1 2}) >= 5 and is(0)\"".into()),
                    );
                    ok = false;
                }
            }
        }
        if !ok {
            return None;
        }
        Some(Op {
            head: head?,
            rules,
            iterations: self.iterations.map_or(1, |i| i.0),
            outside: self.outside.map_or(0, |t| t.0),
        })
    }
}

impl Op {
    /// Run the operator on the state.
    pub fn run(&self, st: &mut State) -> Flow {
        self.head.guarded(st, |st, r| self.paint(st, r))
    }

    /// The step inside its area (clipped to the grid); `run` puts protected cells back.
    fn paint(&self, st: &mut State, r: Rect) -> Flow {
        let mut before = st.layers[self.head.layer as usize].clone();
        for _ in 0..self.iterations {
            before.copy_from_slice(&st.layers[self.head.layer as usize]);
            let old = crate::engine::grid::Grid::new(&before, st.width, st.height);
            let mut g = st.grid_mut(self.head.layer);
            for (x, y) in r.cells() {
                let v = old.at(x, y);
                let hit = self.rules.iter().find(|(terms, _)| {
                    terms.iter().all(|t| match t {
                        Term::Is(yes, set) => set.contains(&v) == *yes,
                        Term::Count(eight, set, cmp, n) => {
                            let offs: &[(i32, i32)] = if *eight { &N8 } else { &N4 };
                            let c = offs
                                .iter()
                                .filter(|(dx, dy)| {
                                    set.contains(&old.get_or(x + dx, y + dy, self.outside))
                                })
                                .count() as u32;
                            match cmp {
                                Cmp::Ge => c >= *n,
                                Cmp::Le => c <= *n,
                                Cmp::Gt => c > *n,
                                Cmp::Lt => c < *n,
                                Cmp::Eq => c == *n,
                                Cmp::Ne => c != *n,
                            }
                        }
                    })
                });
                if let Some((_, set)) = hit {
                    g.set(x, y, *set);
                }
            }
        }
        Flow::Continue
    }
}

#[cfg(test)]
mod tests {
    use super::{Parser, Term};
    use crate::ops::testing::{grid, run_rules};

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
    fn conditions_parse_and_errors_have_spans() {
        let t = (Parser {
            s: "count8({1 2}) >= 5 and is(3)",
            i: 0,
        })
        .condition()
        .unwrap();
        assert_eq!(t.len(), 2);
        assert!(matches!(&t[1], Term::Is(true, s) if s == &vec![3]));
        let e = (Parser {
            s: "count8(1) => 5",
            i: 0,
        })
        .condition()
        .unwrap_err();
        assert_eq!(e.0, (10, 11));
        let e = (Parser {
            s: "count8({}) > 1",
            i: 0,
        })
        .condition()
        .unwrap_err();
        assert!(e.1.contains("empty set"), "{}", e.1);
    }
}
