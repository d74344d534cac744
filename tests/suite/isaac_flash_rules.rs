//! Issue 18, the Flash rules that issue 2 left out (shared/spec/isaac.md §1.2–§1.4, §2.3, §4):
//! Curse of the Lost, [F-new]'s forced growth and deep shop, the miniboss takeover of F > 3,
//! the 1-in-10 special miniboss and the Labyrinth extras' distance from the secret room.
//!
//! Every rule is checked over 5,000 floors per rule set and floor number. Counts are exact;
//! odds are checked within 4 binomial standard errors, sqrt(p (1 - p) / n), of the stated
//! probability (a false alarm about once in 16,000 runs of each check).
//!
//! Rules that only relabel rooms at the end of an attempt (the takeover, the special
//! miniboss) are checked on pairs: the same seed with the rule off and on runs the same
//! attempts with the same draws up to the rule's own step (it draws nothing when off and
//! never fails), so the two floors differ exactly by the rooms the rule relabelled.

use crate::common;
use common::*;
use rayon::prelude::*;
use std::sync::OnceLock;
use undercroft::dungeon::Dungeon;
use undercroft::{Params, RuleSet};

const FLOORS: u64 = 5000;

/// Floors `seeds` of `rs` with `params`, generated in parallel, in seed order.
fn floors(rs: &RuleSet, params: &Params, seeds: std::ops::Range<u64>) -> Vec<Dungeon> {
    let resolved = rs.resolve(params).unwrap_or_else(|e| panic!("{e}"));
    seeds
        .into_par_iter()
        .map(|s| {
            rs.generate_resolved(s, &resolved)
                .unwrap_or_else(|e| panic!("seed {s}: {e}"))
        })
        .collect()
}

/// `hits` of `n` is within 4 standard errors of probability `p`; returns the share.
fn assert_odds(hits: usize, n: usize, p: f64, what: &str) -> f64 {
    assert!(n > 0, "{what}: no trials");
    let share = hits as f64 / n as f64;
    let tol = 4.0 * (p * (1.0 - p) / n as f64).sqrt();
    assert!(
        (share - p).abs() <= tol,
        "{what}: {hits} of {n} = {share:.4}, want {p:.4} ± {tol:.4}"
    );
    println!("{what}: {hits} of {n} = {share:.4} (want {p:.4} ± {tol:.4})");
    share
}

/// Rooms besides the start, not counting the secret room (nor rooms relabelled from it).
fn grown(d: &Dungeon) -> usize {
    d.rooms
        .iter()
        .filter(|r| r.kind != "secret" && r.kind != "start")
        .count()
}

/// §1.2, §4: Curse of the Lost adds 4 to min(20, R + 5 + 2.6 F); with [F-old]'s count rule
/// every floor has exactly ceil(target) rooms besides the start, R = 0 on half the floors.
#[test]
fn curse_of_the_lost_adds_four_to_the_target() {
    let rs = RuleSet::load("rules/isaac/flash.ron").unwrap();
    for level in 1..=6u64 {
        let want = [0.0, 1.0]
            .map(|r: f64| ((20f64).min(r + 5.0 + level as f64 * 2.6) + 4.0).ceil() as usize);
        let ds = floors(
            &rs,
            &Params::new().set("level", level).set("lost", true),
            0..FLOORS,
        );
        let mut r0 = 0;
        for d in &ds {
            let n = grown(d);
            assert!(
                want.contains(&n),
                "level {level} seed {}: {n} rooms besides the start, want one of {want:?}",
                d.seed
            );
            r0 += (n == want[0]) as usize;
        }
        if want[0] != want[1] {
            assert_odds(r0, ds.len(), 0.5, &format!("lost, level {level}: R = 0"));
        }
    }
}

/// §2.3: on F > 6 (and on F = 11) [F-old] has no shop; [F-new] keeps one with 1/25, or 1/5
/// with Steam Sale. On F = 11 every other special stays out in both.
#[test]
fn deep_shop_follows_the_chosen_source() {
    let rs = RuleSet::load("rules/isaac/flash.ron").unwrap();
    // From F = 6 every target is 20: F = 7..11 differ only in the specials, so F = 7 and
    // F = 11 (with other seeds) stand for the deep floors.
    for level in [7u64, 11] {
        let base = Params::new().set("level", level);
        let seeds = level * 100_000..level * 100_000 + FLOORS;
        let old = floors(&rs, &base, seeds.clone());
        let shops = |ds: &[Dungeon]| {
            ds.iter()
                .filter(|d| !rooms_of(d, "shop").is_empty())
                .count()
        };
        assert_eq!(shops(&old), 0, "[F-old] level {level}: a shop");
        for (steam, p) in [(false, 1.0 / 25.0), (true, 1.0 / 5.0)] {
            let params = base.clone().set("shop_new", true).set("steam_sale", steam);
            let new = floors(&rs, &params, seeds.clone());
            let what = format!("[F-new] level {level}, steam sale {steam}: shop");
            assert_odds(shops(&new), new.len(), p, &what);
            for d in &new {
                assert!(rooms_of(d, "shop").len() <= 1, "seed {}", d.seed);
                if level == 11 {
                    let others = d.rooms.iter().filter(|r| {
                        !["start", "normal", "boss", "super_secret", "secret", "shop"]
                            .contains(&r.kind.as_str())
                    });
                    assert_eq!(others.count(), 0, "level 11 seed {}: a special", d.seed);
                }
            }
        }
    }
}

