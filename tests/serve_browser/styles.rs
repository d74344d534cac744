//! Every shipped rule set in the real page (issue 47): its gallery and one dungeon alone are
//! drawn (several colours over most of each map, no seed failed) and screenshotted into
//! `target/serve-e2e/<rule set path with / as _>-gallery.png` and `...-single.png`, and the
//! page's tiles have the colours `generate --format png` gives the same seed: for a tile
//! style, the colour at the centre of every tile (but those under a marker's box) is the
//! PNG's at the centre of that tile; for a room graph, every room cell (near its bottom-left
//! corner, clear of glyphs and layout tiles) is its kind's
//! colour, a colour the PNG has, and every colour of its rooms' layout tiles is on the map.

use super::artefacts;
use super::serve_util::cdp::{chromium, Browser};
use super::serve_util::{start, tempdir};
use image::RgbImage;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use undercroft::render::png::{picture, LINE, MARGIN, TILE};
use undercroft::{Dungeon, Params, RuleSet};

/// Seeds in each gallery (the fewest the page shows).
const SEEDS: u32 = 4;

/// The rule files under `rules/`, sorted.
fn shipped() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    for dir in std::fs::read_dir(root.join("rules")).unwrap() {
        let dir = dir.unwrap().path();
        if !dir.is_dir() {
            continue;
        }
        for f in std::fs::read_dir(&dir).unwrap() {
            let f = f.unwrap().path();
            if f.extension().is_some_and(|e| e == "ron") {
                out.push(f.strip_prefix(root).unwrap().to_path_buf());
            }
        }
    }
    out.sort();
    assert!(out.len() >= 20, "shipped rule sets: {out:?}");
    out
}

/// Per gallery canvas: [distinct colours, share of pixels that are not the background].
const COVER: &str = "[...document.querySelectorAll('#gallery canvas')].map(c => { \
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; \
    const s = new Set(); let bg = 0; \
    for (let i = 0; i < d.length; i += 4) { const k = d[i] << 16 | d[i+1] << 8 | d[i+2]; s.add(k); if (k === 0x14141a) bg++; } \
    return [s.size, 1 - bg / Math.max(1, d.length / 4)]; })";

/// The names of the classes on the single view's map and of its markers that its legend
/// does not show (a tile view of at most 24 classes; every view's markers).
const LEGEND_MISSING: &str = "(() => { const v = window.undercroft.gallery.items[0].view; \
    const shown = [...document.querySelectorAll('#single-legend .entry span')].map(e => e.textContent.replace(/(: \\d+| x\\d+)$/, '')); \
    const want = v.markers.map(m => m.name); \
    if (v.cells && v.classes.length <= 24) for (const k of new Set(v.cells)) want.push(v.classes[k.charCodeAt(0) - 48][1]); \
    return [...new Set(want)].filter(n => !shown.includes(n)); })()";

/// The colours of the room layouts' tiles of the single view (a room graph's `interiors`)
/// that no pixel of its map has.
const INTERIORS_MISSING: &str = "(() => { const v = window.undercroft.gallery.items[0].view, c = document.getElementById('big'); \
    const want = new Set(v.interiors.flatMap(r => r.cells.flatMap(c => c.tiles)).filter(t => t)); \
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data, have = new Set(); \
    for (let i = 0; i < d.length; i += 4) have.add('#' + ((d[i] << 16 | d[i+1] << 8 | d[i+2]) >>> 0).toString(16).padStart(6, '0')); \
    return [...want].filter(t => !have.has(t)); })()";

/// The big canvas's colour (`rrggbb`) at a point of every cell of a `w × h` grid of `s`
/// pixels a cell: the centre of a tile, or for a room graph (`corner`) the second pixel from
/// the left and from the bottom of a cell (a room's glyph sits in the middle or the top-left of
/// its first cell, a layout's tiles leave two pixels a side, a cell one pixel of gap).
fn centres_js(w: i64, h: i64, corner: bool) -> String {
    let (px, py) = if corner {
        ("x * s + 1", "(y + 1) * s - 2")
    } else {
        ("Math.floor((x + 0.5) * s)", "Math.floor((y + 0.5) * s)")
    };
    format!(
        "(() => {{ const c = document.getElementById('big'), s = c.width / {w}, \
           d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data, out = []; \
           for (let y = 0; y < {h}; y++) for (let x = 0; x < {w}; x++) {{ \
             const i = (({py}) * c.width + ({px})) * 4; \
             out.push(((d[i] << 16 | d[i+1] << 8 | d[i+2]) >>> 0).toString(16).padStart(6, '0')); }} \
           return out; }})()"
    )
}

fn hex(c: [u8; 3]) -> String {
    format!("{:02x}{:02x}{:02x}", c[0], c[1], c[2])
}

