//! Rule sets: loading (RON + expressions), validation with diagnostics, and the immutable,
//! shareable [`RuleSet`] that generates dungeons.
//!
//! ```no_run
//! use undercroft::{RuleSet, Params};
//! let rules = RuleSet::load("rules/isaac/flash.ron").unwrap();
//! let floor = rules.generate(42, &Params::new().set("level", 3)).unwrap();
//! println!("{} rooms", floor.rooms.len());
//! ```

mod assemble;
mod causes;
pub mod compile;
pub mod diag;
pub mod files;
mod generate;
mod glyphs;
pub mod load;
mod lookup;
mod output;
pub mod params;
mod patch;
mod patterns;
mod pool_check;
pub mod pools;
mod procedures;
mod reach;
pub mod schema;
mod scope;
pub mod shapes;
pub mod src;
pub(crate) mod stats;
mod steps;
mod trace;
mod unset;
mod walk_defs;
mod walkables;

pub use crate::dungeon::parse_colour;
use crate::dungeon::{Dungeon, Interiors, Palette};
use crate::engine::tile_grid::TileGrid;
use crate::engine::value::Value;
use crate::engine::{FailurePoint, GenError, State, StepLabel};
use crate::interpreter::Step;
use crate::lang::nearest;
use crate::rng::{Rng, RngSpec};
pub use diag::{Diagnostic, Diagnostics};
use files::{Disk, Reader};
pub use glyphs::TileGlyphs;
pub use params::{ParamInfo, ParamKind, Params};
pub use patterns::ItemAt;
use src::Src;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
pub use trace::{Frame, Trace, Window};

/// A room kind of a rule set.
#[derive(Debug, Clone)]
pub struct KindInfo {
    /// Its name in rule files.
    pub name: String,
    /// Its glyph in floor plans.
    pub glyph: char,
    /// `#rrggbb`.
    pub colour: String,
    /// What it is for (may be empty).
    pub doc: String,
    /// Whether it comes from the theme table (`themes:`): themed rooms are drawn over tile
    /// maps.
    pub theme: bool,
}

/// A loaded, validated rule set. Immutable and `Send + Sync`: generate from many threads.
#[derive(Debug)]
pub struct RuleSet {
    /// The `name:` of the rule file.
    pub name: String,
    /// The `description:` of the rule file.
    pub description: String,
    /// Every file the rule set was read from (the file itself, then what it extends, then
    /// the pattern files its steps name).
    pub files: Vec<PathBuf>,
    /// The random number generator it selects.
    pub rng: RngSpec,
    /// Room grid size in room cells.
    pub width: i32,
    /// Grid height in cells.
    pub height: i32,
    /// Tiles per room cell, `[columns, rows]` (`[1, 1]` when rooms and tiles share one grid);
    /// the tile grid is `width·cell[0] × height·cell[1]`.
    pub cell: [i32; 2],
    /// The user-settable parameters, in declaration order.
    pub params: Vec<ParamInfo>,
    /// Room kinds, by index.
    pub kinds: Vec<KindInfo>,
    /// Glyph of empty cells in floor plans.
    pub empty_glyph: char,
    /// Names of the room lists, by index.
    pub lists: Vec<String>,
    /// The procedures `Call` steps run, by index.
    pub(crate) procedures: Vec<crate::interpreter::Procedure>,
    /// Names of the lists of areas or cells, by id (see [`State::value_lists`]).
    pub value_lists: Vec<String>,
    /// Names of the markers, by index.
    pub markers: Vec<String>,
    /// Names of the tile layers, by index.
    pub layers: Vec<String>,
    /// Room shapes (index = `Room::shape`).
    pub shapes: Vec<crate::engine::shape::Shape>,
    /// Room pools.
    pub pools: Vec<pools::Pool>,
    /// Every layout of every pool (index = `Room::layout`).
    pub layouts: Vec<pools::Layout>,
    /// Glyph classes of a tile layer, if the rule set defines them.
    pub tile_glyphs: Option<TileGlyphs>,
    /// How views draw its markers (`markers:`), in rule-file order.
    pub marker_styles: Vec<crate::dungeon::MarkerStyle>,
    /// What `stats`, `lint` and `search` know about this style (`stats:` of the rule file).
    pub stats: crate::stats::StatsSpec,
    /// The walkable tiles of its spatial queries, by the ids its expressions hold.
    pub(crate) walkables: Arc<[crate::engine::queries::Walkable]>,
    /// What the tallies of [`State::tallies`] count, by index: `(kind, reason)`, e.g. a
    /// theme and the requirement that turned it down.
    pub tallies: Vec<(String, String)>,
    pub(crate) n_vars: usize,
    /// Names of the `File` parameters, in asset order.
    pub(crate) file_params: Vec<String>,
    /// Variable names by slot (locals end in " (local)").
    pub(crate) var_names: Vec<String>,
    pub(crate) steps: Vec<Step>,
    pub(crate) labels: Vec<StepLabel>,
    pub(crate) failures: Vec<FailurePoint>,
    /// What its dungeons carry for the renderers (filled by `output.rs` once loaded): the
    /// palette, the parameters' defaults, the symbols of its symbol layers, and the
    /// interiors without layouts; shared, not copied, by each dungeon.
    pub(crate) palette: std::sync::Arc<Palette>,
    pub(crate) defaults: std::sync::Arc<BTreeMap<String, String>>,
    pub(crate) symbols: std::sync::Arc<BTreeMap<String, String>>,
    pub(crate) interiors: Option<Interiors>,
    /// With `select:`: the rule sets to choose from, each with its condition (empty for a
    /// rule set with steps).
    pub(crate) choices: Vec<(crate::lang::Program, RuleSet)>,
    /// What `check` warns about (the rule set loads and runs, but part of it can never
    /// work, e.g. a miniset whose search grid needs a tile nothing writes); with `select:`
    /// those of the rule sets it chooses from too.
    pub warnings: Vec<Diagnostic>,
    /// The operators' buffers of finished runs, for the next run to reuse (see
    /// [`crate::engine::scratch`]); never part of a result.
    pub(crate) scratch: crate::engine::scratch::ScratchPool,
    /// Dungeons given back by [`RuleSet::recycle`], whose buffers the next outputs are
    /// written into; never part of a result.
    pub(crate) spares: crate::engine::scratch::Pool<Dungeon>,
    /// Indices of [`RuleSet::params`] in the order of their names (a dungeon's `params`
    /// map's order), for writing the values over a recycled dungeon's in one pass.
    pub(crate) params_by_name: Vec<usize>,
}

