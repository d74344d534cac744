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

use super::canvas::{canvas, marker_entries, markers};
pub use super::canvas::{CELL_H, CELL_W, LINE, MARGIN, TILE};
use super::cells::{cell_view, CellView};
use super::colour;
use super::legend::{self, Entry, Symbol};
use crate::dungeon::{parse_colour, Dungeon};
use image::RgbImage;
use std::collections::BTreeMap;

/// Draw `d` (see the module doc for what is drawn).
pub fn picture(d: &Dungeon) -> RgbImage {
    match cell_view(d) {
        Some(v) => tiles(d, &v),
        None => super::room_map::rooms(d),
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
        let (cw, ch) = super::room_map::cell_px(d);
        (w, h, cw as u64, ch as u64)
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
            legend::rect(img, px, py, cw, 1, c);
        }
        if other(0, 1) {
            legend::rect(img, px, py + ch - 1, cw, 1, c);
        }
        if other(-1, 0) {
            legend::rect(img, px, py, 1, ch, c);
        }
        if other(1, 0) {
            legend::rect(img, px + cw - 1, py, 1, ch, c);
        }
    }
    for door in &d.doors {
        let [a, b] = door.cells;
        let (x, y) = (a[0].max(b[0]) as u32, a[1].max(b[1]) as u32);
        if a[1] == b[1] {
            let (px, py) = (MARGIN + x * cw, top + y * ch + ch / 2 - TILE);
            legend::rect(img, px.saturating_sub(2), py, 4, 2 * TILE, [255, 255, 255]);
        } else {
            let (px, py) = (MARGIN + x * cw + cw / 2 - TILE, top + y * ch);
            legend::rect(img, px, py.saturating_sub(2), 2 * TILE, 4, [255, 255, 255]);
        }
    }
}

/// The legend of `d` as its picture draws it: for a tile view `v`, the most common classes
/// (at most 24, then a "+N more" entry) and the markers; for a room map (`v` is `None`),
/// the room kinds present, the interior tiles and the markers. The browser preview draws
/// the same list (`serve::view`).
pub fn legend_entries(d: &Dungeon, v: Option<&CellView>) -> Vec<Entry> {
    let Some(v) = v else {
        return super::room_map::entries(d);
    };
    let shown = 24;
    let mut entries: Vec<Entry> = v
        .legend
        .iter()
        .take(shown)
        .map(|&k| {
            let (c, l, n) = &v.classes[k as usize];
            Entry {
                symbol: Symbol::Fill(*c),
                label: format!("{l}: {n}"),
            }
        })
        .collect();
    if v.legend.len() > shown {
        entries.push(Entry {
            symbol: Symbol::Fill(colour::BACKGROUND),
            label: format!("+{} more", v.legend.len() - shown),
        });
    }
    entries.extend(marker_entries(d));
    entries
}

fn tiles(d: &Dungeon, v: &CellView) -> RgbImage {
    let (w, h) = (v.width as u32, v.height as u32);
    let entries = legend_entries(d, Some(v));
    let (mut img, top) = canvas(d, w * TILE, h * TILE, &entries);
    for y in 0..v.height {
        for x in 0..v.width {
            let c = v.colour(y * v.width + x);
            legend::rect(
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
    legend::draw(&mut img, top + h * TILE + MARGIN, MARGIN, &entries);
    img
}
