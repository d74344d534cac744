//! What the area functions of the expression language compute: splits, shrinking and
//! growing, intersections, centres and random points and areas inside an area. Areas are
//! rectangles of tiles `[x, y, w, h]` (x to the right, y down); an area with no width or no
//! height is empty. A function that needs tiles and is given an empty area (or a split with
//! nothing on one side) returns `None`: the evaluator records the expression's fault, which
//! ends the run with an error naming the expression (see [`super::compile::Program::fault`]).

use crate::engine::state::State;
use crate::engine::value::Value;
use crate::rng::RandomSource;

/// How an area is split.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cut {
    /// Into the first `n` columns and the rest (side by side).
    Columns,
    /// Into the first `n` rows and the rest (one above the other).
    Rows,
    /// Across its longer side: columns when it is at least as wide as high, else rows.
    Longer,
}

/// `[x, y, w, h]` of an area value; an empty area for anything else.
#[inline]
pub fn rect(v: Value) -> [i32; 4] {
    v.as_area().unwrap_or([0; 4])
}

/// Whether `[x, y, w, h]` holds no tile.
#[inline]
fn empty([_, _, w, h]: [i32; 4]) -> bool {
    w <= 0 || h <= 0
}

/// The pair of areas of splitting `a` by `how` after `n` columns or rows (`n` rounded down);
/// `None` when either part would be empty.
pub fn split(a: [i32; 4], how: Cut, n: f64) -> Option<Value> {
    let [x, y, w, h] = a;
    let columns = match how {
        Cut::Columns => true,
        Cut::Rows => false,
        Cut::Longer => w >= h,
    };
    let side = if columns { w } else { h };
    let n = n.floor();
    if empty(a) || !(n >= 1.0 && n < f64::from(side)) {
        return None;
    }
    let c = |v: i32| v as i16;
    Some(Value::Pair(c(x), c(y), c(w), c(h), n as i16, columns))
}

/// The middle tile of `a` (rounded toward the top left): `(x + (w - 1) / 2, y + (h - 1) / 2)`;
/// `None` for an empty area.
pub fn centre(a: [i32; 4]) -> Option<Value> {
    let [x, y, w, h] = a;
    (!empty(a)).then_some(Value::Cell(x + (w - 1) / 2, y + (h - 1) / 2))
}

/// A random tile of `a`: `x + rnd(w)`, then `y + rnd(h)`; `None` (drawing nothing) for an
/// empty area.
pub fn random_cell(a: [i32; 4], st: &mut State) -> Option<Value> {
    let [x, y, w, h] = a;
    if empty(a) {
        return None;
    }
    let dx = st.rng.below(i64::from(w)) as i32;
    let dy = st.rng.below(i64::from(h)) as i32;
    Some(Value::Cell(x + dx, y + dy))
}

/// A random area inside `a` at least `min_w × min_h` tiles (each rounded down, at least 1):
/// its width `min_w + rnd(w - min_w + 1)`, then its height likewise, then its left
/// `x + rnd(w - width + 1)` and its top likewise (four draws, in that order). `None`
/// (drawing nothing) when `a` is smaller than the minimum.
pub fn random_area(a: [i32; 4], min_w: f64, min_h: f64, st: &mut State) -> Option<Value> {
    let [x, y, w, h] = a;
    let (min_w, min_h) = (min_w.floor().max(1.0), min_h.floor().max(1.0));
    if f64::from(w) < min_w || f64::from(h) < min_h {
        return None;
    }
    let (min_w, min_h) = (min_w as i32, min_h as i32);
    let mut draw = |n: i32| st.rng.below(i64::from(n)) as i32;
    let rw = min_w + draw(w - min_w + 1);
    let rh = min_h + draw(h - min_h + 1);
    let rx = x + draw(w - rw + 1);
    let ry = y + draw(h - rh + 1);
    Some(Value::area(rx, ry, rw, rh))
}

/// `a` shrunk by `n` tiles on every side (grown when `n` is negative; `n` truncated).
pub fn inset(a: [i32; 4], n: f64) -> Value {
    let [x, y, w, h] = a;
    let n = n as i32;
    Value::area(x + n, y + n, w - 2 * n, h - 2 * n)
}

/// The tiles `a` and `b` share (an empty area when none).
pub fn intersect(a: [i32; 4], b: [i32; 4]) -> Value {
    let (x0, y0) = (a[0].max(b[0]), a[1].max(b[1]));
    let x1 = (a[0] + a[2]).min(b[0] + b[2]);
    let y1 = (a[1] + a[3]).min(b[1] + b[3]);
    if x1 <= x0 || y1 <= y0 {
        return Value::area(x0, y0, 0, 0);
    }
    Value::area(x0, y0, x1 - x0, y1 - y0)
}

