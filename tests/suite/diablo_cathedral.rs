//! Diablo's Cathedral (levels 1-4) from `rules/diablo/cathedral.ron` (issue 3):
//! * every Cathedral fixture of DevilutionX (`index.json`), run with its quest settings, must
//!   give the fixture's 40x40 tile grid exactly; each fixture's result is printed (exact, or
//!   the first differing cell and the share of equal cells);
//! * structural properties over 500 seeds per level;
//! * quest parameters change nothing unless given; determinism.
//!
//! Fixtures: `$DEVILUTIONX_FIXTURES` or `../shared/fixtures/devilutionx` (never copied into
//! the repository); absent → "skipped", or a failure under `CI=true`.

use std::path::Path;
use undercroft::{Params, RuleSet};

use crate::diablo_common;
use crate::fixture_dir;
use diablo_common::{
    compare, conclude, fixtures_of, ids, load, picture, read_dun, symbols, unreachable, view,
    want_view,
};
use fixture_dir as fixtures;

fn rules() -> RuleSet {
    load("rules/diablo/cathedral.ron")
}

/// Our parameters for a fixture's DevilutionX quest settings.
fn params_for(entry: &serde_json::Value, dir: &Path) -> Params {
    let level = entry["level"].as_u64().unwrap();
    let mut p = Params::new().set("level", level);
    for q in entry["quests"].as_array().unwrap() {
        let q = q.as_str().unwrap();
        let on = q.ends_with("=QUEST_INIT");
        let (param, piece) = match q.split('.').next().unwrap() {
            "Q_PWATER" => ("poisoned_water", None),
            "Q_BUTCHER" => ("butcher", Some("rnd6.dun")),
            "Q_SKELKING" => ("skeleton_king", Some("skngdo.dun")),
            "Q_LTBANNER" => ("banner", Some("banner2.dun")),
            other => panic!("quest {other} is not a Cathedral quest"),
        };
        p = p.set(param, on);
        if let (true, Some(f)) = (on, piece) {
            let path = dir.join("setpieces/l1data").join(f);
            p = p.set("setpiece", path.display());
        }
    }
    p
}

#[test]
fn cathedral_fixtures_match_tile_for_tile() {
    let Some(dir) = fixtures::dir() else { return };
    let rs = rules();
    let mut report = Vec::new();
    let mut exact = 0;
    let entries = fixtures_of(&dir, "cathedral");
    for e in &entries {
        let name = e["fixture"].as_str().unwrap();
        let (w, h, want) = read_dun(&dir.join("levels").join(format!("{name}.dun")));
        let seed = e["seed"].as_u64().unwrap();
        let d = rs
            .generate(seed, &params_for(e, &dir))
            .unwrap_or_else(|err| panic!("{name}: {err}"));
        let diff = compare(name, &ids(&d, "tiles"), w, h, &want);
        // spawn points (spec §1.4): 2 * stamp top-left + 16 + (3, 4) arriving from above,
        // + (3, 3) from below (when the level has stairs down)
        assert_eq!(
            view(&d, "stairs_up", (3, 4)),
            want_view(e, "ENTRY_MAIN"),
            "{name}: ENTRY_MAIN"
        );
        if let Some(down) = view(&d, "stairs_down", (3, 3)) {
            assert_eq!(Some(down), want_view(e, "ENTRY_PREV"), "{name}: ENTRY_PREV");
        }
        if diff.exact() {
            exact += 1;
        }
        report.push(diff.line(name, d.attempts));
    }
    conclude("Cathedral", &report, exact, entries.len(), 5);
}

/// Floor (and what connects it) in the `level` symbol layer: floor, arch, door, stairs.
fn walkable(c: char) -> bool {
    matches!(c, '.' | ':' | '+' | '>')
}

