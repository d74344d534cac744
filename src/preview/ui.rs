//! The terminal front end of the preview (crossterm + ratatui): the event loop that feeds
//! keys and mouse moves to [`App`], takes the worker's updates, redraws, and rewrites the
//! optional PNG on every new dungeon.

use super::app::{App, Key};
use super::draw::{draw, MapGeometry};
use super::worker::{Request, Update, Worker};
use crate::render::png;
use crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, KeyCode, KeyEventKind, KeyModifiers,
    MouseEventKind,
};
use crossterm::execute;
use crossterm::terminal::{
    disable_raw_mode, enable_raw_mode, EnterAlternateScreen, LeaveAlternateScreen,
};
use ratatui::backend::CrosstermBackend;
use ratatui::Terminal;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How the preview was started.
pub struct Options {
    /// The rule file.
    pub rules: PathBuf,
    /// The first request (seed and parameters).
    pub first: Request,
    /// Rewrite this PNG on every new dungeon.
    pub png: Option<PathBuf>,
    /// Debounce of saves.
    pub quiet: Duration,
}

fn key_of(code: KeyCode, mods: KeyModifiers) -> Option<Key> {
    Some(match code {
        KeyCode::Char('c') if mods.contains(KeyModifiers::CONTROL) => Key::Esc,
        KeyCode::Char(c) => Key::Char(c),
        KeyCode::Left => Key::Left,
        KeyCode::Right => Key::Right,
        KeyCode::Up => Key::Up,
        KeyCode::Down => Key::Down,
        KeyCode::Tab => Key::Tab,
        KeyCode::BackTab => Key::BackTab,
        KeyCode::Esc => Key::Esc,
        _ => return None,
    })
}

/// Run the preview until the user quits.
///
/// # Errors
/// Terminal or file-watching failures.
pub fn run(opts: Options) -> std::io::Result<()> {
    let mut worker = Worker::start(&opts.rules, opts.quiet, opts.first.clone())
        .map_err(std::io::Error::other)?;
    let mut app = App::new(opts.first);
    enable_raw_mode()?;
    let mut out = std::io::stdout();
    execute!(out, EnterAlternateScreen, EnableMouseCapture)?;
    let mut term = Terminal::new(CrosstermBackend::new(out))?;
    let result = event_loop(&mut term, &mut worker, &mut app, opts.png.as_deref());
    disable_raw_mode()?;
    execute!(
        term.backend_mut(),
        LeaveAlternateScreen,
        DisableMouseCapture
    )?;
    term.show_cursor()?;
    result
}

fn event_loop(
    term: &mut Terminal<CrosstermBackend<std::io::Stdout>>,
    worker: &mut Worker,
    app: &mut App,
    png_path: Option<&Path>,
) -> std::io::Result<()> {
    let mut geo = MapGeometry::default();
    let mut dirty = true;
    let mut png_due = false;
    loop {
        while let Ok(u) = worker.updates.try_recv() {
            if let Update::Generated { request, .. } = &u {
                if *request < worker.newest() {
                    continue; // a newer request is on its way
                }
            }
            png_due |= matches!(u, Update::Generated { .. });
            dirty |= app.update(u);
        }
        if dirty {
            term.draw(|f| geo = draw(f, app))?;
            dirty = false;
            if let Some(t) = app.pending_save.take() {
                app.redraw = Some(t.elapsed());
                term.draw(|f| geo = draw(f, app))?;
            }
        }
        // the picture file after the screen: the terminal is what the designer looks at
        if let (true, Some(p), Some(_), Some(d)) = (png_due, png_path, &app.rules, &app.dungeon) {
            png_due = false;
            let written = png::encode(d, 1)
                .and_then(|b| crate::output::write(p, &b).map_err(|e| e.to_string()));
            if let Err(e) = written {
                app.error = Some(format!("cannot write {}: {e}", p.display()));
                dirty = true;
            }
        }
        // short, so a worker update waits at most this long to be drawn
        let wait = Instant::now() + Duration::from_millis(4);
        while event::poll(wait.saturating_duration_since(Instant::now()))? {
            match event::read()? {
                Event::Key(k) if k.kind != KeyEventKind::Release => {
                    let Some(key) = key_of(k.code, k.modifiers) else {
                        continue;
                    };
                    match app.key(key) {
                        super::app::Action::Quit => return Ok(()),
                        super::app::Action::Generate(r) => {
                            worker.request(r);
                            app.generating = true;
                        }
                        super::app::Action::None => {}
                    }
                    dirty = true;
                }
                Event::Mouse(m)
                    if matches!(m.kind, MouseEventKind::Moved | MouseEventKind::Down(_)) =>
                {
                    if let (Some((x, y)), Some(d)) = (geo.cell_at(m.column, m.row), &app.dungeon) {
                        let (w, h) = d.tile_size();
                        if x < w && y < h {
                            app.cursor = (x, y);
                            dirty = true;
                        }
                    }
                }
                Event::Resize(..) => dirty = true,
                _ => {}
            }
            if dirty {
                break;
            }
        }
    }
}
