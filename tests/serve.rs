//! `undercroft serve` (issue 19) against the real server on an ephemeral port, with raw
//! HTTP requests (so no client library tidies `..` or percent escapes away first):
//! * the path rules: `..`, absolute paths, percent-encoded traversal, backslashes, symlinks
//!   out of the folder — refused; files inside the folder — served; other paths — 404;
//! * file parameters are held to the same rules;
//! * the loopback default, the refusal of a non-loopback bind without `--allow-remote`, the
//!   warning with it, and the `Host` check;
//! * server-sent events: the gallery on connect, the diagnostics of a broken save with
//!   file:line:col, new pictures after a good save.

mod serve_downloads;
mod serve_limits;
mod serve_util;
use serve_util::*;

use std::fs;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::Duration;
use undercroft::serve::{Options, Server};

#[test]
fn paths_outside_the_rule_sets_folder_are_refused() {
    let dir = tempdir("paths");
    let rules = dir.join("style").join("flash.ron");
    fs::create_dir_all(rules.parent().unwrap()).unwrap();
    fs::write(&rules, flash("paths", 1)).unwrap();
    fs::create_dir_all(dir.join("style/sub")).unwrap();
    fs::write(dir.join("style/sub/notes.txt"), "inside").unwrap();
    fs::write(dir.join("secret.txt"), "SECRET outside the folder").unwrap();
    std::os::unix::fs::symlink(dir.join("secret.txt"), dir.join("style/link.txt")).unwrap();
    std::os::unix::fs::symlink(&dir, dir.join("style/up")).unwrap();
    std::os::unix::fs::symlink(dir.join("style/sub/notes.txt"), dir.join("style/in.txt")).unwrap();
    let s = start(&rules, 4);
    let a = s.addr();

    let (st, body) = get(a, "/files/flash.ron");
    assert_eq!(st, 200);
    assert!(body.contains("name: \"paths\""));
    assert_eq!(get(a, "/files/sub/notes.txt"), (200, "inside".to_string()));
    assert_eq!(
        get(a, "/files/in.txt").0,
        200,
        "a symlink inside the folder is fine"
    );

    for bad in [
        "/files/../secret.txt",
        "/files/sub/../../secret.txt",
        "/files/%2e%2e/secret.txt",
        "/files/%2E%2E%2Fsecret.txt",
        "/files/sub%2f..%2f..%2fsecret.txt",
        "/files/..%5csecret.txt",
        "/files//etc/passwd",
        "/files/%2fetc%2fpasswd",
        &format!("/files/{}", dir.join("secret.txt").display()),
        "/files/link.txt",
        "/files/up/secret.txt",
        "/files/./flash.ron",
    ] {
        let (st, body) = get(a, bad);
        assert_eq!(st, 403, "{bad} must be refused, got {st}: {body}");
        assert!(!body.contains("SECRET"), "{bad} leaked the file");
    }
    // not decodable, or decoded only once (`%252e` is the name `%2e`, which does not exist)
    assert_eq!(get(a, "/files/%zz").0, 400);
    assert_eq!(get(a, "/files/%00").0, 400);
    assert_eq!(get(a, "/files/%252e%252e/secret.txt").0, 404);
    for other in [
        "/secret.txt",
        "/../secret.txt",
        "/flash.ron",
        "/api/nope",
        "/files/",
    ] {
        let (st, body) = get(a, other);
        assert!(st == 404 || st == 403, "{other}: {st}");
        assert!(!body.contains("SECRET"));
    }
    assert_eq!(
        request(a, "DELETE /files/flash.ron HTTP/1.1", &[], "").0,
        405
    );
    assert!(dir.join("style/flash.ron").is_file(), "nothing was deleted");
}