/// The default Flash floors of F = 1..6, seeds 0..FLOORS (shared by the paired tests).
fn default_floors(level: u64) -> &'static [Dungeon] {
    static ALL: OnceLock<Vec<Vec<Dungeon>>> = OnceLock::new();
    let all = ALL.get_or_init(|| {
        let rs = RuleSet::load("rules/isaac/flash.ron").unwrap();
        (1..=6u64)
            .map(|l| floors(&rs, &Params::new().set("level", l), 0..FLOORS))
            .collect()
    });
    &all[level as usize - 1]
}

/// What the rule switched by `param` relabelled: (room id, kind before, kind after) for
/// each room whose kind differs between the floor without and with it.
fn relabelled(off: &Dungeon, on: &Dungeon) -> Vec<(u32, String, String)> {
    assert_eq!(
        off.rooms.len(),
        on.rooms.len(),
        "seed {}: other rooms",
        off.seed
    );
    off.rooms
        .iter()
        .zip(&on.rooms)
        .filter(|(a, b)| a.kind != b.kind)
        .map(|(a, b)| {
            assert_eq!(a.cells, b.cells, "seed {}: moved room", off.seed);
            (a.id, a.kind.clone(), b.kind.clone())
        })
        .collect()
}

/// §2.3: on F > 3, when no miniboss was rolled, the miniboss takes over the secret room
/// (1/3, only on F > 4) or else the shop (1/(6 - min(F, 5)): 1/2 on F = 4, always from
/// F = 5), at most one room per floor; never on F <= 3 and never when it happened on the
/// previous floor.
#[test]
fn miniboss_takes_over_the_secret_room_or_the_shop() {
    let rs = RuleSet::load("rules/isaac/flash.ron").unwrap();
    for level in 1..=6u64 {
        let base = Params::new().set("level", level);
        let off = default_floors(level);
        let on = floors(&rs, &base.clone().set("greed", true), 0..FLOORS);
        // Blocked: checked where a takeover would otherwise happen.
        let blocked = if level >= 4 {
            let p = base.clone().set("greed", true).set("greed_recent", true);
            floors(&rs, &p, 0..FLOORS)
        } else {
            off.to_vec()
        };
        let (mut free, mut free_with_secret, mut secret_taken, mut shop_taken) = (0, 0, 0, 0);
        for ((a, b), c) in off.iter().zip(&on).zip(&blocked) {
            assert!(
                relabelled(a, c).is_empty(),
                "seed {}: blocked takeover",
                a.seed
            );
            let changes = relabelled(a, b);
            let rolled = !rooms_of(a, "miniboss").is_empty();
            assert!(changes.len() <= 1, "seed {}: {changes:?}", a.seed);
            if rolled || level <= 3 {
                assert!(
                    changes.is_empty(),
                    "level {level} seed {}: {changes:?}",
                    a.seed
                );
                continue;
            }
            free += 1;
            let has_secret = !rooms_of(a, "secret").is_empty();
            free_with_secret += has_secret as usize;
            match changes
                .first()
                .map(|(_, from, to)| (from.as_str(), to.as_str()))
            {
                Some(("secret", "miniboss")) => {
                    assert!(level > 4, "level {level} seed {}: secret taken", a.seed);
                    secret_taken += 1;
                }
                Some(("shop", "miniboss")) => shop_taken += 1,
                None => assert!(level == 4, "level {level} seed {}: no takeover", a.seed),
                Some(other) => panic!("seed {}: {other:?}", a.seed),
            }
        }
        println!("level {level}: {free} floors without a rolled miniboss ({free_with_secret} with a secret room): secret taken {secret_taken}, shop taken {shop_taken}");
        match level {
            1..=3 => assert_eq!(secret_taken + shop_taken, 0),
            4 => {
                assert_eq!(secret_taken, 0);
                assert_odds(shop_taken, free, 0.5, "level 4: shop taken over");
            }
            _ => {
                let what = format!("level {level}: secret room taken over");
                assert_odds(secret_taken, free_with_secret, 1.0 / 3.0, &what);
                // Otherwise always the shop (F >= 5), which every floor of F <= 6 has.
                assert_eq!(secret_taken + shop_taken, free, "level {level}");
            }
        }
    }
}

