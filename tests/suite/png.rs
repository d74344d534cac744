//! PNG pictures (issue 4): deterministic bytes, room colours from the rule file, doors, and
//! tile layers drawn one block per tile with a colour per id.

use undercroft::dungeon::Layer;
use undercroft::render::cells::cell_view;
use undercroft::render::{colour, png};
use undercroft::{Params, RuleSet};

const FLASH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/rules/isaac/flash.ron");

fn px(img: &image::RgbImage, x: u32, y: u32) -> [u8; 3] {
    img.get_pixel(x, y).0
}

#[test]
fn room_map_uses_kind_colours_and_marks_doors() {
    let rs = RuleSet::load(FLASH).unwrap();
    let d = rs.generate(5, &Params::new().set("level", 6)).unwrap();
    let a = png::to_png(&d).unwrap();
    assert_eq!(a, png::to_png(&d).unwrap(), "same dungeon, same bytes");
    assert_eq!(&a[1..4], b"PNG");
    let img = image::load_from_memory(&a).unwrap().to_rgb8();
    assert!(img.width() >= d.width as u32 * png::CELL_W);
    // find where the map starts: the top-left pixel of the start room's cell body is the
    // start kind's colour
    let start = d.rooms.iter().find(|r| r.kind == "start").unwrap();
    let [sx, sy] = start.cells[0];
    let white = colour::kind(&d.palette, "start");
    let top = (0..img.height())
        .find(|&y| px(&img, 12 + sx as u32 * png::CELL_W + 10, y) == white)
        .expect("start colour in the start cell's column");
    let cell_top = top - 7; // gap 5 + outline 2
    assert_eq!(
        cell_top,
        12 + 16 + sy as u32 * png::CELL_H,
        "map starts below the title"
    );
    for r in &d.rooms {
        let [x, y] = r.cells[0];
        let (cx, cy) = (
            12 + x as u32 * png::CELL_W + 9,
            cell_top - sy as u32 * png::CELL_H + y as u32 * png::CELL_H + 9,
        );
        assert_eq!(
            px(&img, cx, cy),
            colour::kind(&d.palette, &r.kind),
            "room {} ({})",
            r.id,
            r.kind
        );
    }
    // a door: the pixel in the middle of the gap between its two cells is the door colour
    let door = &d.doors[0];
    let [[ax, ay], [bx, by]] = door.cells;
    let mx = 12 + ((ax + bx) as u32 * png::CELL_W + png::CELL_W) / 2;
    let my =
        cell_top - sy as u32 * png::CELL_H + ((ay + by) as u32 * png::CELL_H + png::CELL_H) / 2;
    let (gx, gy) = if ay == by { (mx, my - 4) } else { (mx - 4, my) };
    assert_eq!(px(&img, gx, gy), [200, 190, 170], "door across the gap");
}

#[test]
fn tile_layers_are_one_block_per_tile_coloured_per_id() {
    let rs = RuleSet::load(FLASH).unwrap();
    let mut d = rs.generate(1, &Params::new()).unwrap();
    // a tile layer as the tile-based styles produce it: ids per cell, 0 = nothing
    let ids: Vec<Vec<u16>> = (0..d.height)
        .map(|y| (0..d.width).map(|x| ((x + y) % 3) as u16 * 7).collect())
        .collect();
    d.layers.insert("tiles".into(), Layer::Ids(ids.clone()));
    d.markers.insert("stairs".into(), [2, 2]);
    let img = png::picture(&d);
    if let Ok(dir) = std::env::var("UNDERCROFT_PICTURES") {
        img.save(format!("{dir}/tiles.png")).unwrap(); // for looking at
    }
    assert_eq!(cell_view(&d).unwrap().layer, "tiles");
    let top = 12 + 16;
    for (y, row) in ids.iter().enumerate() {
        for (x, &id) in row.iter().enumerate() {
            if (1..=3).contains(&x) && (1..=3).contains(&y) {
                continue; // the marker's ring
            }
            let p = px(
                &img,
                12 + x as u32 * png::TILE + 4,
                top + y as u32 * png::TILE + 4,
            );
            assert_eq!(
                p,
                colour::tile(&d.palette, "tiles", id),
                "tile ({x}, {y}) id {id}"
            );
        }
    }
    assert_ne!(
        colour::tile(&d.palette, "tiles", 7),
        colour::tile(&d.palette, "tiles", 14)
    );
    // the marker's box is drawn on its tile: a 12-pixel square centred on it, in its colour
    // (a marker the rule file does not style: the first of the fallback colours, white)
    let (cx, cy) = (12 + 2 * png::TILE + 4, top + 2 * png::TILE + 4);
    assert_eq!(px(&img, cx - 6, cy), [255, 255, 255]);
    assert_eq!(px(&img, cx + 5, cy - 6), [255, 255, 255]);
}

#[test]
fn png_written_by_the_cli_is_a_picture() {
    let out = std::env::temp_dir().join(format!("undercroft-cli-{}.png", std::process::id()));
    let st = std::process::Command::new(env!("CARGO_BIN_EXE_undercroft"))
        .args(["generate", FLASH, "--seed", "3", "--format", "png", "-o"])
        .arg(&out)
        .status()
        .unwrap();
    assert!(st.success());
    let img = image::open(&out).unwrap();
    assert!(img.width() > 400 && img.height() > 300);
    let st = std::process::Command::new(env!("CARGO_BIN_EXE_undercroft"))
        .args(["generate", FLASH, "--format", "png"])
        .output()
        .unwrap();
    assert_eq!(st.status.code(), Some(2), "png without -o is a usage error");
    let _ = std::fs::remove_file(out);
}

#[test]
fn a_symbol_layer_of_tile_classes_wins_over_tile_ids() {
    let rs = RuleSet::load(FLASH).unwrap();
    let mut d = rs.generate(1, &Params::new()).unwrap();
    let (w, h) = (d.width as usize, d.height as usize);
    d.layers
        .insert("tiles".into(), Layer::Ids(vec![vec![5; w]; h]));
    // a class per tile, as a tile style's output carries it: walls around floor
    let rows: Vec<String> = (0..h)
        .map(|y| {
            (0..w)
                .map(|x| {
                    if x == 0 || y == 0 || x == w - 1 || y == h - 1 {
                        '#'
                    } else {
                        '_'
                    }
                })
                .collect()
        })
        .collect();
    d.layers.insert("level".into(), Layer::Symbols(rows));
    std::sync::Arc::make_mut(&mut d.symbols).insert("#".into(), "wall".into());
    std::sync::Arc::make_mut(&mut d.symbols).insert("_".into(), "floor".into());
    let v = cell_view(&d).unwrap();
    assert_eq!(v.layer, "level");
    assert_eq!(v.at(0, 0).unwrap().1, "wall");
    assert_eq!(v.at(1, 1).unwrap().1, "floor");
    assert_ne!(
        v.at(0, 0).unwrap().0,
        v.at(1, 1).unwrap().0,
        "classes differ in colour"
    );
    let floor = (w - 2) * (h - 2);
    let top_class = &v.classes[v.legend[0] as usize];
    assert_eq!((top_class.1.as_str(), top_class.2), ("floor", floor));
    assert_eq!(v.classes[v.legend[1] as usize].2, w * h - floor);
    let img = png::picture(&d);
    let top = 12 + 16;
    assert_eq!(
        px(&img, 12 + png::TILE + 3, top + png::TILE + 3),
        v.at(1, 1).unwrap().0
    );
    if let Ok(dir) = std::env::var("UNDERCROFT_PICTURES") {
        img.save(format!("{dir}/classes.png")).unwrap();
    }
}
