//! PNG pictures of dungeons.
//!
//! - A tile-based dungeon (see [`super::cells`]: a symbol layer of tile classes, or a
//!   tile-id layer) is drawn top-down, one block of [`TILE`] pixels per tile, coloured per
//!   class or id, markers ringed, and a legend of the most common classes/ids and markers.
//! - Otherwise the room layer is drawn as a map of rooms: each cell a block of
//!   [`CELL_W`]x[`CELL_H`] pixels in its kind's colour, cells of one room joined, doors as
//!   bars across the gap between two rooms, the kind's glyph in the room, and a legend.
//!
//! Pictures are deterministic: the same dungeon gives the same bytes.

use super::cells::{cell_view, CellView};
use super::{colour, font};
use crate::dungeon::{parse_colour, Dungeon};
use image::{Rgb, RgbImage};
use std::collections::BTreeMap;

/// Pixels per room-map cell.
pub const CELL_W: u32 = 48;
/// Height of a grid cell in pixels.
pub const CELL_H: u32 = 40;
/// Pixels per tile.
pub const TILE: u32 = 8;
const MARGIN: u32 = 12;
/// Height of a line of header or legend text.
const LINE: u32 = 16;

/// Draw `d` (see the module doc for what is drawn).
pub fn picture(d: &Dungeon) -> RgbImage {
    match cell_view(d) {
        Some(v) => tiles(d, &v),
        None => rooms(d),
    }
}

/// The longest side a picture may have, in pixels.
pub const MAX_SIDE: u64 = 16_384;

/// Whether `d` fits in a picture: `Err` names the size it would need.
///
/// # Errors
/// When a side would exceed [`MAX_SIDE`] pixels (a grid of about 340x400 cells of a room
/// graph, or 2,000 tiles a side).
pub fn check_size(d: &Dungeon) -> Result<(), String> {
    let (w, h, cw, ch) = if cell_view(d).is_some() {
        let (w, h) = d.tile_size();
        (w.max(0) as u64, h.max(0) as u64, TILE as u64, TILE as u64)
    } else {
        let (w, h) = (d.width.max(0) as u64, d.height.max(0) as u64);
        (w, h, CELL_W as u64, CELL_H as u64)
    };
    let (pw, ph) = (w * cw + 2 * MARGIN as u64, h * ch + 2 * MARGIN as u64);
    if pw > MAX_SIDE || ph > MAX_SIDE {
        return Err(format!(
            "a {w}x{h} grid needs a {pw}x{ph} pixel picture; pictures are at most {MAX_SIDE} pixels a side (use --format json or ascii)"
        ));
    }
    Ok(())
}

/// Encode `d` as PNG bytes.
///
/// # Errors
/// When the picture would be too large ([`check_size`]) or encoding fails.
pub fn to_png(d: &Dungeon) -> image::ImageResult<Vec<u8>> {
    to_png_zoomed(d, 1)
}

/// Encode `d` as PNG bytes, every pixel of the picture drawn as a `zoom × zoom` block
/// (nearest neighbour: tiles and letters stay crisp). `zoom` is clamped to 1..=16.
///
/// # Errors
/// When the zoomed picture would be wider or taller than [`MAX_SIDE`] pixels, or encoding
/// fails.
pub fn to_png_zoomed(d: &Dungeon, zoom: u32) -> image::ImageResult<Vec<u8>> {
    let zoom = zoom.clamp(1, 16);
    let too_big = || {
        image::ImageError::Limits(image::error::LimitError::from_kind(
            image::error::LimitErrorKind::DimensionError,
        ))
    };
    if check_size(d).is_err() {
        return Err(too_big());
    }
    let mut img = picture(d);
    if zoom > 1 {
        let (w, h) = (
            img.width() as u64 * zoom as u64,
            img.height() as u64 * zoom as u64,
        );
        if w > MAX_SIDE || h > MAX_SIDE {
            return Err(too_big());
        }
        img = image::imageops::resize(
            &img,
            w as u32,
            h as u32,
            image::imageops::FilterType::Nearest,
        );
    }
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png)?;
    Ok(out.into_inner())
}

