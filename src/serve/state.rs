//! The server's shared state: the gallery asked for, the last good rule set and gallery, the
//! current status (diagnostics of a broken save, a parameter error), and the page
//! connections that are pushed every change as server-sent events.
//!
//! Generation runs on the preview's [`Runner`] loop (same watching, debounce and "last good
//! kept" as the terminal preview); [`handle`] is its handler.

use super::model;
use super::paths::Folder;
use super::summary::summary;
use super::view::view;
use crate::dungeon::Dungeon;
use crate::engine::GenError;
use crate::interpreter::{NoTrace, Stoppable, Until};
use crate::preview::runner::{Done, Event, Runner};
use crate::ruleset::{Params, RuleSet};
use rayon::prelude::*;
use serde_json::{json, Value};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The fewest seeds in the gallery.
pub const MIN_SEEDS: u32 = 4;
/// The most seeds in the gallery.
pub const MAX_SEEDS: u32 = 64;
/// Most event streams open at once (pages connected).
pub const MAX_EVENT_STREAMS: usize = 16;
/// The longest one generation may take by default (a dungeon of the gallery, whose seed
/// then shows an error; a trace page).
pub const BUDGET: Duration = Duration::from_secs(10);

/// What the gallery shows: seeds `first..first + count` with `params`.
#[derive(Debug, Clone, PartialEq)]
pub struct Gallery {
    /// The first seed.
    pub first: u64,
    /// How many seeds.
    pub count: u32,
    /// As the page sent them (file parameters relative to the folder).
    pub shown: Params,
    /// As generation uses them (file parameters resolved inside the folder).
    pub params: Params,
    /// The tile layer the pictures show (`None`: the finished level, [`super::view`]).
    pub layer: Option<String>,
}

impl Gallery {
    /// The seeds, in order (fewer if `u64::MAX` is reached).
    pub fn seeds(&self) -> Vec<u64> {
        (0..self.count as u64)
            .map_while(|i| self.first.checked_add(i))
            .collect()
    }
}

/// One server-sent event: `event: NAME`, one `data:` line of JSON.
pub fn sse(name: &str, data: &Value) -> String {
    format!("event: {name}\ndata: {data}\n\n")
}

#[derive(Default)]
struct Inner {
    rules: Option<Arc<RuleSet>>,
    gallery: Option<Gallery>,
    /// The last `gallery` event's JSON (the pictures of the last good run).
    pictures: Option<Value>,
    /// The last `status` event's JSON.
    status: Value,
    clients: Vec<Sender<Arc<str>>>,
    /// Counts events sent, so a page can tell them apart.
    version: u64,
}

/// State shared by the HTTP threads and the generator.
pub struct Shared {
    /// The rule set's folder (what may be read).
    pub folder: Folder,
    inner: Mutex<Inner>,
    streams: Arc<AtomicUsize>,
    /// The longest one generation may take.
    pub budget: Duration,
}

/// A place among the [`MAX_EVENT_STREAMS`] event streams; dropping it frees it.
pub struct Slot(Arc<AtomicUsize>);

impl Drop for Slot {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Shared {
    /// State for the folder `folder` and the first gallery `first`, each generation
    /// stopped after `budget`.
    pub fn new(folder: Folder, first: Gallery, budget: Duration) -> Shared {
        Shared {
            folder,
            inner: Mutex::new(Inner {
                gallery: Some(first),
                status: json!({"version": 0, "diagnostics": null, "error": null}),
                ..Inner::default()
            }),
            streams: Arc::default(),
            budget,
        }
    }

