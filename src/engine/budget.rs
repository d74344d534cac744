//! A run's time budget, carried by the [`super::State`] and consulted inside long loops.
//!
//! A deadline (`--timeout`, the server's budget per dungeon) is checked by the interpreter
//! after every operator step and at every `Retry` restart, and by operators inside their
//! long loops (automaton iterations, walks, tries) through [`Budget::spend`]: a loop spends
//! the work it did (about one unit per cell visited or step taken) and stops when it
//! returns `true`; the interpreter then ends the run with [`super::GenError::TimedOut`]
//! naming the step. The hot-path cost is one subtraction and one comparison; the clock is
//! read once every [`CHECK_EVERY`] units, and never without a deadline.

use std::time::Instant;

/// Units of work between two readings of the clock (about 10–100 µs of work).
pub const CHECK_EVERY: u64 = 1 << 16;

/// The time budget of one run.
#[derive(Debug, Clone)]
pub struct Budget {
    /// Units left before the clock is read again.
    left: u64,
    deadline: Option<Instant>,
    over: bool,
}

impl Default for Budget {
    /// No deadline.
    fn default() -> Budget {
        Budget::until(None)
    }
}

impl Budget {
    /// A budget that ends at `deadline` (none: never).
    pub fn until(deadline: Option<Instant>) -> Budget {
        Budget {
            left: if deadline.is_some() {
                CHECK_EVERY
            } else {
                u64::MAX
            },
            deadline,
            over: false,
        }
    }

    /// Count `work` units; `true` once the deadline has passed (and from then on).
    #[inline(always)]
    pub fn spend(&mut self, work: u64) -> bool {
        if work < self.left {
            self.left -= work;
            return false;
        }
        self.read_clock()
    }

    /// Read the clock now (when there is a deadline); `true` once it has passed.
    #[inline]
    pub fn checkpoint(&mut self) -> bool {
        if self.deadline.is_none() {
            return false;
        }
        self.read_clock()
    }

    #[cold]
    fn read_clock(&mut self) -> bool {
        match self.deadline {
            Some(t) => {
                self.over = self.over || Instant::now() >= t;
                self.left = if self.over { 0 } else { CHECK_EVERY };
            }
            None => self.left = u64::MAX,
        }
        self.over
    }

    /// Whether the deadline has been seen to pass.
    #[inline(always)]
    pub fn over(&self) -> bool {
        self.over
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn without_a_deadline_nothing_is_ever_over() {
        let mut b = Budget::default();
        for _ in 0..1000 {
            assert!(!b.spend(u64::MAX / 2));
        }
        assert!(!b.checkpoint() && !b.over());
    }

    #[test]
    fn a_passed_deadline_is_seen_within_check_every_units() {
        let mut b = Budget::until(Some(Instant::now() - Duration::from_millis(1)));
        assert!(!b.spend(CHECK_EVERY - 1), "the clock is not read yet");
        assert!(b.spend(1), "read now");
        assert!(b.spend(0) && b.over(), "and it stays over");
        let mut later = Budget::until(Some(Instant::now() + Duration::from_secs(3600)));
        assert!(!later.spend(10 * CHECK_EVERY) && !later.checkpoint());
    }
}
