//! Watching the files of a rule set: notify events in, one settled batch of changed rule
//! files out per save.
//!
//! Editors save in different ways, and each must give exactly one batch:
//! - **rename-over** (vim's backup dance, atomic writers): the file's inode is replaced, so
//!   the *directories* are watched and events are matched by path, never by inode;
//! - **safe-write through temp files** (JetBrains `x___jb_tmp___`): only the rule set's own
//!   paths are relevant, temp names never are;
//! - **truncate-then-write** (VS Code) and **several modify events per save**: events are
//!   debounced (a batch is released `quiet` after the last relevant event), and a batch in
//!   which a changed file is empty or missing is held back until it has content (at most
//!   [`HOLD_EMPTY`], after which the empty/missing file is reported like any other save);
//! - **a burst over several files** (a rule file and what it `extends`): one batch with all.
//!
//! Files are never opened by the watcher (only `metadata` is read), so nothing is locked.

use notify::event::{AccessKind, AccessMode, EventKind, ModifyKind};
use notify::{RecommendedWatcher, RecursiveMode, Watcher};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How long a batch with an empty or missing file is held back at most.
pub const HOLD_EMPTY: Duration = Duration::from_millis(1500);

/// The shortest wait before a held-back batch is looked at again.
pub const MIN_HOLD: Duration = Duration::from_millis(5);

/// The key a path is matched by: its directory canonicalised (symlinks, `..`, relative
/// paths resolved) joined with its file name. The file itself need not exist.
pub fn path_key(p: &Path) -> PathBuf {
    let abs = std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
    match (abs.parent(), abs.file_name()) {
        (Some(dir), Some(name)) => std::fs::canonicalize(dir)
            .unwrap_or_else(|_| dir.to_path_buf())
            .join(name),
        _ => abs,
    }
}

/// The pure debouncing logic (no clock, no file system): relevant paths in, a batch out
/// once `quiet` has passed since the last relevant event.
#[derive(Debug)]
pub struct Debounce {
    quiet: Duration,
    last: Option<Instant>,
    first: Option<Instant>,
    changed: BTreeSet<PathBuf>,
}

impl Debounce {
    /// A debouncer that waits for `quiet` without events.
    pub fn new(quiet: Duration) -> Debounce {
        Debounce {
            quiet,
            last: None,
            first: None,
            changed: BTreeSet::new(),
        }
    }

    /// Record a change of `key` at `now`.
    pub fn touch(&mut self, key: PathBuf, now: Instant) {
        self.first.get_or_insert(now);
        self.last = Some(now);
        self.changed.insert(key);
    }

    /// When the pending batch becomes ready, if there is one.
    pub fn deadline(&self) -> Option<Instant> {
        self.last.map(|t| t + self.quiet)
    }

    /// How long the pending batch has been waiting.
    pub fn age(&self, now: Instant) -> Duration {
        self.first.map_or(Duration::ZERO, |f| now.duration_since(f))
    }

    /// Push the deadline back by `quiet`, and by at least [`MIN_HOLD`] (the batch is not
    /// complete yet; a zero `quiet` must not turn the wait into a busy loop).
    pub fn postpone(&mut self, now: Instant) {
        if self.last.is_some() {
            self.last = Some(now + MIN_HOLD.saturating_sub(self.quiet));
        }
    }

    /// The changed paths so far.
    pub fn pending(&self) -> &BTreeSet<PathBuf> {
        &self.changed
    }

    /// Take the batch.
    pub fn take(&mut self) -> Vec<PathBuf> {
        self.last = None;
        self.first = None;
        std::mem::take(&mut self.changed).into_iter().collect()
    }
}

/// Does an event of this kind mean the file's content may have changed?
fn is_change(kind: &EventKind) -> bool {
    match kind {
        EventKind::Access(AccessKind::Close(AccessMode::Write)) => true,
        EventKind::Access(_) => false,
        // attribute changes (including access times of our own reads) are not edits
        EventKind::Modify(ModifyKind::Metadata(_)) => false,
        _ => true,
    }
}

/// Watches the files of one rule set (their directories, matched by path).
pub struct FileWatch {
    watcher: Mutex<RecommendedWatcher>,
    rx: Mutex<Receiver<notify::Result<notify::Event>>>,
    files: Mutex<BTreeSet<PathBuf>>,
    dirs: Mutex<BTreeSet<PathBuf>>,
    debounce: Mutex<Debounce>,
}

impl FileWatch {
    /// A watcher that releases a batch `quiet` after the last change of a save.
    ///
    /// # Errors
    /// When the platform's file watching cannot be started.
    pub fn new(quiet: Duration) -> notify::Result<FileWatch> {
        let (tx, rx) = channel();
        let watcher = notify::recommended_watcher(move |ev| {
            let _ = tx.send(ev);
        })?;
        Ok(FileWatch {
            watcher: Mutex::new(watcher),
            rx: Mutex::new(rx),
            files: Mutex::new(BTreeSet::new()),
            dirs: Mutex::new(BTreeSet::new()),
            debounce: Mutex::new(Debounce::new(quiet)),
        })
    }

