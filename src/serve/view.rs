//! What the page draws for one dungeon, computed by the renderer's own code so the browser
//! shows what `--format png` shows: the cell view ([`cell_view_of`]: a class per tile at tile
//! resolution, each class with the PNG's colour), the room outlines of a style whose room
//! cells are several tiles, the markers as the PNG draws them (box, glyph, colour, on the
//! cell its style offsets it to), and the legend entries of the picture
//! ([`legend_entries`]).
//!
//! A room graph (no tile layer) has no cell view: the page draws its rooms in the kinds'
//! colours ([`colour::kind`], sent here too) with the same legend and markers.

use crate::dungeon::{parse_colour, Dungeon, Layer};
use crate::render::cells::{cell_view_of, tile_layers, CellView};
use crate::render::colour;
use crate::render::legend::Symbol;
use crate::render::png::legend_entries;
use crate::render::room_map::interior_cells;
use serde_json::{json, Value};

/// `#rrggbb`.
pub fn hex(c: [u8; 3]) -> String {
    format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
}

/// The first character code of the class string (`cells`): class `k` of a tile is the
/// character `OFFSET + k` (one character a tile, compact in JSON; `'0'` is class 0).
pub const OFFSET: u32 = 48;

/// The view of `d` with layer `layer` (one of its tile layers) or, when `None` or not a tile
/// layer, the default view (the finished level). JSON fields:
///
/// - `layer`: the layer drawn (`null` for a room graph); `layers`: the tile layers one may
///   choose; `width`, `height`: tiles; `cell`: tiles per room cell, `[w, h]`;
/// - `classes`: `[colour, label]` per class; `cells`: one character per tile, row-major,
///   class `k` as the character [`OFFSET`]` + k` (`null` for a room graph);
/// - `kinds`: the colour of every room kind of the palette; `outlines`: per room (in order of
///   `rooms`), the colour its outline is drawn in;
/// - `markers`: `{name, glyph, colour, at: [x, y]}` where the map draws each;
/// - `interiors` (a room graph whose rooms have layouts): each room's layout tiles per cell,
///   as the PNG draws them (see `interiors` below);
/// - `legend`: the picture's legend, `{symbol: "fill" | "glyph" | "marker", colour, glyph,
///   label}` per entry.
pub fn view(d: &Dungeon, layer: Option<&str>) -> Value {
    let v = cell_view_of(d, layer);
    let (tw, th) = d.tile_size();
    let (cw, ch) = d.cell_size();
    let kinds: serde_json::Map<String, Value> = d
        .palette
        .kinds
        .iter()
        .map(|k| {
            (
                k.name.clone(),
                json!(hex(colour::kind(&d.palette, &k.name))),
            )
        })
        .collect();
    let outlines: Vec<String> = d
        .rooms
        .iter()
        .map(|r| {
            let c = d
                .palette
                .kind(&r.kind)
                .and_then(|k| parse_colour(&k.colour));
            hex(c.unwrap_or([255, 255, 255]))
        })
        .collect();
    let markers: Vec<Value> = d
        .drawn_markers()
        .into_iter()
        .map(|(s, at)| {
            let c = parse_colour(&s.colour).unwrap_or([255, 255, 255]);
            json!({"name": s.name, "glyph": s.glyph.to_string(), "colour": hex(c), "at": at})
        })
        .collect();
    json!({
        "layer": v.as_ref().map(|v| v.layer.clone()),
        "layers": tile_layers(d),
        "width": tw,
        "height": th,
        "cell": [cw, ch],
        "classes": v.as_ref().map(|v| v.classes.iter().map(|(c, l, _)| json!([hex(*c), l])).collect::<Vec<_>>()),
        "cells": v.as_ref().map(class_string),
        "kinds": kinds,
        "outlines": outlines,
        "markers": markers,
        "interiors": if v.is_none() { interiors(d) } else { Vec::new() },
        "legend": legend(d, v.as_ref()),
    })
}

