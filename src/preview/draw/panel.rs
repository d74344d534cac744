//! The preview's side panel (what was generated, how it is shown, the trace, the
//! parameters) and the problems shown under the map.

use super::super::app::App;
use crate::dungeon::Dungeon;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};

/// The side panel's lines: labelled rows about the run, the view and the trace, then the
/// restart that follows the step shown (in red), the status line and the parameters.
pub(super) fn panel_lines(app: &App) -> Vec<Line<'static>> {
    let mut out = Vec::new();
    run_rows(app, &mut out);
    view_rows(app, &mut out);
    if let Some(l) = trace_rows(app, &mut out) {
        out.push(Line::from(Span::styled(
            l,
            Style::default().fg(Color::Red).add_modifier(Modifier::BOLD),
        )));
    }
    if let Some(st) = &app.status {
        out.push(Line::from(Span::styled(
            st.clone(),
            Style::default().fg(Color::Yellow),
        )));
    }
    param_lines(app, &mut out);
    out
}

/// A row: label `k` in cyan, padded to 10 columns, then `v`.
fn row(out: &mut Vec<Line<'static>>, k: &str, v: String) {
    let label = Span::styled(format!("{k:<10}"), Style::default().fg(Color::Cyan));
    out.push(Line::from(vec![label, Span::raw(v)]));
}

/// The rule set and its files, the seed, and of the dungeon shown its attempts, time, rooms
/// by kind and markers.
fn run_rows(app: &App, out: &mut Vec<Line<'static>>) {
    if let Some(rs) = &app.rules {
        row(out, "rule set", rs.name.clone());
        let files: Vec<String> = rs.files.iter().map(|p| p.display().to_string()).collect();
        row(out, "files", files.join(", "));
    }
    let generating = if app.generating {
        "  (generating…)"
    } else {
        ""
    };
    row(out, "seed", format!("{}{generating}", app.request.seed));
    let Some(d) = &app.dungeon else {
        return;
    };
    row(out, "attempts", d.attempts.to_string());
    row(
        out,
        "time",
        format!("{:.2} ms", app.elapsed.as_secs_f64() * 1e3),
    );
    if !d.rooms.is_empty() {
        row(
            out,
            "rooms",
            format!("{}: {}", d.rooms.len(), rooms_by_kind(d)),
        );
    }
    if let Some(m) = markers_line(d) {
        row(out, "markers", m);
    }
}

/// "start, normal x5, boss": the room kinds in order of first appearance, with counts.
fn rooms_by_kind(d: &Dungeon) -> String {
    let mut kinds: Vec<(String, usize)> = Vec::new();
    for r in &d.rooms {
        match kinds.iter_mut().find(|(k, _)| *k == r.kind) {
            Some(e) => e.1 += 1,
            None => kinds.push((r.kind.clone(), 1)),
        }
    }
    let list: Vec<String> = kinds
        .iter()
        .map(|(k, n)| {
            if *n > 1 {
                format!("{k} x{n}")
            } else {
                k.clone()
            }
        })
        .collect();
    list.join(", ")
}

/// What is under the cursor, the reloads (once there was one), the tile layer drawn and
/// why, and how many cells are marked as changed.
fn view_rows(app: &App, out: &mut Vec<Line<'static>>) {
    row(out, "cursor", app.under_cursor());
    if app.redraw.is_some() || app.broken > 0 {
        let redraw = app.redraw.map_or(String::new(), |ms| {
            format!(", redraw {:.1} ms after debounce", ms.as_secs_f64() * 1e3)
        });
        let reloads = format!("{} good, {} broken{redraw}", app.reloads, app.broken);
        row(out, "reloads", reloads);
    }
    if let Some(d) = app.shown() {
        let layers = crate::render::cells::tile_layers(&d);
        if !layers.is_empty() {
            let drawn = app.drawn_layer();
            let shown = drawn
                .clone()
                .or_else(|| crate::render::cells::cell_view(&d).map(|v| v.layer))
                .unwrap_or_default();
            let how = match (&app.layer, drawn) {
                (Some(_), _) => "chosen with L",
                (None, Some(_)) => "the step's own layer",
                (None, None) => "auto",
            };
            let layer = format!("{shown} ({how}; L: {})", layers.join(", "));
            row(out, "layer", layer);
        }
    }
    let changed = app.marked().iter().filter(|&&c| c).count();
    if changed > 0 {
        let by = if app.frame.is_some() {
            "this step"
        } else {
            "the save"
        };
        row(
            out,
            "changed",
            format!("{changed} cells marked * (by {by})"),
        );
    }
}

