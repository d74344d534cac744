//! The reload loop without a terminal: the last good rule set, the current diagnostics, and
//! the files to watch.
//!
//! A reload reads every file of the rule set once into a snapshot (so one load sees one
//! consistent set of contents, and a save that changed nothing is recognised and skipped),
//! then loads from that snapshot. A broken save keeps the last good rule set and records the
//! diagnostics; the next good save clears them.

use super::watch::{path_key, FileWatch};
use crate::ruleset::load::{Kind, Reader};
use crate::ruleset::{Diagnostics, RuleSet};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Reads through to disk, remembering what was read (by [`path_key`]).
#[derive(Default)]
struct Snapshot {
    texts: Mutex<BTreeMap<PathBuf, String>>,
}

impl Reader for Snapshot {
    fn read(&self, path: &Path) -> std::io::Result<String> {
        self.read_as(path, Kind::Rules)
    }
    fn read_as(&self, path: &Path, kind: Kind) -> std::io::Result<String> {
        let text = crate::input::read_text(path, kind)?;
        let mut t = self.texts.lock().unwrap_or_else(|e| e.into_inner());
        t.insert(path_key(path), text.clone());
        Ok(text)
    }
}

/// What a reload did.
#[derive(Debug)]
pub enum Reload {
    /// Every file reads as before: nothing to do.
    Unchanged,
    /// A new rule set is loaded.
    Loaded(Arc<RuleSet>),
    /// The save is broken; the last good rule set (if any) stays.
    Broken(Diagnostics),
}

/// The live state of one rule set under edit.
pub struct Live {
    root: PathBuf,
    /// The last rule set that loaded.
    pub rules: Option<Arc<RuleSet>>,
    /// The problems of the current files, when the last save was broken.
    pub diagnostics: Option<Diagnostics>,
    /// Files read by the last load and their contents.
    texts: BTreeMap<PathBuf, String>,
    /// How many reloads produced a new rule set or new diagnostics.
    pub reloads: u64,
}

impl Live {
    /// Load `root` for the first time (broken or not).
    pub fn open(root: impl AsRef<Path>) -> Live {
        let mut l = Live {
            root: root.as_ref().to_path_buf(),
            rules: None,
            diagnostics: None,
            texts: BTreeMap::new(),
            reloads: 0,
        };
        l.load();
        l
    }

    /// The rule file the user named.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The files to watch: every file the last load read, the root, and the files of the
    /// last good rule set (so a broken `extends` path does not lose the old parent).
    pub fn files(&self) -> Vec<PathBuf> {
        let mut f: Vec<PathBuf> = self.texts.keys().cloned().collect();
        f.push(path_key(&self.root));
        if let Some(r) = &self.rules {
            f.extend(r.files.iter().map(|p| path_key(p)));
        }
        f.sort();
        f.dedup();
        f
    }

    /// Reload if any file's content differs from the last load.
    pub fn reload(&mut self) -> Reload {
        let unchanged = !self.texts.is_empty()
            && self
                .texts
                .iter()
                .all(|(p, t)| crate::input::read_text(p, Kind::Rules).is_ok_and(|now| now == *t));
        if unchanged {
            return Reload::Unchanged;
        }
        self.load()
    }

    fn load(&mut self) -> Reload {
        let snap = Snapshot::default();
        let result = RuleSet::load_with(&self.root, &snap);
        self.texts = snap.texts.into_inner().unwrap_or_else(|e| e.into_inner());
        self.reloads += 1;
        match result {
            Ok(rs) => {
                let rs = Arc::new(rs);
                self.rules = Some(rs.clone());
                self.diagnostics = None;
                Reload::Loaded(rs)
            }
            Err(d) => {
                self.diagnostics = Some(d.clone());
                Reload::Broken(d)
            }
        }
    }
}

/// [`Live`] plus a [`FileWatch`] on its files: the blocking loop the preview's worker and
/// the tests drive.
pub struct Session {
    /// The loaded rules.
    pub live: Live,
    /// The watched files.
    pub watch: FileWatch,
}

impl Session {
    /// Open `root` and watch its files, releasing a save `quiet` after its last event.
    ///
    /// # Errors
    /// When file watching cannot start.
    pub fn open(root: impl AsRef<Path>, quiet: Duration) -> notify::Result<Session> {
        let live = Live::open(root);
        let watch = FileWatch::new(quiet)?;
        watch.set_files(&live.files())?;
        Ok(Session { live, watch })
    }

    /// Wait up to `timeout` for a save that changes something, and reload. `None` when the
    /// time ran out.
    pub fn next(&mut self, timeout: Duration) -> Option<Reload> {
        let end = std::time::Instant::now() + timeout;
        loop {
            let left = end.saturating_duration_since(std::time::Instant::now());
            self.watch.next_batch(left)?;
            match self.live.reload() {
                Reload::Unchanged => continue,
                r => {
                    // a changed `extends` changes the files to watch
                    let _ = self.watch.set_files(&self.live.files());
                    return Some(r);
                }
            }
        }
    }
}
