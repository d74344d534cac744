//! [`BitWalk::steps`]: the steps between two cells of a plane, by a set of reached cells
//! grown a step a round, 64 cells per word operation (see [`super`]).

use super::BitWalk;
use crate::engine::bit_rows::BitRows;
use crate::engine::walk::distance::UNREACHED;

impl BitWalk {
    /// Steps (4-neighbour moves over the set cells of `plane`, its margin and the bits
    /// past its width not read) from `from` to `to`, or [`UNREACHED`] when either is off
    /// the grid or not set, or no way joins them. The cells reached grow from both ends, a
    /// round at a time on the side whose last round changed fewer rows, until the two
    /// sides meet: the steps are then the rounds of both.
    pub fn steps(&mut self, plane: &BitRows, from: (i32, i32), to: (i32, i32)) -> u32 {
        let (w, h) = (plane.width(), plane.height());
        let inside = |(x, y): (i32, i32)| x >= 0 && y >= 0 && x < w && y < h;
        if !inside(from) || !inside(to) || !plane.get(from.0, from.1) || !plane.get(to.0, to.1) {
            return UNREACHED;
        }
        if from == to {
            return 0;
        }
        self.load(plane);
        self.back.clear();
        self.back.resize(self.open.len(), 0);
        let wpr = self.wpr;
        let bit = |(x, y): (i32, i32)| (y as usize * wpr + x as usize / 64, 1u64 << (x % 64));
        let ((k, b), (j, c)) = (bit(from), bit(to));
        (self.grown[k], self.back[j]) = (b, c);
        // Both ends, not one: growing from `from` alone until `to` is among the cells gives
        // the same steps, and was measured cheaper on two of the shipped styles by ~3 % and
        // dearer on the others by up to 47 % (callgrind; the figures are in benches/README.md,
        // "the stairs walk").
        // per side: the rows its last round changed, and its rounds
        let mut sides = [
            (from.1 as usize, from.1 as usize + 1, 0),
            (to.1 as usize, to.1 as usize + 1, 0),
        ];
        loop {
            let s = usize::from(sides[1].1 - sides[1].0 < sides[0].1 - sides[0].0);
            let (lo, hi, _) = sides[s];
            let grown = if s == 0 {
                &mut self.grown
            } else {
                &mut self.back
            };
            let (y0, y1) = (lo.saturating_sub(1), (hi + 1).min(self.h));
            let Some((lo, hi)) = round_any(&self.open, grown, &mut self.old, wpr, self.h, y0, y1)
            else {
                return UNREACHED;
            };
            sides[s] = (lo, hi, sides[s].2 + 1);
            // the sides met in a cell this round reached
            let rows = lo * wpr..hi * wpr;
            if self.grown[rows.clone()]
                .iter()
                .zip(&self.back[rows])
                .any(|(a, b)| a & b != 0)
            {
                return sides[0].2 + sides[1].2;
            }
        }
    }
}

/// [`round`] for any words per row (one word a row: the same code with the word loops
/// gone).
fn round_any(
    open: &[u64],
    grown: &mut [u64],
    old: &mut [u64],
    wpr: usize,
    h: usize,
    y0: usize,
    y1: usize,
) -> Option<(usize, usize)> {
    match wpr {
        1 => round(open, grown, old, 1, h, y0, y1),
        wpr => round(open, grown, old, wpr, h, y0, y1),
    }
}

/// One round of [`BitWalk::steps`] over rows `y0..y1` of `open` and `grown` (`wpr` words a
/// row, `h` rows; `old` holding two rows): every open cell beside a grown one is grown.
/// The rows that changed (first, past the last), `None` when none did.
#[inline(always)]
fn round(
    open: &[u64],
    grown: &mut [u64],
    old: &mut [u64],
    wpr: usize,
    h: usize,
    y0: usize,
    y1: usize,
) -> Option<(usize, usize)> {
    let (above, here) = old.split_at_mut(wpr);
    // the rows as they were before this round: the one above, then each in turn
    if y0 > 0 {
        above.copy_from_slice(&grown[(y0 - 1) * wpr..][..wpr]);
    } else {
        above.fill(0);
    }
    let (mut lo, mut hi) = (usize::MAX, 0);
    for y in y0..y1 {
        let row = y * wpr;
        here.copy_from_slice(&grown[row..][..wpr]);
        let mut changed = false;
        for i in 0..wpr {
            let r = here[i];
            let west = r << 1 | if i > 0 { here[i - 1] >> 63 } else { 0 };
            let east = r >> 1 | if i + 1 < wpr { here[i + 1] << 63 } else { 0 };
            let below = if y + 1 < h { grown[row + wpr + i] } else { 0 };
            let n = (west | east | above[i] | below) & open[row + i] | r;
            changed |= n != r;
            grown[row + i] = n;
        }
        if changed {
            (lo, hi) = (lo.min(y), y + 1);
        }
        above.copy_from_slice(here);
    }
    (lo != usize::MAX).then_some((lo, hi))
}

#[cfg(test)]
mod tests {
    use super::super::tests::{plane, planes};
    use super::*;

    #[test]
    fn steps_go_round_walls() {
        let p = plane(&[
            "...#..", //
            ".#.#.#", //
            ".#...#", //
            "#.#...", //
        ]);
        let mut walk = BitWalk::new();
        // (0, 0) → (4, 0): right 2, down 2, right 2, up 2
        assert_eq!(walk.steps(&p, (0, 0), (4, 0)), 8);
        assert_eq!(walk.steps(&p, (4, 0), (0, 0)), 8);
        assert_eq!(walk.steps(&p, (0, 0), (5, 0)), 9);
        assert_eq!(walk.steps(&p, (0, 0), (3, 3)), 6);
        assert_eq!(walk.steps(&p, (0, 0), (5, 3)), 8);
        assert_eq!(walk.steps(&p, (5, 3), (5, 3)), 0);
        // (1, 3) is cut off; closed and outside cells are never reached
        assert_eq!(walk.steps(&p, (0, 0), (1, 3)), UNREACHED);
        assert_eq!(walk.steps(&p, (0, 0), (1, 1)), UNREACHED);
        assert_eq!(walk.steps(&p, (0, 0), (6, 0)), UNREACHED);
        assert_eq!(walk.steps(&p, (-1, 0), (0, 0)), UNREACHED);
    }

    #[test]
    fn steps_are_those_of_the_breadth_first_field_on_any_width() {
        let mut walk = BitWalk::new();
        let mut field = crate::engine::walk::DistanceField::new();
        planes(|open, cells| {
            let (w, h) = (open.width(), open.height());
            let first = cells.iter().position(|&c| c).unwrap_or(0) as i32;
            let from = (first % w, first / w);
            field.compute(w, h, |i| cells[i], [from]);
            for (i, _) in cells.iter().enumerate().step_by(7) {
                let to = (i as i32 % w, i as i32 / w);
                assert_eq!(
                    walk.steps(open, from, to),
                    field.at(to.0, to.1),
                    "{w} x {h} {to:?}"
                );
            }
        });
    }
}
