//! What a rule set tells the measures (`stats:` in a rule file): which tiles can be walked
//! on, which markers must exist (the first two are the ends of the walking-distance
//! measure), which room kinds are the ends of the door-distance measure, and extra measures
//! written as expressions. Plain data: the rule-set loader fills it from `StatsDef`, tests
//! build it by hand.

use serde::{Deserialize, Serialize};

/// Which cells of a dungeon can be walked on.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub enum Walkable {
    /// The first tile class of the dungeon's palette (`tile_glyphs`), if it has classes.
    #[default]
    FirstClass,
    /// These tile classes of the palette's classified layer.
    Classes(Vec<String>),
    /// These tile ids of this layer (for tile styles without glyph classes).
    Tiles {
        /// The layer's name in the Dungeon's `layers`.
        layer: String,
        /// The tile ids that can be walked on.
        ids: Vec<u16>,
    },
}

/// The rule set's declarations for `stats`, `lint` and `search`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StatsSpec {
    /// Which cells can be walked on (regions, walking distances, reachability).
    pub walkable: Walkable,
    /// Markers every dungeon must have (`lint`'s missing-marker check); the first two are
    /// the ends of `stairs_distance`. Empty: no marker is required, and the distance runs
    /// between the first two markers by name.
    pub markers: Vec<String>,
    /// The room kinds at the two ends of `boss_distance`, as the rule file names them
    /// (`stats: Stats(rooms: ("start", "boss"))`); the first one is also where `lint` starts
    /// looking for unreachable rooms. `None` (the default): `boss_distance` is undefined and
    /// `lint` starts from the first room.
    pub rooms: Option<[String; 2]>,
    /// Extra measures: name and expression (over the built-in measures and the extra
    /// measures before it), in declaration order.
    pub measures: Vec<(String, String)>,
}

impl Default for StatsSpec {
    /// Walk on the first tile class, no required markers, no room kinds named, no extra
    /// measures.
    fn default() -> StatsSpec {
        StatsSpec {
            walkable: Walkable::FirstClass,
            markers: Vec::new(),
            rooms: None,
            measures: Vec::new(),
        }
    }
}
