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
