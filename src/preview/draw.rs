//! Drawing the preview with ratatui: the map (room graph or tile layer) in the rule file's
//! colours, the side panel, the help line. Works on any ratatui backend (a terminal, or
//! `TestBackend` in tests and timing runs).

use super::app::{App, HELP};
use crate::dungeon::Dungeon;
use crate::render::cells::{cell_view_of, CellView};
use crate::render::colour;
use crate::render::outline;
use ratatui::layout::{Constraint, Layout, Position, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use ratatui::Frame;

mod panel;
use panel::{panel_lines, problem_lines};

/// Where the map was drawn: terminal cell of the first grid cell shown, the size of one grid
/// cell in terminal cells, and the scroll (the grid cell drawn first), for mapping the mouse
/// to a cell.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct MapGeometry {
    /// Left column on the terminal.
    pub x: u16,
    /// Top row on the terminal.
    pub y: u16,
    /// Terminal columns per grid cell.
    pub cell_w: u16,
    /// Terminal rows per grid cell.
    pub cell_h: u16,
    /// The grid cell drawn at the top-left (non-zero when the map is bigger than the view
    /// and scrolls to follow the cursor).
    pub scroll: (i32, i32),
}

/// The first of `total` cells to show in a view of `visible` cells so that `cursor` stays
/// in view: centred on the cursor, never past either end.
pub fn scroll_to(cursor: i32, visible: i32, total: i32) -> i32 {
    if total <= visible {
        return 0;
    }
    (cursor - visible / 2).clamp(0, total - visible)
}

impl MapGeometry {
    /// The grid cell at terminal position `(col, row)`.
    pub fn cell_at(&self, col: u16, row: u16) -> Option<(i32, i32)> {
        if self.cell_w == 0 || col < self.x || row < self.y {
            return None;
        }
        Some((
            ((col - self.x) / self.cell_w) as i32 + self.scroll.0,
            ((row - self.y) / self.cell_h) as i32 + self.scroll.1,
        ))
    }
}

fn rgb(c: [u8; 3]) -> Color {
    Color::Rgb(c[0], c[1], c[2])
}

/// Rows `lines` take when wrapped at `width` columns.
fn wrapped_rows(lines: &[Line], width: u16) -> u16 {
    let w = width.max(1) as usize;
    lines
        .iter()
        .map(|l| l.width().max(1).div_ceil(w) as u16)
        .sum()
}

/// Draw the whole preview: the map and the side panel; below them, across the whole width,
/// the problems (a broken save's diagnostics, a failed run) and the key line, which are
/// never cut: the map and panel give way to them (the problems take at most all but four
/// rows).
pub fn draw(f: &mut Frame, app: &App) -> MapGeometry {
    let area = f.area();
    let problems = problem_lines(app);
    let help_rows = wrapped_rows(&[Line::from(HELP)], area.width);
    let problem_rows = match problems.is_empty() {
        true => 0,
        false => wrapped_rows(&problems, area.width).min(area.height.saturating_sub(help_rows + 4)),
    };
    let [main, problem_area, help] = Layout::vertical([
        Constraint::Min(3),
        Constraint::Length(problem_rows),
        Constraint::Length(help_rows),
    ])
    .areas(area);
    if problem_rows > 0 {
        f.render_widget(
            Paragraph::new(problems).wrap(Wrap { trim: false }),
            problem_area,
        );
    }
    let [map_area, panel] =
        Layout::horizontal([Constraint::Min(20), Constraint::Length(46)]).areas(main);
    let title = app
        .rules
        .as_ref()
        .map_or("undercroft preview".to_string(), |r| {
            format!(" {} ", r.name)
        });
    let block = Block::default().borders(Borders::ALL).title(title);
    let inner = block.inner(map_area);
    f.render_widget(block, map_area);
    let geo = match (app.shown(), &app.rules) {
        (Some(d), Some(_)) => draw_map(f, app, &d, inner),
        _ => {
            let msg = if app.diagnostics.is_some() {
                "the rule set does not load: see the panel"
            } else {
                "generating…"
            };
            f.render_widget(Paragraph::new(msg), inner);
            MapGeometry::default()
        }
    };
    f.render_widget(
        Paragraph::new(panel_lines(app))
            .wrap(Wrap { trim: false })
            .block(Block::default().borders(Borders::ALL).title(" rule set ")),
        panel,
    );
    f.render_widget(
        Paragraph::new(HELP)
            .wrap(Wrap { trim: true })
            .style(Style::default().add_modifier(Modifier::REVERSED)),
        help,
    );
    geo
}

