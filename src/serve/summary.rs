//! The `stats` summary of the gallery's seeds: rooms per dungeon, room kinds (share of
//! dungeons with one, mean count), restarts and generation time, with the headings of
//! `undercroft stats`. Counted by the same [`Aggregate`] as `undercroft stats`.

use crate::dungeon::Dungeon;
use crate::stats::{measure, Aggregate, StatsSpec};
use serde_json::{json, Value};

/// The summary of `results` (one per seed: a dungeon and its generation time in seconds, or
/// a failure message), measured as the rule set's `spec` says (its `stats:`).
pub fn summary(results: &[Result<(Dungeon, f64), String>], spec: &StatsSpec) -> Value {
    let mut agg = Aggregate::default();
    for (i, r) in results.iter().enumerate() {
        match r {
            Ok((d, secs)) => agg.add(&measure(d, spec), &[], &[], *secs),
            Err(e) => agg.fail(i as u64, e.clone()),
        }
    }
    let n = agg.generated;
    let share = |c: u64| if n == 0 { 0.0 } else { c as f64 / n as f64 };
    let rooms = agg.counts("rooms");
    let kinds: Vec<Value> = agg
        .measures
        .keys()
        .filter_map(|k| k.strip_prefix("kind."))
        .filter_map(|k| {
            let c = agg.counts(&format!("kind.{k}"));
            let zero = c.0.first().filter(|e| e.0 == 0.0).map_or(0, |e| e.1);
            (zero < n).then(|| json!([k, share(n - zero), c.mean()]))
        })
        .collect();
    let attempts = agg.counts("attempts");
    let opt = |v: f64| (!v.is_nan()).then_some(v);
    json!({
        "seeds": results.len(),
        "generated": n,
        "failed": results.len() as u64 - n,
        "rooms": rooms.0.iter().map(|(k, c)| json!([*k as u64, share(*c)])).collect::<Vec<_>>(),
        "kinds": kinds,
        "attempts": {
            "mean": if n == 0 { 0.0 } else { attempts.mean() },
            "median": opt(attempts.quantile(0.5)).map(|v| v as u64),
            "max": opt(attempts.max()).map(|v| v as u64),
        },
        "time_us": {
            "mean": if n == 0 { 0.0 } else { agg.time_us.mean() },
            "median": opt(agg.time_us.quantile(0.5)),
            "max": opt(agg.time_us.max()),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dungeon::RoomOut;
    use std::collections::BTreeMap;

    fn d(kinds: &[&str], attempts: u32) -> Dungeon {
        Dungeon {
            format: String::new(),
            ruleset: String::new(),
            seed: 0,
            params: BTreeMap::new(),
            attempts,
            width: 1,
            height: 1,
            symbols: Default::default(),
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
            defaults: Default::default(),
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
        let s = summary(&r, &StatsSpec::default());
        assert_eq!(s["seeds"], 3);
        assert_eq!(s["failed"], 1);
        assert_eq!(s["rooms"], json!([[1, 0.5], [3, 0.5]]));
        assert_eq!(s["kinds"], json!([["a", 1.0, 1.0], ["b", 0.5, 1.0]]));
        assert_eq!(s["attempts"]["mean"], 2.0);
        assert_eq!(s["attempts"]["max"], 4);
        assert_eq!(s["time_us"]["max"], 3.0);
    }
}
