//! Tests of `PlaceMiniset`.

use crate::engine::fast_path::{self, FastPath};
use crate::operator::testing::run_rules_with;

/// Runs of tries along a row find the same places as tries made one by one, with and
/// without `skip_low`, protected cells, and tries running out inside a row.
#[test]
fn runs_of_tries_equal_single_tries() {
    let pat = "miniset m 3x2 { search 13 13 . | . 13 13 replace 1 2 . | . 3 4 }";
    for (head, tries) in [
        ("", 1600),
        ("skip_low: (4, 3),", 1600),
        ("", 7),
        ("skip_low: (2, 5),", 45),
    ] {
        let steps = format!(
            r#"NoiseFill(layer: "t", value: "13", density: "0.6"),
               NoiseFill(layer: "p", value: "1", density: "0.1"),
               PlaceMiniset(layer: "t", miniset: "p.pat#m", tries: {tries}, {head}
                            protected: ["p"], count: "5", required: false)"#
        );
        for seed in 1..8 {
            let run = |plain: bool| {
                let off: &[FastPath] = if plain { &[FastPath::MinisetRuns] } else { &[] };
                fast_path::run_with(off, || {
                    crate::operator::testing::run_rules_full(
                        30,
                        20,
                        &steps,
                        "t",
                        seed,
                        &[("p.pat", pat)],
                    )
                })
            };
            let runs = run(false);
            assert_eq!(runs, run(true), "{head} tries {tries}, seed {seed}");
            if tries == 1600 {
                assert!(runs.iter().flatten().any(|&t| t == 4), "{head} seed {seed}");
            }
        }
    }
}

const PAT: &str = "miniset m 2x2 { search 13 . | 13 13 replace 129 . | 130 128 }";

#[test]
fn places_where_it_matches_and_nowhere_else() {
    let g = run_rules_with(
        8,
        8,
        r#"FillRect(layer: "t", value: "13", rect: (x: "5", y: "5", w: "2", h: "2")),
           PlaceMiniset(layer: "t", miniset: "p.pat#m", tries: 100, marker: "lamp")"#,
        "t",
        &[("p.pat", PAT)],
    );
    assert_eq!(g[5][5], 129);
    assert_eq!(g[6][5], 130);
    assert_eq!(g[6][6], 128);
    assert_eq!(g[5][6], 13);
}

/// Two spots match (top-left (1, 1) and (5, 5)); `avoid` covers the first, so every
/// seed places at the second, and the first is left as it was.
#[test]
fn avoid_skips_tries_whose_top_left_lies_in_it() {
    for seed in 1..6 {
        let g = crate::operator::testing::run_rules_full(
            8,
            8,
            r#"FillRect(layer: "t", value: "13", rect: (x: "1", y: "1", w: "2", h: "2")),
               FillRect(layer: "t", value: "13", rect: (x: "5", y: "5", w: "2", h: "2")),
               PlaceMiniset(layer: "t", miniset: "p.pat#m", tries: 100, avoid: (x: "0", y: "0", w: "4", h: "4"))"#,
            "t",
            seed,
            &[("p.pat", PAT)],
        );
        assert_eq!((g[5][5], g[6][5], g[6][6]), (129, 130, 128), "seed {seed}");
        assert_eq!((g[1][1], g[2][1], g[2][2]), (13, 13, 13), "seed {seed}");
    }
}

/// Two spots match, at (1, 1) and (5, 5); an area around the second confines every
/// seed's placement to it, and the first is left as it was.
#[test]
fn area_confines_the_search() {
    for seed in 1..6 {
        let g = crate::operator::testing::run_rules_full(
            8,
            8,
            r#"FillRect(layer: "t", value: "13", rect: (x: "1", y: "1", w: "2", h: "2")),
               FillRect(layer: "t", value: "13", rect: (x: "5", y: "5", w: "2", h: "2")),
               PlaceMiniset(layer: "t", miniset: "p.pat#m", tries: 100, area: (x: "4", y: "4", w: "4", h: "4"))"#,
            "t",
            seed,
            &[("p.pat", PAT)],
        );
        assert_eq!((g[5][5], g[6][5], g[6][6]), (129, 130, 128), "seed {seed}");
        assert_eq!((g[1][1], g[2][1], g[2][2]), (13, 13, 13), "seed {seed}");
    }
}

#[test]
fn skip_low_keeps_the_top_left_away_from_low_coordinates() {
    let g = run_rules_with(
        8,
        8,
        r#"FillRect(layer: "t", value: "13", rect: (x: "0", y: "0", w: "8", h: "8")),
           PlaceMiniset(layer: "t", miniset: "p.pat#m", tries: 100, skip_low: (3, 3), count: "3", required: false)"#,
        "t",
        &[("p.pat", PAT)],
    );
    for (y, row) in g.iter().enumerate() {
        for (x, &t) in row.iter().enumerate() {
            if t == 129 {
                assert!(x > 3 && y > 3, "placed at ({x}, {y})");
            }
        }
    }
    assert!(g.iter().flatten().any(|&t| t == 129));
}
