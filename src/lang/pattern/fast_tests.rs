//! The hand-written reader (`fast.rs`) against the grammar (`pattern.pest`): the same
//! pairs, rules and spans, on every shipped pattern file and on generated and mutated
//! files (tests only).

use super::grammar::{PatParser, Rule};
use super::tree::Tree;
use crate::lang::test_files::Xorshift;
use pest::Parser;

/// Item keywords the hand reader does not read (a file with one goes to the grammar).
const OTHER_ITEMS: [&str; 5] = ["glyphs", "automaton", "tileset", "example", "templates"];

/// The hand reader agrees with the grammar on `text`: the same pairs when it reads it;
/// it must read it (`must`) when the grammar does and no other item kind is written.
fn agree(text: &str, must: bool) -> bool {
    let grammar = PatParser::parse(Rule::file, text);
    match super::fast::parse(text) {
        Some(tree) => {
            let grammar = grammar.unwrap_or_else(|e| panic!("`{text}`: the grammar says {e}"));
            assert_eq!(tree, Tree::from_pairs(text, grammar), "`{text}`");
            true
        }
        None => {
            let other = OTHER_ITEMS.iter().any(|k| text.contains(k));
            assert!(
                !must || other || grammar.is_err(),
                "`{text}`: the grammar reads it"
            );
            false
        }
    }
}

/// Every shipped pattern file: the same pairs, and the hand reader reads every file that
/// holds only the item kinds it knows (every big one among them).
#[test]
fn the_hand_reader_agrees_on_every_shipped_pattern_file() {
    let list = crate::lang::test_files::files_with_extension(&["rules", "tests"], "pat");
    let mut read = 0;
    for f in &list {
        let text = std::fs::read_to_string(f).unwrap();
        let ok = agree(&text, true);
        read += ok as usize;
        // the big files (those load time is about) hold only the kinds read by hand
        if text.len() > 5000 {
            assert!(ok, "{}", f.display());
        }
    }
    assert!(read >= 10, "{read} of {}", list.len());
}

struct Gen(Xorshift);

impl Gen {
    fn next(&mut self, n: usize) -> usize {
        self.0.below(n)
    }
    fn pick<'a>(&mut self, v: &[&'a str]) -> &'a str {
        v[self.next(v.len())]
    }
    /// Skip: nothing, whitespace, comments.
    fn ws(&mut self) -> &'static str {
        self.pick(&[
            "", "", " ", " ", "  ", "\t", "\n  ", "\r\n", " // c\n", "//x\n\t",
        ])
    }
    /// Some whitespace at least (between words).
    fn sp(&mut self) -> &'static str {
        self.pick(&[" ", " ", "\n", "\t", " // c é\n", "  "])
    }
    fn value(&mut self) -> String {
        [
            "13",
            "0",
            "-2",
            "Floor",
            "walls",
            "_x1",
            "7a",
            "{1 2}",
            "{ Floor }",
            "{}",
            ".",
        ][self.next(11)]
        .to_string()
    }
    fn values(&mut self, n: usize) -> String {
        let mut s = String::new();
        for _ in 0..n {
            let v = self.value();
            s += &format!("{v}{}", self.sp());
        }
        s
    }
    fn writes(&mut self) -> String {
        let mut s = String::new();
        for k in 0..1 + self.next(3) {
            if k > 0 {
                s += &format!("{},{}", self.ws(), self.ws());
            }
            let v = self.value();
            s += &format!(
                "({}1,{}-1{}){}={}{v}",
                self.ws(),
                self.ws(),
                self.ws(),
                self.ws(),
                self.ws()
            );
        }
        s
    }
    fn rule(&mut self) -> String {
        let mut s = match self.next(3) {
            0 => "*".to_string(),
            1 => self.value(),
            _ => format!(
                "{}{}|{}{}",
                self.value(),
                self.ws(),
                self.ws(),
                self.value()
            ),
        };
        s += self.sp();
        if self.next(3) == 0 {
            s += &format!("unprotected{}", self.sp());
        }
        if self.next(2) == 0 {
            for k in 0..1 + self.next(3) {
                s += if k == 0 { "if" } else { "," };
                let v = self.value();
                let cmp = self.pick(&["==", "!="]);
                s += &format!(
                    "{}(0,{}1){}{cmp}{}{v}{}",
                    self.sp(),
                    self.ws(),
                    self.ws(),
                    self.ws(),
                    self.ws()
                );
            }
        }
        s += &format!("->{}", self.ws());
        if self.next(3) == 0 {
            let (a, b) = (self.writes(), self.writes());
            s += &format!(
                "pick{}{{{}{a}{}|{}{b}{}}}",
                self.ws(),
                self.ws(),
                self.ws(),
                self.ws(),
                self.ws()
            );
        } else {
            s += &self.writes();
        }
        s
    }
    fn item(&mut self) -> String {
        let (w, w2) = (self.ws(), self.ws());
        match self.next(6) {
            0 => format!(
                "tiles{w}{{{w2}Floor{}={}13{}Rock = 0 }}",
                self.ws(),
                self.ws(),
                self.sp()
            ),
            1 => {
                let n = self.next(4);
                let v = self.values(n);
                format!("set walls{w}={w2}{{{}{v}}}", self.ws())
            }
            2 => {
                let n = self.next(5);
                let v = self.values(n);
                format!("table t{w}{{{w2}{v}}}")
            }
            3 => {
                let (a, b) = (self.next(3) + 1, self.next(2) + 1);
                let grid = |g: &mut Gen| {
                    let mut s = String::new();
                    for r in 0..b {
                        if r > 0 {
                            s += g.pick(&["| ", "|", " | ", " "]);
                        }
                        s += &g.values(a);
                    }
                    s
                };
                let (s1, s2) = (grid(self), grid(self));
                format!(
                    "miniset m {a}x{b}{w}{{{w2}search{}{s1}replace{}{s2}}}",
                    self.sp(),
                    self.sp()
                )
            }
            4 => {
                let mut s = format!("rules r{w}{{{w2}");
                for _ in 0..self.next(4) {
                    s += &self.rule();
                    s += self.sp();
                }
                s + "}"
            }
            _ => format!("{w}// only a comment{w2}\n"),
        }
    }
    fn file(&mut self) -> String {
        let mut s = self.ws().to_string();
        for _ in 0..1 + self.next(4) {
            s += &self.item();
            s += self.sp();
        }
        s
    }
}

/// Generated files (every rule, random whitespace and comments) and their mutations: the
/// hand reader gives the grammar's pairs whenever it reads one, and reads every file the
/// grammar reads.
#[test]
fn the_hand_reader_agrees_on_generated_and_mutated_files() {
    let mut g = Gen(Xorshift(0x2545_f491_4f6c_dd1d));
    let pieces = [
        " ", "{", "}", "(", ")", ",", "|", ".", "*", "=", "==", "->", "-", "/", "//", "\n", "1",
        "a", "x", "é", "if", "set", "pick", "search", "tiles",
    ];
    let (mut both, mut mutated) = (0, 0);
    for _ in 0..3000 {
        let text = g.file();
        both += agree(&text, true) as usize;
        let m = crate::lang::test_files::mutate(&text, &pieces, |n| g.next(n));
        mutated += agree(&m, true) as usize;
    }
    assert!(both > 1500 && mutated > 600, "{both} {mutated}");
}
