//! ASCII rendering: room graphs draw one glyph per cell (the room kind's glyph from the rule
//! file), `─`/`│` for doors between cells, a legend, optionally ANSI-coloured. Rule sets with
//! `tile_glyphs` draw their tile layer instead, one glyph per tile class, plus markers, and
//! the cells of themed rooms (room kinds from a theme table) with the theme's glyph.

use crate::dungeon::Dungeon;
use crate::dungeon::{parse_colour, TileClasses};
use std::collections::HashMap;
use std::fmt::Write;

/// Draw the room layer of `d` (or, for rule sets with `tile_glyphs`, the tile classes)
/// with a header and a legend.
pub fn floor_plan(d: &Dungeon, colour: bool) -> String {
    let p = &d.palette;
    if let Some((g, class)) = d.tile_classes() {
        return tile_map(d, g, &class, colour);
    }
    let mut out = header(d);
    let w = d.width.max(0) as usize;
    let h = d.height.max(0) as usize;
    let owner = room_owners(d);
    let door_edges = door_edges(d);
    let kind_of = |name: &str| p.kind(name);
    let paint = |s: &str, kind: Option<&str>| paint(d, colour, s, kind);
    let dim = |s: &str| {
        if colour {
            format!("\x1b[2m{s}\x1b[0m")
        } else {
            s.to_string()
        }
    };
    for y in 0..h {
        let mut line = String::new();
        let mut below = String::new();
        for x in 0..w {
            let here = owner[y * w + x];
            match here {
                Some(i) => {
                    let k = &d.rooms[i].kind;
                    let g = kind_of(k).map_or('#', |k| k.glyph).to_string();
                    line.push_str(&paint(&g, Some(k)));
                }
                None => line.push_str(&dim(&p.empty_glyph.to_string())),
            }
            let (xi, yi) = (x as i32, y as i32);
            if x + 1 < w {
                let right = owner[y * w + x + 1];
                let s = if here.is_some() && here == right {
                    paint("═", here.map(|i| d.rooms[i].kind.as_str()))
                } else if door_edges.contains_key(&([xi, yi], [xi + 1, yi])) {
                    "─".to_string()
                } else {
                    " ".to_string()
                };
                line.push_str(&s);
            }
            if y + 1 < h {
                let down = owner[(y + 1) * w + x];
                let s = if here.is_some() && here == down {
                    paint("║", here.map(|i| d.rooms[i].kind.as_str()))
                } else if door_edges.contains_key(&([xi, yi], [xi, yi + 1])) {
                    "│".to_string()
                } else {
                    " ".to_string()
                };
                below.push_str(&s);
                if x + 1 < w {
                    below.push(' ');
                }
            }
        }
        let _ = writeln!(out, "{}", line.trim_end());
        if y + 1 < h {
            let _ = writeln!(out, "{}", below.trim_end());
        }
    }
    let _ = writeln!(out, "{}", legend(d, colour));
    out
}

/// The room (index) on each cell of the `width × height` grid, row-major (shared with the
/// picture of [`super::room_map`]).
pub(super) fn room_owners(d: &Dungeon) -> Vec<Option<usize>> {
    let w = d.width.max(0) as usize;
    let h = d.height.max(0) as usize;
    let mut owner: Vec<Option<usize>> = vec![None; w * h];
    for (i, r) in d.rooms.iter().enumerate() {
        for &[x, y] in &r.cells {
            if (0..d.width).contains(&x) && (0..d.height).contains(&y) {
                owner[y as usize * w + x as usize] = Some(i);
            }
        }
    }
    owner
}

/// Every door as its two cells, both ways round.
fn door_edges(d: &Dungeon) -> HashMap<([i32; 2], [i32; 2]), ()> {
    let mut door_edges: HashMap<([i32; 2], [i32; 2]), ()> = HashMap::new();
    for door in &d.doors {
        let [a, b] = door.cells;
        door_edges.insert((a, b), ());
        door_edges.insert((b, a), ());
    }
    door_edges
}

