//! The summary of many dungeons: mergeable, so that a run split into shards (seed ranges,
//! threads, machines) merges into exactly the summary of one run over all of them.
//!
//! Everything is kept as counts: each measure as its value → count table ([`Counts`]), the
//! restart causes and tallies as totals, the lint problems as the seeds that have them,
//! generation times rounded to three significant digits (µs). Merging adds counts, so it is
//! associative and commutative, and a summary read back from its JSON (`stats --format
//! json`) merges like the original (`stats --merge`). Means, deviations and percentiles are
//! computed from the counts when shown.

use super::measures::Sample;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The format tag of a summary's JSON.
pub const FORMAT: &str = "undercroft-stats/1";

/// How many times each value occurred, by value (ascending).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Counts(pub Vec<(f64, u64)>);

impl Counts {
    /// Count `v` once more (NaN is not counted).
    pub fn add(&mut self, v: f64, n: u64) {
        if v.is_nan() || n == 0 {
            return;
        }
        match self.0.binary_search_by(|e| e.0.total_cmp(&v)) {
            Ok(i) => self.0[i].1 += n,
            Err(i) => self.0.insert(i, (v, n)),
        }
    }

    /// Add every count of `other`.
    pub fn merge(&mut self, other: &Counts) {
        for &(v, n) in &other.0 {
            self.add(v, n);
        }
    }

    /// How many values.
    pub fn n(&self) -> u64 {
        self.0.iter().map(|e| e.1).sum()
    }

    /// The mean (NaN when empty).
    pub fn mean(&self) -> f64 {
        let n = self.n() as f64;
        self.0.iter().map(|&(v, c)| v * c as f64).sum::<f64>() / n
    }

    /// The sample variance (n − 1 in the denominator; 0 with fewer than two values).
    pub fn variance(&self) -> f64 {
        let n = self.n();
        if n < 2 {
            return 0.0;
        }
        let m = self.mean();
        let ss: f64 = self
            .0
            .iter()
            .map(|&(v, c)| (v - m) * (v - m) * c as f64)
            .sum();
        ss / (n - 1) as f64
    }

    /// The `q` quantile (0..=1): the smallest value with at least `q·n` values at or below
    /// it (NaN when empty).
    pub fn quantile(&self, q: f64) -> f64 {
        let n = self.n();
        let want = ((q * n as f64).ceil() as u64).clamp(1, n.max(1));
        let mut seen = 0;
        for &(v, c) in &self.0 {
            seen += c;
            if seen >= want {
                return v;
            }
        }
        f64::NAN
    }

    /// Smallest value (NaN when empty).
    pub fn min(&self) -> f64 {
        self.0.first().map_or(f64::NAN, |e| e.0)
    }

    /// Largest value (NaN when empty).
    pub fn max(&self) -> f64 {
        self.0.last().map_or(f64::NAN, |e| e.0)
    }
}

/// Round to three significant digits (times, so that they count into few values).
pub fn three_digits(v: f64) -> f64 {
    if v <= 0.0 || !v.is_finite() {
        return 0.0;
    }
    let e = v.log10().floor() as i32 - 2;
    let p = 10f64.powi(e);
    (v / p).round() * p
}

/// Add `n` to `map[k]` (0 when missing), copying `k` only when it is new.
fn bump(map: &mut BTreeMap<String, u64>, k: &str, n: u64) {
    match map.get_mut(k) {
        Some(v) => *v += n,
        None => {
            map.insert(k.to_string(), n);
        }
    }
}

/// The summary of a run (or of merged runs).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Aggregate {
    /// [`FORMAT`].
    pub format: String,
    /// The rule set's name.
    pub ruleset: String,
    /// The `--param` settings, as given.
    pub params: BTreeMap<String, String>,
    /// The seed ranges covered, `[first, count]`, sorted and joined where adjacent.
    pub ranges: Vec<[u64; 2]>,
    /// Dungeons generated.
    pub generated: u64,
    /// Failed seeds with their message, by seed.
    pub failures: Vec<(u64, String)>,
    /// Measure → value counts (NaN values left out: `n` says how many were defined).
    pub measures: BTreeMap<String, Counts>,
    /// Restart cause (a `Require` and where it is written) → restarts.
    pub restarts: BTreeMap<String, u64>,
    /// Tally (`kind: reason`) → total over all dungeons.
    pub tallies: BTreeMap<String, u64>,
    /// Lint check → the seeds where it found a problem (ascending), with the first detail.
    pub lint: BTreeMap<String, Vec<(u64, String)>>,
    /// Generation time per dungeon, µs, to three significant digits.
    pub time_us: Counts,
    /// Sum of the runs' wall-clock seconds.
    pub wall_s: f64,
}

