//! Timing run (not a test): save-to-redraw latency of the live preview.
//!
//! For each rule file given (default: rules/isaac/flash.ron), copies `rules/` to a temporary
//! folder, starts the preview's worker on the copy, then saves the file N times (a comment
//! line appended, so every save is a real reload + regeneration) and times each save until
//! the preview has redrawn (into ratatui's `TestBackend`, the same drawing code as the
//! terminal):
//! - "included": from the write of the file to the end of the redraw (notify + debounce +
//!   reload + generate + draw);
//! - "excluded": from the moment the debounced batch was released to the end of the redraw.
//!
//! cargo run --release --example preview_latency -- [RULES...] [--saves N] [--debounce MS]

use ratatui::backend::TestBackend;
use ratatui::Terminal;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use undercroft::preview::app::{initial_request, App};
use undercroft::preview::draw::draw;
use undercroft::preview::worker::{Update, Worker};
use undercroft::Params;

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let p = e.path();
        if p.is_dir() {
            copy_dir(&p, &to.join(e.file_name()));
        } else {
            std::fs::copy(&p, to.join(e.file_name())).unwrap();
        }
    }
}

fn stats(name: &str, mut v: Vec<Duration>) {
    v.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!(
        "  {name:<9} median {:6.2} ms   p90 {:6.2} ms   max {:6.2} ms   min {:6.2} ms",
        ms(v[v.len() / 2]),
        ms(v[v.len() * 9 / 10]),
        ms(*v.last().unwrap()),
        ms(v[0])
    );
}

fn main() {
    let mut files = Vec::new();
    let mut saves = 30;
    let mut debounce = 30;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--saves" => saves = args.next().unwrap().parse().unwrap(),
            "--debounce" => debounce = args.next().unwrap().parse().unwrap(),
            _ => files.push(PathBuf::from(a)),
        }
    }
    if files.is_empty() {
        files.push("rules/isaac/flash.ron".into());
    }
    let tmp = std::env::temp_dir().join(format!("undercroft-latency-{}", std::process::id()));
    copy_dir(Path::new("rules"), &tmp.join("rules"));
    for file in files {
        let copy = tmp.join(&file);
        let quiet = Duration::from_millis(debounce);
        let req = initial_request(1, Params::new());
        let worker = Worker::start(&copy, quiet, req.clone()).unwrap();
        let mut app = App::new(req);
        let mut term = Terminal::new(TestBackend::new(130, 45)).unwrap();
        let first = worker
            .updates
            .recv_timeout(Duration::from_secs(30))
            .unwrap();
        app.update(first);
        term.draw(|f| {
            draw(f, &app);
        })
        .unwrap();
        std::thread::sleep(Duration::from_millis(200));
        let (mut inc, mut exc, mut gen) = (Vec::new(), Vec::new(), Vec::new());
        let original = std::fs::read_to_string(&copy).unwrap();
        for i in 0..saves {
            let text = format!("{original}\n// save {i}\n");
            let t0 = Instant::now();
            std::fs::write(&copy, text).unwrap();
            let u = worker
                .updates
                .recv_timeout(Duration::from_secs(30))
                .unwrap();
            let Update::Generated {
                saved: Some(released),
                elapsed,
                ..
            } = &u
            else {
                panic!("unexpected update {u:?}");
            };
            let (released, elapsed) = (*released, *elapsed);
            app.update(u);
            term.draw(|f| {
                draw(f, &app);
            })
            .unwrap();
            let t2 = Instant::now();
            inc.push(t2 - t0);
            exc.push(t2 - released);
            gen.push(elapsed);
            std::thread::sleep(Duration::from_millis(120));
        }
        println!("{} ({saves} saves, debounce {debounce} ms)", file.display());
        stats("included", inc);
        stats("excluded", exc);
        stats("generate", gen);
    }
    let _ = std::fs::remove_dir_all(tmp);
}