fn structural(level: u32, seeds: std::ops::Range<u64>) {
    let rs = rules();
    let min = [533, 693, 761, 761][level as usize - 1];
    let mut restarts = 0u64;
    for seed in seeds.clone() {
        let d = rs
            .generate(seed, &Params::new().set("level", level))
            .unwrap_or_else(|e| panic!("level {level} seed {seed}: {e}"));
        restarts += d.attempts as u64;
        let up = d.markers.get("stairs_up").copied();
        let down = d.markers.get("stairs_down").copied();
        let (Some(up), Some(_down)) = (up, down) else {
            panic!("level {level} seed {seed}: stairs missing: {:?}", d.markers)
        };
        let mask = ids(&d, "mask");
        let area = mask.iter().flatten().filter(|&&v| v == 1).count();
        assert!(
            area >= min,
            "level {level} seed {seed}: floor {area} < {min}"
        );
        let sym = symbols(&d, "level");
        // the stairs-up stamp's top-left is in the wall row; its step (1, 1) is stairs
        let start = (up[0] as usize + 1, up[1] as usize + 1);
        assert!(
            walkable(sym[start.1][start.0]),
            "level {level} seed {seed}: stairs tile"
        );
        let walk = |x: usize, y: usize| walkable(sym[y][x]);
        if let Some((x, y)) = unreachable(&sym, start, walk, walk) {
            panic!(
                "level {level} seed {seed}: ({x}, {y}) cannot be reached from the stairs up\n{}",
                picture(&sym)
            );
        }
    }
    println!(
        "level {level}: {} seeds, mean restarts {:.2}",
        seeds.end - seeds.start,
        restarts as f64 / (seeds.end - seeds.start) as f64
    );
}

#[test]
fn structure_level_1() {
    structural(1, 0..500);
}

#[test]
fn structure_level_2() {
    structural(2, 0..500);
}

#[test]
fn structure_level_3() {
    structural(3, 0..500);
}

#[test]
fn structure_level_4() {
    structural(4, 1000..1500);
}

#[test]
fn quest_params_only_act_on_their_level_and_default_off() {
    let rs = rules();
    for seed in [1u64, 2, 3] {
        let plain = rs.generate(seed, &Params::new().set("level", 1)).unwrap();
        let quests = Params::new()
            .set("level", 1)
            .set("poisoned_water", true)
            .set("butcher", true)
            .set("skeleton_king", true)
            .set("banner", true);
        // no set-piece quest applies to level 1, so no file is needed and nothing changes
        let with = rs.generate(seed, &quests).unwrap();
        assert_eq!(ids(&plain, "tiles"), ids(&with, "tiles"));
        // on level 2, Poisoned Water adds its stamp
        let l2 = rs.generate(seed, &Params::new().set("level", 2)).unwrap();
        let l2w = rs
            .generate(
                seed,
                &Params::new().set("level", 2).set("poisoned_water", true),
            )
            .unwrap();
        assert!(!l2.markers.contains_key("poisoned_water"));
        assert!(l2w.markers.contains_key("poisoned_water"));
        assert!(ids(&l2w, "tiles").iter().flatten().any(|&t| t == 206));
    }
}

#[test]
fn a_set_piece_quest_without_its_file_is_an_error() {
    let rs = rules();
    let e = rs
        .generate(1, &Params::new().set("level", 4).set("banner", true))
        .unwrap_err()
        .to_string();
    assert!(e.contains("setpiece"), "{e}");
    let e = rs
        .generate(
            1,
            &Params::new()
                .set("level", 4)
                .set("banner", true)
                .set("setpiece", "/nonexistent/banner2.dun"),
        )
        .unwrap_err()
        .to_string();
    assert!(e.contains("cannot read"), "{e}");
}

#[test]
fn same_seed_same_bytes() {
    let rs = rules();
    let p = Params::new().set("level", 3);
    assert_eq!(
        rs.generate(77, &p).unwrap().to_json(),
        rs.generate(77, &p).unwrap().to_json()
    );
    assert_ne!(
        ids(&rs.generate(77, &p).unwrap(), "tiles"),
        ids(&rs.generate(78, &p).unwrap(), "tiles")
    );
}

