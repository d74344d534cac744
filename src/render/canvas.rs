//! What every picture has: the margins, the title (rule set, seed, the parameters that differ
//! from their defaults), the markers drawn on the map, and room for the legend below it.
//! Shared by the tile pictures ([`super::png`]) and the room maps ([`super::room_map`]).

use super::colour;
use super::font;
use super::legend::{self, Entry, Symbol};
use crate::dungeon::{parse_colour, Dungeon};
use image::{Rgb, RgbImage};

/// Pixels per room-map cell.
pub const CELL_W: u32 = 48;
/// Height of a grid cell in pixels.
pub const CELL_H: u32 = 40;
/// Pixels per tile.
pub const TILE: u32 = 8;
/// Pixels around the title, map and legend.
pub const MARGIN: u32 = 12;
/// Height of a line of header text.
pub const LINE: u32 = 16;

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

/// A blank picture with the title, room for a `map_w × map_h` map and the legend of
/// `entries`; and the map's top row.
pub fn canvas(d: &Dungeon, map_w: u32, map_h: u32, entries: &[Entry]) -> (RgbImage, u32) {
    let title = header(d);
    let width = (map_w + 2 * MARGIN).max(text_px(&title) + 2 * MARGIN);
    let legend_h = legend::height(width, MARGIN, entries);
    let height = MARGIN + LINE + map_h + MARGIN + legend_h + MARGIN;
    let mut img = RgbImage::from_pixel(width, height, Rgb(colour::BACKGROUND));
    text(&mut img, MARGIN, MARGIN, &title, colour::INK);
    (img, MARGIN + LINE)
}

/// Every marker as its box and glyph ([`legend::marker_box`]) centred on the cell it is
/// drawn on (its own plus its style's offset), cells being `cw × ch` pixels from `(MARGIN,
/// top)` in a grid of `size` cells.
pub fn markers(img: &mut RgbImage, d: &Dungeon, top: u32, cw: u32, ch: u32, size: (i32, i32)) {
    for (style, [x, y]) in d.drawn_markers() {
        if x < 0 || y < 0 || x >= size.0 || y >= size.1 {
            continue;
        }
        let c = parse_colour(&style.colour).unwrap_or([255, 255, 255]);
        let (cx, cy) = (
            MARGIN + x as u32 * cw + cw / 2,
            top + y as u32 * ch + ch / 2,
        );
        let half = legend::SWATCH / 2;
        legend::marker_box(
            img,
            cx.saturating_sub(half),
            cy.saturating_sub(half),
            c,
            style.glyph,
        );
    }
}

/// The legend entries of the markers of `d`, as the map draws them.
pub fn marker_entries(d: &Dungeon) -> Vec<Entry> {
    d.drawn_markers()
        .into_iter()
        .map(|(s, _)| Entry {
            symbol: Symbol::Marker(parse_colour(&s.colour).unwrap_or([255, 255, 255]), s.glyph),
            label: s.name,
        })
        .collect()
}