/// §2.3: a miniboss room of F > 2 is the special variant with 1/10; never on F <= 2.
#[test]
fn special_miniboss_is_one_in_ten_from_floor_three() {
    let rs = RuleSet::load("rules/isaac/flash.ron").unwrap();
    for level in 1..=6u64 {
        let base = Params::new().set("level", level);
        let off = default_floors(level);
        let on = floors(&rs, &base.clone().set("special_miniboss", true), 0..FLOORS);
        let (mut minibosses, mut special) = (0, 0);
        for (a, b) in off.iter().zip(&on) {
            let changes = relabelled(a, b);
            minibosses += rooms_of(a, "miniboss").len();
            for (id, from, to) in &changes {
                assert_eq!(
                    (from.as_str(), to.as_str()),
                    ("miniboss", "miniboss_special"),
                    "seed {} room {id}",
                    a.seed
                );
            }
            special += changes.len();
        }
        if level <= 2 {
            assert_eq!(special, 0, "level {level}: special miniboss");
        } else {
            let what = format!("level {level}: special miniboss");
            assert_odds(special, minibosses, 0.1, &what);
        }
    }
}

/// §1.3 item 4 [F-new]: once the attempt counter (1 on the first attempt) exceeds
/// 4 + random(4), past pass 3, every open direction whose roll failed grows while rooms +
/// random(2) < target. Checked with the 1/2 roll taken out (chance 0), so that only the
/// fallback grows: attempts 1..4 grow nothing (so every floor restarts at least 4 times);
/// from attempt 8 the threshold is always passed, and from F = 4 (target > 15, the start
/// re-added to every pass) the first growing pass then takes all four directions of the
/// start; the count rule still holds exactly. Without `forced_growth` nothing ever grows.
#[test]
fn forced_growth_waits_for_the_attempt_threshold() {
    let text = |on: bool| {
        format!(
            r#"Ruleset(extends: "flash.ron", name: "forced-only",
    params: {{ "forced_growth": Bool(default: {on}) }},
    patch: [Replace("grow", GrowRoomGraph(
        start: (5, 3), start_kind: "start", start_var: "start", room_kind: "normal",
        target: "target", directions: [E, W, S, N], chance: "0", roll: BeforeBounds,
        columns: (1, 9), rows: (1, 6), max_neighbours: 1,
        frontier: Passes(count: 300, short_below: 2, short_counts: 0.5),
        reseed_when: "target > 15", dead_ends: "dead_ends",
        force: "forced_growth && attempt > 4 + rnd(4) && pass > 3 && grown + rnd(2) < target"))])"#
        )
    };
    // The shipped condition, so the test follows the rule file.
    let shipped = std::fs::read_to_string("rules/isaac/flash.ron").unwrap();
    assert!(shipped.contains(
        r#"force: "forced_growth && attempt > 4 + rnd(4) && pass > 3 && grown + rnd(2) < target""#
    ));
    let rs = load_text(&text(true)).unwrap_or_else(|e| panic!("{e:?}"));
    for level in 4..=6u64 {
        let target = |r: f64| (20f64).min(r + 5.0 + level as f64 * 2.6);
        let want = [target(0.0).ceil() as usize, target(1.0).ceil() as usize];
        let (mut late, mut at_five) = (0, 0);
        for d in floors(&rs, &Params::new().set("level", level), 0..FLOORS) {
            assert!(
                d.attempts >= 4,
                "level {level} seed {}: kept after {} restarts",
                d.seed,
                d.attempts
            );
            at_five += (d.attempts == 4) as usize;
            if d.attempts >= 7 {
                late += 1;
                for [x, y] in [[6, 3], [4, 3], [5, 4], [5, 2]] {
                    assert!(
                        d.room_at(x, y).is_some(),
                        "level {level} seed {}: ({x}, {y}) empty",
                        d.seed
                    );
                }
            }
            assert!(want.contains(&grown(&d)), "level {level} seed {}", d.seed);
        }
        println!("level {level}: kept at attempt 5: {at_five}, at attempt >= 8: {late}");
        assert!(at_five > 0 && late > 0, "level {level}");
    }
    let off = load_text(&text(false)).unwrap();
    let err = off.generate(1, &Params::new().set("level", 4)).unwrap_err();
    assert!(err.to_string().contains("rooms - 1"), "{err}");
}

