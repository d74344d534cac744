//! Writing an output over the buffers of an earlier one (a dungeon given back with
//! `RuleSet::recycle`): strings, lists, rows and maps overwritten in place, grown or cut to
//! the new size. What they hold afterwards is exactly what building them afresh gives; only
//! the allocations differ.

use crate::dungeon::{Grids, Layer};
use crate::engine::state::State;
use std::collections::BTreeMap;

/// Make `out` hold `v`.
pub(super) fn text(out: &mut String, v: &str) {
    out.clear();
    out.push_str(v);
}

/// Make `out` hold `v` (`None`: none).
pub(super) fn optional_text(out: &mut Option<String>, v: Option<&str>) {
    match (out.as_mut(), v) {
        (Some(s), Some(v)) => text(s, v),
        (_, v) => *out = v.map(str::to_string),
    }
}

/// Make `out` one element per item of `items`, in order: `set(element, item)` writes each
/// over an element kept from before, or over `new()` past the old length; elements past
/// the new length are dropped.
pub(super) fn list<T, I>(
    out: &mut Vec<T>,
    items: impl Iterator<Item = I>,
    mut set: impl FnMut(&mut T, I),
    new: impl Fn() -> T,
) {
    let mut n = 0;
    for item in items {
        if n == out.len() {
            out.push(new());
        }
        set(&mut out[n], item);
        n += 1;
    }
    out.truncate(n);
}

/// The layer named `name` in `layers` (an empty one added when there is none).
pub(super) fn slot<'m>(layers: &'m mut BTreeMap<String, Layer>, name: &str) -> &'m mut Layer {
    if !layers.contains_key(name) {
        layers.insert(name.to_string(), Layer::Ids(Vec::new()));
    }
    layers
        .get_mut(name)
        .expect("the layer is there: found or just added")
}

/// Make `layer` the rows of tile ids `rows`.
pub(super) fn id_rows<'a>(layer: &mut Layer, rows: impl Iterator<Item = &'a [u16]>) {
    if !matches!(layer, Layer::Ids(_)) {
        *layer = Layer::Ids(Vec::new());
    }
    if let Layer::Ids(out) = layer {
        list(
            out,
            rows,
            |o, r| {
                o.clear();
                o.extend_from_slice(r);
            },
            Vec::new,
        );
    }
}

/// Make `layer` the symbol rows of `rows` (see [`symbol_row`]).
pub(super) fn symbol_rows<'a, T: Copy + 'a>(
    layer: &mut Layer,
    rows: impl Iterator<Item = &'a [T]>,
    byte: impl Fn(T) -> u8,
    glyph: impl Fn(T) -> char,
) {
    if !matches!(layer, Layer::Symbols(_)) {
        *layer = Layer::Symbols(Vec::new());
    }
    if let Layer::Symbols(out) = layer {
        list(
            out,
            rows,
            |o, r| symbol_row(o, r, &byte, &glyph),
            String::new,
        );
    }
}

/// Make `out` the grids' sizes and which grid each of `layers` is on (`rooms`, the symbol
/// layer of the plan, is on the plan; every other layer on the tiles).
pub(super) fn grids(st: &State, layers: &BTreeMap<String, Layer>, out: &mut Option<Grids>) {
    let grid = |name: &str, l: &Layer| {
        if name == "rooms" && matches!(l, Layer::Symbols(_)) {
            "plan"
        } else {
            "tiles"
        }
    };
    let (plan, tiles, cell) = (
        [st.plan_width, st.plan_height],
        [st.width, st.height],
        st.cell,
    );
    if let Some(g) = out {
        // the same layer names as before: the grid names written in place
        let same = g.layers.len() == layers.len() && g.layers.keys().eq(layers.keys());
        if same {
            for ((name, l), on) in layers.iter().zip(g.layers.values_mut()) {
                text(on, grid(name, l));
            }
            (g.plan, g.tiles, g.cell) = (plan, tiles, cell);
            return;
        }
    }
    *out = Some(Grids {
        plan,
        tiles,
        cell,
        layers: layers
            .iter()
            .map(|(name, l)| (name.clone(), grid(name, l).to_string()))
            .collect(),
    });
}

/// One row of a symbol layer written into `out`: the glyph of each value, in order,
/// `byte(v)` being `ascii_byte` of `glyph(v)`. Glyphs are nearly always ASCII: one pass
/// writes a byte per cell (the row's length reserved once), one word-wise check finds any
/// [`NOT_ASCII`](crate::ruleset::glyphs::NOT_ASCII) byte (any byte past 0x7f), and then the row is written again char by char.
fn symbol_row<T: Copy>(
    out: &mut String,
    row: &[T],
    byte: impl Fn(T) -> u8,
    glyph: impl Fn(T) -> char,
) {
    let mut bytes = std::mem::take(out).into_bytes();
    bytes.clear();
    bytes.extend(row.iter().map(|&v| byte(v)));
    if !bytes.is_ascii() {
        bytes.clear();
        *out = String::from_utf8(bytes).unwrap_or_default();
        out.extend(row.iter().map(|&v| glyph(v)));
        return;
    }
    // SAFETY: every byte is ASCII (checked just above), and ASCII text is valid UTF-8.
    *out = unsafe { String::from_utf8_unchecked(bytes) };
}

#[cfg(test)]
mod tests {
    use super::symbol_row;
    use crate::ruleset::glyphs::ascii_byte;

    #[test]
    fn symbol_rows_keep_every_glyph_ascii_or_not() {
        let glyph = |v: u8| match v {
            0 => '.',
            1 => '#',
            2 => '·',
            _ => '🜂',
        };
        let row = |r: &[u8]| {
            // written over a longer row with a glyph outside ASCII: nothing of it stays
            let mut out = String::from("🜂🜂🜂🜂🜂🜂");
            symbol_row(&mut out, r, |v| ascii_byte(glyph(v)), glyph);
            out
        };
        assert_eq!(row(&[0u8, 1, 1, 0]), ".##.");
        assert_eq!(row(&[0u8, 2, 1, 3, 0]), ".·#🜂.");
        assert_eq!(row(&[3u8]), "🜂");
        assert_eq!(row(&[]), "");
        // against a char per cell, on rows with and without glyphs outside ASCII
        let mut x = 7u32;
        for n in 0..50 {
            let cells: Vec<u8> = (0..n)
                .map(|_| {
                    x = x.wrapping_mul(1664525).wrapping_add(1013904223);
                    (x >> 16) as u8 % if n % 3 == 0 { 4 } else { 2 }
                })
                .collect();
            let plain: String = cells.iter().map(|&v| glyph(v)).collect();
            assert_eq!(row(&cells), plain, "{cells:?}");
        }
    }
}
