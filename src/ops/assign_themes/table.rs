//! Theme tables: the `themes: "name.themes"` field of a rule set names a RON file (`.themes`, so
//! that tools listing rule files (`*.ron`) pass it by) listing the
//! room themes an `AssignThemes` step may give candidate rooms. Each theme is also a room
//! kind of the rule set (its name, glyph and colour), drawn over tile maps.
//!
//! ```ron
//! Themes(
//!     candidate: [Need(test: "near > 0", note: "no stairs inside")],
//!     first: ["shrine", "library"],
//!     themes: [
//!         Theme(name: "library", glyph: 'L', colour: "#c0a060", when: "level <= 8",
//!               once: false, weight: 1, needs: [Need(test: "square >= 5", note: "5x5 clear")]),
//!     ],
//! )
//! ```
//!
//! Requirements are expressions over the region's measures (see `ops::assign_themes`) and
//! the rule set's variables; they are compiled by the operator, which defines the measures.
//! This module is the file's schema; `load::read_theme_table` reads it (errors located in it).

use crate::ruleset::src::Src;
use serde::Deserialize;

/// A theme table file: `Themes(candidate: [...], first: [...], themes: [...])`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename = "Themes")]
pub struct ThemeTable {
    /// What a room must offer to take any theme (it stays a plain candidate otherwise).
    /// Default none.
    #[serde(default)]
    pub candidate: Vec<NeedDef>,
    /// The first draw is uniform over these theme names; empty: the first draw is over all
    /// themes like the redraws. Default empty.
    #[serde(default)]
    pub first: Vec<Src>,
    /// Every theme, in table order (the order the weighted redraw walks).
    pub themes: Vec<ThemeDef>,
}

/// One theme: `Theme(name: "library", glyph: 'L', ...)`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename = "Theme")]
pub struct ThemeDef {
    /// Its name: the room kind a themed room gets.
    pub name: Src,
    /// One character for ASCII output.
    pub glyph: char,
    /// `#rrggbb`. Default `#c0c0c0`.
    #[serde(default)]
    pub colour: Option<Src>,
    /// What it is (and where it comes from).
    #[serde(default)]
    pub doc: Option<Src>,
    /// Where it may appear: a true/false expression over the rule set's variables (e.g.
    /// `"level <= 8"`). Default: everywhere.
    #[serde(default)]
    pub when: Option<Src>,
    /// At most one room of this theme per run. Default false.
    #[serde(default)]
    pub once: bool,
    /// Its share of the redraw: a theme of weight `w` is drawn with probability
    /// `w / total`. 0 = never redrawn (only drawn from `first`). Default 1.
    #[serde(default = "one")]
    pub weight: u32,
    /// What a room must offer to take it. Default none.
    #[serde(default)]
    pub needs: Vec<NeedDef>,
}

fn one() -> u32 {
    1
}

/// A requirement: `Need(test: "square >= 5", note: "TFit_Obj5: ...")`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename = "Need")]
pub struct NeedDef {
    /// A true/false expression over the region's measures; the requirement holds when true.
    pub test: Src,
    /// Why, or what it approximates (shown nowhere but the file). Default none.
    #[serde(default)]
    pub note: Option<Src>,
}
