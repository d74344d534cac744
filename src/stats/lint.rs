//! `lint`: checks of one dungeon that a playable level should pass. They read the dungeon
//! and never change it; `stats` counts them (the `problems` measure and the `lint` table).
//!
//! | check | finds |
//! | --- | --- |
//! | `disconnected` | walkable cells (tile grid) in more than one connected region |
//! | `markers_unreachable` | a marker not in the region of the first marker (the spec's `markers` order, else by name) |
//! | `rooms_unreachable` | rooms no door path reaches from the first room of kind `rooms[0]` (else room 0); without doors, rooms with no walkable tile in the main region (the first marker's, else the largest) |
//! | `missing_markers` | a marker the spec requires that the dungeon lacks |

use super::floor::{Doors, Floor};
use super::spec::StatsSpec;
use crate::dungeon::Dungeon;
use serde::{Deserialize, Serialize};

/// The names of the checks, in report order.
pub const CHECKS: [&str; 4] = [
    "disconnected",
    "markers_unreachable",
    "rooms_unreachable",
    "missing_markers",
];

/// One problem found in a dungeon.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Problem {
    /// Which check (one of [`CHECKS`]).
    pub check: String,
    /// What exactly, e.g. `2 walkable regions (sizes 310, 12)`.
    pub detail: String,
}

fn problem(check: &str, detail: String) -> Problem {
    Problem {
        check: check.into(),
        detail,
    }
}

/// Run every check on `d` (`doors`: its door graph; `from`: the first room of kind
/// `rooms[0]` of `spec`, else room 0; `floor`: its walkable regions), adding the problems
/// found to `out` (which allocates nothing when there are none).
pub(crate) fn check(
    d: &Dungeon,
    spec: &StatsSpec,
    doors: &mut Doors,
    from: usize,
    floor: Option<&Floor>,
    out: &mut Vec<Problem>,
) {
    if let Some(f) = floor {
        let sizes = f.sizes();
        if sizes.len() > 1 {
            let list: Vec<String> = sizes.iter().map(u32::to_string).collect();
            out.push(problem(
                "disconnected",
                format!(
                    "{} walkable regions (sizes {})",
                    sizes.len(),
                    list.join(", ")
                ),
            ));
        }
    }
    // markers, in the spec's order first (those the dungeon has), then the others by name
    let order = || {
        let given = spec.markers.iter().map(String::as_str);
        given.filter(|m| d.markers.contains_key(*m)).chain(
            d.markers
                .keys()
                .map(String::as_str)
                .filter(|m| !spec.markers.iter().any(|s| s == m)),
        )
    };
    let region = |f: &Floor, m: &str| d.markers.get(m).and_then(|c| f.at(c[0], c[1]));
    let main = match (floor, order().next()) {
        (Some(f), Some(first)) => region(f, first),
        (Some(f), None) => {
            let sizes = f.sizes();
            (0..sizes.len() as u32).max_by_key(|&i| (sizes[i as usize], !i))
        }
        _ => None,
    };
    if let (Some(f), Some(first)) = (floor, order().next()) {
        for m in order().skip(1) {
            if region(f, m) != main {
                let c = d.markers[m];
                let c0 = d.markers[first];
                out.push(problem(
                    "markers_unreachable",
                    format!(
                        "`{m}` at [{}, {}] cannot be reached from `{first}` at [{}, {}]",
                        c[0], c[1], c0[0], c0[1]
                    ),
                ));
            }
        }
    }
    if !d.doors.is_empty() {
        let dist = doors.distances(from);
        for (i, r) in d.rooms.iter().enumerate() {
            if dist[i] == u32::MAX {
                out.push(problem(
                    "rooms_unreachable",
                    format!("room {i} ({}) has no door path from room {from}", r.kind),
                ));
            }
        }
    } else if let (Some(f), Some(main)) = (floor, main) {
        let (cw, ch) = d.cell_size();
        for (i, r) in d.rooms.iter().enumerate() {
            let reached = r.cells.iter().any(|c| {
                (0..ch)
                    .any(|dy| (0..cw).any(|dx| f.at(c[0] * cw + dx, c[1] * ch + dy) == Some(main)))
            });
            if !reached {
                out.push(problem(
                    "rooms_unreachable",
                    format!(
                        "room {i} ({}) has no walkable tile in the main region",
                        r.kind
                    ),
                ));
            }
        }
    }
    for m in &spec.markers {
        if !d.markers.contains_key(m) {
            out.push(problem("missing_markers", format!("no marker `{m}`")));
        }
    }
}
