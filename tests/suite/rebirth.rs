//! Issue 5: invariants of rules/isaac/rebirth.ron over many floors (spec/isaac-rebirth.md).
use crate::common;

use common::*;
use undercroft::interpreter::NoTrace;
use undercroft::{Params, RuleSet};

const FLOORS: u64 = 5000;

fn rules() -> RuleSet {
    RuleSet::load("rules/isaac/rebirth.ron").unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn rebirth_floor_invariants() {
    let rs = rules();
    let mut big_rooms = 0usize;
    let mut loops = 0usize;
    let mut big_boss = 0usize;
    let mut augmented = 0usize;
    for seed in 0..FLOORS {
        let stage = 1 + seed % 8;
        let d = rs
            .generate(seed, &Params::new().set("stage", stage))
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let own = owner(&d); // also: no cell owned twice
                             // Shapes inside the grid, cells exactly the shape's.
        for r in &d.rooms {
            let s = shape(&rs, &r.shape);
            let o = origin(&rs, r);
            let want: Vec<[i32; 2]> = s.cells.iter().map(|c| [o[0] + c.x, o[1] + c.y]).collect();
            assert_eq!(
                r.cells, want,
                "seed {seed}: room {} is not a {}",
                r.id, r.shape
            );
            for &[x, y] in &r.cells {
                assert!(
                    (0..13).contains(&x) && (0..13).contains(&y),
                    "seed {seed}: {x},{y}"
                );
            }
            if r.cells.len() > 1 && r.kind == "normal" {
                big_rooms += 1;
            }
        }
        // Doors only on door slots, on both sides; every shared edge is a door.
        let mut edges = 0;
        for r in &d.rooms {
            used_slots(&rs, &d, r);
            for &[x, y] in &r.cells {
                for (dx, dy) in [(1, 0), (0, 1)] {
                    if let Some(&o) = own.get(&[x + dx, y + dy]) {
                        if o != r.id {
                            edges += 1;
                            assert!(
                                d.doors
                                    .iter()
                                    .any(|dr| dr.cells == [[x, y], [x + dx, y + dy]]
                                        || dr.cells == [[x + dx, y + dy], [x, y]]),
                                "seed {seed}: rooms {} and {o} touch at {x},{y} without a door",
                                r.id
                            );
                        }
                    }
                }
            }
        }
        assert_eq!(
            edges,
            d.doors.len(),
            "seed {seed}: doors and shared edges differ"
        );
        // A loop not made by the secret room: more doors than a tree of the other rooms.
        let secrets: Vec<u32> = of_kind(&d, "secret").iter().map(|r| r.id).collect();
        let doors = d
            .doors
            .iter()
            .filter(|x| !x.rooms.iter().any(|r| secrets.contains(r)));
        if doors.count() >= d.rooms.len() - secrets.len() {
            loops += 1;
        }
        // Every room reachable from the start.
        let start = of_kind(&d, "start")[0].id;
        let dist = distances(&d, start, &[]);
        assert!(
            dist.iter().all(|&x| x != u32::MAX),
            "seed {seed}: unreachable room"
        );
        // The boss: one room, a dead end, not next to the start.
        let boss = of_kind(&d, "boss");
        assert_eq!(boss.len(), 1, "seed {seed}");
        let nb = neighbours(&d, &own, boss[0].id);
        assert_eq!(nb.len(), 1, "seed {seed}: boss touches {nb:?}");
        assert!(!nb.contains(&start), "seed {seed}: boss next to the start");
        assert!(
            ["1x1", "2x2", "2x1", "1x2"].contains(&boss[0].shape.as_str()),
            "seed {seed}"
        );
        if boss[0].cells.len() > 1 {
            big_boss += 1;
        }
        for k in ["super_secret", "shop", "treasure", "secret", "start"] {
            for r in of_kind(&d, k) {
                assert_eq!(r.shape, "1x1", "seed {seed}: {k} room");
            }
        }
        // Secret room: touches a room orthogonally, never the boss or super secret room.
        let secret: Vec<u32> = of_kind(&d, "secret").iter().map(|r| r.id).collect();
        for &s in &secret {
            let nb = neighbours(&d, &own, s);
            assert!(!nb.is_empty(), "seed {seed}: secret room touches no room");
            for n in nb {
                let k = &d.rooms[n as usize].kind;
                assert!(
                    k != "boss" && k != "super_secret",
                    "seed {seed}: secret next to {k}"
                );
            }
        }
        // Room count (§4): min(20, R + 5 + floor(stage*10/3)) rooms besides start and
        // secret, plus up to 5 added for the minimum of dead ends (§5.4).
        let count = d.rooms.len() - 1 - secret.len();
        let base = (5 + stage * 10 / 3) as usize;
        assert!(
            count >= base.min(20) && count <= (base + 1).min(20) + 5,
            "seed {seed} stage {stage}: {count} rooms"
        );
        let dead_ends = (0..d.rooms.len() as u32)
            .filter(|&r| r != start && !secret.contains(&r))
            .filter(|&r| {
                neighbours(&d, &own, r)
                    .iter()
                    .filter(|n| !secret.contains(n))
                    .count()
                    == 1
            })
            .count();
        assert!(
            dead_ends >= 5 + (stage > 1) as usize,
            "seed {seed}: {dead_ends} dead ends"
        );
        if count > (base + 1).min(20) {
            augmented += 1;
        }
        // Specials farthest first (distances without the secret room's shortcuts).
        let dist = distances(&d, start, &secret);
        let mut order = vec!["boss", "super_secret"];
        if stage < 7 {
            order.extend(["shop", "treasure"]);
        }
        let ds: Vec<u32> = order
            .iter()
            .map(|k| dist[of_kind(&d, k)[0].id as usize])
            .collect();
        assert!(
            ds.windows(2).all(|w| w[0] >= w[1]),
            "seed {seed}: {order:?} at {ds:?}"
        );
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
                "secret",
            ],
        );
    }
    // The test could fail: big shapes, loops and big bosses really occur.
    assert!(big_rooms > FLOORS as usize / 2, "{big_rooms} big rooms");
    assert!(loops > 50, "{loops} floors with loops");
    println!("{FLOORS} floors: {big_rooms} big normal rooms, {loops} with loops, {big_boss} big bosses, {augmented} augmented");
    assert!(augmented > 500, "{augmented} floors with added dead ends");
    // Wanted with 1/4; refused where a big room would touch a second room.
    assert!(
        big_boss > 400 && big_boss < 1250,
        "{big_boss} big boss rooms"
    );
}