fn put(f: &mut Frame, area: Rect, x: u16, y: u16, s: &str, style: Style) {
    for (i, ch) in s.chars().enumerate() {
        let (cx, cy) = (area.x + x + i as u16, area.y + y);
        if cx < area.right() && cy < area.bottom() {
            if let Some(c) = f.buffer_mut().cell_mut(Position::new(cx, cy)) {
                c.set_char(ch).set_style(style);
            }
        }
    }
}

/// Draw the map of `d` in `area`: the tile layer drawn as tiles when there is one, else the
/// room graph; markers and changed cells over either, the view scrolled to the cursor.
fn draw_map(f: &mut Frame, app: &App, d: &Dungeon, area: Rect) -> MapGeometry {
    let overlay = Overlay {
        marked: app.marked(),
        width: d.width,
        drawn: d.drawn_markers(),
    };
    match cell_view_of(d, app.drawn_layer().as_deref()) {
        Some(v) => draw_tiles(f, app.cursor, d, &v, area, &overlay),
        None => draw_rooms(f, app.cursor, d, area, &overlay),
    }
}

/// What is drawn over a map cell whatever the view: the markers, and the cells marked as
/// changed (`marked`, `width` columns a row).
struct Overlay<'a> {
    marked: std::borrow::Cow<'a, [bool]>,
    width: i32,
    drawn: Vec<(crate::dungeon::MarkerStyle, [i32; 2])>,
}

impl Overlay<'_> {
    /// Whether cell `(x, y)` is marked as changed.
    fn changed(&self, x: i32, y: i32) -> bool {
        self.marked
            .get((y * self.width + x) as usize)
            .copied()
            .unwrap_or(false)
    }

    /// The glyph and colour of the marker drawn at `(x, y)`, if one is.
    fn marker_at(&self, x: i32, y: i32) -> Option<(char, Option<[u8; 3]>)> {
        self.drawn
            .iter()
            .find(|(_, p)| *p == [x, y])
            .map(|(s, _)| (s.glyph, crate::dungeon::parse_colour(&s.colour)))
    }
}

/// A tile layer's view `v`, two columns a tile in the tile class's colours and glyphs, the
/// rooms of a mixed style outlined over it in their kind's colour.
fn draw_tiles(
    f: &mut Frame,
    cur: (i32, i32),
    d: &Dungeon,
    v: &CellView,
    area: Rect,
    overlay: &Overlay,
) -> MapGeometry {
    let outlines = outline::outlines(d);
    let ox = scroll_to(cur.0, (area.width / 2) as i32, v.width as i32) as usize;
    let oy = scroll_to(cur.1, area.height as i32, v.height as i32) as usize;
    let (x1, y1) = (
        v.width.min(ox + (area.width / 2) as usize),
        v.height.min(oy + area.height as usize),
    );
    for y in oy..y1 {
        for x in ox..x1 {
            let (xi, yi) = (x as i32, y as i32);
            let bg = v.colour(y * v.width + x);
            let mut st = Style::default().bg(rgb(bg)).fg(rgb(colour::ink_on(bg)));
            // The class glyphs, drawn on the colours, keep the map readable on terminals
            // without colour (and in captured text).
            let g = v.glyphs[y * v.width + x].unwrap_or(' ');
            let mut s: Vec<char> = vec![g, ' '];
            if let Some(&(o, ink)) = outlines.get(&[xi, yi]) {
                // A tile is two columns: the second joins a line running on to the right.
                let on = matches!(outlines.get(&[xi + 1, yi]), Some(('─' | '┼', _)));
                s = vec![o, if o != '│' && on { '─' } else { ' ' }];
                st = st.fg(ink.map_or(Color::White, rgb));
            }
            if let Some((m, ink)) = overlay.marker_at(xi, yi) {
                s[0] = m;
                st = st.fg(rgb(ink.unwrap_or([255, 255, 255])));
                st = st.add_modifier(Modifier::BOLD);
            }
            if overlay.changed(xi, yi) {
                s[1] = '*';
                st = st.fg(Color::Yellow);
            }
            if (xi, yi) == cur {
                st = st.add_modifier(Modifier::REVERSED);
                s = vec!['[', ']'];
            }
            let s: String = s.into_iter().collect();
            put(f, area, (x - ox) as u16 * 2, (y - oy) as u16, &s, st);
        }
    }
    MapGeometry {
        x: area.x,
        y: area.y,
        cell_w: 2,
        cell_h: 1,
        scroll: (ox as i32, oy as i32),
    }
}

