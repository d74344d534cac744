//! undercroft: a data-driven dungeon generation engine.
//!
//! One generic interpreter runs rule files (RON for structure, a small expression language
//! for parameters and conditions, a pattern file format for tile grids, rule lists and
//! tables). Techniques live here, in `src/`; games live in `rules/`.
//!
//! ```no_run
//! let rules = undercroft::RuleSet::load("rules/isaac/flash.ron")?;
//! let floor = rules.generate(1, &undercroft::Params::new().set("level", 2))?;
//! println!("{}", floor.to_json());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod dungeon;
pub mod engine;
pub mod lang;
pub mod ops;
pub mod preview;
pub mod render;
pub mod rng;
pub mod ruleset;
pub mod serve;

pub use dungeon::Dungeon;
pub use engine::GenError;
pub use ruleset::{Diagnostics, Params, RuleSet};
