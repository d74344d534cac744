//! Answers with the page's security headers: every route's reply goes through here (and a
//! route module such as [`super::trace`] needs nothing of the router).

use super::conn::Request;
use serde_json::{json, Value};

const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; \
frame-ancestors 'none'";

/// Answer with `body` as `mime` (and the page's security headers).
pub(super) fn reply(rq: Request, status: u16, mime: &str, body: impl AsRef<[u8]>) {
    rq.respond(
        status,
        &[
            ("Content-Type", mime),
            ("Cache-Control", "no-store"),
            ("X-Content-Type-Options", "nosniff"),
            ("X-Frame-Options", "DENY"),
            ("Content-Security-Policy", CSP),
        ],
        body.as_ref(),
    );
}

/// Answer with JSON.
pub(super) fn json_reply(rq: Request, status: u16, v: &Value) {
    reply(rq, status, "application/json", v.to_string());
}

/// Answer `{"error": why}`.
pub(super) fn refuse(rq: Request, status: u16, why: &str) {
    json_reply(rq, status, &json!({ "error": why }));
}
