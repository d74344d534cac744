//! Every shipped style is legible (issue 47): a rule set with tile layers names the classes of
//! its tiles in the Dungeon JSON palette (at least `floor` and `wall`), so every view draws the
//! finished level rather than an intermediate layer, and every marker is drawn on a tile of a
//! walkable class.

use undercroft::dungeon::Layer;
use undercroft::{Dungeon, Params, RuleSet};

/// Parameter sets besides the defaults: the other level types of the rule sets that have them.
fn extra_params(path: &str) -> Vec<Params> {
    let levels: &[i64] = match path {
        "rules/diablo/diablo.ron" => &[5, 9, 13],
        "rules/diablo/catacombs.ron" => &[8],
        "rules/diablo/caves.ron" => &[12],
        "rules/diablo/hell.ron" => &[15],
        "rules/diablo/cathedral.ron" => &[4],
        _ => &[],
    };
    levels
        .iter()
        .map(|l| Params::new().set("level", *l))
        .collect()
}

/// The dungeons looked at: seeds 1..=4 of every shipped rule set, with its defaults and
/// [`extra_params`].
fn dungeons() -> Vec<(String, Dungeon)> {
    let mut out = Vec::new();
    for path in crate::common::shipped_rule_sets() {
        let name = path.display().to_string();
        let rs = RuleSet::load(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
        for params in std::iter::once(Params::new()).chain(extra_params(&name)) {
            for seed in 1..=4 {
                let d = rs
                    .generate(seed, &params)
                    .unwrap_or_else(|e| panic!("{name} seed {seed}: {e}"));
                out.push((name.clone(), d));
            }
        }
    }
    out
}

fn has_tile_layers(d: &Dungeon) -> bool {
    d.layers.keys().any(|k| k != "rooms")
}

#[test]
fn every_tile_style_names_its_classes_and_markers_lie_on_walkable_tiles() {
    let all = dungeons();
    let tiled: Vec<&(String, Dungeon)> = all.iter().filter(|(_, d)| has_tile_layers(d)).collect();
    // the tile styles shipped when this was written, so the test cannot pass on none
    for must in [
        "caves",
        "catacombs",
        "keep",
        "cathedral",
        "hell",
        "crypt",
        "caverns",
    ] {
        assert!(
            tiled.iter().any(|(n, _)| n.contains(must)),
            "no tile style named {must}"
        );
    }
    let mut markers = 0;
    for (name, d) in tiled {
        let seed = d.seed;
        let (tc, class) = d
            .tile_classes()
            .unwrap_or_else(|| panic!("{name} seed {seed}: no named tile classes"));
        let names: Vec<&str> = tc.classes.iter().map(|c| c.name.as_str()).collect();
        for want in ["floor", "wall"] {
            assert!(
                names.contains(&want),
                "{name}: classes {names:?} lack {want}"
            );
        }
        assert!(
            matches!(d.layers.get(&tc.layer), Some(Layer::Ids(_))),
            "{name}: the classified layer `{}` holds tile ids",
            tc.layer
        );
        let (w, h) = d.tile_size();
        assert_eq!(class.len(), (w * h) as usize, "{name}");
        for (style, [x, y]) in d.drawn_markers() {
            assert!(
                (0..w).contains(&x) && (0..h).contains(&y),
                "{name}: {style:?}"
            );
            let c = &tc.classes[class[(y * w + x) as usize] as usize];
            assert!(
                c.walkable,
                "{name} seed {seed}: marker {} drawn at ({x}, {y}) on {}, not walkable",
                style.name, c.name
            );
            markers += 1;
        }
    }
    assert!(markers > 100, "markers checked: {markers}");
}

/// The classes come from the tile ids: `class_of` maps each id to its class, and the symbol
/// layer a rule set also writes (Cathedral's `level`) agrees with it cell for cell.
#[test]
fn classes_of_ids_agree_with_the_symbol_layer() {
    let rs = RuleSet::load("rules/diablo/cathedral.ron").unwrap();
    let d = rs.generate(3, &Params::new()).unwrap();
    let tc = d.palette.tiles.as_ref().unwrap();
    assert_eq!(tc.output.as_deref(), Some("level"));
    // tile 13 is floor, 22 dirt, 64 stairs; 0 is in no table: the last class, wall
    let of = |t: usize| {
        tc.classes[tc
            .class_of
            .get(t)
            .map_or(tc.classes.len() - 1, |&k| k as usize)]
        .name
        .as_str()
    };
    assert_eq!(
        [of(13), of(22), of(64), of(0), of(9999)],
        ["floor", "dirt", "stairs", "wall", "wall"]
    );
    let (_, class) = d.tile_classes().unwrap();
    let Some(Layer::Symbols(rows)) = d.layers.get("level") else {
        panic!("no level layer")
    };
    let glyphs: Vec<char> = rows.iter().flat_map(|r| r.chars()).collect();
    let from_ids: Vec<char> = class
        .iter()
        .map(|&k| tc.classes[k as usize].glyph)
        .collect();
    assert_eq!(glyphs, from_ids);
}

/// A marker's style moves where it is drawn, not where it is: Cathedral's `stairs_up` is the
/// top-left of its miniset, drawn one tile right and one down, on the stairs.
#[test]
fn a_marker_offset_moves_the_drawn_cell_only() {
    let rs = RuleSet::load("rules/diablo/cathedral.ron").unwrap();
    let d = rs.generate(1, &Params::new()).unwrap();
    let [x, y] = d.markers["stairs_up"];
    let drawn = d.drawn_markers();
    let (style, at) = drawn.iter().find(|(s, _)| s.name == "stairs_up").unwrap();
    assert_eq!((style.glyph, *at), ('U', [x + 1, y + 1]));
    let Some(Layer::Ids(tiles)) = d.layers.get("tiles") else {
        panic!()
    };
    assert_eq!(
        tiles[y as usize][x as usize], 22,
        "the marker's own tile is dirt"
    );
    assert_eq!(
        tiles[(y + 1) as usize][(x + 1) as usize],
        64,
        "the drawn one the stairs"
    );
}

/// CIE L*a*b* of an sRGB colour (D65 white).
fn lab([r, g, b]: [u8; 3]) -> [f64; 3] {
    let lin = |c: u8| {
        let c = c as f64 / 255.0;
        if c > 0.04045 {
            ((c + 0.055) / 1.055).powf(2.4)
        } else {
            c / 12.92
        }
    };
    let (r, g, b) = (lin(r), lin(g), lin(b));
    let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    let f = |t: f64| {
        if t > 0.008856 {
            t.cbrt()
        } else {
            7.787 * t + 16.0 / 116.0
        }
    };
    let (fx, fy, fz) = (f(x), f(y), f(z));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

/// The CIE76 colour difference ΔE*ab: the distance of two colours in L*a*b*.
fn delta_e(a: [u8; 3], b: [u8; 3]) -> f64 {
    let (a, b) = (lab(a), lab(b));
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

#[test]
fn cie76_matches_known_differences() {
    assert!(delta_e([0, 0, 0], [255, 255, 255]) > 99.9);
    assert!(delta_e([0, 0, 0], [255, 255, 255]) < 100.1);
    assert_eq!(delta_e([12, 34, 56], [12, 34, 56]), 0.0);
    // pure red is L 53.2, a 80.1, b 67.2
    let r = lab([255, 0, 0]);
    assert!((r[0] - 53.24).abs() < 0.1 && (r[1] - 80.09).abs() < 0.2 && (r[2] - 67.20).abs() < 0.2);
}

/// Colours drawn together in one picture are told apart at a glance: every pair of the
/// picture background, the tile classes, the room kinds (themes are drawn over the tiles),
/// the markers and the room interiors differs by a CIE76 ΔE of at least [`MIN_DELTA_E`]
/// (2.3 is a just-noticeable difference; 12 keeps small swatches and 8-pixel tiles apart).
#[test]
fn colours_drawn_together_are_distinct() {
    const MIN_DELTA_E: f64 = 12.0;
    let mut seen = std::collections::BTreeSet::new();
    let mut failures = Vec::new();
    for (name, d) in dungeons() {
        if !seen.insert(name.clone()) {
            continue;
        }
        let p = &d.palette;
        let rgb = |s: &str| undercroft::dungeon::parse_colour(s).expect("a colour");
        let mut cols: Vec<(String, [u8; 3])> =
            vec![("background".into(), undercroft::render::colour::BACKGROUND)];
        for c in p.tiles.iter().flat_map(|t| &t.classes) {
            cols.push((format!("class {}", c.name), rgb(&c.colour)));
        }
        for k in &p.kinds {
            cols.push((format!("kind {}", k.name), rgb(&k.colour)));
        }
        for (s, _) in d.drawn_markers() {
            cols.push((format!("marker {}", s.name), rgb(&s.colour)));
        }
        let interiors = d.interiors.iter().flat_map(|i| &i.legend);
        for (i, (g, m)) in interiors.filter(|(g, _)| *g != '.').enumerate() {
            let c = undercroft::render::colour::interior(i);
            cols.push((format!("interior {g} {m}"), c));
        }
        for (i, (a, ca)) in cols.iter().enumerate() {
            for (b, cb) in &cols[i + 1..] {
                let e = delta_e(*ca, *cb);
                if e < MIN_DELTA_E {
                    failures.push(format!("{name}: {a} and {b}: ΔE {e:.1}"));
                }
            }
        }
    }
    assert!(seen.len() >= 15, "rule sets: {seen:?}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Whether `img` holds, somewhere in rows `y0..`, a `w × h` block equal to `block` (row-major).
fn find_block(img: &image::RgbImage, y0: u32, w: u32, h: u32, block: &[[u8; 3]]) -> bool {
    (y0..img.height().saturating_sub(h)).any(|y| {
        (0..img.width().saturating_sub(w)).any(|x| {
            (0..h).all(|dy| {
                (0..w).all(|dx| img.get_pixel(x + dx, y + dy).0 == block[(dy * w + dx) as usize])
            })
        })
    })
}

/// A picture's legend shows every class on its map and every marker, with the symbol the map
/// draws: a marker's box and glyph on the map is found, pixel for pixel, in the legend, and
/// every colour of the map's tiles fills a legend swatch.
#[test]
fn the_legend_draws_every_symbol_of_the_map() {
    use undercroft::render::png::{picture, LINE, MARGIN, TILE};
    for (path, seed) in [
        ("rules/diablo/caves.ron", 1),
        ("rules/diablo/catacombs.ron", 2),
        ("rules/diablo/cathedral.ron", 1),
        ("rules/examples/caverns.ron", 3),
    ] {
        let d = RuleSet::load(path)
            .unwrap()
            .generate(seed, &Params::new())
            .unwrap();
        let img = picture(&d);
        let v = undercroft::render::cells::cell_view(&d).unwrap();
        let top = MARGIN + LINE;
        let legend_top = top + v.height as u32 * TILE;
        let drawn = d.drawn_markers();
        assert!(!drawn.is_empty(), "{path}: no markers to look for");
        for (style, [x, y]) in &drawn {
            let (x0, y0) = (
                MARGIN + *x as u32 * TILE + TILE / 2 - 6,
                top + *y as u32 * TILE + TILE / 2 - 6,
            );
            let block: Vec<[u8; 3]> = (0..12)
                .flat_map(|dy| (0..12).map(move |dx| (dx, dy)))
                .map(|(dx, dy)| img.get_pixel(x0 + dx, y0 + dy).0)
                .collect();
            let c = undercroft::dungeon::parse_colour(&style.colour).unwrap();
            assert_eq!(block[0], c, "{path}: {} box on the map", style.name);
            assert!(
                find_block(&img, legend_top, 12, 12, &block),
                "{path}: marker {} not in the legend",
                style.name
            );
        }
        for k in &v.legend {
            let c = v.classes[*k as usize].0;
            let block = vec![c; 100];
            assert!(
                find_block(&img, legend_top, 10, 10, &block),
                "{path}: class {} has no legend swatch",
                v.classes[*k as usize].1
            );
        }
    }
}

/// Room interiors are drawn: every interior glyph's colour of `flash-rooms`' legend is on
/// the map of a floor whose rooms have layouts.
#[test]
fn room_interiors_are_drawn() {
    let d = RuleSet::load("rules/isaac/flash-rooms.ron")
        .unwrap()
        .generate(1, &Params::new())
        .unwrap();
    assert!(d.rooms.iter().any(|r| r.layout.is_some()));
    let img = undercroft::render::png::picture(&d);
    let (_, ch) = undercroft::render::room_map::cell_px(&d);
    let map_bottom = 12 + 16 + d.height as u32 * ch;
    let on_map =
        |c: [u8; 3]| (0..map_bottom).any(|y| (0..img.width()).any(|x| img.get_pixel(x, y).0 == c));
    // the first interior glyph of the pool (rock) is in most layouts
    assert!(
        on_map(undercroft::render::colour::interior(0)),
        "no interior tile drawn"
    );
}

/// `undercroft lint` over seeds 1..=20 of a rule file: its exit status and its report.
fn lint(path: &str) -> (bool, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_undercroft"))
        .args(["lint", path, "--count", "20"])
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    (out.status.success(), text)
}

/// Every shipped style passes `lint` (one walkable region, markers and rooms reachable) on
/// seeds 1..=20 — `keep` included since its wings and hall are joined — except Caves, whose
/// lava-river and fence pieces are partly floor: the game's per-piece solidity (.sol data)
/// that would decide them is not available (shared/spec/diablo.md: "the game data files are
/// needed here"), so lint sees pockets there.
#[test]
fn every_shipped_style_but_caves_passes_lint() {
    let mut failed = Vec::new();
    for path in crate::common::shipped_rule_sets() {
        let name = path.display().to_string();
        if name.ends_with("caves.ron") && name.contains("diablo") {
            continue;
        }
        let (ok, text) = lint(&name);
        if !ok {
            failed.push(format!("{name}:\n{text}"));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

/// Caves' walls are marching-squares edges whose open corners are floor, and the layout's
/// connectivity runs through them: with walls and stalagmites walkable, most of seeds
/// 1..=20 are one region with their stairs reachable (with only floor, stairs and doors
/// walkable every seed was cut into 18 to 27 regions).
#[test]
fn caves_stairs_are_reachable_on_most_seeds() {
    let (_, text) = lint("rules/diablo/caves.ron");
    let unreachable = text.matches("markers_unreachable").count();
    assert!(unreachable <= 6, "{text}");
    let seeds_cut_up = text
        .lines()
        .filter(|l| l.contains("disconnected:"))
        .filter(|l| {
            // a region besides the largest of more than 40 tiles
            let sizes: Vec<usize> = l
                .split("sizes ")
                .nth(1)
                .unwrap_or("")
                .trim_end_matches(')')
                .split(", ")
                .filter_map(|s| s.parse().ok())
                .collect();
            let max = sizes.iter().copied().max().unwrap_or(0);
            sizes.iter().filter(|&&s| s != max && s > 40).count() > 0
        })
        .count();
    assert!(seeds_cut_up <= 3, "{text}");
}
