//! Who may use the server: the checks every request passes before its route runs.
//!
//! 1. **Host**: on a loopback bind, the `Host` header must name the address listened on
//!    (a page elsewhere cannot reach the server through a DNS name that resolves to
//!    loopback).
//! 2. **Same origin**: a request a browser marks as coming from another site is refused,
//!    GETs included — `Sec-Fetch-Site` other than `same-origin` or `none`, an `Origin` other
//!    than `http://` + the `Host`, a `Referer` on another host. (An `<img>` or a form on
//!    another page cannot start a generation or read a file.)
//! 3. **Token**: every route but the page itself (`/api/…`, `/events`, `/files/…`) needs this
//!    run's token, a random number put into the page when it is served: the
//!    `X-Undercroft-Token` header, or `token=` in the query (for `EventSource`, which sends
//!    no headers). A program that did not load the page first cannot use the API.

use super::conn::Request;

/// The header that carries the token.
pub const TOKEN_HEADER: &str = "X-Undercroft-Token";

/// A fresh random token (128 bits, hex).
pub fn new_token() -> String {
    format!("{:032x}", rand::random::<u128>())
}

/// What the guard needs to know.
pub struct Rules<'a> {
    /// `Host` values accepted (`127.0.0.1:PORT`, `localhost:PORT`, ...), lower-case.
    pub hosts: &'a [String],
    /// Any `Host` is accepted (a non-loopback bind with `allow_remote`).
    pub any_host: bool,
    /// This run's token.
    pub token: &'a str,
}

/// Refuse `rq` (403 and why) unless it passes checks 1 and 2 of the module doc, and 3 when
/// `needs_token`.
pub fn check(
    r: &Rules,
    rq: &Request,
    query: &[(String, String)],
    needs_token: bool,
) -> Result<(), &'static str> {
    let host = rq.header("host").map(str::to_ascii_lowercase);
    let Some(host) = host.filter(|h| r.any_host || r.hosts.iter().any(|a| a == h)) else {
        return Err("unexpected Host header");
    };
    if let Some(site) = rq.header("sec-fetch-site") {
        if !matches!(site.to_ascii_lowercase().as_str(), "same-origin" | "none") {
            return Err("a request from another site");
        }
    }
    let ours = format!("http://{host}");
    if let Some(o) = rq.header("origin") {
        if !o.eq_ignore_ascii_case(&ours) {
            return Err("a request from another origin");
        }
    }
    if let Some(referer) = rq.header("referer") {
        let lower = referer.to_ascii_lowercase();
        let same = lower
            .strip_prefix(&ours)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with(['/', '?', '#']));
        if !same {
            return Err("a request from a page on another site");
        }
    }
    if needs_token {
        let sent = rq.header(TOKEN_HEADER).or_else(|| {
            query
                .iter()
                .find(|(k, _)| k == "token")
                .map(|(_, v)| v.as_str())
        });
        if !sent.is_some_and(|t| same_bytes(t.as_bytes(), r.token.as_bytes())) {
            return Err("a missing or wrong token: load the page first");
        }
    }
    Ok(())
}

/// Equal, in a time that does not depend on where they differ.
fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}
