//! The paths a grid's width takes (issue 48: "a 200-wide and a 1000-wide grid take the same
//! code paths as a 40-wide one"): the toolkit's general operators run at widths 40, 200 and
//! 1000 and no operator falls back to a plainer path ([`Fallback`]); budding's pair
//! tables, which still use row unions only up to 64 cells, are pinned, so that porting one changes this test.

use super::load;
use crate::engine::fast_path::{count_fallbacks, Fallback};
use crate::ruleset::Params;

/// A style of general techniques, every step over the whole grid.
const GENERAL: &str = r#"NoiseFill(layer: "t", value: "1", density: "0.45"),
    CellularAutomaton(layer: "t", iterations: 2, automaton: "p.pat#smooth", outside: 1),
    CleanRegions(layer: "t", open: [0], fill: 1, keep: Largest),
    CountRegions(layer: "t", values: [0], connectivity: Eight, var: "n"),
    FloodRegions(layer: "t", tiles: [0], kind: "region", min_cells: 1, max_cells: 100000),
    FixRules(layer: "t", rules: "p.pat#walls"),
    ScatterMiniset(layer: "t", miniset: "p.pat#pillar", percent: 50),
    RoughenRuns(layer: "t", along: Columns, run: 0, beside: 2, side: (1, 0), min_run: 2,
        skip_roll: 3, values: [0, 2]),
    FillVoids(layer: "t", empty: 1, wall: 2, floor: 3, door: 4, empty_limit: 100000,
        attempts: 200, margin: 1, span_max: 10, depth_max: 8, min_size: 3, back_off: 1)"#;

const PAT: &str = "tiles { Floor = 0 Rock = 1 }\n\
    automaton smooth { count8(Rock) >= 5 -> Rock\n count8(Rock) <= 3 -> Floor }\n\
    rules walls { 1 if (1,0) == 0 -> (0,0) = 2\n 1 if (-1,0) == 0, (0,1) == 0 -> (0,0) = 2 }\n\
    miniset pillar 3x3 { search Floor Floor Floor | Floor Floor Floor | Floor Floor Floor
        replace . . . | . 1 . | . . . }";

/// The fallbacks `steps` take on a `w × 24` grid (seed 3).
fn fallbacks(w: i32, steps: &str) -> Vec<Fallback> {
    let head = r#"room_kinds: [RoomKind(name: "region", glyph: 'r')],"#;
    let rs = load(w, 24, head, steps, vec![("p.pat".into(), PAT.into())]);
    let (d, fell) = count_fallbacks(|| rs.generate(3, &Params::new()));
    d.unwrap_or_else(|e| panic!("{w} wide: {e}"));
    fell
}

#[test]
fn general_techniques_take_the_same_paths_at_every_width() {
    for w in [40, 200, 1000] {
        assert_eq!(fallbacks(w, GENERAL), [], "{w} wide");
    }
}

/// Budding and block crawling keep their row masks at every width, and budding's pair
/// tables their row unions (over a 64-column window past 64 cells).
#[test]
fn budding_and_crawling_keep_their_masks_at_every_width() {
    let bud = r#"BudRooms(layer: "t", parents: [(rect: (x: "8", y: "8", w: "4", h: "4"))],
        dir: "0", axis_roll: 4, size_roll: 5, size_add: 2, size_even: true, attempts: 20)"#;
    let crawl = r#"CrawlBlocks(layer: "t", at: (x: "20", y: "8"), seed_size: 2, size_roll: 2,
        size_min: 3, border_roll: 2, border_min: 1, stop_roll: 4)"#;
    for w in [40, 200, 1000] {
        assert_eq!(fallbacks(w, crawl), [], "crawl at {w} wide");
    }
    for w in [40, 200, 1000] {
        assert_eq!(fallbacks(w, bud), [], "budding at {w} wide");
    }
}