/// §1.4: at attempt 399 the game gives up and re-enters the floor, which draws the target
/// again. Checked with every condition but the count taken out and the count replaced by
/// "target < 8 and this is attempt 398" on F = 1 (target 7.6 or 8.6, 1/2 each): a floor is
/// kept only at the last attempt of a target of 7.6, so every floor has 398 k + 397
/// restarts (k targets given up, each 397 restarts plus the restart of the floor), k is
/// geometric with P(k = 0) = 1/2 and P(k = 1) = 1/4, and no floor grows a ninth room.
#[test]
fn gives_up_at_attempt_399_and_draws_the_target_again() {
    let rs = load_text(
        r#"Ruleset(extends: "flash.ron", name: "give-up",
    patch: [Replace("count", Require("target < 8 && attempt == 398")),
            Remove("boss_apart"), Remove("enough_dead_ends"), Remove("secret_needed")])"#,
    )
    .unwrap_or_else(|e| panic!("{e:?}"));
    let ds = floors(&rs, &Params::new().set("level", 1), 0..FLOORS);
    let mut ks = [0usize; 3];
    for d in &ds {
        assert_eq!(
            d.attempts % 398,
            397,
            "seed {}: {} restarts",
            d.seed,
            d.attempts
        );
        assert!(grown(d) <= 8, "seed {}: {} rooms", d.seed, grown(d));
        ks[(d.attempts as usize / 398).min(2)] += 1;
    }
    assert_odds(ks[0], ds.len(), 0.5, "kept with the first target");
    assert_odds(ks[1], ds.len(), 0.25, "kept with the second target");
}

/// §1.4 [F-new]: with `count_slack` 1.25 a floor keeps at least 80 % of its target, and with
/// the forced-growth fallback it needs fewer attempts than [F-old]'s exact count.
#[test]
fn new_count_rule_accepts_eighty_percent() {
    let rs = RuleSet::load("rules/isaac/flash.ron").unwrap();
    for level in [1u64, 4, 6] {
        let base = Params::new().set("level", level);
        let old = default_floors(level);
        let params = base
            .clone()
            .set("count_slack", 1.25)
            .set("forced_growth", true);
        let new = floors(&rs, &params, 0..FLOORS);
        let mut short = 0;
        for d in &new {
            let n = grown(d) as f64;
            let top = (20f64).min(6.0 + level as f64 * 2.6);
            assert!(
                n * 1.25 >= (20f64).min(5.0 + level as f64 * 2.6),
                "seed {}",
                d.seed
            );
            assert!(n <= top.ceil(), "seed {}", d.seed);
            short += (n < (20f64).min(5.0 + level as f64 * 2.6).ceil()) as usize;
        }
        let mean =
            |ds: &[Dungeon]| ds.iter().map(|d| d.attempts as f64).sum::<f64>() / ds.len() as f64;
        println!(
            "level {level}: restarts [F-old] {:.2}, [F-new] {:.2}; {short} floors below ceil(target)",
            mean(old),
            mean(&new)
        );
        assert!(short > 0, "level {level}: the 80 % rule never used");
        assert!(mean(&new) < mean(old), "level {level}");
    }
}

/// §4: the Labyrinth's extra rooms (the normal rooms made after the secret room) never touch
/// the boss or super secret rooms (§2.2's chain, both sources), and in [F-new] never the
/// secret room; [F-old] lets them.
#[test]
fn labyrinth_extras_keep_off_the_secret_room() {
    let rs = RuleSet::load("rules/isaac/labyrinth.ron").unwrap();
    for level in [1u64, 3, 5, 7] {
        for avoid in [true, false] {
            let params = Params::new()
                .set("level", level)
                .set("extras_avoid_secret", avoid);
            let (mut with_extras, mut touching_secret) = (0, 0);
            for d in floors(&rs, &params, 0..FLOORS) {
                let Some(secret) = rooms_of(&d, "secret").first().map(|r| r.id) else {
                    continue;
                };
                let extras: Vec<_> = d
                    .rooms
                    .iter()
                    .filter(|r| r.kind == "normal" && r.id > secret)
                    .collect();
                with_extras += !extras.is_empty() as usize;
                let mut touched = false;
                for e in extras {
                    for n in touching(&d, e) {
                        let kind = d.rooms[n as usize].kind.as_str();
                        assert!(
                            !["boss", "super_secret"].contains(&kind),
                            "level {level} seed {}: extra {} next to the {kind} room",
                            d.seed,
                            e.id
                        );
                        touched |= n == secret;
                    }
                }
                touching_secret += touched as usize;
            }
            println!("level {level}, avoid {avoid}: {with_extras} floors with extras and a secret room, {touching_secret} with an extra next to it");
            if avoid {
                assert_eq!(touching_secret, 0, "level {level}");
            } else {
                assert!(touching_secret > 0, "level {level}: [F-old] never touches");
            }
        }
    }
}
