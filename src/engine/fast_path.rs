//! The switches unit tests use to turn an operator's fast path off, so that one test runs
//! the same steps both ways and compares the outputs. One per fast path; outside tests
//! [`allowed`] is the constant `true` and costs nothing.

/// A fast path a unit test can turn off (what the operator does instead is in brackets).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FastPath {
    /// `FixRules`: the row loop and the bit planes (every cell, with bounds-checked tests).
    RuleScan,
    /// `PlaceMiniset`: runs of tries along a row (every try alone).
    MinisetRuns,
    /// `RiverWalk`: probes from the list of start cells (a scan of the layer).
    StartList,
    /// `CrawlBlocks`: fills in row masks (the layer, a cell at a time).
    CrawlMasks,
    /// `BudRooms`: checks and marks in row masks (on the layer's cells).
    BudMasks,
    /// `BudRooms`: a pair table for a room's later size draws (a check per draw).
    BudTables,
    /// `BudRooms`: a pair table from the check shapes found at compile time (from the
    /// parent's checks).
    BudShapes,
    /// `BudRooms`: a room's later size draws read a table per pair of draws (per pair of
    /// size classes).
    BudDrawPairs,
    /// `FillVoids`: a wall's probes drawn in one loop (a probe at a time).
    VoidProbes,
    /// `RoughenRuns`: lines read from bit planes (cell by cell).
    RunPlanes,
    /// `WalkCorridors`: two recorded moves taken with one read (a move at a time).
    WalkPairs,
    /// Expressions: the tree of typed nodes (the stack code).
    ExprTrees,
}

/// A place where an operator takes a plainer path than the grid toolkit's because of the
/// grid's size (each counted by [`fell_back`] so that a test can see the paths a 40-, a
/// 200- and a 1000-wide grid take). None is left: the last one, budding's pair tables past
/// 64 cells, now reads its row unions over a 64-column window
/// ([`RowMasks::window`](super::row_masks::RowMasks::window)). A new operator that needs a
/// width-dependent path adds a variant here and counts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Fallback {}

/// Count a fallback taken (in unit tests, see `count_fallbacks`; nothing otherwise).
#[inline(always)]
pub fn fell_back(f: Fallback) {
    #[cfg(test)]
    FELL.with(|v| v.borrow_mut().push(f));
    #[cfg(not(test))]
    let _ = f;
}

#[cfg(test)]
thread_local! {
    /// The fallbacks taken on this thread inside [`count_fallbacks`].
    static FELL: std::cell::RefCell<Vec<Fallback>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Run `f`, returning the fallbacks it took (sorted, each once).
#[cfg(test)]
pub fn count_fallbacks<R>(f: impl FnOnce() -> R) -> (R, Vec<Fallback>) {
    FELL.with(|v| v.borrow_mut().clear());
    let r = f();
    let mut fell = FELL.with(|v| std::mem::take(&mut *v.borrow_mut()));
    fell.sort_unstable();
    fell.dedup();
    (r, fell)
}

#[cfg(test)]
thread_local! {
    /// Bit `p as u32` set: fast path `p` is off on this thread.
    static OFF: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// Whether fast path `p` may be taken: always, but inside `run_with` in a unit test.
#[inline(always)]
pub fn allowed(p: FastPath) -> bool {
    #[cfg(test)]
    return OFF.with(|o| o.get() & 1 << p as u32 == 0);
    #[cfg(not(test))]
    {
        let _ = p;
        true
    }
}

/// Run `f` on this thread with the fast paths of `off` turned off; they are as they were
/// afterwards, also when `f` panics.
#[cfg(test)]
pub fn run_with<R>(off: &[FastPath], f: impl FnOnce() -> R) -> R {
    struct Restore(u32);
    impl Drop for Restore {
        fn drop(&mut self) {
            OFF.with(|o| o.set(self.0));
        }
    }
    let before = OFF.with(|o| o.get());
    let _restore = Restore(before);
    let bits = off.iter().fold(before, |b, &p| b | 1 << p as u32);
    OFF.with(|o| o.set(bits));
    f()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_is_off_inside_run_with_only_and_back_on_after_a_panic() {
        assert!(allowed(FastPath::BudTables));
        run_with(&[FastPath::BudTables, FastPath::RuleScan], || {
            assert!(!allowed(FastPath::BudTables) && !allowed(FastPath::RuleScan));
            assert!(allowed(FastPath::BudMasks));
            // nested: the outer switches stay off
            run_with(&[FastPath::BudMasks], || {
                assert!(!allowed(FastPath::BudMasks) && !allowed(FastPath::BudTables))
            });
            assert!(allowed(FastPath::BudMasks));
        });
        let r = std::panic::catch_unwind(|| run_with(&[FastPath::MinisetRuns], || panic!("x")));
        assert!(r.is_err());
        assert!(allowed(FastPath::MinisetRuns) && allowed(FastPath::BudTables));
    }
}