/// The layout tiles of a room graph's rooms ([`interior_cells`]): per room with a layout,
/// `{size: [w, h], cells: [{at: [x, y], tiles: [colour or null, ...]}]}` (tiles row-major).
fn interiors(d: &Dungeon) -> Vec<Value> {
    interior_cells(d)
        .into_iter()
        .map(|(_, (size, cells))| {
            let cells: Vec<Value> = cells
                .into_iter()
                .map(|(at, tiles)| {
                    let tiles: Vec<Option<String>> =
                        tiles.into_iter().map(|c| c.map(hex)).collect();
                    json!({"at": at, "tiles": tiles})
                })
                .collect();
            json!({"size": size, "cells": cells})
        })
        .collect()
}

/// The classes of `v`'s tiles as one string ([`OFFSET`]).
fn class_string(v: &CellView) -> String {
    v.cells
        .iter()
        .map(|&k| char::from_u32(OFFSET + u32::from(k)).unwrap_or('?'))
        .collect()
}

fn legend(d: &Dungeon, v: Option<&CellView>) -> Vec<Value> {
    legend_entries(d, v)
        .into_iter()
        .map(|e| {
            let (symbol, c, g) = match e.symbol {
                Symbol::Fill(c) => ("fill", c, None),
                Symbol::Glyph(c, g) => ("glyph", c, Some(g)),
                Symbol::Marker(c, g) => ("marker", c, Some(g)),
            };
            json!({
                "symbol": symbol,
                "colour": hex(c),
                "ink": hex(colour::ink_on(c)),
                "glyph": g.map(|g| g.to_string()),
                "label": e.label,
            })
        })
        .collect()
}

/// The tiles (`[x, y]`, tile coordinates) where `b` differs from `a` in any layer, and the
/// names of the layers that differ. A layer on the room grid of a style whose room cells are
/// several tiles marks every tile of a changed cell. Dungeons of different sizes differ
/// everywhere.
pub fn changed_tiles(a: &Dungeon, b: &Dungeon) -> (Vec<[usize; 2]>, Vec<String>) {
    let (tw, th) = b.tile_size();
    let (tw, th) = (tw.max(0) as usize, th.max(0) as usize);
    let mut on = vec![false; tw * th];
    let mut layers = Vec::new();
    let same_size = a.tile_size() == b.tile_size() && a.width == b.width;
    for (name, lb) in &b.layers {
        let on_tiles = tile_layers(b).contains(&name.as_str());
        let (sx, sy) = if on_tiles {
            (1, 1)
        } else {
            let (cw, ch) = b.cell_size();
            (cw.max(1) as usize, ch.max(1) as usize)
        };
        let mut any = false;
        let mut mark = |x: usize, y: usize| {
            any = true;
            for yy in y * sy..((y + 1) * sy).min(th) {
                for xx in x * sx..((x + 1) * sx).min(tw) {
                    on[yy * tw + xx] = true;
                }
            }
        };
        match (a.layers.get(name).filter(|_| same_size), lb) {
            (Some(Layer::Symbols(ra)), Layer::Symbols(rb)) => {
                for (y, rowb) in rb.iter().enumerate() {
                    let rowa = ra.get(y).map_or("", |r| r.as_str());
                    if rowa == rowb {
                        continue;
                    }
                    let mut ca = rowa.chars();
                    for (x, g) in rowb.chars().enumerate() {
                        if ca.next() != Some(g) {
                            mark(x, y);
                        }
                    }
                }
            }
            (Some(Layer::Ids(ra)), Layer::Ids(rb)) => {
                for (y, rowb) in rb.iter().enumerate() {
                    let rowa = ra.get(y).map_or(&[][..], |r| r.as_slice());
                    if rowa == rowb.as_slice() {
                        continue;
                    }
                    for (x, id) in rowb.iter().enumerate() {
                        if rowa.get(x) != Some(id) {
                            mark(x, y);
                        }
                    }
                }
            }
            _ => {
                for y in 0..th / sy {
                    for x in 0..tw / sx {
                        mark(x, y);
                    }
                }
            }
        }
        if any {
            layers.push(name.clone());
        }
    }
    let tiles = on
        .iter()
        .enumerate()
        .filter(|(_, &c)| c)
        .map(|(i, _)| [i % tw.max(1), i / tw.max(1)])
        .collect();
    (tiles, layers)
}
