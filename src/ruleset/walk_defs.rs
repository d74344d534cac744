//! The walkable sets spatial queries name, as expressions write them: recorded while
//! expressions compile ([`WalkDefs::id`]), each distinct set once, with where it was first
//! written. [`super::walkables::resolve`] turns them into tile layers and tile sets.
//!
//! A leaf module: the compile context ([`super::compile::Cx`]) holds a `WalkDefs`, and the
//! resolution needs the tile classes, which need the schema, which needs the operators.

use super::src::Src;
use crate::lang::compile::{TileItem, WalkOn};
use crate::lang::Span;

/// A set as written: `None` for the rule set's walkable tiles, else a layer and its tiles.
pub(super) type Written = Option<(String, Vec<TileItem>)>;

/// One distinct set, with where it was first written.
pub(super) struct Def {
    pub(super) set: Written,
    /// The span of `layer[...]` (or of the function's name, for the default set) and of
    /// each tile, inside the expression.
    pub(super) span: Span,
    pub(super) items: Vec<Span>,
    /// The expression's string (set once its compilation ends).
    pub(super) at: Option<Src>,
}

/// The sets the expressions compiled so far name.
#[derive(Default)]
pub(crate) struct WalkDefs {
    pub(super) defs: Vec<Def>,
}

impl WalkDefs {
    /// The id of set `on` written at `span` (the first writing of a set is where its
    /// mistakes are reported).
    pub(crate) fn id(&mut self, on: WalkOn<'_>, span: Span) -> u16 {
        let (set, items) = match on {
            WalkOn::Default => (None, Vec::new()),
            WalkOn::Tiles { layer, items, .. } => (
                Some((
                    layer.to_string(),
                    items.iter().map(|(t, _)| t.clone()).collect(),
                )),
                items.iter().map(|(_, s)| *s).collect(),
            ),
        };
        if let Some(i) = self.defs.iter().position(|d| d.set == set) {
            return i as u16;
        }
        self.defs.push(Def {
            set,
            span,
            items,
            at: None,
        });
        (self.defs.len() - 1) as u16
    }

    /// Note that the sets first written since the last call are in expression `s`.
    pub(crate) fn written_in(&mut self, s: &Src) {
        for d in self.defs.iter_mut().rev() {
            if d.at.is_some() {
                break;
            }
            d.at = Some(s.clone());
        }
    }
}
