//! The routes. Everything else is refused:
//!
//! | route | what |
//! |---|---|
//! | `GET /`, `/app.js`, `/draw.js`, `/single.js`, `/app.css` | the page (embedded in the binary; the page carries this run's token) |
//! | `GET /events` | server-sent events: `gallery` (new pictures), `status` (diagnostics, errors) |
//! | `GET /api/state` | the current `{gallery, status}` |
//! | `POST /api/gallery` | `{first, count, params, layer}`: ask for another gallery (JSON body only) |
//! | `GET /api/trace?seed=N&from=K&count=M` | one page of the trace of one seed of the gallery ([`super::trace`]) |
//! | `GET /api/download?seed=N&format=F` | seed `N` of the gallery as a file: `png`, `json`, `txt`, `ldtk` ([`super::download`]) |
//! | `GET /files/PATH` | a file inside the rule set's folder that its listing shows ([`Folder::resolve`]) |
//!
//! Before any route, [`guard::check`] refuses a request with an unexpected `Host`, one a
//! browser marks as coming from another site, and one to anything but the page without this
//! run's token; a `POST` that is not `application/json` (which a cross-site form cannot
//! send) is refused too. What a connection may hold (size, time, number) is [`super::conn`]'s.
//!
//! [`Folder::resolve`]: super::paths::Folder::resolve

use super::conn::Request;
use super::guard;
use super::paths::{split_url, Refused};
use super::reply::{json_reply, refuse, reply};
use super::state::{Cx, Gallery, Shared, MAX_SEEDS, MIN_SEEDS};
use crate::ruleset::{ParamKind, Params};
use serde_json::{json, Value};
use std::io::Write;
use std::sync::mpsc::{channel, RecvTimeoutError};
use std::time::Duration;

const INDEX: &str = include_str!("page/index.html");
const APP_JS: &str = include_str!("page/app.js");
const DRAW_JS: &str = include_str!("page/draw.js");
const SINGLE_JS: &str = include_str!("page/single.js");
const APP_CSS: &str = include_str!("page/app.css");

/// Answer one request.
pub fn serve(cx: &Cx, rq: Request) {
    let Some((path, query)) = split_url(&rq.url) else {
        return refuse(rq, 400, "the path does not decode");
    };
    let page = matches!(
        path.as_str(),
        "/" | "/index.html" | "/app.js" | "/draw.js" | "/single.js" | "/app.css"
    );
    let rules = guard::Rules {
        hosts: &cx.hosts,
        any_host: cx.allow_remote,
        token: &cx.token,
    };
    if let Err(why) = guard::check(&rules, &rq, &query, !page) {
        return refuse(rq, 403, why);
    }
    match (rq.method.as_str(), path.as_str()) {
        ("GET", "/" | "/index.html") => {
            let html = INDEX.replace("{{TOKEN}}", &cx.token);
            reply(rq, 200, "text/html; charset=utf-8", html)
        }
        ("GET", "/app.js") => reply(rq, 200, "text/javascript; charset=utf-8", APP_JS),
        ("GET", "/draw.js") => reply(rq, 200, "text/javascript; charset=utf-8", DRAW_JS),
        ("GET", "/single.js") => reply(rq, 200, "text/javascript; charset=utf-8", SINGLE_JS),
        ("GET", "/app.css") => reply(rq, 200, "text/css; charset=utf-8", APP_CSS),
        ("GET", "/events") => events(cx, rq),
        ("GET", "/api/state") => json_reply(rq, 200, &cx.shared.snapshot()),
        ("GET", "/api/trace") => super::trace::answer(cx, rq, &query),
        ("GET", "/api/download") => super::download::answer(cx, rq, &query),
        ("POST", "/api/gallery") => {
            let is_json = rq
                .header("content-type")
                .is_some_and(|t| t.starts_with("application/json"));
            if !is_json {
                return refuse(rq, 415, "POST takes application/json");
            }
            let Ok(body) = std::str::from_utf8(&rq.body) else {
                return refuse(rq, 400, "the body is not UTF-8");
            };
            match gallery(&cx.shared, body) {
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
        ("GET", p) if p.starts_with("/files/") => match cx.shared.folder.resolve(&p[7..]) {
            Ok(file) => match crate::input::read(&file, crate::input::Kind::Served) {
                Ok(bytes) => reply(rq, 200, "text/plain; charset=utf-8", bytes),
                Err(e) => refuse(rq, 404, &format!("cannot read the file: {e}")),
            },
            Err(Refused::Forbidden(why)) => refuse(rq, 403, &why),
            Err(Refused::NotFound) => refuse(rq, 404, "no such file in the rule set's folder"),
        },
        ("GET" | "HEAD", _) => refuse(rq, 404, "no such page"),
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
    let layer = match &v["layer"] {
        Value::Null => None,
        Value::String(s) if s.is_empty() => None,
        Value::String(s) => Some(s.clone()),
        _ => return Err((400, "`layer` is a layer's name".to_string())),
    };
    Ok(Gallery {
        first,
        count,
        shown,
        params,
        layer,
    })
}

/// A server-sent event stream: written by hand on the raw connection, each event flushed
/// as it comes (a ping every few seconds finds closed pages).
fn events(cx: &Cx, rq: Request) {
    let Some(_slot) = cx.shared.event_slot() else {
        return refuse(rq, 503, "too many open event streams");
    };
    let (tx, rx) = channel();
    cx.shared.subscribe(tx);
    let mut w = rq.into_stream();
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
