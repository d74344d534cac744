//! The hot-reload loop without a terminal (issue 4): real files, real notify events.
//! Each editor test replays that editor's file operations for one save and asserts exactly
//! one reload, with the final content.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::thread::sleep;
use std::time::Duration;
use undercroft::preview::reload::{Reload, Session};
use undercroft::Params;

const QUIET: Duration = Duration::from_millis(100);
const WAIT: Duration = Duration::from_secs(5);
/// After a reload, no further reload may come within this time.
const SETTLE: Duration = Duration::from_millis(500);

/// The shipped Isaac rule set with its name and default level replaced.
fn flash(name: &str, level: u32) -> String {
    let text = fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/rules/isaac/flash.ron"
    ))
    .unwrap();
    let text = text.replacen("name: \"isaac/flash\"", &format!("name: \"{name}\""), 1);
    let from = "\"level\": Int(default: 1,";
    assert!(text.contains(from));
    text.replacen(from, &format!("\"level\": Int(default: {level},"), 1)
}

fn tempdir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("undercroft-reload-{tag}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&d);
    fs::create_dir_all(&d).unwrap();
    d
}

/// Run an editor's file operations on another thread while the session watches, as a
/// real editor does (events queued before the session looks would hide timing bugs).
fn editor(ops: impl FnOnce() + Send + 'static) -> std::thread::JoinHandle<()> {
    std::thread::spawn(ops)
}

fn open(path: &Path) -> Session {
    let s = Session::open(path, QUIET).unwrap();
    assert!(s.live.rules.is_some(), "{:?}", s.live.diagnostics);
    // let the watch settle before the first edit
    sleep(Duration::from_millis(50));
    s
}

/// Wait for exactly one reload: it must load a rule set named `name`, and nothing else may
/// follow.
fn expect_one_reload(s: &mut Session, name: &str) -> undercroft::Dungeon {
    expect_one(s, name).1
}

fn expect_one(
    s: &mut Session,
    name: &str,
) -> (std::sync::Arc<undercroft::RuleSet>, undercroft::Dungeon) {
    let r = s.next(WAIT).expect("no reload after the save");
    let Reload::Loaded(rs) = r else {
        panic!("expected a good reload, got {r:?}");
    };
    assert_eq!(rs.name, name);
    let extra = s.next(SETTLE);
    assert!(extra.is_none(), "a second reload followed: {extra:?}");
    let d = rs.generate(7, &Params::new()).unwrap();
    (rs, d)
}

#[test]
fn edit_break_fix_keeps_the_last_good_dungeon() {
    let d = tempdir("cycle");
    let f = d.join("style.ron");
    fs::write(&f, flash("v1", 1)).unwrap();
    let mut s = open(&f);
    let first = s
        .live
        .rules
        .as_ref()
        .unwrap()
        .generate(7, &Params::new())
        .unwrap();
    assert_eq!(first.ruleset, "v1");

    fs::write(&f, flash("v2", 9)).unwrap();
    let second = expect_one_reload(&mut s, "v2");
    assert_eq!(second.params["level"], 9);
    assert!(second.rooms.len() > first.rooms.len());

    // a typo in an operator field: the diagnostic names file:line:col, the rule set stays
    let broken = flash("v3", 2).replacen("room_kind:", "room_knd:", 1);
    fs::write(&f, &broken).unwrap();
    let r = s.next(WAIT).expect("no reload after the broken save");
    let Reload::Broken(diags) = r else {
        panic!("expected diagnostics, got {r:?}")
    };
    let line = broken.lines().position(|l| l.contains("room_knd")).unwrap() + 1;
    let short = diags.0[0].short();
    assert!(
        short.contains(&format!("style.ron:{line}:")),
        "diagnostic `{short}` should point at line {line}"
    );
    assert_eq!(
        s.live.rules.as_ref().unwrap().name,
        "v2",
        "last good rule set kept"
    );
    assert!(s.live.diagnostics.is_some());

    fs::write(&f, flash("v4", 3)).unwrap();
    let fixed = expect_one_reload(&mut s, "v4");
    assert_eq!(fixed.params["level"], 3);
    assert!(s.live.diagnostics.is_none(), "recovered");

    // back to the first text: the same dungeon, byte for byte, as before all the edits
    fs::write(&f, flash("v1", 1)).unwrap();
    let again = expect_one_reload(&mut s, "v1");
    assert_eq!(again.to_json(), first.to_json());
}

