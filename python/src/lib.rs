//! `undercroft._undercroft`: the Python binding of the core library (PyO3). Every answer
//! comes from the library — the Dungeon JSON from [`undercroft::Dungeon::to_json`], the
//! summaries from [`undercroft::batch::Job`], the rendered diagnostics from
//! [`undercroft::ruleset::diag::render`], the PCG content from
//! [`undercroft::metrics::pcg_map`] — so the package gives the CLI's bytes. The Python
//! side (`undercroft/__init__.py`) re-exports these classes and adds the research helpers
//! (Parquet, shards); the errors and `Failure` are Python classes of `undercroft/_errors.py`
//! that this module builds.

use pyo3::prelude::*;

mod convert;
mod dungeon;
mod rules;
mod summary;

/// The engine's version, as written in the provenance (`undercroft 0.1.0`).
#[pyfunction]
fn engine_version() -> &'static str {
    undercroft::export::ENGINE
}

#[pymodule]
fn _undercroft(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<rules::RuleSet>()?;
    m.add_class::<dungeon::Dungeon>()?;
    m.add_class::<summary::Summary>()?;
    m.add_function(wrap_pyfunction!(engine_version, m)?)?;
    Ok(())
}
