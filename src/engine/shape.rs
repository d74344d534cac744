//! Multi-cell room shapes: the cells a shape covers and its door slots, as declared in a
//! rule file's `shapes: [...]` (e.g. the 1x1, 2x2 and L rooms of the Rebirth-family floor
//! plans, spec/isaac-rebirth.md §3). Shared by the operators that place, reshape and
//! furnish shaped rooms.
//!
//! Cells are `(x, y)` offsets from the shape's origin (the top-left of its bounding box).
//! A door slot is a cell of the shape plus a direction: the door leads from that cell into
//! the orthogonally adjacent cell `cell.step(dir)`, which is never a cell of the shape (for
//! an L shape it may be the empty notch of the bounding box).

use super::dir::Dir;
use super::point::Point;
use super::state::{State, NO_ROOM};
use super::value::RoomId;

/// A compiled shape.
#[derive(Debug, Clone, PartialEq)]
pub struct Shape {
    /// The name rule files use, e.g. "1x1", "LTL".
    pub name: String,
    /// Cell offsets from the origin, in declaration order (rooms keep this order).
    pub cells: Vec<Point>,
    /// Door slots, in declaration order (their index is the slot number).
    pub slots: Vec<Slot>,
    /// Bounding box `[width, height]` in cells.
    pub size: [i32; 2],
}

/// A door slot of a shape.
#[derive(Debug, Clone, PartialEq)]
pub struct Slot {
    /// e.g. "L0", "U1".
    pub name: String,
    /// The shape cell the door is in.
    pub cell: Point,
    /// The side of that cell the door leads out of the shape through.
    pub dir: Dir,
}

impl Shape {
    /// Whether `c` (an offset) is a cell of the shape.
    #[inline]
    pub fn has_cell(&self, c: Point) -> bool {
        self.cells.contains(&c)
    }

    /// The slot leading out of cell `c` in direction `dir`, if the shape has one.
    #[inline]
    pub fn slot_at(&self, c: Point, dir: Dir) -> Option<usize> {
        self.slots.iter().position(|s| s.cell == c && s.dir == dir)
    }

    /// Bit mask of every slot.
    pub fn all_slots(&self) -> u32 {
        if self.slots.len() >= 32 {
            u32::MAX
        } else {
            (1u32 << self.slots.len()) - 1
        }
    }
}

/// Where room `r` sits: its shape and the grid position of the shape's origin. `None` for a
/// room without a shape (treated as a single cell with a door slot on every side).
pub fn placed<'a>(st: &State, shapes: &'a [Shape], r: RoomId) -> Option<(&'a Shape, Point)> {
    let sh = shapes.get(st.rooms.get(r as usize)?.shape? as usize)?;
    let c0 = *st.cells_of(r).first()?;
    Some((sh, c0 - sh.cells[0]))
}

/// The door slot (index into its shape's slots) of room `r` leading out of grid cell `cell`
/// in direction `dir`; none when it has no slot there or no shape.
pub fn slot_of(st: &State, shapes: &[Shape], r: RoomId, cell: Point, dir: Dir) -> Option<usize> {
    let (sh, o) = placed(st, shapes, r)?;
    sh.slot_at(cell - o, dir)
}

/// Whether room `r` has a door slot leading out of grid cell `cell` in direction `dir`.
pub fn has_slot(st: &State, shapes: &[Shape], r: RoomId, cell: Point, dir: Dir) -> bool {
    match placed(st, shapes, r) {
        Some((sh, o)) => sh.slot_at(cell - o, dir).is_some(),
        None => true,
    }
}

/// Whether `sh` fits with its origin at `o`: every cell inside the grid and empty (or already
/// room `except`'s), and every edge it would share with another room has a door slot on both
/// sides. Returns the number of distinct rooms it would touch.
pub fn fits(st: &State, shapes: &[Shape], sh: &Shape, o: Point, except: RoomId) -> Option<u32> {
    let mut seen = [NO_ROOM; 16];
    let mut n = 0usize;
    for &c in &sh.cells {
        let Point { x, y } = o + c;
        if !st.in_bounds(x, y) {
            return None;
        }
        let here = st.room_at(x, y);
        if here != NO_ROOM && here != except {
            return None;
        }
    }
    for &c in &sh.cells {
        let at = o + c;
        for d in Dir::ALL4 {
            if sh.has_cell(c.step(d)) {
                continue;
            }
            let next = at.step(d);
            let r = st.room_at(next.x, next.y);
            if r == NO_ROOM || r == except {
                continue;
            }
            if sh.slot_at(c, d).is_none() || !has_slot(st, shapes, r, next, d.opposite()) {
                return None;
            }
            if !seen[..n.min(16)].contains(&r) {
                if n < 16 {
                    seen[n] = r;
                }
                n += 1;
            }
        }
    }
    Some(n as u32)
}

