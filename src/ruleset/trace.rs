//! Traces: the state after every operator step of a run, for step-through and debugging,
//! with the attempt each step belongs to and where `Retry` restarted.

use crate::engine::{State, StepLabel};
use crate::interpreter::Observer;

/// The state after each operator step of one generation (including failed attempts).
#[derive(Debug, Default)]
pub struct Trace {
    /// One frame per operator step, in order.
    pub frames: Vec<Frame>,
    /// Every restart of a `Retry`, in order: (the number of frames recorded before it, the
    /// failure point that did not hold — an index into `RuleSet::failure_points`).
    pub restarts: Vec<(usize, u32)>,
}

/// One recorded step.
#[derive(Debug)]
pub struct Frame {
    /// The step.
    pub label: StepLabel,
    /// The state after it.
    pub state: State,
    /// Restarts before this step (0 in the first attempt).
    pub attempt: u32,
}

impl Trace {
    /// The failure point whose failure restarted the run right after frame `i`, if any.
    pub fn restart_after(&self, i: usize) -> Option<u32> {
        self.restarts
            .iter()
            .find(|&&(n, _)| n == i + 1)
            .map(|&(_, f)| f)
    }

    /// The first frame after `i` that is followed by a restart (`forward`), or the last one
    /// before `i` (backward).
    pub fn next_restart(&self, i: usize, forward: bool) -> Option<usize> {
        let ends = self.restarts.iter().filter_map(|&(n, _)| n.checked_sub(1));
        if forward {
            ends.filter(|&e| e > i).min()
        } else {
            ends.filter(|&e| e < i).max()
        }
    }

    /// The next (previous) frame after (before) `i` of a `Named` step.
    pub fn next_named(&self, i: usize, forward: bool) -> Option<usize> {
        let named = |k: &usize| {
            let l = &self.frames[*k].label;
            l.name != l.kind
        };
        if forward {
            (i + 1..self.frames.len()).find(named)
        } else {
            (0..i).rev().find(named)
        }
    }
}

impl Observer for Trace {
    fn after_step(&mut self, label: &StepLabel, st: &State) {
        self.frames.push(Frame {
            label: label.clone(),
            state: st.snapshot(),
            attempt: self.restarts.len() as u32,
        });
    }

    fn restarted(&mut self, failure: u32) {
        self.restarts.push((self.frames.len(), failure));
    }
}

/// Records only frames `first..first + count` of a run (and counts them all): a page of a
/// trace, whatever the length of the run, in the memory of `count` states.
#[derive(Debug, Default)]
pub struct Window {
    /// The first frame kept.
    pub first: usize,
    /// Most frames kept.
    pub count: usize,
    /// The frames kept, in order (frame `first + i` at `i`).
    pub frames: Vec<Frame>,
    /// Every frame of the run, kept or not.
    pub seen: usize,
    /// Restarts so far.
    pub restarts: u32,
    /// Every frame of the run, kept or not: its attempt and whether its step is named
    /// (`name` differs from `kind`), for jumps over a run whose frames are not all kept.
    pub outline: Vec<(u32, bool)>,
    /// Every restart: (frames seen before it, the failure point that did not hold), as
    /// [`Trace::restarts`].
    pub restart_points: Vec<(usize, u32)>,
}

impl Window {
    /// Keep frames `first..first + count`.
    pub fn new(first: usize, count: usize) -> Window {
        Window {
            first,
            count,
            ..Window::default()
        }
    }
}

impl Observer for Window {
    fn after_step(&mut self, label: &StepLabel, st: &State) {
        if self.seen >= self.first && self.frames.len() < self.count {
            self.frames.push(Frame {
                label: label.clone(),
                state: st.snapshot(),
                attempt: self.restarts,
            });
        }
        self.outline.push((self.restarts, label.name != label.kind));
        self.seen += 1;
    }

    fn restarted(&mut self, failure: u32) {
        self.restart_points.push((self.seen, failure));
        self.restarts += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(t: &mut Trace, name: &str) {
        let label = StepLabel {
            name: name.into(),
            kind: "FillRect",
            at: String::new(),
        };
        let rng = crate::rng::Rng::new(&crate::rng::RngSpec::Pcg64, 1);
        t.after_step(&label, &State::new(1, 1, 0, 0, 0, 0, rng));
    }

    #[test]
    fn a_window_keeps_its_frames_and_counts_all() {
        let mut w = Window::new(2, 2);
        let rng = crate::rng::Rng::new(&crate::rng::RngSpec::Pcg64, 1);
        let st = State::new(1, 1, 0, 0, 0, 0, rng);
        for name in ["a", "b", "c", "d", "e"] {
            let label = StepLabel {
                name: name.into(),
                kind: "FillRect",
                at: String::new(),
            };
            w.after_step(&label, &st);
            if name == "b" {
                w.restarted(0);
            }
        }
        let kept: Vec<(&str, u32)> = w
            .frames
            .iter()
            .map(|f| (f.label.name.as_str(), f.attempt))
            .collect();
        assert_eq!(kept, [("c", 1), ("d", 1)]);
        assert_eq!(w.seen, 5);
        // the outline covers every frame, kept or not: the step `kind` is FillRect, so
        // every name but none is a named step
        assert_eq!(
            w.outline,
            [(0, true), (0, true), (1, true), (1, true), (1, true)]
        );
        assert_eq!(w.restart_points, [(2, 0)]);
    }

    #[test]
    fn a_window_outlines_restarts_and_named_steps_outside_its_frames() {
        let mut w = Window::new(0, 1);
        let rng = crate::rng::Rng::new(&crate::rng::RngSpec::Pcg64, 1);
        let st = State::new(1, 1, 0, 0, 0, 0, rng);
        let step = |w: &mut Window, name: &str| {
            let label = StepLabel {
                name: name.into(),
                kind: "FillRect",
                at: String::new(),
            };
            w.after_step(&label, &st);
        };
        step(&mut w, "FillRect");
        step(&mut w, "walls");
        w.restarted(4);
        step(&mut w, "FillRect");
        w.restarted(2);
        step(&mut w, "FillRect");
        assert_eq!(w.frames.len(), 1);
        assert_eq!(w.outline, [(0, false), (0, true), (1, false), (2, false)]);
        assert_eq!(w.restart_points, [(2, 4), (3, 2)]);
    }

    #[test]
    fn attempts_restarts_and_named_steps() {
        let mut t = Trace::default();
        frame(&mut t, "FillRect");
        frame(&mut t, "walls");
        t.restarted(4);
        frame(&mut t, "FillRect");
        frame(&mut t, "walls");
        t.restarted(2);
        frame(&mut t, "FillRect");
        let attempts: Vec<u32> = t.frames.iter().map(|f| f.attempt).collect();
        assert_eq!(attempts, [0, 0, 1, 1, 2]);
        assert_eq!(t.restart_after(1), Some(4));
        assert_eq!(t.restart_after(3), Some(2));
        assert_eq!(t.restart_after(2), None);
        assert_eq!(t.next_restart(0, true), Some(1));
        assert_eq!(t.next_restart(1, true), Some(3));
        assert_eq!(t.next_restart(3, true), None);
        assert_eq!(t.next_restart(4, false), Some(3));
        assert_eq!(t.next_named(1, true), Some(3));
        assert_eq!(t.next_named(3, false), Some(1));
        assert_eq!(t.next_named(3, true), None);
    }
}
