//! What an expression is compiled against and what can go wrong: the [`Scope`] that gives
//! names their meaning (slots, indices, walkable tiles) and the [`CompileError`] it and the
//! compiler report.

use crate::engine::value::Type;
use crate::lang::parse::{Span, TileItem};

/// What names mean where an expression is compiled.
pub trait Scope {
    /// A variable or parameter: its slot and type.
    fn var(&self, name: &str) -> Option<(u16, Type)>;
    /// The index of list `name`.
    fn list(&self, name: &str) -> Option<u16>;
    /// The index of room kind `name`.
    fn kind(&self, name: &str) -> Option<u16>;
    /// Every variable name visible here (for "did you mean" hints).
    fn var_names(&self) -> Vec<String>;
    /// Every list name (for "did you mean").
    fn list_names(&self) -> Vec<String>;
    /// Every room kind name (for "did you mean").
    fn kind_names(&self) -> Vec<String>;
    /// The index of list of areas or cells `name`, with the type of its items. Default: no
    /// such lists.
    fn value_list(&self, _name: &str) -> Option<(u16, Type)> {
        None
    }
    /// The index of marker `name`, which an earlier step sets. None by default.
    fn marker(&self, _name: &str) -> Option<u16> {
        None
    }
    /// Every marker name (for "did you mean").
    fn marker_names(&self) -> Vec<String> {
        Vec::new()
    }
    /// The id of the walkable tiles `on` of a spatial query written at `span` (see
    /// [`crate::engine::queries`]). By default spatial queries are refused.
    ///
    /// # Errors
    /// Why the tiles cannot be walked on here, at `span` or inside it.
    fn walkable(&self, _on: WalkOn<'_>, span: Span) -> Result<u16, CompileError> {
        Err(CompileError {
            span,
            message: "spatial queries (walking over tiles) are not available here".into(),
            help: None,
        })
    }
}

/// The walkable tiles of a spatial query, as an expression names them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum WalkOn<'a> {
    /// None named: the rule set's walkable tiles.
    Default,
    /// `layer[items]`: tiles of layer `layer`, by id or tile class, each with its span.
    Tiles {
        /// The layer's name.
        layer: &'a str,
        /// The span of the whole `layer[...]`.
        span: Span,
        /// The tiles.
        items: &'a [(TileItem, Span)],
    },
}

/// A compile error: span inside the expression, message, and an optional hint.
#[derive(Debug, Clone, PartialEq)]
pub struct CompileError {
    /// Byte range in the expression text.
    pub span: Span,
    /// What is wrong.
    pub message: String,
    /// How to fix it, when known.
    pub help: Option<String>,
}

impl CompileError {
    /// The name of an "unknown name", "unknown list" or "unknown marker" error (the names
    /// earlier steps declare), for the loader to tell a knock-on of an earlier problem.
    pub fn unknown_name(&self) -> Option<&str> {
        ["unknown name `", "unknown list `", "unknown marker `"]
            .iter()
            .find_map(|p| self.message.strip_prefix(p))
            .and_then(|rest| rest.strip_suffix('`'))
    }
}
