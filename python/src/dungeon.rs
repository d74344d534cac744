//! `Dungeon`: one generated dungeon — its JSON (the CLI's bytes), its layers as numpy
//! arrays, rooms, doors and markers as plain Python values, and its PCG-benchmark content.

use std::path::PathBuf;
use std::sync::Arc;

use pyo3::exceptions::{PyKeyError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyDict, PyList, PyTuple};
use undercroft::dungeon::Layer;
use undercroft::metrics::pcg_map::{PcgMap, PcgMaps};

use crate::convert::{json_to_py, Reduce};

/// One generated dungeon (read-only). `to_json()` is the line `undercroft generate
/// --format json` prints, byte for byte (without the newline).
#[pyclass(frozen, module = "undercroft", eq)]
pub struct Dungeon {
    pub d: Arc<undercroft::Dungeon>,
    /// The rule file it came from, where its `pcg.maps` is looked up (none when read from
    /// JSON).
    pub rules: Option<Arc<PathBuf>>,
}

impl PartialEq for Dungeon {
    fn eq(&self, o: &Dungeon) -> bool {
        self.d == o.d
    }
}

/// `v` as a Python int when it is whole, else a float.
fn whole<'py>(py: Python<'py>, v: f64) -> PyResult<Bound<'py, PyAny>> {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        Ok((v as i64).into_pyobject(py)?.into_any())
    } else {
        Ok(v.into_pyobject(py)?.into_any())
    }
}

/// `[x, y]` as a Python tuple.
fn xy<'py>(py: Python<'py>, c: [i32; 2]) -> PyResult<Bound<'py, PyTuple>> {
    PyTuple::new(py, c)
}

/// A layer as a `height × width` numpy array: `<U1` (one character a cell) for a symbol
/// layer, `uint16` for a layer of tile ids.
fn layer_array<'py>(py: Python<'py>, name: &str, layer: &Layer) -> PyResult<Bound<'py, PyAny>> {
    let ragged = || PyValueError::new_err(format!("layer `{name}` has rows of different lengths"));
    let (h, w, bytes, dtype) = match layer {
        Layer::Symbols(rows) => {
            let w = rows.first().map_or(0, |r| r.chars().count());
            let mut b = Vec::with_capacity(rows.len() * w * 4);
            for r in rows {
                if r.chars().count() != w {
                    return Err(ragged());
                }
                r.chars()
                    .for_each(|c| b.extend_from_slice(&(c as u32).to_le_bytes()));
            }
            (rows.len(), w, b, "<U1")
        }
        Layer::Ids(rows) => {
            let w = rows.first().map_or(0, Vec::len);
            let mut b = Vec::with_capacity(rows.len() * w * 2);
            for r in rows {
                if r.len() != w {
                    return Err(ragged());
                }
                r.iter().for_each(|t| b.extend_from_slice(&t.to_le_bytes()));
            }
            (rows.len(), w, b, "<u2")
        }
    };
    let np = py.import("numpy")?;
    let flat = np.call_method1("frombuffer", (PyByteArray::new(py, &bytes), dtype))?;
    flat.call_method1("reshape", ((h, w),))
}

impl Dungeon {
    /// The converter of this dungeon's rule set, from `maps` or the `pcg.maps` beside its
    /// rule file.
    fn pcg_map(&self, maps: Option<PathBuf>) -> PyResult<(PcgMaps, PathBuf)> {
        let path = match (maps, &self.rules) {
            (Some(p), _) => p,
            (None, Some(r)) => PcgMaps::path_beside(r),
            (None, None) => {
                return Err(PyValueError::new_err(
                    "this Dungeon was read from JSON and does not know its rule file: pass \
                     maps=PATH (a pcg.maps file)",
                ))
            }
        };
        Ok((PcgMaps::read(&path).map_err(PyValueError::new_err)?, path))
    }