impl Aggregate {
    /// An empty summary of rule set `ruleset` with `params`.
    pub fn new(ruleset: &str, params: BTreeMap<String, String>) -> Aggregate {
        Aggregate {
            format: FORMAT.into(),
            ruleset: ruleset.into(),
            params,
            ..Aggregate::default()
        }
    }

    /// Seeds covered.
    pub fn seeds(&self) -> u64 {
        self.ranges.iter().map(|r| r[1]).sum()
    }

    /// Add seed `seed`'s range of one.
    fn cover(&mut self, seed: u64) {
        self.add_range([seed, 1]);
    }

    fn add_range(&mut self, r: [u64; 2]) {
        if r[1] == 0 {
            return;
        }
        let i = self.ranges.partition_point(|x| x[0] < r[0]);
        let joins_prev = i > 0 && {
            let p = self.ranges[i - 1];
            p[0] + p[1] == r[0]
        };
        let joins_next = i < self.ranges.len() && r[0] + r[1] == self.ranges[i][0];
        match (joins_prev, joins_next) {
            (true, true) => {
                let next = self.ranges.remove(i);
                self.ranges[i - 1][1] += r[1] + next[1];
            }
            (true, false) => self.ranges[i - 1][1] += r[1],
            (false, true) => {
                self.ranges[i][0] = r[0];
                self.ranges[i][1] += r[1];
            }
            (false, false) => self.ranges.insert(i, r),
        }
    }

    /// Count one generated dungeon: its measures, restart causes (label, count), tallies
    /// and generation time (seconds).
    pub fn add(
        &mut self,
        s: &Sample,
        restarts: &[(String, u64)],
        tallies: &[(String, u64)],
        secs: f64,
    ) {
        self.add_besides_measures(s, restarts, tallies);
        self.time_us.add(three_digits(secs * 1e6), 1);
        for (name, v) in &s.values {
            match self.measures.get_mut(name) {
                Some(c) => c.add(*v, 1),
                None => {
                    let mut c = Counts::default();
                    c.add(*v, 1);
                    self.measures.insert(name.clone(), c);
                }
            }
        }
    }

    /// [`Aggregate::add`] but for the sample's measures and the generation time (which
    /// [`super::Adder`] counts).
    pub(crate) fn add_besides_measures(
        &mut self,
        s: &Sample,
        restarts: &[(String, u64)],
        tallies: &[(String, u64)],
    ) {
        self.cover(s.seed);
        self.generated += 1;
        for (k, n) in restarts {
            bump(&mut self.restarts, k, *n);
        }
        for (k, n) in tallies {
            bump(&mut self.tallies, k, *n);
        }
        for p in &s.problems {
            let seeds = self.lint.entry(p.check.clone()).or_default();
            if seeds.last().map(|l| l.0) != Some(s.seed) {
                let i = seeds.partition_point(|x| x.0 < s.seed);
                seeds.insert(i, (s.seed, p.detail.clone()));
            }
        }
    }

    /// Count one failed seed.
    pub fn fail(&mut self, seed: u64, message: String) {
        self.cover(seed);
        let i = self.failures.partition_point(|x| x.0 < seed);
        self.failures.insert(i, (seed, message));
    }

    /// Add everything of `o` (another shard of the same rule set and parameters).
    pub fn merge(&mut self, o: &Aggregate) {
        for r in &o.ranges {
            self.add_range(*r);
        }
        self.generated += o.generated;
        for f in &o.failures {
            let i = self.failures.partition_point(|x| x.0 < f.0);
            self.failures.insert(i, f.clone());
        }
        for (k, c) in &o.measures {
            self.measures.entry(k.clone()).or_default().merge(c);
        }
        for (k, n) in &o.restarts {
            *self.restarts.entry(k.clone()).or_default() += n;
        }
        for (k, n) in &o.tallies {
            *self.tallies.entry(k.clone()).or_default() += n;
        }
        for (k, seeds) in &o.lint {
            let mine = self.lint.entry(k.clone()).or_default();
            mine.extend(seeds.iter().cloned());
            mine.sort_by_key(|x| x.0);
        }
        self.time_us.merge(&o.time_us);
        self.wall_s += o.wall_s;
    }

