//! `RuleSet`: a loaded rule set — generating one seed, many seeds in parallel with the GIL
//! released, and their `stats` summary — through the library's [`undercroft::batch`], the
//! code the CLI runs.

use std::path::PathBuf;
use std::sync::Arc;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use undercroft::batch::{self, Job};
use undercroft::engine::value::Value;
use undercroft::export::Provenance;
use undercroft::ruleset::diag::render;
use undercroft::ruleset::{ParamKind, Resolved};
use undercroft::Params;

use crate::convert::{self, param_pairs, raise, Reduce};
use crate::dungeon::Dungeon;
use crate::summary::Summary;

/// A loaded rule set (immutable; safe to share between threads).
#[pyclass(frozen, module = "undercroft")]
pub struct RuleSet {
    rs: Arc<undercroft::RuleSet>,
    path: Arc<PathBuf>,
    /// The provenance hash of its files, read at load.
    hash: Option<String>,
}

/// The rule set's diagnostics as a `RuleSetError`.
fn rule_set_error(py: Python<'_>, d: &undercroft::Diagnostics) -> PyErr {
    let diags = d.0.iter().map(|x| {
        let cls = convert::error_class(py, "Diagnostic")?;
        cls.call1((
            x.path.display().to_string(),
            x.line,
            x.column,
            x.message.as_str(),
            x.help.as_deref(),
        ))
    });
    match diags.collect::<PyResult<Vec<_>>>() {
        Ok(list) => raise(py, "RuleSetError", (render(&d.0, false), list)),
        Err(e) => e,
    }
}

/// Run `f` on a pool of `threads` threads (the global one when None).
fn in_pool<T: Send>(threads: Option<usize>, f: impl FnOnce() -> T + Send) -> Result<T, String> {
    match threads {
        None => Ok(f()),
        Some(0) => Err("threads must be at least 1".into()),
        Some(n) => {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(n)
                .build()
                .map_err(|e| e.to_string())?;
            Ok(pool.install(f))
        }
    }
}

impl RuleSet {
    fn dungeon(&self, d: undercroft::Dungeon) -> Dungeon {
        Dungeon {
            d: Arc::new(d),
            rules: Some(self.path.clone()),
        }
    }

    /// Results as Python values: a `Dungeon`, or a `Failure(seed, message)` with the
    /// message on one line (as `undercroft generate` prints it).
    fn results<'py>(
        &self,
        py: Python<'py>,
        results: Vec<Result<undercroft::Dungeon, String>>,
        seeds: &[u64],
    ) -> PyResult<Bound<'py, PyList>> {
        let failure = convert::error_class(py, "Failure")?;
        let out = results.into_iter().zip(seeds).map(|(r, &s)| match r {
            Ok(d) => Ok(Bound::new(py, self.dungeon(d))?.into_any()),
            Err(m) => failure.call1((s, batch::one_line(&m))),
        });
        PyList::new(py, out.collect::<PyResult<Vec<_>>>()?)
    }

    /// The parameters checked (ValueError with the library's message).
    fn resolve(&self, pairs: &[String]) -> PyResult<Resolved> {
        let given = Params::from_pairs(pairs).map_err(PyValueError::new_err)?;
        self.rs
            .resolve(&given)
            .map_err(|e| PyValueError::new_err(e.to_string()))
    }
}

/// A parameter value as Python.
fn value_py<'py>(py: Python<'py>, kind: &ParamKind, v: Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match (kind, v) {
        (ParamKind::Int { .. }, Value::Num(n)) => (n as i64).into_pyobject(py)?.into_any(),
        (_, Value::Num(n)) => n.into_pyobject(py)?.into_any(),
        (_, Value::Bool(b)) => pyo3::types::PyBool::new(py, b).to_owned().into_any(),
        _ => py.None().into_bound(py),
    })
}

