//! Conversions between Python values and the library's: parameters (a mapping, as
//! `NAME=VALUE` pairs the way `--param` takes them), seeds, JSON values, and the Python
//! error classes of `undercroft._errors`.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString};

/// `{"level": 3, "lost": True}` → `["level=3", "lost=true"]`, in the mapping's order (the
/// summary sorts them by name). Values: `bool` (`true`/`false`), `int`, `float` (Python's
/// shortest repr), `str` or `os.PathLike` (as written); anything else is a `TypeError`.
pub fn param_pairs(params: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
    let Some(params) = params.filter(|p| !p.is_none()) else {
        return Ok(Vec::new());
    };
    let dict = params.cast::<PyDict>().map_err(|_| {
        pyo3::exceptions::PyTypeError::new_err("params must be a dict of name -> value")
    })?;
    let mut out = Vec::with_capacity(dict.len());
    for (k, v) in dict.iter() {
        let name: String = k.extract().map_err(|_| {
            pyo3::exceptions::PyTypeError::new_err("parameter names must be strings")
        })?;
        if name.contains('=') {
            return Err(PyValueError::new_err(format!(
                "parameter name `{name}` contains `=`"
            )));
        }
        out.push(format!("{name}={}", value_text(&name, &v)?));
    }
    Ok(out)
}

/// A parameter value as `--param` text.
fn value_text(name: &str, v: &Bound<'_, PyAny>) -> PyResult<String> {
    if v.is_instance_of::<PyBool>() {
        return Ok(if v.extract::<bool>()? {
            "true"
        } else {
            "false"
        }
        .into());
    }
    if v.is_instance_of::<PyInt>()
        || v.is_instance_of::<PyFloat>()
        || v.is_instance_of::<PyString>()
    {
        return Ok(v.str()?.to_string());
    }
    let os = v.py().import("os")?;
    if let Ok(p) = os.call_method1("fspath", (v,)) {
        return Ok(p.str()?.to_string());
    }
    Err(pyo3::exceptions::PyTypeError::new_err(format!(
        "parameter `{name}`: expected bool, int, float, str or a path, found {}",
        v.get_type().name()?
    )))
}

/// Seeds from any iterable of non-negative ints (a `range`, a list, a numpy array).
pub fn seeds(seeds: &Bound<'_, PyAny>) -> PyResult<Vec<u64>> {
    let mut out = Vec::new();
    if let Ok(n) = seeds.len() {
        out.reserve(n);
    }
    for s in seeds.try_iter()? {
        let s = s?;
        let v: u64 = s
            .call_method0("__index__")
            .and_then(|i| i.extract())
            .map_err(|_| {
                PyValueError::new_err(format!("a seed is a whole number 0..2**64, found {s}"))
            })?;
        out.push(v);
    }
    Ok(out)
}

/// A JSON value as the Python value `json.loads` would give.
pub fn json_to_py<'py>(py: Python<'py>, v: &serde_json::Value) -> PyResult<Bound<'py, PyAny>> {
    use serde_json::Value as J;
    Ok(match v {
        J::Null => py.None().into_bound(py),
        J::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        J::Number(n) => match (n.as_i64(), n.as_u64()) {
            (Some(i), _) => i.into_pyobject(py)?.into_any(),
            (None, Some(u)) => u.into_pyobject(py)?.into_any(),
            _ => n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any(),
        },
        J::String(s) => PyString::new(py, s).into_any(),
        J::Array(a) => {
            let items = a
                .iter()
                .map(|x| json_to_py(py, x))
                .collect::<PyResult<Vec<_>>>()?;
            PyList::new(py, items)?.into_any()
        }
        J::Object(o) => {
            let d = PyDict::new(py);
            for (k, x) in o {
                d.set_item(k, json_to_py(py, x)?)?;
            }
            d.into_any()
        }
    })
}

/// What `__reduce__` returns: a callable and its arguments, which rebuild the object.
pub type Reduce<'py, A> = PyResult<(Bound<'py, PyAny>, A)>;

/// Class `name` of `undercroft._errors`.
pub fn error_class<'py>(py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("undercroft._errors")?.getattr(name)
}

/// The Python exception `name` of `undercroft._errors` built with `args`.
pub fn raise<'py, A>(py: Python<'py>, name: &str, args: A) -> PyErr
where
    A: pyo3::call::PyCallArgs<'py>,
{
    match error_class(py, name).and_then(|c| c.call1(args)) {
        Ok(e) => PyErr::from_value(e),
        Err(e) => e,
    }
}
