//! The rule languages' text formats: the expression language (`expr.pest`).

pub mod compile;
pub mod eval;
pub mod parse;
pub mod pool;

pub use compile::{compile, nearest, CompileError, Program, Scope};
pub use parse::{parse, Span, SyntaxError};
