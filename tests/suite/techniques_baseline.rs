//! The hand-written loops of benches/baseline/templates.rs and benches/baseline/wfc_overlap.rs
//! (the speed yardsticks of benches/templates.rs and benches/wfc_overlap.rs, issue 45) do the
//! same work as `FillTemplates` and `WaveFunctionCollapse` (overlapping model): on small grids
//! and several seeds, each loop, from a copy of the step's random stream, gives the engine's
//! tiles.

use undercroft::engine::state::State;
use undercroft::engine::StepLabel;
use undercroft::interpreter::Observer;
use undercroft::lang::pattern::{parse_patterns, ItemKind, PatternFile};
use undercroft::operator::Writes;
use undercroft::rng::Rng;
use undercroft::{Params, RuleSet};

#[path = "../../benches/baseline/templates.rs"]
mod templates;
#[path = "../../benches/baseline/wfc_overlap.rs"]
mod wfc_overlap;

/// The random stream before the (only) step.
#[derive(Default)]
struct KeepRng(Option<Rng>);

impl Observer for KeepRng {
    fn before_step(&mut self, _: &StepLabel, _w: Writes<'_>, st: &State) {
        self.0 = Some(st.rng.clone());
    }
}

fn patterns(file: &str) -> PatternFile {
    let path = format!("{}/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    parse_patterns(&text).unwrap_or_else(|_| panic!("{file} parses"))
}

/// A rule set of one step on a `w × h` grid, loaded beside `dir`'s pattern files.
fn rules(dir: &str, name: &str, w: usize, h: usize, step: &str) -> RuleSet {
    let text = format!(
        "Ruleset(name: \"t\", rng: Pcg64, grid: Grid(width: {w}, height: {h}), steps: [{step}])"
    );
    let path = format!("{}/{dir}/{name}.ron", env!("CARGO_MANIFEST_DIR"));
    std::fs::write(&path, text).unwrap();
    let rs = RuleSet::load(&path);
    let _ = std::fs::remove_file(&path);
    rs.unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_template_loop_gives_the_engine_s_tiles() {
    let file = patterns("rules/examples/room_path.pat");
    let Some(ItemKind::Templates(t)) = file.get("rooms").map(|i| &i.kind) else {
        panic!("room_path.pat#rooms is a templates item");
    };
    let pool = templates::pool_of(t, &["path", "side"]);
    // 7 x 5 cells of 10 x 8, with 3 columns and 2 rows left over
    let (w, h) = (73, 42);
    let rs = rules(
        "rules/examples",
        "techniques_baseline_templates",
        w,
        h,
        r#"FillTemplates(layer: "t", templates: "room_path.pat#rooms",
            tags: [("(col + row) % 3 == 0", "side"), ("true", "path")],
            exits: "(col + row) % 3 == 0 ? 0 : 10 + (row % 2) * 4")"#,
    );
    let values = rs.resolve_params(&Params::new()).unwrap();
    let need = |col: usize, row: usize| {
        if (col + row).is_multiple_of(3) {
            (0, 2)
        } else {
            (10 + (row % 2) as u8 * 4, 1)
        }
    };
    for seed in 0..10 {
        let mut keep = KeepRng::default();
        let (st, _) = rs.run(seed, &values, &mut keep).unwrap();
        let mut tiles = vec![0u16; w * h];
        let mut rng = keep.0.unwrap();
        assert!(templates::fill_templates(
            &mut tiles, w, h, &pool, &mut rng, need
        ));
        assert!(tiles == st.layer(0), "seed {seed}: the tiles differ");
        // something was drawn: path rooms hold floor (2), the leftover columns rock (0)
        assert!(tiles.contains(&2) && tiles[w - 1] == 0, "seed {seed}");
    }
}

#[test]
fn the_overlapping_wfc_loop_gives_the_engine_s_tiles() {
    let file = patterns("rules/examples/wfc.pat");
    let Some(ItemKind::Example(ex)) = file.get("dungeon").map(|i| &i.kind) else {
        panic!("wfc.pat#dungeon is an example");
    };
    let model = wfc_overlap::learn(&wfc_overlap::Example::of(ex));
    let (w, h) = (30, 20);
    let rs = rules(
        "rules/examples",
        "techniques_baseline_wfc",
        w,
        h,
        r#"WaveFunctionCollapse(layer: "t", model: "wfc.pat#dungeon", restarts: "50")"#,
    );
    let values = rs.resolve_params(&Params::new()).unwrap();
    for seed in 0..8 {
        let mut keep = KeepRng::default();
        let (st, _) = rs.run(seed, &values, &mut keep).unwrap();
        let mut rng = keep.0.unwrap();
        let (tiles, _) = wfc_overlap::collapse(&model, w, h, &mut rng, 50);
        let tiles = tiles.expect("a solution where the engine found one");
        assert!(tiles == st.layer(0), "seed {seed}: the tiles differ");
        assert!(tiles.contains(&2), "seed {seed}: some floor");
    }
}
