//! Many seeds of one rule set: generating each within an optional time budget
//! ([`budget`]), measuring it and summarising the lot ([`job`]). What `undercroft
//! generate`, `stats`, `lint` and `search` and the Python package share, so that they
//! give the same dungeons, messages and summaries.

pub mod budget;
pub mod job;

pub use budget::{generate, generate_with, message, one_line};
pub use job::{blocks, seeds, Job, Measured, Worker};
