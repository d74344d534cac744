//! Measures of generated dungeons and their summaries: what `undercroft stats`, `lint`,
//! `search` and the browser preview's summary report. Everything here reads [`Dungeon`]s
//! (the JSON contract) and knows no rule set or game.
//!
//! - [`spec`]: what a rule set declares for its measures (`stats:` in a rule file);
//! - [`measures`]: the built-in measures of one dungeon (`floor`: its walkable regions and
//!   door graph, shared with `lint`);
//! - [`lint`]: the checks of one dungeon (disconnected floor, unreachable markers and rooms,
//!   missing markers);
//! - [`expr`]: measure expressions (the rule language over measures): extra measures and
//!   `search --where`;
//! - [`aggregate`]: the mergeable summary of many dungeons; [`adder`]: adding to one
//!   dungeon after dungeon;
//! - [`names`]: measure and tally names interned to ids, for counting without names;
//! - [`slots`]: a sample's values rewritten over its list kept from dungeon to dungeon;
//! - [`histogram`]: terminal histograms;
//! - [`compare`]: Welch's t-test for `stats --vs`.
//!
//! [`Dungeon`]: crate::Dungeon

pub mod adder;
pub mod aggregate;
pub mod compare;
pub mod expr;
pub(crate) mod floor;
pub mod histogram;
pub(crate) mod id_cache;
pub mod lint;
pub mod measures;
pub mod names;
pub mod slots;
pub mod spec;

pub use adder::Adder;
pub use aggregate::{Aggregate, Counts};
pub use measures::{measure, Measurer, Sample};
pub use names::Names;
pub use spec::{StatsSpec, Walkable};

/// A number as a short text: integers without a fraction, others with two decimals, NaN
/// as `-`.
pub fn fmt_num(v: f64) -> String {
    if v.is_nan() {
        "-".into()
    } else if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else {
        format!("{v:.2}")
    }
}