/// The room graph: a room cell is four columns and two rows in its kind's colour with the
/// kind's glyph, joined to the cell on its right and below when they are the same room,
/// with a line when a door joins them.
fn draw_rooms(
    f: &mut Frame,
    cur: (i32, i32),
    d: &Dungeon,
    area: Rect,
    overlay: &Overlay,
) -> MapGeometry {
    let (w, h) = (d.width, d.height);
    let owner = room_owners(d);
    let at = |x: i32, y: i32| -> Option<usize> {
        if (0..w).contains(&x) && (0..h).contains(&y) {
            owner[(y * w + x) as usize]
        } else {
            None
        }
    };
    let door = |a: [i32; 2], b: [i32; 2]| {
        d.doors
            .iter()
            .any(|dr| dr.cells == [a, b] || dr.cells == [b, a])
    };
    let kind_style = |i: usize| {
        let c = colour::kind(&d.palette, &d.rooms[i].kind);
        Style::default().bg(rgb(c)).fg(rgb(colour::ink_on(c)))
    };
    let ox = scroll_to(cur.0, (area.width / 4) as i32, w);
    let oy = scroll_to(cur.1, (area.height as i32 + 1) / 2, h);
    for y in oy..h {
        for x in ox..w {
            let (px, py) = ((x - ox) as u16 * 4, (y - oy) as u16 * 2);
            if px >= area.width || py >= area.height {
                continue;
            }
            let here = at(x, y);
            let mut st = here.map_or(Style::default().fg(Color::DarkGray), kind_style);
            let glyph = here.map_or('·', |i| {
                d.palette.kind(&d.rooms[i].kind).map_or('#', |k| k.glyph)
            });
            let mut s = [' ', glyph, ' '];
            if let Some((m, _)) = overlay.marker_at(x, y) {
                s[0] = m;
            }
            if overlay.changed(x, y) {
                s[2] = '*';
            }
            if (x, y) == cur {
                st = st.add_modifier(Modifier::REVERSED | Modifier::BOLD);
            }
            put(f, area, px, py, &s.iter().collect::<String>(), st);
            // the joint to the right and below: same room, a door, or nothing
            let right = if here.is_some() && at(x + 1, y) == here {
                (" ", here.map(kind_style))
            } else if door([x, y], [x + 1, y]) {
                ("─", None)
            } else {
                (" ", None)
            };
            put(f, area, px + 3, py, right.0, right.1.unwrap_or_default());
            let down = if here.is_some() && at(x, y + 1) == here {
                ("   ", here.map(kind_style))
            } else if door([x, y], [x, y + 1]) {
                (" │ ", None)
            } else {
                ("   ", None)
            };
            if y + 1 < h {
                put(f, area, px, py + 1, down.0, down.1.unwrap_or_default());
            }
        }
    }
    MapGeometry {
        x: area.x,
        y: area.y,
        cell_w: 4,
        cell_h: 2,
        scroll: (ox, oy),
    }
}

/// The room of each plan cell (row-major, `d.width` a row), `None` for an empty cell.
fn room_owners(d: &Dungeon) -> Vec<Option<usize>> {
    let (w, h) = (d.width, d.height);
    let mut owner = vec![None; (w.max(0) * h.max(0)) as usize];
    for (i, r) in d.rooms.iter().enumerate() {
        for &[x, y] in &r.cells {
            if (0..w).contains(&x) && (0..h).contains(&y) {
                owner[(y * w + x) as usize] = Some(i);
            }
        }
    }
    owner
}
