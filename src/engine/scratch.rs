//! Buffers and caches the operators reuse, owned by the run state (never by statics).
//!
//! * [`Scratch`]: what one run's operators reuse from step to step and attempt to attempt: the
//!   toolkit's distance field and region labels, and a store of buffers by type
//!   ([`Scratch::take`], [`Scratch::put`]) for an operator's own scratch types (bit planes
//!   of a scan, a walk's memo table, frontier lists), so the toolkit need not know them.
//! * [`ScratchPool`]: the scratch of finished runs, kept by the compiled rule set so that the
//!   next run (the next seed of a batch, on any thread) starts with grown buffers and
//!   allocates nothing. The same [`Pool`] keeps the dungeons a batch gives back
//!   (`RuleSet::recycle`), whose buffers the next run's output is written into.
//!
//! Nothing in a scratch is part of a result: an operator must not expect anything of a
//! buffer's contents when it takes it (a cache checks what it holds before using it), so the
//! output never depends on which run used a buffer before, nor on the order runs end in.

use std::any::Any;
use std::sync::Mutex;

/// Buffers operators reuse within a run (see the module doc). A restore (`Retry`) leaves
/// them as they are; a clone (a snapshot) starts empty ones.
#[derive(Debug, Default)]
pub struct Scratch {
    /// Walking distances written into a layer (the toolkit's breadth-first search).
    pub distances: super::walk::LayerDistances,
    /// Region labels.
    pub regions: super::walk::Regions,
    /// Operators' own buffers, at most one of each type.
    store: Vec<Box<dyn Any + Send>>,
}

impl Clone for Scratch {
    /// Empty buffers: a snapshot never shares or copies scratch.
    fn clone(&self) -> Self {
        Scratch::default()
    }
}

impl Scratch {
    /// Take this run's buffer of type `T` out (a new `T::default()` when there is none);
    /// give it back with [`Scratch::put`] when done so the next step reuses it. Its
    /// contents are whatever the last user left.
    pub fn take<T: Default + Send + 'static>(&mut self) -> T {
        // the box stays (holding a default `T`), so that `put` allocates nothing
        self.store
            .iter_mut()
            .find_map(|b| b.downcast_mut::<T>())
            .map(std::mem::take)
            .unwrap_or_default()
    }

    /// Keep `t` for the next [`Scratch::take`] of its type (replacing one kept before).
    pub fn put<T: Send + 'static>(&mut self, t: T) {
        match self.store.iter_mut().find_map(|b| b.downcast_mut::<T>()) {
            Some(kept) => *kept = t,
            None => self.store.push(Box::new(t)),
        }
    }

    /// Run `f` with this run's buffer of type `T` (taken, then put back).
    pub fn with<T: Default + Send + 'static, R>(&mut self, f: impl FnOnce(&mut T) -> R) -> R {
        let mut t = self.take::<T>();
        let r = f(&mut t);
        self.put(t);
        r
    }
}

/// Things finished runs leave for later ones (see the module doc): the scratch of finished
/// runs ([`ScratchPool`]), or the output buffers of dungeons given back (a rule set's spare
/// dungeons). `Sync`: runs on many threads take and give back under a lock held only for
/// the move.
#[derive(Debug)]
pub struct Pool<T>(Mutex<Vec<T>>);

/// The scratch of finished runs.
pub type ScratchPool = Pool<Scratch>;

/// At most this many things are kept (one per thread that runs at once is enough).
const KEEP: usize = 64;

impl<T> Default for Pool<T> {
    fn default() -> Self {
        Pool(Mutex::new(Vec::new()))
    }
}

impl<T> Pool<T> {
    /// The thing kept last, if any.
    pub fn take(&self) -> Option<T> {
        self.0.lock().ok().and_then(|mut v| v.pop())
    }

    /// Keep `t` for a later [`Pool::take`] (dropped when the pool is full).
    pub fn give(&self, t: T) {
        if let Ok(mut v) = self.0.lock() {
            if v.len() < KEEP {
                v.push(t);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_buffer_put_back_is_the_one_taken_next_and_clones_start_empty() {
        let mut s = Scratch::default();
        assert_eq!(s.take::<Vec<u32>>(), Vec::<u32>::new());
        s.put(vec![1u32, 2]);
        s.put(String::from("x"));
        s.with(|v: &mut Vec<u32>| v.push(3));
        assert_eq!(s.take::<Vec<u32>>(), vec![1, 2, 3]);
        // taken: gone until put back
        assert_eq!(s.take::<Vec<u32>>(), Vec::<u32>::new());
        assert_eq!(s.clone().take::<String>(), "");
        assert_eq!(s.take::<String>(), "x");
    }

    #[test]
    fn the_pool_gives_back_what_a_finished_run_left() {
        let pool = ScratchPool::default();
        assert!(pool.take().is_none());
        let mut s = Scratch::default();
        s.put(vec![7u8]);
        pool.give(s);
        assert_eq!(pool.take().map(|mut s| s.take::<Vec<u8>>()), Some(vec![7]));
        assert!(pool.take().is_none());
    }
}
