//! The routes. Everything else is refused:
//!
//! | route | what |
//! |---|---|
//! | `GET /`, `/app.js`, `/app.css` | the page (embedded in the binary) |
//! | `GET /events` | server-sent events: `gallery` (new pictures), `status` (diagnostics, errors) |
//! | `GET /api/state` | the current `{gallery, status}` |
//! | `POST /api/gallery` | `{first, count, params}`: ask for another gallery (JSON body only) |
//! | `GET /api/trace?seed=N` | the trace of one seed of the gallery: every step's dungeon and changed cells |
//! | `GET /files/PATH` | a file inside the rule set's folder ([`Folder::resolve`]) |
//!
//! A request whose `Host` is not the address the server listens on is refused (a web page
//! elsewhere cannot reach the server through a name that resolves to loopback), and so is a
//! `POST` that is not `application/json` (which a cross-site form cannot send).
//!
//! [`Folder::resolve`]: super::paths::Folder::resolve

use super::paths::{split_url, Refused};
use super::state::{Cx, Gallery, Shared, MAX_SEEDS, MIN_SEEDS};
use crate::ruleset::{ParamKind, Params};
use serde_json::{json, Value};
use std::io::{Read, Write};
use std::sync::mpsc::{channel, RecvTimeoutError};
use std::time::Duration;
use tiny_http::{Header, Method, Request, Response};

const INDEX: &str = include_str!("page/index.html");
const APP_JS: &str = include_str!("page/app.js");
const APP_CSS: &str = include_str!("page/app.css");

/// Largest request body read.
const MAX_BODY: u64 = 64 * 1024;

fn header(k: &str, v: &str) -> Header {
    Header::from_bytes(k.as_bytes(), v.as_bytes()).expect("ASCII header")
}

const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'";

fn reply(rq: Request, status: u16, mime: &str, body: impl Into<Vec<u8>>) {
    let r = Response::from_data(body.into())
        .with_status_code(status)
        .with_header(header("Content-Type", mime))
        .with_header(header("Cache-Control", "no-store"))
        .with_header(header("X-Content-Type-Options", "nosniff"))
        .with_header(header("Content-Security-Policy", CSP));
    let _ = rq.respond(r);
}

fn json_reply(rq: Request, status: u16, v: &Value) {
    reply(rq, status, "application/json", v.to_string());
}

fn refuse(rq: Request, status: u16, why: &str) {
    json_reply(rq, status, &json!({ "error": why }));
}

/// Answer one request.
pub fn serve(cx: &Cx, mut rq: Request) {
    let host = rq
        .headers()
        .iter()
        .find(|h| h.field.equiv("Host"))
        .map(|h| h.value.as_str().to_ascii_lowercase());
    if !cx.allow_remote
        && !host
            .as_deref()
            .is_some_and(|h| cx.hosts.iter().any(|a| a == h))
    {
        return refuse(rq, 403, "unexpected Host header");
    }
    let Some((path, query)) = split_url(rq.url()) else {
        return refuse(rq, 400, "the path does not decode");
    };
    match (rq.method(), path.as_str()) {
        (Method::Get, "/" | "/index.html") => reply(rq, 200, "text/html; charset=utf-8", INDEX),
        (Method::Get, "/app.js") => reply(rq, 200, "text/javascript; charset=utf-8", APP_JS),
        (Method::Get, "/app.css") => reply(rq, 200, "text/css; charset=utf-8", APP_CSS),
        (Method::Get, "/events") => events(cx, rq),
        (Method::Get, "/api/state") => json_reply(rq, 200, &cx.shared.snapshot()),
        (Method::Get, "/api/trace") => trace(cx, rq, &query),
        (Method::Post, "/api/gallery") => {
            let is_json = rq.headers().iter().any(|h| {
                h.field.equiv("Content-Type") && h.value.as_str().starts_with("application/json")
            });
            if !is_json {
                return refuse(rq, 415, "POST takes application/json");
            }
            let mut body = String::new();
            if rq
                .as_reader()
                .take(MAX_BODY)
                .read_to_string(&mut body)
                .is_err()
            {
                return refuse(rq, 400, "the body is not UTF-8");
            }
            match gallery(&cx.shared, &body) {
                Ok(g) => {
                    cx.shared.ask(g.clone());
                    let id = cx
                        .runner
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .request(g);
                    json_reply(rq, 202, &json!({ "request": id }))
                }
                Err((status, why)) => refuse(rq, status, &why),
            }
        }
        (Method::Get, p) if p.starts_with("/files/") => match cx.shared.folder.resolve(&p[7..]) {
            Ok(file) => match std::fs::read(&file) {
                Ok(bytes) => reply(rq, 200, "text/plain; charset=utf-8", bytes),
                Err(_) => refuse(rq, 404, "cannot read the file"),
            },
            Err(Refused::Forbidden(why)) => refuse(rq, 403, &why),
            Err(Refused::NotFound) => refuse(rq, 404, "no such file in the rule set's folder"),
        },
        (Method::Get | Method::Head, _) => refuse(rq, 404, "no such page"),
        _ => refuse(rq, 405, "method not allowed"),
    }
}

