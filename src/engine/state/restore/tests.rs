//! Tests of [`super`]: restores copy what changed and only that.

use super::State;
use crate::rng::{Rng, RngSpec};

fn state() -> State {
    State::new(3, 2, 0, 0, 0, 2, Rng::new(&RngSpec::Pcg64, 1))
}

/// A restore puts back every layer written since the snapshot, in this run or (into a
/// snapshot kept from another run, as `Retry` reuses them) every layer.
#[test]
fn restores_copy_the_layers_written_since() {
    let mut st = state();
    st.layer_mut(0)[0] = 4;
    st.layer_mut(1)[1] = 5;
    let snap = st.snapshot();
    st.layer_mut(0)[2] = 6;
    st.restore_from(&snap);
    assert_eq!(st.layer(0), [4, 0, 0, 0, 0, 0]);
    assert_eq!(st.layer(1), [0, 5, 0, 0, 0, 0]);
    assert_eq!(st.layer_version(0), snap.layer_version(0));
    st.layer_mut(1)[3] = 7;
    st.restore_parts_from(&snap, &[1], &[]);
    assert_eq!(st.layer(1), [0, 5, 0, 0, 0, 0]);
    // a state of another run with the same versions: copied whole all the same
    let mut kept = state();
    kept.layer_mut(0)[5] = 9;
    kept.layer_mut(1)[4] = 8;
    assert_eq!(kept.layer_version(0), st.layer_version(0));
    kept.restore_from(&st);
    assert_eq!(kept.layer(0), st.layer(0));
    assert_eq!(kept.layer(1), st.layer(1));
    assert_eq!(kept.epoch(), st.epoch());
}
