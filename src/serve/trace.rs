//! `GET /api/trace?seed=N&from=K&count=M[&layer=L]`: one page of the trace of seed `N` with
//! the gallery's parameters — frames `K..K+M` (each step's label, the dungeon after it and its
//! view with layer `L` ([`super::view`]), the tiles and layers it changed), the run's number of frames (`total`) and where the next page starts
//! (`next`).
//!
//! Bounded whatever the rule set: the run is replayed with only the page's states kept
//! ([`Window`]), at most [`MAX_PAGE`] frames and [`MAX_PAGE_CELLS`] cells of tile layers,
//! a page's JSON stops growing past [`MAX_PAGE_BYTES`] (one frame's dungeon built at a
//! time), the replay stops after the server's budget ([`super::Options::budget`]), and at most [`MAX_AT_ONCE`] traces are made at
//! once (server-wide).

use super::conn::Request;
use super::reply::{refuse, reply};
use super::state::Cx;
use crate::engine::GenError;
use crate::interpreter::Until;
use crate::ruleset::Window;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// Frames in a page when the query does not say.
pub const PAGE: usize = 32;
/// Most frames in a page.
pub const MAX_PAGE: usize = 256;
/// Most cells of tile layers the frames of one page hold together (a page of a large grid
/// has fewer frames; one at least).
pub const MAX_PAGE_CELLS: usize = 1 << 22;
/// A page's JSON stops growing past this many bytes (one frame at least).
pub const MAX_PAGE_BYTES: usize = 4 << 20;
/// Most trace requests answered at once; one more is refused (503) until one ends.
pub const MAX_AT_ONCE: usize = 2;

/// Trace requests being answered now.
static RUNNING: AtomicUsize = AtomicUsize::new(0);

/// A place among the [`MAX_AT_ONCE`] trace requests; dropping it frees it.
struct Place;

impl Place {
    fn take() -> Option<Place> {
        if RUNNING.fetch_add(1, Ordering::SeqCst) >= MAX_AT_ONCE {
            RUNNING.fetch_sub(1, Ordering::SeqCst);
            return None;
        }
        Some(Place)
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        RUNNING.fetch_sub(1, Ordering::SeqCst);
    }
}

/// The number in query field `k`, `default` when absent; `Err` when present but not a whole
/// number.
fn number(query: &[(String, String)], k: &str, default: u64) -> Result<u64, String> {
    match query.iter().find(|(key, _)| key == k) {
        None => Ok(default),
        Some((_, v)) => v
            .parse::<u64>()
            .map_err(|_| format!("`{k}` is a whole number >= 0, not `{v}`")),
    }
}

/// Answer one trace request (module doc).
pub fn answer(cx: &Cx, rq: Request, query: &[(String, String)]) {
    if !query.iter().any(|(k, _)| k == "seed") {
        return refuse(rq, 400, "trace?seed=N");
    }
    let asked = number(query, "seed", 0).and_then(|seed| {
        let from = number(query, "from", 0)?;
        let count = number(query, "count", PAGE as u64)?;
        Ok((seed, from, count))
    });
    let (seed, from, count) = match asked {
        Ok(a) => a,
        Err(e) => return refuse(rq, 400, &e),
    };
    if count == 0 || count > MAX_PAGE as u64 {
        return refuse(rq, 400, &format!("`count` is 1..={MAX_PAGE}"));
    }
    let Some(_place) = Place::take() else {
        return refuse(rq, 503, "busy with other traces; try again");
    };
    let (Some(rules), Some(g)) = cx.shared.current() else {
        return refuse(rq, 409, "no rule set has loaded yet");
    };
    let prepared = rules.pick(&g.params).and_then(|(rs, p)| {
        let values = rs.resolve_params(&p)?;
        let assets = rs.load_assets(&p)?;
        Ok((rs, values, assets))
    });
    let (rs, values, assets) = match prepared {
        Ok(x) => x,
        Err(e) => return refuse(rq, 422, &e.to_string()),
    };
    let cells = (i64::from(rs.width) * i64::from(rs.cell[0]))
        .saturating_mul(i64::from(rs.height) * i64::from(rs.cell[1]))
        .saturating_mul(rs.layers.len().max(1) as i64)
        .max(1) as usize;
    let from = usize::try_from(from).unwrap_or(usize::MAX);
    let count = (count as usize).min((MAX_PAGE_CELLS / cells).max(1));
    let first = from.saturating_sub(1);
    // the deadline is checked inside long steps too (the state's budget)
    let mut obs = Until {
        inner: Window::new(first, count + (from - first)),
        until: Instant::now() + cx.shared.budget,
    };
    let run = rs.run_with(seed, &values, &assets, &mut obs);
    let w = obs.inner;
    match run {
        Ok((st, attempts)) => {
            if from > 0 && from >= w.seen {
                return refuse(
                    rq,
                    400,
                    &format!("`from` {from} is past the last frame ({} frames)", w.seen),
                );
            }
            let last = rs.to_dungeon(&st, seed, &values, attempts);
            let layer = query
                .iter()
                .find(|(k, _)| k == "layer")
                .map(|(_, v)| v.as_str());
            let page = super::model::trace_page(
                rs,
                &cx.shared.folder,
                &w,
                &last,
                &values,
                super::model::PageAsk {
                    from,
                    layer,
                    max_bytes: MAX_PAGE_BYTES,
                },
            );
            reply(rq, 200, "application/json", page)
        }
        Err(GenError::TimedOut { at }) => refuse(
            rq,
            503,
            &format!(
                "the trace stopped after {:.1} s (the server's budget per request), {} steps in, \
                 {at}",
                cx.shared.budget.as_secs_f64(),
                w.seen
            ),
        ),
        Err(e) => refuse(rq, 422, &e.to_string()),
    }
}
