use super::{walkable_by_ids, Scratch};
use crate::dungeon::{Swatch, TileClasses};
use crate::stats::spec::Walkable;

/// Rows of every width from 1 to 130 (one to three words, whole groups of four cells or
/// not), ids inside and past the classified ones: the walkable plane and the tiles per
/// class are those of a look at each cell.
#[test]
fn walkable_ids_count_and_plane_every_cell() {
    let swatch = |name: &str| Swatch {
        name: name.into(),
        glyph: '.',
        colour: "#000000".into(),
        theme: false,
        walkable: false,
    };
    let tc = TileClasses {
        layer: "tiles".into(),
        output: None,
        classes: vec![swatch("floor"), swatch("door"), swatch("wall")],
        class_of: vec![2, 0, 0, 1, 2, 0],
    };
    let class = |t: u16| tc.class_of.get(t as usize).copied().unwrap_or(2) as usize;
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut s = Scratch::default();
    for w in 1..=130usize {
        let h = 1 + w % 3;
        let rows: Vec<Vec<u16>> = (0..h)
            .map(|_| {
                (0..w)
                    .map(|_| {
                        seed ^= seed << 7;
                        seed ^= seed >> 9;
                        // runs of one tile, as in a dungeon, and ids past the table
                        (seed % 23 / 3) as u16
                    })
                    .collect()
            })
            .collect();
        let which = Walkable::Classes(vec!["floor".into(), "door".into()]);
        walkable_by_ids(&tc, &rows, &which, &mut s);
        let mut area = [0u32; 3];
        for (y, row) in rows.iter().enumerate() {
            for (x, &t) in row.iter().enumerate() {
                area[class(t)] += 1;
                let open = class(t) < 2;
                assert_eq!(s.open.get(x as i32, y as i32), open, "w {w} ({x}, {y})");
            }
        }
        assert_eq!(s.area, area, "w {w}");
    }
}
