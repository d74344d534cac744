//! Diablo's Cathedral (levels 1-4) from `rules/diablo/cathedral.ron` (issue 3):
//! * every Cathedral fixture of DevilutionX (`index.json`), run with its quest settings, must
//!   give the fixture's 40x40 tile grid exactly; each fixture's result is printed (exact, or
//!   the first differing cell and the share of equal cells);
//! * structural properties over 500 seeds per level;
//! * quest parameters change nothing unless given; determinism.
//!
//! Fixtures: `$DEVILUTIONX_FIXTURES` or `../shared/fixtures/devilutionx` (never copied into
//! the repository); absent → "skipped", or a failure under `CI=true`.

use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use undercroft::dungeon::{Dungeon, Layer};
use undercroft::{Params, RuleSet};

mod fixture_dir;
use fixture_dir as fixtures;

fn rules() -> RuleSet {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("rules/diablo/cathedral.ron");
    RuleSet::load(&p).unwrap_or_else(|e| panic!("{e}"))
}

fn ids(d: &Dungeon, name: &str) -> Vec<Vec<u16>> {
    match &d.layers[name] {
        Layer::Ids(r) => r.clone(),
        _ => panic!("{name} is not a tile layer"),
    }
}

fn symbols(d: &Dungeon, name: &str) -> Vec<Vec<char>> {
    match &d.layers[name] {
        Layer::Symbols(r) => r.iter().map(|s| s.chars().collect()).collect(),
        _ => panic!("{name} is not a symbol layer"),
    }
}

/// The tile layer of a `.dun` file: u16 LE width, height, then width*height ids row-major.
fn read_dun(path: &Path) -> (usize, usize, Vec<u16>) {
    let b = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let u = |i: usize| u16::from_le_bytes([b[2 * i], b[2 * i + 1]]);
    let (w, h) = (u(0) as usize, u(1) as usize);
    (w, h, (0..w * h).map(|i| u(2 + i)).collect())
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
    let index: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("index.json")).unwrap()).unwrap();
    let mut report = Vec::new();
    let mut exact = 0;
    let mut total = 0;
    for e in index.as_array().unwrap() {
        if e["type"] != "cathedral" {
            continue;
        }
        total += 1;
        let name = e["fixture"].as_str().unwrap();
        let (w, h, want) = read_dun(&dir.join("levels").join(format!("{name}.dun")));
        let seed = e["seed"].as_u64().unwrap();
        let d = rs
            .generate(seed, &params_for(e, &dir))
            .unwrap_or_else(|err| panic!("{name}: {err}"));
        let got = ids(&d, "tiles");
        assert_eq!((got.len(), got[0].len()), (h, w), "{name}: size");
        let mut first = None;
        let mut equal = 0;
        for y in 0..h {
            for x in 0..w {
                if got[y][x] == want[y * w + x] {
                    equal += 1;
                } else if first.is_none() {
                    first = Some((x, y, got[y][x], want[y * w + x]));
                }
            }
        }
        // spawn points (spec §1.4): 2 * stamp top-left + 16 + (3, 4) arriving from above,
        // + (3, 3) from below (when the level has stairs down)
        let view = |m: &str, off: (i32, i32)| {
            d.markers
                .get(m)
                .map(|p| [2 * p[0] + 16 + off.0, 2 * p[1] + 16 + off.1])
        };
        let vp = &e["view_positions"];
        let want_main = [
            vp["ENTRY_MAIN"][0].as_i64().unwrap() as i32,
            vp["ENTRY_MAIN"][1].as_i64().unwrap() as i32,
        ];
        assert_eq!(
            view("stairs_up", (3, 4)),
            Some(want_main),
            "{name}: ENTRY_MAIN"
        );
        if let Some(down) = view("stairs_down", (3, 3)) {
            let p = &vp["ENTRY_PREV"];
            let want = [p[0].as_i64().unwrap() as i32, p[1].as_i64().unwrap() as i32];
            assert_eq!(down, want, "{name}: ENTRY_PREV");
        }
        match first {
            None => {
                exact += 1;
                report.push(format!("{name}: exact ({} restarts)", d.attempts));
            }
            Some((x, y, g, f)) => report.push(format!(
                "{name}: first difference at ({x}, {y}): ours {g}, fixture {f}; {:.1}% equal",
                100.0 * equal as f64 / (w * h) as f64
            )),
        }
    }
    println!("{}", report.join("\n"));
    assert!(total >= 5, "only {total} Cathedral fixtures in index.json");
    assert_eq!(exact, total, "\n{}", report.join("\n"));
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
        let (w, h) = (sym[0].len(), sym.len());
        // the stairs-up stamp's top-left is in the wall row; its step (1, 1) is stairs
        let start = (up[0] as usize + 1, up[1] as usize + 1);
        assert!(
            walkable(sym[start.1][start.0]),
            "level {level} seed {seed}: stairs tile"
        );
        let mut seen = vec![vec![false; w]; h];
        let mut queue = VecDeque::from([start]);
        seen[start.1][start.0] = true;
        while let Some((x, y)) = queue.pop_front() {
            for (dx, dy) in [(1i32, 0i32), (-1, 0), (0, 1), (0, -1)] {
                let (nx, ny) = (x as i32 + dx, y as i32 + dy);
                if nx < 0 || ny < 0 || nx >= w as i32 || ny >= h as i32 {
                    continue;
                }
                let (nx, ny) = (nx as usize, ny as usize);
                if !seen[ny][nx] && walkable(sym[ny][nx]) {
                    seen[ny][nx] = true;
                    queue.push_back((nx, ny));
                }
            }
        }
        for y in 0..h {
            for x in 0..w {
                assert!(
                    !walkable(sym[y][x]) || seen[y][x],
                    "level {level} seed {seed}: ({x}, {y}) cannot be reached from the stairs up\n{}",
                    sym.iter().map(|r| r.iter().collect::<String>()).collect::<Vec<_>>().join("\n")
                );
            }
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
impl undercroft::engine::interpreter::Observer for Restarts {
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
