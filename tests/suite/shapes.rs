//! Issue 5: shapes attached from every side, and the bad-input cases of the room operators.
use crate::common;

use common::*;
use undercroft::engine::dir::Dir;
use undercroft::engine::point::Point;
use undercroft::engine::shape::{attach_origin, connect, explain_misfit, fits, side_name};
use undercroft::engine::state::State;
use undercroft::rng::{Rng, RngSpec};
use undercroft::{GenError, Params, RuleSet};

/// Every shape of rebirth.ron attached to every shape through every door slot, with every
/// child cell and side: legal attachments succeed and are joined on the right slots;
/// illegal ones are refused with shape, cell and side named.
#[test]
fn every_shape_from_every_side() {
    let rs = RuleSet::load("rules/isaac/rebirth.ron").unwrap();
    let shapes = &rs.shapes;
    let (mut legal, mut illegal, mut refused_doors) = (0, 0, 0);
    for (pi, parent) in shapes.iter().enumerate() {
        for (k, ps) in parent.slots.iter().enumerate() {
            for (ci, child) in shapes.iter().enumerate() {
                for &cell in &child.cells {
                    for side in Dir::ALL4 {
                        let po = Point::new(5, 5);
                        let faces = side == ps.dir.opposite();
                        let has = child.slot_at(cell, side).is_some();
                        match attach_origin(parent, po, k, child, cell, side) {
                            Ok(o) => {
                                assert!(faces && has, "{} {cell:?} {side:?}", child.name);
                                let mut st =
                                    State::new(13, 13, 0, 0, 0, 0, Rng::new(&RngSpec::Pcg64, 0));
                                let cells: Vec<Point> =
                                    parent.cells.iter().map(|&c| po + c).collect();
                                let p = st.add_room(0, &cells);
                                st.rooms[p as usize].shape = Some(pi as u16);
                                let Some(n) = fits(&st, shapes, child, o, u32::MAX) else {
                                    // Geometrically attached, but another shared edge has no
                                    // door slot on one side (e.g. a thin room's wall).
                                    let why =
                                        explain_misfit(&st, shapes, child, o, u32::MAX).unwrap();
                                    assert!(
                                        why.contains(&format!("shape `{}`, cell (", child.name))
                                            && why.contains("side"),
                                        "{why}"
                                    );
                                    refused_doors += 1;
                                    continue;
                                };
                                assert_eq!(n, 1);
                                let cells: Vec<Point> =
                                    child.cells.iter().map(|&c| o + c).collect();
                                let c = st.add_room(0, &cells);
                                st.rooms[c as usize].shape = Some(ci as u16);
                                connect(&mut st, c);
                                // The door through the parent's slot exists, on the child's slot.
                                let from = po + ps.cell;
                                let to = from.step(ps.dir);
                                assert_eq!(to, o + cell);
                                assert!(st
                                    .doors
                                    .iter()
                                    .any(|d| d.cells == [from, to] || d.cells == [to, from]));
                                // Every door is on a slot of both rooms.
                                for d in &st.doors {
                                    for (r, c, other) in [
                                        (d.rooms[0], d.cells[0], d.cells[1]),
                                        (d.rooms[1], d.cells[1], d.cells[0]),
                                    ] {
                                        let (s, so) =
                                            if r == p { (parent, po) } else { (child, o) };
                                        assert!(
                                            c.dir_to(other)
                                                .and_then(|d| s.slot_at(c - so, d))
                                                .is_some(),
                                            "{} / {}: door at {c:?} on no slot of {}",
                                            parent.name,
                                            child.name,
                                            s.name
                                        );
                                    }
                                }
                                legal += 1;
                            }
                            Err(e) => {
                                let named = format!(
                                    "shape `{}`, cell ({}, {}), side {}",
                                    child.name,
                                    cell.x,
                                    cell.y,
                                    side_name(side)
                                );
                                assert!(e.contains(&named), "{e}");
                                // Refused only for a reason: no slot, wrong side, or overlap.
                                assert!(!(faces && has) || e.contains("overlap"), "{e}");
                                illegal += 1;
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(
        legal > 500 && illegal > legal && refused_doors > 0,
        "{legal} legal, {illegal} illegal, {refused_doors} refused by doors"
    );
}

const TINY: &str = r#"Ruleset(
    name: "tiny",
    grid: Grid(width: 3, height: 3),
    room_kinds: [RoomKind(name: "start", glyph: 'S'), RoomKind(name: "normal", glyph: 'o'),
                 RoomKind(name: "boss", glyph: 'B'), RoomKind(name: "secret", glyph: '?')],
    shapes: [Shape(name: "1x1", cells: [(0, 0)],
                   doors: [("L0", (0, 0), W), ("U0", (0, 0), N), ("R0", (0, 0), E), ("D0", (0, 0), S)])],
    steps: [
        Retry(max: 50, steps: [
            GrowShapes(start: START, start_shape: "1x1", start_kind: "KIND", start_var: "start",
                       room_kind: "normal", target: "TARGET", base_shape: "1x1",
                       remove_chance: "0", start_children: "4", children: "4",
                       push_back_chance: "0", dead_ends: "dead_ends"),
            STEPS
        ]),
    ],
)"#;

fn tiny(start: &str, kind: &str, target: &str, steps: &str) -> RuleSet {
    let text = TINY
        .replace("START", start)
        .replace("KIND", kind)
        .replace("TARGET", target)
        .replace("STEPS", steps);
    load_mem(&[("/mem/tiny.ron", &text)]).unwrap_or_else(|e| panic!("{}", e.join("\n")))
}

/// Every dead end of a 3x3 grid grown from its centre touches the start: no boss room is
/// possible, and generation ends with an error naming that, never an empty floor.
#[test]
fn no_boss_room_possible_is_a_clear_error() {
    let rs = tiny(
        "(1, 1)",
        "start",
        "4",
        r#"ReshapeRoom(from: "dead_ends", when: "!adjacent(room, start)", shapes: [("1x1", 1)],
                       fallback: All, kind: "boss", var: "boss"),"#,
    );
    match rs.generate(1, &Params::new()) {
        Err(GenError::RetryExhausted { max, failures, .. }) => {
            assert_eq!(max, 50);
            assert_eq!(failures.len(), 1);
            assert!(
                failures[0].0.contains("no boss room possible"),
                "{failures:?}"
            );
            assert!(failures[0].0.contains("/mem/tiny.ron:"), "{failures:?}");
            assert_eq!(failures[0].1, 50);
        }
        other => panic!("expected RetryExhausted, got {other:?}"),
    }
}

/// The secret room must touch a room orthogonally: a cell touching rooms only diagonally is
/// never chosen.
#[test]
fn secret_room_never_only_diagonal() {
    let secret = r#"PlaceByScore(kind: "secret", var: "secret", base: 10, jitter: 5,
                    no_door_penalty: 100, penalties: [(3, 3), (2, 3)], avoid_kinds: AVOID),"#;
    // The only room is at the corner (0, 0). Avoiding it leaves only its diagonal cell
    // (1, 1) next to anything: no secret room at all.
    let rs = tiny(
        "(0, 0)",
        "boss",
        "0",
        &secret.replace("AVOID", r#"["boss"]"#),
    );
    for seed in 0..200 {
        let d = rs.generate(seed, &Params::new()).unwrap();
        assert_eq!(d.rooms.len(), 1, "seed {seed}: {:?}", d.rooms);
    }
    // Not avoided: always on an orthogonal neighbour, (1, 0) or (0, 1).
    let rs = tiny("(0, 0)", "boss", "0", &secret.replace("AVOID", "[]"));
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..200 {
        let d = rs.generate(seed, &Params::new()).unwrap();
        let s = &of_kind(&d, "secret")[0].cells[0];
        assert!(*s == [1, 0] || *s == [0, 1], "seed {seed}: secret at {s:?}");
        seen.insert(*s);
    }
    assert_eq!(seen.len(), 2, "ties are drawn uniformly");
}

/// A big shape offered through a slot it does not have is a load error at that name.
#[test]
fn attach_entry_with_a_missing_slot_is_a_load_error() {
    let text = std::fs::read_to_string("rules/isaac/rebirth.ron").unwrap();
    let bad = text.replacen(r#"("IH", "R0", 24)"#, r#"("IH", "U0", 24)"#, 1);
    let errs = load_mem(&[
        ("/mem/rebirth.ron", &bad),
        (
            "/mem/pools/basement.pool",
            &std::fs::read_to_string("rules/isaac/pools/basement.pool").unwrap(),
        ),
        (
            "/mem/pools/basement-big.pool",
            &std::fs::read_to_string("rules/isaac/pools/basement-big.pool").unwrap(),
        ),
    ])
    .unwrap_err();
    assert!(
        errs.iter().any(|e| e.starts_with("/mem/rebirth.ron:")
            && e.contains("shape `IH` has no door slot `U0`")),
        "{errs:?}"
    );
}
