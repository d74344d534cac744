//! LDtk projects (`.ldtk`, JSON, LDtk 1.5.3): one level per dungeon, in one world laid out
//! freely left to right.
//!
//! Every level has, top to bottom, the layers:
//! - `Entities`: a `Room` per room (its bounding box; fields `kind`, `id`, `shape` and
//!   `outline`, the corners of the polygon over its cells in grid coordinates), a `Door`
//!   per door (centred on the middle of the edge it crosses; fields `room_a`, `room_b`) and
//!   a `Marker` per marker (centred on its cell; field `name`);
//! - `Classes`: an IntGrid of the tile classes (value `1 +` the class's index in the
//!   palette's tile classes), or, for a dungeon without tile classes, of the room kinds
//!   (`1 +` the kind's index; 0 where there is no room), so auto-layer rules can paint it;
//! - one `Tiles_<layer>` tile layer per dungeon layer, from the shared tileset picture.
//!
//! Levels carry the provenance as fields (`null` where not known: the rules hash of saved
//! JSON). Every definition, level and layer has its own
//! `uid` (one counter), and every `iid` is derived from the seed, the level's index and what
//! it names ([`super::iid`]), so the same dungeons give the same bytes.

use super::tileset::Tileset;
use super::{bounds, objects, outline, provenance, Place, Prop, Provenance, Scale, TILE};
use crate::dungeon::{Dungeon, Layer, Swatch};
use crate::render::cells::ROOMS_LAYER;
use serde_json::{json, Value as Json};
use std::collections::{BTreeMap, BTreeSet};

/// The LDtk JSON version written.
pub const JSON_VERSION: &str = "1.5.3";

/// A valid LDtk identifier from `s`: letters, digits and `_`, not starting with a digit.
pub fn identifier(s: &str) -> String {
    let mut o: String = s
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    if o.is_empty() || o.starts_with(|c: char| c.is_ascii_digit()) {
        o.insert(0, '_');
    }
    o
}

/// The IntGrid values of `d`: the tile classes, or else the room kinds.
pub fn classes(d: &Dungeon) -> &[Swatch] {
    match &d.palette.tiles {
        Some(t) => t.classes.as_slice(),
        None => d.palette.kinds.as_slice(),
    }
}

/// The IntGrid value of every cell of `d`, as a function of `(x, y)`: `1 +` the index of the
/// cell's tile class ([`Dungeon::tile_classes`]), or else of the room kind whose glyph the
/// rooms layer has there; 0 for none.
pub fn class_values(d: &Dungeon) -> impl Fn(usize, usize) -> u32 + '_ {
    let w = d.tile_size().0.max(0) as usize;
    let tiles = d.tile_classes().map(|(_, c)| c);
    move |x, y| match &tiles {
        Some(c) if x < w => c.get(y * w + x).map_or(0, |&k| k as u32 + 1),
        Some(_) => 0,
        None => {
            let glyph = match d.layers.get(ROOMS_LAYER) {
                Some(Layer::Symbols(rows)) => rows.get(y).and_then(|r| r.chars().nth(x)),
                _ => None,
            };
            match glyph {
                Some(g) if g != d.palette.empty_glyph => d
                    .palette
                    .kinds
                    .iter()
                    .position(|c| c.glyph == g)
                    .map_or(0, |i| i as u32 + 1),
                _ => 0,
            }
        }
    }
}

struct Uids(i64);
impl Uids {
    fn next(&mut self) -> i64 {
        self.0 += 1;
        self.0
    }
}

/// A field definition of type `ty` (`String`, `Int`, `Point`), an array when `array`.
fn field_def(uid: i64, name: &str, ty: &str, array: bool) -> Json {
    json!({
        "identifier": name, "doc": null, "uid": uid,
        "__type": if array { format!("Array<{ty}>") } else { ty.to_string() },
        "type": format!("F_{ty}"), "isArray": array, "canBeNull": true,
        "arrayMinLength": null, "arrayMaxLength": null, "editorDisplayMode": "Hidden",
        "editorDisplayScale": 1, "editorDisplayPos": "Above", "editorLinkStyle": "StraightArrow",
        "editorDisplayColor": null, "editorAlwaysShow": false, "editorShowInWorld": true,
        "editorCutLongValues": true, "editorTextSuffix": null, "editorTextPrefix": null,
        "useForSmartColor": false, "exportToToc": false, "searchable": false, "min": null,
        "max": null, "regex": null, "acceptFileTypes": null, "defaultOverride": null,
        "textLanguageMode": null, "symmetricalRef": false, "autoChainRef": true,
        "allowOutOfLevelRef": true, "allowedRefs": "OnlySame", "allowedRefsEntityUid": null,
        "allowedRefTags": [], "tilesetUid": null,
    })
}

