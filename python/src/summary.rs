//! `Summary`: the mergeable summary of many seeds ([`undercroft::stats::Aggregate`], the
//! object of `undercroft stats --format json`).

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use undercroft::stats::Aggregate;

use crate::convert::Reduce;

/// The summary of a run over many seeds, or of merged shards of one: every measure's value
/// counts, the failures, restart causes, tallies, lint findings and times. Merging adds
/// counts, so shards of a seed range merge into exactly the summary of one run over it
/// (`undercroft stats --merge`).
#[pyclass(module = "undercroft")]
pub struct Summary {
    pub a: Aggregate,
}

#[pymethods]
impl Summary {
    /// One line of JSON, the format `undercroft stats --format json` writes and `stats
    /// --merge` reads (`format: "undercroft-stats/1"`).
    fn to_json(&self) -> String {
        self.a.to_json()
    }

    /// A summary read from its JSON (`to_json`, or a file of `stats --format json`).
    /// ValueError when it is not one.
    #[staticmethod]
    fn from_json(json: &str) -> PyResult<Summary> {
        Aggregate::from_json(json.trim())
            .map(|a| Summary { a })
            .map_err(|e| PyValueError::new_err(format!("not a stats summary: {e}")))
    }

    /// The summary as Python values (`json.loads(to_json())`); without the two fields
    /// that change from run to run (`time_us`, `wall_s`) when `times` is false.
    #[pyo3(signature = (times=true))]
    fn to_dict<'py>(&self, py: Python<'py>, times: bool) -> PyResult<Bound<'py, PyAny>> {
        let d = py
            .import("json")?
            .call_method1("loads", (self.a.to_json(),))?;
        if !times {
            let dict = d.cast::<PyDict>()?;
            dict.del_item("time_us")?;
            dict.del_item("wall_s")?;
        }
        Ok(d)
    }

    /// Add `other` (a shard of the same rule set and parameters) to this summary.
    /// ValueError for a summary of another rule set or parameter set.
    fn merge(&mut self, other: PyRef<'_, Summary>) -> PyResult<()> {
        self.a
            .merge_shard(&other.a)
            .map_err(|e| PyValueError::new_err(format!("the other {e}")))
    }

    /// The merge of `summaries` (Summary objects or their JSON), as `stats --merge` of
    /// their files. ValueError when empty or not shards of one run.
    #[staticmethod]
    fn merged(summaries: &Bound<'_, PyAny>) -> PyResult<Summary> {
        let mut all: Option<Aggregate> = None;
        for s in summaries.try_iter()? {
            let s = s?;
            let a = if let Ok(x) = s.cast::<Summary>() {
                x.borrow().a.clone()
            } else if let Ok(text) = s.extract::<String>() {
                Summary::from_json(&text)?.a
            } else {
                return Err(PyTypeError::new_err(
                    "merged() takes Summary objects or their JSON",
                ));
            };
            match &mut all {
                None => all = Some(a),
                Some(m) => m
                    .merge_shard(&a)
                    .map_err(|e| PyValueError::new_err(format!("a summary {e}")))?,
            }
        }
        all.map(|a| Summary { a })
            .ok_or_else(|| PyValueError::new_err("merged() needs at least one summary"))
    }

    /// The rule set's name.
    #[getter]
    fn ruleset(&self) -> &str {
        &self.a.ruleset
    }

    /// The parameters as given (name -> text).
    #[getter]
    fn params(&self) -> std::collections::BTreeMap<String, String> {
        self.a.params.clone()
    }

    /// The seed ranges covered, `(first, count)`, sorted, adjacent ones joined.
    #[getter]
    fn ranges(&self) -> Vec<(u64, u64)> {
        self.a.ranges.iter().map(|r| (r[0], r[1])).collect()
    }

    /// Seeds covered (generated or failed).
    #[getter]
    fn seeds(&self) -> u64 {
        self.a.seeds()
    }

    /// Dungeons generated.
    #[getter]
    fn generated(&self) -> u64 {
        self.a.generated
    }

    /// The failed seeds, `(seed, message)`, by seed.
    #[getter]
    fn failures(&self) -> Vec<(u64, String)> {
        self.a.failures.clone()
    }

    /// The measures' names, sorted.
    #[getter]
    fn measures(&self) -> Vec<String> {
        self.a.measures.keys().cloned().collect()
    }

    /// Measure `name`'s `(value, count)` pairs, ascending, with a family member's zeros
    /// (`kind.boss` absent from a dungeon counts 0 there).
    fn counts(&self, name: &str) -> Vec<(f64, u64)> {
        self.a.counts(name).0
    }

    /// Measure `name`'s mean (NaN when no dungeon defines it).
    fn mean(&self, name: &str) -> f64 {
        self.a.counts(name).mean()
    }

    fn __repr__(&self) -> String {
        format!(
            "<Summary {} {:?}: {} seeds, {} generated, {} failed>",
            self.a.ruleset,
            self.a.params,
            self.a.seeds(),
            self.a.generated,
            self.a.failures.len()
        )
    }

    /// Pickles as its JSON.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> Reduce<'py, (String,)> {
        Ok((
            slf.get_type().getattr("from_json")?,
            (slf.borrow().a.to_json(),),
        ))
    }
}
