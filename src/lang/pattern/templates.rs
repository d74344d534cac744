//! `templates` items of the pattern language: room templates of one size drawn as ASCII,
//! with the sides they open, their tags and weights, and sub-chunks (grammar: `templates`,
//! `template`, `chunk` in `pattern.pest`). Filled into a tile map by `FillTemplates`.

use super::ascii::glyph_char;
use super::build::{span_of, Builder};
use super::grammar::Rule;
use super::items::ItemKind;
use super::tree::{Node, Nodes};
use crate::lang::grid_items::{ChunkGroup, Template, Templates, EAST, NORTH, SOUTH, WEST};
use crate::lang::parse::Span;

impl Builder {
    /// `templates name WxH { chunk ... template ... }`: chunks are read first, so a template
    /// may use a chunk written below it.
    pub(super) fn templates(&mut self, mut inner: Nodes<'_>) -> ItemKind {
        let size = inner.next().expect("size");
        let mut s = size.into_inner();
        let w = self.int(s.next().expect("w"), 1, 256) as i32;
        let h = self.int(s.next().expect("h"), 1, 256) as i32;
        let mut out = Templates {
            width: w,
            height: h,
            templates: Vec::new(),
            chunks: Vec::new(),
        };
        let (chunks, templates): (Vec<_>, Vec<_>) = inner.partition(|p| p.as_rule() == Rule::chunk);
        for c in chunks {
            self.chunk(&mut out, c);
        }
        for t in templates {
            let t = self.template(&out, t);
            out.templates.push(t);
        }
        ItemKind::Templates(out)
    }

    fn chunk(&mut self, out: &mut Templates, c: Node<'_>) {
        let mut it = c.into_inner();
        let g = it.next().expect("glyph");
        let (at, glyph) = (span_of(&g), glyph_char(&g));
        let mut s = it.next().expect("size").into_inner();
        let w = self.int(s.next().expect("w"), 1, 256) as i32;
        let h = self.int(s.next().expect("h"), 1, 256) as i32;
        let mut weight = 1.0;
        let mut rows = Vec::new();
        for p in it {
            match p.as_rule() {
                Rule::weight => weight = self.weight(p),
                _ => rows.push(p),
            }
        }
        if self.glyphs.contains_key(&glyph) {
            self.err(
                at,
                format!("'{glyph}' is a glyph (a tile): a chunk needs a character of its own"),
            );
        }
        let grid = self.ascii_grid(rows, at, "this chunk", &|_| None).0;
        if grid.height > 0 && (grid.width, grid.height) != (w, h) {
            self.err(
                at,
                format!(
                    "this chunk is drawn {}x{}, not {w}x{h}",
                    grid.width, grid.height
                ),
            );
        }
        match out.chunks.iter_mut().find(|g| g.glyph == glyph) {
            Some(g) if (g.width, g.height) != (w, h) => self.err(
                at,
                format!(
                    "the chunks of '{glyph}' are {}x{}: every alternative has that size",
                    g.width, g.height
                ),
            ),
            Some(g) => g.alternatives.push((weight, grid.cells)),
            None => out.chunks.push(ChunkGroup {
                glyph,
                width: w,
                height: h,
                alternatives: vec![(weight, grid.cells)],
            }),
        }
    }

    fn template(&mut self, out: &Templates, t: Node<'_>) -> Template {
        let mut it = t.into_inner();
        let name = it.next().expect("name");
        let mut tpl = Template {
            name: name.as_str().to_string(),
            span: span_of(&name),
            exits: 0,
            tags: Vec::new(),
            weight: 1.0,
            cells: Vec::new(),
            blocks: Vec::new(),
        };
        let mut rows = Vec::new();
        for p in it {
            match p.as_rule() {
                Rule::exits => {
                    for d in p.into_inner() {
                        tpl.exits |= match d.as_str() {
                            "N" => NORTH,
                            "E" => EAST,
                            "S" => SOUTH,
                            "W" => WEST,
                            other => {
                                self.err(
                                    span_of(&d),
                                    format!("`{other}` is not a side: exits are N, E, S and W"),
                                );
                                0
                            }
                        }
                    }
                }
                Rule::tags => tpl.tags = p.into_inner().map(|t| t.as_str().into()).collect(),
                Rule::weight => tpl.weight = self.weight(p),
                _ => rows.push(p),
            }
        }
        let chunk_of = |c: char| {
            (out.chunks.iter())
                .position(|g| g.glyph == c)
                .map(|i| i as u16)
        };
        let first_row = rows.first().map(span_of);
        let (grid, marks) = self.ascii_grid(rows, tpl.span, "this template", &chunk_of);
        if grid.height > 0 && (grid.width, grid.height) != (out.width, out.height) {
            self.err(
                tpl.span,
                format!(
                    "template `{}` is {}x{}; the templates of this item are {}x{}",
                    tpl.name, grid.width, grid.height, out.width, out.height
                ),
            );
            return tpl;
        }
        tpl.cells = grid.cells;
        let at = first_row.unwrap_or(tpl.span);
        self.chunk_blocks(out, &mut tpl, marks, at);
        tpl
    }

    /// Cut the chunk cells (`marks`: group + 1 per cell, 0 elsewhere) into whole blocks of
    /// their group's size, in raster order; cells that do not make whole blocks are an error
    /// at `at`.
    fn chunk_blocks(&mut self, out: &Templates, tpl: &mut Template, mut marks: Vec<u16>, at: Span) {
        let w = out.width;
        for y in 0..out.height {
            for x in 0..w {
                let v = marks[(y * w + x) as usize];
                if v == 0 {
                    continue;
                }
                let gi = v - 1;
                let g = &out.chunks[gi as usize];
                let whole = (0..g.height).all(|dy| {
                    (0..g.width).all(|dx| {
                        let (cx, cy) = (x + dx, y + dy);
                        cx < w && cy < out.height && marks[(cy * w + cx) as usize] == v
                    })
                });
                if !whole {
                    self.err(
                        at,
                        format!(
                            "template `{}`: the '{}' cells at column {}, row {} do not make a \
                             whole {}x{} chunk block",
                            tpl.name,
                            g.glyph,
                            x + 1,
                            y + 1,
                            g.width,
                            g.height
                        ),
                    );
                    return;
                }
                for dy in 0..g.height {
                    for dx in 0..g.width {
                        marks[((y + dy) * w + x + dx) as usize] = 0;
                    }
                }
                tpl.blocks.push((x, y, gi));
            }
        }
    }
}
