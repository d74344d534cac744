//! undercroft: a data-driven dungeon generation engine.
//!
//! One generic interpreter runs rule files (RON for structure, a small expression language
//! for parameters and conditions, a pattern file format for tile grids, rule lists and
//! tables). Techniques live here, in `src/`; games live in `rules/`.
//!
//! # Layers: data flows one way
//!
//! From the text of a rule file to a picture, each layer hands plain data to the next:
//!
//! ```text
//! front ends      cli (main.rs), preview, serve    arguments, terminal, browser; features
//!     |                                            `cli`, `preview`, `serve` (default on)
//! reports         stats, metrics                   many seeds -> distributions, PCG metrics
//!     |
//! many seeds      batch                            generate within a time budget, measure,
//!     |                                            summarise (the CLI and Python share it)
//! rule loading    ruleset                          RON + pattern/pool files -> RuleSet
//!     |                                            (or Diagnostics)
//! languages       lang                             expressions -> Program, patterns, pools
//!     |
//! interpreter     interpreter                      Let / Require / Retry / If / ForEach,
//!     |                                            operator steps, the Observer
//! operators       ops                              one technique per file, run on the State
//!     |
//! contract        operator                         the Operator / Runnable traits, parameter
//!     |                                            kinds, the tile header, directions
//! state and grid  engine                           layers, rooms, doors, markers, variables;
//!     |                                            the grid toolkit; Flow, StepLabel, GenError
//! RNG             rng                              the random streams
//!
//! output model    dungeon                          plain data; depends on nothing of ours
//! files           input, output                    bounded reads of regular files, safe
//!                                                  writes of output files; name nothing
//! renderers       render, export                   take only a Dungeon (ASCII, PNG, cells;
//!                                                  Tiled, LDtk)
//! ```
//!
//! A module imports only from its own layer or the layers below it, with two kinds of
//! exception that point at *compile-time* interfaces, never at a caller: operators compile
//! their parameters through [`ruleset::compile::Cx`] and read [`ruleset::src::Src`] strings (the
//! loader's interface to them, which names no operator), and the interpreter and operators
//! hold compiled [`lang::Program`]s and patterns. No module imports a module that imports it
//! back: `tests/suite/layers.rs` checks that the module graph (every file a module; `crate::`,
//! `super::`, `self::` and child-module paths) has no cycle, that the top-level modules import
//! one way (the two compile-time interfaces aside), that `dungeon` names nothing
//! and that the renderers name only `dungeon`. The rule set turns a run's state into a
//! [`Dungeon`] ([`RuleSet::to_dungeon`]); the Dungeon carries its palette, so
//! `undercroft render` redraws saved JSON without the rule files.
//!
//! ```no_run
//! let rules = undercroft::RuleSet::load("rules/isaac/flash.ron")?;
//! let floor = rules.generate(1, &undercroft::Params::new().set("level", 2))?;
//! println!("{}", floor.to_json());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

pub mod batch;
pub mod dungeon;
pub mod engine;
pub mod export;
pub mod input;
pub mod interpreter;
pub mod lang;
pub mod metrics;
pub mod operator;
pub mod ops;
pub mod output;
#[cfg(feature = "preview")]
pub mod preview;
pub mod render;
pub mod rng;
pub mod ruleset;
#[cfg(feature = "serve")]
pub mod serve;
pub mod stats;

pub use dungeon::Dungeon;
pub use engine::GenError;
pub use ruleset::{Diagnostics, Params, RuleSet};
