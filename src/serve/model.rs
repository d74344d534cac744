//! What the server sends the page, as JSON: the rule set's description (parameters, steps,
//! files), the diagnostics of a broken save, and trace frames. What the page draws of a
//! dungeon (colours included) is its [`view`], made by the PNG renderer's code.

use super::delta::patch;
use super::paths::Folder;
use super::view::{changed_tiles, view};
use crate::dungeon::{Dungeon, Layer};
use crate::engine::tile_grid::TileGrid;
use crate::ruleset::{Diagnostics, ParamKind, RuleSet, Window};
use serde_json::{json, Value};

/// The rule set as the page's controls need it.
pub fn rules_info(rs: &RuleSet, folder: &Folder) -> Value {
    let params: Vec<Value> = rs
        .params
        .iter()
        .map(|p| {
            let (kind, min, max) = match &p.kind {
                ParamKind::Int { min, max } => ("int", min.map(|v| json!(v)), max.map(|v| json!(v))),
                ParamKind::Float { min, max } => {
                    ("float", min.map(|v| json!(v)), max.map(|v| json!(v)))
                }
                ParamKind::Bool => ("bool", None, None),
                ParamKind::File => ("file", None, None),
            };
            json!({
                "name": p.name,
                "kind": kind,
                "min": min,
                "max": max,
                "default": if p.kind == ParamKind::File { json!("") } else { json!(p.show(p.default)) },
                "doc": p.doc,
                "describe": p.describe(),
            })
        })
        .collect();
    let steps: Vec<Value> = rs
        .step_labels()
        .iter()
        .map(|l| json!({"name": l.name, "kind": l.kind, "at": l.at}))
        .collect();
    let files: Vec<String> = rs.files.iter().filter_map(|f| folder.relative(f)).collect();
    json!({
        "name": rs.name,
        "description": rs.description,
        "width": rs.width,
        "height": rs.height,
        "params": params,
        "steps": steps,
        "files": files,
        "folder_files": folder.list(),
        "grid_files": grid_files(folder),
    })
}

/// The files of the folder a `File` parameter can take: those that read as a tile grid
/// ([`TileGrid::from_bytes`], the layout every `File` parameter reads: a Diablo `.dun`).
/// A text file never does (its first two bytes make a width above 4096).
pub fn grid_files(folder: &Folder) -> Vec<String> {
    folder
        .list()
        .into_iter()
        .filter(|rel| {
            let Ok(path) = folder.resolve(rel) else {
                return false;
            };
            crate::input::read(&path, crate::input::Kind::Served)
                .is_ok_and(|b| TileGrid::from_bytes(&b).is_ok())
        })
        .collect()
}

/// The diagnostics of a broken save: `file:line:col`, message, help and the source line,
/// with the file relative to the rule set's folder when it lies inside.
pub fn diagnostics(d: &Diagnostics, folder: &Folder) -> Value {
    let list: Vec<Value> =
        d.0.iter()
            .map(|x| {
                let file = folder
                    .relative(&x.path)
                    .unwrap_or_else(|| x.path.display().to_string());
                let line_text = if x.line > 0 {
                    x.source.lines().nth(x.line - 1).unwrap_or("").to_string()
                } else {
                    String::new()
                };
                let at = if x.line > 0 {
                    format!("{file}:{}:{}", x.line, x.column)
                } else {
                    file.clone()
                };
                json!({
                    "at": at,
                    "file": file,
                    "line": x.line,
                    "column": x.column,
                    "message": x.message,
                    "help": x.help,
                    "source": line_text,
                })
            })
            .collect();
    Value::Array(list)
}

/// One frame of a trace page, as sent: the page's first frame with its `dungeon` and `view`
/// whole, each later one with `delta` (`{dungeon, view}`, each a [`patch`] against the
/// frame before).
#[derive(serde::Serialize)]
struct FrameOut {
    label: Value,
    attempt: u32,
    changed: Vec<[usize; 2]>,
    layers: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    view: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    dungeon: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    delta: Option<Value>,
}

/// Which page of a traced run is asked for ([`trace_page`]).
#[derive(Debug, Clone, Copy)]
pub struct PageAsk<'a> {
    /// The page's first frame.
    pub from: usize,
    /// The layer the frames' views draw (the default view's when `None`).
    pub layer: Option<&'a str>,
    /// The page's size limit in bytes of JSON (one frame at least is sent).
    pub max_bytes: usize,
}

