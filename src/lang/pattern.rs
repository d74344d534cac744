//! The pattern file format (grammar: `pattern.pest`): minisets (search/replace grids),
//! neighbour fix-rule lists and integer tables, parsed into [`PatternFile`].
//!
//! Every error carries the byte span of the text it is about; the loader turns it into a
//! `file:line:col` diagnostic. Tile ids are 0..=65535, and a tile in a grid means itself
//! (tile 0 included, written by a name such as `Rock = 0`); `.` is the one wildcard: any
//! tile in a search grid ([`Cell::Any`]), "leave the tile" in a replace grid (`None`). A
//! bare `0` in a grid is a located error (it used to mean `.`; see [`BARE_ZERO`]). A search
//! cell may also be a set of tiles ([`Cell::Set`]), written inline (`{29 32 35}`) or by the
//! name of a `set` item.
//! Matching minisets against a layer is [`super::matcher`].

pub mod ascii;
mod build;
pub mod ca;
mod fast;
#[cfg(test)]
mod fast_tests;
mod grammar;
mod items;
mod syntax_error;
pub mod templates;
pub mod wfc;

pub use super::grid_items::{AsciiGrid, ChunkGroup, Example, Template, Templates, TileSet};
pub use build::{parse_patterns, MAX_SET_MEMBERS};
pub use items::{
    Cell, FixRule, Item, ItemKind, Miniset, PatternError, PatternFile, Test, BARE_ZERO,
};

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> (usize, String) {
        let e = parse_patterns(text).unwrap_err();
        (e[0].span.0, e[0].message.clone())
    }

    #[test]
    fn parses_every_item_kind() {
        let f = parse_patterns(
            "// c\ntiles { Floor = 13 Dirt = 22 }\ntable t { 1 -2 Floor }\n\
             miniset m 2x2 { search Floor . | 13 13 replace 129 . 130 128 }\n\
             rules r { 2 if (1,0) == Dirt -> (1,0) = 23\n * unprotected -> (0,0) = 1, (1,1) = 2\n\
             29|32 if (-1,0) != 139 -> (-1,0) = 141 }",
        )
        .unwrap();
        assert_eq!(f.get("t").unwrap().kind, ItemKind::Table(vec![1, -2, 13]));
        let ItemKind::Miniset(m) = &f.get("m").unwrap().kind else {
            panic!()
        };
        assert_eq!((m.width, m.height), (2, 2));
        let t = Cell::Tile;
        assert_eq!(m.search, vec![t(13), Cell::Any, t(13), t(13)]);
        assert_eq!(m.replace, vec![Some(129), None, Some(130), Some(128)]);
        let ItemKind::Rules(r) = &f.get("r").unwrap().kind else {
            panic!()
        };
        assert_eq!(r.len(), 3);
        assert_eq!(r[0].heads, vec![2]);
        assert_eq!(
            r[0].tests,
            vec![Test {
                dx: 1,
                dy: 0,
                equal: true,
                value: 22
            }]
        );
        assert_eq!(r[0].actions, vec![(1, 0, 23)]);
        assert!(r[1].heads.is_empty() && r[1].unprotected && r[1].actions.len() == 2);
        assert_eq!(r[2].heads, vec![29, 32]);
        assert!(!r[2].tests[0].equal);
    }

    #[test]
    fn set_cells_inline_named_and_in_heads() {
        let f = parse_patterns(
            "tiles { Floor = 13 }\nset floors = {15 Floor 14 13}\nset more = {floors 40}\n\
             miniset m 3x1 { search {29 35 32} floors . replace . 7 . }\n\
             miniset n 1x1 { search more replace 1 }\n\
             rules r { floors|{2 1} -> (0,0) = 3 }",
        )
        .unwrap();
        let ItemKind::Miniset(m) = &f.get("m").unwrap().kind else {
            panic!()
        };
        let set = |v: &[u16]| Cell::Set(v.into());
        assert_eq!(
            m.search,
            vec![set(&[29, 32, 35]), set(&[13, 14, 15]), Cell::Any]
        );
        assert_eq!(m.replace, vec![None, Some(7), None]);
        let ItemKind::Miniset(n) = &f.get("n").unwrap().kind else {
            panic!()
        };
        assert_eq!(n.search, vec![set(&[13, 14, 15, 40])]);
        let ItemKind::Rules(r) = &f.get("r").unwrap().kind else {
            panic!()
        };
        assert_eq!(r[0].heads, vec![13, 14, 15, 1, 2]);
        // sets are names, not items
        assert!(f.get("floors").is_none());
    }

    #[test]
    fn set_errors_are_located() {
        let errs = |text: &str| -> Vec<(usize, String)> {
            parse_patterns(text)
                .unwrap_err()
                .into_iter()
                .map(|e| (e.span.0, e.message))
                .collect()
        };
        // an empty set, inline and named: at its `{`
        let e = errs("miniset m 2x1 { search 1 {} replace . . }");
        assert_eq!(e.len(), 1, "{e:?}");
        assert_eq!(e[0].0, 25);
        assert!(e[0].1.contains("an empty set matches no tile"), "{e:?}");
        let e = errs("set none = { }");
        assert_eq!((e[0].0, e.len()), (11, 1), "{e:?}");
        // an unknown set name: the nearest tile or set name
        let e = errs(
            "tiles { Floor = 13 }\nset walls = {1 2}\nminiset m 1x1 { search wals replace 1 }",
        );
        assert_eq!(e[0].0, 62, "{e:?}");
        assert!(
            e[0].1
                .contains("unknown tile or set name `wals`; did you mean `walls`?"),
            "{e:?}"
        );
        // a set where one tile is needed: replace grids, tables, rule tests and writes
        let e = errs(
            "set walls = {1 2}\nminiset m 1x1 { search walls replace walls }\n\
             table t { walls }\nrules r { 1 if (1,0) == walls -> (0,0) = {3} }",
        );
        let at: Vec<usize> = e.iter().map(|e| e.0).collect();
        assert_eq!(at, vec![55, 73, 105, 122], "{e:?}");
        assert!(
            e[0].1.contains("`walls` is a set; one tile is needed"),
            "{e:?}"
        );
        assert!(e[3].1.contains("a set cannot stand here"), "{e:?}");
        // a set may not reuse a name
        let e = errs("tiles { A = 1 }\nset A = {2}");
        assert_eq!(e[0].0, 20);
        assert!(e[0].1.contains("defined twice"), "{e:?}");
    }

    #[test]
    fn did_you_mean_is_the_nearest_name_with_ties_broken_by_name() {
        // `Flob` and `Floa` are equally near `Flor`: the one that sorts first, whatever the
        // order of definition
        for tiles in ["Flob = 1 Floa = 2", "Floa = 2 Flob = 1"] {
            let e =
                parse_patterns(&format!("tiles {{ {tiles} }}\ntable t {{ Flor }}")).unwrap_err();
            assert!(e[0].message.contains("did you mean `Floa`?"), "{e:?}");
        }
    }

    #[test]
    fn pick_alternatives_parse_in_order() {
        let f = parse_patterns(
            "rules r { 0 if (1,0) == 1 -> pick { (0,0) = 1 | (1,1) = 1, (1,0) = 2 } }",
        )
        .unwrap();
        let ItemKind::Rules(r) = &f.get("r").unwrap().kind else {
            panic!()
        };
        assert!(r[0].actions.is_empty());
        assert_eq!(
            r[0].picks,
            vec![vec![(0, 0, 1)], vec![(1, 1, 1), (1, 0, 2)]]
        );
        // a pick needs two alternatives
        assert!(parse_patterns("rules r { 0 -> pick { (0,0) = 1 } }").is_err());
    }

    #[test]
    fn syntax_errors_point_at_the_spot() {
        let (at, msg) = err("table t { 1 2 }\nrules r { 2 if (1,0) = 3 -> (0,0) = 1 }");
        assert_eq!(at, 37, "{msg}");
        assert!(msg.contains("`==` or `!=`"), "{msg}");
        let (at, msg) = err("wibble x { }");
        assert_eq!(at, 0);
        assert!(msg.contains("an item"), "{msg}");
    }

    #[test]
    fn semantic_errors_are_all_reported() {
        let e = parse_patterns(
            "tiles { Floor = 13 }\nminiset m 2x2 { search 1 2 3 | 4 replace . . . . }\n\
             table t { Flor 70000 }\ntable t { }",
        )
        .unwrap_err();
        let msgs: Vec<&str> = e.iter().map(|e| e.message.as_str()).collect();
        assert!(
            msgs.iter().any(|m| m.contains("row has 3 cells")),
            "{msgs:?}"
        );
        assert!(
            msgs.iter().any(|m| m.contains("did you mean `Floor`")),
            "{msgs:?}"
        );
        assert!(
            msgs.iter()
                .any(|m| m.contains("0..=65535") || m.contains("-65535..=65535")),
            "{msgs:?}"
        );
        assert!(msgs.iter().any(|m| m.contains("defined twice")), "{msgs:?}");
    }
}
