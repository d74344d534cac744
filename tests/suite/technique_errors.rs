//! Issue 45, "Done when": bad input of the maze and walker techniques ends in a located
//! failure (or a counted `Retry` restart), never a hang — a maze in an area too narrow for
//! one cell between walls, and walkers whose floor share cannot be reached.

use undercroft::dungeon::Layer;
use undercroft::engine::GenError;
use undercroft::{Params, RuleSet};

/// Load `steps` as the steps of a 5x5 rule set `t.ron` (written to a temporary directory).
fn rules(name: &str, steps: &str) -> RuleSet {
    let dir = std::env::temp_dir().join(format!("undercroft-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("t.ron");
    let text = format!(
        "Ruleset(name: \"t\", rng: Pcg64, grid: Grid(width: 5, height: 5), steps: [\n{steps}\n])"
    );
    std::fs::write(&path, text).unwrap();
    let rs = RuleSet::load(&path).unwrap_or_else(|d| panic!("{d:?}"));
    let _ = std::fs::remove_dir_all(&dir);
    rs
}

fn tiles(rs: &RuleSet) -> Vec<Vec<u16>> {
    let d = rs.generate(1, &Params::new()).unwrap();
    match &d.layers["t"] {
        Layer::Ids(rows) => rows.clone(),
        _ => panic!("t is not a tile layer"),
    }
}

/// Whether `what` names the place `file:line:col` (not followed by another digit).
fn located(what: &str, place: &str) -> bool {
    what.match_indices(place)
        .any(|(i, _)| !what[i + place.len()..].starts_with(|c: char| c.is_ascii_digit()))
}

const NO_CELL: &str = "GrowMaze: no maze cell fits in the area";

#[test]
fn a_maze_in_an_area_narrower_than_a_cell_and_two_walls_fails_where_it_is_written() {
    for w in [1, 2] {
        let step =
            format!(r#"GrowMaze(layer: "t", value: "1", solid: [0], area: "rect(1, 0, {w}, 5)"),"#);
        let e = rules("maze", &step)
            .generate(1, &Params::new())
            .unwrap_err();
        match &e {
            // line 2 of t.ron, column 18: inside the `layer` field's string `"t"`
            GenError::Failed { what } => {
                assert!(
                    what.contains(&format!("{NO_CELL} (it needs cell + 2 walls each way) at "))
                        && located(what, "t.ron:2:18"),
                    "{e}"
                )
            }
            other => panic!("width {w}: {other}"),
        }
        // Inside a Retry each attempt is a counted restart, then the budget ends the run.
        let retry = format!("Retry(max: 4, steps: [{step}]),");
        match rules("maze_retry", &retry).generate(1, &Params::new()) {
            Err(GenError::RetryExhausted { max, failures, .. }) => {
                assert_eq!(max, 4);
                assert_eq!(failures.len(), 1);
                assert!(failures[0].0.contains(NO_CELL), "{}", failures[0].0);
                assert_eq!(failures[0].1, 4);
            }
            Err(other) => panic!("width {w} in a Retry: {other}"),
            Ok(_) => panic!("width {w} in a Retry: generated"),
        }
    }
    // Three tiles (a one-tile cell between one-tile walls) hold exactly one cell, carved.
    let one = r#"GrowMaze(layer: "t", value: "1", solid: [0], area: "rect(1, 1, 3, 3)"),"#;
    let mut want = vec![vec![0; 5]; 5];
    want[2][2] = 1;
    assert_eq!(tiles(&rules("maze_one", one)), want);
}

#[test]
fn walkers_that_cannot_reach_their_share_fail_when_their_steps_run_out() {
    // The failure is located at the share's expression: line 2, column 97 of t.ron.
    // No turns: from the centre the walker goes straight to the edge and stays there, so it
    // paints 3 of the 25 tiles whatever the direction; a share of 1 is never reached.
    let walk = |share: &str| {
        format!(
            r#"RandomWalk(layer: "t", value: "1", steps: "100000", turn: "0", start: (x: "2", y: "2"), share: "{share}"),"#
        )
    };
    let e = rules("walk", &walk("1"))
        .generate(1, &Params::new())
        .unwrap_err();
    match &e {
        GenError::Failed { what } => assert!(
            what.contains("RandomWalk: floor share `1` not reached in `100000` steps at ")
                && located(what, "t.ron:2:97"),
            "{e}"
        ),
        other => panic!("{other}"),
    }
    // A share of 0.1 (3 tiles of 25 are needed) is reached once the line touches the edge.
    let t = tiles(&rules("walk_ok", &walk("0.1")));
    assert_eq!(t.iter().flatten().filter(|&&v| v == 1).count(), 3);
    assert_eq!(t[2][2], 1);
}
