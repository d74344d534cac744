//! A worker's running summary: [`Aggregate::add`] for one dungeon after another, with the
//! measures counted in a list kept in the order the samples give them (the next name is
//! looked for where the last one was found, then among all), and added to the summary's
//! map once, at the end. The summary is the same as adding each sample to it (counts
//! merge exactly); finding a measure costs a string comparison or two instead of a walk
//! down the summary's map.

use super::aggregate::{Aggregate, Counts};
use super::measures::Sample;

/// A summary being added to, one sample at a time ([`Adder::finish`] gives it back).
#[derive(Debug)]
pub struct Adder {
    agg: Aggregate,
    /// Every measure seen, in the order first seen, with its counts not yet in `agg`.
    measures: Vec<(String, Counts)>,
}

impl Adder {
    /// Add to `agg`.
    pub fn new(agg: Aggregate) -> Adder {
        Adder {
            agg,
            measures: Vec::new(),
        }
    }

    /// [`Aggregate::add`].
    pub fn add(
        &mut self,
        s: &Sample,
        restarts: &[(String, u64)],
        tallies: &[(String, u64)],
        secs: f64,
    ) {
        self.agg.add_besides_measures(s, restarts, tallies, secs);
        let mut next = 0;
        for (name, v) in &s.values {
            let k = match self.measures.get(next) {
                Some(m) if m.0 == *name => next,
                _ => match self.measures.iter().position(|m| m.0 == *name) {
                    Some(k) => k,
                    None => {
                        self.measures.push((name.clone(), Counts::default()));
                        self.measures.len() - 1
                    }
                },
            };
            self.measures[k].1.add(*v, 1);
            next = k + 1;
        }
    }

    /// [`Aggregate::fail`].
    pub fn fail(&mut self, seed: u64, message: String) {
        self.agg.fail(seed, message);
    }

    /// The summary with everything added.
    pub fn finish(mut self) -> Aggregate {
        for (name, c) in self.measures {
            match self.agg.measures.get_mut(&name) {
                Some(m) => m.merge(&c),
                None => {
                    self.agg.measures.insert(name, c);
                }
            }
        }
        self.agg
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(seed: u64, values: &[(&str, f64)]) -> Sample {
        Sample {
            seed,
            values: values.iter().map(|&(n, v)| (n.to_string(), v)).collect(),
            problems: Vec::new(),
        }
    }

    #[test]
    fn adding_through_an_adder_is_adding_to_the_summary() {
        // names that come and go and change places, a NaN, a repeated value
        let samples = [
            sample(
                1,
                &[("rooms", 3.0), ("shape.1x1", 2.0), ("area.floor", 7.0)],
            ),
            sample(2, &[("rooms", 4.0), ("shape.2x1", 1.0), ("shape.1x1", 1.0)]),
            sample(
                3,
                &[("boss", f64::NAN), ("rooms", 3.0), ("area.floor", 9.0)],
            ),
        ];
        let mut direct = Aggregate::new("r", Default::default());
        let mut adder = Adder::new(Aggregate::new("r", Default::default()));
        for s in &samples {
            direct.add(s, &[("a".into(), 2)], &[], 0.001);
            adder.add(s, &[("a".into(), 2)], &[], 0.001);
        }
        adder.fail(4, "no".into());
        direct.fail(4, "no".into());
        let added = adder.finish();
        assert_eq!(added, direct);
        assert_eq!(added.measures["rooms"].0, vec![(3.0, 2), (4.0, 1)]);
        assert_eq!(added.measures["shape.1x1"].0, vec![(1.0, 1), (2.0, 1)]);
        // a measure only ever undefined is there, with no counts
        assert_eq!(added.measures["boss"].0, vec![]);
        assert_eq!(added.restarts["a"], 6);
    }
}
