//! The operator reference printed by `undercroft ops NAME`: for each operator, its module
//! documentation (technique, spec section, conventions, errors), every parameter with its
//! type in rule-file words, whether it may be left out, and its doc, then its first use in
//! the shipped rule files; the same for the control steps and the items of a rule file
//! (`Ruleset`, `TileGlyphs`, ...). Generated at build time by `build.rs` from `src/ops/*.rs` (so
//! the text is the documentation the code carries, never a second copy to keep in step).

include!(concat!(env!("OUT_DIR"), "/operator_docs.rs"));

/// The reference text of operator, control step or rule-file item `name` (`Retry`,
/// `TileGlyphs`, `Ruleset`; exact, case-sensitive), or `None`.
pub fn reference(name: &str) -> Option<&'static str> {
    OPERATOR_DOCS
        .iter()
        .chain(STEP_DOCS)
        .find(|(n, _)| *n == name)
        .map(|&(_, text)| text)
}
