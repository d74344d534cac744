//! Tiled maps: `.tmx` (XML) and `.tmj` (JSON), and their tileset as `.tsx` / `.tsj`
//! (an external tileset file, shared by every map of one export, with its picture beside
//! it). Tiled format version 1.10.
//!
//! A map has one tile layer per dungeon layer (named like it, CSV data, gids `1 +` local
//! tile id, 0 for no tile, no flip bits), then an object group `objects` holding every room,
//! door and marker ([`super::objects`]: the room kind, `door` or `marker` as the object's
//! `type`). The map's custom properties are the provenance ([`super::provenance`]); each
//! tile of the tileset has its class as `type` and `layer`, `value` properties.
//! Both forms of a map carry the same content, written from one [`Map`].

use super::tileset::{layers, Tileset, Value};
use super::{objects, provenance, Object, Place, Prop, Provenance, Scale, TILE};
use crate::dungeon::Dungeon;
use serde_json::{json, Value as Json};
use std::fmt::Write;

/// The Tiled format version written.
pub const VERSION: &str = "1.10";
/// The Tiled version named in the files.
pub const TILED_VERSION: &str = "1.10.2";

/// One map, ready to write as XML or JSON.
#[derive(Debug, Clone, PartialEq)]
pub struct Map {
    /// Tiles across.
    pub width: u32,
    /// Tiles down.
    pub height: u32,
    /// (name, gids row-major) per tile layer.
    pub layers: Vec<(String, Vec<u32>)>,
    /// The objects.
    pub objects: Vec<Object>,
    /// Map properties.
    pub props: Vec<(&'static str, String)>,
}

impl Map {
    /// The map of `d` at scale `s`, with tiles from `ts`.
    pub fn new(d: &Dungeon, ts: &Tileset, s: Scale, p: &Provenance) -> Map {
        Map {
            width: d.width.max(0) as u32 * s.x,
            height: d.height.max(0) as u32 * s.y,
            layers: layers(d)
                .map(|(n, l)| (n.clone(), ts.gids(d, n, l, s)))
                .collect(),
            objects: objects(d, s),
            props: provenance(d, p),
        }
    }