/// The trace row of a traced run (the step shown, or the whole run); the restart that
/// follows the step shown, if one does.
fn trace_rows(app: &App, out: &mut Vec<Line<'static>>) -> Option<String> {
    let t = app.trace.as_ref().filter(|_| app.request.traced)?;
    let n = t.frames.len();
    let Some((i, f)) = app.frame.and_then(|i| t.frames.get(i).map(|f| (i, f))) else {
        let whole = format!(
            "{n} steps, {} restarts, showing the result",
            t.restarts.len()
        );
        row(out, "trace", whole);
        return None;
    };
    let step = format!(
        "step {}/{n}, attempt {}: {} ({}) {}",
        i + 1,
        f.attempt + 1,
        f.label.name,
        f.label.kind,
        f.label.at
    );
    row(out, "trace", step);
    t.restart_after(i)
        .map(|id| restart_text(app, id, f.attempt))
}

/// The parameters, one a line (`>` and bold: the one tab selected, +/- change it): each
/// value as resolved, a `File` parameter's path as given.
fn param_lines(app: &App, out: &mut Vec<Line<'static>>) {
    let Some(rs) = &app.rules else {
        return;
    };
    out.push(Line::from(Span::styled(
        "params (tab, +/-)",
        Style::default().fg(Color::Cyan),
    )));
    let values = rs.resolve_params(&app.request.params).ok();
    for (i, p) in rs.params.iter().enumerate() {
        let v = match p.kind {
            crate::ruleset::ParamKind::File => app
                .request
                .params
                .0
                .get(&p.name)
                .cloned()
                .unwrap_or_else(|| "(no file: --param NAME=PATH)".into()),
            _ => values.as_ref().map_or(String::new(), |v| p.show(v[i])),
        };
        let text = format!(
            "{} {} = {v}",
            if i == app.param { '>' } else { ' ' },
            p.name
        );
        let st = if i == app.param {
            Style::default().add_modifier(Modifier::BOLD)
        } else {
            Style::default()
        };
        out.push(Line::from(Span::styled(text, st)));
    }
}

/// What went wrong: a failed run's message, a broken save's diagnostics (file:line:col,
/// with their help), in red.
pub(super) fn problem_lines(app: &App) -> Vec<Line<'static>> {
    let mut out = Vec::new();
    if let Some(e) = &app.error {
        for (i, l) in e.lines().enumerate() {
            let l = if i == 0 {
                format!("error: {l}")
            } else {
                l.to_string()
            };
            out.push(Line::from(Span::styled(l, Style::default().fg(Color::Red))));
        }
    }
    if let Some(diags) = &app.diagnostics {
        out.push(Line::from(Span::styled(
            if app.dungeon.is_some() {
                "broken save: showing the last good dungeon"
            } else {
                "the rule set does not load:"
            },
            Style::default().fg(Color::Red).add_modifier(Modifier::BOLD),
        )));
        for dg in &diags.0 {
            out.push(Line::from(Span::styled(
                dg.short(),
                Style::default().fg(Color::Red),
            )));
            if let Some(h) = &dg.help {
                out.push(Line::from(Span::raw(format!("  help: {h}"))));
            }
        }
    }
    out
}

/// "✗ restart: Require `...` at file:line:col did not hold (attempt 2 follows)".
fn restart_text(app: &App, id: u32, attempt: u32) -> String {
    let what = app
        .rules
        .as_ref()
        .and_then(|rs| {
            let (rs, _) = rs.pick(&app.request.params).ok()?;
            let f = rs.failure_points().get(id as usize)?;
            Some(format!("{} at {}", f.what, f.at))
        })
        .unwrap_or_else(|| format!("failure point {id}"));
    format!(
        "✗ restart: {what} did not hold (attempt {} follows)",
        attempt + 2
    )
}

/// "stairs_up (12, 7), ..." — the markers of a dungeon.
fn markers_line(d: &Dungeon) -> Option<String> {
    if d.markers.is_empty() {
        return None;
    }
    let m: Vec<String> = d
        .markers
        .iter()
        .map(|(n, [x, y])| format!("{n} ({x}, {y})"))
        .collect();
    Some(m.join(", "))
}
