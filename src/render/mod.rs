//! Renderers: ASCII text and PNG pictures, and the colours and font they share.

pub mod ascii;
pub mod cells;
pub mod colour;
pub mod font;
pub mod png;
