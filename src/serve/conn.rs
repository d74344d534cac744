//! The server's connections: a small HTTP/1.1 reader and writer over `std::net`, with every
//! resource a client can hold bounded.
//!
//! - At most [`MAX_CONNECTIONS`] connections are open at once (by default; [`Limits`]);
//!   one more is answered `503` and closed at once.
//! - One request per connection (every answer says `Connection: close`): no connection
//!   stays open between requests.
//! - A request must arrive whole within [`READ_TIMEOUT`] (by default; a client that stops
//!   sending, or sends nothing, is answered `408` and closed), its line and headers within [`MAX_HEAD`] bytes, its body (`Content-Length`
//!   only, no chunked bodies) within [`MAX_BODY`] bytes; an answer that cannot be written
//!   within [`WRITE_TIMEOUT`] ends the connection.
//!
//! The routes and what they check are [`super::http`]'s.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Most connections open at once (event streams included).
pub const MAX_CONNECTIONS: usize = 64;
/// Most bytes of a request line and its headers.
pub const MAX_HEAD: usize = 16 * 1024;
/// Most bytes of a request body.
pub const MAX_BODY: usize = 64 * 1024;
/// How long a client may take to send its whole request.
pub const READ_TIMEOUT: Duration = Duration::from_secs(10);
/// How long one write of an answer may block.
pub const WRITE_TIMEOUT: Duration = Duration::from_secs(30);

/// One request, read whole.
pub struct Request {
    /// `GET`, `POST`, ... as sent.
    pub method: String,
    /// The request target as sent (path and query, not decoded).
    pub url: String,
    /// The headers, names lower-cased.
    headers: Vec<(String, String)>,
    /// The body (empty without `Content-Length`).
    pub body: Vec<u8>,
    stream: TcpStream,
}

impl Request {
    /// The value of header `name` (any case), the first if sent several times.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// Answer with `status`, the headers `(name, value)` and `body`, then close.
    pub fn respond(self, status: u16, headers: &[(&str, &str)], body: &[u8]) {
        let mut s = self.stream;
        let mut head = format!("HTTP/1.1 {status} {}\r\n", reason(status));
        for (k, v) in headers {
            head += &format!("{k}: {v}\r\n");
        }
        head += &format!(
            "Content-Length: {}\r\nConnection: close\r\n\r\n",
            body.len()
        );
        let _ = s
            .write_all(head.as_bytes())
            .and_then(|()| s.write_all(body))
            .and_then(|()| s.flush());
        let _ = s.shutdown(Shutdown::Write);
    }

    /// The connection, to write a stream of events on by hand.
    pub fn into_stream(self) -> TcpStream {
        self.stream
    }
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        202 => "Accepted",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        409 => "Conflict",
        413 => "Content Too Large",
        415 => "Unsupported Media Type",
        422 => "Unprocessable Content",
        431 => "Request Header Fields Too Large",
        501 => "Not Implemented",
        503 => "Service Unavailable",
        _ => "",
    }
}

/// Why a request could not be read: the status to answer (0: the client went away, say
/// nothing) and a reason.
type Unread = (u16, &'static str);

/// A socket read that fails once `end` has passed, however slowly the bytes trickle in.
struct Timed {
    s: TcpStream,
    end: Instant,
}

impl Read for Timed {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let left = self.end.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(std::io::ErrorKind::TimedOut.into());
        }
        self.s.set_read_timeout(Some(left))?;
        self.s.read(buf)
    }
}

/// Read one request from `stream` (module doc: sizes, time).
fn read_request(stream: &TcpStream, time: Duration) -> Result<Request, Unread> {
    let s = stream.try_clone().map_err(|_| (0, ""))?;
    let mut r = BufReader::new(Timed {
        s,
        end: Instant::now() + time,
    });
    let late = |e: std::io::Error| match e.kind() {
        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut => {
            (408, "the request did not arrive in time")
        }
        _ => (0, ""),
    };
    let mut lines = Vec::new();
    let mut left = MAX_HEAD;
    loop {
        let mut line = Vec::new();
        let n = r
            .by_ref()
            .take(left as u64)
            .read_until(b'\n', &mut line)
            .map_err(late)?;
        if n == 0 && lines.is_empty() {
            return Err((0, ""));
        }
        if !line.ends_with(b"\n") {
            return Err(if n == left {
                (431, "the request line and headers are too long")
            } else {
                (400, "the request ended inside its head")
            });
        }
        left -= n;
        let text = String::from_utf8(line).map_err(|_| (400, "the request head is not UTF-8"))?;
        let text = text.trim_end_matches(['\r', '\n']);
        if text.is_empty() {
            break;
        }
        lines.push(text.to_string());
    }
    let mut parts = lines[0].split(' ');
    let (Some(method), Some(url), Some(version), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err((400, "not an HTTP request line"));
    };
    if !version.starts_with("HTTP/1.") {
        return Err((400, "HTTP/1.0 and HTTP/1.1 only"));
    }
    let (method, url) = (method.to_string(), url.to_string());
    let mut headers = Vec::new();
    for l in &lines[1..] {
        let (k, v) = l.split_once(':').ok_or((400, "a header without `:`"))?;
        headers.push((k.trim().to_ascii_lowercase(), v.trim().to_string()));
    }
    let get = |n: &str| {
        headers
            .iter()
            .find(|(k, _)| k == n)
            .map(|(_, v)| v.as_str())
    };
    if get("transfer-encoding").is_some() {
        return Err((501, "chunked request bodies are not accepted"));
    }
    let len = match get("content-length").map(str::parse::<usize>) {
        None => 0,
        Some(Ok(n)) if n <= MAX_BODY => n,
        Some(Ok(_)) => return Err((413, "the request body is too large")),
        Some(Err(_)) => return Err((400, "a bad Content-Length")),
    };
    let mut body = vec![0; len];
    r.read_exact(&mut body).map_err(|e| match late(e) {
        (0, _) => (400, "the request body ended early"),
        x => x,
    })?;
    let stream = stream.try_clone().map_err(|_| (0, ""))?;
    Ok(Request {
        method,
        url,
        headers,
        body,
        stream,
    })
}