/// Why [`fits`] refuses `sh` at origin `o`: a message naming the shape, the cell and the
/// side (for reports and tests; [`fits`] itself never allocates).
pub fn explain_misfit(
    st: &State,
    shapes: &[Shape],
    sh: &Shape,
    o: Point,
    except: RoomId,
) -> Option<String> {
    for &c in &sh.cells {
        let Point { x, y } = o + c;
        let at = format!("shape `{}`, cell ({}, {})", sh.name, c.x, c.y);
        if !st.in_bounds(x, y) {
            return Some(format!("{at}: grid cell ({x}, {y}) is outside the grid"));
        }
        let here = st.room_at(x, y);
        if here != NO_ROOM && here != except {
            return Some(format!("{at}: grid cell ({x}, {y}) holds room {here}"));
        }
    }
    for &c in &sh.cells {
        let at = o + c;
        for d in Dir::ALL4 {
            let next = at.step(d);
            let r = st.room_at(next.x, next.y);
            if sh.has_cell(c.step(d)) || r == NO_ROOM || r == except {
                continue;
            }
            let at = format!(
                "shape `{}`, cell ({}, {}), side {}",
                sh.name,
                c.x,
                c.y,
                side_name(d)
            );
            if sh.slot_at(c, d).is_none() {
                return Some(format!(
                    "{at}: touches room {r} where the shape has no door slot"
                ));
            }
            if !has_slot(st, shapes, r, next, d.opposite()) {
                return Some(format!("{at}: room {r} has no door slot facing it"));
            }
        }
    }
    None
}

/// Add a door on every edge room `id` shares with another room.
pub fn connect(st: &mut State, id: RoomId) {
    let n = st.rooms[id as usize].n_cells as usize;
    for i in 0..n {
        let c = st.cells_of(id)[i];
        for d in Dir::ALL4 {
            let next = c.step(d);
            let r = st.room_at(next.x, next.y);
            if r != NO_ROOM && r != id {
                st.add_door(r, next, id, c);
            }
        }
    }
}

/// "E", "W", "S", "N": a direction as rule files write it.
pub fn side_name(dir: Dir) -> &'static str {
    match dir {
        Dir::E => "E",
        Dir::W => "W",
        Dir::S => "S",
        Dir::N => "N",
    }
}

/// Where `child` goes when attached to `parent` (origin `parent_origin`) through the
/// parent's door slot `parent_slot`, with the child's cell `cell` behind that door and its
/// door on side `side` of that cell. Returns the child's origin.
///
/// # Errors
/// A message naming the child shape, the cell and the side when the child has no door slot
/// there, when that side does not face the parent's door, or when the child would overlap
/// the parent; and the parent's slot when it does not exist.
pub fn attach_origin(
    parent: &Shape,
    parent_origin: Point,
    parent_slot: usize,
    child: &Shape,
    cell: Point,
    side: Dir,
) -> Result<Point, String> {
    let Some(ps) = parent.slots.get(parent_slot) else {
        return Err(format!(
            "shape `{}` has no door slot number {parent_slot}",
            parent.name
        ));
    };
    let at = format!(
        "shape `{}`, cell ({}, {}), side {}",
        child.name,
        cell.x,
        cell.y,
        side_name(side)
    );
    if child.slot_at(cell, side).is_none() {
        return Err(format!("{at}: the shape has no door slot there"));
    }
    if side != ps.dir.opposite() {
        return Err(format!(
            "{at}: that side does not face the parent's door `{}` of `{}` (which leads {})",
            ps.name,
            parent.name,
            side_name(ps.dir)
        ));
    }
    let o = (parent_origin + ps.cell).step(ps.dir) - cell;
    for &c in &child.cells {
        if parent.has_cell(o + c - parent_origin) {
            return Err(format!(
                "{at}: the shape would overlap `{}` behind its door `{}`",
                parent.name, ps.name
            ));
        }
    }
    Ok(o)
}