/// [`to_png_zoomed`] with the size checked first: the message says what went wrong (the
/// size [`check_size`] names, or the encoder's error). Writing the bytes to a file is the
/// caller's ([`crate::output`] has the safe way).
///
/// # Errors
/// When the picture would be too large or encoding fails.
pub fn encode(d: &Dungeon, zoom: u32) -> Result<Vec<u8>, String> {
    check_size(d)?;
    to_png_zoomed(d, zoom).map_err(|e| e.to_string())
}

fn rect(img: &mut RgbImage, x: u32, y: u32, w: u32, h: u32, c: [u8; 3]) {
    for yy in y..(y + h).min(img.height()) {
        for xx in x..(x + w).min(img.width()) {
            img.put_pixel(xx, yy, Rgb(c));
        }
    }
}

fn text(img: &mut RgbImage, x: u32, y: u32, s: &str, c: [u8; 3]) {
    font::draw(img, (x, y), s, font::Face::Text, 1, c, None);
}

fn text_px(s: &str) -> u32 {
    font::Face::Text.width(s)
}

/// "name  seed N  k=v ..." with the parameters that differ from their defaults.
fn header(d: &Dungeon) -> String {
    let params: Vec<String> = d
        .params
        .iter()
        .filter(|(k, v)| {
            let default = d.defaults.get(*k);
            default.is_none_or(|def| *def != v.to_string())
        })
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    format!("{}  seed {}  {}", d.ruleset, d.seed, params.join(" "))
}

/// Legend rows: swatch colour and label, laid out in as many columns as fit `width`.
fn legend(img: &mut RgbImage, top: u32, entries: &[([u8; 3], String)]) {
    let col = entries.iter().map(|(_, l)| text_px(l)).max().unwrap_or(0) + LINE * 2;
    let per_row = ((img.width() - 2 * MARGIN) / col.max(1)).max(1);
    for (i, (c, label)) in entries.iter().enumerate() {
        let x = MARGIN + (i as u32 % per_row) * col;
        let y = top + (i as u32 / per_row) * LINE;
        rect(img, x, y, LINE - 4, LINE - 4, *c);
        text(img, x + LINE + 2, y + 3, label, colour::INK);
    }
}

fn legend_height(n: usize, width: u32, entries: &[([u8; 3], String)]) -> u32 {
    let col = entries.iter().map(|(_, l)| text_px(l)).max().unwrap_or(0) + LINE * 2;
    let per_row = ((width - 2 * MARGIN) / col.max(1)).max(1) as usize;
    n.div_ceil(per_row) as u32 * LINE
}

fn canvas(d: &Dungeon, map_w: u32, map_h: u32, entries: &[([u8; 3], String)]) -> (RgbImage, u32) {
    let title = header(d);
    let width = (map_w + 2 * MARGIN).max(text_px(&title) + 2 * MARGIN);
    let legend_h = legend_height(entries.len(), width, entries);
    let height = MARGIN + LINE + map_h + MARGIN + legend_h + MARGIN;
    let mut img = RgbImage::from_pixel(width, height, Rgb(colour::BACKGROUND));
    text(&mut img, MARGIN, MARGIN, &title, colour::INK);
    (img, MARGIN + LINE)
}

