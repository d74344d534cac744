//! Renderers: turn a [`crate::Dungeon`] into text or pictures.

pub mod ascii;
pub mod interiors;