    /// The map as TMX, naming the tileset file `tileset` (a `.tsx`).
    pub fn tmx(&self, tileset: &str) -> String {
        let mut o = String::new();
        let n = self.layers.len();
        let _ = writeln!(o, r#"<?xml version="1.0" encoding="UTF-8"?>"#);
        let _ = writeln!(
            o,
            r#"<map version="{VERSION}" tiledversion="{TILED_VERSION}" orientation="orthogonal" renderorder="right-down" width="{}" height="{}" tilewidth="{TILE}" tileheight="{TILE}" infinite="0" nextlayerid="{}" nextobjectid="{}">"#,
            self.width,
            self.height,
            n + 2,
            self.objects.len() + 1
        );
        props_xml(
            &mut o,
            " ",
            self.props.iter().map(|(k, v)| (*k, Prop::Str(v.clone()))),
        );
        let _ = writeln!(o, r#" <tileset firstgid="1" source="{}"/>"#, esc(tileset));
        for (i, (name, gids)) in self.layers.iter().enumerate() {
            let _ = writeln!(
                o,
                r#" <layer id="{}" name="{}" width="{}" height="{}">"#,
                i + 1,
                esc(name),
                self.width,
                self.height
            );
            o.push_str("  <data encoding=\"csv\">\n");
            for (r, row) in gids.chunks(self.width.max(1) as usize).enumerate() {
                let line: Vec<String> = row.iter().map(u32::to_string).collect();
                let last = (r + 1) * self.width.max(1) as usize >= gids.len();
                let _ = writeln!(o, "{}{}", line.join(","), if last { "" } else { "," });
            }
            o.push_str("</data>\n </layer>\n");
        }
        let _ = writeln!(o, r#" <objectgroup id="{}" name="objects">"#, n + 1);
        for (i, ob) in self.objects.iter().enumerate() {
            let head = format!(
                r#"  <object id="{}" name="{}" type="{}""#,
                i + 1,
                esc(&ob.name),
                esc(&ob.class)
            );
            let (place, inner) = match &ob.place {
                Place::Rect { x, y, w, h } => (
                    format!(r#" x="{x}" y="{y}" width="{w}" height="{h}""#),
                    String::new(),
                ),
                Place::Point { x, y } => (format!(r#" x="{x}" y="{y}""#), "   <point/>\n".into()),
                Place::Polygon { x, y, points } => {
                    let pts: Vec<String> = points
                        .iter()
                        .map(|p| format!("{},{}", p[0], p[1]))
                        .collect();
                    (
                        format!(r#" x="{x}" y="{y}""#),
                        format!("   <polygon points=\"{}\"/>\n", pts.join(" ")),
                    )
                }
            };
            let _ = writeln!(o, "{head}{place}>");
            props_xml(&mut o, "   ", ob.props.iter().cloned());
            o.push_str(&inner);
            o.push_str("  </object>\n");
        }
        o.push_str(" </objectgroup>\n</map>\n");
        o
    }

    /// The map as TMJ, naming the tileset file `tileset` (a `.tsj`).
    pub fn tmj(&self, tileset: &str) -> String {
        let n = self.layers.len();
        let mut layers: Vec<Json> = self
            .layers
            .iter()
            .enumerate()
            .map(|(i, (name, gids))| {
                json!({
                    "id": i + 1, "name": name, "type": "tilelayer",
                    "width": self.width, "height": self.height, "x": 0, "y": 0,
                    "opacity": 1, "visible": true, "data": gids,
                })
            })
            .collect();
        let objects: Vec<Json> = self
            .objects
            .iter()
            .enumerate()
            .map(|(i, ob)| {
                let mut j = json!({
                    "id": i + 1, "name": ob.name, "type": ob.class,
                    "rotation": 0, "visible": true,
                });
                let m = j.as_object_mut().expect("an object");
                let (x, y, w, h) = match &ob.place {
                    Place::Rect { x, y, w, h } => (*x, *y, *w, *h),
                    Place::Point { x, y } => {
                        m.insert("point".into(), json!(true));
                        (*x, *y, 0, 0)
                    }
                    Place::Polygon { x, y, points } => {
                        let pts: Vec<Json> = points
                            .iter()
                            .map(|p| json!({"x": p[0], "y": p[1]}))
                            .collect();
                        m.insert("polygon".into(), json!(pts));
                        (*x, *y, 0, 0)
                    }
                };
                for (k, v) in [("x", x), ("y", y), ("width", w), ("height", h)] {
                    m.insert(k.into(), json!(v));
                }
                if !ob.props.is_empty() {
                    m.insert("properties".into(), props_json(ob.props.iter().cloned()));
                }
                j
            })
            .collect();
        layers.push(json!({
            "id": n + 1, "name": "objects", "type": "objectgroup", "draworder": "topdown",
            "x": 0, "y": 0, "opacity": 1, "visible": true, "objects": objects,
        }));
        let j = json!({
            "type": "map", "version": VERSION, "tiledversion": TILED_VERSION,
            "orientation": "orthogonal", "renderorder": "right-down", "infinite": false,
            "compressionlevel": -1,
            "width": self.width, "height": self.height, "tilewidth": TILE, "tileheight": TILE,
            "nextlayerid": n + 2, "nextobjectid": self.objects.len() + 1,
            "properties": props_json(self.props.iter().map(|(k, v)| (*k, Prop::Str(v.clone())))),
            "tilesets": [{"firstgid": 1, "source": tileset}],
            "layers": layers,
        });
        serde_json::to_string_pretty(&j).expect("JSON serialises") + "\n"
    }
}

/// The tile's custom properties: its layer and value.
fn tile_props(ts: &Tileset, i: usize) -> Vec<(&'static str, Prop)> {
    let t = &ts.tiles[i];
    let value = match t.value {
        Value::Id(n) => Prop::Int(n as i64),
        Value::Glyph(g) => Prop::Str(g.to_string()),
    };
    vec![("layer", Prop::Str(t.layer.clone())), ("value", value)]
}

/// The tileset as TSX, named `name`, its picture in the file `image`.
pub fn tsx(ts: &Tileset, name: &str, image: &str) -> String {
    let mut o = String::new();
    let _ = writeln!(o, r#"<?xml version="1.0" encoding="UTF-8"?>"#);
    let _ = writeln!(
        o,
        r#"<tileset version="{VERSION}" tiledversion="{TILED_VERSION}" name="{}" tilewidth="{TILE}" tileheight="{TILE}" tilecount="{}" columns="{}">"#,
        esc(name),
        ts.tiles.len(),
        ts.columns()
    );
    let _ = writeln!(
        o,
        r#" <image source="{}" width="{}" height="{}"/>"#,
        esc(image),
        ts.columns() * TILE,
        ts.rows() * TILE
    );
    for (i, t) in ts.tiles.iter().enumerate() {
        let _ = writeln!(o, r#" <tile id="{i}" type="{}">"#, esc(&t.class));
        props_xml(&mut o, "  ", tile_props(ts, i).into_iter());
        o.push_str(" </tile>\n");
    }
    o.push_str("</tileset>\n");
    o
}

/// The tileset as TSJ, named `name`, its picture in the file `image`.
pub fn tsj(ts: &Tileset, name: &str, image: &str) -> String {
    let tiles: Vec<Json> = (0..ts.tiles.len())
        .map(|i| {
            json!({
                "id": i, "type": ts.tiles[i].class,
                "properties": props_json(tile_props(ts, i).into_iter()),
            })
        })
        .collect();
    let j = json!({
        "type": "tileset", "version": VERSION, "tiledversion": TILED_VERSION, "name": name,
        "tilewidth": TILE, "tileheight": TILE, "tilecount": ts.tiles.len(),
        "columns": ts.columns(), "margin": 0, "spacing": 0,
        "image": image, "imagewidth": ts.columns() * TILE, "imageheight": ts.rows() * TILE,
        "tiles": tiles,
    });
    serde_json::to_string_pretty(&j).expect("JSON serialises") + "\n"
}

fn props_xml<'a>(o: &mut String, ind: &str, props: impl Iterator<Item = (&'a str, Prop)>) {
    let props: Vec<_> = props.collect();
    if props.is_empty() {
        return;
    }
    let _ = writeln!(o, "{ind}<properties>");
    for (k, v) in props {
        let (ty, v) = match v {
            Prop::Int(n) => ("int", n.to_string()),
            Prop::Str(s) => ("string", s),
        };
        let _ = writeln!(
            o,
            r#"{ind} <property name="{}" type="{ty}" value="{}"/>"#,
            esc(k),
            esc(&v)
        );
    }
    let _ = writeln!(o, "{ind}</properties>");
}

fn props_json<'a>(props: impl Iterator<Item = (&'a str, Prop)>) -> Json {
    Json::Array(
        props
            .map(|(k, v)| match v {
                Prop::Int(n) => json!({"name": k, "type": "int", "value": n}),
                Prop::Str(s) => json!({"name": k, "type": "string", "value": s}),
            })
            .collect(),
    )
}

/// XML attribute escaping.
fn esc(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            '\n' => o.push_str("&#10;"),
            c => o.push(c),
        }
    }
    o
}
