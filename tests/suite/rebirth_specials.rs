//! Issue 18 §2: the Rebirth family's optional specials (shared/spec/isaac-rebirth.md §6.1,
//! §6.3) and the stage-dependent specials, over 5,000 floors per stage of
//! rules/isaac/rebirth.ron with `optional_specials`.
//!
//! Counts are exact; odds within 4 binomial standard errors, sqrt(p (1 - p) / n).
//! The re-append of a failed roll itself is checked exactly in `reshape_room`'s unit test.

use crate::common;
use common::*;
use rayon::prelude::*;
use undercroft::dungeon::Dungeon;
use undercroft::{Params, RuleSet};

const FLOORS: u64 = 5000;
const OPTIONAL: &[&str] = &[
    "sacrifice",
    "dice",
    "library",
    "curse",
    "miniboss",
    "miniboss_special",
    "challenge",
    "arcade",
    "chest_room",
    "bedroom",
];

fn floors(stage: u64) -> Vec<Dungeon> {
    let rs = RuleSet::load("rules/isaac/rebirth.ron").unwrap_or_else(|e| panic!("{e}"));
    let params = Params::new()
        .set("stage", stage)
        .set("optional_specials", true)
        .set("fullhp", true)
        .set("coins", 5);
    let resolved = rs.resolve(&params).unwrap();
    (stage * 100_000..stage * 100_000 + FLOORS)
        .into_par_iter()
        .map(|s| rs.generate_resolved(s, &resolved).unwrap())
        .collect()
}

fn assert_odds(hits: usize, n: usize, p: f64, what: &str) {
    let share = hits as f64 / n as f64;
    let tol = 4.0 * (p * (1.0 - p) / n as f64).sqrt();
    println!("{what}: {hits} of {n} = {share:.4} (want {p:.4} ± {tol:.4})");
    assert!(
        (share - p).abs() <= tol,
        "{what}: {share:.4} not {p:.4} ± {tol:.4}"
    );
}

#[test]
fn optional_specials_follow_the_table() {
    for stage in [1u64, 2, 3, 4, 6, 7, 8, 11, 12] {
        let ds = floors(stage);
        let count = |k: &str| ds.iter().map(|d| of_kind(d, k).len()).sum::<usize>();
        for d in &ds {
            let ctx = format!("stage {stage} seed {}", d.seed);
            let own = owner(d);
            let start = of_kind(d, "start")[0].id;
            let secret: Vec<u32> = of_kind(d, "secret").iter().map(|r| r.id).collect();
            let dist = distances(d, start, &secret);
            // The last mandatory special taken from the dead ends before the optional ones.
            let last = ["treasure", "shop", "super_secret"]
                .iter()
                .find_map(|k| of_kind(d, k).first().map(|r| dist[r.id as usize]))
                .unwrap();
            for r in d
                .rooms
                .iter()
                .filter(|r| OPTIONAL.contains(&r.kind.as_str()))
            {
                assert_eq!(r.shape, "1x1", "{ctx}: {} room", r.kind);
                let n = neighbours(d, &own, r.id);
                let visible = n.iter().filter(|&&x| !secret.contains(&x)).count();
                assert_eq!(visible, 1, "{ctx}: {} room not on a dead end", r.kind);
                assert!(
                    dist[r.id as usize] <= last,
                    "{ctx}: {} farther than the mandatory rooms",
                    r.kind
                );
            }
            // §6.3: Chest / Dark Room (11) and the Void (12): boss, secret rooms only.
            if stage >= 11 {
                for r in &d.rooms {
                    let k = r.kind.as_str();
                    assert!(
                        ["start", "normal", "boss", "secret", "super_secret"].contains(&k),
                        "{ctx}: {k} room"
                    );
                }
            }
        }
        if stage >= 11 {
            continue;
        }
        // The sacrifice slot comes first after the treasure room and always finds a dead end
        // (minimum dead ends 5 or 6, four taken): kept with 1/7 + 6/7 x 1/4 = 5/14 at full
        // health; the dice variant with 1/50 (no keys).
        let slot = count("sacrifice") + count("dice");
        assert_odds(
            slot,
            ds.len(),
            5.0 / 14.0,
            &format!("stage {stage}: sacrifice slot"),
        );
        assert_odds(
            count("dice"),
            slot,
            1.0 / 50.0,
            &format!("stage {stage}: dice among them"),
        );
        let minis = count("miniboss") + count("miniboss_special");
        if stage <= 2 {
            assert_eq!(count("miniboss_special"), 0, "stage {stage}: Ultra Pride");
        } else {
            assert_odds(
                count("miniboss_special"),
                minis,
                0.1,
                &format!("stage {stage}: Ultra Pride among minibosses"),
            );
        }
        if stage == 1 {
            assert_eq!(count("challenge"), 0, "stage 1: challenge room");
        }
        let arcades = count("arcade") + count("chest_room");
        if stage % 2 == 1 || stage >= 9 {
            assert_eq!(arcades, 0, "stage {stage}: arcade / vault");
        } else {
            assert_odds(
                count("chest_room"),
                arcades,
                0.1,
                &format!("stage {stage}: vault among arcades"),
            );
        }
        if stage >= 7 {
            assert_eq!(count("bedroom"), 0, "stage {stage}: bedroom");
        }
        println!(
            "stage {stage}: per floor library {:.3}, curse {:.3}, miniboss {:.3}, challenge {:.3}, arcade/vault {:.3}, bedroom {:.3}",
            count("library") as f64 / ds.len() as f64,
            count("curse") as f64 / ds.len() as f64,
            minis as f64 / ds.len() as f64,
            count("challenge") as f64 / ds.len() as f64,
            arcades as f64 / ds.len() as f64,
            count("bedroom") as f64 / ds.len() as f64,
        );
    }
}

