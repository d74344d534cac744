//! The rule languages' text formats: the expression language (`expr.pest`) and the pattern
//! file format (`pattern.pest`) with its miniset matcher (`matcher`).

pub mod areas;
pub mod automaton;
pub mod change_points;
pub mod code;
pub mod compile;
pub mod eval;
pub mod funcs;
pub mod grid_items;
pub mod matcher;
pub mod nearest;
pub mod parse;
pub mod pattern;
pub mod pool;
pub mod syntax;
#[cfg(test)]
mod test_files;
#[cfg(test)]
mod test_scope;
pub mod tree;

pub use compile::{compile, nearest, CompileError, Program, Scope};
pub use parse::{parse, Span, SyntaxError};
