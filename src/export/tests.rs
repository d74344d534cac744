//! Unit tests of `export`.

use super::*;

#[test]
fn an_l_shaped_room_is_outlined_clockwise_by_its_six_corners() {
    // ##
    // #.
    let cells: BTreeSet<[i32; 2]> = [[0, 0], [1, 0], [0, 1]].into_iter().collect();
    assert_eq!(
        outline(&cells),
        vec![[0, 0], [2, 0], [2, 1], [1, 1], [1, 2], [0, 2]]
    );
}

#[test]
fn iids_are_fixed_uuids() {
    let a = iid("x/1");
    assert_eq!(a, iid("x/1"));
    assert_ne!(a, iid("x/2"));
    assert_eq!(a.len(), 36);
    assert_eq!(&a[14..15], "4");
}

#[test]
fn scales_parse() {
    assert_eq!(Scale::parse("13x7"), Ok(Scale { x: 13, y: 7 }));
    assert_eq!(Scale::parse("4"), Ok(Scale { x: 4, y: 4 }));
    assert!(Scale::parse("0").is_err() && Scale::parse("2x").is_err());
}