    /// Watch exactly these files from now on (keys from [`path_key`]). Directories no longer
    /// needed are unwatched.
    ///
    /// # Errors
    /// When a directory cannot be watched (it does not exist, or too many watches).
    pub fn set_files(&self, files: &[PathBuf]) -> notify::Result<()> {
        let keys: BTreeSet<PathBuf> = files.iter().map(|f| path_key(f)).collect();
        let want: BTreeSet<PathBuf> = keys
            .iter()
            .filter_map(|k| k.parent().map(Path::to_path_buf))
            .collect();
        let mut dirs = self.dirs.lock().unwrap_or_else(|e| e.into_inner());
        let mut w = self.watcher.lock().unwrap_or_else(|e| e.into_inner());
        for d in dirs.difference(&want) {
            let _ = w.unwatch(d);
        }
        let mut result = Ok(());
        for d in want.difference(&dirs) {
            if let Err(e) = w.watch(d, RecursiveMode::NonRecursive) {
                result = Err(e);
            }
        }
        *dirs = want;
        *self.files.lock().unwrap_or_else(|e| e.into_inner()) = keys;
        result
    }

    /// The watched files.
    pub fn files(&self) -> Vec<PathBuf> {
        let f = self.files.lock().unwrap_or_else(|e| e.into_inner());
        f.iter().cloned().collect()
    }

    /// Wait up to `timeout` for one settled save; returns the changed rule files.
    pub fn next_batch(&self, timeout: Duration) -> Option<Vec<PathBuf>> {
        let end = Instant::now() + timeout;
        let rx = self.rx.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            let now = Instant::now();
            let deadline = {
                let d = self.debounce.lock().unwrap_or_else(|e| e.into_inner());
                d.deadline()
            };
            if let Some(ready) = deadline {
                if now >= ready {
                    let mut d = self.debounce.lock().unwrap_or_else(|e| e.into_inner());
                    let incomplete = d.pending().iter().any(|p| {
                        std::fs::metadata(p).map_or(true, |m| m.is_file() && m.len() == 0)
                    });
                    if incomplete && d.age(now) < HOLD_EMPTY {
                        d.postpone(now);
                        continue;
                    }
                    return Some(d.take());
                }
            }
            let wake = deadline.map_or(end, |r| r.min(end));
            if now >= end && deadline.is_none_or(|r| r > end) {
                return None;
            }
            match rx.recv_timeout(wake.saturating_duration_since(now)) {
                Ok(Ok(ev)) => self.note(&ev, Instant::now()),
                Ok(Err(_)) => {}
                Err(RecvTimeoutError::Timeout) => {
                    if Instant::now() >= end && deadline.is_none_or(|r| r > end) {
                        return None;
                    }
                }
                Err(RecvTimeoutError::Disconnected) => return None,
            }
        }
    }

    /// Record the relevant paths of one notify event.
    fn note(&self, ev: &notify::Event, now: Instant) {
        let files = self.files.lock().unwrap_or_else(|e| e.into_inner());
        let mut d = self.debounce.lock().unwrap_or_else(|e| e.into_inner());
        if ev.need_rescan() {
            // the platform dropped events: any file may have changed
            for f in files.iter() {
                d.touch(f.clone(), now);
            }
            return;
        }
        if !is_change(&ev.kind) {
            return;
        }
        for p in &ev.paths {
            // notify reports paths under the (canonical) directory we watch
            let key = if files.contains(p) {
                p.clone()
            } else {
                path_key(p)
            };
            if files.contains(&key) {
                d.touch(key, now);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debounce_releases_once_after_the_quiet_time() {
        let t0 = Instant::now();
        let q = Duration::from_millis(50);
        let mut d = Debounce::new(q);
        assert_eq!(d.deadline(), None);
        d.touch("a".into(), t0);
        d.touch("a".into(), t0 + Duration::from_millis(30));
        d.touch("b".into(), t0 + Duration::from_millis(60));
        assert_eq!(d.deadline(), Some(t0 + Duration::from_millis(110)));
        assert_eq!(
            d.age(t0 + Duration::from_millis(70)),
            Duration::from_millis(70)
        );
        assert_eq!(d.take(), vec![PathBuf::from("a"), PathBuf::from("b")]);
        assert_eq!(d.deadline(), None);
    }

    #[test]
    fn path_keys_resolve_relative_and_dotted_paths() {
        let dir = std::env::temp_dir();
        let a = path_key(&dir.join("x").join("..").join("f.ron"));
        let b = path_key(&dir.join("f.ron"));
        // `x` does not exist, so the dotted form cannot be canonicalised: it must at
        // least stay absolute and end in the file name
        assert!(a.is_absolute() && a.ends_with("f.ron"));
        assert_eq!(b, std::fs::canonicalize(&dir).unwrap().join("f.ron"));
    }

    #[test]
    fn reads_and_attribute_changes_are_not_edits() {
        use notify::event::{MetadataKind, ModifyKind as M};
        assert!(!is_change(&EventKind::Access(AccessKind::Open(
            AccessMode::Any
        ))));
        assert!(!is_change(&EventKind::Modify(M::Metadata(
            MetadataKind::Any
        ))));
        assert!(is_change(&EventKind::Access(AccessKind::Close(
            AccessMode::Write
        ))));
        assert!(is_change(&EventKind::Modify(M::Data(
            notify::event::DataChange::Any
        ))));
    }
}