#[test]
fn a_save_that_changes_nothing_is_not_a_reload() {
    let d = tempdir("same");
    let f = d.join("style.ron");
    fs::write(&f, flash("same", 1)).unwrap();
    let mut s = open(&f);
    fs::write(&f, flash("same", 1)).unwrap();
    assert!(s.next(SETTLE).is_none());
}

#[test]
fn vim_rename_to_backup_then_write_new_file() {
    // vim, backupcopy=no: probe file 4913, rename the file to its backup, write a new file
    // (a new inode) under the old name, delete the backup.
    let d = tempdir("vim");
    let f = d.join("style.ron");
    fs::write(&f, flash("old", 1)).unwrap();
    let mut s = open(&f);
    let ed = editor(move || {
        fs::write(d.join("4913"), "").unwrap();
        fs::remove_file(d.join("4913")).unwrap();
        fs::rename(&f, d.join("style.ron~")).unwrap();
        let mut out = fs::File::create(&f).unwrap();
        out.write_all(flash("vim", 2).as_bytes()).unwrap();
        out.sync_all().unwrap();
        drop(out);
        fs::remove_file(d.join("style.ron~")).unwrap();
        // the watch survives the replaced inode: a second save is seen too
        sleep(SETTLE * 2);
        fs::write(&f, flash("vim2", 2)).unwrap();
    });
    expect_one_reload(&mut s, "vim");
    expect_one_reload(&mut s, "vim2");
    ed.join().unwrap();
}

#[test]
fn atomic_rename_over_the_file() {
    let d = tempdir("rename");
    let f = d.join("style.ron");
    fs::write(&f, flash("old", 1)).unwrap();
    let mut s = open(&f);
    let ed = editor(move || {
        let tmp = d.join(".style.ron.tmp1234");
        fs::write(&tmp, flash("renamed", 2)).unwrap();
        fs::rename(&tmp, &f).unwrap();
    });
    expect_one_reload(&mut s, "renamed");
    ed.join().unwrap();
}

#[test]
fn jetbrains_safe_write_temp_files_are_never_parsed() {
    // IntelliJ "safe write": write x___jb_tmp___, rename x to x___jb_old___, rename the
    // temp to x, delete the old. The temp files hold a broken text here: parsing one
    // would report diagnostics instead of the final content.
    let d = tempdir("jb");
    let f = d.join("style.ron");
    fs::write(&f, flash("old", 1)).unwrap();
    let mut s = open(&f);
    let ed = editor(move || {
        let tmp = d.join("style.ron___jb_tmp___");
        let old = d.join("style.ron___jb_old___");
        fs::write(&tmp, "Ruleset(broken").unwrap();
        sleep(QUIET * 2);
        fs::write(&tmp, flash("jetbrains", 2)).unwrap();
        fs::rename(&f, &old).unwrap();
        fs::rename(&tmp, &f).unwrap();
        fs::remove_file(&old).unwrap();
    });
    expect_one_reload(&mut s, "jetbrains");
    ed.join().unwrap();
    assert!(s
        .live
        .files()
        .iter()
        .all(|p| !p.to_string_lossy().contains("___jb_")));
}

#[test]
fn vscode_truncate_then_write_never_reports_the_empty_file() {
    // The gap between truncate and write is longer than the debounce: only the guard
    // against empty files keeps the empty intermediate out.
    let d = tempdir("vscode");
    let f = d.join("style.ron");
    fs::write(&f, flash("old", 1)).unwrap();
    let mut s = open(&f);
    let ed = editor(move || {
        let mut out = fs::OpenOptions::new()
            .write(true)
            .truncate(true)
            .open(&f)
            .unwrap();
        out.sync_all().unwrap();
        sleep(QUIET * 4);
        out.write_all(flash("vscode", 2).as_bytes()).unwrap();
    });
    expect_one_reload(&mut s, "vscode");
    ed.join().unwrap();
}

