//! The [`Builder`]'s shaped items: minisets (two grids of cells, rows checked against the
//! declared width), and fix-up rules (heads, tests, writes and picks), with the offsets and
//! writes they share (part of [`super`]).

use super::super::grammar::Rule;
use super::super::items::*;
use super::super::tree::{Node, Nodes};
use super::{span_of, Builder, Name};

impl Builder {
    pub(super) fn miniset(&mut self, mut inner: Nodes<'_>) -> ItemKind {
        let size = inner.next().expect("size");
        let mut s = size.into_inner();
        let w = self.int(s.next().expect("w"), 1, 64) as i32;
        let h = self.int(s.next().expect("h"), 1, 64) as i32;
        let search = self.grid(inner.next().expect("search"), w, h, |b, c| b.search_cell(c));
        let replace = self.grid(inner.next().expect("replace"), w, h, |b, c| {
            b.replace_cell(c)
        });
        ItemKind::Miniset(Miniset {
            width: w,
            height: h,
            search,
            replace,
        })
    }

    pub(super) fn grid<T: Clone + Default>(
        &mut self,
        g: Node<'_>,
        w: i32,
        h: i32,
        mut cell: impl FnMut(&mut Self, Node<'_>) -> T,
    ) -> Vec<T> {
        let span = (g.as_span().start(), g.as_span().end());
        let mut cells = Vec::new();
        let mut row_len = 0;
        let mut used_bars = false;
        for c in g.into_inner() {
            if c.as_rule() == Rule::row_end {
                used_bars = true;
                if row_len != w {
                    let sp = (c.as_span().start(), c.as_span().end());
                    self.err(
                        sp,
                        format!("this row has {row_len} cells; the miniset is {w} wide"),
                    );
                }
                row_len = 0;
                continue;
            }
            row_len += 1;
            let v = cell(self, c);
            cells.push(v);
        }
        if used_bars && row_len != 0 && row_len != w {
            self.err(
                span,
                format!("the last row has {row_len} cells; the miniset is {w} wide"),
            );
        }
        if cells.len() != (w * h) as usize {
            self.err(
                span,
                format!("expected {} cells ({w}x{h}), found {}", w * h, cells.len()),
            );
            cells.resize((w * h) as usize, T::default());
        }
        cells
    }

    pub(super) fn offset(&mut self, p: Node<'_>) -> (i32, i32) {
        let mut it = p.into_inner();
        let dx = self.int(it.next().expect("dx"), -64, 64) as i32;
        let dy = self.int(it.next().expect("dy"), -64, 64) as i32;
        (dx, dy)
    }

    pub(super) fn action(&mut self, a: Node<'_>) -> (i32, i32, u16) {
        let mut it = a.into_inner();
        let (dx, dy) = self.offset(it.next().expect("offset"));
        let value = self.tile(it.next().expect("value"));
        (dx, dy, value)
    }

    pub(super) fn rule(&mut self, r: Node<'_>) -> FixRule {
        let mut out = FixRule {
            heads: Vec::new(),
            unprotected: false,
            tests: Vec::new(),
            actions: Vec::new(),
            picks: Vec::new(),
        };
        for part in r.into_inner() {
            match part.as_rule() {
                Rule::heads => {
                    for h in part.into_inner() {
                        match h.as_rule() {
                            Rule::any_tile => {}
                            Rule::set_cell => {
                                let s = self.set(h);
                                out.heads.extend_from_slice(&s);
                            }
                            Rule::name_ref => match self.names.get(h.as_str()) {
                                Some(Name::Set(s)) => {
                                    let s = s.clone();
                                    if self.spend(s.len(), span_of(&h)) {
                                        out.heads.extend_from_slice(&s);
                                    }
                                }
                                Some(Name::Tile(t)) => out.heads.push(*t),
                                None => self.unknown(&h, true),
                            },
                            _ => {
                                let t = self.tile(h);
                                out.heads.push(t);
                            }
                        }
                    }
                }
                Rule::unprotected => out.unprotected = true,
                Rule::test => {
                    let mut it = part.into_inner();
                    let (dx, dy) = self.offset(it.next().expect("offset"));
                    let equal = it.next().expect("cmp").as_str() == "==";
                    let value = self.tile(it.next().expect("value"));
                    out.tests.push(Test {
                        dx,
                        dy,
                        equal,
                        value,
                    });
                }
                Rule::action => {
                    let a = self.action(part);
                    out.actions.push(a);
                }
                Rule::pick => {
                    for alt in part.into_inner() {
                        let writes = alt.into_inner().map(|a| self.action(a)).collect();
                        out.picks.push(writes);
                    }
                }
                _ => {}
            }
        }
        out
    }
}
