//! The room kinds of a rule set: those of `room_kinds:`, then a kind per theme of the theme
//! table (an error for a theme named as a room kind), and the check of their colours.

use crate::ops::assign_themes::table::ThemeTable;
use crate::ruleset::compile::Cx;
use crate::ruleset::diag::Diagnostic;
use crate::ruleset::load::{LoadedFile, Merged};
use crate::ruleset::src::Src;
use crate::ruleset::{parse_colour, KindInfo};

/// A room kind as the rule set lists it (colour `#c0c0c0` when none is given).
fn kind_info(
    name: &Src,
    glyph: char,
    colour: Option<&Src>,
    doc: Option<&Src>,
    theme: bool,
) -> KindInfo {
    KindInfo {
        name: name.text.clone(),
        glyph,
        colour: colour.map_or_else(|| "#c0c0c0".into(), |c| c.text.clone()),
        doc: doc.map_or(String::new(), |d| d.text.clone()),
        theme,
    }
}

/// The room kinds: `room_kinds:`, then each theme of the theme table (an error for a theme
/// named as a room kind).
pub(super) fn room_kinds(
    m: &Merged,
    themes: Option<&ThemeTable>,
    files: &[LoadedFile],
    diags: &mut Vec<Diagnostic>,
) -> Vec<KindInfo> {
    let mut kinds: Vec<KindInfo> = m
        .kinds
        .iter()
        .map(|k| kind_info(&k.name, k.glyph, k.colour.as_ref(), k.doc.as_ref(), false))
        .collect();
    for th in themes.iter().flat_map(|t| &t.themes) {
        if kinds.iter().any(|k| k.name == th.name.text) {
            let f = &files[th.name.file as usize];
            let off = f.literals.find(&th.name.text, th.name.ordinal).unwrap_or(0);
            diags.push(Diagnostic::at(
                &f.path,
                &f.text,
                (off, off + th.name.text.len()),
                format!("theme `{}` is already a room kind", th.name.text),
                Some("each theme is a room kind of its own: give it another name".into()),
            ));
            continue;
        }
        let (colour, doc) = (th.colour.as_ref(), th.doc.as_ref());
        kinds.push(kind_info(&th.name, th.glyph, colour, doc, true));
    }
    kinds
}

/// An error for each room kind's or theme's colour that is not `#rrggbb`.
pub(super) fn check_colours(cx: &mut Cx, m: &Merged) {
    let themes = cx.themes.clone();
    let theme_colours = themes
        .iter()
        .flat_map(|t| &t.themes)
        .filter_map(|t| t.colour.as_ref());
    for c in m
        .kinds
        .iter()
        .filter_map(|k| k.colour.as_ref())
        .chain(theme_colours)
    {
        if parse_colour(&c.text).is_none() {
            cx.error(
                c,
                format!("`{}` is not a colour", c.text),
                Some("write colours as \"#rrggbb\"".into()),
            );
        }
    }
}
