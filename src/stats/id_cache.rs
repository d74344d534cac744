//! The ids of the names of one family (`kind.` + a room's kind, `shape.` + its shape) found
//! again without a hash table or a string comparison: a name of at most 16 bytes is packed
//! into one 128-bit number ([`short_key`]), which picks a slot of a small table and is
//! compared there with one instruction pair (and in the slot beside it). Longer names are
//! confirmed by a comparison with the interned name. A miss interns the name
//! ([`Names::id`]) and takes the slot, its name moving beside it.

use super::names::Names;

/// Slots of an [`IdCache`] (a power of two).
const SLOTS: usize = 64;

/// The bytes of `b` as one number, the same for two slices of one length exactly when
/// their bytes are the same if the length is at most 16 (of a longer slice, its first and
/// last eight bytes): overlapping loads of its first and last 8 (or 4) bytes, or its first,
/// middle and last byte.
pub(crate) fn short_key(b: &[u8]) -> u128 {
    let n = b.len();
    let (lo, hi) = match (b.first_chunk::<8>(), b.last_chunk::<8>()) {
        (Some(f), Some(l)) => (u64::from_le_bytes(*f), u64::from_le_bytes(*l)),
        _ => match (b.first_chunk::<4>(), b.last_chunk::<4>()) {
            (Some(f), Some(l)) => (u32::from_le_bytes(*f) as u64, u32::from_le_bytes(*l) as u64),
            _ if n == 0 => (0, 0),
            _ => (
                b[0] as u64 | (b[n / 2] as u64) << 8 | (b[n - 1] as u64) << 16,
                0,
            ),
        },
    };
    (hi as u128) << 64 | lo as u128
}

/// Whether `a` and `b` are the same bytes ([`short_key`] for short ones, no call out).
#[inline]
pub(crate) fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len()
        && if a.len() <= 16 {
            short_key(a) == short_key(b)
        } else {
            a == b
        }
}

/// One slot: the name's [`short_key`], its length and `id + 1` (0: empty).
#[derive(Debug, Clone, Copy, Default)]
struct Slot {
    key: u128,
    len: u32,
    id: u32,
}

/// Names of one family seen lately, by their [`short_key`]: `prefix + name` → id.
#[derive(Debug, Clone)]
pub(crate) struct IdCache {
    slots: Box<[Slot; SLOTS]>,
}

impl Default for IdCache {
    fn default() -> IdCache {
        IdCache {
            slots: Box::new([Slot::default(); SLOTS]),
        }
    }
}

impl IdCache {
    /// The id of `prefix` + `name` in `names` (interned there on a miss). `prefix` must
    /// be the same on every call to one cache.
    #[inline]
    pub(crate) fn id(&mut self, names: &mut Names, prefix: &str, name: &str) -> u32 {
        let b = name.as_bytes();
        let key = short_key(b);
        let h =
            (key as u64 ^ (key >> 64) as u64 ^ b.len() as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        // two slots per name: the one its key picks and its neighbour
        let i = (h >> 58) as usize % SLOTS;
        for j in [i, i ^ 1] {
            let slot = &self.slots[j];
            if slot.id != 0 && slot.key == key && slot.len as usize == b.len() {
                let id = slot.id - 1;
                if b.len() <= 16 || names.name(id).as_bytes().get(prefix.len()..) == Some(b) {
                    return id;
                }
            }
        }
        let id = names.id(&[prefix, name]);
        // the name takes its slot, the name there moves next door
        self.slots[i ^ 1] = self.slots[i];
        self.slots[i] = Slot {
            key,
            len: b.len() as u32,
            id: id + 1,
        };
        id
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_keys_tell_every_short_name_apart() {
        let words: Vec<Vec<u8>> = (0..=17usize)
            .flat_map(|n| {
                (0..n.max(1)).map(move |i| {
                    let mut w = vec![b'a'; n];
                    if n > 0 {
                        w[i] = b'b';
                    }
                    w
                })
            })
            .collect();
        for a in &words {
            for b in &words {
                assert_eq!(same_bytes(a, b), a == b, "{a:?} {b:?}");
            }
        }
        // trailing zero bytes are told apart by the length
        assert!(!same_bytes(b"ab", b"ab\0"));
    }

    #[test]
    fn ids_come_back_for_the_same_names_and_long_names_are_checked() {
        let mut names = Names::new();
        let mut c = IdCache::default();
        let long_a = "a long kind name with a middle A and the same end";
        let long_b = "a long kind name with a middle B and the same end";
        let list = ["boss", "start", "", "x", "super_secret", long_a, long_b];
        let ids: Vec<u32> = list.iter().map(|n| c.id(&mut names, "kind.", n)).collect();
        for _ in 0..3 {
            for (n, &id) in list.iter().zip(&ids) {
                assert_eq!(c.id(&mut names, "kind.", n), id);
                assert_eq!(names.name(id), format!("kind.{n}"));
            }
        }
        assert_ne!(ids[5], ids[6]);
        // many names in 64 slots: misses take their slot again, ids stay
        let many: Vec<String> = (0..300).map(|i| format!("k{i}")).collect();
        let first: Vec<u32> = many.iter().map(|n| c.id(&mut names, "kind.", n)).collect();
        let again: Vec<u32> = many.iter().map(|n| c.id(&mut names, "kind.", n)).collect();
        assert_eq!(first, again);
    }
}