/// How deep `select` may nest rule files (a cycle ends here with an error).
const MAX_SELECT_DEPTH: usize = 8;

impl RuleSet {
    /// Load and validate the rule file at `path` (and what it `extends`).
    ///
    /// # Errors
    /// Every problem found, each with file, line, column, message and hint.
    pub fn load(path: impl AsRef<Path>) -> Result<RuleSet, Diagnostics> {
        Self::load_with(path.as_ref(), &Disk)
    }

    /// [`RuleSet::load`] reading files through `reader`.
    pub fn load_with(path: &Path, reader: &dyn Reader) -> Result<RuleSet, Diagnostics> {
        Self::load_depth(path, reader, 0)
    }

    /// The parameter values for a run: defaults, overridden by `given`.
    ///
    /// # Errors
    /// [`GenError::Param`] for an unknown name (with the nearest valid one), a value of the
    /// wrong type, or one out of range.
    pub fn resolve_params(&self, given: &Params) -> Result<Vec<Value>, GenError> {
        let mut values: Vec<Value> = self.params.iter().map(|p| p.default).collect();
        for (k, v) in &given.0 {
            let own = self.params.iter().position(|p| p.name == *k);
            if own.is_none() && self.knows(k) {
                // a parameter of a rule set `select` may choose: checked when it runs
                continue;
            }
            let Some(i) = own else {
                let names = self.all_param_names();
                let hint = nearest(k, names.iter().map(|n| n.as_str()))
                    .map(|n| format!("; did you mean `{n}`?"))
                    .unwrap_or_else(|| format!("; the parameters are: {}", names.join(", ")));
                return Err(GenError::Param(format!(
                    "unknown parameter `{k}` for {}{hint}",
                    self.name
                )));
            };
            values[i] = self.params[i].parse(v).map_err(GenError::Param)?;
        }
        Ok(values)
    }

    /// Whether `name` is a parameter of this rule set or of one its `select` may choose.
    pub fn knows(&self, name: &str) -> bool {
        self.params.iter().any(|p| p.name == name)
            || self.choices.iter().any(|(_, r)| r.knows(name))
    }

