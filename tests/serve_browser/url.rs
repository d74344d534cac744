//! The page's failures and its URL (issue 47, group 4): when seeds fail, one summary above the
//! pictures with each message once and a red badge; the URL holds the seeds, parameters,
//! layer and the dungeon opened, and opening it (a reload, a shared link) shows them again;
//! the trace jumps to where the run restarted and says what did not hold.

use super::serve_util::cdp::{chromium, Browser};
use super::serve_util::{copy_cathedral, start, tempdir};
use serde_json::json;

#[test]
fn failed_seeds_are_summed_up_and_the_url_restores_the_view() {
    let Some(exe) = chromium() else { return };
    let dir = tempdir("url");
    copy_cathedral(&dir);
    let server = start(&dir.join("cathedral.ron"), 4);
    let mut b = Browser::start(&exe, &dir.join("profile"), 1280, 900);

    // Cathedral level 2 with the Butcher's quest and no set piece: every seed fails the same way
    b.goto(&format!(
        "{}#first=1&count=4&p.level=2&p.butcher=true",
        server.url()
    ));
    b.wait_for(
        "window.undercroft.gallery && window.undercroft.gallery.params.butcher === 'true' \
         && document.querySelectorAll('#gallery .card.failed').length === 4",
        "the failed gallery",
    );
    let badge = b.eval("[document.getElementById('badge').textContent, document.getElementById('badge').className]");
    assert_eq!(badge, json!(["4 of 4 seeds failed", "badge broken"]));
    let summary = b.eval("document.getElementById('failures').innerText");
    let summary = summary.as_str().unwrap();
    assert!(summary.starts_with("4 of 4 seeds failed"), "{summary}");
    assert_eq!(
        summary.matches("--param setpiece=FILE.dun").count(),
        1,
        "the message once: {summary}"
    );
    assert!(summary.contains("seeds 1, 2, 3, 4: "), "{summary}");
    let cards =
        b.eval("[...document.querySelectorAll('#gallery .card .err')].map(e => e.textContent)");
    assert!(cards
        .as_array()
        .unwrap()
        .iter()
        .all(|c| !c.as_str().unwrap().contains("setpiece")));

    // a shared link: seeds 5..8 of level 3, the `level` layer, seed 6 opened
    let url = format!(
        "{}#first=5&count=4&layer=level&seed=6&p.level=3",
        server.url()
    );
    for visit in ["a link", "a reload"] {
        b.goto("about:blank");
        b.goto(&url);
        b.wait_for(
            "window.undercroft.gallery && window.undercroft.gallery.first === 5 && window.undercroft.single === 6 \
             && !document.getElementById('single').hidden",
            &format!("the view of {visit}"),
        );
        let state = b.eval(
            "[window.undercroft.gallery.params.level, window.undercroft.gallery.layer, \
              document.getElementById('layer').value, document.querySelector('#params input[name=level]').value, \
              document.getElementById('single-title').textContent, window.undercroft.gallery.items[1].view.layer]",
        );
        assert_eq!(
            state,
            json!(["3", "level", "level", "3", "seed 6", "level"]),
            "{visit}"
        );
        assert_eq!(
            b.eval("document.getElementById('badge').className"),
            "badge ok"
        );
    }
    // what the page shows is written back into the URL: another seed opened
    b.eval("document.getElementById('back').click()");
    b.eval("document.querySelectorAll('#gallery canvas')[2].click()");
    let hash = b.eval("location.hash");
    assert_eq!(hash, "#first=5&count=4&layer=level&seed=7&p.level=3");

    // the trace of the seed with the most restarts: every restart with what did not hold,
    // reached from the end by the restart jump (frames not yet loaded are fetched)
    let most = b.eval(
        "(() => { const a = window.undercroft.gallery.items.map(i => i.dungeon.attempts); \
           const k = a.indexOf(Math.max(...a)); return [k, a[k]]; })()",
    );
    let (k, attempts) = (most[0].as_u64().unwrap(), most[1].as_u64().unwrap());
    assert!(attempts > 0, "a seed of Cathedral level 3 restarts: {most}");
    b.eval("document.getElementById('back').click()");
    b.eval(&format!(
        "document.querySelectorAll('#gallery canvas')[{k}].click()"
    ));
    b.eval("document.getElementById('trace').click()");
    b.wait_for(
        "window.undercroft.trace && window.undercroft.trace.outline && !document.getElementById('stepper').hidden",
        "the trace",
    );
    let restarts = b.eval("window.undercroft.trace.outline.restarts.length");
    assert_eq!(restarts, json!(attempts));
    b.eval("document.getElementById('restart-prev').click()");
    let label = b.wait_for(
        "(() => { const t = document.getElementById('step-label').textContent; return t.includes('restart:') && t; })()",
        "the last step before a restart",
    );
    let label = label.as_str().unwrap();
    assert!(
        label.contains(&format!("did not hold (attempt {} follows)", attempts + 1))
            && label.contains(" at cathedral.ron:")
            && !label.contains("/cathedral.ron"),
        "{label}"
    );
    let hash = b.eval("location.hash");
    assert!(hash.as_str().unwrap().contains("&step="), "{hash}");
    b.screenshot(&super::artefacts().join("cathedral-trace-restart.png"));
}