/// Runs with parameters `p`; returns (big shapes placed, removed, floors where a big shape
/// repeats among normal rooms).
fn removal(rs: &RuleSet, floors: u64, p: &str) -> (f64, f64, usize) {
    let (placed_slot, removed_slot) = (
        rs.var_slot("big_placed").unwrap(),
        rs.var_slot("big_removed").unwrap(),
    );
    let (mut placed, mut removed, mut repeats) = (0.0, 0.0, 0);
    for seed in 0..floors {
        let params = Params::new()
            .set("stage", 1 + seed % 8)
            .set("big_removal", p);
        let values = rs.resolve_params(&params).unwrap();
        let (st, _) = rs.run(seed, &values, &mut NoTrace).unwrap();
        placed += st.vars[placed_slot].num();
        removed += st.vars[removed_slot].num();
        let d = rs.to_dungeon(&st, seed, &values, 0);
        let mut seen = Vec::new();
        let mut rep = false;
        for r in of_kind(&d, "normal") {
            if r.cells.len() > 1 || r.shape != "1x1" {
                rep |= seen.contains(&r.shape);
                seen.push(r.shape.clone());
            }
        }
        repeats += rep as usize;
    }
    (placed, removed, repeats)
}

#[test]
fn big_shape_removal_rate_is_as_configured() {
    let rs = rules();
    let (placed, removed, _) = removal(&rs, FLOORS, "0.95");
    let rate = removed / placed;
    println!("removal rate {rate:.4} over {placed} big rooms");
    assert!(placed > 3000.0, "{placed}");
    assert!(
        (rate - 0.95).abs() < 0.015,
        "removal rate {rate} over {placed} big rooms"
    );
    // Removal always: a big shape never repeats among the normal rooms of a floor.
    let (_, _, repeats) = removal(&rs, 1000, "1");
    assert_eq!(repeats, 0);
    // Removal never: nothing removed, and repeats happen.
    let (placed, removed, repeats) = removal(&rs, 1000, "0");
    assert!(placed > 0.0 && removed == 0.0);
    assert!(repeats > 10, "{repeats}");
}

#[test]
fn rebirth_is_deterministic() {
    let rs = rules();
    for seed in [1, 77, 4242] {
        let p = Params::new().set("stage", 2);
        assert_eq!(
            rs.generate(seed, &p).unwrap().to_json(),
            rs.generate(seed, &p).unwrap().to_json()
        );
    }
}
