//! Research measures computed over generated dungeons (outside the generation path).
//!
//! * [`pcg`] — the room-map measures of the PCG benchmark (`amidos2006/pcg_benchmark`):
//!   its content, `info`, quality, diversity and controllability, as implemented there and
//!   as corrected.
//! * [`pcg_map`] — the converter from a room-graph dungeon to that content, described by a
//!   file of the rule set's folder.

pub mod pcg;
pub mod pcg_map;
