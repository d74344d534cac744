//! Generating dungeons with a loaded [`RuleSet`]: the parameters resolved once per run
//! ([`Resolved`]: checked values and the tile grids of `File` parameters), then per seed
//! the steps run (with an observer for traces) and the final state made a [`Dungeon`], or
//! the error of a `Retry` whose budget ran out.

use super::{Params, Resolved, RuleSet, Trace};
use crate::dungeon::Dungeon;
use crate::engine::tile_grid::TileGrid;
use crate::engine::value::Value;
use crate::engine::{Flow, GenError, State};
use crate::interpreter::{run_steps, NoTrace, Observer, RunCx};
use crate::rng::Rng;
use std::path::Path;
use std::sync::Arc;

impl RuleSet {
    /// Generate one dungeon.
    ///
    /// # Errors
    /// [`GenError`]: bad parameters, or a `Retry` whose budget ran out (naming the failing
    /// conditions and their counts).
    pub fn generate(&self, seed: u64, params: &Params) -> Result<Dungeon, GenError> {
        self.generate_resolved(seed, &self.resolve(params)?)
    }

    /// Check the parameters and load the tile grids of `File` parameters, once for any
    /// number of seeds (see [`RuleSet::generate_resolved`]).
    ///
    /// # Errors
    /// As [`RuleSet::resolve_params`] and [`RuleSet::load_assets`].
    pub fn resolve(&self, given: &Params) -> Result<Resolved, GenError> {
        if self.selects() {
            // checked against the chosen rule set when each seed runs (see generate_resolved)
            self.pick(given)?;
            return Ok(Resolved {
                values: Vec::new(),
                assets: Vec::new(),
                given: Some(given.clone()),
            });
        }
        Ok(Resolved {
            given: None,
            values: self.resolve_params(given)?,
            assets: self.load_assets(given)?,
        })
    }

    /// Generate one dungeon from parameters resolved by [`RuleSet::resolve`]: no file is
    /// read, the loaded tile grids are shared.
    ///
    /// # Errors
    /// A `Retry` whose budget ran out (naming the failing conditions and their counts).
    pub fn generate_resolved(&self, seed: u64, r: &Resolved) -> Result<Dungeon, GenError> {
        self.generate_resolved_with(seed, r, &mut NoTrace)
    }

    /// [`RuleSet::generate_resolved`], showing every step and restart to `observer` (a
    /// selecting rule set shows those of the rule set it chose).
    ///
    /// # Errors
    /// As [`RuleSet::generate_resolved`], and [`GenError::Cancelled`] when the observer says so.
    pub fn generate_resolved_with<O: Observer>(
        &self,
        seed: u64,
        r: &Resolved,
        observer: &mut O,
    ) -> Result<Dungeon, GenError> {
        if let (true, Some(given)) = (self.selects(), &r.given) {
            let (rs, p) = self.pick(given)?;
            return rs.generate_resolved_with(seed, &rs.resolve(&p)?, observer);
        }
        let (st, attempts) = self.run_with(seed, &r.values, &r.assets, observer)?;
        Ok(self.finish(st, seed, &r.values, attempts))
    }

    /// Generate, showing every step to `observer` (which may also cancel the run).
    ///
    /// # Errors
    /// As [`RuleSet::generate`], and [`GenError::Cancelled`] when the observer says so.
    pub fn generate_with<O: Observer>(
        &self,
        seed: u64,
        params: &Params,
        observer: &mut O,
    ) -> Result<Dungeon, GenError> {
        if self.selects() {
            let (rs, p) = self.pick(params)?;
            return rs.generate_with(seed, &p, observer);
        }
        let values = self.resolve_params(params)?;
        let assets = self.load_assets(params)?;
        let (st, attempts) = self.run_with(seed, &values, &assets, observer)?;
        Ok(self.finish(st, seed, &values, attempts))
    }

