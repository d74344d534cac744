//! The two models of wave function collapse in the pattern language: `tileset` items (the
//! tiled model: tiles, weights, adjacency) and `example` items (the overlapping model: an
//! example grid whose N×N patterns are learnt). Grammar: `tileset`, `example` in
//! `pattern.pest`; the solver is `ops::wave_function_collapse`.

use super::build::{span_of, Builder};
use super::grammar::Rule;
use super::items::ItemKind;
use super::tree::{Node, Nodes};
use crate::lang::grid_items::{AsciiGrid, Example, TileSet};
use crate::lang::parse::Span;

impl Builder {
    /// `tileset name { tile ... right/below/next ... }`.
    pub(super) fn tileset(&mut self, name: Span, inner: Nodes<'_>) -> ItemKind {
        let mut set = TileSet {
            tiles: Vec::new(),
            right: Vec::new(),
            below: Vec::new(),
        };
        let mut rules = Vec::new();
        for p in inner {
            match p.as_rule() {
                Rule::tile_weight => {
                    let mut it = p.into_inner();
                    let what = it.next().expect("tile");
                    let at = span_of(&what);
                    let tiles = self.members(what);
                    let weight = it.next().map_or(1.0, |w| self.weight(w));
                    for t in tiles.iter() {
                        if set.tiles.iter().any(|(u, _)| u == t) {
                            self.err(at, format!("tile {t} is listed twice in this tileset"));
                        } else {
                            set.tiles.push((*t, weight));
                        }
                    }
                }
                _ => rules.push(p),
            }
        }
        if set.tiles.is_empty() {
            self.err(
                name,
                "this tileset has no tiles: list them as `tile Floor`".into(),
            );
        }
        for r in rules {
            let mut it = r.into_inner();
            let kind = it.next().expect("kind").as_str();
            let a = self.tileset_members(&set, it.next().expect("a"));
            let b = self.tileset_members(&set, it.next().expect("b"));
            for &x in a.iter() {
                for &y in b.iter() {
                    match kind {
                        "right" => set.right.push((x, y)),
                        "below" => set.below.push((x, y)),
                        _ => {
                            set.right.extend([(x, y), (y, x)]);
                            set.below.extend([(x, y), (y, x)]);
                        }
                    }
                }
            }
        }
        for v in [&mut set.right, &mut set.below] {
            v.sort_unstable();
            v.dedup();
        }
        ItemKind::TileSet(set)
    }

    /// The tiles of a rule's side, each of which must be a tile of the set.
    fn tileset_members(&mut self, set: &TileSet, p: Node<'_>) -> Box<[u16]> {
        let at = span_of(&p);
        let text = p.as_str().to_string();
        let m = self.members(p);
        if let Some(t) = m.iter().find(|t| !set.tiles.iter().any(|(u, _)| u == *t)) {
            self.err(
                at,
                format!("`{text}`: tile {t} is not a tile of this tileset (add `tile {t}`)"),
            );
        }
        m
    }

    /// `weight W`: a positive number.
    pub(super) fn weight(&mut self, p: Node<'_>) -> f64 {
        let n = p.into_inner().next().expect("number");
        match n.as_str().parse::<f64>() {
            Ok(w) if w > 0.0 && w <= 1e9 => w,
            _ => {
                self.err(
                    span_of(&n),
                    "a weight is a number above 0, at most 1e9".into(),
                );
                1.0
            }
        }
    }

    /// `example name NxN { flags rows }`.
    pub(super) fn example(&mut self, name: Span, mut inner: Nodes<'_>) -> ItemKind {
        let size = inner.next().expect("size");
        let at = span_of(&size);
        let mut s = size.into_inner();
        let w = self.int(s.next().expect("w"), 2, 6) as i32;
        let h = self.int(s.next().expect("h"), 2, 6) as i32;
        if w != h {
            self.err(
                at,
                format!("patterns are square: write {w}x{w}, not {w}x{h}"),
            );
        }
        let mut ex = Example {
            n: w,
            rotate: false,
            mirror: false,
            wrap: false,
            grid: AsciiGrid::default(),
        };
        let mut rows = Vec::new();
        for p in inner {
            match p.as_str() {
                "rotate" => ex.rotate = true,
                "mirror" => ex.mirror = true,
                "wrap" => ex.wrap = true,
                _ => rows.push(p),
            }
        }
        ex.grid = self.ascii_grid(rows, name, "this example", &|_| None).0;
        let g = &ex.grid;
        if g.height > 0 && !ex.wrap && (g.width < ex.n || g.height < ex.n) {
            self.err(
                name,
                format!(
                    "this example is {}x{}: it holds no {n}x{n} pattern (make it at least \
                     {n}x{n}, or `wrap` it)",
                    g.width,
                    g.height,
                    n = ex.n
                ),
            );
        }
        ItemKind::Example(ex)
    }
}