/// Parse `{first, count, params}`; file parameters must name files inside the folder.
fn gallery(shared: &Shared, body: &str) -> Result<Gallery, (u16, String)> {
    let v: Value = serde_json::from_str(body).map_err(|e| (400, format!("bad JSON: {e}")))?;
    let first = v["first"]
        .as_u64()
        .ok_or((400, "`first` is a seed (a whole number >= 0)".to_string()))?;
    let count = v["count"]
        .as_u64()
        .filter(|c| (MIN_SEEDS as u64..=MAX_SEEDS as u64).contains(c))
        .ok_or((400, format!("`count` is {MIN_SEEDS}..={MAX_SEEDS}")))? as u32;
    let (rules, _) = shared.current();
    let mut shown = Params::new();
    let mut params = Params::new();
    if let Some(map) = v["params"].as_object() {
        for (k, val) in map {
            let text = match val {
                Value::String(s) => s.clone(),
                Value::Number(_) | Value::Bool(_) => val.to_string(),
                _ => {
                    return Err((
                        400,
                        format!("parameter `{k}` is a string, number or boolean"),
                    ))
                }
            };
            let is_file = rules.as_ref().is_some_and(|r| {
                r.params
                    .iter()
                    .any(|p| p.name == *k && p.kind == ParamKind::File)
            });
            shown = shown.set(k, &text);
            if is_file && !text.trim().is_empty() {
                let path = shared.folder.resolve(text.trim()).map_err(|e| match e {
                    Refused::Forbidden(why) => (403, format!("parameter `{k}`: {why}")),
                    Refused::NotFound => (
                        404,
                        format!("parameter `{k}`: no such file `{text}` in the rule set's folder"),
                    ),
                })?;
                params = params.set(k, path.display());
            } else {
                params = params.set(k, &text);
            }
        }
    }
    Ok(Gallery {
        first,
        count,
        shown,
        params,
    })
}

/// The trace of one seed with the gallery's parameters.
fn trace(cx: &Cx, rq: Request, query: &[(String, String)]) {
    let Some(seed) = query
        .iter()
        .find(|(k, _)| k == "seed")
        .and_then(|(_, v)| v.parse::<u64>().ok())
    else {
        return refuse(rq, 400, "trace?seed=N");
    };
    let (Some(rules), Some(g)) = cx.shared.current() else {
        return refuse(rq, 409, "no rule set has loaded yet");
    };
    let values = match rules.resolve_params(&g.params) {
        Ok(v) => v,
        Err(e) => return refuse(rq, 422, &e.to_string()),
    };
    match rules.generate_traced(seed, &g.params) {
        Ok((d, t)) => json_reply(
            rq,
            200,
            &super::model::trace_frames(&rules, &t, &d, &values),
        ),
        Err(e) => refuse(rq, 422, &e.to_string()),
    }
}

/// A server-sent event stream: written by hand on the raw connection, each event flushed
/// as it comes (a ping every few seconds finds closed pages).
fn events(cx: &Cx, rq: Request) {
    let (tx, rx) = channel();
    cx.shared.subscribe(tx);
    let mut w = rq.into_writer();
    let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n\
                X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\nretry: 500\n\n";
    if w.write_all(head.as_bytes())
        .and_then(|()| w.flush())
        .is_err()
    {
        return;
    }
    loop {
        let text: std::sync::Arc<str> = match rx.recv_timeout(Duration::from_secs(5)) {
            Ok(t) => t,
            Err(RecvTimeoutError::Timeout) => std::sync::Arc::from(": ping\n\n"),
            Err(RecvTimeoutError::Disconnected) => return,
        };
        if w.write_all(text.as_bytes())
            .and_then(|()| w.flush())
            .is_err()
        {
            return;
        }
    }
}