    /// [`Aggregate::merge`] of `o` when it is a shard of the same run: the same rule set and
    /// parameters (what `stats --merge` and the Python package check).
    ///
    /// # Errors
    /// Another rule set or parameter set (the message names both); nothing is merged.
    pub fn merge_shard(&mut self, o: &Aggregate) -> Result<(), String> {
        if self.ruleset != o.ruleset || self.params != o.params {
            return Err(format!(
                "summarises {} with {:?}, the others {} with {:?}: only shards of one rule set \
                 and parameter set merge",
                o.ruleset, o.params, self.ruleset, self.params
            ));
        }
        self.merge_checked(o)
    }

    /// A measure's counts with its zeros filled in: a family member (`kind.`, `shape.`,
    /// `area.`) absent from a dungeon counts 0 there.
    pub fn counts(&self, name: &str) -> Counts {
        let mut c = self.measures.get(name).cloned().unwrap_or_default();
        if name.contains('.') {
            let missing = self.generated.saturating_sub(c.n());
            c.add(0.0, missing);
        }
        c
    }

    /// One line of JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a summary always serialises")
    }

    /// The summary written by [`Aggregate::to_json`].
    ///
    /// # Errors
    /// When it is not a summary's JSON, or of another format.
    pub fn from_json(s: &str) -> Result<Aggregate, String> {
        let a: Aggregate = serde_json::from_str(s)
            .map_err(|e| crate::dungeon::check::json_words(&e.to_string()))?;
        if a.format != FORMAT {
            return Err(format!("expected format `{FORMAT}`, found `{}`", a.format));
        }
        a.check()?;
        Ok(a)
    }

    /// Whether the counts of a summary read from a file agree with each other: seed ranges
    /// within `u64` and apart, every seed covered generated or failed once
    /// (`generated` + failures = seeds), no measure or the time counted more often than
    /// dungeons were generated, no total past `u64`.
    ///
    /// # Errors
    /// The first disagreement, naming the field.
    pub fn check(&self) -> Result<(), String> {
        let mut end = 0u64;
        let mut seeds = 0u64;
        for (i, r) in self.ranges.iter().enumerate() {
            let e = r[0].checked_add(r[1]).ok_or_else(|| {
                format!(
                    "ranges[{i}]: seeds {} + {} pass the largest seed",
                    r[0], r[1]
                )
            })?;
            if i > 0 && r[0] < end {
                return Err(format!("ranges[{i}]: overlaps the range before it"));
            }
            end = e;
            seeds = seeds
                .checked_add(r[1])
                .ok_or("ranges: more seeds than a u64 counts")?;
        }
        let covered = (self.failures.len() as u64).checked_add(self.generated);
        if covered != Some(seeds) {
            return Err(format!(
                "generated: {} generated and {} failed, but the ranges cover {seeds} seeds",
                self.generated,
                self.failures.len()
            ));
        }
        let counted = |c: &Counts| c.0.iter().try_fold(0u64, |a, e| a.checked_add(e.1));
        for (name, c) in std::iter::once(("time_us", &self.time_us))
            .chain(self.measures.iter().map(|(k, c)| (k.as_str(), c)))
        {
            if counted(c).is_none_or(|n| n > self.generated) {
                return Err(format!(
                    "measures.{name}: counted more often than the {} dungeons generated",
                    self.generated
                ));
            }
        }
        Ok(())
    }

    /// [`Aggregate::merge`] of a shard read from a file (both [`Aggregate::check`]ed):
    /// refused when the shards cover a seed twice or a total would pass `u64`.
    ///
    /// # Errors
    /// What would be wrong with the merged summary.
    pub fn merge_checked(&mut self, o: &Aggregate) -> Result<(), String> {
        let overlap = o.ranges.iter().any(|r| {
            self.ranges
                .iter()
                .any(|m| r[0] < m[0].saturating_add(m[1]) && m[0] < r[0].saturating_add(r[1]))
        });
        if overlap {
            return Err("cannot be merged: the shards cover some seeds twice".into());
        }
        let fits = |a: &BTreeMap<String, u64>, b: &BTreeMap<String, u64>| {
            b.iter()
                .all(|(k, n)| a.get(k).map_or(Some(*n), |m| m.checked_add(*n)).is_some())
        };
        if self.generated.checked_add(o.generated).is_none()
            || !fits(&self.restarts, &o.restarts)
            || !fits(&self.tallies, &o.tallies)
        {
            return Err(
                "cannot be merged: a total would pass the largest number a summary counts \
                 (2^64 - 1)"
                    .into(),
            );
        }
        self.merge(o);
        Ok(())
    }
}