#[pymethods]
impl RuleSet {
    /// Load a rule file (and what it extends and includes). Raises `RuleSetError` with
    /// every problem found (`.diagnostics`: file, line, column, message, hint; `str()` the
    /// text `undercroft check` prints).
    #[staticmethod]
    fn load(py: Python<'_>, path: PathBuf) -> PyResult<RuleSet> {
        let loaded = py.detach(|| undercroft::RuleSet::load(&path));
        match loaded {
            Ok(rs) => {
                let hash = Provenance::of_files(&rs.files).rules_hash;
                Ok(RuleSet {
                    rs: Arc::new(rs),
                    path: Arc::new(path),
                    hash,
                })
            }
            Err(d) => Err(rule_set_error(py, &d)),
        }
    }

    /// The rule set's name, e.g. `isaac/flash`.
    #[getter]
    fn name(&self) -> &str {
        &self.rs.name
    }

    /// The rule file it was loaded from, as given.
    #[getter]
    fn path(&self) -> String {
        self.path.display().to_string()
    }

    /// Every file it was read from (the file, what it extends, its pattern and pool files).
    #[getter]
    fn files(&self) -> Vec<String> {
        self.rs
            .files
            .iter()
            .map(|f| f.display().to_string())
            .collect()
    }

    /// The provenance hash of its files' contents at load (16 hex digits; the `rules_hash`
    /// of the Tiled and LDtk exports), None when one could not be read.
    #[getter]
    fn rules_hash(&self) -> Option<&str> {
        self.hash.as_deref()
    }

