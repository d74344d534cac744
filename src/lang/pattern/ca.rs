//! The `automaton` items and inline conditions of the pattern language, built into
//! [`crate::lang::automaton`] rules (grammar: `ca_rule`, `ca_cond`, `condition` in
//! `pattern.pest`).

use super::build::{Builder, Name};
use super::grammar::{PatParser, Rule};
use super::items::PatternError;
use super::syntax_error::syntax_error;
use super::tree::{Node, Tree};
use crate::lang::automaton::{CaRule, Cmp, Term};
use pest::Parser;
use std::collections::BTreeMap;

impl Builder {
    /// `condition -> value`.
    pub(super) fn ca_rule(&mut self, r: Node<'_>) -> CaRule {
        let mut it = r.into_inner();
        let terms = self.ca_cond(it.next().expect("condition"));
        let set = self.tile(it.next().expect("value"));
        CaRule { terms, set }
    }

    /// Terms joined by `and`.
    pub(super) fn ca_cond(&mut self, c: Node<'_>) -> Vec<Term> {
        c.into_inner().map(|t| self.ca_term(t)).collect()
    }

    fn ca_term(&mut self, t: Node<'_>) -> Term {
        let which = t.as_rule();
        let mut it = t.into_inner().peekable();
        if which == Rule::count_term {
            let eight = it.next().expect("kind").as_str() == "count8";
            let set = self.members(it.next().expect("set"));
            let cmp = Cmp::parse(it.next().expect("cmp").as_str()).expect("grammar");
            let n = self.int(it.next().expect("number"), 0, 8) as u32;
            return Term::Count { eight, set, cmp, n };
        }
        let yes = it.next_if(|p| p.as_rule() == Rule::is_not).is_none();
        let set = self.members(it.next().expect("set"));
        Term::Is { yes, set }
    }

    /// A tile, a tile or set name, or an inline set: its members, ascending.
    pub(super) fn members(&mut self, p: Node<'_>) -> Box<[u16]> {
        match p.as_rule() {
            Rule::set_cell => self.set(p),
            Rule::name_ref => match self.names.get(p.as_str()) {
                Some(Name::Tile(t)) => Box::new([*t]),
                Some(Name::Set(s)) => s.clone(),
                None => {
                    self.unknown(&p, true);
                    Box::new([])
                }
            },
            _ => Box::new([self.tile(p)]),
        }
    }
}

/// Parse one condition written inline in a rule file (`"count8({1 2}) >= 5 and !is(0)"`).
/// Inline conditions know no tile names: tiles are ids, sets inline.
///
/// # Errors
/// The syntax error pest finds first, or every tile id out of 0..=65535, count above 8,
/// empty set or name, with byte spans in `text`.
pub fn parse_condition(text: &str) -> Result<Vec<Term>, Vec<PatternError>> {
    let pairs = PatParser::parse(Rule::condition, text).map_err(|e| vec![syntax_error(e, text)])?;
    let tree = Tree::from_pairs(text, pairs);
    let pair = tree.pairs().next().expect("condition");
    let mut b = Builder {
        names: BTreeMap::new(),
        glyphs: BTreeMap::new(),
        errors: Vec::new(),
        members: 0,
    };
    let cond = pair.into_inner().next().expect("ca_cond");
    let terms = b.ca_cond(cond);
    if b.errors.is_empty() {
        return Ok(terms);
    }
    for e in &mut b.errors {
        if e.message.starts_with("unknown") {
            let name = &text[e.span.0..e.span.1];
            e.message = format!(
                "`{name}` is not a tile id: an inline condition knows no tile names (write the \
                 rules as an `automaton` item of a pattern file, whose `tiles {{ }}` and `set`s \
                 name them, and use `automaton: \"file.pat#name\"`)"
            );
        }
    }
    Err(b.errors)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::pattern::{parse_patterns, ItemKind};

    #[test]
    fn automaton_items_resolve_names_and_sets() {
        let f = parse_patterns(
            "tiles { Wall = 1 Floor = 0 Lava = 7 }\nset solid = {Wall Lava}\n\
             automaton smooth {\n count8(Wall) >= 5 -> Wall\n\
             count4(solid) < 2 and !is({7 9}) && is(Floor) -> Floor\n}",
        )
        .unwrap();
        let ItemKind::Automaton(rules) = &f.get("smooth").unwrap().kind else {
            panic!("not an automaton")
        };
        assert_eq!(
            rules[0],
            CaRule {
                terms: vec![Term::Count {
                    eight: true,
                    set: Box::new([1]),
                    cmp: Cmp::Ge,
                    n: 5
                }],
                set: 1
            }
        );
        assert_eq!(
            rules[1].terms,
            vec![
                Term::Count {
                    eight: false,
                    set: Box::new([1, 7]),
                    cmp: Cmp::Lt,
                    n: 2
                },
                Term::Is {
                    yes: false,
                    set: Box::new([7, 9])
                },
                Term::Is {
                    yes: true,
                    set: Box::new([0])
                },
            ]
        );
        assert_eq!(rules[1].set, 0);
    }

    #[test]
    fn automaton_errors_are_located() {
        let text = "tiles { Wall = 1 }\nautomaton a { count8(Wal) >= 5 -> Wall }";
        let e = parse_patterns(text).unwrap_err();
        assert_eq!(&text[e[0].span.0..e[0].span.1], "Wal");
        assert!(
            e[0].message.contains("did you mean `Wall`"),
            "{}",
            e[0].message
        );
        let text = "automaton a { count8(1) >= 9 -> 1 }";
        let e = parse_patterns(text).unwrap_err();
        assert_eq!(&text[e[0].span.0..e[0].span.1], "9");
        assert!(e[0].message.contains("0..=8"), "{}", e[0].message);
        let text = "automaton a { count8({}) >= 1 -> 1 }";
        let e = parse_patterns(text).unwrap_err();
        assert_eq!(&text[e[0].span.0..e[0].span.1], "{}");
    }

    #[test]
    fn inline_conditions() {
        assert_eq!(
            parse_condition("count8({1 2}) >= 5 and !is(0)").unwrap(),
            vec![
                Term::Count {
                    eight: true,
                    set: Box::new([1, 2]),
                    cmp: Cmp::Ge,
                    n: 5
                },
                Term::Is {
                    yes: false,
                    set: Box::new([0])
                },
            ]
        );
        let e = parse_condition("count8(Wall) >= 5").unwrap_err();
        assert_eq!(e[0].span, (7, 11));
        assert!(e[0].message.contains("automaton"), "{}", e[0].message);
        let e = parse_condition("count8(1) => 5").unwrap_err();
        assert_eq!(e[0].span.0, 10);
        let e = parse_condition("count9(1) >= 5").unwrap_err();
        assert_eq!(e[0].span.0, 0);
    }
}