fn rooms(d: &Dungeon) -> RgbImage {
    let (w, h) = (d.width.max(0) as u32, d.height.max(0) as u32);
    let mut owner: Vec<Option<usize>> = vec![None; (w * h) as usize];
    for (i, r) in d.rooms.iter().enumerate() {
        for &[x, y] in &r.cells {
            if (x as u32) < w && (y as u32) < h && x >= 0 && y >= 0 {
                owner[(y as u32 * w + x as u32) as usize] = Some(i);
            }
        }
    }
    let mut entries = Vec::new();
    for k in &d.palette.kinds {
        let n = d.rooms.iter().filter(|r| r.kind == k.name).count();
        if n > 0 {
            let label = if n > 1 {
                format!("{} {} x{n}", k.glyph, k.name)
            } else {
                format!("{} {}", k.glyph, k.name)
            };
            entries.push((colour::kind(&d.palette, &k.name), label));
        }
    }
    let (mut img, top) = canvas(d, w * CELL_W, h * CELL_H, &entries);
    let at = |x: u32, y: u32| owner.get((y * w + x) as usize).copied().flatten();
    let gap = 5;
    for y in 0..h {
        for x in 0..w {
            let (px, py) = (MARGIN + x * CELL_W, top + y * CELL_H);
            let Some(r) = at(x, y) else {
                rect(
                    &mut img,
                    px + gap + 8,
                    py + gap + 8,
                    CELL_W - 2 * gap - 16,
                    CELL_H - 2 * gap - 16,
                    colour::EMPTY,
                );
                continue;
            };
            let same = |dx: i32, dy: i32| {
                let (nx, ny) = (x as i32 + dx, y as i32 + dy);
                nx >= 0
                    && ny >= 0
                    && (nx as u32) < w
                    && (ny as u32) < h
                    && at(nx as u32, ny as u32) == Some(r)
            };
            let c = colour::kind(&d.palette, &d.rooms[r].kind);
            let l = if same(-1, 0) { 0 } else { gap };
            let rt = if same(1, 0) { 0 } else { gap };
            let t = if same(0, -1) { 0 } else { gap };
            let b = if same(0, 1) { 0 } else { gap };
            rect(
                &mut img,
                px + l,
                py + t,
                CELL_W - l - rt,
                CELL_H - t - b,
                colour::darker(c),
            );
            let (l2, r2, t2, b2) = (
                l + 2 * (l > 0) as u32,
                rt + 2 * (rt > 0) as u32,
                t + 2 * (t > 0) as u32,
                b + 2 * (b > 0) as u32,
            );
            rect(
                &mut img,
                px + l2,
                py + t2,
                CELL_W - l2 - r2,
                CELL_H - t2 - b2,
                c,
            );
        }
    }
    for door in &d.doors {
        let [[ax, ay], [bx, by]] = door.cells;
        let (cx, cy) = (
            MARGIN as i32 + (ax + bx) * CELL_W as i32 / 2 + CELL_W as i32 / 2,
            top as i32 + (ay + by) * CELL_H as i32 / 2 + CELL_H as i32 / 2,
        );
        let (dw, dh) = if ay == by {
            (2 * gap + 6, 12)
        } else {
            (12, 2 * gap + 6)
        };
        let (x0, y0) = (
            (cx - dw as i32 / 2).max(0) as u32,
            (cy - dh as i32 / 2).max(0) as u32,
        );
        rect(&mut img, x0, y0, dw, dh, [16, 16, 20]);
        rect(&mut img, x0 + 2, y0 + 2, dw - 4, dh - 4, [200, 190, 170]);
    }
    for room in &d.rooms {
        let Some(&[x, y]) = room.cells.first() else {
            continue;
        };
        let glyph = d.palette.kind(&room.kind).map_or('#', |k| k.glyph);
        let c = colour::kind(&d.palette, &room.kind);
        // The glyph at twice the text size (12x20 pixels) in the middle of the cell.
        let (glyph, face) = (glyph.to_string(), font::Face::Text);
        let (gw, gh) = (face.width(&glyph) * 2, face.height() * 2);
        let px = MARGIN + x as u32 * CELL_W + (CELL_W - gw) / 2;
        let py = top + y as u32 * CELL_H + (CELL_H - gh) / 2;
        font::draw(&mut img, (px, py), &glyph, face, 2, colour::ink_on(c), None);
    }
    markers(&mut img, d, top, CELL_W, CELL_H, (d.width, d.height));
    legend(&mut img, top + h * CELL_H + MARGIN, &entries);
    img
}