/// A field instance of definition `def` (`uid`, identifier, type) holding `v`.
fn field(def: &Json, v: &Prop) -> Json {
    let (value, real) = match v {
        Prop::Int(n) => (json!(n), json!([{"id": "V_Int", "params": [n]}])),
        Prop::Str(s) => (json!(s), json!([{"id": "V_String", "params": [s]}])),
    };
    json!({
        "__identifier": def["identifier"], "__type": def["__type"], "__value": value,
        "__tile": null, "defUid": def["uid"], "realEditorValues": real,
    })
}

/// An `Array<Point>` field instance of definition `def`.
fn points_field(def: &Json, pts: &[[i64; 2]]) -> Json {
    let value: Vec<Json> = pts
        .iter()
        .map(|p| json!({"cx": p[0], "cy": p[1]}))
        .collect();
    let real: Vec<Json> = pts
        .iter()
        .map(|p| json!({"id": "V_String", "params": [format!("{},{}", p[0], p[1])]}))
        .collect();
    json!({
        "__identifier": def["identifier"], "__type": def["__type"], "__value": value,
        "__tile": null, "defUid": def["uid"], "realEditorValues": real,
    })
}

/// The definition of an entity `name` with `fields`, drawn `color`, `w`x`h` pixels.
fn entity_def(uid: i64, name: &str, color: &str, pivot: f64, fields: &[Json]) -> Json {
    json!({
        "identifier": name, "uid": uid, "tags": [], "exportToToc": false, "allowOutOfBounds": false,
        "doc": null, "width": TILE, "height": TILE, "resizableX": true, "resizableY": true,
        "minWidth": null, "maxWidth": null, "minHeight": null, "maxHeight": null,
        "keepAspectRatio": false, "tileOpacity": 1, "fillOpacity": 0.08, "lineOpacity": 1,
        "hollow": pivot == 0.0, "color": color, "renderMode": "Rectangle", "showName": true,
        "tilesetId": null, "tileRenderMode": "FitInside", "tileRect": null, "uiTileRect": null,
        "nineSliceBorders": [], "maxCount": 0, "limitScope": "PerLevel",
        "limitBehavior": "MoveLastOne", "pivotX": pivot, "pivotY": pivot, "fieldDefs": fields,
    })
}

/// A layer definition.
fn layer_def(uid: i64, name: &str, ty: &str, tileset: Option<i64>, values: Vec<Json>) -> Json {
    json!({
        "__type": ty, "identifier": name, "type": ty, "uid": uid, "doc": null, "uiColor": null,
        "gridSize": TILE, "guideGridWid": 0, "guideGridHei": 0, "displayOpacity": 1,
        "inactiveOpacity": 1, "hideInList": false, "hideFieldsWhenInactive": true,
        "canSelectWhenInactive": true, "renderInWorldView": true, "pxOffsetX": 0,
        "pxOffsetY": 0, "parallaxFactorX": 0, "parallaxFactorY": 0, "parallaxScaling": true,
        "requiredTags": [], "excludedTags": [], "autoTilesKilledByOtherLayerUid": null,
        "uiFilterTags": [], "useAsyncRender": false, "intGridValues": values,
        "intGridValuesGroups": [], "autoRuleGroups": [], "autoSourceLayerDefUid": null,
        "tilesetDefUid": tileset, "tilePivotX": 0, "tilePivotY": 0, "biomeFieldUid": null,
    })
}

