//! "Did you mean ...?": the nearest valid name to a misspelt one.

/// The nearest name to `name` among `candidates`, if it is close enough to be a likely typo.
pub fn nearest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<String> {
    // Fewest edits first; among equals, the highest Jaro-Winkler similarity; among equals,
    // the name that sorts first — so the answer never depends on the candidates' order.
    let mut best: Option<(usize, f64, &str)> = None;
    for c in candidates {
        let lev = strsim::osa_distance(name, c);
        let jw = strsim::jaro_winkler(name, c);
        let close = lev <= 1.max(name.chars().count() / 3) || jw >= 0.85;
        let better = best.is_none_or(|(bl, bj, bc)| {
            lev < bl || (lev == bl && (jw > bj || (jw == bj && c < bc)))
        });
        if close && better {
            best = Some((lev, jw, c));
        }
    }
    best.map(|(_, _, c)| c.to_string())
}

/// The help for an unknown name among `candidates` (`what`: their plural, e.g. "room
/// kinds"): "did you mean `x`?", else the list of them, else that the rule set has none.
pub fn suggest(name: &str, candidates: &[&str], what: &str) -> String {
    match nearest(name, candidates.iter().copied()) {
        Some(n) => format!("did you mean `{n}`?"),
        None if candidates.is_empty() => format!("this rule set has no {what}"),
        None => format!("the {what} are: {}", candidates.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::{nearest, suggest};

    #[test]
    fn a_suggestion_is_a_near_name_else_the_list_else_none() {
        let kinds = ["boss", "start"];
        assert_eq!(suggest("bos", &kinds, "room kinds"), "did you mean `boss`?");
        assert_eq!(
            suggest("water", &kinds, "room kinds"),
            "the room kinds are: boss, start"
        );
        assert_eq!(
            suggest("water", &[], "room kinds"),
            "this rule set has no room kinds"
        );
    }

    #[test]
    fn fewest_edits_then_similarity_then_name() {
        assert_eq!(nearest("Flor", ["Dirt", "Floor"]), Some("Floor".into()));
        // a tie in both measures: the name that sorts first, in any candidate order
        assert_eq!(nearest("Flor", ["Flob", "Floa"]), Some("Floa".into()));
        assert_eq!(nearest("Flor", ["Floa", "Flob"]), Some("Floa".into()));
        assert_eq!(nearest("xyz", ["Floor"]), None);
    }
}
