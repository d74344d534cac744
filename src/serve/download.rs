//! `GET /api/download?seed=N&format=F`: seed `N` with the gallery's parameters as a file to
//! save, the same bytes the command line writes:
//!
//! | `F` | file | as |
//! |---|---|---|
//! | `png` | `NAME-seedN.png` | `generate --format png` |
//! | `json` | `NAME-seedN.json` | `generate --format json` (one line) |
//! | `txt` | `NAME-seedN.txt` | `generate --format ascii --color never` |
//! | `ldtk` | `NAME-seedN.ldtk` | `generate --format ldtk` (its tileset picture is `tiles`) |
//! | `tiles` | `NAME-seedN-tiles.png` | the tileset picture the LDtk project names |
//!
//! `NAME` is the rule set's name with every character but letters, digits, `-` and `_` made
//! `_`. The generation has the server's time budget (as a gallery's).

use super::conn::Request;
use super::reply::refuse;
use super::state::Cx;
use crate::export::tileset::Tileset;
use crate::export::{ldtk, Provenance, Scale};
use crate::interpreter::{NoTrace, Until};
use std::time::Instant;

/// Answer one download request (module doc).
pub fn answer(cx: &Cx, rq: Request, query: &[(String, String)]) {
    let field = |k: &str| {
        query
            .iter()
            .find(|(key, _)| key == k)
            .map(|(_, v)| v.as_str())
    };
    let Some(seed) = field("seed").and_then(|s| s.parse::<u64>().ok()) else {
        return refuse(rq, 400, "download?seed=N&format=png|json|txt|ldtk|tiles");
    };
    let format = field("format").unwrap_or("png");
    if !matches!(format, "png" | "json" | "txt" | "ldtk" | "tiles") {
        return refuse(
            rq,
            400,
            &format!("no format `{format}`: png, json, txt, ldtk or tiles"),
        );
    }
    let (Some(rules), Some(g)) = cx.shared.current() else {
        return refuse(rq, 409, "no rule set has loaded yet");
    };
    let mut obs = Until {
        inner: NoTrace,
        until: Instant::now() + cx.shared.budget,
    };
    let d = match rules.generate_with(seed, &g.params, &mut obs) {
        Ok(d) => d,
        Err(e) => return refuse(rq, 422, &format!("seed {seed}: {e}")),
    };
    let name: String = rules
        .name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let stem = format!("{name}-seed{seed}");
    let tiles_png = format!("{stem}-tiles.png");
    let (file, mime, bytes): (String, &str, Vec<u8>) = match format {
        "png" => match crate::render::png::encode(&d, 1) {
            Ok(b) => (format!("{stem}.png"), "image/png", b),
            Err(e) => return refuse(rq, 422, &e),
        },
        "json" => (
            format!("{stem}.json"),
            "application/json",
            (d.to_json() + "\n").into_bytes(),
        ),
        "txt" => (
            format!("{stem}.txt"),
            "text/plain; charset=utf-8",
            (crate::render::ascii::floor_plan(&d, false) + "\n").into_bytes(),
        ),
        _ => {
            let ds = [d];
            let scale = Scale::natural(&ds[0]);
            if let Err(e) = scale.check(&ds[0]) {
                return refuse(rq, 422, &e);
            }
            let ts = Tileset::of(&ds);
            if format == "tiles" {
                (tiles_png, "image/png", ts.png())
            } else {
                let p = Provenance::of_files(&rules.files);
                let text = ldtk::project(&ds, &[scale], &ts, &p, &tiles_png);
                (
                    format!("{stem}.ldtk"),
                    "application/json",
                    text.into_bytes(),
                )
            }
        }
    };
    let disposition = format!("attachment; filename=\"{file}\"");
    rq.respond(
        200,
        &[
            ("Content-Type", mime),
            ("Content-Disposition", &disposition),
            ("Cache-Control", "no-store"),
            ("X-Content-Type-Options", "nosniff"),
        ],
        &bytes,
    );
}
