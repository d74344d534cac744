//! Cellular-automaton rules of the pattern language (grammar: `pattern.pest`, items
//! `automaton name { ... }` and the inline `condition`): neighbour-count conditions and the
//! value a matching tile takes. Parsed by [`super::pattern`]; run by the
//! `CellularAutomaton` operator, which reads every neighbour from the layer as it was before
//! the iteration (simultaneous update).
//!
//! A condition is terms joined by `and`, each `count8(S) cmp N` (how many of the 8
//! neighbours hold a tile of the set `S`), `count4(S) cmp N` (the 4 orthogonal ones),
//! `is(S)` or `!is(S)` (the tile itself). Sets are tile ids, tile or set names of the
//! pattern file, or inline sets `{1 2}`; members ascending without repeats.

/// A comparison of a neighbour count with a number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cmp {
    /// `>=`
    Ge,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `<`
    Lt,
    /// `==`
    Eq,
    /// `!=`
    Ne,
}

impl Cmp {
    /// The comparison written as in the grammar (`">="`, ...), `None` for anything else.
    pub fn parse(s: &str) -> Option<Cmp> {
        Some(match s {
            ">=" => Cmp::Ge,
            "<=" => Cmp::Le,
            ">" => Cmp::Gt,
            "<" => Cmp::Lt,
            "==" => Cmp::Eq,
            "!=" => Cmp::Ne,
            _ => return None,
        })
    }

    /// `a cmp b`.
    #[inline]
    pub fn holds(self, a: u32, b: u32) -> bool {
        match self {
            Cmp::Ge => a >= b,
            Cmp::Le => a <= b,
            Cmp::Gt => a > b,
            Cmp::Lt => a < b,
            Cmp::Eq => a == b,
            Cmp::Ne => a != b,
        }
    }
}

/// One term of a condition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Term {
    /// How many of the 8 (`eight: true`) or 4 orthogonal neighbours hold a tile of `set`,
    /// compared with `n` (0..=8).
    Count {
        /// 8 neighbours (true) or 4.
        eight: bool,
        /// The tiles counted, ascending, at least one.
        set: Box<[u16]>,
        /// The comparison.
        cmp: Cmp,
        /// The number compared with.
        n: u32,
    },
    /// The tile itself is (`yes: true`) or is not a tile of `set`.
    Is {
        /// `is` (true) or `!is` (false).
        yes: bool,
        /// The tiles, ascending, at least one.
        set: Box<[u16]>,
    },
}

/// `condition -> value`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaRule {
    /// Every term must hold.
    pub terms: Vec<Term>,
    /// The value a matching tile gets.
    pub set: u16,
}

impl Term {
    /// Whether the term holds for a tile holding `v`, whose neighbours' tiles are given by
    /// `count(eight, set)` (the number of the 8 or 4 neighbours holding a tile of `set`).
    #[inline]
    pub fn holds(&self, v: u16, count: impl Fn(bool, &[u16]) -> u32) -> bool {
        match self {
            Term::Is { yes, set } => set.contains(&v) == *yes,
            Term::Count { eight, set, cmp, n } => cmp.holds(count(*eight, set), *n),
        }
    }
}
