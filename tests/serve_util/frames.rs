//! Trace pages as the page rebuilds them: a page's first frame is whole, each later one a
//! patch against the frame before (`src/serve/delta.rs`). Written again here from that
//! module's documented format, so a test compares the rebuilt frames with whole ones.

use serde_json::{Map, Value};

/// The frames of `page` with each one's `dungeon` and `view` whole.
pub fn whole_frames(page: &Value) -> Vec<Value> {
    let mut out: Vec<Value> = Vec::new();
    for f in page["frames"].as_array().expect("frames") {
        let mut f = f.clone();
        if let Some(delta) = f.as_object_mut().unwrap().remove("delta") {
            let prev = out.last().expect("a page starts with a whole frame");
            f["dungeon"] = apply(&prev["dungeon"], &delta["dungeon"]);
            f["view"] = apply(&prev["view"], &delta["view"]);
        }
        out.push(f);
    }
    out
}

/// `prev` with patch `p` applied: `set` replaces fields, then `layers` rows and `cells` rows.
fn apply(prev: &Value, p: &Value) -> Value {
    let mut o: Map<String, Value> = prev.as_object().unwrap().clone();
    if let Some(set) = p.get("set").and_then(Value::as_object) {
        for (k, v) in set {
            o.insert(k.clone(), v.clone());
        }
    }
    if let Some(layers) = p.get("layers").and_then(Value::as_object) {
        for (name, rows) in layers {
            let mut layer = o["layers"][name]
                .as_array()
                .expect("a layer's rows")
                .clone();
            for (y, row) in rows.as_object().unwrap() {
                layer[y.parse::<usize>().unwrap()] = row.clone();
            }
            o.get_mut("layers").unwrap()[name] = Value::Array(layer);
        }
    }
    if let Some(cells) = p.get("cells").and_then(Value::as_object) {
        let w = o["width"].as_u64().unwrap() as usize;
        let mut text: Vec<char> = o["cells"].as_str().unwrap().chars().collect();
        for (y, row) in cells {
            let y: usize = y.parse().unwrap();
            for (x, c) in row.as_str().unwrap().chars().enumerate() {
                text[y * w + x] = c;
            }
        }
        o.insert("cells".into(), Value::String(text.into_iter().collect()));
    }
    Value::Object(o)
}
