//! Issue 18 §2: the Rebirth family's XL floors (Curse of the Labyrinth,
//! shared/spec/isaac-rebirth.md §4, §5.3, §6.2, §6.3) over 5,000 floors per stage of
//! rules/isaac/rebirth.ron with `xl`, on the stages the curse appears on (1, 3, 5, 7).
//! Counts are exact.

use crate::common;
use common::*;
use rayon::prelude::*;
use undercroft::dungeon::Dungeon;
use undercroft::{Params, RuleSet};

const FLOORS: u64 = 5000;

fn floors(rs: &RuleSet, stage: u64) -> Vec<Dungeon> {
    let params = Params::new().set("stage", stage).set("xl", true);
    let resolved = rs.resolve(&params).unwrap();
    (stage * 100_000..stage * 100_000 + FLOORS)
        .into_par_iter()
        .map(|s| {
            rs.generate_resolved(s, &resolved)
                .unwrap_or_else(|e| panic!("stage {stage} seed {s}: {e}"))
        })
        .collect()
}

/// §4: count = min(45, floor(1.8 min(20, R + 5 + floor(10 stage / 3)))), R in {0, 1}, not
/// counting the start; the dead-end augmentation adds at most 5 (§5.4).
/// §6.2: two boss rooms; the second (outer) is a 1x1 whose only neighbour is the first, with a
/// door between them; the first is not next to the start. When the first is a 1x1, the 3
/// cells beyond it, straight on from its parent, are inside the grid, and were empty and
/// touched nothing when it was chosen: so afterwards the first of them holds nothing or the
/// outer boss room, the other two and every side neighbour of the line nothing or the secret
/// room (the only rooms placed later that are not reshaped dead ends).
/// §6.3: two treasure rooms on stages < 7, none from stage 7.
#[test]
fn xl_floors_follow_the_rules() {
    let rs = RuleSet::load("rules/isaac/rebirth.ron").unwrap_or_else(|e| panic!("{e}"));
    for stage in [1u64, 3, 5, 7] {
        let count = |r: f64| {
            let base = (20f64).min(r + 5.0 + (stage as f64 * 10.0 / 3.0).floor());
            (45f64).min((base * 1.8).floor()) as usize
        };
        let counts = [count(0.0), count(1.0)];
        let mut lines = 0;
        for d in floors(&rs, stage) {
            let ctx = format!("stage {stage} seed {}", d.seed);
            let own = owner(&d);
            let bosses = of_kind(&d, "boss");
            assert_eq!(bosses.len(), 2, "{ctx}: boss rooms");
            let (inner, outer) = (bosses[0], bosses[1]);
            assert_eq!(outer.shape, "1x1", "{ctx}");
            let n = neighbours(&d, &own, outer.id);
            assert_eq!(
                n.into_iter().collect::<Vec<_>>(),
                vec![inner.id],
                "{ctx}: outer boss"
            );
            assert!(
                d.doors.iter().any(|dr| {
                    dr.rooms == [inner.id, outer.id] || dr.rooms == [outer.id, inner.id]
                }),
                "{ctx}: no door between the boss rooms"
            );
            let start = of_kind(&d, "start")[0];
            assert!(
                !neighbours(&d, &own, inner.id).contains(&start.id),
                "{ctx}: boss next to the start"
            );
            let grown = d
                .rooms
                .iter()
                .filter(|r| !["start", "secret"].contains(&r.kind.as_str()) && r.id != outer.id)
                .count();
            assert!(
                counts.iter().any(|&c| (c..=c + 5).contains(&grown)),
                "{ctx}: {grown} rooms, want {counts:?} + 0..5"
            );
            let treasures = of_kind(&d, "treasure").len();
            assert_eq!(treasures, if stage < 7 { 2 } else { 0 }, "{ctx}: treasure");
            if inner.shape == "1x1" {
                lines += 1;
                let parent_door = d
                    .doors
                    .iter()
                    .find(|dr| dr.rooms.contains(&inner.id) && !dr.rooms.contains(&outer.id))
                    .unwrap_or_else(|| panic!("{ctx}: boss without a parent"));
                let k = (parent_door.rooms[1] == inner.id) as usize;
                let ([bx, by], [px, py]) = (parent_door.cells[k], parent_door.cells[1 - k]);
                let (dx, dy) = (bx - px, by - py);
                let kind_at =
                    |x: i32, y: i32| own.get(&[x, y]).map(|&r| d.rooms[r as usize].kind.clone());
                for i in 1..=3 {
                    let (x, y) = (bx + i * dx, by + i * dy);
                    assert!(
                        (0..13).contains(&x) && (0..13).contains(&y),
                        "{ctx}: line off the grid"
                    );
                    let here = own.get(&[x, y]).copied();
                    let ok = match here {
                        None => true,
                        Some(r) if i == 1 => r == outer.id,
                        Some(r) => d.rooms[r as usize].kind == "secret",
                    };
                    assert!(
                        ok,
                        "{ctx}: line cell {i} ({x}, {y}) holds {:?}",
                        kind_at(x, y)
                    );
                    for (ex, ey) in [(dy, dx), (-dy, -dx)] {
                        let side = kind_at(x + ex, y + ey);
                        assert!(
                            side.is_none() || side.as_deref() == Some("secret"),
                            "{ctx}: line cell {i} ({x}, {y}) touches {side:?}"
                        );
                    }
                }
            }
        }
        println!("stage {stage}: {lines} floors with a 1x1 boss and its free line checked");
        assert!(lines > FLOORS as usize / 2, "stage {stage}");
    }
}