/// The LDtk project of dungeons `ds`, dungeon `i` at scale `scales[i]`, tiles from `ts`
/// whose picture is the file `image` (relative to the project).
pub fn project(
    ds: &[Dungeon],
    scales: &[Scale],
    ts: &Tileset,
    p: &Provenance,
    image: &str,
) -> String {
    let mut uid = Uids(0);
    let defs = defs(ds, ts, image, &mut uid);
    let mut levels = Vec::new();
    let mut world_x = 0i64;
    let mut seen = BTreeSet::new();
    for (i, d) in ds.iter().enumerate() {
        let s = scales[i];
        let (cw, ch) = (d.width.max(0) as u32 * s.x, d.height.max(0) as u32 * s.y);
        let level_uid = uid.next();
        let key = format!("{}/{}/{i}", d.ruleset, d.seed);
        let mut name = format!("Seed_{}", d.seed);
        if !seen.insert(name.clone()) {
            name = format!("Seed_{}_{i}", d.seed);
        }
        let inst = |def: &Json, what: &str| {
            json!({
                "__identifier": def["identifier"], "__type": def["__type"], "__cWid": cw,
                "__cHei": ch, "__gridSize": TILE, "__opacity": 1, "__pxTotalOffsetX": 0,
                "__pxTotalOffsetY": 0, "__tilesetDefUid": def["tilesetDefUid"],
                "__tilesetRelPath": if def["tilesetDefUid"].is_null() { json!(null) } else { json!(image) },
                "iid": super::iid(&format!("{key}/layer/{what}")), "levelId": level_uid,
                "layerDefUid": def["uid"], "pxOffsetX": 0, "pxOffsetY": 0, "visible": true,
                "optionalRules": [], "intGridCsv": [], "autoLayerTiles": [], "seed": 0,
                "overrideTilesetUid": null, "gridTiles": [], "entityInstances": [],
            })
        };
        let mut ents = inst(&defs.entities_layer, "entities");
        ents["entityInstances"] = json!(entity_instances(d, s, &key, &defs.entities, world_x));
        let mut grid = inst(&defs.classes_layer, "classes");
        let value = class_values(d);
        let csv: Vec<u32> = (0..ch as usize)
            .flat_map(|ty| (0..cw as usize).map(move |tx| (tx, ty)))
            .map(|(tx, ty)| value(tx / s.x as usize, ty / s.y as usize))
            .collect();
        grid["intGridCsv"] = json!(csv);
        let mut insts = vec![ents, grid];
        for (n, def) in &defs.tile_layers {
            let mut l = inst(def, n);
            if let Some(layer) = d.layers.get(*n) {
                l["gridTiles"] = json!(grid_tiles(ts, d, n, layer, s, cw));
            }
            insts.push(l);
        }
        // Every level field, `null` for one not known (the rules hash of saved JSON).
        let fields = level_field_values(&defs.level_fields, &provenance(d, p));
        let (pw, ph) = (cw * TILE, ch * TILE);
        levels.push(json!({
            "identifier": name, "iid": super::iid(&format!("{key}/level")), "uid": level_uid,
            "worldX": world_x, "worldY": 0, "worldDepth": 0, "pxWid": pw, "pxHei": ph,
            "__bgColor": "#14141A", "bgColor": null, "useAutoIdentifier": false,
            "bgRelPath": null, "bgPos": null, "bgPivotX": 0.5, "bgPivotY": 0.5,
            "__smartColor": "#8A8A8D", "__bgPos": null, "externalRelPath": null,
            "fieldInstances": fields, "layerInstances": insts, "__neighbours": [],
        }));
        world_x += pw as i64 + 4 * TILE as i64;
    }
    let all_seeds: Vec<String> = ds
        .iter()
        .map(|d| format!("{}/{}", d.ruleset, d.seed))
        .collect();
    let key = all_seeds.join(",");
    let root = project_json(&key, uid.next(), defs, levels);
    serde_json::to_string_pretty(&root).expect("JSON serialises") + "\n"
}