    fn with_map<T>(
        &self,
        maps: Option<PathBuf>,
        f: impl FnOnce(&PcgMap) -> PyResult<T>,
    ) -> PyResult<T> {
        let (all, path) = self.pcg_map(maps)?;
        f(all
            .get(&self.d.ruleset, &path)
            .map_err(PyValueError::new_err)?)
    }
}

#[pymethods]
impl Dungeon {
    /// The Dungeon JSON line (`format: "undercroft-dungeon/1"`), the bytes `undercroft
    /// generate --format json` prints for the same rules, seed and parameters.
    fn to_json(&self) -> String {
        self.d.to_json()
    }

    /// A Dungeon read from one line of Dungeon JSON (as `to_json` or the CLI writes it).
    /// Raises ValueError when it is not one (the message says where).
    #[staticmethod]
    #[pyo3(signature = (json, rules=None))]
    fn from_json(json: &str, rules: Option<PathBuf>) -> PyResult<Dungeon> {
        let d = undercroft::Dungeon::from_json(json.trim_end())
            .map_err(|e| PyValueError::new_err(format!("not a Dungeon JSON object: {e}")))?;
        Ok(Dungeon {
            d: Arc::new(d),
            rules: rules.map(Arc::new),
        })
    }

    /// The rule set's name, e.g. `isaac/flash`.
    #[getter]
    fn ruleset(&self) -> &str {
        &self.d.ruleset
    }

    /// The seed.
    #[getter]
    fn seed(&self) -> u64 {
        self.d.seed
    }

