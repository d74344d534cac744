//! The examples of loops and procedures (issue 44): `rules/examples/bsp.ron` (a BSP tree by a
//! procedure that calls itself) and `rules/examples/drunkard.ron` (walkers in a `While` until
//! a floor share), over 1,000 seeds each: they build on at least 99 % of them (in fact on
//! all) and pass `lint` on every seed built; the drunkard reaches its floor share and puts its
//! down stairs at the end of a longest walk from its up stairs.

use crate::mixed_styles::walking;
use undercroft::stats::measure;
use undercroft::{Dungeon, Params, RuleSet};

/// The `tiles` layer of `d`, from its JSON, and the tile of marker `name`.
fn tiles_and_marker(d: &Dungeon) -> (Vec<Vec<u64>>, impl Fn(&str) -> [usize; 2]) {
    let j: serde_json::Value = serde_json::from_str(&d.to_json()).unwrap();
    let t = j["layers"]["tiles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            r.as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_u64().unwrap())
                .collect()
        })
        .collect();
    let markers = j["markers"].clone();
    let marker = move |name: &str| {
        let m = markers[name].as_array().unwrap();
        [
            m[0].as_u64().unwrap() as usize,
            m[1].as_u64().unwrap() as usize,
        ]
    };
    (t, marker)
}

/// The cells of every room of `d`, from its JSON, in room order.
pub fn rooms_of(d: &Dungeon) -> Vec<Vec<[usize; 2]>> {
    let j: serde_json::Value = serde_json::from_str(&d.to_json()).unwrap();
    let cell = |c: &serde_json::Value| [0, 1].map(|i| c[i].as_u64().unwrap() as usize);
    let rooms = j["rooms"].as_array().unwrap();
    (rooms.iter())
        .map(|r| r["cells"].as_array().unwrap().iter().map(cell).collect())
        .collect()
}

/// Generate seeds `1..=n` of `path` with `params`: every dungeon built passes lint (the
/// rule set's own `stats:` checks: one walkable region, both stairs there); at least 99 %
/// build. Returns the dungeons built.
fn built_and_clean(path: &str, params: &Params, n: u64) -> Vec<Dungeon> {
    let rs = RuleSet::load(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut out = Vec::new();
    for seed in 1..=n {
        let Ok(d) = rs.generate(seed, params) else {
            continue;
        };
        let problems = measure(&d, &rs.stats).problems;
        assert!(problems.is_empty(), "{path} seed {seed}: {problems:?}");
        out.push(d);
    }
    assert!(
        out.len() as u64 * 100 >= 99 * n,
        "{path} built {} of {n}",
        out.len()
    );
    out
}

#[test]
fn bsp_builds_and_passes_lint_on_1000_seeds() {
    let built = built_and_clean("rules/examples/bsp.ron", &Params::new(), 1000);
    for d in &built {
        // bsp.pat: 0 wall, 1 floor, 2 up, 3 down; the map's edge is wall (a leaf's room
        // keeps inside it)
        let (t, marker) = tiles_and_marker(d);
        let (up, down) = (marker("stairs_up"), marker("stairs_down"));
        assert_eq!((t[up[1]][up[0]], t[down[1]][down[0]]), (2, 3));
        // AddRoom: each leaf's room is a room of the JSON, a full rectangle of 4 to 7 tiles
        // a side, all floor or stairs; the up stairs are in the first, the down stairs in
        // the last
        let rooms = rooms_of(d);
        assert!(rooms.len() >= 2, "seed {}: {} rooms", d.seed, rooms.len());
        for r in &rooms {
            let (xs, ys) = (r.iter().map(|c| c[0]), r.iter().map(|c| c[1]));
            let (x0, x1) = (xs.clone().min().unwrap(), xs.max().unwrap());
            let (y0, y1) = (ys.clone().min().unwrap(), ys.max().unwrap());
            let (rw, rh) = (x1 - x0 + 1, y1 - y0 + 1);
            assert!((4..=7).contains(&rw) && (4..=7).contains(&rh) && r.len() == rw * rh);
            assert!(r.iter().all(|&[x, y]| t[y][x] != 0), "seed {}", d.seed);
        }
        assert!(rooms[0].contains(&up) && rooms[rooms.len() - 1].contains(&down));
        let (h, w) = (t.len(), t[0].len());
        for (y, row) in t.iter().enumerate() {
            for (x, &v) in row.iter().enumerate() {
                if x == 0 || y == 0 || x == w - 1 || y == h - 1 {
                    assert_eq!(v, 0, "seed {}: ({x}, {y})", d.seed);
                }
            }
        }
    }
    // other leaf sizes: deeper and shallower trees
    for leaf in ["12", "24"] {
        built_and_clean(
            "rules/examples/bsp.ron",
            &Params::new().set("leaf", leaf),
            100,
        );
    }
}

#[test]
fn drunkard_reaches_its_share_with_stairs_a_longest_walk_apart_on_1000_seeds() {
    for (share, n) in [(0.4, 1000), (0.25, 100), (0.6, 100)] {
        let params = Params::new().set("share", share.to_string());
        for d in built_and_clean("rules/examples/drunkard.ron", &params, n) {
            // drunkard.pat: 0 rock, 1 floor, 2 stairs; the share is of the 78 x 48 inside
            let (t, marker) = tiles_and_marker(&d);
            let dug = t.iter().flatten().filter(|&&v| v != 0).count();
            assert!(
                dug as f64 >= share * 78.0 * 48.0,
                "seed {}: {dug} tiles dug",
                d.seed
            );
            let (up, down) = (marker("stairs_up"), marker("stairs_down"));
            let dist = walking(&t, up, |v| v != 0);
            let farthest = dist.iter().flatten().flatten().max().copied().unwrap();
            assert_eq!(dist[down[1]][down[0]], Some(farthest), "seed {}", d.seed);
        }
    }
}
