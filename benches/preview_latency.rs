//! Preview latency (issue 16): from a save to the redrawn picture, for every shipped rule
//! set, as the terminal preview does it — real files, real notify events, the default
//! debounce (15 ms), the background worker, `App::update` and a full frame drawn into a
//! 160x50 test backend. `cargo bench --bench preview_latency` (about a minute).
//!
//! Per rule set: 20 saves, each after switching to the next seed (1..=20), each appending a
//! comment line to the rule file (a copy of `rules/` in a temporary directory). Printed:
//! median, 95th percentile and slowest save-to-picture time in milliseconds, and the
//! slowest time the UI thread spent in one `update` + draw (the UI never waits for a
//! generation: it only takes finished results off the worker's channel).

use ratatui::backend::TestBackend;
use ratatui::Terminal;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use undercroft::preview::app::{initial_request, App};
use undercroft::preview::draw::draw;
use undercroft::preview::worker::{Update, Worker};
use undercroft::Params;

const SAVES: u64 = 20;
const QUIET: Duration = Duration::from_millis(15);
const WAIT: Duration = Duration::from_secs(30);

fn copy_tree(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for e in fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let target = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_tree(&e.path(), &target);
        } else {
            fs::copy(e.path(), target).unwrap();
        }
    }
}

fn rule_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rule_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "ron") {
            out.push(p);
        }
    }
}

/// Wait for the next dungeon (or failure) answering a save when `saved` is true.
fn next_picture(
    w: &Worker,
    app: &mut App,
    term: &mut Terminal<TestBackend>,
    saved: bool,
) -> Duration {
    let deadline = Instant::now() + WAIT;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let u = w.updates.recv_timeout(left).expect("no picture in 30 s");
        let answers_save = match &u {
            Update::Generated { saved: s, .. } => s.is_some(),
            Update::Failed { .. } => saved,
            Update::Broken { .. } => panic!("a comment broke the rule set"),
        };
        let t = Instant::now();
        app.update(u);
        term.draw(|f| {
            draw(f, app);
        })
        .unwrap();
        let ui = t.elapsed();
        if answers_save == saved {
            return ui;
        }
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tmp = std::env::temp_dir().join(format!("undercroft-latency-{}", std::process::id()));
    let _ = fs::remove_dir_all(&tmp);
    copy_tree(&root.join("rules"), &tmp.join("rules"));
    let mut files = Vec::new();
    rule_files(&tmp.join("rules"), &mut files);
    println!(
        "{:<34} {:>9} {:>9} {:>9} {:>11}",
        "rule set (save -> picture)", "p50 ms", "p95 ms", "max ms", "UI max ms"
    );
    for file in files {
        let first = initial_request(1, Params::new());
        let mut app = App::new(first.clone());
        let mut w = Worker::start(&file, QUIET, first).unwrap();
        let mut term = Terminal::new(TestBackend::new(160, 50)).unwrap();
        next_picture(&w, &mut app, &mut term, false);
        let (mut times, mut ui_max) = (Vec::new(), Duration::ZERO);
        for k in 1..=SAVES {
            let mut req = app.request.clone();
            req.seed = k;
            app.request = req.clone();
            w.request(req);
            ui_max = ui_max.max(next_picture(&w, &mut app, &mut term, false));
            std::thread::sleep(Duration::from_millis(50));
            let mut text = fs::read_to_string(&file).unwrap();
            text.push_str(&format!("\n// save {k}\n"));
            let t0 = Instant::now();
            fs::write(&file, text).unwrap();
            ui_max = ui_max.max(next_picture(&w, &mut app, &mut term, true));
            times.push(t0.elapsed());
        }
        times.sort();
        let p = |q: f64| {
            ms(times[((times.len() as f64 * q).ceil() as usize).clamp(1, times.len()) - 1])
        };
        let name = file.strip_prefix(&tmp).unwrap().display().to_string();
        println!(
            "{name:<34} {:>9.1} {:>9.1} {:>9.1} {:>11.1}",
            p(0.5),
            p(0.95),
            ms(*times.last().unwrap()),
            ms(ui_max)
        );
    }
    let _ = fs::remove_dir_all(&tmp);
}
