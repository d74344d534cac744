//! The Flash floor plan (rules/isaac/flash.ron) against the invariants of
//! shared/spec/isaac.md §1–§2, over 12,000 floors (2,000 per floor number F = 1..6).

use crate::common;
use common::*;
use std::collections::HashSet;
use undercroft::{Params, RuleSet};

const PER_LEVEL: u64 = 2000;

/// ceil(min(20, R + 5 + 2.6 F)) for R = 0 and 1, computed in doubles as the game does.
fn expected_rooms(level: u64) -> [usize; 2] {
    let t = |r: f64| (20f64).min(r + 5.0 + level as f64 * 2.6).ceil() as usize;
    [t(0.0), t(1.0)]
}

#[test]
fn flash_floors_keep_every_spec_invariant() {
    let rs = RuleSet::load("rules/isaac/flash.ron").unwrap();
    for level in 1..=6u64 {
        let want = expected_rooms(level);
        let mut seen_counts = [0usize; 2];
        let mut secret_missing = 0;
        for seed in 0..PER_LEVEL {
            let d = rs
                .generate(seed, &Params::new().set("level", level))
                .unwrap();
            let ctx = format!("level {level} seed {seed}");
            // Start at (5, 3).
            let starts = rooms_of(&d, "start");
            assert_eq!(starts.len(), 1, "{ctx}");
            assert_eq!(starts[0].cells, vec![[5, 3]], "{ctx}");
            // Ordinary rooms: everything but the secret room.
            let ordinary: HashSet<u32> = d
                .rooms
                .iter()
                .filter(|r| r.kind != "secret")
                .map(|r| r.id)
                .collect();
            let besides_start = ordinary.len() - 1;
            let i = want.iter().position(|&w| w == besides_start);
            assert!(
                i.is_some(),
                "{ctx}: {besides_start} rooms besides the start, want one of {want:?}"
            );
            seen_counts[i.unwrap()] += 1;
            // Rows 1..6, columns 1..9.
            for r in d.rooms.iter().filter(|r| ordinary.contains(&r.id)) {
                let [x, y] = r.cells[0];
                assert!(
                    (1..=9).contains(&x) && (1..=6).contains(&y),
                    "{ctx}: room at {x},{y}"
                );
            }
            // A tree: connected with n-1 doors among ordinary rooms, and every pair of
            // adjacent ordinary rooms joined by a door.
            let inner_doors: Vec<_> = d
                .doors
                .iter()
                .filter(|dr| ordinary.contains(&dr.rooms[0]) && ordinary.contains(&dr.rooms[1]))
                .collect();
            assert_eq!(inner_doors.len(), ordinary.len() - 1, "{ctx}: not a tree");
            assert!(connected(&d, &ordinary), "{ctx}: not connected");
            let ord_neigh = |r: &undercroft::dungeon::RoomOut| {
                touching(&d, r)
                    .into_iter()
                    .filter(|n| ordinary.contains(n))
                    .count()
            };
            let adjacent_pairs: usize = d
                .rooms
                .iter()
                .filter(|r| ordinary.contains(&r.id))
                .map(ord_neigh)
                .sum::<usize>()
                / 2;
            assert_eq!(
                adjacent_pairs,
                inner_doors.len(),
                "{ctx}: adjacent rooms without a door"
            );
            // Boss: a dead end, not next to the start.
            let boss = rooms_of(&d, "boss");
            assert_eq!(boss.len(), 1, "{ctx}");
            assert_eq!(ord_neigh(boss[0]), 1, "{ctx}: boss is not a dead end");
            assert!(
                !touching(&d, boss[0]).contains(&starts[0].id),
                "{ctx}: boss next to start"
            );
            // Super secret room: on a dead end.
            let ss = rooms_of(&d, "super_secret");
            assert_eq!(ss.len(), 1, "{ctx}");
            assert_eq!(ord_neigh(ss[0]), 1, "{ctx}: super secret not on a dead end");
            // Secret room: columns 2..8, >= 2 neighbours; always present below floor 3.
            let secret = rooms_of(&d, "secret");
            assert!(secret.len() <= 1, "{ctx}");
            match secret.first() {
                Some(s) => {
                    let [x, _] = s.cells[0];
                    assert!((2..=8).contains(&x), "{ctx}: secret in column {x}");
                    assert!(
                        touching(&d, s).len() >= 2,
                        "{ctx}: secret with < 2 neighbours"
                    );
                }
                None => {
                    assert!(level >= 3, "{ctx}: no secret room below floor 3");
                    secret_missing += 1;
                }
            }
            // Shop and treasure on dead ends (F <= 6).
            for kind in ["shop", "treasure"] {
                let r = rooms_of(&d, kind);
                assert_eq!(r.len(), 1, "{ctx}: {kind}");
                assert_eq!(ord_neigh(r[0]), 1, "{ctx}: {kind} not on a dead end");
            }
        }
        // R = 0 and R = 1 each on about half the floors (when they give different counts).
        if want[0] != want[1] {
            let share = seen_counts[0] as f64 / PER_LEVEL as f64;
            assert!(
                (0.40..0.60).contains(&share),
                "level {level}: R=0 share {share}"
            );
        }
        assert!(
            secret_missing < PER_LEVEL as usize / 10,
            "level {level}: {secret_missing} floors without secret"
        );
    }
}

#[test]
fn optional_specials_follow_their_odds() {
    // Sacrifice: 1/7, or a further 1/4 at full health: 5/14. Arcade needs coins on even floors.
    let rs = RuleSet::load("rules/isaac/flash.ron").unwrap();
    let n = 3000;
    let share = |params: Params, kind: &str| {
        let hits = (0..n)
            .filter(|&s| !rooms_of(&rs.generate(s, &params).unwrap(), kind).is_empty())
            .count();
        hits as f64 / n as f64
    };
    let full = share(
        Params::new().set("level", 2).set("fullhp", true),
        "sacrifice",
    );
    let not_full = share(Params::new().set("level", 2), "sacrifice");
    assert!(
        (full - 5.0 / 14.0).abs() < 0.04,
        "sacrifice at full health: {full}"
    );
    assert!(
        (not_full - 1.0 / 7.0).abs() < 0.03,
        "sacrifice otherwise: {not_full}"
    );
    assert_eq!(
        share(Params::new().set("level", 2).set("coins", 4), "arcade"),
        0.0
    );
    let arcade = share(Params::new().set("level", 2).set("coins", 5), "arcade");
    // Last in the table: only when end rooms are left over.
    assert!(arcade > 0.3, "arcade with 5 coins on floor 2: {arcade}");
    assert_eq!(
        share(Params::new().set("level", 3).set("coins", 5), "arcade"),
        0.0
    );
    // Womb and deeper: no shop, no treasure room ([F-old]).
    assert_eq!(share(Params::new().set("level", 7), "shop"), 0.0);
    assert_eq!(share(Params::new().set("level", 8), "treasure"), 0.0);
}
