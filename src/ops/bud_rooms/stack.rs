//! The budding's pending rooms: a last-in first-out stack whose first `N` entries live
//! inline (a run of budding allocates nothing unless more than `N` rooms wait at once).

/// A stack of `T`, the first `N` entries inline, the rest in a vector.
pub struct Stack<T, const N: usize> {
    inline: [T; N],
    len: usize,
    /// Entries pushed while the inline part was full (popped first).
    spill: Vec<T>,
}

impl<T: Copy + Default, const N: usize> Default for Stack<T, N> {
    fn default() -> Self {
        Stack {
            inline: [T::default(); N],
            len: 0,
            spill: Vec::new(),
        }
    }
}

impl<T: Copy, const N: usize> Stack<T, N> {
    /// Push `v` on top.
    #[inline(always)]
    pub fn push(&mut self, v: T) {
        if self.len < N {
            self.inline[self.len] = v;
            self.len += 1;
        } else {
            self.spill.push(v);
        }
    }

    /// Take the top entry.
    #[inline(always)]
    pub fn pop(&mut self) -> Option<T> {
        if let Some(v) = self.spill.pop() {
            return Some(v);
        }
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.inline[self.len])
    }
}

#[cfg(test)]
mod tests {
    use super::Stack;

    #[test]
    fn pops_in_reverse_push_order_across_the_inline_part() {
        let mut s = Stack::<u32, 3>::default();
        let mut model = Vec::new();
        // pushes and pops interleaved so the spill fills, empties and fills again
        for (i, op) in [
            1, 1, 1, 1, 1, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0,
        ]
        .into_iter()
        .enumerate()
        {
            if op == 1 {
                s.push(i as u32);
                model.push(i as u32);
            } else {
                assert_eq!(s.pop(), model.pop());
            }
        }
        assert_eq!(s.pop(), None);
    }
}
