//! Named values written over a list kept from one dungeon to the next: entry `k` of the
//! list is overwritten by the `k`-th value written, its name's buffer reused (rewritten only
//! when the name differs), and what is left past the last value is dropped at the end. A
//! worker that measures dungeon after dungeon into the same lists allocates only when a
//! list grows or a name gets longer. Used for a sample's measures
//! ([`super::Measurer`]) and a run's restart and tally counts (`batch::job`).

use std::fmt::{Arguments, Write};

/// A list of `(name, value)` being rewritten from its start ([`Slots::finish`] ends it).
pub struct Slots<'a, V> {
    values: &'a mut Vec<(String, V)>,
    next: usize,
}

impl<'a, V: Copy + Default> Slots<'a, V> {
    /// Rewrite `values` from its first entry.
    pub fn new(values: &'a mut Vec<(String, V)>) -> Slots<'a, V> {
        Slots { values, next: 0 }
    }

    /// The next entry, its name cleared when it must be rewritten.
    fn entry(&mut self) -> &mut (String, V) {
        if self.next == self.values.len() {
            self.values.push((String::new(), V::default()));
        }
        self.next += 1;
        &mut self.values[self.next - 1]
    }

    /// The next value: `prefix` + `name` = `v`.
    pub fn put(&mut self, prefix: &str, name: &str, v: V) {
        let e = self.entry();
        if !is(&e.0, prefix, name) {
            e.0.clear();
            e.0.push_str(prefix);
            e.0.push_str(name);
        }
        e.1 = v;
    }

    /// The next value, its name formatted: `text` = `v`.
    pub fn put_fmt(&mut self, text: Arguments, v: V) {
        let e = self.entry();
        e.0.clear();
        // writing into a String cannot fail
        let _ = e.0.write_fmt(text);
        e.1 = v;
    }

    /// How many values are written so far (the index of the next).
    pub fn written(&self) -> usize {
        self.next
    }

    /// The values written from index `from` on.
    pub fn since(&mut self, from: usize) -> &mut [(String, V)] {
        &mut self.values[from..self.next]
    }

    /// Drop the entries past the last value written.
    pub fn finish(self) {
        self.values.truncate(self.next);
    }
}

impl Slots<'_, f64> {
    /// Count one more `prefix` + `name` among the values from index `from` on (a new value
    /// 1 after them when not there yet).
    pub fn bump(&mut self, from: usize, prefix: &str, name: &str) {
        match self
            .since(from)
            .iter_mut()
            .find(|(n, _)| is(n, prefix, name))
        {
            Some(e) => e.1 += 1.0,
            None => self.put(prefix, name, 1.0),
        }
    }
}

/// Whether `n` is `prefix` + `name`.
fn is(n: &str, prefix: &str, name: &str) -> bool {
    n.len() == prefix.len() + name.len() && n.starts_with(prefix) && n.ends_with(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_written_over_the_list_and_the_rest_dropped() {
        let mut list = vec![
            ("rooms".to_string(), 9.0),
            ("kind.boss".to_string(), 9.0),
            ("kind.shop".to_string(), 9.0),
        ];
        let mut s = Slots::new(&mut list);
        s.put("", "rooms", 3.0);
        let from = s.written();
        s.bump(from, "kind.", "start");
        s.bump(from, "kind.", "boss");
        s.bump(from, "kind.", "start");
        s.put_fmt(format_args!("{}: {}", "door", 2), 5.0);
        assert_eq!(s.since(from).len(), 3);
        s.finish();
        let names: Vec<(&str, f64)> = list.iter().map(|(n, v)| (n.as_str(), *v)).collect();
        assert_eq!(
            names,
            [
                ("rooms", 3.0),
                ("kind.start", 2.0),
                ("kind.boss", 1.0),
                ("door: 2", 5.0)
            ]
        );
        // fewer values the next time: the list is cut after them
        let mut s = Slots::new(&mut list);
        s.put("", "doors", 1.0);
        s.finish();
        assert_eq!(list, [("doors".to_string(), 1.0)]);
    }
}