    /// A place for one more event stream, `None` when [`MAX_EVENT_STREAMS`] are open.
    pub fn event_slot(&self) -> Option<Slot> {
        if self.streams.fetch_add(1, Ordering::SeqCst) >= MAX_EVENT_STREAMS {
            self.streams.fetch_sub(1, Ordering::SeqCst);
            return None;
        }
        Some(Slot(self.streams.clone()))
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The last good rule set and the gallery asked for.
    pub fn current(&self) -> (Option<Arc<RuleSet>>, Option<Gallery>) {
        let i = self.lock();
        (i.rules.clone(), i.gallery.clone())
    }

    /// Remember the gallery the page asked for.
    pub fn ask(&self, g: Gallery) {
        self.lock().gallery = Some(g);
    }

    /// The current `{gallery, status}` (also what a new connection is sent first).
    pub fn snapshot(&self) -> Value {
        let i = self.lock();
        json!({"gallery": i.pictures, "status": i.status})
    }

    /// A new page connection: it gets the current pictures and status, then every change.
    pub fn subscribe(&self, tx: Sender<Arc<str>>) {
        let mut i = self.lock();
        let mut first = String::new();
        if let Some(p) = &i.pictures {
            first += &sse("gallery", p);
        }
        first += &sse("status", &i.status);
        if tx.send(Arc::from(first)).is_ok() {
            i.clients.push(tx);
        }
    }

    /// Send event `name` to every page (and keep it as the current one).
    fn broadcast(&self, name: &str, mut data: Value) {
        let mut i = self.lock();
        i.version += 1;
        data["version"] = json!(i.version);
        let text: Arc<str> = Arc::from(sse(name, &data));
        if name == "gallery" {
            i.pictures = Some(data);
        } else {
            i.status = data;
        }
        i.clients.retain(|c| c.send(text.clone()).is_ok());
    }

    /// Disconnect every page (the server stops).
    pub fn close(&self) {
        self.lock().clients.clear();
    }

    /// Pages still connected.
    pub fn clients(&self) -> usize {
        self.lock().clients.len()
    }
}

/// The [`Runner`] handler: a broken save becomes a `status` event (the pictures stay); a run
/// generates every seed of the gallery in parallel and sends a `gallery` event.
///
/// [`Runner`]: crate::preview::runner::Runner
pub fn handle(shared: &Shared, ev: Event<'_, Gallery>) -> Done {
    match ev {
        Event::Broken { diagnostics, .. } => {
            let d = model::diagnostics(&diagnostics, &shared.folder);
            shared.broadcast("status", json!({"diagnostics": d, "error": null}));
            Done::Finished
        }
        Event::Run {
            id,
            rules,
            job,
            saved,
            newer,
        } => {
            shared.lock().rules = Some(rules.clone());
            if let Err(e) = rules.resolve_params(&job.params) {
                let error = e.to_string();
                shared.broadcast("status", json!({"diagnostics": null, "error": error}));
                return Done::Finished;
            }
            let started = Instant::now();
            let results: Vec<Result<(Dungeon, f64), GenError>> = job
                .seeds()
                .par_iter()
                .map(|&s| generate_one(rules, s, &job.params, shared.budget, newer))
                .collect();
            if results
                .iter()
                .any(|r| matches!(r, Err(GenError::Cancelled)))
            {
                return Done::Cancelled;
            }
            let results: Vec<Result<(Dungeon, f64), String>> = results
                .into_iter()
                .map(|r| r.map_err(|e| e.to_string()))
                .collect();
            shared.broadcast(
                "gallery",
                gallery_json(shared, rules, job, &results, id, saved.is_some(), started),
            );
            shared.broadcast("status", json!({"diagnostics": null, "error": null}));
            Done::Finished
        }
    }
}

/// Generate seed `s` for the gallery (with its time in seconds), cancelled when `newer`
/// says a newer request waits, stopped with an error after `budget`.
fn generate_one(
    rules: &RuleSet,
    s: u64,
    params: &Params,
    budget: Duration,
    newer: &(dyn Fn() -> bool + Sync),
) -> Result<(Dungeon, f64), GenError> {
    let t = Instant::now();
    // the deadline is checked inside long steps too (the state's budget)
    let mut obs = Stoppable {
        inner: Until {
            inner: NoTrace,
            until: t + budget,
        },
        stop: newer,
    };
    match rules.generate_with(s, params, &mut obs) {
        Err(GenError::TimedOut { at }) => Err(GenError::Param(format!(
            "stopped after {:.1} s, the server's budget per dungeon, {at}",
            budget.as_secs_f64()
        ))),
        r => r.map(|d| (d, t.elapsed().as_secs_f64())),
    }
}

fn gallery_json(
    shared: &Shared,
    rules: &RuleSet,
    job: &Gallery,
    results: &[Result<(Dungeon, f64), String>],
    id: u64,
    saved: bool,
    started: Instant,
) -> Value {
    let seeds = job.seeds();
    let items: Vec<Value> = seeds
        .iter()
        .zip(results)
        .map(|(s, r)| match r {
            Ok((d, secs)) => json!({
                "seed": s,
                "dungeon": d,
                "view": view(d, job.layer.as_deref()),
                "micros": secs * 1e6,
            }),
            Err(e) => json!({"seed": s, "error": e}),
        })
        .collect();
    json!({
        "request": id,
        "saved": saved,
        "first": job.first,
        "count": job.count,
        "params": job.shown.0,
        "layer": job.layer,
        "rules": model::rules_info(rules, &shared.folder),
        "items": items,
        "stats": summary(results, &rules.stats),
        "millis": started.elapsed().as_secs_f64() * 1e3,
    })
}

/// What every request handler sees.
pub struct Cx {
    /// The state shared with the generator.
    pub shared: Arc<Shared>,
    /// The generator loop (new galleries are queued here).
    pub runner: Mutex<Runner<Gallery>>,
    /// `Host` header values accepted (`127.0.0.1:PORT`, `localhost:PORT`, ...).
    pub hosts: Vec<String>,
    /// Any `Host` header is accepted (a non-loopback bind).
    pub allow_remote: bool,
    /// This run's token (see [`super::guard`]).
    pub token: String,
}
