//! The real page of `undercroft serve` in headless Chromium (issue 19), driven over the
//! DevTools protocol: it opens the gallery and checks N canvases drawn with the right seeds;
//! saves a broken rule file and sees the error in place (file:line:col) with the old
//! pictures kept; saves a good one and sees new pictures; changes a parameter control and
//! sees the pictures change; opens one dungeon, hovers a room and steps through the trace;
//! and keeps a screenshot in `target/serve-e2e/` (a test artefact, not committed).
//!
//! Chromium: `$CHROMIUM` or `/usr/bin/chromium`; absent → "skipped", or a failure under
//! `CI=true`.

mod serve_util;
#[path = "serve_browser/styles.rs"]
mod styles;
#[path = "serve_browser/url.rs"]
mod url;
use serve_util::cdp::{chromium, Browser};
use serve_util::*;

use serde_json::json;
use std::fs;
use std::path::PathBuf;

const N: u32 = 8;

fn artefacts() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/serve-e2e")
}

/// The data URLs of the gallery's canvases (their pixels), in order.
const PICTURES: &str = "[...document.querySelectorAll('#gallery canvas')].map(c => c.toDataURL())";

#[test]
fn the_gallery_reloads_on_save_and_follows_the_controls() {
    let Some(exe) = chromium() else { return };
    let dir = tempdir("browser");
    let rules = dir.join("flash.ron");
    fs::write(&rules, flash("e2e-one", 1)).unwrap();
    let server = start(&rules, N);
    let mut b = Browser::start(&exe, &dir.join("profile"), 1280, 900);
    b.goto(&server.url());

    // N canvases, drawn, with seeds 1..=N
    b.wait_for(
        &format!("document.querySelectorAll('#gallery canvas').length === {N} && window.undercroft.gallery.rules.name === 'e2e-one'"),
        "the first gallery",
    );
    let seeds = b
        .eval("[...document.querySelectorAll('#gallery canvas')].map(c => Number(c.dataset.seed))");
    assert_eq!(seeds, json!((1..=N).collect::<Vec<_>>()));
    let captions =
        b.eval("[...document.querySelectorAll('#gallery .card .seed')].map(e => e.textContent)");
    assert_eq!(captions[0], "seed 1");
    // every canvas has pixels of more than one colour (a map, not a blank rectangle)
    let colours = b.eval(
        "[...document.querySelectorAll('#gallery canvas')].map(c => { \
           const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; \
           const s = new Set(); for (let i = 0; i < d.length; i += 4) s.add(d[i] << 16 | d[i+1] << 8 | d[i+2]); \
           return c.width > 0 ? s.size : 0; })",
    );
    for (i, n) in colours.as_array().unwrap().iter().enumerate() {
        assert!(
            n.as_u64().unwrap() >= 3,
            "canvas {i} is not drawn: {n} colours"
        );
    }
    let first = b.eval(PICTURES);
    let distinct: std::collections::BTreeSet<String> = first
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.to_string())
        .collect();
    assert!(
        distinct.len() > N as usize / 2,
        "different seeds, different pictures"
    );

    // a broken save: the error in place with file:line:col, the old pictures kept
    let broken = flash("e2e-broken", 1).replacen("room_kind:", "room_knd:", 1);
    let line = broken.lines().position(|l| l.contains("room_knd")).unwrap() + 1;
    fs::write(&rules, &broken).unwrap();
    let at = b.wait_for(
        "!document.getElementById('diagnostics').hidden && document.querySelector('#diagnostics .at').textContent",
        "the diagnostics of the broken save",
    );
    let at = at.as_str().unwrap();
    assert!(at.starts_with(&format!("flash.ron:{line}:")), "{at}");
    let text = b.eval("document.getElementById('diagnostics').textContent");
    assert!(text.as_str().unwrap().contains("room_knd"), "{text}");
    assert_eq!(b.eval(PICTURES), first, "the last good pictures stay");
    assert_eq!(
        b.eval("document.getElementById('badge').textContent"),
        "broken save"
    );

    // a good save: new pictures, the error gone
    fs::write(&rules, flash("e2e-two", 9)).unwrap();
    b.wait_for(
        "window.undercroft.gallery.rules.name === 'e2e-two' && document.getElementById('diagnostics').hidden",
        "the pictures of the good save",
    );
    let second = b.eval(PICTURES);
    assert_eq!(second.as_array().unwrap().len(), N as usize);
    assert_ne!(second, first, "new pictures after the good save");

    // a parameter control generated from the rule set's params: move `level`
    let control = b.eval("(() => { const i = document.querySelector('#params input[name=level]'); return [i.type, i.min, i.max, i.value]; })()");
    assert_eq!(control, json!(["range", "1", "11", "9"]));
    b.eval("(() => { const i = document.querySelector('#params input[name=level]'); i.value = '2'; i.dispatchEvent(new Event('input')); })()");
    b.wait_for(
        "window.undercroft.gallery.params.level === '2'",
        "the gallery of level 2",
    );
    let third = b.eval(PICTURES);
    assert_ne!(third, second, "the parameter changed the pictures");
    let level = b.eval("window.undercroft.gallery.items[0].dungeon.params.level");
    assert_eq!(level, 2);
    let stats = b.eval("document.getElementById('stats').textContent");
    assert!(
        stats
            .as_str()
            .unwrap()
            .contains(&format!("{N} of {N} generated")),
        "{stats}"
    );
    b.screenshot(&artefacts().join("gallery.png"));

    // one dungeon: hover names the room under the pointer; the trace steps back
    b.eval("document.querySelector('#gallery canvas').click()");
    b.wait_for(
        "!document.getElementById('single').hidden",
        "the single view",
    );
    let d = b.eval("window.undercroft.gallery.items[0].dungeon.rooms[0]");
    let [x, y] = [
        d["cells"][0][0].as_i64().unwrap(),
        d["cells"][0][1].as_i64().unwrap(),
    ];
    b.eval(&format!(
        "(() => {{ const c = document.getElementById('big'), r = c.getBoundingClientRect(), s = c.width / {w}; \
          c.dispatchEvent(new MouseEvent('mousemove', {{clientX: r.left + ({x} + 0.5) * s, clientY: r.top + ({y} + 0.5) * s}})); }})()",
        w = 10
    ));
    let hover = b.eval("document.getElementById('hover').textContent");
    let want = format!("room 0: {}", d["kind"].as_str().unwrap());
    assert!(
        hover.as_str().unwrap().contains(&want),
        "{hover} should name {want}"
    );
    b.eval("document.getElementById('trace').click()");
    b.wait_for("!document.getElementById('stepper').hidden", "the trace");
    let frames = b
        .eval("window.undercroft.trace.frames.length")
        .as_u64()
        .unwrap();
    assert!(frames >= 5);
    b.eval("(() => { const s = document.getElementById('step'); s.value = 0; s.dispatchEvent(new Event('input')); })()");
    let label = b.eval("document.getElementById('step-label').textContent");
    assert!(
        label
            .as_str()
            .unwrap()
            .starts_with(&format!("step 1/{frames}:")),
        "{label}"
    );
    b.screenshot(&artefacts().join("single.png"));
}

/// The picture in docs/: the gallery of the shipped tile style. Run by hand with
/// `cargo test --release --test serve_browser -- --ignored`, then look at it and copy
/// `target/serve-e2e/docs-gallery.png` to `docs/serve-gallery.png`.
#[test]
#[ignore]
fn docs_screenshot() {
    let Some(exe) = chromium() else { return };
    let rules = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("rules/diablo/cathedral.ron");
    let mut o = undercroft::serve::Options::new(&rules);
    o.port = 0;
    o.count = 8;
    let server = undercroft::serve::Server::start(o).unwrap();
    let mut b = Browser::start(&exe, &tempdir("docs").join("profile"), 1400, 860);
    b.goto(&server.url());
    b.wait_for(
        "document.querySelectorAll('#gallery canvas').length === 8",
        "the gallery",
    );
    b.eval("(() => { const z = document.getElementById('zoom'); z.value = 5; z.dispatchEvent(new Event('input')); })()");
    b.screenshot(&artefacts().join("docs-gallery.png"));
}
