//! Looking up the rule set's shape and pool tables by name while compiling operators.

use super::compile::Cx;
use super::src::Src;
use crate::lang::nearest;

impl Cx<'_> {
    /// The rule set's shapes (index = shape id).
    pub fn shapes(&self) -> &[crate::engine::shape::Shape] {
        &self.shapes
    }

    /// The rule set's pools.
    pub fn pools(&self) -> &[super::pools::Pool] {
        &self.pools
    }

    /// Every layout of every pool (index = layout id).
    pub fn layouts(&self) -> &[super::pools::Layout] {
        &self.layouts
    }

    /// A shape by name.
    pub fn shape(&mut self, s: &Src) -> Option<u16> {
        if let Some(i) = self.shapes.iter().position(|k| k.name == s.text) {
            return Some(i as u16);
        }
        let help = nearest(&s.text, self.shapes.iter().map(|k| k.name.as_str()))
            .map(|n| format!("did you mean `{n}`?"))
            .unwrap_or_else(|| "declare shapes in `shapes: [Shape(...), ...]`".into());
        self.error(s, format!("unknown shape `{}`", s.text), Some(help));
        None
    }

    /// A pool by name.
    pub fn pool(&mut self, s: &Src) -> Option<u16> {
        if let Some(i) = self.pools.iter().position(|k| k.name == s.text) {
            return Some(i as u16);
        }
        let help = nearest(&s.text, self.pools.iter().map(|k| k.name.as_str()))
            .map(|n| format!("did you mean `{n}`?"))
            .unwrap_or_else(|| "declare pools in `pools: {\"name\": \"file.pool\"}`".into());
        self.error(s, format!("unknown pool `{}`", s.text), Some(help));
        None
    }

    /// An optional shape field that must name a one-cell shape: `Some(None)` when absent,
    /// `None` after an error (unknown shape, or one of several cells).
    pub fn optional_one_cell_shape(&mut self, s: Option<&Src>) -> Option<Option<u16>> {
        let Some(s) = s else { return Some(None) };
        let i = self.shape(s)?;
        if self.shapes()[i as usize].cells.len() != 1 {
            self.error(s, format!("`{}` is not a one-cell shape", s.text), None);
            return None;
        }
        Some(Some(i))
    }
}
