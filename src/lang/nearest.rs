//! "Did you mean ...?": the nearest valid name to a misspelt one.

/// The nearest name to `name` among `candidates`, if it is close enough to be a likely typo.
pub fn nearest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<String> {
    // Fewest edits first; among equals, the highest Jaro-Winkler similarity.
    let mut best: Option<(usize, f64, &str)> = None;
    for c in candidates {
        let lev = strsim::osa_distance(name, c);
        let jw = strsim::jaro_winkler(name, c);
        let close = lev <= 1.max(name.chars().count() / 3) || jw >= 0.85;
        let better = best.map_or(true, |(bl, bj, _)| lev < bl || (lev == bl && jw > bj));
        if close && better {
            best = Some((lev, jw, c));
        }
    }
    best.map(|(_, _, c)| c.to_string())
}
