//! `serve` under hostile requests (issue 46, finding 1): who may ask (another site, no
//! token), what may be read (hidden files), and what one request may cost (a trace in
//! pages, connections, request sizes and time, a generation budget).

use super::serve_util::*;
use std::fs;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::time::{Duration, Instant};
use undercroft::serve::{Options, Server};

fn repo(rel: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)
}

#[test]
fn requests_from_another_site_or_without_the_token_are_refused() {
    let dir = tempdir("guard");
    let rules = dir.join("flash.ron");
    fs::write(&rules, flash("guard", 1)).unwrap();
    let s = start(&rules, 4);
    let a = s.addr();
    let t = format!("X-Undercroft-Token: {}", s.token());
    let ours = format!("Origin: http://{a}");
    let our_page = format!("Referer: http://{a}/");
    let get = |path: &str, headers: &[&str]| {
        request_raw(a, &format!("GET {path} HTTP/1.1"), headers, "").0
    };

    // the page itself needs no token, but a browser's mark of another site is refused
    assert_eq!(get("/", &[]), 200);
    assert_eq!(get("/", &["Sec-Fetch-Site: none"]), 200);
    assert_eq!(get("/", &["Sec-Fetch-Site: cross-site"]), 403);
    assert_eq!(get("/", &["Sec-Fetch-Site: same-site"]), 403);
    assert_eq!(get("/app.js", &["Origin: http://evil.example"]), 403);
    assert_eq!(get("/", &["Referer: http://evil.example/page"]), 403);
    // a Referer that only starts like ours
    assert_eq!(
        get("/", &[&format!("Referer: http://{a}.evil.example/")]),
        403
    );

    // the API: the token, and the same checks (GET included)
    assert_eq!(get("/api/state", &[]), 403);
    assert_eq!(get("/api/state", &["X-Undercroft-Token: 0123"]), 403);
    assert_eq!(get("/api/state", &[&t]), 200);
    assert_eq!(get(&format!("/api/state?token={}", s.token()), &[]), 200);
    assert_eq!(
        get(
            "/api/state",
            &[&t, &ours, &our_page, "Sec-Fetch-Site: same-origin"]
        ),
        200
    );
    assert_eq!(get("/api/state", &[&t, "Sec-Fetch-Site: cross-site"]), 403);
    assert_eq!(get("/api/state", &[&t, "Origin: http://evil.example"]), 403);
    assert_eq!(get("/api/state", &[&t, "Origin: null"]), 403);
    assert_eq!(
        get("/api/trace?seed=1", &[&t, "Referer: http://evil.example/"]),
        403
    );
    assert_eq!(get("/files/flash.ron", &[]), 403);
    assert_eq!(get("/events", &[]), 403);
    let post = |headers: &[&str]| {
        let mut h = vec!["Content-Type: application/json"];
        h.extend_from_slice(headers);
        request_raw(
            a,
            "POST /api/gallery HTTP/1.1",
            &h,
            r#"{"first": 1, "count": 4}"#,
        )
        .0
    };
    assert_eq!(post(&[]), 403);
    assert_eq!(post(&[&t, "Origin: http://evil.example"]), 403);
    assert_eq!(post(&[&t, &ours]), 202);
}

#[test]
fn hidden_files_and_what_the_listing_leaves_out_are_refused() {
    let dir = tempdir("hidden");
    let rules = dir.join("style/flash.ron");
    fs::create_dir_all(dir.join("style/.git")).unwrap();
    fs::create_dir_all(dir.join("style/a/b/c/d/e")).unwrap();
    fs::create_dir_all(dir.join("style/real")).unwrap();
    fs::write(&rules, flash("hidden", 1)).unwrap();
    fs::write(dir.join("style/.git/config"), "SECRET token").unwrap();
    fs::write(dir.join("style/.env"), "SECRET=1").unwrap();
    fs::write(dir.join("style/a/b/c/d/e/deep.txt"), "SECRET deep").unwrap();
    fs::write(dir.join("style/real/x.txt"), "SECRET behind a link").unwrap();
    std::os::unix::fs::symlink(dir.join("style/.git/config"), dir.join("style/cfg.txt")).unwrap();
    std::os::unix::fs::symlink(dir.join("style/real"), dir.join("style/linked")).unwrap();
    let s = start(&rules, 4);
    let a = s.addr();
    for bad in [
        "/files/.git/config",
        "/files/.env",
        "/files/%2egit/config",
        "/files/cfg.txt",
        "/files/a/b/c/d/e/deep.txt",
        "/files/linked/x.txt",
    ] {
        let (st, body) = get(a, bad);
        assert_eq!(st, 403, "{bad}: {body}");
        assert!(!body.contains("SECRET"), "{bad} leaked");
    }
    assert_eq!(get(a, "/files/real/x.txt").0, 200, "listed, so readable");
    let listed = wait_for_gallery(&s)["rules"]["folder_files"].clone();
    assert_eq!(listed, serde_json::json!(["flash.ron", "real/x.txt"]));
}