#[test]
fn several_modify_events_for_one_save() {
    let d = tempdir("chunks");
    let f = d.join("style.ron");
    fs::write(&f, flash("old", 1)).unwrap();
    let mut s = open(&f);
    let ed = editor(move || {
        let text = flash("chunked", 2);
        let mut out = fs::File::create(&f).unwrap();
        for chunk in text.as_bytes().chunks(text.len() / 5 + 1) {
            out.write_all(chunk).unwrap();
            out.flush().unwrap();
            sleep(Duration::from_millis(10));
        }
    });
    expect_one_reload(&mut s, "chunked");
    ed.join().unwrap();
}

#[test]
fn a_burst_over_several_files_of_the_rule_set_is_one_reload() {
    let d = tempdir("burst");
    let base = d.join("base.ron");
    let child = d.join("child.ron");
    let child_text = move |name: &str, level: u32| {
        format!(
            "Ruleset(extends: \"base.ron\", name: \"{name}\", params: {{ \"level\": Int(default: {level}, min: 1, max: 11) }})"
        )
    };
    fs::write(&base, flash("base", 1)).unwrap();
    fs::write(&child, child_text("child1", 2)).unwrap();
    let mut s = open(&child);
    assert_eq!(s.live.files().len(), 2, "both files are watched");
    // both files change in one go (a search-and-replace over the folder, a git checkout)
    let described = move |d: &str| {
        flash("base", 1).replacen("description: \"", &format!("description: \"{d} "), 1)
    };
    let (b, c) = (base.clone(), child.clone());
    let ed = editor(move || {
        fs::write(&b, described("second")).unwrap();
        sleep(Duration::from_millis(10));
        fs::write(&c, child_text("child2", 11)).unwrap();
    });
    let (rs, dg) = expect_one(&mut s, "child2");
    assert_eq!(dg.params["level"], 11);
    // the final content of the parent is loaded too
    assert!(rs.description.starts_with("second "), "{}", rs.description);
    ed.join().unwrap();
    // the parent alone changing is a reload as well
    fs::write(&base, described("third")).unwrap();
    let (rs, _) = expect_one(&mut s, "child2");
    assert!(rs.description.starts_with("third "), "{}", rs.description);
}

/// Issue 46: a FIFO appearing for a moment where the rule file was froze the preview
/// ("generating…" for good: reading it waited for a writer). Now it is a diagnostic saying
/// what the file is, and the next save reloads. Run on another thread so that a regression
/// fails the test instead of hanging it.
#[test]
fn a_fifo_in_place_of_the_rule_file_is_a_diagnostic_not_a_freeze() {
    let d = tempdir("fifo");
    let f = d.join("style.ron");
    fs::write(&f, flash("before", 1)).unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut s = open(&f);
        let fifo = d.join("pipe");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(made.is_ok_and(|m| m.success()), "mkfifo");
        fs::rename(&fifo, &f).unwrap();
        let r = s.next(WAIT).expect("no reload after the FIFO appeared");
        let Reload::Broken(diags) = r else {
            panic!("expected diagnostics, got {r:?}")
        };
        let short = diags.0[0].short();
        fs::remove_file(&f).unwrap();
        fs::write(&f, flash("after", 1)).unwrap();
        let after = expect_one_reload(&mut s, "after");
        tx.send((short, after.ruleset)).unwrap();
    });
    let (short, after) = rx
        .recv_timeout(Duration::from_secs(30))
        .expect("the session froze on the FIFO");
    assert!(
        short.contains("named pipe (FIFO), not a regular file"),
        "{short}"
    );
    assert_eq!(after, "after");
}