/// The project's JSON: the header, the definitions and the levels; `key` names the
/// dungeons (for the stable iids), `next_uid` is the first uid not used.
fn project_json(key: &str, next_uid: i64, defs: Defs, levels: Vec<Json>) -> Json {
    let Defs {
        tileset,
        entities,
        level_fields,
        defs_layers,
        ..
    } = defs;
    json!({
        "__header__": {
            "fileType": "LDtk Project JSON", "app": "LDtk", "doc": "https://ldtk.io/json",
            "schema": "https://ldtk.io/files/JSON_SCHEMA.json",
            "appAuthor": "Sebastien 'deepnight' Benard", "appVersion": JSON_VERSION,
            "url": "https://ldtk.io",
        },
        "iid": super::iid(&format!("{key}/project")), "jsonVersion": JSON_VERSION,
        "appBuildId": 473703, "nextUid": next_uid, "identifierStyle": "Free", "toc": [],
        "worldLayout": "Free", "worldGridWidth": 256, "worldGridHeight": 256,
        "defaultLevelWidth": 256, "defaultLevelHeight": 256, "defaultPivotX": 0,
        "defaultPivotY": 0, "defaultGridSize": TILE, "defaultEntityWidth": TILE,
        "defaultEntityHeight": TILE, "bgColor": "#14141A", "defaultLevelBgColor": "#14141A",
        "minifyJson": false, "externalLevels": false, "exportTiled": false,
        "simplifiedExport": false, "imageExportMode": "None", "exportLevelBg": true,
        "pngFilePattern": null, "backupOnSave": false, "backupLimit": 10,
        "backupRelPath": null, "levelNamePattern": "Level_%idx", "tutorialDesc": null,
        "customCommands": [], "flags": [],
        "defs": {
            "layers": defs_layers, "entities": entities, "tilesets": [tileset], "enums": [],
            "externalEnums": [], "levelFields": level_fields,
        },
        "levels": levels, "worlds": [],
        "dummyWorldIid": super::iid(&format!("{key}/world")),
    })
}

/// The definitions of a project, in uid order: the tileset, the entities, the level fields,
/// the entity, class and tile layers.
struct Defs<'a> {
    tileset: Json,
    entities: Vec<Json>,
    level_fields: Vec<Json>,
    entities_layer: Json,
    classes_layer: Json,
    /// Per layer name of any dungeon: its tile layer's definition.
    tile_layers: BTreeMap<&'a String, Json>,
    /// Every layer definition, in order.
    defs_layers: Vec<Json>,
}

/// The definitions of the project of `ds` (uids from `uid`, in the order LDtk files list
/// them).
fn defs<'a>(ds: &'a [Dungeon], ts: &Tileset, image: &str, uid: &mut Uids) -> Defs<'a> {
    let tileset_uid = uid.next();
    let tileset = json!({
        "__cWid": ts.columns(), "__cHei": ts.rows(), "identifier": "Tiles", "uid": tileset_uid,
        "relPath": image, "embedAtlas": null, "pxWid": ts.columns() * TILE,
        "pxHei": ts.rows() * TILE, "tileGridSize": TILE, "spacing": 0, "padding": 0,
        "tags": [], "tagsSourceEnumUid": null, "enumTags": [], "customData": [],
        "savedSelections": [], "cachedPixelData": null,
    });
    let f = |uid: &mut Uids, n: &str, t: &str, a: bool| field_def(uid.next(), n, t, a);
    let room_fields = vec![
        f(uid, "kind", "String", false),
        f(uid, "id", "Int", false),
        f(uid, "shape", "String", false),
        f(uid, "outline", "Point", true),
    ];
    let door_fields = vec![
        f(uid, "room_a", "Int", false),
        f(uid, "room_b", "Int", false),
    ];
    let marker_fields = vec![f(uid, "name", "String", false)];
    let entities = vec![
        entity_def(uid.next(), "Room", "#94D9B3", 0.0, &room_fields),
        entity_def(uid.next(), "Door", "#E0A040", 0.5, &door_fields),
        entity_def(uid.next(), "Marker", "#FFDC3C", 0.5, &marker_fields),
    ];
    let names = ["ruleset", "rules_hash", "seed", "params", "engine"];
    let level_fields: Vec<Json> = names.iter().map(|n| f(uid, n, "String", false)).collect();
    let first = ds.first();
    let values: Vec<Json> = first.map_or(&[][..], |d| classes(d))
        .iter()
        .enumerate()
        .map(|(i, c)| {
            json!({"value": i + 1, "identifier": identifier(&c.name), "color": c.colour.to_uppercase(), "tile": null, "groupUid": 0})
        })
        .collect();
    let entities_layer = layer_def(uid.next(), "Entities", "Entities", None, vec![]);
    let classes_layer = layer_def(uid.next(), "Classes", "IntGrid", None, values);
    let names: BTreeSet<&String> = ds.iter().flat_map(|d| d.layers.keys()).collect();
    let tile_layers: BTreeMap<&String, Json> = names
        .into_iter()
        .map(|n| {
            let id = format!("Tiles_{}", identifier(n));
            (
                n,
                layer_def(uid.next(), &id, "Tiles", Some(tileset_uid), vec![]),
            )
        })
        .collect();
    let mut defs_layers = vec![entities_layer.clone(), classes_layer.clone()];
    defs_layers.extend(tile_layers.values().cloned());
    Defs {
        tileset,
        entities,
        level_fields,
        entities_layer,
        classes_layer,
        tile_layers,
        defs_layers,
    }
}