/// `s` in the colour of room kind `kind` (bold), when `colour` and the kind has one.
fn paint(d: &Dungeon, colour: bool, s: &str, kind: Option<&str>) -> String {
    match (
        colour,
        kind.and_then(|name| d.palette.kind(name))
            .and_then(|k| parse_colour(&k.colour)),
    ) {
        (true, Some([r, g, b])) => format!("\x1b[1;38;2;{r};{g};{b}m{s}\x1b[0m"),
        _ => s.to_string(),
    }
}

/// The legend line: the glyph, name and count (when more than one) of every room kind
/// present, in the palette's order.
fn legend(d: &Dungeon, colour: bool) -> String {
    let mut legend = Vec::new();
    for k in &d.palette.kinds {
        let n = d.rooms.iter().filter(|r| r.kind == k.name).count();
        if n > 0 {
            let count = if n > 1 {
                format!(" x{n}")
            } else {
                String::new()
            };
            legend.push(format!(
                "{} {}{count}",
                paint(d, colour, &k.glyph.to_string(), Some(&k.name)),
                k.name
            ));
        }
    }
    legend.join("  ")
}

/// One glyph per tile class (`class`: the class index of every tile, row-major); markers
/// drawn with their styles' glyphs on their drawn cells.
fn tile_map(d: &Dungeon, g: &TileClasses, class: &[u8], colour: bool) -> String {
    let mut out = header(d);
    let markers = d.drawn_markers();
    let marks: HashMap<[i32; 2], (char, Option<[u8; 3]>)> = markers
        .iter()
        .map(|(s, at)| (*at, (s.glyph, parse_colour(&s.colour))))
        .collect();
    let outline = super::outline::outlines(d);
    // themed rooms are drawn over the tiles when a room cell is one tile
    let themed = if d.cell_size() == (1, 1) {
        super::cells::themed_cells(d)
    } else {
        Vec::new()
    };
    let w = d.width.max(0) as usize;
    let tw = d.tile_size().0.max(0) as usize;
    for (y, row) in class.chunks(tw.max(1)).enumerate() {
        let mut line = String::new();
        for (x, &k) in row.iter().enumerate() {
            let theme = themed.get(y * w + x).copied().flatten().filter(|_| x < w);
            let at = [x as i32, y as i32];
            let cl = &g.classes[k as usize];
            let (c, rgb) = match (marks.get(&at), theme, outline.get(&at)) {
                (Some(&(m, rgb)), _, _) => (m, rgb.or(Some([255, 255, 255]))),
                (None, Some(k), _) => (k.glyph, parse_colour(&k.colour)),
                (None, None, Some(&(o, rgb))) => (o, rgb),
                (None, None, None) => (cl.glyph, parse_colour(&cl.colour)),
            };
            match (colour, rgb) {
                (true, Some([r, gg, b])) => {
                    let _ = write!(line, "\x1b[38;2;{r};{gg};{b}m{c}\x1b[0m");
                }
                _ => line.push(c),
            }
        }
        let _ = writeln!(out, "{line}");
    }
    let themes = d.palette.kinds.iter().filter(|k| k.theme).filter_map(|k| {
        let n = d.rooms.iter().filter(|r| r.kind == k.name).count();
        (n > 0).then(|| {
            format!(
                "{} {}{}",
                k.glyph,
                k.name,
                if n > 1 {
                    format!(" x{n}")
                } else {
                    String::new()
                }
            )
        })
    });
    let legend: Vec<String> = g
        .classes
        .iter()
        .map(|c| format!("{} {}", c.glyph, c.name))
        .chain(themes)
        .chain(
            markers
                .iter()
                .map(|(s, _)| format!("{} {}", s.glyph, s.name)),
        )
        .collect();
    let _ = writeln!(out, "{}", legend.join("  "));
    out
}

/// The first line: rule set, seed, attempts and parameters.
fn header(d: &Dungeon) -> String {
    let params: Vec<String> = d.params.iter().map(|(k, v)| format!("{k}={v}")).collect();
    format!(
        "{}  seed {}  attempts {}  {}\n",
        d.ruleset,
        d.seed,
        d.attempts,
        params.join(" ")
    )
}