/// Hell's seed 1 restarts thousands of times (the old server kept every step's state: 29 s,
/// 344 MB of JSON, 9 GB resident): the trace now comes in pages of bounded size.
#[test]
fn a_long_trace_comes_in_pages() {
    let s = start(&repo("rules/diablo/hell.ron"), 4);
    wait_for_gallery(&s);
    let a = s.addr();
    let first = get_json(a, "/api/trace?seed=1");
    let total = first["total"].as_u64().unwrap();
    assert!(total > 10_000, "Hell's seed 1 has a long trace: {total}");
    assert_eq!(first["frames"].as_array().unwrap().len(), 32);
    assert_eq!(first["from"], 0);
    assert_eq!(first["next"], 32);
    let (st, body) = get(a, "/api/trace?seed=1&from=5000&count=256");
    assert_eq!(st, 200);
    assert!(
        body.len() <= 4 << 20,
        "a page is at most 4 MiB: {}",
        body.len()
    );
    let page: serde_json::Value = serde_json::from_str(&body).unwrap();
    let n = page["frames"].as_array().unwrap().len() as u64;
    assert!(n >= 1 && page["next"] == 5000 + n, "{}", page["next"]);
    // paging gives the same frames as pages that start later: the page's later frames are
    // changes against the frame before, which rebuild the whole frames exactly
    let whole = super::serve_util::frames::whole_frames(&page);
    assert!(page["frames"][1]["dungeon"].is_null() && page["frames"][1]["delta"].is_object());
    for k in [1, 2, n as usize - 1] {
        let one = get_json(a, &format!("/api/trace?seed=1&from={}&count=1", 5000 + k));
        assert_eq!(one["frames"][0], whole[k], "frame {}", 5000 + k);
    }
    let last = get_json(a, &format!("/api/trace?seed=1&from={}", total - 1));
    assert_eq!(last["frames"].as_array().unwrap().len(), 1);
    assert!(last["next"].is_null());
    for bad in ["count=0", "count=257", "from=x", &format!("from={total}")] {
        assert_eq!(get(a, &format!("/api/trace?seed=1&{bad}")).0, 400, "{bad}");
    }
}

/// A trace page sends its first frame whole and the others as their changes: a page of
/// Caves' seed 1 is a small part of the same frames sent whole.
#[test]
fn trace_frames_come_as_changes() {
    let s = start(&repo("rules/diablo/caves.ron"), 4);
    wait_for_gallery(&s);
    let (st, body) = get(s.addr(), "/api/trace?seed=1&from=64&count=32");
    assert_eq!(st, 200);
    let page: serde_json::Value = serde_json::from_str(&body).unwrap();
    let whole = super::serve_util::frames::whole_frames(&page);
    assert_eq!(whole.len(), 32);
    let whole_bytes: usize = whole.iter().map(|f| f.to_string().len()).sum();
    assert!(
        body.len() * 5 < whole_bytes,
        "{} bytes as changes, {whole_bytes} whole",
        body.len()
    );
    // the last frame of the page rebuilt from changes equals the frame asked for alone
    let one = get_json(s.addr(), "/api/trace?seed=1&from=95&count=1");
    assert_eq!(one["frames"][0], whole[31]);
    assert!(one["frames"][0]["view"]["cells"].is_string());
}

