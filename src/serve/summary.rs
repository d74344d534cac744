//! The `stats` summary of the gallery's seeds: rooms per dungeon, room kinds (share of
//! dungeons with one, mean count), restarts and generation time, with the headings of
//! `undercroft stats`.

use crate::dungeon::Dungeon;
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// The summary of `results` (one per seed: a dungeon and its generation time in seconds, or
/// a failure message).
pub fn summary(results: &[Result<(Dungeon, f64), String>]) -> Value {
    let ok: Vec<&(Dungeon, f64)> = results.iter().filter_map(|r| r.as_ref().ok()).collect();
    let n = ok.len();
    let mut rooms: BTreeMap<usize, usize> = BTreeMap::new();
    let mut kinds: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for (d, _) in &ok {
        *rooms.entry(d.rooms.len()).or_default() += 1;
        let mut here: BTreeMap<&str, usize> = BTreeMap::new();
        for r in &d.rooms {
            *here.entry(r.kind.as_str()).or_default() += 1;
        }
        for (k, c) in here {
            let e = kinds.entry(k).or_default();
            e.0 += 1;
            e.1 += c;
        }
    }
    let share = |c: usize| if n == 0 { 0.0 } else { c as f64 / n as f64 };
    let mut attempts: Vec<u32> = ok.iter().map(|(d, _)| d.attempts).collect();
    attempts.sort_unstable();
    let mut times: Vec<f64> = ok.iter().map(|(_, t)| t * 1e6).collect();
    times.sort_by(f64::total_cmp);
    let mean = |v: &[f64]| {
        if v.is_empty() {
            0.0
        } else {
            v.iter().sum::<f64>() / v.len() as f64
        }
    };
    let a: Vec<f64> = attempts.iter().map(|&x| x as f64).collect();
    json!({
        "seeds": results.len(),
        "generated": n,
        "failed": results.len() - n,
        "rooms": rooms.iter().map(|(k, c)| json!([k, share(*c)])).collect::<Vec<_>>(),
        "kinds": kinds
            .iter()
            .map(|(k, (with, total))| json!([k, share(*with), share(*total)]))
            .collect::<Vec<_>>(),
        "attempts": {
            "mean": mean(&a),
            "median": attempts.get(n / 2),
            "max": attempts.last(),
        },
        "time_us": {
            "mean": mean(&times),
            "median": times.get(n / 2),
            "max": times.last(),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dungeon::RoomOut;

    fn d(kinds: &[&str], attempts: u32) -> Dungeon {
        Dungeon {
            format: String::new(),
            ruleset: String::new(),
            seed: 0,
            params: BTreeMap::new(),
            attempts,
            width: 1,
            height: 1,
            symbols: BTreeMap::new(),
            layers: BTreeMap::new(),
            rooms: kinds
                .iter()
                .enumerate()
                .map(|(i, k)| RoomOut {
                    id: i as u32,
                    kind: k.to_string(),
                    cells: vec![],
                    shape: String::new(),
                    layout: None,
                })
                .collect(),
            doors: vec![],
            markers: BTreeMap::new(),
            palette: Default::default(),
            defaults: BTreeMap::new(),
            interiors: None,
            grids: None,
            tallies: vec![],
        }
    }

    #[test]
    fn shares_means_and_medians() {
        let r = vec![
            Ok((d(&["a", "b", "b"], 0), 1e-6)),
            Ok((d(&["a"], 4), 3e-6)),
            Err("seed 3: failed".to_string()),
        ];
        let s = summary(&r);
        assert_eq!(s["seeds"], 3);
        assert_eq!(s["failed"], 1);
        assert_eq!(s["rooms"], json!([[1, 0.5], [3, 0.5]]));
        assert_eq!(s["kinds"], json!([["a", 1.0, 1.0], ["b", 0.5, 1.0]]));
        assert_eq!(s["attempts"]["mean"], 2.0);
        assert_eq!(s["attempts"]["max"], 4);
        assert_eq!(s["time_us"]["max"], 3.0);
    }
}