/// Compare the page's cell centres with the PNG of `d` (module doc); a message per mismatch
/// class, empty when they agree.
fn compare(d: &Dungeon, page: &[String], png: &RgbImage, view: &serde_json::Value) -> Vec<String> {
    let mut bad = Vec::new();
    if view["cells"].is_string() {
        let (w, h) = (
            view["width"].as_i64().unwrap(),
            view["height"].as_i64().unwrap(),
        );
        let marked: BTreeSet<[i32; 2]> = d.drawn_markers().into_iter().map(|(_, a)| a).collect();
        let top = MARGIN + LINE;
        for y in 0..h {
            for x in 0..w {
                if marked.contains(&[x as i32, y as i32]) {
                    continue;
                }
                let p = png.get_pixel(
                    MARGIN + x as u32 * TILE + TILE / 2,
                    top + y as u32 * TILE + TILE / 2,
                );
                let want = hex(p.0);
                let got = &page[(y * w + x) as usize];
                if *got != want && bad.len() < 5 {
                    bad.push(format!("tile {x},{y}: page {got}, png {want}"));
                }
            }
        }
    } else {
        let colours: BTreeSet<String> = png.pixels().map(|p| hex(p.0)).collect();
        let marked: BTreeSet<[i32; 2]> = d.drawn_markers().into_iter().map(|(_, a)| a).collect();
        for r in &d.rooms {
            let want = view["kinds"][&r.kind]
                .as_str()
                .unwrap()
                .trim_start_matches('#');
            if !colours.contains(want) {
                bad.push(format!("kind {} colour {want} is not in the png", r.kind));
            }
            for &[x, y] in &r.cells {
                let got = &page[(y * d.width + x) as usize];
                if !marked.contains(&[x, y]) && got != want && bad.len() < 5 {
                    bad.push(format!("room cell {x},{y}: page {got}, kind {want}"));
                }
            }
        }
    }
    bad
}

#[test]
fn every_shipped_rule_set_is_drawn_as_its_png() {
    let Some(exe) = chromium() else { return };
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut b = Browser::start(&exe, &tempdir("styles").join("profile"), 1400, 900);
    let mut failures = Vec::new();
    for rel in shipped() {
        let name = rel.display().to_string();
        let file = name.replace('/', "_");
        let server = start(&root.join(&rel), SEEDS);
        b.goto(&server.url());
        b.wait_for(
            &format!("document.querySelectorAll('#gallery .card').length === {SEEDS} && !!window.undercroft.gallery"),
            &format!("the gallery of {name}"),
        );
        let failed = b.eval("window.undercroft.gallery.items.filter(i => !i.dungeon).map(i => i.seed + ': ' + i.error)");
        assert_eq!(failed, serde_json::json!([]), "{name}: seeds failed");
        b.screenshot(&artefacts().join(format!("{file}-gallery.png")));
        for (i, c) in b.eval(COVER).as_array().unwrap().iter().enumerate() {
            let (n, share) = (c[0].as_u64().unwrap(), c[1].as_f64().unwrap());
            if n < 3 || share < 0.5 {
                failures.push(format!(
                    "{name}: gallery picture {i} is blank: {n} colours, {:.0}% of it drawn",
                    share * 100.0
                ));
            }
        }
        let entries = b.eval("document.querySelectorAll('#legend .entry').length");
        if entries.as_u64().unwrap_or(0) < 2 {
            failures.push(format!(
                "{name}: the gallery's legend has {entries} entries"
            ));
        }
        b.eval("document.querySelector('#gallery canvas').click()");
        b.wait_for(
            "!document.getElementById('single').hidden",
            "the single view",
        );
        b.screenshot(&artefacts().join(format!("{file}-single.png")));
        let view = b.eval("window.undercroft.gallery.items[0].view");
        let rs = RuleSet::load(root.join(&rel)).unwrap();
        let d = rs.generate(1, &Params::new()).unwrap();
        let (w, h, corner) = if view["cells"].is_string() {
            (
                view["width"].as_i64().unwrap(),
                view["height"].as_i64().unwrap(),
                false,
            )
        } else {
            (d.width as i64, d.height as i64, true)
        };
        let page: Vec<String> = serde_json::from_value(b.eval(&centres_js(w, h, corner))).unwrap();
        // the legend beside the map names every class on it (up to the 24 the PNG lists)
        // and every marker
        let missing = b.eval(LEGEND_MISSING);
        if missing != serde_json::json!([]) {
            failures.push(format!("{name}: the legend misses {missing}"));
        }
        // room layouts (flash-rooms, themed_halls...): every interior colour is on the map
        let missing = b.eval(INTERIORS_MISSING);
        if missing != serde_json::json!([]) {
            failures.push(format!("{name}: room layout colours not drawn: {missing}"));
        }
        for m in compare(&d, &page, &picture(&d), &view) {
            failures.push(format!("{name} seed 1: {m}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