/// What one listener allows.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Most connections open at once ([`MAX_CONNECTIONS`] by default).
    pub connections: usize,
    /// How long a client may take to send its whole request ([`READ_TIMEOUT`]).
    pub request_time: Duration,
}

/// A gate that counts open connections.
#[derive(Clone, Default)]
struct Open(Arc<AtomicUsize>);

/// One open connection; dropping it frees its place.
struct Held(Arc<AtomicUsize>);

impl Open {
    fn take(&self, most: usize) -> Option<Held> {
        let n = self.0.fetch_add(1, Ordering::SeqCst);
        if n >= most {
            self.0.fetch_sub(1, Ordering::SeqCst);
            return None;
        }
        Some(Held(self.0.clone()))
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// A listening socket and the thread that accepts on it; dropping it stops accepting.
pub struct Listener {
    addr: SocketAddr,
    stop: Arc<AtomicBool>,
    open: Open,
    accept: Option<std::thread::JoinHandle<()>>,
}

impl Listener {
    /// Accept on `sock` and answer each request on its own thread with `handle`.
    ///
    /// # Errors
    /// When the socket has no local address.
    pub fn start(
        sock: TcpListener,
        limits: Limits,
        handle: impl Fn(Request) + Send + Sync + 'static,
    ) -> std::io::Result<Listener> {
        let addr = sock.local_addr()?;
        let stop = Arc::new(AtomicBool::new(false));
        let open = Open::default();
        let handle = Arc::new(handle);
        let accept = {
            let (stop, open) = (stop.clone(), open.clone());
            std::thread::spawn(move || {
                for s in sock.incoming() {
                    if stop.load(Ordering::SeqCst) {
                        return;
                    }
                    let Ok(s) = s else { continue };
                    let _ = s.set_write_timeout(Some(WRITE_TIMEOUT));
                    let Some(held) = open.take(limits.connections) else {
                        busy(s);
                        continue;
                    };
                    let handle = handle.clone();
                    std::thread::spawn(move || {
                        let _held = held;
                        match read_request(&s, limits.request_time) {
                            Ok(rq) => handle(rq),
                            Err((0, _)) => {}
                            Err((status, why)) => error_reply(s, status, why),
                        }
                    });
                }
            })
        };
        Ok(Listener {
            addr,
            stop,
            open,
            accept: Some(accept),
        })
    }

    /// The address listened on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Connections open now.
    pub fn open(&self) -> usize {
        self.open.0.load(Ordering::SeqCst)
    }

    /// Block until the listener stops.
    pub fn wait(&mut self) {
        if let Some(a) = self.accept.take() {
            let _ = a.join();
        }
    }
}

impl Drop for Listener {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        // wake the accepting thread so it sees the flag
        let _ = TcpStream::connect_timeout(&self.addr, Duration::from_secs(1));
    }
}

/// Refuse a connection over the limit without reading it.
fn busy(s: TcpStream) {
    let _ = s.set_write_timeout(Some(Duration::from_secs(1)));
    error_reply(s, 503, "too many connections; try again");
}

fn error_reply(mut s: TcpStream, status: u16, why: &str) {
    let body = serde_json::json!({ "error": why }).to_string();
    let head = format!(
        "HTTP/1.1 {status} {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\
         Connection: close\r\n\r\n",
        reason(status),
        body.len()
    );
    let _ = s
        .write_all(head.as_bytes())
        .and_then(|()| s.write_all(body.as_bytes()));
    let _ = s.shutdown(Shutdown::Write);
}
