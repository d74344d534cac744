//! Export to the level editors (issue 15), checked by their real parsers: every shipped
//! rule set (every `.ron` under `rules/`, found from the directory), seed 1, exported
//! through the command line as Tiled `.tmx` (read back with the `tiled` crate), `.tmj`
//! (compared with the `.tmx` through serde) and LDtk `.ldtk` (read with `ldtk2`, validated
//! against LDtk's published JSON schema from `../shared/formats`), each compared with the
//! Dungeon JSON of the same seed: layer sizes, tiles, IntGrid classes, objects/entities.

use serde_json::{json, Value as Json};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;
use undercroft::dungeon::{Dungeon, Layer};

const EXE: &str = env!("CARGO_BIN_EXE_undercroft");
const TILE: i64 = 16;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every rule file shipped, sorted.
fn rule_files() -> Vec<PathBuf> {
    fn walk(d: &Path, out: &mut Vec<PathBuf>) {
        for e in std::fs::read_dir(d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "ron") {
                out.push(p);
            }
        }
    }
    let mut v = Vec::new();
    walk(&root().join("rules"), &mut v);
    v.sort();
    v
}

fn run(args: &[&str]) -> String {
    let o = Command::new(EXE).args(args).output().unwrap();
    assert!(
        o.status.success(),
        "undercroft {args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).unwrap()
}

fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("undercroft-export-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The schema, or `None` after printing "skipped" (panics under `CI=true`).
fn schema() -> Option<Json> {
    let p = root().join("../shared/formats/ldtk-1.5.3.schema.json");
    match std::fs::read_to_string(&p) {
        Ok(t) => Some(serde_json::from_str(&t).unwrap()),
        Err(_) if std::env::var("CI").is_ok_and(|v| v == "true") => {
            panic!("LDtk schema missing at {} (CI=true)", p.display())
        }
        Err(_) => {
            println!(
                "skipped schema validation: no LDtk schema at {}",
                p.display()
            );
            None
        }
    }
}

/// What the Dungeon says cell `(x, y)` of `layer` holds, as the tileset's `value`
/// property would: `None` for no tile (id 0; the empty glyph of the rooms layer).
fn expected(d: &Dungeon, name: &str, x: usize, y: usize) -> Option<String> {
    match &d.layers[name] {
        Layer::Ids(rows) => Some(rows[y][x]).filter(|&v| v != 0).map(|v| v.to_string()),
        Layer::Symbols(rows) => {
            let g = rows[y].chars().nth(x).unwrap();
            (!(name == "rooms" && g == d.palette.empty_glyph)).then(|| g.to_string())
        }
    }
}

/// The Dungeon's tiles per cell as exported by default (pools' cell size for room graphs
/// with interiors, else 1): read back from the map size.
fn scale_of(d: &Dungeon, map_w: i64, map_h: i64) -> (i64, i64) {
    assert_eq!(map_w % d.width as i64, 0);
    assert_eq!(map_h % d.height as i64, 0);
    (map_w / d.width as i64, map_h / d.height as i64)
}

fn prop(p: &tiled::Properties, k: &str) -> Option<String> {
    match p.get(k)? {
        tiled::PropertyValue::StringValue(s) => Some(s.clone()),
        tiled::PropertyValue::IntValue(n) => Some(n.to_string()),
        other => panic!("unexpected property {k}: {other:?}"),
    }
}

/// Twice the polygon's area (shoelace), in pixels squared.
fn area2(pts: &[(f32, f32)]) -> i64 {
    let n = pts.len();
    (0..n)
        .map(|i| {
            let (a, b) = (pts[i], pts[(i + 1) % n]);
            (a.0 * b.1 - b.0 * a.1) as i64
        })
        .sum::<i64>()
        .abs()
}

/// The cell bounding box `[x0, y0, x1, y1)` of a room.
fn bbox(cells: &[[i32; 2]]) -> [i64; 4] {
    let xs = cells.iter().map(|c| c[0] as i64);
    let ys = cells.iter().map(|c| c[1] as i64);
    [
        xs.clone().min().unwrap(),
        ys.clone().min().unwrap(),
        xs.max().unwrap() + 1,
        ys.max().unwrap() + 1,
    ]
}

/// Checks a `.tmx` against the Dungeon; returns the map normalised to JSON (for the
/// `.tmj` comparison) and the tileset's tiles as (layer, value).
fn check_tmx(d: &Dungeon, path: &Path) -> (Json, Vec<(String, String)>) {
    let mut loader = tiled::Loader::new();
    let map = loader
        .load_tmx_map(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let (w, h) = (map.width as i64, map.height as i64);
    let (sx, sy) = scale_of(d, w, h);
    assert_eq!(
        (map.tile_width, map.tile_height),
        (TILE as u32, TILE as u32)
    );
    assert_eq!(map.tilesets().len(), 1);
    let ts = &map.tilesets()[0];
    let tiles: Vec<(String, String)> = (0..ts.tilecount)
        .map(|i| {
            let t = ts.get_tile(i).expect("every tile has its properties");
            (
                prop(&t.properties, "layer").unwrap(),
                prop(&t.properties, "value").unwrap(),
            )
        })
        .collect();
    assert_eq!(
        tiles.iter().collect::<BTreeSet<_>>().len(),
        tiles.len(),
        "each (layer, value) is one tile"
    );
    let img = ts.image.as_ref().expect("the tileset has its picture");
    assert!(img.source.is_file(), "{} is written", img.source.display());
    // Provenance.
    assert_eq!(prop(&map.properties, "ruleset").unwrap(), d.ruleset);
    assert_eq!(prop(&map.properties, "seed").unwrap(), d.seed.to_string());
    let params: Json = serde_json::from_str(&prop(&map.properties, "params").unwrap()).unwrap();
    assert_eq!(params, serde_json::to_value(&d.params).unwrap());
    assert_eq!(prop(&map.properties, "rules_hash").unwrap().len(), 16);
    assert!(prop(&map.properties, "engine")
        .unwrap()
        .starts_with("undercroft "));

    let mut layers_json = Vec::new();
    let names: Vec<&String> = d.layers.keys().collect();
    let mut layer_names = Vec::new();
    let mut objects_json = Vec::new();
    for layer in map.layers() {
        let lname = layer.name.clone();
        if let Some(tl) = layer.as_tile_layer() {
            assert_eq!(
                (tl.width(), tl.height()),
                (Some(w as u32), Some(h as u32)),
                "{lname}"
            );
            let mut gids = Vec::with_capacity((w * h) as usize);
            for y in 0..h {
                for x in 0..w {
                    let t = tl.get_tile(x as i32, y as i32);
                    let got = t.as_ref().map(|t| {
                        assert!(!t.flip_h && !t.flip_v && !t.flip_d, "no flip bits");
                        tiles[t.id() as usize].clone()
                    });
                    gids.push(t.map_or(0, |t| t.id() + 1));
                    // Every cell's top-left tile and its centre tile against the Dungeon.
                    let (cx, cy) = ((x / sx) as usize, (y / sy) as usize);
                    if (x % sx == 0 && y % sy == 0) || (x % sx == sx / 2 && y % sy == sy / 2) {
                        let want = expected(d, &lname, cx, cy).map(|v| (lname.clone(), v));
                        assert_eq!(
                            got,
                            want,
                            "{}: layer {lname} tile ({x}, {y})",
                            path.display()
                        );
                    }
                }
            }
            layer_names.push(lname.clone());
            layers_json.push(json!({"name": lname, "width": w, "height": h, "data": gids}));
        } else if let Some(ol) = layer.as_object_layer() {
            assert_eq!(lname, "objects");
            let obs: Vec<_> = ol.objects().collect();
            assert_eq!(obs.len(), d.rooms.len() + d.doors.len() + d.markers.len());
            let (cw, ch) = (sx * TILE, sy * TILE);
            for (i, ob) in obs.iter().enumerate() {
                let (x, y) = (ob.x as i64, ob.y as i64);
                let mut shape = json!(null);
                match &ob.shape {
                    tiled::ObjectShape::Rect { width, height } => {
                        shape = json!({"rect": [*width as i64, *height as i64]})
                    }
                    tiled::ObjectShape::Polygon { points } => {
                        let pts: Vec<[i64; 2]> =
                            points.iter().map(|p| [p.0 as i64, p.1 as i64]).collect();
                        shape = json!({ "polygon": pts })
                    }
                    tiled::ObjectShape::Point(..) => shape = json!("point"),
                    other => panic!("unexpected shape {other:?}"),
                }
                if i < d.rooms.len() {
                    let r = &d.rooms[i];
                    assert_eq!(ob.user_type, r.kind, "room {i}'s kind");
                    let b = bbox(&r.cells);
                    assert_eq!((x, y), (b[0] * cw, b[1] * ch), "room {i}'s top-left");
                    let cells = r.cells.iter().collect::<BTreeSet<_>>().len() as i64;
                    match &ob.shape {
                        tiled::ObjectShape::Rect { width, height } => {
                            assert_eq!(*width as i64, (b[2] - b[0]) * cw);
                            assert_eq!(*height as i64, (b[3] - b[1]) * ch);
                            assert_eq!(cells, (b[2] - b[0]) * (b[3] - b[1]), "a full box");
                        }
                        tiled::ObjectShape::Polygon { points } => {
                            assert_eq!(area2(points), 2 * cells * cw * ch, "room {i}'s outline");
                        }
                        other => panic!("room {i} is a {other:?}"),
                    }
                } else if i < d.rooms.len() + d.doors.len() {
                    let door = &d.doors[i - d.rooms.len()];
                    assert_eq!(ob.user_type, "door");
                    let [a, b] = door.cells;
                    // Mean of the two cells' centres, in pixels.
                    let mx = ((a[0] as i64 * cw + cw / 2) + (b[0] as i64 * cw + cw / 2)) / 2;
                    let my = ((a[1] as i64 * ch + ch / 2) + (b[1] as i64 * ch + ch / 2)) / 2;
                    assert_eq!((x, y), (mx, my), "door {}", i - d.rooms.len());
                    assert_eq!(shape, json!("point"));
                } else {
                    let (name, [mx, my]) = d
                        .markers
                        .iter()
                        .nth(i - d.rooms.len() - d.doors.len())
                        .unwrap();
                    assert_eq!((ob.user_type.as_str(), &ob.name), ("marker", name));
                    assert_eq!((x, y), (*mx as i64 * cw + cw / 2, *my as i64 * ch + ch / 2));
                }
                let props: BTreeMap<String, String> = ob
                    .properties
                    .keys()
                    .map(|k| (k.clone(), prop(&ob.properties, k).unwrap()))
                    .collect();
                objects_json.push(json!({
                    "name": ob.name, "type": ob.user_type, "x": x, "y": y,
                    "shape": shape, "props": props,
                }));
            }
        } else {
            panic!("unexpected layer {lname}");
        }
    }
    assert_eq!(
        layer_names.iter().collect::<Vec<_>>(),
        names,
        "a tile layer per Dungeon layer"
    );
    let map_props: BTreeMap<String, String> = map
        .properties
        .keys()
        .map(|k| (k.clone(), prop(&map.properties, k).unwrap()))
        .collect();
    let norm = json!({
        "width": w, "height": h, "tilewidth": TILE, "tileheight": TILE,
        "props": map_props, "layers": layers_json, "objects": objects_json, "tiles": tiles,
    });
    (norm, tiles)
}

/// A `.tmj` (and its `.tsj`) read with serde and normalised like [`check_tmx`].
fn norm_tmj(path: &Path) -> Json {
    let j: Json = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let props = |p: &Json| -> BTreeMap<String, String> {
        p.as_array()
            .map(|a| {
                a.iter()
                    .map(|p| {
                        let v = &p["value"];
                        let v = v.as_str().map_or_else(|| v.to_string(), str::to_string);
                        (p["name"].as_str().unwrap().to_string(), v)
                    })
                    .collect()
            })
            .unwrap_or_default()
    };
    let mut layers = Vec::new();
    let mut objects = Vec::new();
    for l in j["layers"].as_array().unwrap() {
        match l["type"].as_str().unwrap() {
            "tilelayer" => layers.push(json!({
                "name": l["name"], "width": l["width"], "height": l["height"], "data": l["data"],
            })),
            "objectgroup" => {
                for o in l["objects"].as_array().unwrap() {
                    let shape = if o["point"] == json!(true) {
                        json!("point")
                    } else if let Some(p) = o["polygon"].as_array() {
                        let pts: Vec<[i64; 2]> = p
                            .iter()
                            .map(|p| [p["x"].as_i64().unwrap(), p["y"].as_i64().unwrap()])
                            .collect();
                        json!({ "polygon": pts })
                    } else {
                        json!({"rect": [o["width"], o["height"]]})
                    };
                    objects.push(json!({
                        "name": o["name"], "type": o["type"], "x": o["x"], "y": o["y"],
                        "shape": shape, "props": props(&o["properties"]),
                    }));
                }
            }
            t => panic!("unexpected layer type {t}"),
        }
    }
    let ts = &j["tilesets"][0];
    assert_eq!(ts["firstgid"], 1);
    let tsj: Json = serde_json::from_str(
        &std::fs::read_to_string(path.with_file_name(ts["source"].as_str().unwrap())).unwrap(),
    )
    .unwrap();
    let tiles: Vec<(String, String)> = tsj["tiles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            let p = props(&t["properties"]);
            (p["layer"].clone(), p["value"].clone())
        })
        .collect();
    json!({
        "width": j["width"], "height": j["height"], "tilewidth": j["tilewidth"],
        "tileheight": j["tileheight"], "props": props(&j["properties"]), "layers": layers,
        "objects": objects, "tiles": tiles,
    })
}

/// Checks a `.ldtk` project against the dungeons of its levels; `tiles` is the tileset
/// as the Tiled export of the same dungeons read it.
fn check_ldtk(ds: &[Dungeon], path: &Path, tiles: &[(String, String)], schema: Option<&Json>) {
    let text = std::fs::read_to_string(path).unwrap();
    let j: Json = serde_json::from_str(&text).unwrap();
    if let Some(s) = schema {
        let v = jsonschema::validator_for(s).expect("the LDtk schema compiles");
        let errors: Vec<String> = v
            .iter_errors(&j)
            .take(10)
            .map(|e| format!("{} at {}", e, e.instance_path()))
            .collect();
        assert!(
            errors.is_empty(),
            "{}:\n{}",
            path.display(),
            errors.join("\n")
        );
    }
    let p = ldtk2::Ldtk::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert_eq!(p.json_version, "1.5.3");
    assert_eq!(p.levels.len(), ds.len());
    // Unique uids (definitions, fields, levels) and iids (everything that has one).
    let (mut uids, mut iids) = (Vec::new(), Vec::new());
    fn walk(j: &Json, uids: &mut Vec<i64>, iids: &mut Vec<String>) {
        match j {
            Json::Object(m) => {
                for (k, v) in m {
                    match (k.as_str(), v) {
                        ("uid", Json::Number(n)) => uids.push(n.as_i64().unwrap()),
                        ("iid" | "dummyWorldIid", Json::String(s)) => iids.push(s.clone()),
                        _ => walk(v, uids, iids),
                    }
                }
            }
            Json::Array(a) => a.iter().for_each(|v| walk(v, uids, iids)),
            _ => {}
        }
    }
    walk(&j, &mut uids, &mut iids);
    let n = uids.len();
    uids.sort();
    uids.dedup();
    assert_eq!(uids.len(), n, "uids are unique");
    assert!(p.next_uid > *uids.last().unwrap());
    let n = iids.len();
    iids.sort();
    iids.dedup();
    assert_eq!(iids.len(), n, "iids are unique");
    assert!(iids
        .iter()
        .all(|i| i.len() == 36 && i.matches('-').count() == 4));
    let classes_def = p
        .defs
        .layers
        .iter()
        .find(|l| l.identifier == "Classes")
        .unwrap();
    let tileset = &p.defs.tilesets[0];
    assert_eq!(tileset.tile_grid_size, TILE);
    assert!(path
        .with_file_name(tileset.rel_path.as_ref().unwrap())
        .is_file());
    for (d, level) in ds.iter().zip(&p.levels) {
        let lis = level.layer_instances.as_ref().unwrap();
        let get = |id: &str| lis.iter().find(|l| l.identifier == id).unwrap();
        let grid = get("Classes");
        let (w, h) = (grid.c_wid, grid.c_hei);
        let (sx, sy) = scale_of(d, w, h);
        assert_eq!((level.px_wid, level.px_hei), (w * TILE, h * TILE));
        let seed = level
            .field_instances
            .iter()
            .find(|f| f.identifier == "seed")
            .unwrap();
        assert_eq!(seed.value, Some(json!(d.seed.to_string())));
        // IntGrid: 1 + the index of the cell's tile class (or room kind).
        let list = match &d.palette.tiles {
            Some(t) => t.classes.clone(),
            None => d.palette.kinds.clone(),
        };
        let class = d.tile_classes().map(|(_, c)| c);
        let names: Vec<String> = classes_def
            .int_grid_values
            .iter()
            .map(|v| v.identifier.clone().unwrap())
            .collect();
        assert_eq!(names.len(), list.len());
        assert_eq!(grid.int_grid_csv.len() as i64, w * h);
        let tw = d.tile_size().0 as usize;
        for (k, &v) in grid.int_grid_csv.iter().enumerate() {
            let (cx, cy) = ((k as i64 % w / sx) as usize, (k as i64 / w / sy) as usize);
            let want = match &class {
                Some(c) => c[cy * tw + cx] as i64 + 1,
                None => {
                    let g = match &d.layers["rooms"] {
                        Layer::Symbols(rows) => rows[cy].chars().nth(cx).unwrap(),
                        _ => unreachable!(),
                    };
                    if g == d.palette.empty_glyph {
                        0
                    } else {
                        list.iter().position(|c| c.glyph == g).unwrap() as i64 + 1
                    }
                }
            };
            assert_eq!(v, want, "IntGrid cell {k}");
        }
        // Tiles: each Dungeon layer's tiles name the same tile as the Tiled tileset.
        for name in d.layers.keys() {
            let l = lis
                .iter()
                .find(|l| l.identifier == format!("Tiles_{name}"))
                .unwrap_or_else(|| panic!("no tile layer for {name}"));
            let mut at = BTreeMap::new();
            for t in &l.grid_tiles {
                assert_eq!(t.d, vec![t.px[0] / TILE + t.px[1] / TILE * w]);
                at.insert((t.px[0] / TILE, t.px[1] / TILE), t.t);
            }
            for cy in 0..d.height as i64 {
                for cx in 0..d.width as i64 {
                    let got = at
                        .get(&(cx * sx, cy * sy))
                        .map(|&t| tiles[t as usize].clone());
                    let want =
                        expected(d, name, cx as usize, cy as usize).map(|v| (name.clone(), v));
                    assert_eq!(got, want, "LDtk layer {name} cell ({cx}, {cy})");
                }
            }
        }
        // Entities.
        let ents = &get("Entities").entity_instances;
        assert_eq!(ents.len(), d.rooms.len() + d.doors.len() + d.markers.len());
        let field = |e: &ldtk2::EntityInstance, k: &str| {
            e.field_instances
                .iter()
                .find(|f| f.identifier == k)
                .unwrap()
                .value
                .clone()
                .unwrap()
        };
        let (cw, ch) = (sx * TILE, sy * TILE);
        for (r, e) in d.rooms.iter().zip(ents) {
            let b = bbox(&r.cells);
            assert_eq!(e.identifier, "Room");
            assert_eq!(field(e, "kind"), json!(r.kind));
            assert_eq!(e.px, vec![b[0] * cw, b[1] * ch]);
            assert_eq!(
                (e.width, e.height),
                ((b[2] - b[0]) * cw, (b[3] - b[1]) * ch)
            );
        }
        for (door, e) in d.doors.iter().zip(&ents[d.rooms.len()..]) {
            assert_eq!(e.identifier, "Door");
            assert_eq!(field(e, "room_a"), json!(door.rooms[0]));
            let [a, b] = door.cells;
            assert_eq!(e.px[0], (a[0] as i64 * cw + b[0] as i64 * cw + cw) / 2);
            assert_eq!(e.px[1], (a[1] as i64 * ch + b[1] as i64 * ch + ch) / 2);
        }
        for ((name, m), e) in d.markers.iter().zip(&ents[d.rooms.len() + d.doors.len()..]) {
            assert_eq!(
                (e.identifier.as_str(), field(e, "name")),
                ("Marker", json!(name))
            );
            assert_eq!(
                e.px,
                vec![m[0] as i64 * cw + cw / 2, m[1] as i64 * ch + ch / 2]
            );
        }
    }
}

#[test]
fn every_shipped_rule_set_exports_to_tiled_and_ldtk() {
    let schema = schema();
    let files = rule_files();
    assert!(files.len() >= 12, "rule files found: {files:?}");
    for rules in &files {
        let r = rules.to_str().unwrap();
        let stem = rules.file_stem().unwrap().to_string_lossy().into_owned();
        let dir = tmp(&stem);
        let d = Dungeon::from_json(run(&["generate", r, "--seed", "1", "--format", "json"]).trim())
            .unwrap();
        let out = |ext: &str| dir.join(format!("{stem}.{ext}"));
        for f in ["tmx", "tmj", "ldtk"] {
            run(&[
                "generate",
                r,
                "--seed",
                "1",
                "--format",
                f,
                "-o",
                out(f).to_str().unwrap(),
            ]);
        }
        let (tmx, tiles) = check_tmx(&d, &out("tmx"));
        assert_eq!(norm_tmj(&out("tmj")), tmx, "{r}: .tmj and .tmx differ");
        check_ldtk(
            std::slice::from_ref(&d),
            &out("ldtk"),
            &tiles,
            schema.as_ref(),
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// `--count K`: one LDtk project of K levels and K Tiled maps sharing one tileset; saved
/// JSON renders to the same files (but for the rules hash it cannot know); `--scale`.
#[test]
fn several_seeds_share_one_project_and_one_tileset() {
    let schema = schema();
    let dir = tmp("count");
    let r = root().join("rules/isaac/rebirth.ron");
    let r = r.to_str().unwrap();
    let json = run(&[
        "generate", r, "--seed", "3", "--count", "3", "--format", "json",
    ]);
    let ds: Vec<Dungeon> = json
        .lines()
        .map(|l| Dungeon::from_json(l).unwrap())
        .collect();
    let p = |n: &str| dir.join(n);
    let s = |n: &str| p(n).to_str().unwrap().to_string();
    run(&[
        "generate",
        r,
        "--seed",
        "3",
        "--count",
        "3",
        "--format",
        "tmx",
        "-o",
        &s("f.tmx"),
    ]);
    run(&[
        "generate",
        r,
        "--seed",
        "3",
        "--count",
        "3",
        "--format",
        "ldtk",
        "-o",
        &s("f.ldtk"),
    ]);
    let mut tiles = Vec::new();
    for d in &ds {
        let (_, t) = check_tmx(d, &p(&format!("f-{}.tmx", d.seed)));
        tiles = t;
        let text = std::fs::read_to_string(p(&format!("f-{}.tmx", d.seed))).unwrap();
        assert!(text.contains(r#"<tileset firstgid="1" source="f.tsx"/>"#));
    }
    check_ldtk(&ds, &p("f.ldtk"), &tiles, schema.as_ref());
    // The same bytes again; and from saved JSON, the same but the rules hash.
    let first = std::fs::read_to_string(p("f.ldtk")).unwrap();
    run(&[
        "generate",
        r,
        "--seed",
        "3",
        "--count",
        "3",
        "--format",
        "ldtk",
        "-o",
        &s("f.ldtk"),
    ]);
    assert_eq!(std::fs::read_to_string(p("f.ldtk")).unwrap(), first);
    std::fs::write(p("saved.json"), &json).unwrap();
    // Drop the rules hash: known when generating, `null` when rendering saved JSON.
    let drop_hash = |t: &str, known: bool| -> Json {
        let mut j: Json = serde_json::from_str(t).unwrap();
        for l in j["levels"].as_array_mut().unwrap() {
            let f = l["fieldInstances"].as_array_mut().unwrap();
            let i = f
                .iter()
                .position(|f| f["__identifier"] == "rules_hash")
                .unwrap();
            assert_eq!(f[i]["__value"].is_string(), known);
            assert_eq!(f[i]["__value"].is_null(), !known);
            f.remove(i);
        }
        j
    };
    std::fs::create_dir_all(p("saved")).unwrap();
    run(&[
        "render",
        &s("saved.json"),
        "--format",
        "ldtk",
        "-o",
        &s("saved/f.ldtk"),
    ]);
    let g = std::fs::read_to_string(p("saved/f.ldtk")).unwrap();
    assert_eq!(drop_hash(&g, false), drop_hash(&first, true));
    // A scale of 2 tiles per cell.
    run(&[
        "render",
        &s("saved.json"),
        "--format",
        "tmx",
        "--scale",
        "2",
        "-o",
        &s("h.tmx"),
    ]);
    let map = tiled::Loader::new()
        .load_tmx_map(p(&format!("h-{}.tmx", ds[0].seed)))
        .unwrap();
    assert_eq!(
        (map.width, map.height),
        (2 * ds[0].width as u32, 2 * ds[0].height as u32)
    );
    let _ = std::fs::remove_dir_all(&dir);
}