#[test]
fn connections_are_limited_and_slow_or_idle_ones_closed() {
    let dir = tempdir("conns");
    let rules = dir.join("flash.ron");
    fs::write(&rules, flash("conns", 1)).unwrap();
    let mut o = Options::new(&rules);
    o.port = 0;
    o.count = 4;
    o.max_connections = 3;
    o.request_timeout = Duration::from_millis(600);
    let s = Server::start(o).unwrap();
    let a = s.addr();
    let idle: Vec<TcpStream> = (0..3).map(|_| TcpStream::connect(a).unwrap()).collect();
    std::thread::sleep(Duration::from_millis(100));
    assert_eq!(
        request_raw(a, "GET / HTTP/1.1", &[], "").0,
        503,
        "a fourth connection"
    );
    // the idle ones are answered 408 and closed when their time is up
    for mut c in idle {
        c.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
        let mut text = String::new();
        let _ = c.read_to_string(&mut text);
        assert!(text.starts_with("HTTP/1.1 408"), "{text}");
    }
    std::thread::sleep(Duration::from_millis(100));
    assert_eq!(s.connections(), 0);
    assert_eq!(request_raw(a, "GET / HTTP/1.1", &[], "").0, 200);

    // a request sent a byte at a time is cut off at the same time limit
    let mut slow = TcpStream::connect(a).unwrap();
    let started = Instant::now();
    let mut status = String::new();
    for b in b"GET / HTTP/1.1\r\nHost: x\r\nX-Padding: aaaaaaaaaaaaaaaaaaaaaaaa".iter() {
        if slow.write_all(&[*b]).is_err() {
            break;
        }
        std::thread::sleep(Duration::from_millis(40));
    }
    slow.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let _ = slow.read_to_string(&mut status);
    assert!(status.starts_with("HTTP/1.1 408"), "{status}");
    assert!(started.elapsed() < Duration::from_secs(5));

    // sizes: a head over 16 KiB, a body over 64 KiB, a chunked body
    let long = format!("X-Long: {}", "a".repeat(17 * 1024));
    assert_eq!(request_raw(a, "GET / HTTP/1.1", &[&long], "").0, 431);
    let big = "x".repeat(65 * 1024);
    let t = format!("X-Undercroft-Token: {}", s.token());
    let h = ["Content-Type: application/json", &t];
    assert_eq!(
        request_raw(a, "POST /api/gallery HTTP/1.1", &h, &big).0,
        413
    );
    let chunked = [&t as &str, "Transfer-Encoding: chunked"];
    assert_eq!(
        request_raw(a, "POST /api/gallery HTTP/1.1", &chunked, "").0,
        501
    );
}

/// Seeds that would run for minutes are stopped by the server's budget and shown as
/// errors; so is their trace.
#[test]
fn each_generation_has_a_time_budget() {
    let dir = tempdir("budget");
    let rules = dir.join("slow.ron");
    fs::write(
        &rules,
        r#"Ruleset(name: "slow", grid: Grid(width: 256, height: 256), steps: [
             Retry(max: 1000000, steps: [
                 FillRect(layer: "t", value: "2", rect: (x: "0", y: "0", w: "256", h: "256")),
                 Require("1 == 0"),
             ]),
           ])"#,
    )
    .unwrap();
    let mut o = Options::new(&rules);
    o.port = 0;
    o.count = 4;
    o.budget = Duration::from_millis(300);
    let s = Server::start(o).unwrap();
    let g = wait_for_gallery(&s);
    let items = g["items"].as_array().unwrap();
    let errors: Vec<&str> = items.iter().filter_map(|i| i["error"].as_str()).collect();
    assert_eq!(errors.len(), 4, "{g}");
    assert!(errors[0].contains("the server's budget"), "{}", errors[0]);
    let (st, body) = get(s.addr(), "/api/trace?seed=2");
    assert_eq!(st, 503, "{body}");
    assert!(body.contains("budget"), "{body}");
}

/// A FIFO appearing for a moment where the rule file was (the old server blocked reading it
/// and answered 202 for ever without generating): a diagnostic, then the next save works.
#[test]
fn a_fifo_in_place_of_the_rule_file_does_not_stop_the_server() {
    let dir = tempdir("fifo");
    let rules = dir.join("flash.ron");
    fs::write(&rules, flash("before", 1)).unwrap();
    let s = start(&rules, 4);
    let mut ev = Events::open(s.addr());
    assert_eq!(ev.next("gallery")["rules"]["name"], "before");
    let fifo = dir.join("pipe");
    assert!(std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    fs::rename(&fifo, &rules).unwrap();
    let st = ev.next_where("status", |v| !v["diagnostics"].is_null());
    let msg = st["diagnostics"][0]["message"].as_str().unwrap();
    assert!(
        msg.contains("named pipe (FIFO), not a regular file"),
        "{msg}"
    );
    fs::remove_file(&rules).unwrap();
    fs::write(&rules, flash("after", 1)).unwrap();
    assert_eq!(ev.next("gallery")["rules"]["name"], "after");
    let (st, _) = post_json(s.addr(), "/api/gallery", r#"{"first": 5, "count": 4}"#);
    assert_eq!(st, 202);
    let g = ev.next_where("gallery", |g| g["first"] == 5);
    assert_eq!(g["items"].as_array().unwrap().len(), 4);
}
