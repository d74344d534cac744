//! Issue 43: what an operator declares it writes ([`Runnable::writes`]) is what it writes.
//! Every operator step of every shipped rule set, on several seeds (so on many different
//! states), is run with an observer that copies the state before the step and, after it,
//! compares every part the declaration leaves out: a step that declared `Only { layers, vars }`
//! and changed another layer, a variable, a room, a door, a marker or a segment list fails
//! here, with the step's name and place. (Lists and tallies are left out of the comparison: a
//! `Retry` restores them whatever its steps declare, since any expression may pop a list.)
//!
//! [`Runnable::writes`]: undercroft::operator::Runnable::writes

use std::path::{Path, PathBuf};
use undercroft::engine::{State, StepLabel};
use undercroft::interpreter::Observer;
use undercroft::operator::Writes;
use undercroft::{Params, RuleSet};

/// The state before the current step, when that step declared what it writes.
#[derive(Default)]
struct Checker {
    before: Option<(State, Vec<u16>, Vec<u16>)>,
    /// Steps checked (with a declaration), for the test's own sanity check.
    checked: usize,
}

impl Observer for Checker {
    fn before_step(&mut self, _label: &StepLabel, writes: Writes<'_>, st: &State) {
        self.before = match writes {
            Writes::Anything => None,
            Writes::Only { layers, vars } => Some((st.snapshot(), layers.to_vec(), vars.to_vec())),
        };
    }

    fn after_step(&mut self, label: &StepLabel, st: &State) {
        let Some((b, layers, vars)) = self.before.take() else {
            return;
        };
        self.checked += 1;
        let step = format!("{} `{}` at {}", label.kind, label.name, label.at);
        assert_eq!(
            (b.width, b.height),
            (st.width, st.height),
            "{step} resized the grid"
        );
        assert!(b.cells == st.cells, "{step} changed the room grid");
        assert!(b.rooms == st.rooms, "{step} changed the rooms");
        assert!(b.room_cells == st.room_cells, "{step} changed room cells");
        assert!(b.doors == st.doors, "{step} changed the doors");
        assert!(b.markers == st.markers, "{step} changed a marker");
        assert!(b.segments == st.segments, "{step} changed a segment list");
        for (i, (x, y)) in b.vars.iter().zip(&st.vars).enumerate() {
            let same = x == y || (format!("{x:?}") == format!("{y:?}"));
            assert!(
                same || vars.contains(&(i as u16)),
                "{step} wrote variable slot {i} ({x:?} -> {y:?}) but does not declare it"
            );
        }
        assert!(st.vars.len() == b.vars.len(), "{step} added variables");
        for (i, layer) in st.layers().iter().enumerate() {
            let old = b.layers().get(i).map_or(&[][..], |l| &l[..]);
            assert!(
                layer[..] == *old || layers.contains(&(i as u16)),
                "{step} wrote tile layer {i} but does not declare it"
            );
        }
    }
}

fn rule_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            rule_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "ron") {
            out.push(p);
        }
    }
}

#[test]
fn every_operator_writes_only_what_it_declares() {
    let mut files = Vec::new();
    rule_files(Path::new("rules"), &mut files);
    files.sort();
    let mut checked = 0;
    for f in &files {
        let Ok(rs) = RuleSet::load(f) else {
            continue; // a file meant to be included or extended, not run alone
        };
        let levels: &[i64] = if f.ends_with("diablo/diablo.ron") {
            &[1, 5, 9, 13]
        } else {
            &[0]
        };
        for &level in levels {
            let params = if level > 0 {
                Params::new().set("level", level)
            } else {
                Params::new()
            };
            for seed in 1..=3 {
                let mut c = Checker::default();
                let _ = rs.generate_with(seed, &params, &mut c);
                checked += c.checked;
            }
        }
    }
    assert!(checked > 1000, "only {checked} declared steps were checked");
}
