//! A worker's running summary: [`Aggregate::add`] for one dungeon after another, with each
//! measure and tally counted by the id of its name (its worker's [`Names`]) and each
//! restart cause by its failure point, in lists indexed by those numbers, and added to the
//! summary's maps by name once, at the end. The summary is the same as adding each sample
//! to it (counts merge exactly); a dungeon costs no name lookup and no allocation once
//! its measures' values have all been seen. The generation times are kept in a list and
//! counted at the end (sorted once, instead of a sorted insert per new time). Small whole numbers (most measures: rooms,
//! doors, counts of a kind) are counted in a table by value, the others by [`Counts::add`].

use super::aggregate::{three_digits, Aggregate, Counts};
use super::measures::Sample;
use super::names::Names;

/// A summary being added to, one sample at a time ([`Adder::finish`] gives it back).
#[derive(Debug)]
pub struct Adder {
    agg: Aggregate,
    /// Counts per measure, by the id of its name; `None` for an id never measured.
    measures: Vec<Option<Tab>>,
    /// Restarts per failure point.
    restarts: Vec<u64>,
    /// Totals per tally, by the id of its `kind: reason`; `None` for an id never reported.
    tallies: Vec<Option<u64>>,
    /// The generation time of every sample, µs to three significant digits.
    times: Vec<f64>,
}

/// Whole numbers below this are counted by [`Tab`]'s table.
const SMALL: usize = 64;

/// One measure's counts: the whole numbers 0..[`SMALL`] (exactly those values, `-0.0` not
/// among them) by value, the others in [`Counts`].
#[derive(Debug, Clone)]
struct Tab {
    small: [u64; SMALL],
    rest: Counts,
}

impl Default for Tab {
    fn default() -> Tab {
        Tab {
            small: [0; SMALL],
            rest: Counts::default(),
        }
    }
}

impl Tab {
    /// Count `v` once more ([`Counts::add`]: NaN is not counted).
    #[inline]
    fn add(&mut self, v: f64) {
        let k = v as usize;
        if k < SMALL && (k as f64).to_bits() == v.to_bits() {
            self.small[k] += 1;
        } else {
            self.rest.add(v, 1);
        }
    }

    /// Every count, as [`Counts`].
    fn counts(&self) -> Counts {
        let mut c = self.rest.clone();
        for (k, &n) in self.small.iter().enumerate().filter(|e| *e.1 > 0) {
            c.add(k as f64, n);
        }
        c
    }
}

/// Entry `i` of `list`, the list grown with `T::default()` to reach it.
fn at<T: Default + Clone>(list: &mut Vec<T>, i: usize) -> &mut T {
    if i >= list.len() {
        list.resize(i + 1, T::default());
    }
    &mut list[i]
}

impl Adder {
    /// Add to `agg`.
    pub fn new(agg: Aggregate) -> Adder {
        Adder {
            agg,
            measures: Vec::new(),
            restarts: Vec::new(),
            tallies: Vec::new(),
            times: Vec::new(),
        }
    }

    /// [`Aggregate::add`]: `s` with the ids of its values' names (`ids[k]` for
    /// `s.values[k]`), its restarts per failure point and its tallies `(id, count)`, the
    /// ids those of the [`Names`] that [`Adder::finish`] is given.
    pub fn add(
        &mut self,
        s: &Sample,
        ids: &[u32],
        restarts: &[u32],
        tallies: &[(u32, u64)],
        secs: f64,
    ) {
        self.agg.add_besides_measures(s, &[], &[]);
        self.times.push(three_digits(secs * 1e6));
        for (&id, &(_, v)) in ids.iter().zip(&s.values) {
            at(&mut self.measures, id as usize)
                .get_or_insert_with(Tab::default)
                .add(v);
        }
        for (i, &n) in restarts.iter().enumerate().filter(|r| *r.1 > 0) {
            *at(&mut self.restarts, i) += n as u64;
        }
        for &(id, n) in tallies {
            *at(&mut self.tallies, id as usize).get_or_insert(0) += n;
        }
    }

    /// [`Aggregate::fail`].
    pub fn fail(&mut self, seed: u64, message: String) {
        self.agg.fail(seed, message);
    }

