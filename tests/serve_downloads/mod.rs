//! Downloads and file controls of `undercroft serve` (issue 47, group 4): a seed of the gallery
//! downloads as the same bytes the command line writes (PNG, Dungeon JSON, the text map, an
//! LDtk project naming its tileset picture), with a file name; a `File` parameter is offered
//! only the files of the folder that read as a tile grid.

use super::serve_util::*;
use std::fs;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use undercroft::{Params, RuleSet};

/// The status line and headers (lower case) and the body bytes of `GET path` with the token.
fn fetch(a: SocketAddr, path: &str) -> (String, Vec<u8>) {
    let t = token(a);
    let mut s = TcpStream::connect(a).unwrap();
    s.set_read_timeout(Some(WAIT)).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {a}\r\nX-Undercroft-Token: {t}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    let at = out.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = String::from_utf8_lossy(&out[..at]).to_ascii_lowercase();
    (head, out[at + 4..].to_vec())
}

#[test]
fn a_seed_downloads_as_the_command_line_writes_it() {
    let dir = tempdir("download");
    let rules = dir.join("flash.ron");
    fs::write(&rules, flash("down/load", 2)).unwrap();
    let s = start(&rules, 4);
    wait_for_gallery(&s);
    let a = s.addr();
    let d = RuleSet::load(&rules)
        .unwrap()
        .generate(3, &Params::new())
        .unwrap();

    let (head, body) = fetch(a, "/api/download?seed=3&format=json");
    assert!(head.starts_with("http/1.1 200"), "{head}");
    assert!(
        head.contains("content-disposition: attachment; filename=\"down_load-seed3.json\""),
        "{head}"
    );
    assert_eq!(String::from_utf8(body).unwrap(), d.to_json() + "\n");

    let (head, body) = fetch(a, "/api/download?seed=3&format=png");
    assert!(head.contains("content-type: image/png"), "{head}");
    assert!(head.contains("filename=\"down_load-seed3.png\""), "{head}");
    assert_eq!(body, undercroft::render::png::encode(&d, 1).unwrap());

    let (_, body) = fetch(a, "/api/download?seed=3&format=txt");
    let text = String::from_utf8(body).unwrap();
    assert_eq!(
        text,
        undercroft::render::ascii::floor_plan(&d, false) + "\n"
    );
    assert!(!text.contains('\u{1b}'), "no colour codes in the file");

    let (head, body) = fetch(a, "/api/download?seed=3&format=ldtk");
    assert!(head.contains("filename=\"down_load-seed3.ldtk\""), "{head}");
    let project: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(
        project["defs"]["tilesets"][0]["relPath"],
        "down_load-seed3-tiles.png"
    );
    let (head, body) = fetch(a, "/api/download?seed=3&format=tiles");
    assert!(
        head.contains("filename=\"down_load-seed3-tiles.png\""),
        "{head}"
    );
    assert_eq!(&body[1..4], b"PNG");

    let (st, why) = get(a, "/api/download?seed=3&format=gif");
    assert_eq!(st, 400);
    assert!(why.contains("png, json, txt, ldtk or tiles"), "{why}");
    assert_eq!(get(a, "/api/download?format=png").0, 400);
    assert_eq!(get(a, "/api/download?seed=-1&format=png").0, 400);
    // without the token, as from another page: refused
    let (st, _) = request_raw(a, "GET /api/download?seed=3&format=png HTTP/1.1", &[], "");
    assert_eq!(st, 403);
}

#[test]
fn file_parameters_are_offered_only_tile_grids() {
    let dir = tempdir("grids");
    let rules = dir.join("flash.ron");
    fs::write(&rules, flash("grids", 1)).unwrap();
    // a 2x1 tile grid (width, height, ids: little-endian u16), one in a subfolder
    let grid: Vec<u8> = [2u16, 1, 7, 9]
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    fs::write(dir.join("piece.dun"), &grid).unwrap();
    fs::create_dir_all(dir.join("sets")).unwrap();
    fs::write(dir.join("sets/other.bin"), &grid).unwrap();
    // not tile grids: text, a header saying more tiles than the file holds, too short
    fs::write(dir.join("notes.txt"), "a 2x1 piece").unwrap();
    fs::write(dir.join("short.dun"), [4u8, 0, 4, 0, 1, 0]).unwrap();
    fs::write(dir.join("tiny.dun"), [1u8]).unwrap();
    let s = start(&rules, 4);
    let g = wait_for_gallery(&s);
    assert_eq!(
        g["rules"]["grid_files"],
        serde_json::json!(["piece.dun", "sets/other.bin"])
    );
    let all = g["rules"]["folder_files"].as_array().unwrap();
    assert!(all.iter().any(|f| f == "notes.txt"), "{all:?}");
}