    /// Generate, recording the state after every operator step.
    pub fn generate_traced(
        &self,
        seed: u64,
        params: &Params,
    ) -> Result<(Dungeon, Trace), GenError> {
        if self.selects() {
            let (rs, p) = self.pick(params)?;
            return rs.generate_traced(seed, &p);
        }
        let values = self.resolve_params(params)?;
        let assets = self.load_assets(params)?;
        let mut trace = Trace::default();
        let (st, attempts) = self.run_with(seed, &values, &assets, &mut trace)?;
        Ok((self.to_dungeon(&st, seed, &values, attempts), trace))
    }

    /// Load the tile grids named by `File` parameters in `given` (in file-parameter order;
    /// `None` where not given).
    ///
    /// # Errors
    /// [`GenError::Param`] naming the parameter and the file problem.
    pub fn load_assets(&self, given: &Params) -> Result<Vec<Option<Arc<TileGrid>>>, GenError> {
        self.file_params
            .iter()
            .map(|name| match given.0.get(name).map(|s| s.trim()) {
                Some(path) if !path.is_empty() => TileGrid::read(Path::new(path))
                    .map(|g| Some(Arc::new(g)))
                    .map_err(|e| GenError::Param(format!("parameter `{name}`: {e}"))),
                _ => Ok(None),
            })
            .collect()
    }

    /// Run the steps with parameter `values` (from [`RuleSet::resolve_params`]); returns the
    /// final state and the number of restarts. `File` parameters are treated as not given.
    pub fn run<O: Observer>(
        &self,
        seed: u64,
        values: &[Value],
        observer: &mut O,
    ) -> Result<(State, u32), GenError> {
        self.run_with(seed, values, &[], observer)
    }

    /// [`RuleSet::run`] with the tile grids of `File` parameters (from
    /// [`RuleSet::load_assets`]).
    pub fn run_with<O: Observer>(
        &self,
        seed: u64,
        values: &[Value],
        assets: &[Option<Arc<TileGrid>>],
        observer: &mut O,
    ) -> Result<(State, u32), GenError> {
        if seed > self.rng.max_seed() {
            return Err(GenError::Param(format!(
                "out of range: this rule set's generator ({}) takes seeds 0..={}",
                self.rng.name(),
                self.rng.max_seed()
            )));
        }
        let mut st = State::with_cells(
            (self.width, self.height),
            (self.cell[0], self.cell[1]),
            self.lists.len(),
            self.n_vars,
            self.markers.len(),
            self.layers.len(),
            Rng::new(&self.rng, seed),
        );
        for (p, v) in self.params.iter().zip(values) {
            st.vars[p.slot as usize] = *v;
        }
        st.tallies = vec![0; self.tallies.len()];
        st.value_lists = vec![Vec::new(); self.value_lists.len()];
        st.set_walkables(self.walkables.clone());
        st.assets = assets.to_vec();
        st.assets.resize(self.file_params.len(), None);
        st.budget = crate::engine::budget::Budget::until(observer.deadline());
        st.scratch = self.scratch.take().unwrap_or_default();
        let mut rc = RunCx {
            labels: &self.labels,
            failures: &self.failures,
            fail_counts: vec![0; self.failures.len()],
            attempts: 0,
            observer,
            procedures: &self.procedures,
            depth: 0,
            frames: Vec::new(),
        };
        match run_steps(&self.steps, &mut st, &mut rc)? {
            Flow::Continue => Ok((st, rc.attempts)),
            Flow::Fail(id) => {
                let f = &self.failures[id as usize];
                Err(GenError::Failed {
                    what: format!("{} at {}", f.what, f.at),
                })
            }
            Flow::Abort(id) => {
                let f = &self.failures[id as usize];
                let params = self
                    .params
                    .iter()
                    .zip(values)
                    .map(|(p, v)| (p, p.show(*v)))
                    .filter(|(_, v)| !v.is_empty())
                    .map(|(p, v)| format!("{}={v}", p.name))
                    .collect::<Vec<_>>()
                    .join(", ");
                Err(GenError::Stuck {
                    what: format!("{} at {}", f.what, f.at),
                    seed,
                    params,
                })
            }
        }
    }
}