#[test]
fn file_parameters_obey_the_same_rules() {
    let dir = tempdir("fileparam");
    let rules = dir.join("style").join("cathedral.ron");
    copy_cathedral(rules.parent().unwrap());
    fs::write(dir.join("outside.dun"), [0u8; 8]).unwrap();
    let s = start(&rules, 4);
    wait_for_gallery(&s);
    let a = s.addr();
    for (path, want) in [
        ("../outside.dun", 403),
        ("%2e%2e/outside.dun", 404), // a JSON string is not percent-decoded: no such file
        ("/etc/passwd", 403),
        ("missing.dun", 404),
    ] {
        let body = format!(r#"{{"first": 1, "count": 4, "params": {{"setpiece": "{path}"}}}}"#);
        let (st, text) = post_json(a, "/api/gallery", &body);
        assert_eq!(st, want, "setpiece={path}: {text}");
    }
    let (st, _) = post_json(
        a,
        "/api/gallery",
        r#"{"first": 1, "count": 65, "params": {}}"#,
    );
    assert_eq!(st, 400, "more than 64 seeds");
    let (st, _) = request(
        a,
        "POST /api/gallery HTTP/1.1",
        &["Content-Type: text/plain"],
        r#"{"first": 1, "count": 4}"#,
    );
    assert_eq!(st, 415, "a cross-site form post is not accepted");
}

#[test]
fn it_listens_on_loopback_unless_told_otherwise() {
    let dir = tempdir("loopback");
    let rules = dir.join("flash.ron");
    fs::write(&rules, flash("loopback", 1)).unwrap();
    let o = Options::new(&rules);
    assert!(o.host.is_loopback() && !o.allow_remote);
    let mut o2 = o.clone();
    o2.host = "0.0.0.0".parse().unwrap();
    o2.port = 0;
    let e = Server::start(o2)
        .err()
        .expect("a non-loopback bind without allow_remote");
    assert!(e.contains("--allow-remote"), "{e}");

    // the binary: loopback by default, and says where
    let mut child = Command::new(env!("CARGO_BIN_EXE_undercroft"))
        .args(["serve", rules.to_str().unwrap(), "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or("");
    assert!(url.starts_with("http://127.0.0.1:"), "{line}");
    let addr: std::net::SocketAddr = url["http://".len()..]
        .trim_end_matches('/')
        .parse()
        .unwrap();
    assert_eq!(get(addr, "/").0, 200);
    // a page elsewhere that reaches us through a DNS name pointing at 127.0.0.1
    let (st, _) = request(addr, "GET / HTTP/1.1", &["Host: attacker.example"], "");
    assert_eq!(st, 403);
    let _ = child.kill();
    let _ = child.wait();

    let out = Command::new(env!("CARGO_BIN_EXE_undercroft"))
        .args([
            "serve",
            rules.to_str().unwrap(),
            "--port",
            "0",
            "--host",
            "0.0.0.0",
        ])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--allow-remote"));

    let mut child = Command::new(env!("CARGO_BIN_EXE_undercroft"))
        .args([
            "serve",
            rules.to_str().unwrap(),
            "--port",
            "0",
            "--host",
            "0.0.0.0",
            "--allow-remote",
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut warn = String::new();
    BufReader::new(child.stderr.take().unwrap())
        .read_line(&mut warn)
        .unwrap();
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        warn.starts_with("warning:") && warn.contains("not loopback"),
        "{warn}"
    );
}

#[test]
fn events_push_pictures_and_keep_them_through_a_broken_save() {
    let dir = tempdir("events");
    let rules = dir.join("flash.ron");
    fs::write(&rules, flash("ev1", 1)).unwrap();
    let s = start(&rules, 4);
    let mut ev = Events::open(s.addr());
    let g = ev.next("gallery");
    assert_eq!(g["rules"]["name"], "ev1");
    let seeds: Vec<u64> = g["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["seed"].as_u64().unwrap())
        .collect();
    assert_eq!(seeds, vec![1, 2, 3, 4]);
    let rooms1 = g["items"][0]["dungeon"]["rooms"].as_array().unwrap().len();

    let broken = flash("ev2", 1).replacen("room_kind:", "room_knd:", 1);
    let line = broken.lines().position(|l| l.contains("room_knd")).unwrap() + 1;
    fs::write(&rules, &broken).unwrap();
    let st = ev.next_where("status", |v| !v["diagnostics"].is_null());
    let at = st["diagnostics"][0]["at"].as_str().unwrap();
    assert!(at.starts_with(&format!("flash.ron:{line}:")), "{at}");
    let snap = get_json(s.addr(), "/api/state");
    assert_eq!(
        snap["gallery"]["rules"]["name"], "ev1",
        "the last good pictures stay"
    );

    fs::write(&rules, flash("ev3", 9)).unwrap();
    let g = ev.next("gallery");
    assert_eq!(g["rules"]["name"], "ev3");
    assert_eq!(g["saved"], true);
    assert!(g["items"][0]["dungeon"]["rooms"].as_array().unwrap().len() > rooms1);
    assert!(ev.next("status")["diagnostics"].is_null(), "recovered");

    let t = get_json(s.addr(), "/api/trace?seed=2");
    let frames = &serve_util::frames::whole_frames(&t);
    assert!(frames.len() >= 5, "one frame per step");
    assert!(frames
        .iter()
        .skip(1)
        .any(|f| !f["changed"].as_array().unwrap().is_empty()));
    let last = &frames[frames.len() - 1]["dungeon"];
    let shown = &g["items"][1]["dungeon"];
    assert_eq!(
        last["layers"], shown["layers"],
        "the trace ends at the gallery's dungeon"
    );
    drop(ev);
    std::thread::sleep(Duration::from_millis(50));
}
