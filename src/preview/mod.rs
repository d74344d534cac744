//! The live preview: file watching and hot reload ([`watch`], [`reload`]), generation off
//! the UI thread ([`worker`]), and the terminal UI ([`ui`]).
//!
//! Everything but [`ui`] runs without a terminal, so the reload loop is tested directly.

pub mod app;
pub mod draw;
pub mod reload;
pub mod runner;
pub mod ui;
pub mod watch;
pub mod worker;
