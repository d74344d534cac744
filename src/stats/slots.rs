//! A sample's values written over its list kept from one dungeon to the next: entry `k` of
//! the list is overwritten by the `k`-th value written, its name's buffer reused (rewritten
//! only when the name differs), and what is left past the last value is dropped at the
//! end. Each value is given by the id of its name in a [`Names`] table, and the ids are
//! written to a list beside the values, for the summary to count them by
//! ([`super::Adder`]). A worker that measures dungeon after dungeon into the same lists
//! allocates only when a list grows or a name gets longer. Used for a sample's measures
//! ([`super::Measurer`]).

use super::names::Names;

/// A list of `(name, value)` being rewritten from its start ([`Slots::finish`] ends it),
/// with the ids of the names.
pub struct Slots<'a> {
    values: &'a mut Vec<(String, f64)>,
    ids: &'a mut Vec<u32>,
    next: usize,
}

impl<'a> Slots<'a> {
    /// Rewrite `values` from its first entry, and `ids` (emptied) beside it.
    pub fn new(values: &'a mut Vec<(String, f64)>, ids: &'a mut Vec<u32>) -> Slots<'a> {
        ids.clear();
        Slots {
            values,
            ids,
            next: 0,
        }
    }

    /// The next value: `names.name(id)` = `v`.
    #[inline(always)]
    pub fn put(&mut self, names: &Names, id: u32, v: f64) {
        if self.next == self.values.len() {
            self.values.push((String::new(), 0.0));
        }
        let e = &mut self.values[self.next];
        let name = names.name(id);
        if !super::id_cache::same_bytes(e.0.as_bytes(), name.as_bytes()) {
            e.0.clear();
            e.0.push_str(name);
        }
        e.1 = v;
        self.ids.push(id);
        self.next += 1;
    }

    /// Drop the entries past the last value written.
    pub fn finish(self) {
        self.values.truncate(self.next);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_written_over_the_list_and_the_rest_dropped() {
        let mut names = Names::new();
        let [rooms, start, boss] = [["rooms"], ["kind.start"], ["kind.boss"]].map(|n| names.id(&n));
        let mut list = vec![
            ("rooms".to_string(), 9.0),
            ("kind.boss".to_string(), 9.0),
            ("kind.shop".to_string(), 9.0),
            ("kind.x".to_string(), 9.0),
        ];
        let mut ids = vec![7];
        let mut s = Slots::new(&mut list, &mut ids);
        s.put(&names, rooms, 3.0);
        s.put(&names, start, 2.0);
        s.put(&names, boss, 1.0);
        s.finish();
        let got: Vec<(&str, f64)> = list.iter().map(|(n, v)| (n.as_str(), *v)).collect();
        assert_eq!(
            got,
            [("rooms", 3.0), ("kind.start", 2.0), ("kind.boss", 1.0)]
        );
        assert_eq!(ids, [rooms, start, boss]);
        // more values the next time: the list grows
        let mut s = Slots::new(&mut list, &mut ids);
        for (k, id) in [boss, boss, rooms, start].into_iter().enumerate() {
            s.put(&names, id, k as f64);
        }
        s.finish();
        assert_eq!(list[3], ("kind.start".to_string(), 3.0));
        assert_eq!((list.len(), ids), (4, vec![boss, boss, rooms, start]));
    }
}
