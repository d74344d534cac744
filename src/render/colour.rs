//! Colours for pictures and the terminal preview: room kinds and tile classes from the
//! dungeon's [`Palette`] (the rule file's colours), otherwise a fixed colour per name or id.

use crate::dungeon::{parse_colour, Palette};

/// Background of pictures.
pub const BACKGROUND: [u8; 3] = [20, 20, 26];
/// Cells without a room.
pub const EMPTY: [u8; 3] = [34, 34, 44];
/// Text.
pub const INK: [u8; 3] = [230, 226, 214];

/// The colour of room kind `name`: the rule file's `colour`, else one made from the name.
pub fn kind(p: &Palette, name: &str) -> [u8; 3] {
    p.kind(name)
        .and_then(|k| parse_colour(&k.colour))
        .unwrap_or_else(|| of_number(fnv(name.as_bytes())))
}

/// The colour of tile `id` in tile layer `layer`. Tile id 0 (nothing) is the empty colour;
/// other ids get a fixed colour each (the same on every run and machine), spread around the
/// colour wheel so neighbouring ids differ.
pub fn tile(_p: &Palette, _layer: &str, id: u16) -> [u8; 3] {
    if id == 0 {
        EMPTY
    } else {
        of_number(id as u64)
    }
}

/// The colour of symbol `glyph` meaning `meaning` in a symbol layer (tile classes such as
/// floor, wall, door): a room kind of that name gives its colour; otherwise a fixed colour
/// made from the name. (Where the rule set has a palette for the classes of its tile layer,
/// look the class up here, before the made-up colour.)
pub fn symbol(p: &Palette, glyph: char, meaning: &str) -> [u8; 3] {
    if let Some(c) = p.kind(meaning).and_then(|k| parse_colour(&k.colour)) {
        return c;
    }
    // Tile classes of a tile style carry their own colours.
    if let Some(c) = p.tiles.as_ref().and_then(|g| {
        g.classes
            .iter()
            .find(|c| c.name == meaning)
            .and_then(|c| parse_colour(&c.colour))
    }) {
        return c;
    }
    if glyph == p.empty_glyph || meaning == "empty" {
        return EMPTY;
    }
    of_number(fnv(meaning.as_bytes()))
}

/// The colour of the `i`-th marker.
pub fn marker(i: usize) -> [u8; 3] {
    const M: [[u8; 3]; 4] = [
        [255, 255, 255],
        [255, 220, 60],
        [80, 220, 255],
        [255, 110, 200],
    ];
    M[i % M.len()]
}

/// The colour of the `i`-th interior glyph of a room pool (in legend order, the floor left
/// out): twelve colours chosen far apart from each other and from the usual room colours
/// (greedily, by CIE76 distance), then again from the first.
pub fn interior(i: usize) -> [u8; 3] {
    const I: [[u8; 3]; 12] = [
        [0x00, 0x00, 0xe0],
        [0xe0, 0x20, 0xe0],
        [0x00, 0xe0, 0x00],
        [0x00, 0x40, 0x00],
        [0x00, 0x60, 0xe0],
        [0xc0, 0xe0, 0x00],
        [0xe0, 0x80, 0xe0],
        [0x80, 0x60, 0x00],
        [0x00, 0x00, 0x80],
        [0x40, 0x00, 0x00],
        [0x80, 0xa0, 0x20],
        [0xc0, 0x80, 0xa0],
    ];
    I[i % I.len()]
}

/// A darker shade, for outlines.
pub fn darker(c: [u8; 3]) -> [u8; 3] {
    c.map(|v| (v as u16 * 5 / 10) as u8)
}

/// Black or white, whichever reads better on `c`.
pub fn ink_on(c: [u8; 3]) -> [u8; 3] {
    let l = 299 * c[0] as u32 + 587 * c[1] as u32 + 114 * c[2] as u32;
    if l > 140_000 {
        [16, 16, 20]
    } else {
        INK
    }
}

/// A fixed, pleasant colour for a number: golden-ratio steps of hue, two saturation and
/// value bands (integer arithmetic only).
fn of_number(n: u64) -> [u8; 3] {
    let hue = (n.wrapping_mul(0x9E37_79B9) % 360) as u32; // degrees
    let (s, v) = if n.is_multiple_of(2) {
        (55, 85)
    } else {
        (40, 70)
    }; // percent
    hsv(hue, s, v)
}

fn hsv(h: u32, s: u32, v: u32) -> [u8; 3] {
    let v255 = v * 255 / 100;
    let c = v255 * s / 100;
    let x = c * (60 - (h % 120).abs_diff(60)) / 60;
    let m = v255 - c;
    let (r, g, b) = match h / 60 {
        0 => (c, x, 0),
        1 => (x, c, 0),
        2 => (0, c, x),
        3 => (0, x, c),
        4 => (x, 0, c),
        _ => (c, 0, x),
    };
    [(r + m) as u8, (g + m) as u8, (b + m) as u8]
}

fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbered_colours_are_fixed_and_distinct() {
        assert_eq!(hsv(0, 100, 100), [255, 0, 0]);
        assert_eq!(hsv(120, 100, 100), [0, 255, 0]);
        let cs: Vec<[u8; 3]> = (1..=40).map(of_number).collect();
        assert_eq!(cs, (1..=40).map(of_number).collect::<Vec<_>>());
        for i in 1..cs.len() {
            assert_ne!(cs[i - 1], cs[i], "ids {i} and {} look alike", i + 1);
        }
    }
}