    /// The names of the rule sets `select` may choose, in order.
    pub fn choice_names(&self) -> Vec<String> {
        self.choices.iter().map(|(_, r)| r.name.clone()).collect()
    }

    /// Every parameter name this rule set accepts (its own, then those of its choices).
    fn all_param_names(&self) -> Vec<String> {
        let mut names: Vec<String> = self.params.iter().map(|p| p.name.clone()).collect();
        for (_, r) in &self.choices {
            for n in r.all_param_names() {
                if !names.contains(&n) {
                    names.push(n);
                }
            }
        }
        names
    }

    /// The names measure expressions (`search --where`, extra measures) may use for
    /// dungeons of this rule set, with its extra measures compiled.
    ///
    /// # Errors
    /// Never for a loaded rule set (its extra measures were checked at load).
    pub fn measures(&self) -> Result<crate::stats::expr::Extra, String> {
        let kinds: Vec<String> = self.kinds.iter().map(|k| k.name.clone()).collect();
        let shapes: Vec<String> = self.shapes.iter().map(|s| s.name.clone()).collect();
        let sc = stats::scope(&kinds, &shapes, self.tile_glyphs.as_ref());
        crate::stats::expr::Extra::new(sc, &self.stats.measures)
            .map_err(|(i, e)| format!("measure `{}`: {}", self.stats.measures[i].0, e[0].message))
    }

    /// Whether this rule set chooses among others (`select:`) instead of having steps.
    pub fn selects(&self) -> bool {
        !self.choices.is_empty()
    }

    /// The rule set that runs for `given`: itself, or with `select:` the first choice whose
    /// condition holds (recursively), with the given parameters that one declares.
    ///
    /// # Errors
    /// [`GenError::Param`] for bad parameters, or when no choice applies.
    pub fn pick(&self, given: &Params) -> Result<(&RuleSet, Params), GenError> {
        if self.choices.is_empty() {
            return Ok((self, given.clone()));
        }
        let values = self.resolve_params(given)?;
        let mut st = State::new(1, 1, 0, self.n_vars, 0, 0, Rng::new(&self.rng, 0));
        for (p, v) in self.params.iter().zip(&values) {
            st.vars[p.slot as usize] = *v;
        }
        for (when, rs) in &self.choices {
            if when.truth(&mut st) {
                let mine = given
                    .0
                    .iter()
                    .filter(|(k, _)| rs.knows(k))
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .collect();
                return rs.pick(&Params(mine));
            }
        }
        let shown: Vec<String> = self
            .params
            .iter()
            .zip(&values)
            .map(|(p, v)| format!("{}={}", p.name, p.show(*v)))
            .collect();
        Err(GenError::Param(format!(
            "no rule set of {} applies to {}",
            self.name,
            shown.join(" ")
        )))
    }

    /// The places that can fail (Requires and operator failures), for reports.
    pub fn failure_points(&self) -> &[FailurePoint] {
        &self.failures
    }

    /// Labels of the operator steps, in compile order.
    pub fn step_labels(&self) -> &[StepLabel] {
        &self.labels
    }

    /// The slot of variable `name` in [`State::vars`] (for reading a run's variables, e.g.
    /// counters an operator writes).
    pub fn var_slot(&self, name: &str) -> Option<usize> {
        self.var_names.iter().position(|n| n == name)
    }

    /// The index of room kind `name`.
    pub fn kind_index(&self, name: &str) -> Option<u16> {
        self.kinds
            .iter()
            .position(|k| k.name == name)
            .map(|i| i as u16)
    }
}

/// A run's parameters, checked, with the tile grids of its `File` parameters loaded: made
/// once by [`RuleSet::resolve`] and shared by every seed of a run.
#[derive(Debug, Clone)]
pub struct Resolved {
    /// Every parameter's value, in declaration order (defaults included).
    pub values: Vec<Value>,
    /// The tile grid of every `File` parameter, in file-parameter order (`None` = not
    /// given); shared, never copied, by the runs.
    pub assets: Vec<Option<Arc<TileGrid>>>,
    /// For a rule set with `select:`: the parameters as given, resolved by the chosen rule
    /// set for each seed.
    pub given: Option<Params>,
}

#[allow(dead_code)]
fn _assert_send_sync() {
    fn is<T: Send + Sync>() {}
    is::<RuleSet>();
    let _ = Src::synthetic("");
}
