//! The data tables of the Cathedral, read once from rules/diablo/cathedral.pat (untimed) into
//! plain arrays. (The fix-up rule lists are if-chains: fix_tiles.rs, finish.rs.)

use undercroft::lang::pattern::{parse_patterns, Cell, ItemKind, PatternFile};

/// A miniset: `search` (-1 = any tile) and `replace` (-1 = leave), row-major.
pub struct Miniset {
    pub w: i32,
    pub h: i32,
    pub search: Vec<i16>,
    pub replace: Vec<i16>,
}

/// Every table the level reads.
pub struct Tables {
    /// `BaseTypes`: the base type of each tile id, which the shadow patterns compare.
    pub base: [u8; 256],
    pub stairs_up: Miniset,
    pub stairs_down: Miniset,
    pub lamps: Miniset,
    /// Substitution class per tile id (`TileDecorations`, 0 past its end).
    pub decoration: [u8; 256],
    /// Per class: its members in ascending tile-id order.
    pub members: Vec<Vec<u8>>,
    /// The glyph classes the theme measures read: floor (clear), arch (open), stairs.
    pub clear: [bool; 256],
    pub arch: [bool; 256],
    pub stairs: [bool; 256],
}

impl Tables {
    /// Reads rules/diablo/cathedral.pat under the crate root `root`.
    pub fn load(root: &std::path::Path) -> Tables {
        let text = std::fs::read_to_string(root.join("rules/diablo/cathedral.pat")).unwrap();
        let pat = parse_patterns(&text).unwrap_or_else(|e| panic!("{e:?}"));
        let table = |name: &str| -> [u8; 256] {
            let mut out = [0u8; 256];
            match &pat.get(name).unwrap().kind {
                ItemKind::Table(v) => v.iter().zip(&mut out).for_each(|(&a, o)| *o = a as u8),
                _ => panic!("{name}"),
            }
            out
        };
        let set = |name: &str| -> [bool; 256] {
            let mut out = [false; 256];
            match &pat.get(name).unwrap().kind {
                ItemKind::Table(v) => v.iter().for_each(|&a| out[a as usize] = true),
                _ => panic!("{name}"),
            }
            out
        };
        let decoration = table("TileDecorations");
        let mut members = vec![Vec::new(); 256];
        for (t, &c) in decoration.iter().enumerate() {
            if c != 0 {
                members[c as usize].push(t as u8);
            }
        }
        Tables {
            base: table("BaseTypes"),
            stairs_up: miniset(&pat, "L5STAIRSUP"),
            stairs_down: miniset(&pat, "STAIRSDOWN"),
            lamps: miniset(&pat, "LAMPS"),
            decoration,
            members,
            clear: set("glyph_floor"),
            arch: set("glyph_arch"),
            stairs: set("glyph_stairs"),
        }
    }
}

fn miniset(pat: &PatternFile, name: &str) -> Miniset {
    let ItemKind::Miniset(m) = &pat.get(name).unwrap().kind else {
        panic!("{name}")
    };
    Miniset {
        w: m.width,
        h: m.height,
        search: m
            .search
            .iter()
            .map(|c| match c {
                Cell::Any => -1,
                Cell::Tile(t) => *t as i16,
                Cell::Set(_) => panic!("{name}: a set cell"),
            })
            .collect(),
        replace: m
            .replace
            .iter()
            .map(|r| r.map_or(-1, |t| t as i16))
            .collect(),
    }
}
