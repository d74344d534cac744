//! Legends of pictures and the symbols they share with the map: every entry's swatch is drawn
//! exactly as the map draws what it names (a class's colour, a room kind's colour with its
//! glyph, a marker's box with its glyph), so the legend reads the map.

use super::{colour, font};
use image::{Rgb, RgbImage};

/// Side of a legend swatch and of a marker's box on the map, in pixels.
pub const SWATCH: u32 = 12;
/// Height of a legend row in pixels.
pub const ROW: u32 = 16;

/// What a legend entry (and the map) draws.
#[derive(Debug, Clone, PartialEq)]
pub enum Symbol {
    /// A block of colour (a tile class, an interior tile), outlined in grey in the legend so
    /// a colour close to the background still shows.
    Fill([u8; 3]),
    /// A block of colour with a glyph in black or white (a room kind).
    Glyph([u8; 3], char),
    /// A dark box with a border and a glyph in the colour (a marker).
    Marker([u8; 3], char),
}

/// One legend entry: its symbol and label.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    /// The swatch.
    pub symbol: Symbol,
    /// The words beside it.
    pub label: String,
}

/// The grey outline of legend swatches.
const OUTLINE: [u8; 3] = [110, 110, 120];
/// The inside of a marker's box.
const MARKER_INSIDE: [u8; 3] = [8, 8, 10];

/// A `w × h` rectangle of `c` at `(x, y)`, clipped to the image.
pub fn rect(img: &mut RgbImage, x: u32, y: u32, w: u32, h: u32, c: [u8; 3]) {
    for yy in y..(y + h).min(img.height()) {
        for xx in x..(x + w).min(img.width()) {
            img.put_pixel(xx, yy, Rgb(c));
        }
    }
}

fn glyph(img: &mut RgbImage, x: u32, y: u32, g: char, ink: [u8; 3]) {
    let face = font::Face::Text;
    let s = g.to_string();
    let gx = x + SWATCH.saturating_sub(face.width(&s)) / 2;
    let gy = y + SWATCH.saturating_sub(face.height()) / 2;
    font::draw(img, (gx, gy), &s, face, 1, ink, None);
}

/// A marker's box, [`SWATCH`] pixels a side, with its top-left at `(x, y)`.
pub fn marker_box(img: &mut RgbImage, x: u32, y: u32, c: [u8; 3], g: char) {
    rect(img, x, y, SWATCH, SWATCH, c);
    rect(img, x + 1, y + 1, SWATCH - 2, SWATCH - 2, MARKER_INSIDE);
    glyph(img, x, y + 1, g, c);
}

/// Draw `s` as a legend swatch with its top-left at `(x, y)`.
pub fn swatch(img: &mut RgbImage, x: u32, y: u32, s: &Symbol) {
    match *s {
        Symbol::Fill(c) => {
            rect(img, x, y, SWATCH, SWATCH, OUTLINE);
            rect(img, x + 1, y + 1, SWATCH - 2, SWATCH - 2, c);
        }
        Symbol::Glyph(c, g) => {
            rect(img, x, y, SWATCH, SWATCH, c);
            glyph(img, x, y + 1, g, colour::ink_on(c));
        }
        Symbol::Marker(c, g) => marker_box(img, x, y, c, g),
    }
}

fn column_width(entries: &[Entry]) -> u32 {
    let text = entries
        .iter()
        .map(|e| font::Face::Text.width(&e.label))
        .max()
        .unwrap_or(0);
    text + ROW * 2
}

/// Entries per legend row in a picture `width` pixels wide with side margins `margin`.
fn per_row(width: u32, margin: u32, entries: &[Entry]) -> u32 {
    (width.saturating_sub(2 * margin) / column_width(entries).max(1)).max(1)
}

/// The height of the legend of `entries` in a picture `width` pixels wide.
pub fn height(width: u32, margin: u32, entries: &[Entry]) -> u32 {
    (entries.len() as u32).div_ceil(per_row(width, margin, entries)) * ROW
}

/// Draw the legend: rows of entries from `top`, in as many columns as fit.
pub fn draw(img: &mut RgbImage, top: u32, margin: u32, entries: &[Entry]) {
    let col = column_width(entries);
    let n = per_row(img.width(), margin, entries);
    for (i, e) in entries.iter().enumerate() {
        let x = margin + (i as u32 % n) * col;
        let y = top + (i as u32 / n) * ROW;
        swatch(img, x, y, &e.symbol);
        font::draw(
            img,
            (x + ROW + 2, y + 2),
            &e.label,
            font::Face::Text,
            1,
            colour::INK,
            None,
        );
    }
}
