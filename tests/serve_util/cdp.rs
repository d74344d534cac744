//! A small DevTools-protocol client for driving headless Chromium from a test: start the
//! browser with `--remote-debugging-port=0`, read the browser's WebSocket address from its
//! standard error, open one page (flattened session), evaluate JavaScript, take screenshots.
//!
//! Chromium is found at `$CHROMIUM` or `/usr/bin/chromium` (Debian's `chromium` package).

use base64::Engine as _;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tungstenite::{Message, WebSocket};

/// The Chromium binary, or `None` after printing "skipped" (panics under `CI=true`).
pub fn chromium() -> Option<PathBuf> {
    let p = std::env::var_os("CHROMIUM")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/bin/chromium"));
    if p.is_file() {
        return Some(p);
    }
    if std::env::var("CI").is_ok_and(|v| v == "true") {
        panic!(
            "chromium missing at {} (CI=true): install Debian's `chromium`",
            p.display()
        );
    }
    println!(
        "skipped: no chromium at {} (apt-get install chromium, or set $CHROMIUM)",
        p.display()
    );
    None
}

pub struct Browser {
    child: Child,
    ws: WebSocket<TcpStream>,
    session: String,
    next: u64,
    profile: PathBuf,
}

impl Browser {
    /// Start headless Chromium (a fresh profile in `profile`) with one page of `w`x`h`.
    pub fn start(exe: &Path, profile: &Path, w: u32, h: u32) -> Browser {
        let _ = std::fs::remove_dir_all(profile);
        std::fs::create_dir_all(profile).unwrap();
        let mut child = Command::new(exe)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-extensions",
                "--remote-debugging-port=0",
                "--remote-allow-origins=*",
                &format!("--window-size={w},{h}"),
                &format!("--user-data-dir={}", profile.display()),
                "about:blank",
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("chromium starts");
        let err = child.stderr.take().unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut sent = false;
            for line in BufReader::new(err).lines().map_while(Result::ok) {
                if !sent {
                    if let Some(i) = line.find("ws://") {
                        let _ = tx.send(line[i..].trim().to_string());
                        sent = true;
                    }
                }
            }
        });
        let url = rx
            .recv_timeout(Duration::from_secs(30))
            .expect("chromium prints its DevTools address");
        let hostport = url["ws://".len()..].split('/').next().unwrap().to_string();
        let stream = TcpStream::connect(&hostport).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .unwrap();
        let (ws, _) = tungstenite::client(url.as_str(), stream).expect("DevTools WebSocket");
        let mut b = Browser {
            child,
            ws,
            session: String::new(),
            next: 0,
            profile: profile.to_path_buf(),
        };
        let t = b.call_browser("Target.createTarget", json!({"url": "about:blank"}));
        let target = t["targetId"].as_str().unwrap().to_string();
        let s = b.call_browser(
            "Target.attachToTarget",
            json!({"targetId": target, "flatten": true}),
        );
        b.session = s["sessionId"].as_str().unwrap().to_string();
        b.call(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": w, "height": h, "deviceScaleFactor": 1, "mobile": false}),
        );
        b.call("Page.enable", json!({}));
        b
    }

    fn send(&mut self, method: &str, params: Value, session: Option<String>) -> Value {
        self.next += 1;
        let id = self.next;
        let mut msg = json!({"id": id, "method": method, "params": params});
        if let Some(s) = session {
            msg["sessionId"] = json!(s);
        }
        self.ws.send(Message::text(msg.to_string())).unwrap();
        loop {
            let m = self.ws.read().expect("a DevTools answer");
            let Message::Text(t) = m else { continue };
            let v: Value = serde_json::from_str(t.as_str()).unwrap();
            if v["id"].as_u64() == Some(id) {
                if !v["error"].is_null() {
                    panic!("{method}: {}", v["error"]);
                }
                return v["result"].clone();
            }
        }
    }

    fn call_browser(&mut self, method: &str, params: Value) -> Value {
        self.send(method, params, None)
    }

    /// A DevTools command on the page.
    pub fn call(&mut self, method: &str, params: Value) -> Value {
        let s = self.session.clone();
        self.send(method, params, Some(s))
    }

    pub fn goto(&mut self, url: &str) {
        self.call("Page.navigate", json!({"url": url}));
    }

    /// Evaluate `js` in the page (promises awaited); its value as JSON. Panics on a
    /// JavaScript exception.
    pub fn eval(&mut self, js: &str) -> Value {
        let r = self.call(
            "Runtime.evaluate",
            json!({"expression": js, "awaitPromise": true, "returnByValue": true}),
        );
        if !r["exceptionDetails"].is_null() {
            panic!("{js}: {}", r["exceptionDetails"]);
        }
        r["result"]["value"].clone()
    }

    /// Evaluate `js` until it gives a truthy value (`what` names it in the failure).
    pub fn wait_for(&mut self, js: &str, what: &str) -> Value {
        let end = Instant::now() + Duration::from_secs(30);
        loop {
            let v = self.eval(&format!(
                "(() => {{ try {{ return {js}; }} catch (e) {{ return null; }} }})()"
            ));
            let truthy = !(v.is_null() || v == json!(false) || v == json!(0) || v == json!(""));
            if truthy {
                return v;
            }
            assert!(Instant::now() < end, "timed out waiting for {what}: {js}");
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// A PNG of the page, written to `path`.
    pub fn screenshot(&mut self, path: &Path) {
        let r = self.call("Page.captureScreenshot", json!({"format": "png"}));
        let png = base64::engine::general_purpose::STANDARD
            .decode(r["data"].as_str().unwrap())
            .unwrap();
        if let Some(d) = path.parent() {
            std::fs::create_dir_all(d).unwrap();
        }
        std::fs::write(path, png).unwrap();
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}