    /// Its parameters: name -> `{"kind": "int"|"float"|"bool"|"file", "default",
    /// "min", "max", "doc", "describe"}`.
    #[getter]
    fn params<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let out = PyDict::new(py);
        for p in &self.rs.params {
            let d = PyDict::new(py);
            let (kind, min, max) = match &p.kind {
                ParamKind::Int { min, max } => {
                    ("int", min.map(|v| v as f64), max.map(|v| v as f64))
                }
                ParamKind::Float { min, max } => ("float", *min, *max),
                ParamKind::Bool => ("bool", None, None),
                ParamKind::File => ("file", None, None),
            };
            d.set_item("kind", kind)?;
            d.set_item("default", value_py(py, &p.kind, p.default)?)?;
            let bound = |v: Option<f64>| -> PyResult<Bound<'py, PyAny>> {
                match v {
                    Some(v) => value_py(py, &p.kind, Value::Num(v)),
                    None => Ok(py.None().into_bound(py)),
                }
            };
            d.set_item("min", bound(min)?)?;
            d.set_item("max", bound(max)?)?;
            d.set_item("doc", &p.doc)?;
            d.set_item("describe", p.describe())?;
            out.set_item(&p.name, d)?;
        }
        Ok(out)
    }

    /// Generate seed `seed` with `params` (name -> value; the others take their defaults),
    /// stopping after `timeout` seconds when given. Raises ValueError for a bad parameter
    /// and `GenerationError` (`.seed`, `.message`) when the rule set gives up.
    #[pyo3(signature = (seed, params=None, *, timeout=None))]
    fn generate(
        &self,
        py: Python<'_>,
        seed: u64,
        params: Option<&Bound<'_, PyAny>>,
        timeout: Option<f64>,
    ) -> PyResult<Dungeon> {
        let resolved = self.resolve(&param_pairs(params)?)?;
        let rs = &self.rs;
        match py.detach(|| batch::generate(rs, seed, &resolved, timeout)) {
            Ok(d) => Ok(self.dungeon(d)),
            Err(m) => Err(raise(py, "GenerationError", (seed, batch::one_line(&m)))),
        }
    }

    /// Generate every seed of `seeds` (any iterable of ints) in parallel on `threads`
    /// threads (default: every core, or RAYON_NUM_THREADS), with the GIL released. The
    /// results come in seed order and do not depend on the thread count: a `Dungeon` per
    /// seed, or a `Failure` (`.seed`, `.message`; false in a test) for a seed whose
    /// generation gave up. ValueError for a bad parameter.
    #[pyo3(signature = (seeds, params=None, *, threads=None, timeout=None))]
    fn generate_many<'py>(
        &self,
        py: Python<'py>,
        seeds: &Bound<'py, PyAny>,
        params: Option<&Bound<'py, PyAny>>,
        threads: Option<usize>,
        timeout: Option<f64>,
    ) -> PyResult<Bound<'py, PyList>> {
        use rayon::prelude::*;
        let seeds = convert::seeds(seeds)?;
        let resolved = self.resolve(&param_pairs(params)?)?;
        let rs = &self.rs;
        let results = py
            .detach(|| {
                in_pool(threads, || {
                    seeds
                        .par_iter()
                        .map(|&s| batch::generate(rs, s, &resolved, timeout))
                        .collect::<Vec<_>>()
                })
            })
            .map_err(PyValueError::new_err)?;
        self.results(py, results, &seeds)
    }

    /// `stats` and `generate_many` of the same seeds in one pass (each seed generated
    /// once): `(summary, results)`.
    #[pyo3(signature = (seeds, params=None, *, threads=None, timeout=None))]
    fn run<'py>(
        &self,
        py: Python<'py>,
        seeds: &Bound<'py, PyAny>,
        params: Option<&Bound<'py, PyAny>>,
        threads: Option<usize>,
        timeout: Option<f64>,
    ) -> PyResult<(Summary, Bound<'py, PyList>)> {
        let seeds = convert::seeds(seeds)?;
        let pairs = param_pairs(params)?;
        let rs = &self.rs;
        let (a, results) = py
            .detach(|| {
                let job = Job::new(rs, &pairs, timeout)?;
                in_pool(threads, || job.summary_keeping(&seeds, &|| {}, |_, r| r))
            })
            .map_err(PyValueError::new_err)?;
        Ok((Summary { a }, self.results(py, results, &seeds)?))
    }

    /// The summary of `seeds` with `params`: the object `undercroft stats --format json`
    /// prints for the same seeds (its `to_json()`; times differ from run to run), mergeable
    /// with the summaries of other seeds. Parallel on `threads` threads, GIL released.
    #[pyo3(signature = (seeds, params=None, *, threads=None, timeout=None))]
    fn stats(
        &self,
        py: Python<'_>,
        seeds: &Bound<'_, PyAny>,
        params: Option<&Bound<'_, PyAny>>,
        threads: Option<usize>,
        timeout: Option<f64>,
    ) -> PyResult<Summary> {
        let seeds = convert::seeds(seeds)?;
        let pairs = param_pairs(params)?;
        let rs = &self.rs;
        let a = py.detach(|| {
            let job = Job::new(rs, &pairs, timeout)?;
            in_pool(threads, || job.summary(&seeds, &|| {}))
        });
        Ok(Summary {
            a: a.map_err(PyValueError::new_err)?,
        })
    }

    /// The provenance of `dungeon` as generated from this rule set: `{"ruleset",
    /// "rules_hash", "seed", "params" (JSON text), "engine", "attempts"}` — the Tiled and
    /// LDtk exports' properties plus the attempts.
    fn provenance<'py>(&self, py: Python<'py>, dungeon: &Dungeon) -> PyResult<Bound<'py, PyDict>> {
        let p = Provenance {
            rules_hash: self.hash.clone(),
        };
        let out = PyDict::new(py);
        out.set_item("ruleset", &dungeon.d.ruleset)?;
        out.set_item("rules_hash", self.hash.as_deref())?;
        for (k, v) in undercroft::export::provenance(&dungeon.d, &p) {
            match k {
                "seed" => out.set_item(k, dungeon.d.seed)?,
                _ => out.set_item(k, v)?,
            }
        }
        out.set_item("attempts", dungeon.d.attempts)?;
        Ok(out)
    }

    fn __repr__(&self) -> String {
        format!("<RuleSet {} from {}>", self.rs.name, self.path.display())
    }

    /// Pickles as its path (loaded again where it is unpickled, e.g. on a Dask worker).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> Reduce<'py, (PathBuf,)> {
        Ok((
            slf.get_type().getattr("load")?,
            ((*slf.get().path).clone(),),
        ))
    }
}
