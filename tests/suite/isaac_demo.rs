//! rules/isaac/demo.ron (an `extends` of flash.ron) against the article's JavaScript demo,
//! shared/spec/isaac.md §6.

use crate::common;
use common::*;
use std::collections::HashSet;
use undercroft::{Params, RuleSet};

#[test]
fn demo_floors_match_spec_section_6() {
    let rs = RuleSet::load("rules/isaac/demo.ron").unwrap();
    assert_eq!(rs.name, "isaac/demo");
    assert_eq!(rs.files.len(), 2, "demo.ron extends flash.ron");
    let mut counts = HashSet::new();
    for seed in 0..5000 {
        let d = rs.generate(seed, &Params::new()).unwrap();
        let ctx = format!("seed {seed}");
        let start = rooms_of(&d, "start");
        assert_eq!(start[0].cells, vec![[5, 4]], "{ctx}: start 45");
        let ordinary: HashSet<u32> = d
            .rooms
            .iter()
            .filter(|r| r.kind != "secret")
            .map(|r| r.id)
            .collect();
        // 7..15 rooms counting the start.
        assert!(
            (7..=15).contains(&ordinary.len()),
            "{ctx}: {} rooms",
            ordinary.len()
        );
        counts.insert(ordinary.len());
        for r in &d.rooms {
            let [x, y] = r.cells[0];
            if r.kind != "secret" {
                assert!(
                    (1..=9).contains(&x) && (1..=7).contains(&y),
                    "{ctx}: room at {x},{y}"
                );
            } else {
                assert!(
                    (1..=9).contains(&x) && (2..=9).contains(&y),
                    "{ctx}: secret at {x},{y}"
                );
            }
        }
        // No super secret room, no optional specials.
        for r in &d.rooms {
            assert!(
                ["start", "normal", "boss", "treasure", "shop", "secret"]
                    .contains(&r.kind.as_str()),
                "{ctx}: {}",
                r.kind
            );
        }
        let ord_neigh = |r: &undercroft::dungeon::RoomOut| {
            touching(&d, r)
                .into_iter()
                .filter(|n| ordinary.contains(n))
                .count()
        };
        for kind in ["boss", "treasure", "shop"] {
            let r = rooms_of(&d, kind);
            assert_eq!(r.len(), 1, "{ctx}: {kind}");
            assert_eq!(ord_neigh(r[0]), 1, "{ctx}: {kind} is not a dead end");
        }
        // The secret room: >= 3 neighbours (the relaxations never fire), never next to the boss.
        let s = rooms_of(&d, "secret");
        assert_eq!(s.len(), 1, "{ctx}");
        let n = touching(&d, s[0]);
        assert!(n.len() >= 3, "{ctx}: secret with {} neighbours", n.len());
        assert!(
            !n.contains(&rooms_of(&d, "boss")[0].id),
            "{ctx}: secret next to boss"
        );
        assert!(connected(&d, &ordinary), "{ctx}");
    }
    // The whole range is reached, and the cap binds often.
    assert!(
        counts.contains(&15) && counts.iter().min().copied().unwrap() <= 9,
        "{counts:?}"
    );
}

#[test]
fn demo_boss_is_a_farthest_room_because_the_queue_is_fifo() {
    // With a true FIFO queue, the last dead end found is at the largest door distance from
    // the start (§6.1: boss = last end room).
    let demo = RuleSet::load("rules/isaac/demo.ron").unwrap();
    for seed in 0..2000 {
        let d = demo.generate(seed, &Params::new()).unwrap();
        let ordinary: HashSet<u32> = d
            .rooms
            .iter()
            .filter(|r| r.kind != "secret")
            .map(|r| r.id)
            .collect();
        let outside: Vec<u32> = d
            .rooms
            .iter()
            .map(|r| r.id)
            .filter(|r| !ordinary.contains(r))
            .collect();
        let dist = distances(&d, rooms_of(&d, "start")[0].id, &outside);
        let max = ordinary.iter().map(|&r| dist[r as usize]).max().unwrap();
        assert_eq!(
            dist[rooms_of(&d, "boss")[0].id as usize],
            max,
            "seed {seed}"
        );
    }
}
