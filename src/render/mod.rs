//! Renderers: turn a [`crate::Dungeon`] into text or pictures.

// Pictures, and the pieces the PNG renderer and the live preview share.
pub mod canvas;
pub mod cells;
pub mod colour;
pub mod font;
pub mod interiors;
pub mod outline;
pub mod png;

pub mod ascii;
pub mod legend;
pub mod room_map;
