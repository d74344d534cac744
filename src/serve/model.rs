//! What the server sends the page, as JSON: the rule set's description (parameters, steps,
//! files), the colours to draw with, the diagnostics of a broken save, and trace frames.
//!
//! Colours: the page draws a [`Dungeon`] with the dungeon's own `palette` (room kinds and
//! tile classes: name, glyph, colour). What a palette leaves open — kinds without a colour,
//! tile ids of layers without classes, markers, the background — [`colours`] fills in with
//! `render::colour` (the colours of the PNG renderer and the terminal preview), sent beside
//! the dungeons.

use super::paths::Folder;
use crate::dungeon::{Dungeon, Layer};
use crate::preview::app::changed_cells;
use crate::render::colour;
use crate::ruleset::{Diagnostics, ParamKind, RuleSet, Window};
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;

/// `#rrggbb`.
pub fn hex(c: [u8; 3]) -> String {
    format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
}

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
    })
}

/// The colours the page cannot read off the dungeons' own palettes (see the module doc).
pub fn colours(dungeons: &[&Dungeon]) -> Value {
    let mut kinds = Map::new();
    let mut symbols = BTreeMap::new();
    let mut tiles: BTreeMap<&str, BTreeMap<String, Value>> = BTreeMap::new();
    for d in dungeons {
        let p = &d.palette;
        for k in &p.kinds {
            kinds.insert(k.name.clone(), json!(hex(colour::kind(p, &k.name))));
        }
        for (g, meaning) in d.symbols.iter() {
            let c = g.chars().next().unwrap_or(' ');
            symbols.insert(g.clone(), json!(hex(colour::symbol(p, c, meaning))));
        }
        for (name, l) in &d.layers {
            if let Layer::Ids(rows) = l {
                let t = tiles.entry(name).or_default();
                for &id in rows.iter().flatten() {
                    t.entry(id.to_string())
                        .or_insert_with(|| json!(hex(colour::tile(p, name, id))));
                }
            }
        }
    }
    json!({
        "background": hex(colour::BACKGROUND),
        "empty": hex(colour::EMPTY),
        "ink": hex(colour::INK),
        "kinds": kinds,
        "symbols": symbols,
        "tiles": tiles,
        "markers": (0..4).map(|i| hex(colour::marker(i))).collect::<Vec<_>>(),
    })
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

/// One frame of a trace page, as sent.
#[derive(serde::Serialize)]
struct FrameOut<'a> {
    label: Value,
    attempt: u32,
    changed: Vec<[usize; 2]>,
    dungeon: &'a Dungeon,
}

/// One page of a traced run, as JSON text: the frames `from..` that `w` kept (each step's
/// label, the attempt, the dungeon after it, and the cells it changed against the step
/// before; for the run's first step, the cells it filled: in a room, or a non-zero tile id
/// — a run starts with no rooms and all tile ids 0), stopping before the page passes
/// `max_bytes` (one frame at least). `w` must have kept frame `from - 1` too when
/// `from > 0`. `total` is the run's number of frames, `next` the first frame of the next
/// page (`null` at the end). One frame's dungeon is built at a time.
pub fn trace_page(
    rs: &RuleSet,
    w: &Window,
    from: usize,
    last: &Dungeon,
    values: &[crate::engine::value::Value],
    max_bytes: usize,
) -> String {
    let mut prev: Option<Dungeon> = None;
    let mut frames = String::new();
    let mut n = 0;
    for (i, f) in w.frames.iter().enumerate() {
        let d = rs.to_dungeon(&f.state, last.seed, values, last.attempts);
        if w.first + i < from {
            prev = Some(d);
            continue;
        }
        let width = d.width.max(1) as usize;
        let changed: Vec<[usize; 2]> = match &prev {
            Some(p) => changed_cells(p, &d)
                .iter()
                .enumerate()
                .filter(|(_, &c)| c)
                .map(|(i, _)| [i % width, i / width])
                .collect(),
            None => filled(&d),
        };
        let out = FrameOut {
            label: json!({"name": f.label.name, "kind": f.label.kind, "at": f.label.at}),
            attempt: f.attempt,
            changed,
            dungeon: &d,
        };
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
    format!(
        "{{\"seed\":{},\"total\":{},\"from\":{from},\"next\":{next},\"frames\":[{frames}]}}",
        last.seed, w.seen
    )
}

/// Cells of `d` in a room or with a non-zero id in a tile layer, as `[x, y]`.
fn filled(d: &Dungeon) -> Vec<[usize; 2]> {
    let w = d.width.max(0) as usize;
    let mut on = vec![false; w * d.height.max(0) as usize];
    for r in &d.rooms {
        for &[x, y] in &r.cells {
            if let Some(c) = on.get_mut(y as usize * w + x as usize) {
                *c = true;
            }
        }
    }
    for l in d.layers.values() {
        if let Layer::Ids(rows) = l {
            for (y, row) in rows.iter().enumerate() {
                for (x, &id) in row.iter().enumerate() {
                    if id != 0 && x < w {
                        on[y * w + x] = true;
                    }
                }
            }
        }
    }
    on.iter()
        .enumerate()
        .filter(|(_, &c)| c)
        .map(|(i, _)| [i % w.max(1), i / w.max(1)])
        .collect()
}
