//! The parser pest generates from `pattern.pest`, with its `Rule` enum (one variant per
//! grammar rule, documented in the grammar file).
#![allow(missing_docs)]

#[derive(pest_derive::Parser)]
#[grammar = "lang/pattern.pest"]
pub struct PatParser;
