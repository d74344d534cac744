//! The layout rule files of the speed baselines (benches/hell_layout.ron,
//! benches/caves_layout.ron, benches/cathedral_layout.ron, benches/catacombs_layout.ron) are
//! copies of the start of the shipped Diablo rule sets; the
//! bench figures ("the layout loop's share of a whole level") compare the same work only
//! while the copies equal the originals. These tests compare their steps as text, comments
//! and spacing aside, so an edit of rules/diablo/hell.ron or caves.ron that the copy misses
//! fails here.

use std::path::Path;

fn read(rel: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)).unwrap()
}

/// The text without `//` comments (none of these files has `//` inside a string) and with
/// every run of whitespace removed.
fn normalized(text: &str) -> String {
    text.lines()
        .map(|l| l.split("//").next().unwrap())
        .flat_map(|l| l.chars())
        .filter(|c| !c.is_whitespace())
        .collect()
}

/// The byte range of the call starting at the first `start` of `text`: from `start` to its
/// balanced closing parenthesis (and a comma right after it).
fn call(text: &str, start: &str) -> std::ops::Range<usize> {
    let at = text
        .find(start)
        .unwrap_or_else(|| panic!("`{start}` not found"));
    let mut depth = 0;
    for (i, c) in text[at..].char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    let end = at + i + 1;
                    let end = if text[end..].starts_with(',') {
                        end + 1
                    } else {
                        end
                    };
                    return at..end;
                }
            }
            _ => {}
        }
    }
    panic!("`{start}` is not closed");
}

#[test]
fn hell_layout_copies_first_room() {
    let (copy, orig) = (
        normalized(&read("benches/hell_layout.ron")),
        normalized(&read("rules/diablo/hell.ron")),
    );
    let block = r#"Named("FirstRoom",Retry("#;
    assert_eq!(copy[call(&copy, block)], orig[call(&orig, block)]);
}

#[test]
fn cathedral_layout_copies_first_room_and_its_minimum_area() {
    let (copy, orig) = (
        normalized(&read("benches/cathedral_layout.ron")),
        normalized(&read("rules/diablo/cathedral.ron")),
    );
    for start in [r#"Let("min_area""#, r#"Named("FirstRoom",Retry("#] {
        assert_eq!(
            copy[call(&copy, start)],
            orig[call(&orig, start)],
            "{start}"
        );
    }
}

#[test]
fn catacombs_layout_copies_the_layout_steps() {
    let (copy, orig) = (
        normalized(&read("benches/catacombs_layout.ron")),
        normalized(&read("rules/diablo/catacombs.ron")),
    );
    // the steps from CreateRoom to FillVoids
    let steps = |t: &str| {
        let a = t.find(r#"Named("CreateRoom""#).unwrap();
        let end = call(t, r#"Named("FillVoids""#).end;
        t[a..end].to_string()
    };
    let copy = steps(&copy).replace("../rules/diablo/catacombs.pat#", "catacombs.pat#");
    assert_eq!(copy, steps(&orig));
}

#[test]
fn caves_layout_copies_the_layout_steps() {
    let (copy, orig) = (
        normalized(&read("benches/caves_layout.ron")),
        normalized(&read("rules/diablo/caves.ron")),
    );
    // the steps from the first draw to the connectivity test
    let steps = |t: &str| {
        let (a, end) = (t.find(r#"Let("x1""#).unwrap(), r#"Require("regions==1"),"#);
        t[a..t.find(end).unwrap() + end.len()].to_string()
    };
    let copy = steps(&copy).replace("../rules/diablo/caves.pat#", "caves.pat#");
    // the copy leaves out the Anvil of Fury's floor square (a quest of level 10)
    let mut orig = steps(&orig);
    orig.replace_range(call(&orig, r#"If(cond:"anvil_level""#), "");
    assert_eq!(copy, orig);
}
