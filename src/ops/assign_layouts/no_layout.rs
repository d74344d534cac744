//! The failure points of a room that no layout of a room pool fits: which room kind, shape
//! and door slot found none, decided when the rule set is compiled from the layouts the
//! step may use (so a run names them without building a message).

use crate::ruleset::compile::Cx;
use crate::ruleset::src::Src;
use std::collections::BTreeMap;

/// A layout as the pool step sees it: its shape, door-slot mask and room-kind mask.
#[derive(Debug, Clone, Copy)]
pub struct Offer {
    /// Shape index.
    pub shape: u16,
    /// Bit `k` = door slot `k` of the shape.
    pub doors: u32,
    /// Bit `i` = room kind `i`.
    pub kinds: u64,
}

/// For each (room kind, shape) a step may meet: the failure point of a needed door slot
/// no layout of that kind and shape has, or of no layout at all, or (the doors are each
/// offered, but not together, or not within the difficulty and window) of the pair.
#[derive(Debug, Clone, Default)]
pub struct NoLayout {
    by: BTreeMap<(u16, u16), Points>,
    /// A room whose doors lie on no slot of its shape, or without a shape.
    pub unplaced: u32,
}

/// The failure points of one (room kind, shape): of the pair (of no layout at all when no
/// slot is listed), then `(slot, point)` per door slot no layout of them has.
type Points = (u32, Vec<(u32, u32)>);

impl NoLayout {
    /// Register the failure points for `kinds` (mask) over every shape, with `offers` the
    /// layouts of `pools` (their names as written), at `anchor`.
    pub fn new(cx: &mut Cx, pools: &[Src], kinds: u64, offers: &[Offer], anchor: &Src) -> Self {
        let names: Vec<String> = pools.iter().map(|p| format!("`{}`", p.text)).collect();
        let of = format!("AssignLayouts: no layout of {}", names.join(", "));
        let mut by = BTreeMap::new();
        let kind_names = cx.kinds.clone();
        let shapes = cx.shapes().to_vec();
        for (k, kind) in kind_names.iter().enumerate().take(64) {
            if kinds >> k & 1 == 0 {
                continue;
            }
            for (s, sh) in shapes.iter().enumerate() {
                let mine = offers
                    .iter()
                    .filter(|o| o.shape as usize == s && o.kinds >> k & 1 == 1);
                let (n, union) = mine.fold((0, 0u32), |(n, u), o| (n + 1, u | o.doors));
                let room = format!("a `{kind}` room of shape `{}`", sh.name);
                if n == 0 {
                    let f = cx.failure_point(format!("{of} serves {room}"), anchor);
                    by.insert((k as u16, s as u16), (f, Vec::new()));
                    continue;
                }
                let have: Vec<&str> = (0..sh.slots.len())
                    .filter(|i| union >> i & 1 == 1)
                    .map(|i| sh.slots[i].name.as_str())
                    .collect();
                let have = if have.is_empty() {
                    "none".into()
                } else {
                    have.join(" ")
                };
                let mut slots = Vec::new();
                for (i, slot) in sh.slots.iter().enumerate().take(32) {
                    if union >> i & 1 == 0 {
                        let what = format!(
                            "{of} for {room} has door slot `{}` (their slots: {have})",
                            slot.name
                        );
                        slots.push((i as u32, cx.failure_point(what, anchor)));
                    }
                }
                let what = format!(
                    "{of} fits {room} with the doors it needs (each offered, but not \
                     together, or not within the difficulty and window)"
                );
                by.insert(
                    (k as u16, s as u16),
                    (cx.failure_point(what, anchor), slots),
                );
            }
        }
        let unplaced = cx.failure_point(
            format!("{of} fits a room: it has no shape, or a door on no slot of its shape"),
            anchor,
        );
        NoLayout { by, unplaced }
    }

    /// The failure point of a room of `kind` and `shape` needing door slots `need` that
    /// found no layout.
    pub fn failure(&self, kind: u16, shape: u16, need: u32) -> u32 {
        match self.by.get(&(kind, shape)) {
            None => self.unplaced,
            Some((pair, slots)) => slots
                .iter()
                .find(|(slot, _)| need >> slot & 1 == 1)
                .map_or(*pair, |&(_, f)| f),
        }
    }
}
