//! The hand-written parser (`fast.rs`) against the grammar (`expr.pest`): the same tree,
//! spans included, on every string of the shipped rule files and on generated and mutated
//! expressions; and what its atom reader (`fast::atom`) takes (tests only).

/// The hand-written parser (`fast.rs`) agrees with the grammar on `text`: the same
/// tree (spans included) when it parses it; whether it must parse it too (`must`: the
/// grammar accepts it and it is not nested past the hand parser's limit).
fn agree(text: &str, must: bool) -> bool {
    let grammar = super::parse_with_grammar(text);
    match super::fast::parse(text) {
        Some(node) => {
            assert_eq!(Ok(node), grammar, "`{text}`");
            true
        }
        None => {
            assert!(!must || grammar.is_err(), "`{text}`: the grammar parses it");
            false
        }
    }
}

/// Every string of the shipped rule files that the grammar parses, the hand parser
/// parses the same way.
#[test]
fn the_hand_parser_agrees_on_every_string_of_the_rule_files() {
    let list = crate::lang::test_files::files_with_extension(&["rules"], "ron");
    let (mut parsed, mut strings) = (0, 0);
    for f in list {
        let text = std::fs::read_to_string(&f).unwrap();
        // the contents of "..." (no escapes in rule-file expressions)
        for (k, s) in text.split('"').enumerate() {
            if k % 2 == 1 && !s.contains('\\') {
                strings += 1;
                parsed += agree(s, true) as usize;
            }
        }
    }
    assert!(strings > 1000 && parsed > 300, "{parsed} of {strings}");
}

/// Generated expressions (every rule, random whitespace) and their mutations: the hand
/// parser gives the grammar's tree whenever either parses.
#[test]
fn the_hand_parser_agrees_on_generated_and_mutated_expressions() {
    use crate::lang::test_files::Xorshift;
    struct Gen(Xorshift);
    impl Gen {
        fn next(&mut self, n: usize) -> usize {
            self.0.below(n)
        }
        fn ws(&mut self) -> &'static str {
            ["", "", "", " ", "  ", "\t", "\n ", "\r\n"][self.next(8)]
        }
        fn expr(&mut self, depth: u32) -> String {
            let leaf = depth == 0 || self.next(3) == 0;
            let atoms = [
                "1",
                "2.5",
                "007",
                "x",
                "level",
                "true",
                "false",
                "truex",
                "_a1",
                "t[1, floor]",
                "t [ ]",
                "f()",
                "g( 1 )",
                "rnd(6)",
            ];
            if leaf {
                return atoms[self.next(atoms.len())].to_string();
            }
            let (a, b) = (self.expr(depth - 1), self.expr(depth - 1));
            let w = [self.ws(), self.ws(), self.ws(), self.ws()];
            match self.next(7) {
                0 => {
                    let ops = [
                        "||", "&&", "==", "!=", "<=", ">=", "<", ">", "+", "-", "*", "/", "%",
                    ];
                    format!("{a}{}{}{}{b}", w[0], ops[self.next(ops.len())], w[1])
                }
                1 => format!("{}{}{a}", ["!", "-", "--", "! -"][self.next(4)], w[0]),
                2 => format!("({}{a}{}){}", w[0], w[1], w[2]),
                3 => {
                    let c = self.expr(depth - 1);
                    format!("{c}{}?{}{a}{}:{}{b}{}", w[0], w[1], w[2], w[3], self.ws())
                }
                4 => format!("min{}({}{a}{},{}{b}{})", w[0], w[1], w[2], w[3], self.ws()),
                5 => format!("{}{a}{}", w[0], w[1]),
                _ => format!("{a}{}+{}{b}", w[0], w[1]),
            }
        }
    }
    let mut g = Gen(Xorshift(0x9e37_79b9_7f4a_7c15));
    let pieces = [
        " ", "(", ")", "?", ":", ",", "!", "-", "=", "<", "&", "|", "[", "]", ".", "1", "a", "é",
    ];
    let (mut both, mut mutated) = (0, 0);
    for _ in 0..3000 {
        let text = g.expr(4);
        both += agree(&text, true) as usize;
        // a character taken out, put in or replaced
        let m = crate::lang::test_files::mutate(&text, &pieces, |n| g.next(n));
        mutated += agree(&m, true) as usize;
    }
    // (chained comparisons, `a < b < c`, are generated too: neither parses them)
    assert!(both > 2500 && mutated > 300, "{both} {mutated}");
}

/// Texts that are near atoms but not lone atoms: `fast::atom` leaves them to the rest of
/// the parse (the size check, then the hand parser or the grammar).
#[test]
fn near_atoms_are_not_atoms() {
    let not_atoms = [
        "", "  ", "1.", ".5", "1.2.3", "1e5", "-1", "!x", "a b", "a.b", "1x", "x-1", "f()", "é",
        "tiles[1]", "(1)", "a # b", "f ()", "t [1]",
    ];
    for text in not_atoms {
        assert_eq!(super::fast::atom(text), None, "`{text}` is not an atom");
    }
}

/// An atom's span leaves out the whitespace around it.
#[test]
fn atom_spans_leave_out_the_whitespace_around() {
    use crate::lang::syntax::{Node, NodeKind};
    let node = |kind, span| Some(Node { kind, span });
    assert_eq!(
        super::fast::atom("  12 "),
        node(NodeKind::Num(12.0), (2, 4))
    );
    assert_eq!(
        super::fast::atom("\n level\t"),
        node(NodeKind::Name("level".into()), (2, 7))
    );
    assert_eq!(
        super::fast::atom("false"),
        node(NodeKind::Bool(false), (0, 5))
    );
}