    /// The summary with everything added: the measures and tallies named by `names`, the
    /// restarts of failure point `i` by `causes[i]` (`failure point i of the chosen rule
    /// set` past its end).
    pub fn finish(mut self, names: &Names, causes: &[String]) -> Aggregate {
        self.times.sort_unstable_by(f64::total_cmp);
        for run in self.times.chunk_by(|a, b| a.to_bits() == b.to_bits()) {
            self.agg.time_us.add(run[0], run.len() as u64);
        }
        for (id, c) in self.measures.iter().enumerate() {
            let Some(c) = c else { continue };
            let c = c.counts();
            match self.agg.measures.get_mut(names.name(id as u32)) {
                Some(m) => m.merge(&c),
                None => {
                    let name = names.name(id as u32).to_string();
                    self.agg.measures.insert(name, c);
                }
            }
        }
        for (i, &n) in self.restarts.iter().enumerate().filter(|r| *r.1 > 0) {
            let label = match causes.get(i) {
                Some(label) => label.clone(),
                None => format!("failure point {i} of the chosen rule set"),
            };
            *self.agg.restarts.entry(label).or_default() += n;
        }
        for (id, n) in self.tallies.iter().enumerate() {
            if let Some(n) = n {
                let name = names.name(id as u32).to_string();
                *self.agg.tallies.entry(name).or_default() += n;
            }
        }
        self.agg
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A sample of `values`, with the ids of their names in `names`.
    fn sample(names: &mut Names, seed: u64, values: &[(&str, f64)]) -> (Sample, Vec<u32>) {
        let s = Sample {
            seed,
            values: values.iter().map(|&(n, v)| (n.to_string(), v)).collect(),
            problems: Vec::new(),
        };
        let ids = values.iter().map(|(n, _)| names.id(&[n])).collect();
        (s, ids)
    }

    #[test]
    fn adding_through_an_adder_is_adding_to_the_summary() {
        // names that come and go and change places, a NaN, a repeated value
        let mut names = Names::new();
        let samples = [
            sample(
                &mut names,
                1,
                &[("rooms", 3.0), ("shape.1x1", 2.0), ("area.floor", 7.0)],
            ),
            sample(
                &mut names,
                2,
                &[("rooms", 4.0), ("shape.2x1", 1.0), ("shape.1x1", 1.0)],
            ),
            sample(
                &mut names,
                3,
                &[("boss", f64::NAN), ("rooms", 3.0), ("area.floor", 9.0)],
            ),
            // the edges of the table of small whole numbers
            sample(
                &mut names,
                5,
                &[
                    ("rooms", 63.0),
                    ("area.floor", 64.0),
                    ("shape.1x1", -0.0),
                    ("shape.2x1", 0.0),
                    ("edges", 2.5),
                    ("edges", -1.0),
                    ("edges", 1e300),
                    ("edges", f64::INFINITY),
                ],
            ),
        ];
        let tally = names.id(&["theme", ": ", "too small"]);
        let causes = ["a".to_string()];
        let mut direct = Aggregate::new("r", Default::default());
        let mut adder = Adder::new(Aggregate::new("r", Default::default()));
        for (s, ids) in &samples {
            // failure point 0 ("a") restarted twice, point 1 (unnamed) once
            let restarts = [
                ("a".to_string(), 2),
                ("failure point 1 of the chosen rule set".to_string(), 1),
            ];
            // times: a repeated one, a 0
            let secs = 7.3e-6 * (s.seed % 3) as f64;
            direct.add(s, &restarts, &[("theme: too small".into(), 0)], secs);
            adder.add(s, ids, &[2, 1], &[(tally, 0)], secs);
        }
        adder.fail(4, "no".into());
        direct.fail(4, "no".into());
        let added = adder.finish(&names, &causes);
        assert_eq!(added, direct);
        assert_eq!(
            added.measures["rooms"].0,
            vec![(3.0, 2), (4.0, 1), (63.0, 1)]
        );
        assert_eq!(
            added.measures["area.floor"].0,
            vec![(7.0, 1), (9.0, 1), (64.0, 1)]
        );
        let edges = vec![(-1.0, 1), (2.5, 1), (1e300, 1), (f64::INFINITY, 1)];
        assert_eq!(added.measures["edges"].0, edges);
        // -0.0 and 0.0 are two values (as `Counts` keeps them)
        let one = &added.measures["shape.1x1"].0;
        assert_eq!(one, &vec![(-0.0, 1), (1.0, 1), (2.0, 1)]);
        assert!(one[0].0.is_sign_negative());
        assert_eq!(added.measures["shape.2x1"].0, vec![(0.0, 1), (1.0, 1)]);
        assert!(added.measures["shape.2x1"].0[0].0.is_sign_positive());
        // a measure only ever undefined is there, with no counts; so is a tally of 0
        assert_eq!(added.measures["boss"].0, vec![]);
        assert_eq!(added.restarts["a"], 8);
        assert_eq!(added.restarts["failure point 1 of the chosen rule set"], 4);
        assert_eq!(added.tallies["theme: too small"], 0);
        let [a, b] = [7.3e-6, 14.6e-6].map(|t| three_digits(t * 1e6));
        assert_eq!(added.time_us.0, vec![(0.0, 1), (a, 1), (b, 2)]);
    }
}
