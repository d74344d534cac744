//! The automaton's rules over bit planes: each distinct tile set a rule reads becomes one
//! [`BitRows`] plane of the layer, each term a word operation on 64 cells (a neighbour count
//! by [`count8`]/[`count4`] compared with its number, or the plane itself for `is`), and the
//! first rule that holds gives a cell its value. The speed is the toolkit's; this file only
//! maps the rule language onto it.

use crate::engine::bit_rows::{span_bits, BitRows};
use crate::engine::neighbour_counts::{count4, count8, Counts};
use crate::engine::tile_set::TileSet;
use crate::lang::automaton::{CaRule, Cmp, Term};

/// One term, on plane indices.
#[derive(Debug, Clone)]
enum BitTerm {
    /// Count `key` (an index into [`BitRules::counts`]) compared with `n`.
    Count { key: usize, cmp: Cmp, n: u32 },
    /// The cell is (`yes`) or is not in `plane`.
    Is { yes: bool, plane: usize },
}

/// One rule: every term must hold; then the cell takes `set`, unless it is in `same` (the
/// plane of `{set}`) already.
#[derive(Debug, Clone)]
struct BitRule {
    terms: Vec<BitTerm>,
    set: u16,
    same: usize,
}

/// The compiled rules of a `CellularAutomaton` (see the module doc).
#[derive(Debug, Clone)]
pub(super) struct BitRules {
    /// The planes the rules read: a tile set, and whether the outside of the grid is in it.
    pub(super) planes: Vec<(TileSet, bool)>,
    /// The distinct counts the rules compare: (plane, 8 neighbours or 4).
    counts: Vec<(usize, bool)>,
    rules: Vec<BitRule>,
}

impl BitRules {
    /// The `rules` (first match wins) with neighbours off the grid holding `outside`.
    pub(super) fn new(rules: &[CaRule], outside: u16) -> BitRules {
        let mut sets: Vec<Box<[u16]>> = Vec::new();
        let mut plane = |set: &[u16]| match sets.iter().position(|s| **s == *set) {
            Some(i) => i,
            None => {
                sets.push(set.into());
                sets.len() - 1
            }
        };
        let mut counts = Vec::new();
        let mut bit_rules = Vec::new();
        for r in rules {
            let terms = r
                .terms
                .iter()
                .map(|t| match t {
                    Term::Is { yes, set } => BitTerm::Is {
                        yes: *yes,
                        plane: plane(set),
                    },
                    Term::Count { eight, set, cmp, n } => {
                        let c = (plane(set), *eight);
                        let key = counts.iter().position(|k| *k == c).unwrap_or_else(|| {
                            counts.push(c);
                            counts.len() - 1
                        });
                        BitTerm::Count {
                            key,
                            cmp: *cmp,
                            n: *n,
                        }
                    }
                })
                .collect();
            bit_rules.push(BitRule {
                terms,
                set: r.set,
                same: plane(&[r.set]),
            });
        }
        let planes = sets
            .iter()
            .map(|s| (TileSet::new(s.iter().copied()), s.contains(&outside)))
            .collect();
        BitRules {
            planes,
            counts,
            rules: bit_rules,
        }
    }

    /// One iteration over the cells `x0..x1` of row `y` (inside the grid), reading `planes`
    /// (built in the order of [`BitRules::planes`]): `write(x, v)` for every cell whose value
    /// changes.
    pub(super) fn apply(
        &self,
        planes: &[BitRows],
        y: i32,
        (x0, x1): (i32, i32),
        mut write: impl FnMut(usize, u16),
    ) {
        if x0 >= x1 {
            return;
        }
        let mut counts = [Counts::default(); 4];
        let counts = &mut counts[..self.counts.len().min(4)];
        let mut more = vec![Counts::default(); self.counts.len().saturating_sub(4)];
        for i in (x0 / 64) as usize..=((x1 - 1) / 64) as usize {
            for (k, &(p, eight)) in self.counts.iter().enumerate() {
                let c = if eight {
                    count8(&planes[p], y, i)
                } else {
                    count4(&planes[p], y, i)
                };
                match counts.get_mut(k) {
                    Some(slot) => *slot = c,
                    None => more[k - 4] = c,
                }
            }
            let count = |k: usize| counts.get(k).unwrap_or_else(|| &more[k - 4]);
            let mut left = span_bits(i, x0, x1);
            for rule in &self.rules {
                let mut m = left;
                for t in &rule.terms {
                    m &= match *t {
                        BitTerm::Count { key, cmp, n } => compare(count(key), cmp, n),
                        BitTerm::Is { yes, plane } => {
                            let b = planes[plane].row(y)[i];
                            if yes {
                                b
                            } else {
                                !b
                            }
                        }
                    };
                }
                left &= !m;
                let mut change = m & !planes[rule.same].row(y)[i];
                while change != 0 {
                    write(64 * i + change.trailing_zeros() as usize, rule.set);
                    change &= change - 1;
                }
                if left == 0 {
                    break;
                }
            }
        }
    }
}

/// The cells whose count `cmp` `n` holds for.
#[inline(always)]
fn compare(c: &Counts, cmp: Cmp, n: u32) -> u64 {
    match cmp {
        Cmp::Ge => c.ge(n),
        Cmp::Gt => c.ge(n + 1),
        Cmp::Lt => !c.ge(n),
        Cmp::Le => !c.ge(n + 1),
        Cmp::Eq => c.eq(n),
        Cmp::Ne => !c.eq(n),
    }
}
