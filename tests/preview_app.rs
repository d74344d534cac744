//! The preview without a terminal (issue 4): key handling, changed cells, drawing into a
//! test backend, and the worker (newest request wins; reloads on save).

use ratatui::backend::TestBackend;
use ratatui::Terminal;
use std::sync::Arc;
use std::time::Duration;
use undercroft::preview::app::{changed_cells, initial_request, Action, App, Key};
use undercroft::preview::draw::draw;
use undercroft::preview::worker::{generate, Update, Worker};
use undercroft::{Params, RuleSet};

const FLASH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/rules/isaac/flash.ron");

fn app_with(seed: u64) -> App {
    let rs = Arc::new(RuleSet::load(FLASH).unwrap());
    let req = initial_request(seed, Params::new());
    let mut app = App::new(req.clone());
    app.update(generate(&rs, 1, &req, None));
    app
}

fn screen(app: &App) -> String {
    let mut t = Terminal::new(TestBackend::new(130, 40)).unwrap();
    t.draw(|f| {
        draw(f, app);
    })
    .unwrap();
    let buf = t.backend().buffer().clone();
    (0..buf.area.height)
        .map(|y| {
            (0..buf.area.width)
                .map(|x| buf[(x, y)].symbol().to_string())
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn keys_change_seed_and_params_within_their_ranges() {
    let mut app = app_with(5);
    assert_eq!(
        app.key(Key::Char('n')),
        Action::Generate(initial_request(6, Params::new()))
    );
    let level = app
        .rules
        .as_ref()
        .unwrap()
        .params
        .iter()
        .position(|p| p.name == "level")
        .unwrap();
    while app.param != level {
        assert_eq!(app.key(Key::Tab), Action::None);
    }
    let mut last = None;
    for _ in 0..20 {
        if let Action::Generate(r) = app.key(Key::Char('+')) {
            last = Some(r);
        }
    }
    let last = last.unwrap();
    assert_eq!(last.params.0["level"], "11", "stops at the maximum");
    assert_eq!(
        app.key(Key::Char('+')),
        Action::None,
        "nothing to do past the maximum"
    );
    assert!(matches!(app.key(Key::Char('-')), Action::Generate(r) if r.params.0["level"] == "10"));
    let fullhp = app
        .rules
        .as_ref()
        .unwrap()
        .params
        .iter()
        .position(|p| p.name == "fullhp")
        .unwrap();
    app.param = fullhp;
    assert!(
        matches!(app.key(Key::Char('+')), Action::Generate(r) if r.params.0["fullhp"] == "true")
    );
    assert_eq!(app.key(Key::Char('q')), Action::Quit);
}

#[test]
fn the_trace_steps_through_states_after_each_step() {
    let mut app = app_with(5);
    let Action::Generate(req) = app.key(Key::Char('t')) else {
        panic!("trace needs a run")
    };
    assert!(req.traced);
    app.key(Key::Char(']')); // before the trace arrives: remembered
    let rs = app.rules.clone().unwrap();
    app.update(generate(&rs, 2, &req, None));
    let n = app.trace.as_ref().unwrap().frames.len();
    assert!(n >= 3, "{n} frames");
    assert_eq!(app.frame, Some(1));
    let first = app.shown().unwrap().into_owned();
    app.frame = Some(0);
    let grown = app.shown().unwrap().into_owned();
    assert!(grown.rooms.len() > 1, "the first step grows rooms");
    assert!(first.rooms.len() >= grown.rooms.len());
    assert!(screen(&app).contains("step 1/"));
    // stepping marks what the step changed: the first step against nothing, nothing; the
    // second (boss pick or a restart) changes some cells
    assert!(app.marked().iter().all(|&c| !c));
    app.frame = Some(1);
    let marked = app.marked().iter().filter(|&&c| c).count();
    assert!(marked > 0, "step 2 changes cells");
    assert!(screen(&app).contains(&format!("{marked} cells marked * (by this step)")));
}

#[test]
fn changed_cells_are_the_cells_whose_room_kind_differs() {
    let rs = RuleSet::load(FLASH).unwrap();
    let a = rs.generate(1, &Params::new()).unwrap();
    let b = rs.generate(2, &Params::new()).unwrap();
    let c = changed_cells(&a, &b);
    let rows = |d: &undercroft::Dungeon| match &d.layers["rooms"] {
        undercroft::dungeon::Layer::Symbols(r) => r.concat().chars().collect::<Vec<_>>(),
        _ => unreachable!(),
    };
    let expect: Vec<bool> = rows(&a)
        .iter()
        .zip(rows(&b))
        .map(|(x, y)| *x != y)
        .collect();
    assert_eq!(c, expect);
    assert!(c.iter().any(|&x| x));
    assert!(changed_cells(&a, &a).iter().all(|&x| !x));
}

#[test]
fn the_screen_shows_map_panel_help_and_diagnostics() {
    let mut app = app_with(5);
    let s = screen(&app);
    assert!(s.contains("isaac/flash") && s.contains("seed      5") && s.contains("q quit"));
    assert!(s.contains(" S "), "start room glyph");
    let diags = RuleSet::load(concat!(env!("CARGO_MANIFEST_DIR"), "/no/such.ron")).unwrap_err();
    app.update(Update::Broken {
        diagnostics: diags,
        saved: None,
    });
    let s = screen(&app);
    assert!(s.contains("broken save"), "{s}");
    assert!(s.contains(" S "), "last good dungeon still drawn");
}

#[test]
fn the_worker_answers_the_newest_request_and_drops_the_rest() {
    let req = initial_request(1, Params::new());
    let mut w = Worker::start(std::path::Path::new(FLASH), Duration::from_millis(40), req).unwrap();
    for seed in 2..=41 {
        w.request(initial_request(seed, Params::new()));
    }
    let mut generated = 0;
    loop {
        let u = w
            .updates
            .recv_timeout(Duration::from_secs(20))
            .expect("an answer");
        if let Update::Generated {
            request, dungeon, ..
        } = u
        {
            generated += 1;
            if request == w.newest() {
                assert_eq!(dungeon.seed, 41);
                break;
            }
        }
    }
    assert!(
        generated < 10,
        "{generated} of 41 requests generated: queued ones must collapse"
    );
}

/// Issue 9 item 8: a mixed style's rooms are outlined over the tiles in the preview, where the
/// ASCII picture outlines them (the same glyphs on the same tiles).
#[test]
fn a_mixed_style_outlines_its_rooms_over_the_tiles() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/rules/examples/barrow.ron");
    let rs = Arc::new(RuleSet::load(path).unwrap());
    let req = initial_request(3, Params::new());
    let mut app = App::new(req.clone());
    app.update(generate(&rs, 1, &req, None));
    let d = app.dungeon.clone().expect("seed 3 builds");
    let mut t = Terminal::new(TestBackend::new(300, 80)).unwrap();
    let mut geo = None;
    t.draw(|f| geo = Some(draw(f, &app))).unwrap();
    let (geo, buf) = (geo.unwrap(), t.backend().buffer().clone());
    let ascii = undercroft::render::ascii::floor_plan(&d, false);
    let mut checked = 0;
    for (y, line) in ascii
        .lines()
        .skip(1)
        .take(d.grids.as_ref().unwrap().tiles[1] as usize)
        .enumerate()
    {
        for (x, c) in line.chars().enumerate() {
            if "─│┼".contains(c) {
                let at = (geo.x + 2 * x as u16, geo.y + y as u16);
                assert_eq!(buf[at].symbol(), c.to_string(), "tile ({x}, {y})");
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "only {checked} outline tiles");
}
