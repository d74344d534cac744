//! A dungeon seen as a grid of coloured cells, for tile-based styles (shared by the PNG
//! renderer and the terminal preview).
//!
//! The view comes from, in order of preference:
//! 1. a symbol layer other than `rooms` (e.g. tile classes: floor, wall, door, stairs), one
//!    colour per symbol, named by the dungeon's `symbols` table;
//! 2. a tile-id layer (`Layer::Ids`) with any non-zero id, one colour per id.
//!
//! Room-graph dungeons (only the `rooms` layer) have no cell view.

use super::colour;
use crate::dungeon::{Dungeon, Layer};
use crate::ruleset::RuleSet;
use std::collections::BTreeMap;

/// The name of the layer every dungeon has: room kinds per cell.
pub const ROOMS_LAYER: &str = "rooms";

/// Colours and labels per cell, row-major, and a legend (most common first).
#[derive(Debug, Clone, PartialEq)]
pub struct CellView {
    /// The layer shown.
    pub layer: String,
    pub width: usize,
    pub height: usize,
    pub colours: Vec<[u8; 3]>,
    /// What each cell is: a symbol's meaning, or `layer id`.
    pub labels: Vec<String>,
    /// (colour, label, cells), most common first.
    pub legend: Vec<([u8; 3], String, usize)>,
}

impl CellView {
    /// Colour and label of cell `(x, y)`.
    pub fn at(&self, x: usize, y: usize) -> Option<([u8; 3], &str)> {
        if x >= self.width || y >= self.height {
            return None;
        }
        let i = y * self.width + x;
        Some((self.colours[i], &self.labels[i]))
    }
}

/// The cell view of `d`, if it is tile-based (see the module doc).
pub fn cell_view(d: &Dungeon, rs: &RuleSet) -> Option<CellView> {
    let (w, h) = (d.width.max(0) as usize, d.height.max(0) as usize);
    let symbols = d.layers.iter().find_map(|(n, l)| match l {
        Layer::Symbols(rows) if n != ROOMS_LAYER => Some((n, rows)),
        _ => None,
    });
    let mut colours = Vec::with_capacity(w * h);
    let mut labels = Vec::with_capacity(w * h);
    let layer;
    if let Some((name, rows)) = symbols {
        layer = name.clone();
        for y in 0..h {
            let row: Vec<char> = rows.get(y).map_or(Vec::new(), |r| r.chars().collect());
            for x in 0..w {
                let g = row.get(x).copied().unwrap_or(' ');
                let meaning = d
                    .symbols
                    .get(&g.to_string())
                    .cloned()
                    .unwrap_or_else(|| format!("'{g}'"));
                colours.push(colour::symbol(rs, g, &meaning));
                labels.push(meaning);
            }
        }
    } else {
        let (name, ids) = d.layers.iter().find_map(|(n, l)| match l {
            Layer::Ids(rows) if rows.iter().flatten().any(|&v| v != 0) => Some((n, rows)),
            _ => None,
        })?;
        layer = name.clone();
        for y in 0..h {
            for x in 0..w {
                let id = ids.get(y).and_then(|r| r.get(x)).copied().unwrap_or(0);
                colours.push(colour::tile(rs, name, id));
                labels.push(format!("{name} {id}"));
            }
        }
    }
    let mut counts: BTreeMap<&str, ([u8; 3], usize)> = BTreeMap::new();
    for (c, l) in colours.iter().zip(&labels) {
        counts.entry(l).or_insert((*c, 0)).1 += 1;
    }
    let mut legend: Vec<([u8; 3], String, usize)> = counts
        .into_iter()
        .map(|(l, (c, n))| (c, l.to_string(), n))
        .collect();
    legend.sort_by(|a, b| b.2.cmp(&a.2).then(a.1.cmp(&b.1)));
    Some(CellView {
        layer,
        width: w,
        height: h,
        colours,
        labels,
        legend,
    })
}