/// Whether some 2×2 window holds four different one-cell rooms (none secret): impossible
/// when every cell behind a door may touch only its parent.
fn block_of_single_rooms(d: &Dungeon) -> bool {
    let own = owner(d);
    let single = |c: [i32; 2]| {
        own.get(&c)
            .map(|&r| &d.rooms[r as usize])
            .filter(|r| r.cells.len() == 1 && r.kind != "secret")
            .map(|r| r.id)
    };
    (0..d.height - 1).any(|y| {
        (0..d.width - 1).any(|x| {
            let ids: Option<std::collections::BTreeSet<u32>> =
                [[x, y], [x + 1, y], [x, y + 1], [x + 1, y + 1]]
                    .into_iter()
                    .map(single)
                    .collect();
            ids.is_some_and(|s| s.len() == 4)
        })
    })
}

/// §4, §5.3: the Void (stage 12, `void_rules`): 50 + rnd(10) rooms besides the start and
/// the secret room (augmentation may add up to 5 when dead ends are short), and the 1/10
/// crowding exception, the only way to a 2×2 block of one-cell rooms; without `void_rules`
/// stage 12 keeps 20 rooms and never has such a block.
#[test]
fn the_void_has_fifty_to_fifty_nine_rooms_and_crowded_cells() {
    let rs = RuleSet::load("rules/isaac/rebirth.ron").unwrap();
    for void in [true, false] {
        let params = Params::new().set("stage", 12).set("void_rules", void);
        let resolved = rs.resolve(&params).unwrap();
        let ds: Vec<Dungeon> = (0..FLOORS)
            .into_par_iter()
            .map(|s| rs.generate_resolved(s, &resolved).unwrap())
            .collect();
        let (mut low_half, mut blocks, mut augmented) = (0, 0, 0);
        for d in &ds {
            let n = d
                .rooms
                .iter()
                .filter(|r| r.kind != "start" && r.kind != "secret")
                .count();
            if void {
                assert!((50..=64).contains(&n), "seed {}: {n} rooms", d.seed);
                low_half += (n <= 54) as usize;
                augmented += (n >= 60) as usize;
            } else {
                assert!((20..=25).contains(&n), "seed {}: {n} rooms", d.seed);
            }
            blocks += block_of_single_rooms(d) as usize;
        }
        println!("void_rules {void}: {blocks} floors with a 2×2 block of one-cell rooms, {augmented} with augmented rooms");
        if void {
            assert_odds(low_half, ds.len(), 0.5, "the Void: 50..54 rooms");
            assert!(blocks > 0, "the crowding exception never made a block");
        } else {
            assert_eq!(blocks, 0);
        }
    }
}