    /// Every parameter's value (defaults included), as in the JSON.
    #[getter]
    fn params<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let v = serde_json::to_value(&self.d.params).expect("parameters serialise");
        json_to_py(py, &v)
    }

    /// How many times a `Retry` restarted before success.
    #[getter]
    fn attempts(&self) -> u32 {
        self.d.attempts
    }

    /// Room-grid width in cells.
    #[getter]
    fn width(&self) -> i32 {
        self.d.width
    }

    /// Room-grid height in cells.
    #[getter]
    fn height(&self) -> i32 {
        self.d.height
    }

    /// Glyph -> meaning of the symbol layers.
    #[getter]
    fn symbols(&self) -> std::collections::BTreeMap<String, String> {
        (*self.d.symbols).clone()
    }

    /// The layer names, sorted.
    #[getter]
    fn layer_names(&self) -> Vec<String> {
        self.d.layers.keys().cloned().collect()
    }

    /// Every layer as a `height × width` numpy array (row 0 at the top): dtype `<U1` for a
    /// layer of symbols, `uint16` for a layer of tile ids. A new array each call.
    #[getter]
    fn layers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let out = PyDict::new(py);
        for (name, l) in &self.d.layers {
            out.set_item(name, layer_array(py, name, l)?)?;
        }
        Ok(out)
    }

    /// One layer as a numpy array (see `layers`); KeyError for an unknown name.
    fn layer<'py>(&self, py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
        let l = self.d.layers.get(name).ok_or_else(|| {
            PyKeyError::new_err(format!(
                "no layer `{name}` (there are: {})",
                self.layer_names().join(", ")
            ))
        })?;
        layer_array(py, name, l)
    }

    /// Every room, by id: `{"id", "kind", "cells": [(x, y), ...], "shape", "layout"}`
    /// (`layout` None when the room has no interior).
    #[getter]
    fn rooms<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let rooms = self.d.rooms.iter().map(|r| -> PyResult<_> {
            let d = PyDict::new(py);
            d.set_item("id", r.id)?;
            d.set_item("kind", &r.kind)?;
            let cells = r
                .cells
                .iter()
                .map(|&c| xy(py, c))
                .collect::<PyResult<Vec<_>>>()?;
            d.set_item("cells", cells)?;
            d.set_item("shape", &r.shape)?;
            d.set_item("layout", r.layout.as_deref())?;
            Ok(d)
        });
        PyList::new(py, rooms.collect::<PyResult<Vec<_>>>()?)
    }

    /// Every door, in the order made: `{"rooms": (a, b), "cells": ((x, y), (x, y))}` (the
    /// cells on either side, in the order of `rooms`).
    #[getter]
    fn doors<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let doors = self.d.doors.iter().map(|door| -> PyResult<_> {
            let d = PyDict::new(py);
            d.set_item("rooms", PyTuple::new(py, door.rooms)?)?;
            d.set_item(
                "cells",
                PyTuple::new(py, [xy(py, door.cells[0])?, xy(py, door.cells[1])?])?,
            )?;
            Ok(d)
        });
        PyList::new(py, doors.collect::<PyResult<Vec<_>>>()?)
    }

    /// Marker name -> its cell `(x, y)`.
    #[getter]
    fn markers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (k, &c) in &self.d.markers {
            d.set_item(k, xy(py, c)?)?;
        }
        Ok(d)
    }

    /// The ASCII picture `undercroft generate` prints (no colour), with the room interiors
    /// when `interiors`.
    #[pyo3(signature = (interiors=false))]
    fn to_ascii(&self, interiors: bool) -> String {
        if interiors {
            undercroft::render::interiors::floor_with_interiors(&self.d)
        } else {
            undercroft::render::ascii::floor_plan(&self.d, false)
        }
    }

    /// The PCG benchmark's Isaac content of this floor plan (pcg_benchmark `probs/isaac`):
    /// `{"layout": [W*H door masks, row-major; 0 no room, 1 W, 2 N, 4 E, 8 S], "start",
    /// "boss", "shop", "treasure": indices into layout}`, by the converter of the rule set
    /// in `maps` (default: the `pcg.maps` beside its rule file), the one `undercroft stats
    /// --metrics pcg` uses. ValueError when there is no converter or a room lies outside it.
    #[pyo3(signature = (maps=None))]
    fn pcg_content<'py>(
        &self,
        py: Python<'py>,
        maps: Option<PathBuf>,
    ) -> PyResult<Bound<'py, PyDict>> {
        self.with_map(maps, |m| {
            let c = m.convert(&self.d).map_err(PyValueError::new_err)?;
            let d = PyDict::new(py);
            d.set_item(
                "layout",
                c.layout.iter().map(|&v| v as u32).collect::<Vec<_>>(),
            )?;
            d.set_item("start", c.start)?;
            d.set_item("boss", c.boss)?;
            d.set_item("shop", c.shop)?;
            d.set_item("treasure", c.treasure)?;
            Ok(d)
        })
    }

    /// The benchmark variant `pcg_content` fits: `{"width", "height", "map_size"}` (the
    /// keyword arguments of pcg_benchmark's `IsaacProblem`; `map_size` is the room target)
    /// and `"control"`, the control value the converter scores.
    #[pyo3(signature = (maps=None))]
    fn pcg_variant<'py>(
        &self,
        py: Python<'py>,
        maps: Option<PathBuf>,
    ) -> PyResult<Bound<'py, PyDict>> {
        self.with_map(maps, |m| {
            let d = PyDict::new(py);
            d.set_item("width", m.w())?;
            d.set_item("height", m.h())?;
            d.set_item("map_size", whole(py, m.target)?)?;
            d.set_item("control", whole(py, m.control)?)?;
            Ok(d)
        })
    }

    fn __repr__(&self) -> String {
        format!(
            "<Dungeon {} seed {} ({} rooms, {} attempts)>",
            self.d.ruleset,
            self.d.seed,
            self.d.rooms.len(),
            self.d.attempts
        )
    }

    /// Pickles as its JSON (and rule file).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> Reduce<'py, (String, Option<PathBuf>)> {
        let this = slf.get();
        let from_json = slf.get_type().getattr("from_json")?;
        Ok((
            from_json,
            (this.d.to_json(), this.rules.as_deref().cloned()),
        ))
    }
}