fn markers(img: &mut RgbImage, d: &Dungeon, top: u32, cw: u32, ch: u32, size: (i32, i32)) {
    for (i, (_, &[x, y])) in d.markers.iter().enumerate() {
        if x < 0 || y < 0 || x >= size.0 || y >= size.1 {
            continue;
        }
        let c = colour::marker(i);
        let (px, py) = (MARGIN + x as u32 * cw, top + y as u32 * ch);
        let (rw, rh) = (cw.max(6), ch.max(6));
        let (x0, y0) = (
            px.saturating_sub((rw - cw) / 2 + 2),
            py.saturating_sub((rh - ch) / 2 + 2),
        );
        rect(img, x0, y0, rw + 4, 2, c);
        rect(img, x0, y0 + rh + 2, rw + 4, 2, c);
        rect(img, x0, y0, 2, rh + 4, c);
        rect(img, x0 + rw + 2, y0, 2, rh + 4, c);
    }
}

/// Over the tiles of a style with a room grid of several tiles per cell: each room's outline
/// (the edges of its cell blocks that border another room or nothing) in its kind's colour,
/// and each door as a bright bar across the middle of its shared edge.
fn room_outlines(img: &mut RgbImage, d: &Dungeon, top: u32) {
    let (cw, ch) = d.cell_size();
    if (cw, ch) == (1, 1) {
        return;
    }
    let (cw, ch) = (cw as u32 * TILE, ch as u32 * TILE);
    let owner: BTreeMap<[i32; 2], usize> = d
        .rooms
        .iter()
        .enumerate()
        .flat_map(|(i, r)| r.cells.iter().map(move |&c| (c, i)))
        .collect();
    for (&[x, y], &i) in &owner {
        let c = d
            .palette
            .kind(&d.rooms[i].kind)
            .and_then(|k| parse_colour(&k.colour))
            .unwrap_or([255, 255, 255]);
        let (px, py) = (MARGIN + x as u32 * cw, top + y as u32 * ch);
        let other = |dx: i32, dy: i32| owner.get(&[x + dx, y + dy]) != Some(&i);
        if other(0, -1) {
            rect(img, px, py, cw, 1, c);
        }
        if other(0, 1) {
            rect(img, px, py + ch - 1, cw, 1, c);
        }
        if other(-1, 0) {
            rect(img, px, py, 1, ch, c);
        }
        if other(1, 0) {
            rect(img, px + cw - 1, py, 1, ch, c);
        }
    }
    for door in &d.doors {
        let [a, b] = door.cells;
        let (x, y) = (a[0].max(b[0]) as u32, a[1].max(b[1]) as u32);
        if a[1] == b[1] {
            let (px, py) = (MARGIN + x * cw, top + y * ch + ch / 2 - TILE);
            rect(img, px.saturating_sub(2), py, 4, 2 * TILE, [255, 255, 255]);
        } else {
            let (px, py) = (MARGIN + x * cw + cw / 2 - TILE, top + y * ch);
            rect(img, px, py.saturating_sub(2), 2 * TILE, 4, [255, 255, 255]);
        }
    }
}

fn tiles(d: &Dungeon, v: &CellView) -> RgbImage {
    let (w, h) = (v.width as u32, v.height as u32);
    let shown = 24;
    let mut entries: Vec<([u8; 3], String)> = v
        .legend
        .iter()
        .take(shown)
        .map(|&k| {
            let (c, l, n) = &v.classes[k as usize];
            (*c, format!("{l}: {n}"))
        })
        .collect();
    if v.legend.len() > shown {
        entries.push((
            colour::BACKGROUND,
            format!("+{} more", v.legend.len() - shown),
        ));
    }
    for (i, (name, _)) in d.markers.iter().enumerate() {
        entries.push((colour::marker(i), name.clone()));
    }
    let (mut img, top) = canvas(d, w * TILE, h * TILE, &entries);
    for y in 0..v.height {
        for x in 0..v.width {
            let c = v.colour(y * v.width + x);
            rect(
                &mut img,
                MARGIN + x as u32 * TILE,
                top + y as u32 * TILE,
                TILE,
                TILE,
                c,
            );
        }
    }
    room_outlines(&mut img, d, top);
    markers(&mut img, d, top, TILE, TILE, d.tile_size());
    legend(&mut img, top + h * TILE + MARGIN, &entries);
    img
}
