//! Issue 45 (part A): `rules/examples/rooms_and_mazes.ron` (rooms, a growing-tree maze,
//! connectors, dead ends removed) over many seeds: no dead end and one walkable region on
//! every seed, and `lint` finds nothing.

use std::collections::VecDeque;
use std::process::Command;
use undercroft::dungeon::{Dungeon, Layer};
use undercroft::{Params, RuleSet};

const FILE: &str = "rules/examples/rooms_and_mazes.ron";

fn layer<'a>(d: &'a Dungeon, name: &str) -> &'a Vec<Vec<u16>> {
    match &d.layers[name] {
        Layer::Ids(rows) => rows,
        _ => panic!("{name} is not a tile layer"),
    }
}

/// rooms_and_mazes.pat: 0 rock, 1 floor, 2 door.
fn walkable(v: u16) -> bool {
    v == 1 || v == 2
}

/// The walkable 4-neighbours of `(x, y)`.
fn exits(t: &[Vec<u16>], x: usize, y: usize) -> usize {
    let (w, h) = (t[0].len(), t.len());
    [
        (x.wrapping_sub(1), y),
        (x + 1, y),
        (x, y.wrapping_sub(1)),
        (x, y + 1),
    ]
    .into_iter()
    .filter(|&(nx, ny)| nx < w && ny < h && walkable(t[ny][nx]))
    .count()
}

/// How many walkable tiles a walk from the first walkable tile (raster order) reaches, and
/// how many there are.
fn reached(t: &[Vec<u16>]) -> (usize, usize) {
    let (w, h) = (t[0].len(), t.len());
    let all = t.iter().flatten().filter(|&&v| walkable(v)).count();
    let Some(first) = (0..w * h).find(|&i| walkable(t[i / w][i % w])) else {
        return (0, all);
    };
    let mut seen = vec![false; w * h];
    let mut q = VecDeque::from([first]);
    seen[first] = true;
    let mut n = 0;
    while let Some(i) = q.pop_front() {
        n += 1;
        let (x, y) = (i % w, i / w);
        for (nx, ny) in [
            (x.wrapping_sub(1), y),
            (x + 1, y),
            (x, y.wrapping_sub(1)),
            (x, y + 1),
        ] {
            if nx < w && ny < h && !seen[ny * w + nx] && walkable(t[ny][nx]) {
                seen[ny * w + nx] = true;
                q.push_back(ny * w + nx);
            }
        }
    }
    (n, all)
}

#[test]
fn rooms_and_mazes_no_dead_end_and_one_region_over_1000_seeds() {
    let rs = RuleSet::load(FILE).unwrap_or_else(|e| panic!("{e}"));
    let (mut built, n) = (0, 1000);
    for seed in 1..=n {
        let Ok(d) = rs.generate(seed, &Params::new()) else {
            continue;
        };
        built += 1;
        let t = layer(&d, "tiles");
        let (w, h) = (t[0].len(), t.len());
        // The outer ring is rock (the maze and the rooms keep one wall to the edge).
        for (top, bottom) in t[0].iter().zip(&t[h - 1]) {
            assert!(!walkable(*top) && !walkable(*bottom), "seed {seed}");
        }
        for row in t {
            assert!(!walkable(row[0]) && !walkable(row[w - 1]), "seed {seed}");
        }
        // No dead end: every walkable tile has two walkable neighbours or more.
        for y in 0..h {
            for x in 0..w {
                if walkable(t[y][x]) {
                    assert!(exits(t, x, y) >= 2, "seed {seed}: dead end at ({x}, {y})");
                }
            }
        }
        // One region, and doors joined it.
        let (n_reached, all) = reached(t);
        assert_eq!(n_reached, all, "seed {seed}: walkable tiles cut off");
        assert!(t.iter().flatten().any(|&v| v == 2), "seed {seed}: no door");
        // The distance field: 0 at its source, a number on every walkable tile, 65535 on rock.
        let depth = layer(&d, "depth");
        let mut zero = 0;
        for y in 0..h {
            for x in 0..w {
                let v = depth[y][x];
                assert_eq!(
                    v == 65535,
                    !walkable(t[y][x]),
                    "seed {seed}: depth ({x}, {y})"
                );
                zero += (v == 0) as usize;
            }
        }
        assert_eq!(zero, 1, "seed {seed}: one source");
        // AddRoom: 1 to 12 rooms (a rectangle wholly inside earlier ones makes none), every
        // cell floor; the first is a whole rectangle of 3 to 9 odd tiles a side holding the
        // distance field's source.
        let rooms = crate::flow_examples::rooms_of(&d);
        assert!((1..=12).contains(&rooms.len()), "seed {seed}");
        assert!(
            rooms.iter().flatten().all(|&[x, y]| t[y][x] == 1),
            "seed {seed}"
        );
        let first = &rooms[0];
        let (xs, ys) = (first.iter().map(|c| c[0]), first.iter().map(|c| c[1]));
        let rw = xs.clone().max().unwrap() - xs.min().unwrap() + 1;
        let rh = ys.clone().max().unwrap() - ys.min().unwrap() + 1;
        assert!(rw % 2 == 1 && (3..=9).contains(&rw) && rh % 2 == 1 && (3..=9).contains(&rh));
        assert_eq!(first.len(), rw * rh, "seed {seed}");
        assert_eq!(depth[first[0][1]][first[0][0]], 0, "seed {seed}");
    }
    assert!(
        built * 100 >= 99 * n,
        "rooms_and_mazes built {built} of {n}"
    );
}

#[test]
fn rooms_and_mazes_is_at_most_50_lines_and_lint_finds_nothing() {
    let text = std::fs::read_to_string(FILE).unwrap();
    assert!(text.lines().count() <= 50, "{} lines", text.lines().count());
    let out = Command::new(env!("CARGO_BIN_EXE_undercroft"))
        .args(["lint", FILE, "--count", "1000"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    let (o, e) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(out.status.success(), "{o}{e}");
}