/// One page of a traced run, as JSON text: the frames `from..` that `w` kept (each step's
/// label, the attempt, the dungeon after it and its [`view`] with layer `layer` — whole in
/// the page's first frame, as changes in the others (`delta`: [`super::delta`]) — the tiles it
/// changed against the step before and the layers that changed (for the run's first step,
/// against a dungeon of no rooms and all tile ids 0: [`changed_tiles`])), stopping before the
/// page passes `max_bytes` (one frame at least). `w` must have kept frame `from - 1` too
/// when `from > 0`. `total` is the run's number of frames, `next` the first frame of the
/// next page (`null` at the end). One frame's dungeon is built at a time.
pub fn trace_page(
    rs: &RuleSet,
    folder: &Folder,
    w: &Window,
    last: &Dungeon,
    values: &[crate::engine::value::Value],
    ask: PageAsk<'_>,
) -> String {
    let PageAsk {
        from,
        layer,
        max_bytes,
    } = ask;
    let mut prev: Option<Dungeon> = None;
    let mut sent: Option<(Value, Value)> = None;
    let mut frames = String::new();
    let mut n = 0;
    for (i, f) in w.frames.iter().enumerate() {
        let d = rs.to_dungeon(&f.state, last.seed, values, last.attempts);
        if w.first + i < from {
            prev = Some(d);
            continue;
        }
        let before = prev.unwrap_or_else(|| blank(&d));
        let (changed, layers) = changed_tiles(&before, &d);
        let (dv, vv) = (
            serde_json::to_value(&d).unwrap_or_default(),
            view(&d, layer),
        );
        let (dungeon, view, delta) = match &sent {
            None => (Some(dv.clone()), Some(vv.clone()), None),
            Some((pd, pv)) => (
                None,
                None,
                Some(json!({"dungeon": patch(pd, &dv), "view": patch(pv, &vv)})),
            ),
        };
        let out = FrameOut {
            label: json!({"name": f.label.name, "kind": f.label.kind, "at": within(folder, &f.label.at)}),
            attempt: f.attempt,
            changed,
            layers,
            view,
            dungeon,
            delta,
        };
        sent = Some((dv, vv));
        let text = serde_json::to_string(&out).unwrap_or_default();
        if n > 0 && frames.len() + text.len() > max_bytes {
            break;
        }
        if n > 0 {
            frames.push(',');
        }
        frames += &text;
        n += 1;
        prev = Some(d);
    }
    let end = from + n;
    let next = if end < w.seen {
        json!(end)
    } else {
        Value::Null
    };
    let outline = if from == 0 {
        outline(rs, folder, w).to_string()
    } else {
        "null".to_string()
    };
    format!(
        "{{\"seed\":{},\"total\":{},\"from\":{from},\"next\":{next},\"outline\":{outline},\"frames\":[{frames}]}}",
        last.seed, w.seen
    )
}

/// Where a run's restarts and named steps are, over all its frames (kept or not): `attempts`
/// (per frame), `named` (the frames of named steps) and `restarts` (`after`: the last frame
/// of the attempt that failed, `what`: the failure point that did not hold, `at` where).
fn outline(rs: &RuleSet, folder: &Folder, w: &Window) -> Value {
    let attempts: Vec<u32> = w.outline.iter().map(|&(a, _)| a).collect();
    let named: Vec<usize> = (0..w.outline.len()).filter(|&i| w.outline[i].1).collect();
    let restarts: Vec<Value> = w
        .restart_points
        .iter()
        .map(|&(seen, id)| {
            let f = rs.failure_points().get(id as usize);
            json!({
                "after": seen.checked_sub(1),
                "what": f.map_or_else(|| format!("failure point {id}"), |f| f.what.clone()),
                "at": f.map(|f| within(folder, &f.at)),
            })
        })
        .collect();
    json!({"attempts": attempts, "named": named, "restarts": restarts})
}

/// `FILE:LINE:COL` with the file relative to the rule set's folder when it lies inside (as
/// the diagnostics of a broken save show it); anything else as it is.
fn within(folder: &Folder, at: &str) -> String {
    let mut parts = at.rsplitn(3, ':');
    let (Some(col), Some(line), Some(file)) = (parts.next(), parts.next(), parts.next()) else {
        return at.to_string();
    };
    match folder.relative(std::path::Path::new(file)) {
        Some(rel) => format!("{rel}:{line}:{col}"),
        None => at.to_string(),
    }
}

/// `d` before any step: no rooms, doors or markers, every tile id 0 (symbol layers as they
/// are: a run's first step is compared on its rooms and tile ids).
fn blank(d: &Dungeon) -> Dungeon {
    let mut b = d.clone();
    b.rooms.clear();
    b.doors.clear();
    b.markers.clear();
    for l in b.layers.values_mut() {
        if let Layer::Ids(rows) = l {
            rows.iter_mut().for_each(|r| r.fill(0));
        }
    }
    if let Some(Layer::Symbols(rows)) = b.layers.get_mut(crate::render::cells::ROOMS_LAYER) {
        let empty = d.palette.empty_glyph;
        for r in rows.iter_mut() {
            *r = r.chars().map(|_| empty).collect();
        }
    }
    b
}
