//! Issue 18 §2: the secret room's blacklist from layout masks (shared/spec/isaac-rebirth.md
//! §6.4, [BL]) in rules/isaac/rebirth.ron with `secret_blacklist`, over 5,000 floors per
//! case. Counts are exact.
//!
//! Every special room takes its layout before the secret room; a cell behind one of its door
//! slots whose layout has no door there is forbidden, and on stage 11 so are the four cells
//! around the start.

use crate::common;
use common::*;
use rayon::prelude::*;
use undercroft::dungeon::Dungeon;
use undercroft::{Params, RuleSet};

const FLOORS: u64 = 5000;

fn floors(rs: &RuleSet, params: &Params) -> Vec<Dungeon> {
    let resolved = rs.resolve(params).unwrap();
    (0..FLOORS)
        .into_par_iter()
        .map(|s| {
            rs.generate_resolved(s, &resolved)
                .unwrap_or_else(|e| panic!("seed {s}: {e}"))
        })
        .collect()
}

/// Floors whose secret room touches a room of `kind`.
fn secret_next_to(ds: &[Dungeon], kind: &str) -> usize {
    ds.iter()
        .filter(|d| {
            of_kind(d, "secret").iter().any(|s| {
                touching(d, s)
                    .iter()
                    .any(|&r| d.rooms[r as usize].kind == kind)
            })
        })
        .count()
}

/// Stage 11: with the blacklist the secret room never touches the start; without it, it
/// does on some floors. Both ways it never touches the boss or super secret room.
#[test]
fn stage_eleven_keeps_the_secret_room_off_the_start() {
    let rs = RuleSet::load("rules/isaac/rebirth.ron").unwrap();
    for on in [true, false] {
        let p = Params::new().set("stage", 11).set("secret_blacklist", on);
        let ds = floors(&rs, &p);
        let at_start = secret_next_to(&ds, "start");
        println!(
            "stage 11, blacklist {on}: {at_start} floors with the secret room next to the start"
        );
        assert_eq!(secret_next_to(&ds, "boss"), 0);
        assert_eq!(secret_next_to(&ds, "super_secret"), 0);
        if on {
            assert_eq!(at_start, 0);
        } else {
            assert!(at_start > 0, "the start rule never mattered");
        }
    }
}

/// With treasure layouts that wall two sides ("L0 U0" and "R0 D0": every treasure room gets
/// the one holding the door to its parent), the blacklist keeps the secret room from every
/// wall of the laid-out treasure room, so no floor ever restarts (the shipped pools never
/// restart stage 1); without it the treasure room takes its layout after the secret room,
/// which sometimes sits behind both of its layouts' walls: no layout, a restart.
#[test]
fn walls_of_laid_out_rooms_keep_the_secret_room_away() {
    let pool = std::fs::read_to_string("rules/isaac/pools/basement.pool").unwrap();
    let mut n = 0;
    let walled: String = pool
        .lines()
        .map(|l| {
            if l.contains("kinds [treasure]") {
                n += 1;
                let doors = if n == 1 { "L0 U0" } else { "R0 D0" };
                l.replace("doors [L0 U0 R0 D0]", &format!("doors [{doors}]"))
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    assert_eq!(n, 2, "the pool's treasure layouts changed");
    let rebirth = std::fs::read_to_string("rules/isaac/rebirth.ron").unwrap();
    let rs = load_mem(&[
        ("rules/isaac/rebirth.ron", &rebirth),
        ("rules/isaac/pools/basement.pool", &walled),
    ])
    .unwrap_or_else(|e| panic!("{e:?}"));
    let base = Params::new().set("stage", 1);
    let on = floors(&rs, &base.clone().set("secret_blacklist", true));
    let off = floors(&rs, &base.set("secret_blacklist", false));
    let restarted = |ds: &[Dungeon]| ds.iter().filter(|d| d.attempts > 0).count();
    println!(
        "walled treasure rooms: floors restarted with the blacklist {}, without {}",
        restarted(&on),
        restarted(&off)
    );
    assert_eq!(restarted(&on), 0);
    assert!(restarted(&off) > 0);
    for d in &on {
        let t = of_kind(d, "treasure")[0];
        assert!(["treasure", "treasure-moat"]
            .iter()
            .any(|n| t.layout.as_deref() == Some(&format!("basement/{n}"))));
    }
}
