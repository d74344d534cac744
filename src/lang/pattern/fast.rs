//! A hand-written reader for the pattern files `pattern.pest` accepts, giving exactly the
//! pairs (rules and spans) pest's parser gives, at a few dozen instructions a byte where
//! pest takes some 700. It reads the item kinds the big rule sets use (`tiles`, `set`,
//! `table`, `miniset`, `rules`) and gives up (`None`) on a file with any other item or
//! with anything the grammar rejects; the grammar then parses the file (and words the
//! error): this reader never reports a mistake, it only has to agree with the grammar on
//! what it accepts. `fast_tests.rs` compares the two on every shipped pattern file and on
//! many generated and mutated ones.
//!
//! Each function below is one grammar rule, read the way pest's generated parser reads it
//! (a PEG: ordered choice, greedy repetition, a failed attempt taken back), so the spans
//! come out the same: the implicit skip (whitespace and `//` comments) goes between the
//! elements of a sequence and between repetitions, and a rule `x ~ y*` whose `y*` matches
//! nothing still takes the skip after `x` (its span ends after that whitespace).

use super::grammar::Rule;
use super::tree::Tree;
use reader::{Reader, R};

mod reader;

/// The pairs of `text` read as a `file`, as `PatParser::parse(Rule::file, text)` gives
/// them, or `None` (the grammar decides).
pub(super) fn parse(text: &str) -> Option<Tree<'_>> {
    let mut r = Reader {
        s: text.as_bytes(),
        i: 0,
        toks: Vec::with_capacity(text.len() / 4),
    };
    r.file()?;
    Some(Tree { text, toks: r.toks })
}

/// Words that are never names (the grammar's `keyword`).
const KEYWORDS: [&[u8]; 15] = [
    b"if",
    b"search",
    b"replace",
    b"unprotected",
    b"miniset",
    b"tiles",
    b"table",
    b"rules",
    b"set",
    b"automaton",
    b"and",
    b"glyphs",
    b"tileset",
    b"example",
    b"templates",
];

fn word_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