/// Without `xl` the floor is the uncursed one: one boss room, one treasure room.
#[test]
fn without_xl_one_boss_and_one_treasure() {
    let rs = RuleSet::load("rules/isaac/rebirth.ron").unwrap();
    let resolved = rs.resolve(&Params::new().set("stage", 1)).unwrap();
    for s in 0..500 {
        let d = rs.generate_resolved(s, &resolved).unwrap();
        assert_eq!(of_kind(&d, "boss").len(), 1, "seed {s}");
        assert_eq!(of_kind(&d, "treasure").len(), 1, "seed {s}");
    }
}

/// Visible 1x1 rooms (not the secret room) touching two or more visible rooms placed before
/// them (lower ids). Rooms only ever join the map, ids rising, and a 1x1 room's only cell is
/// the cell behind its parent's door, so each such room was let in by the 1/10 crowding
/// exception (§5.3); reshaped specials keep their id and touch one room.
fn crowded(d: &Dungeon) -> Vec<u32> {
    let own = owner(d);
    d.rooms
        .iter()
        .filter(|r| r.shape == "1x1" && r.kind != "secret")
        .filter(|r| {
            neighbours(d, &own, r.id)
                .iter()
                .filter(|&&n| n < r.id && d.rooms[n as usize].kind != "secret")
                .count()
                >= 2
        })
        .map(|r| r.id)
        .collect()
}

/// §5.3 and the player observations on XL floors: the start has at least 2 neighbours, the
/// secret room never borders a boss or the super secret room, and a 2×2 block of separate
/// 1x1 rooms appears only through the crowding exception: its last room is a crowded one.
/// Without `xl` no room is crowded.
#[test]
fn xl_floors_break_the_observations_only_by_crowding() {
    let rs = RuleSet::load("rules/isaac/rebirth.ron").unwrap();
    for stage in [1u64, 3] {
        let (mut crowded_floors, mut blocks) = (0, 0);
        for d in floors(&rs, stage) {
            let ctx = format!("stage {stage} seed {}", d.seed);
            let own = owner(&d);
            let start = of_kind(&d, "start")[0].id;
            let visible = |r: u32| d.rooms[r as usize].kind != "secret";
            let around = neighbours(&d, &own, start);
            assert!(
                around.iter().filter(|&&r| visible(r)).count() >= 2,
                "{ctx}: start"
            );
            for s in of_kind(&d, "secret") {
                for n in neighbours(&d, &own, s.id) {
                    let k = d.rooms[n as usize].kind.as_str();
                    assert!(
                        k != "boss" && k != "super_secret",
                        "{ctx}: secret next to {k}"
                    );
                }
            }
            let c = crowded(&d);
            crowded_floors += !c.is_empty() as usize;
            for y in 0..12 {
                for x in 0..12 {
                    let ids: Option<Vec<u32>> = [[x, y], [x + 1, y], [x, y + 1], [x + 1, y + 1]]
                        .iter()
                        .map(|p| own.get(p).copied().filter(|&r| visible(r)))
                        .collect();
                    let Some(ids) = ids else { continue };
                    if ids.iter().all(|&r| d.rooms[r as usize].shape == "1x1") {
                        blocks += 1;
                        let last = *ids.iter().max().unwrap();
                        assert!(c.contains(&last), "{ctx}: block {ids:?} not by crowding");
                    }
                }
            }
        }
        println!("XL stage {stage}: {crowded_floors} floors with a crowded room, {blocks} blocks of 1x1 rooms");
        assert!(crowded_floors > 0 && blocks > 0, "stage {stage}");
    }
    let resolved = rs.resolve(&Params::new().set("stage", 3)).unwrap();
    for s in 0..FLOORS {
        let d = rs.generate_resolved(s, &resolved).unwrap();
        assert_eq!(
            crowded(&d),
            Vec::<u32>::new(),
            "stage 3 without xl, seed {s}"
        );
    }
}