/// The most cells and door slots a shape may have.
pub const MAX_CELLS: usize = 64;
/// Door masks are `u32`.
pub const MAX_SLOTS: usize = 32;

/// Check a shape's geometry; returns its bounding box `[width, height]`, or a message for
/// the first problem.
pub fn check(name: &str, cells: &[Point], slots: &[Slot]) -> Result<[i32; 2], String> {
    if cells.is_empty() || cells.len() > MAX_CELLS {
        return Err(format!(
            "shape `{name}` needs 1..={MAX_CELLS} cells, found {}",
            cells.len()
        ));
    }
    if slots.len() > MAX_SLOTS {
        return Err(format!(
            "shape `{name}` has {} door slots; at most {MAX_SLOTS} are supported",
            slots.len()
        ));
    }
    let mut size = [0, 0];
    for (i, c) in cells.iter().enumerate() {
        if c.x < 0 || c.y < 0 || c.x >= 16 || c.y >= 16 {
            return Err(format!(
                "shape `{name}`: cell ({}, {}) must have offsets 0..16",
                c.x, c.y
            ));
        }
        if cells[..i].contains(c) {
            return Err(format!(
                "shape `{name}`: cell ({}, {}) is listed twice",
                c.x, c.y
            ));
        }
        size = [size[0].max(c.x + 1), size[1].max(c.y + 1)];
    }
    // The cells must form one piece, joined by edges (cells touching only at a corner
    // would make a room whose parts no walk can cross).
    let mut seen = vec![false; cells.len()];
    let mut todo = vec![0usize];
    seen[0] = true;
    while let Some(i) = todo.pop() {
        for (j, d) in cells.iter().enumerate() {
            let c = cells[i];
            if !seen[j] && (c.x - d.x).abs() + (c.y - d.y).abs() == 1 {
                seen[j] = true;
                todo.push(j);
            }
        }
    }
    if let Some(j) = seen.iter().position(|s| !s) {
        return Err(format!(
            "shape `{name}`: cell ({}, {}) is not joined to cell ({}, {}) by a side: the cells of a shape must form one piece (touching only at a corner does not join them)",
            cells[j].x, cells[j].y, cells[0].x, cells[0].y
        ));
    }
    for (i, s) in slots.iter().enumerate() {
        if !cells.contains(&s.cell) {
            return Err(format!(
                "shape `{name}`: door slot `{}` is in cell ({}, {}), which is not a cell of the shape",
                s.name, s.cell.x, s.cell.y
            ));
        }
        let out = s.cell.step(s.dir);
        if cells.contains(&out) {
            return Err(format!(
                "shape `{name}`: door slot `{}` leads into the shape's own cell ({}, {})",
                s.name, out.x, out.y
            ));
        }
        if slots[..i].iter().any(|o| o.name == s.name) {
            return Err(format!(
                "shape `{name}`: door slot `{}` is declared twice",
                s.name
            ));
        }
        if slots[..i]
            .iter()
            .any(|o| o.cell == s.cell && o.dir == s.dir)
        {
            return Err(format!(
                "shape `{name}`: door slot `{}` repeats the cell and side of an earlier slot",
                s.name
            ));
        }
    }
    Ok(size)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slot(n: &str, (x, y): (i32, i32), dir: Dir) -> Slot {
        Slot {
            name: n.into(),
            cell: Point::new(x, y),
            dir,
        }
    }

    #[test]
    fn l_shape_notch_doors_are_legal_and_inner_doors_are_not() {
        // LTL: missing top-left; L0 and U0 lead into the notch (0,0).
        let cells = [Point::new(1, 0), Point::new(0, 1), Point::new(1, 1)];
        let ok = [slot("L0", (1, 0), Dir::W), slot("U0", (0, 1), Dir::N)];
        assert_eq!(check("LTL", &cells, &ok), Ok([2, 2]));
        let bad = [slot("R0", (0, 1), Dir::E)];
        assert!(check("LTL", &cells, &bad).unwrap_err().contains("own cell"));
        let outside = [slot("X", (0, 0), Dir::W)];
        assert!(check("LTL", &cells, &outside)
            .unwrap_err()
            .contains("not a cell"));
    }
}
