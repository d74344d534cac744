//! ASCII grids in pattern files: `glyphs { '#' = Wall }` definitions and the `|#..#|` rows of
//! examples, templates and chunks (grammar: `glyphs`, `ascii_row` in `pattern.pest`).

use super::build::{span_of, Builder};
use super::tree::{Node, Nodes};
use crate::lang::grid_items::AsciiGrid;

impl Builder {
    /// `glyphs { 'c' = tile ... }`: define each character (a later definition replaces an
    /// earlier one).
    pub(super) fn glyphs(&mut self, inner: Nodes<'_>) {
        for d in inner {
            let mut it = d.into_inner();
            let c = glyph_char(&it.next().expect("glyph"));
            let t = self.tile(it.next().expect("tile"));
            self.glyphs.insert(c, t);
        }
    }

    /// Rows `|...|` into a grid: every row as long as the first (the error at a row that is
    /// not), every character a glyph (the error at one that is not). `special` gives some
    /// characters a number of their own (a chunk's cells), checked before the glyphs: the
    /// second vector holds, per cell, that number plus one (0 for a glyph's cell; the cell's
    /// tile is then 0). `at` is where messages about the whole grid point (an empty grid).
    pub(super) fn ascii_grid(
        &mut self,
        rows: Vec<Node<'_>>,
        at: (usize, usize),
        what: &str,
        special: &dyn Fn(char) -> Option<u16>,
    ) -> (AsciiGrid, Vec<u16>) {
        let mut g = AsciiGrid::default();
        let mut marks = Vec::new();
        if rows.is_empty() {
            self.err(at, format!("{what} has no rows: write them as `|#..#|`"));
            return (g, marks);
        }
        for row in rows {
            let body = row.into_inner().next().expect("row body");
            let start = body.as_span().start();
            let n = body.as_str().chars().count() as i32;
            if g.height == 0 {
                g.width = n;
            } else if n != g.width {
                self.err(
                    span_of(&body).max((start, start + 1)),
                    format!(
                        "this row has {n} cells; the first row of {what} has {}",
                        g.width
                    ),
                );
            }
            g.height += 1;
            for (i, c) in body.as_str().char_indices() {
                if let Some(v) = special(c) {
                    g.cells.push(0);
                    marks.resize(g.cells.len(), 0);
                    marks[g.cells.len() - 1] = v + 1;
                    continue;
                }
                match self.glyphs.get(&c) {
                    Some(&t) => g.cells.push(t),
                    None => {
                        let at = (start + i, start + i + c.len_utf8());
                        self.err(at, unknown_glyph(c, self.glyphs.keys()));
                        g.cells.push(0);
                    }
                }
            }
            g.cells.resize((g.height * g.width) as usize, 0);
        }
        marks.resize(g.cells.len(), 0);
        (g, marks)
    }
}

/// The character of a `'c'` glyph.
pub(super) fn glyph_char(p: &Node<'_>) -> char {
    p.as_str()
        .trim_start_matches('\'')
        .chars()
        .next()
        .unwrap_or('\'')
}

fn unknown_glyph<'a>(c: char, known: impl Iterator<Item = &'a char>) -> String {
    let known: String = known.map(|k| format!(" '{k}'")).collect();
    if known.is_empty() {
        format!("'{c}' is not a glyph: define the characters first, `glyphs {{ '{c}' = 1 }}`")
    } else {
        format!("'{c}' is not a glyph (defined:{known}); add it to a `glyphs {{ }}` block above")
    }
}