/// Counts restarts per failure point.
struct Restarts(Vec<u32>);
impl undercroft::interpreter::Observer for Restarts {
    fn restarted(&mut self, failure: u32) {
        self.0[failure as usize] += 1;
    }
}

/// spec §2.9.7 (20,000 seeds): FirstRoom layouts per area pass 2.38 / 11.1 / 49.0 and outer
/// (stairs) attempts 2.23 / 2.30 / 2.45 for levels 1 / 2 / 3-4. Our counts over 300 seeds
/// must agree within the sampling error (generous bounds).
#[test]
fn retry_counts_agree_with_the_measured_means() {
    let rs = rules();
    let area = rs
        .failure_points()
        .iter()
        .position(|f| f.what.contains("area >= min_area"))
        .expect("the area Require");
    for (level, layouts, outer) in [(1u32, 2.38, 2.23), (2, 11.1, 2.30), (3, 49.0, 2.45)] {
        let values = rs
            .resolve_params(&Params::new().set("level", level))
            .unwrap();
        let (mut area_fails, mut other_fails) = (0u64, 0u64);
        let n = 300u64;
        for seed in 0..n {
            let mut obs = Restarts(vec![0; rs.failure_points().len()]);
            rs.run(seed + 5000, &values, &mut obs).unwrap();
            for (i, c) in obs.0.iter().enumerate() {
                if i == area {
                    area_fails += *c as u64;
                } else {
                    other_fails += *c as u64;
                }
            }
        }
        let passes = n + other_fails; // outer attempts = one area pass each
        let per_pass = (area_fails + passes) as f64 / passes as f64;
        let outer_mean = passes as f64 / n as f64;
        println!("level {level}: layouts per area pass {per_pass:.2} (spec {layouts}), outer attempts {outer_mean:.2} (spec {outer})");
        assert!(
            (per_pass / layouts - 1.0).abs() < 0.2,
            "level {level}: {per_pass}"
        );
        assert!(
            (outer_mean / outer - 1.0).abs() < 0.2,
            "level {level}: {outer_mean}"
        );
    }
}

#[test]
fn set_piece_quests_put_the_piece_in_a_chamber_and_protect_it() {
    let Some(dir) = fixtures::dir() else { return };
    let rs = rules();
    for (level, quest, file) in [
        (2u32, "butcher", "rnd6.dun"),
        (3, "skeleton_king", "skngdo.dun"),
        (4, "banner", "banner2.dun"),
    ] {
        let path = dir.join("setpieces/l1data").join(file);
        let (w, h, piece) = read_dun(&path);
        for seed in 0..20u64 {
            let d = rs
                .generate(
                    seed,
                    &Params::new()
                        .set("level", level)
                        .set(quest, true)
                        .set("setpiece", path.display()),
                )
                .unwrap_or_else(|e| panic!("{quest} seed {seed}: {e}"));
            let tiles = ids(&d, "tiles");
            let prot = ids(&d, "protected");
            // the piece sits at a chamber origin + (2, 2): (2|16|30, 16) or (16, 2|16|30);
            // its non-zero cells are protected, and most keep their tile (the no-RNG fix-up
            // passes FixTilesPatterns / FixDirtTiles do not look at protection, as in the game)
            let spots = [(2, 16), (16, 16), (30, 16), (16, 2), (16, 30)];
            let at = spots.iter().find(|&&(px, py)| {
                let cells = (0..h).flat_map(|y| (0..w).map(move |x| (x, y)));
                let set: Vec<_> = cells.filter(|&(x, y)| piece[y * w + x] != 0).collect();
                let kept = set
                    .iter()
                    .filter(|&&(x, y)| tiles[py + y][px + x] == piece[y * w + x])
                    .count();
                set.iter().all(|&(x, y)| prot[py + y][px + x] == 1) && kept * 5 >= set.len() * 4
            });
            assert!(at.is_some(), "{quest} seed {seed}: set piece not found");
            assert!(d.markers.contains_key("stairs_up"));
            assert_eq!(d.markers.contains_key("stairs_down"), quest != "banner");
        }
    }
}
