//! Helpers of the `serve` tests: rule sets in temporary folders, a server on an ephemeral
//! port, raw HTTP requests, a server-sent-events reader, and ([`cdp`]) headless Chromium.
#![allow(dead_code)]

pub mod cdp;
pub mod frames;

use std::fs;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use undercroft::serve::{Options, Server};

pub const WAIT: Duration = Duration::from_secs(20);

/// A fresh temporary folder.
pub fn tempdir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("undercroft-serve-{tag}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&d);
    fs::create_dir_all(&d).unwrap();
    d
}

/// The shipped Isaac rule set with its name and default level replaced.
pub fn flash(name: &str, level: u32) -> String {
    let text = fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/rules/isaac/flash.ron"
    ))
    .unwrap();
    let text = text.replacen("name: \"isaac/flash\"", &format!("name: \"{name}\""), 1);
    let from = "\"level\": Int(default: 1,";
    assert!(text.contains(from));
    text.replacen(from, &format!("\"level\": Int(default: {level},"), 1)
}

/// Copy the shipped tile style (every file of its folder) into `dir`.
pub fn copy_cathedral(dir: &Path) {
    fs::create_dir_all(dir).unwrap();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/diablo");
    for e in fs::read_dir(src).unwrap() {
        let e = e.unwrap();
        if e.path().is_file() {
            fs::copy(e.path(), dir.join(e.file_name())).unwrap();
        }
    }
}

/// A server for `rules` on 127.0.0.1 and a free port, showing `count` seeds from 1.
pub fn start(rules: &Path, count: u32) -> Server {
    let mut o = Options::new(rules);
    o.port = 0;
    o.count = count;
    o.quiet = Duration::from_millis(50);
    Server::start(o).unwrap()
}

/// This run's token, read from the page the server at `a` sends (as a browser would).
pub fn token(a: SocketAddr) -> String {
    let (st, page) = request_raw(a, "GET / HTTP/1.1", &[], "");
    assert_eq!(st, 200, "the page: {page}");
    let at = page
        .find("name=\"undercroft-token\" content=\"")
        .expect("a token in the page");
    let rest = &page[at + "name=\"undercroft-token\" content=\"".len()..];
    rest[..rest.find('"').unwrap()].to_string()
}

/// Send one raw request (`GET /x HTTP/1.1`) with this run's token (read from the page
/// first); returns the status and the body.
pub fn request(a: SocketAddr, line: &str, headers: &[&str], body: &str) -> (u16, String) {
    let t = format!("X-Undercroft-Token: {}", token(a));
    let mut with = headers.to_vec();
    with.push(&t);
    request_raw(a, line, &with, body)
}

/// Send one raw request exactly as given (no token); returns the status and the body.
pub fn request_raw(a: SocketAddr, line: &str, headers: &[&str], body: &str) -> (u16, String) {
    let mut s = TcpStream::connect(a).unwrap();
    s.set_read_timeout(Some(WAIT)).unwrap();
    let mut req = format!("{line}\r\n");
    if !headers
        .iter()
        .any(|h| h.to_ascii_lowercase().starts_with("host:"))
    {
        req += &format!("Host: {a}\r\n");
    }
    for h in headers {
        req += &format!("{h}\r\n");
    }
    req += &format!(
        "Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).unwrap();
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    let text = String::from_utf8_lossy(&out).to_string();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        return (status, dechunk(body));
    }
    (status, body.to_string())
}

/// The body of a chunked response.
fn dechunk(mut rest: &str) -> String {
    let mut out = String::new();
    while let Some((size, after)) = rest.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 || after.len() < n {
            break;
        }
        out += &after[..n];
        rest = after[n..].trim_start_matches("\r\n");
    }
    out
}

pub fn get(a: SocketAddr, path: &str) -> (u16, String) {
    request(a, &format!("GET {path} HTTP/1.1"), &[], "")
}

pub fn get_json(a: SocketAddr, path: &str) -> serde_json::Value {
    let (st, body) = get(a, path);
    assert_eq!(st, 200, "{path}: {body}");
    serde_json::from_str(&body).unwrap()
}

pub fn post_json(a: SocketAddr, path: &str, body: &str) -> (u16, String) {
    request(
        a,
        &format!("POST {path} HTTP/1.1"),
        &["Content-Type: application/json"],
        body,
    )
}

/// Wait until the server has pictures.
pub fn wait_for_gallery(s: &Server) -> serde_json::Value {
    let end = Instant::now() + WAIT;
    loop {
        let v = get_json(s.addr(), "/api/state");
        if !v["gallery"].is_null() {
            return v["gallery"].clone();
        }
        assert!(Instant::now() < end, "no gallery");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// A server-sent-events connection.
pub struct Events {
    r: BufReader<TcpStream>,
}

impl Events {
    pub fn open(a: SocketAddr) -> Events {
        let mut s = TcpStream::connect(a).unwrap();
        s.set_read_timeout(Some(WAIT)).unwrap();
        let t = token(a);
        write!(s, "GET /events?token={t} HTTP/1.1\r\nHost: {a}\r\n\r\n").unwrap();
        let mut r = BufReader::new(s);
        let mut line = String::new();
        r.read_line(&mut line).unwrap();
        assert!(line.starts_with("HTTP/1.1 200"), "{line}");
        Events { r }
    }

    /// The data of the next event called `name` (others are skipped).
    pub fn next(&mut self, name: &str) -> serde_json::Value {
        self.next_where(name, |_| true)
    }

    /// The data of the next event called `name` for which `want` holds.
    pub fn next_where(
        &mut self,
        name: &str,
        want: impl Fn(&serde_json::Value) -> bool,
    ) -> serde_json::Value {
        let mut event = String::new();
        loop {
            let mut line = String::new();
            let n = self.r.read_line(&mut line).expect("an event in time");
            assert!(n > 0, "the event stream ended");
            let line = line.trim_end();
            if let Some(e) = line.strip_prefix("event: ") {
                event = e.to_string();
            } else if let Some(d) = line.strip_prefix("data: ") {
                let v: serde_json::Value = serde_json::from_str(d).unwrap();
                if event == name && want(&v) {
                    return v;
                }
            }
        }
    }
}