/// The tiles of layer `n` of `d` at scale `s` (`cw` tiles wide), non-empty ones only.
fn grid_tiles(ts: &Tileset, d: &Dungeon, n: &str, layer: &Layer, s: Scale, cw: u32) -> Vec<Json> {
    let gids = ts.gids(d, n, layer, s);
    gids.iter()
        .enumerate()
        .filter(|(_, &g)| g != 0)
        .map(|(k, &g)| {
            let (tx, ty) = (k as u32 % cw, k as u32 / cw);
            let t = g - 1;
            json!({"px": [tx * TILE, ty * TILE], "src": ts.src(t), "f": 0, "t": t, "d": [k], "a": 1})
        })
        .collect()
}

/// Every level field's value: the `known` one, `null` for one not known (the rules hash of
/// saved JSON).
fn level_field_values(level_fields: &[Json], known: &[(&str, String)]) -> Vec<Json> {
    level_fields
        .iter()
        .map(
            |def| match known.iter().find(|(k, _)| def["identifier"] == *k) {
                Some((_, v)) => field(def, &Prop::Str(v.clone())),
                None => json!({
                    "__identifier": def["identifier"], "__type": def["__type"],
                    "__value": null, "__tile": null, "defUid": def["uid"],
                    "realEditorValues": [],
                }),
            },
        )
        .collect()
}

/// The entity instances of `d`: rooms, doors, markers (see the module doc).
fn entity_instances(d: &Dungeon, s: Scale, key: &str, defs: &[Json], world_x: i64) -> Vec<Json> {
    let t = TILE as i64;
    let obs = objects(d, s);
    obs.iter()
        .enumerate()
        .map(|(k, ob)| {
            // `objects` lists the rooms, then the doors, then the markers.
            let (nr, nd) = (d.rooms.len(), d.doors.len());
            let def = &defs[if k < nr {
                0
            } else if k < nr + nd {
                1
            } else {
                2
            }];
            let fd = def["fieldDefs"].as_array().expect("fields");
            let (px, w, h, pivot) = match &ob.place {
                Place::Rect { x, y, w, h } => ([*x, *y], *w, *h, 0.0),
                Place::Polygon { x, y, .. } => {
                    let r = &d.rooms[k];
                    let b = bounds(&r.cells);
                    let (cw, ch) = s.cell_px();
                    (
                        [*x, *y],
                        (b[2] - b[0]) as i64 * cw,
                        (b[3] - b[1]) as i64 * ch,
                        0.0,
                    )
                }
                Place::Point { x, y } => ([*x, *y], t, t, 0.5),
            };
            let fields: Vec<Json> = if k < d.rooms.len() {
                let r = &d.rooms[k];
                let set: BTreeSet<[i32; 2]> = r.cells.iter().copied().collect();
                let corners: Vec<[i64; 2]> = outline(&set)
                    .iter()
                    .map(|c| [c[0] as i64 * s.x as i64, c[1] as i64 * s.y as i64])
                    .collect();
                vec![
                    field(&fd[0], &Prop::Str(r.kind.clone())),
                    field(&fd[1], &Prop::Int(r.id as i64)),
                    field(&fd[2], &Prop::Str(r.shape.clone())),
                    points_field(&fd[3], &corners),
                ]
            } else if k < d.rooms.len() + d.doors.len() {
                ob.props
                    .iter()
                    .zip(fd)
                    .map(|((_, v), def)| field(def, v))
                    .collect()
            } else {
                vec![field(&fd[0], &Prop::Str(ob.name.clone()))]
            };
            json!({
                "__identifier": def["identifier"], "__grid": [px[0] / t, px[1] / t],
                "__pivot": [pivot, pivot], "__tags": [], "__tile": null,
                "__smartColor": def["color"], "__worldX": world_x + px[0], "__worldY": px[1],
                "iid": super::iid(&format!("{key}/entity/{k}")), "width": w, "height": h,
                "defUid": def["uid"], "px": px, "fieldInstances": fields,
            })
        })
        .collect()
}