/// The smallest area holding the cells `p` and `q` (both included).
pub fn span(p: Value, q: Value) -> Value {
    let (Value::Cell(px, py), Value::Cell(qx, qy)) = (p, q) else {
        return Value::area(0, 0, 0, 0);
    };
    let (x0, y0) = (px.min(qx), py.min(qy));
    Value::area(x0, y0, (px - qx).abs() + 1, (py - qy).abs() + 1)
}

/// Whether cell `p` is one of the tiles of `a`.
pub fn inside(p: Value, a: [i32; 4]) -> bool {
    let Value::Cell(px, py) = p else {
        return false;
    };
    let [x, y, w, h] = a;
    px >= x && py >= y && px < x + w && py < y + h
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::{Rng, RngSpec};

    fn state() -> State {
        State::new(4, 4, 0, 0, 0, 0, Rng::new(&RngSpec::Pcg64, 3))
    }

    #[test]
    fn a_split_cuts_after_n_columns_or_rows() {
        let a = [2, 1, 10, 4];
        let halves = |v: Option<Value>| v.and_then(Value::halves).map(|(p, q)| (rect(p), rect(q)));
        assert_eq!(
            halves(split(a, Cut::Columns, 3.7)),
            Some(([2, 1, 3, 4], [5, 1, 7, 4]))
        );
        assert_eq!(
            halves(split(a, Cut::Rows, 1.0)),
            Some(([2, 1, 10, 1], [2, 2, 10, 3]))
        );
        // the longer side of a wide area is its width; of a tall one its height
        assert_eq!(halves(split(a, Cut::Longer, 9.0)).unwrap().1, [11, 1, 1, 4]);
        assert_eq!(
            halves(split([0, 0, 2, 5], Cut::Longer, 2.0)),
            Some(([0, 0, 2, 2], [0, 2, 2, 3]))
        );
        // nothing on one side, or nothing to split
        for (a, how, n) in [
            (a, Cut::Columns, 0.0),
            (a, Cut::Columns, 10.0),
            (a, Cut::Rows, 4.0),
            (a, Cut::Rows, f64::NAN),
            ([0, 0, 0, 5], Cut::Rows, 2.0),
            ([0, 0, 1, 1], Cut::Longer, 1.0),
        ] {
            assert_eq!(split(a, how, n), None, "{a:?} {how:?} {n}");
        }
    }

    #[test]
    fn centres_points_and_areas_inside() {
        assert_eq!(centre([2, 2, 4, 3]), Some(Value::Cell(3, 3)));
        assert_eq!(centre([2, 2, 1, 1]), Some(Value::Cell(2, 2)));
        assert_eq!(centre([2, 2, 0, 3]), None);
        let mut st = state();
        for _ in 0..200 {
            let p = random_cell([5, 7, 3, 2], &mut st).unwrap();
            assert!(inside(p, [5, 7, 3, 2]), "{p:?}");
            let [x, y, w, h] = rect(random_area([5, 7, 6, 4], 2.0, 3.0, &mut st).unwrap());
            assert!(w >= 2 && h >= 3 && x >= 5 && y >= 7 && x + w <= 11 && y + h <= 11);
        }
        // an area exactly the minimum is the whole area
        assert_eq!(
            random_area([5, 7, 2, 3], 2.0, 3.0, &mut st),
            Some(Value::Area(5, 7, 2, 3))
        );
        assert_eq!(random_area([5, 7, 2, 3], 3.0, 1.0, &mut st), None);
        assert_eq!(random_cell([5, 7, 0, 3], &mut st), None);
    }

    #[test]
    fn shrinking_growing_intersecting_and_spanning() {
        assert_eq!(inset([1, 1, 6, 5], 2.0), Value::Area(3, 3, 2, 1));
        assert_eq!(inset([1, 1, 6, 5], -1.0), Value::Area(0, 0, 8, 7));
        assert_eq!(inset([1, 1, 2, 2], 2.0), Value::Area(3, 3, 0, 0));
        assert_eq!(
            intersect([0, 0, 4, 4], [2, 3, 5, 5]),
            Value::Area(2, 3, 2, 1)
        );
        assert!(!intersect([0, 0, 2, 2], [2, 0, 2, 2]).truthy());
        assert_eq!(
            span(Value::Cell(5, 1), Value::Cell(2, 3)),
            Value::Area(2, 1, 4, 3)
        );
        assert_eq!(
            span(Value::Cell(2, 2), Value::Cell(2, 2)),
            Value::Area(2, 2, 1, 1)
        );
        assert!(inside(Value::Cell(3, 1), [2, 1, 2, 1]));
        assert!(!inside(Value::Cell(4, 1), [2, 1, 2, 1]));
    }
}
