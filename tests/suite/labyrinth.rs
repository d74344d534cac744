//! Issue 5: invariants of rules/isaac/labyrinth.ron (Curse of the Labyrinth, spec/isaac.md §4).
use crate::common;

use common::*;
use undercroft::{Params, RuleSet};

const FLOORS: u64 = 5000;

/// The growth target besides the start for room-count bonus `r` (§1.2 + §4):
/// target - 1 with target = min(cap, 1.8 x min(20, r + 5 + (F + 1) x 2.6)).
fn bfs_target(level: u64, r: f64, cap: f64) -> f64 {
    cap.min(1.8 * (r + 5.0 + (level + 1) as f64 * 2.6).min(20.0)) - 1.0
}

/// Whether `n` grown rooms are a legal count: at most ceil(BFS target) (rooms are added
/// while fewer were grown) and at least BFS target / 1.25 (§1.4 [F-new], `count_slack`).
fn legal_count(n: usize, level: u64, cap: f64) -> bool {
    [0.0, 1.0].iter().any(|&r| {
        let t = bfs_target(level, r, cap);
        n <= t.ceil() as usize && n as f64 * 1.25 >= t
    })
}

#[test]
fn labyrinth_floor_invariants() {
    let rs = RuleSet::load("rules/isaac/labyrinth.ron").unwrap_or_else(|e| panic!("{e}"));
    let (mut looped, mut outer_north, mut outer_west, mut outer_east) = (0, 0, 0, 0);
    for seed in 0..FLOORS {
        let level = [1, 3, 5, 7][seed as usize % 4];
        let d = rs
            .generate(seed, &Params::new().set("level", level))
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let own = owner(&d);
        let start = of_kind(&d, "start")[0].id;
        // Two boss rooms, adjacent; the outer one touches only the inner one.
        let boss = of_kind(&d, "boss");
        assert_eq!(boss.len(), 2, "seed {seed}");
        // The outer room is the one made second (the higher id).
        let (inner, outer) = (boss[0].id, boss[1].id);
        // Not counting a secret room: the relaxed search of §2.2 can touch a boss when the
        // walk stopped at an end room first (a documented side effect).
        let real = |id: u32| -> Vec<u32> {
            neighbours(&d, &own, id)
                .into_iter()
                .filter(|&x| d.rooms[x as usize].kind != "secret")
                .collect()
        };
        assert_eq!(
            real(outer),
            vec![inner],
            "seed {seed}: outer boss neighbours"
        );
        assert!(!neighbours(&d, &own, inner).contains(&start), "seed {seed}");
        // The outer boss is reached through the inner one.
        let all = distances(&d, start, &[]);
        assert!(
            all.iter().all(|&x| x != u32::MAX),
            "seed {seed}: unreachable room"
        );
        let mut cut: Vec<u32> = of_kind(&d, "secret").iter().map(|r| r.id).collect();
        cut.push(inner);
        assert_eq!(
            distances(&d, start, &cut)[outer as usize],
            u32::MAX,
            "seed {seed}"
        );
        let no_secret = distances(&d, start, &cut[..cut.len() - 1]);
        assert_eq!(
            no_secret[outer as usize],
            no_secret[inner as usize] + 1,
            "seed {seed}"
        );
        // Direction preference N, W, E (the south check never qualifies).
        let (i, o) = (
            d.rooms[inner as usize].cells[0],
            d.rooms[outer as usize].cells[0],
        );
        match [o[0] - i[0], o[1] - i[1]] {
            [0, -1] => outer_north += 1,
            [-1, 0] => outer_west += 1,
            [1, 0] => outer_east += 1,
            other => panic!("seed {seed}: outer boss at {other:?} from the inner one"),
        }
        // Room count: the rooms made before the outer boss are the start and the grown ones.
        let before = outer as usize - 1;
        assert!(
            legal_count(before, level, 45.0),
            "seed {seed} level {level}: {before} grown rooms"
        );
        // Two treasure rooms (F <= 6, no challenge); every special is a true dead end (the
        // relaxed secret-room search may touch an end room, §2.2, so it is not counted).
        assert_eq!(
            of_kind(&d, "treasure").len(),
            if level <= 6 { 2 } else { 0 },
            "seed {seed}"
        );
        for r in &d.rooms {
            if !["start", "normal", "boss", "secret"].contains(&r.kind.as_str()) {
                let n = neighbours(&d, &own, r.id);
                let real = n
                    .iter()
                    .filter(|&&x| d.rooms[x as usize].kind != "secret")
                    .count();
                assert_eq!(real, 1, "seed {seed}: {} room", r.kind);
            }
        }
        // Extra rooms may close loops.
        // A loop not made by the secret room: more doors than a tree of the other rooms.
        let secrets: Vec<u32> = of_kind(&d, "secret").iter().map(|r| r.id).collect();
        let doors = d
            .doors
            .iter()
            .filter(|x| !x.rooms.iter().any(|r| secrets.contains(r)));
        if doors.count() >= d.rooms.len() - secrets.len() {
            looped += 1;
        }
        check_layouts(
            &rs,
            &d,
            &[
                "start",
                "normal",
                "boss",
                "super_secret",
                "shop",
                "treasure",
            ],
        );
    }
    println!("{FLOORS} floors: {looped} with loops; outer boss N {outer_north}, W {outer_west}, E {outer_east}");
    assert!(looped > FLOORS / 4, "{looped} floors with loops");
    // N first: it wins whenever it qualifies, so it is the most common.
    assert!(outer_north > outer_west && outer_west > 0 && outer_east > 0);
}

#[test]
fn labyrinth_cap_is_a_parameter() {
    let rs = RuleSet::load("rules/isaac/labyrinth.ron").unwrap();
    for seed in 0..300 {
        let d = rs
            .generate(seed, &Params::new().set("level", 7).set("xl_cap", 30))
            .unwrap();
        let outer = of_kind(&d, "boss").iter().map(|r| r.id).max().unwrap();
        let n = outer as usize - 1;
        assert!(
            n <= 29 && n as f64 * 1.25 >= 29.0,
            "seed {seed}: {n} grown rooms"
        );
    }
}
