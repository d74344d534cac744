//! A trace frame sent as its changes: after the first frame of a page, each frame's dungeon
//! and view go as a [`patch`] against the frame before it, not whole (a step of a 40×40
//! level changes a few rows, and a page of 32 whole frames of Caves was ~1.3 MB of JSON).
//!
//! A patch of JSON object `cur` against `prev` is an object with up to three fields:
//!
//! - `set`: every top-level field of `cur` that differs from `prev`, whole (a field `prev`
//!   had and `cur` has not is set to `null`);
//! - `layers` (a dungeon): for each tile layer whose rows changed but whose name and number of
//!   rows did not, `{ROW: row}` for the changed rows only (`ROW` a decimal string, 0-based
//!   from the top);
//! - `cells` (a view): when the view's `cells` string changed but its `width` and `height`
//!   did not, `{ROW: text}` for the changed rows of `width` characters.
//!
//! Applied in order — fields of `set` replace, then rows replace rows — the patch gives `cur`
//! back exactly (`tests/serve_limits` rebuilds pages this way and compares them with whole
//! frames; the page's `single.js` does the same).

use serde_json::{Map, Value};

/// The patch that turns `prev` into `cur` (module doc). Both are JSON objects; anything else
/// gives `{"set": cur}`.
pub fn patch(prev: &Value, cur: &Value) -> Value {
    let (Some(p), Some(c)) = (prev.as_object(), cur.as_object()) else {
        return serde_json::json!({ "set": cur });
    };
    let mut set = Map::new();
    let mut out = Map::new();
    for (k, v) in c {
        let before = p.get(k);
        if before == Some(v) {
            continue;
        }
        let rows = match (k.as_str(), before) {
            ("layers", Some(b)) => layer_rows(b, v),
            ("cells", Some(b)) => cell_rows(p, c, b, v),
            _ => None,
        };
        match rows {
            Some(r) => {
                out.insert(k.clone(), r);
            }
            None => {
                set.insert(k.clone(), v.clone());
            }
        }
    }
    for k in p.keys().filter(|k| !c.contains_key(*k)) {
        set.insert(k.clone(), Value::Null);
    }
    if !set.is_empty() {
        out.insert("set".into(), Value::Object(set));
    }
    Value::Object(out)
}

/// `{NAME: {ROW: row}}` for the changed rows of each layer, when both maps have the same
/// layer names and each layer the same number of rows; `None` otherwise.
fn layer_rows(before: &Value, now: &Value) -> Option<Value> {
    let (b, n) = (before.as_object()?, now.as_object()?);
    if b.len() != n.len() {
        return None;
    }
    let mut out = Map::new();
    for (name, rows) in n {
        let (old, new) = (b.get(name)?.as_array()?, rows.as_array()?);
        if old.len() != new.len() {
            return None;
        }
        let changed: Map<String, Value> = (0..new.len())
            .filter(|&y| old[y] != new[y])
            .map(|y| (y.to_string(), new[y].clone()))
            .collect();
        if !changed.is_empty() {
            out.insert(name.clone(), Value::Object(changed));
        }
    }
    Some(Value::Object(out))
}

/// `{ROW: text}` for the changed rows of a view's `cells` (one character a tile, row-major),
/// when width, height and the string's length are the same in both views; `None` otherwise.
fn cell_rows(
    prev: &Map<String, Value>,
    cur: &Map<String, Value>,
    before: &Value,
    now: &Value,
) -> Option<Value> {
    let w = cur.get("width")?.as_u64()? as usize;
    let h = cur.get("height")?.as_u64()? as usize;
    if prev.get("width") != cur.get("width") || prev.get("height") != cur.get("height") || w == 0 {
        return None;
    }
    let (old, new) = (before.as_str()?, now.as_str()?);
    // one character a tile; the classes are ASCII from `view::OFFSET`, but count chars anyway
    let (old, new): (Vec<char>, Vec<char>) = (old.chars().collect(), new.chars().collect());
    if old.len() != w * h || new.len() != w * h {
        return None;
    }
    let changed: Map<String, Value> = (0..h)
        .filter(|&y| old[y * w..(y + 1) * w] != new[y * w..(y + 1) * w])
        .map(|y| {
            (
                y.to_string(),
                Value::String(new[y * w..(y + 1) * w].iter().collect()),
            )
        })
        .collect();
    Some(Value::Object(changed))
}

#[cfg(test)]
mod tests {
    use super::patch;
    use serde_json::json;

    #[test]
    fn a_patch_holds_only_what_changed() {
        let prev = json!({"seed": 1, "rooms": [], "layers": {"a": [[0, 0], [0, 0]], "b": ["..", ".."]}, "gone": 3});
        let cur = json!({"seed": 1, "rooms": [[1, 2]], "layers": {"a": [[0, 0], [0, 5]], "b": ["..", ".."]}});
        assert_eq!(
            patch(&prev, &cur),
            json!({"set": {"rooms": [[1, 2]], "gone": null}, "layers": {"a": {"1": [0, 5]}}})
        );
        // a layer that grows a row goes whole
        let grown = json!({"seed": 1, "rooms": [], "layers": {"a": [[0, 0], [0, 0], [1, 1]], "b": ["..", ".."]}, "gone": 3});
        assert_eq!(
            patch(&prev, &grown),
            json!({"set": {"layers": {"a": [[0, 0], [0, 0], [1, 1]], "b": ["..", ".."]}}})
        );
        assert_eq!(patch(&prev, &prev), json!({}));
    }

    #[test]
    fn view_cells_go_by_rows_of_the_width() {
        let prev = json!({"width": 3, "height": 2, "cells": "000111"});
        let cur = json!({"width": 3, "height": 2, "cells": "000121"});
        assert_eq!(patch(&prev, &cur), json!({"cells": {"1": "121"}}));
        let wider = json!({"width": 2, "height": 3, "cells": "000121"});
        assert_eq!(
            patch(&prev, &wider),
            json!({"set": {"width": 2, "height": 3, "cells": "000121"}})
        );
    }
}