impl Reader<'_> {
    /// `file = { SOI ~ item* ~ EOI }`.
    fn file(&mut self) -> R {
        self.rule(Rule::file, |p| {
            p.ws();
            p.star(|p| p.item());
            p.ws();
            (p.i == p.s.len()).then_some(())?;
            p.leaf(Rule::EOI, 0)
        })
    }

    /// `item`, of the kinds read here (any other: `None`, the grammar reads the file).
    fn item(&mut self) -> R {
        match self.peek()? {
            b't' if self.attempt(|p| p.tiles()) => Some(()),
            b't' => self.table(),
            b's' => self.set_def(),
            b'm' => self.miniset(),
            b'r' => self.rules(),
            _ => None,
        }
    }

    fn tiles(&mut self) -> R {
        self.rule(Rule::tiles, |p| {
            p.lit(b"tiles")?;
            p.ws();
            p.lit(b"{")?;
            p.ws();
            p.star(|p| {
                p.rule(Rule::tile_def, |p| {
                    p.ident()?;
                    p.ws();
                    p.lit(b"=")?;
                    p.ws();
                    p.int()
                })
            });
            p.ws();
            p.lit(b"}")
        })
    }

    fn set_def(&mut self) -> R {
        self.rule(Rule::set_def, |p| {
            p.lit(b"set")?;
            p.ws();
            p.ident()?;
            p.ws();
            p.lit(b"=")?;
            p.ws();
            p.set_cell()
        })
    }

    /// `"{" ~ value* ~ "}"` (set cells and tables).
    fn values(&mut self) -> R {
        self.lit(b"{")?;
        self.ws();
        self.star(|p| p.value());
        self.ws();
        self.lit(b"}")
    }

    fn set_cell(&mut self) -> R {
        self.rule(Rule::set_cell, |p| p.values())
    }

    fn table(&mut self) -> R {
        self.rule(Rule::table, |p| {
            p.lit(b"table")?;
            p.ws();
            p.ident()?;
            p.ws();
            p.values()
        })
    }

    fn miniset(&mut self) -> R {
        self.rule(Rule::miniset, |p| {
            p.lit(b"miniset")?;
            p.ws();
            p.ident()?;
            p.ws();
            p.rule(Rule::size, |p| {
                p.int()?;
                p.lit(b"x")?;
                p.int()
            })?;
            p.ws();
            p.lit(b"{")?;
            p.ws();
            p.lit(b"search")?;
            p.ws();
            p.grid()?;
            p.ws();
            p.lit(b"replace")?;
            p.ws();
            p.grid()?;
            p.ws();
            p.lit(b"}")
        })
    }

    /// `grid = { (row_end | cell)+ }`, `cell = _{ any_cell | set_cell | value }`.
    fn grid(&mut self) -> R {
        self.rule(Rule::grid, |p| {
            p.plus(|p| match p.peek()? {
                b'|' => p.leaf(Rule::row_end, 1),
                b'.' => p.leaf(Rule::any_cell, 1),
                b'{' => p.set_cell(),
                _ => p.value(),
            })
        })
    }

    fn rules(&mut self) -> R {
        self.rule(Rule::rules, |p| {
            p.lit(b"rules")?;
            p.ws();
            p.ident()?;
            p.ws();
            p.lit(b"{")?;
            p.ws();
            p.star(|p| p.fix_rule());
            p.ws();
            p.lit(b"}")
        })
    }

    /// `rule = { heads ~ unprotected? ~ ("if" ~ test ~ ("," ~ test)*)? ~ "->" ~ (pick |
    /// (action ~ ("," ~ action)*)) }`.
    fn fix_rule(&mut self) -> R {
        self.rule(Rule::rule, |p| {
            p.rule(Rule::heads, |p| match p.peek()? {
                b'*' => p.leaf(Rule::any_tile, 1),
                _ => p.list(b"|", Self::tile_or_set),
            })?;
            p.ws();
            p.attempt(|p| p.rule(Rule::unprotected, |p| p.lit(b"unprotected")));
            p.ws();
            p.attempt(|p| {
                p.lit(b"if")?;
                p.ws();
                p.list(b",", Self::test)
            });
            p.ws();
            p.lit(b"->")?;
            p.ws();
            if p.attempt(|p| p.pick()) {
                return Some(());
            }
            p.list(b",", Self::action)
        })
    }

    /// `x ~ (sep ~ x)*`.
    fn list(&mut self, sep: &[u8], x: fn(&mut Self) -> R) -> R {
        x(self)?;
        self.ws();
        self.star(|p| {
            p.lit(sep)?;
            p.ws();
            x(p)
        });
        Some(())
    }

    /// `pick = { "pick" ~ "{" ~ alternative ~ ("|" ~ alternative)+ ~ "}" }`.
    fn pick(&mut self) -> R {
        self.rule(Rule::pick, |p| {
            p.lit(b"pick")?;
            p.ws();
            p.lit(b"{")?;
            p.ws();
            let alternative =
                |p: &mut Self| p.rule(Rule::alternative, |p| p.list(b",", Self::action));
            alternative(p)?;
            p.ws();
            p.plus(|p| {
                p.lit(b"|")?;
                p.ws();
                alternative(p)
            })?;
            p.ws();
            p.lit(b"}")
        })
    }

    fn test(&mut self) -> R {
        self.rule(Rule::test, |p| {
            p.offset()?;
            p.ws();
            match p.s.get(p.i..p.i + 2)? {
                b"==" | b"!=" => p.leaf(Rule::cmp, 2)?,
                _ => return None,
            }
            p.ws();
            p.tile_or_set()
        })
    }

    fn action(&mut self) -> R {
        self.rule(Rule::action, |p| {
            p.offset()?;
            p.ws();
            p.lit(b"=")?;
            p.ws();
            p.tile_or_set()
        })
    }

    fn offset(&mut self) -> R {
        self.rule(Rule::offset, |p| {
            p.lit(b"(")?;
            p.ws();
            p.int()?;
            p.ws();
            p.lit(b",")?;
            p.ws();
            p.int()?;
            p.ws();
            p.lit(b")")
        })
    }

    fn tile_or_set(&mut self) -> R {
        match self.peek()? {
            b'{' => self.set_cell(),
            _ => self.value(),
        }
    }

    /// `value = _{ glued | int | name_ref }`.
    fn value(&mut self) -> R {
        let sign = usize::from(self.peek()? == b'-');
        let digits = self.run(self.i + sign, |c| c.is_ascii_digit());
        if digits > 0 {
            let j = self.i + sign + digits;
            return match self.s.get(j) {
                Some(&c) if c.is_ascii_alphabetic() || c == b'_' => {
                    let n = sign + digits + self.run(j, word_char);
                    self.leaf(Rule::glued, n)
                }
                _ => self.leaf(Rule::int, sign + digits),
            };
        }
        let n = self.name()?;
        self.leaf(Rule::name_ref, n)
    }

    /// `int = @{ "-"? ~ ASCII_DIGIT+ }`.
    fn int(&mut self) -> R {
        let sign = usize::from(self.peek()? == b'-');
        let digits = self.run(self.i + sign, |c| c.is_ascii_digit());
        (digits > 0).then_some(())?;
        self.leaf(Rule::int, sign + digits)
    }

    fn ident(&mut self) -> R {
        let n = self.name()?;
        self.leaf(Rule::ident, n)
    }

    /// The length of the name from here (`ident`: a word, not a keyword).
    fn name(&self) -> Option<usize> {
        let c = self.peek()?;
        (c.is_ascii_alphabetic() || c == b'_').then_some(())?;
        let n = self.run(self.i, word_char);
        (!KEYWORDS.contains(&&self.s[self.i..self.i + n])).then_some(n)
    }
}
