//! Names interned to small numbers (ids), for counting named values dungeon after dungeon
//! without reading names: each distinct name (a built-in measure, `kind.K`, `shape.S`,
//! `area.C`, `kind: reason` of a tally) is stored once, under the id of its first
//! sighting, and found again from the same parts (`["kind.", "boss"]`) without building
//! the string: a hash of each part's length and first and last eight bytes picks a slot
//! of an open-addressing table, and one comparison confirms it. A worker's
//! [`super::Measurer`] interns as it measures; the summary ([`super::Adder`]) counts each
//! value by its id.

/// Interned names: `name(id)` for every id handed out, ids from 0 in order of first
/// sighting.
#[derive(Debug, Clone, Default)]
pub struct Names {
    /// The names, by id.
    list: Vec<String>,
    /// The hash of each id's parts.
    hashes: Vec<u64>,
    /// Open addressing over the ids: `id + 1` per slot, 0 for an empty slot; its length a
    /// power of two, at most half full.
    table: Vec<u32>,
    /// The ids in byte order of their names.
    sorted: Vec<u32>,
    /// Each id's place in `sorted`.
    rank: Vec<u32>,
}

impl Names {
    /// No names.
    pub fn new() -> Names {
        Names::default()
    }

    /// The id of the name made of `parts` one after the other, interned at its first
    /// sighting (the only time this allocates). A name is found again from the same parts
    /// (the same name split otherwise may get another id, with the same name).
    pub fn id(&mut self, parts: &[&str]) -> u32 {
        if 2 * (self.list.len() + 1) > self.table.len() {
            self.grow();
        }
        let mask = self.table.len() - 1;
        let h = hash(parts);
        let mut i = h as usize & mask;
        loop {
            match self.table[i] {
                0 => break,
                t if self.hashes[t as usize - 1] == h && is(&self.list[t as usize - 1], parts) => {
                    return t - 1
                }
                _ => i = (i + 1) & mask,
            }
        }
        let id = self.list.len() as u32;
        let name = parts.concat();
        let at = self
            .sorted
            .partition_point(|&j| self.list[j as usize] < name);
        self.list.push(name);
        self.hashes.push(h);
        self.table[i] = id + 1;
        self.sorted.insert(at, id);
        self.rank.push(0);
        for (r, &j) in self.sorted.iter().enumerate().skip(at) {
            self.rank[j as usize] = r as u32;
        }
        id
    }

    /// The name of `id` (an id this table handed out).
    pub fn name(&self, id: u32) -> &str {
        &self.list[id as usize]
    }

    /// How many names.
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// Each id's place among all the names in byte order (`ranks()[a] < ranks()[b]` when
    /// name `a` sorts before name `b`), kept as names come.
    pub fn ranks(&self) -> &[u32] {
        &self.rank
    }

    /// A table twice the size (at least 64 slots) with every id in it again.
    fn grow(&mut self) {
        let size = (2 * self.table.len()).max(64);
        self.table.clear();
        self.table.resize(size, 0);
        for (id, &h) in self.hashes.iter().enumerate() {
            let mut i = h as usize & (size - 1);
            while self.table[i] != 0 {
                i = (i + 1) & (size - 1);
            }
            self.table[i] = id as u32 + 1;
        }
    }
}

/// The hash of `parts`: each one's length and first and last eight bytes (of a shorter
/// part, its first, middle and last byte), mixed (a collision costs a comparison more).
fn hash(parts: &[&str]) -> u64 {
    let mut h = 0u64;
    for p in parts {
        let b = p.as_bytes();
        let (first, last) = match (b.first_chunk::<8>(), b.last_chunk::<8>()) {
            (Some(f), Some(l)) => (u64::from_le_bytes(*f), u64::from_le_bytes(*l)),
            _ if b.is_empty() => (0, 0),
            _ => {
                let at = |i: usize| b[i] as u64;
                (at(0) | at(b.len() / 2) << 8 | at(b.len() - 1) << 16, 0)
            }
        };
        h = mix(h ^ (b.len() as u64) << 56 ^ first ^ last.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    }
    h
}

/// A 64-bit mix (the finaliser of SplitMix64): every input bit moves every output bit.
fn mix(x: u64) -> u64 {
    let x = (x ^ x >> 30).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    let x = (x ^ x >> 27).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ x >> 31
}

/// Whether `name` is `parts` one after the other.
fn is(name: &str, parts: &[&str]) -> bool {
    let mut rest = name.as_bytes();
    for p in parts {
        match rest.split_at_checked(p.len()) {
            Some((head, tail)) if head == p.as_bytes() => rest = tail,
            _ => return false,
        }
    }
    rest.is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_get_ids_in_order_of_first_sighting_from_their_parts() {
        let mut n = Names::new();
        assert_eq!(n.id(&["rooms"]), 0);
        assert_eq!(n.id(&["kind.", "boss"]), 1);
        assert_eq!(n.id(&["shape.", "2x1"]), 2);
        assert_eq!(n.id(&["kind.", "boss"]), 1);
        assert_eq!(n.id(&["kind.", "bos"]), 3);
        assert_eq!(
            (n.name(1), n.name(3), n.len()),
            ("kind.boss", "kind.bos", 4)
        );
        // byte order: kind.bos, kind.boss, rooms, shape.2x1
        assert_eq!(n.ranks(), &[2, 1, 3, 0]);
        // long parts that differ only in the middle are two names
        let a = "theme: level > 4 || cells >= 9";
        let b = "theme: level > 4 && cells >= 9";
        assert_eq!((n.id(&["", a]), n.id(&["", b]), n.id(&["", a])), (4, 5, 4));
    }

    #[test]
    fn many_names_keep_their_ids_as_the_table_grows() {
        let mut n = Names::new();
        let names: Vec<String> = (0..500).map(|i| format!("shape.{i}x{}", i % 7)).collect();
        for (i, s) in names.iter().enumerate() {
            assert_eq!(n.id(&["shape.", &s[6..]]), i as u32);
        }
        for (i, s) in names.iter().enumerate().rev() {
            assert_eq!(n.id(&["shape.", &s[6..]]), i as u32);
            assert_eq!(n.name(i as u32), s);
        }
        // the ranks follow byte order
        let mut ids: Vec<u32> = (0..500).collect();
        ids.sort_by_key(|&i| n.ranks()[i as usize]);
        assert!(ids.windows(2).all(|w| n.name(w[0]) < n.name(w[1])));
    }
}
