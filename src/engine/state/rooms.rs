//! The room grid of a [`State`]: which room holds each cell, the rooms' cells, the doors
//! between rooms, and the questions operators and expressions ask about them (neighbours,
//! bounds, adjacency, door-graph distances). Coordinates are room cells, `(x, y)`, x to the
//! right, y down; a room cell covers `State::cell` tiles.

use super::{Door, Room, State, NO_ROOM};
use crate::engine::dir::Dir;
use crate::engine::point::Point;
use crate::engine::value::RoomId;

impl State {
    /// Whether room cell `(x, y)` is inside the room grid.
    #[inline]
    pub fn in_bounds(&self, x: i32, y: i32) -> bool {
        x >= 0 && y >= 0 && x < self.plan_width && y < self.plan_height
    }

    /// The tile block of room cell `(x, y)`: `(x0, y0, w, h)` in tiles.
    #[inline]
    pub fn cell_tiles(&self, x: i32, y: i32) -> [i32; 4] {
        let [cw, ch] = self.cell;
        [x * cw, y * ch, cw, ch]
    }

    /// The room at `(x, y)`, or [`NO_ROOM`] when empty or outside the grid.
    #[inline(always)]
    pub fn room_at(&self, x: i32, y: i32) -> RoomId {
        if self.in_bounds(x, y) {
            self.cells[(y * self.plan_width + x) as usize]
        } else {
            NO_ROOM
        }
    }

    /// Number of the four orthogonal neighbours of `(x, y)` that hold a room
    /// (cells outside the grid count as empty).
    #[inline(always)]
    pub fn occupied_neighbours(&self, x: i32, y: i32) -> u32 {
        let w = self.plan_width;
        if x > 0 && y > 0 && x < w - 1 && y < self.plan_height - 1 {
            // Interior cell: the four neighbours are in the grid.
            let i = (y * w + x) as usize;
            let w = w as usize;
            let c = &self.cells;
            return (c[i - 1] != NO_ROOM) as u32
                + (c[i + 1] != NO_ROOM) as u32
                + (c[i - w] != NO_ROOM) as u32
                + (c[i + w] != NO_ROOM) as u32;
        }
        Dir::ALL4
            .iter()
            .filter(|d| self.room_at(x + d.dx(), y + d.dy()) != NO_ROOM)
            .count() as u32
    }

    /// Create a room of `kind` covering `cells` (all must be empty and inside the grid;
    /// callers check). Returns its id.
    #[inline]
    pub fn add_room(&mut self, kind: u16, cells: &[Point]) -> RoomId {
        let id = self.rooms.len() as RoomId;
        let first = self.room_cells.len() as u32;
        for &c in cells {
            let i = (c.y * self.plan_width + c.x) as usize;
            self.cells[i] = id;
            self.room_cells.push(c);
        }
        self.rooms.push(Room {
            kind,
            first_cell: first,
            n_cells: cells.len() as u32,
            shape: None,
            layout: None,
        });
        id
    }

    /// Move room `id` onto `cells` (which must be inside the grid and empty or its own; callers
    /// check): its old cells are emptied and its doors removed (callers re-join it).
    pub fn reshape_room(&mut self, id: RoomId, cells: &[Point]) {
        let r = self.rooms[id as usize].clone();
        for i in r.first_cell..r.first_cell + r.n_cells {
            let Point { x, y } = self.room_cells[i as usize];
            self.cells[(y * self.plan_width + x) as usize] = NO_ROOM;
        }
        let first = self.room_cells.len() as u32;
        for &c in cells {
            self.cells[(c.y * self.plan_width + c.x) as usize] = id;
            self.room_cells.push(c);
        }
        let room = &mut self.rooms[id as usize];
        room.first_cell = first;
        room.n_cells = cells.len() as u32;
        self.doors.retain(|d| d.rooms[0] != id && d.rooms[1] != id);
    }

    /// The cells of room `id`.
    #[inline]
    pub fn cells_of(&self, id: RoomId) -> &[Point] {
        let r = &self.rooms[id as usize];
        &self.room_cells[r.first_cell as usize..(r.first_cell + r.n_cells) as usize]
    }

    /// The bounding box of room `id` in room cells, `[x0, y0, w, h]` (`[0, 0, 0, 0]` for an
    /// unknown or empty room).
    pub fn room_bounds(&self, id: RoomId) -> [i32; 4] {
        if id as usize >= self.rooms.len() {
            return [0; 4];
        }
        let cells = self.cells_of(id);
        let Some(&Point { x: fx, y: fy }) = cells.first() else {
            return [0; 4];
        };
        let (mut x0, mut y0, mut x1, mut y1) = (fx, fy, fx, fy);
        for &Point { x, y } in cells {
            x0 = x0.min(x);
            y0 = y0.min(y);
            x1 = x1.max(x);
            y1 = y1.max(y);
        }
        [x0, y0, x1 - x0 + 1, y1 - y0 + 1]
    }

    /// The tile area of room `id`: the tile blocks of its bounding box, `[x0, y0, w, h]`.
    pub fn room_tiles(&self, id: RoomId) -> [i32; 4] {
        let [x, y, w, h] = self.room_bounds(id);
        let [cw, ch] = self.cell;
        [x * cw, y * ch, w * cw, h * ch]
    }

    /// Join rooms `a` and `b` through the edge between cell `ca` (of `a`) and `cb` (of `b`).
    pub fn add_door(&mut self, a: RoomId, ca: Point, b: RoomId, cb: Point) {
        self.doors.push(Door {
            rooms: [a, b],
            cells: [ca, cb],
        });
    }

    /// Whether two distinct rooms share an edge between orthogonally adjacent cells.
    pub fn adjacent(&self, a: RoomId, b: RoomId) -> bool {
        if a == b || a as usize >= self.rooms.len() || b as usize >= self.rooms.len() {
            return false;
        }
        self.cells_of(a).iter().any(|&Point { x, y }| {
            Dir::ALL4
                .iter()
                .any(|d| self.room_at(x + d.dx(), y + d.dy()) == b)
        })
    }

    /// Number of distinct rooms sharing an edge with room `a`.
    pub fn neighbour_rooms(&self, a: RoomId) -> u32 {
        if a as usize >= self.rooms.len() {
            return 0;
        }
        let mut seen: [RoomId; 16] = [NO_ROOM; 16];
        let mut n = 0usize;
        for &Point { x, y } in self.cells_of(a) {
            for d in Dir::ALL4 {
                let r = self.room_at(x + d.dx(), y + d.dy());
                if r != NO_ROOM && r != a && !seen[..n.min(16)].contains(&r) {
                    if n < 16 {
                        seen[n] = r;
                    }
                    n += 1;
                }
            }
        }
        n as u32
    }

    /// Whether the `n` cells beyond room `id`'s first door, continuing in a straight line
    /// away from the room on the other side of it (from that room's cell to this room's),
    /// are inside the grid, empty, and touch no room but the cell before them in the line
    /// (room space kept free behind a dead end). False for a room without a door.
    pub fn clear_line(&self, id: RoomId, n: i32) -> bool {
        let Some(door) = self.doors.iter().find(|d| d.rooms.contains(&id)) else {
            return false;
        };
        let k = (door.rooms[1] == id) as usize;
        let (o, p) = (door.cells[k], door.cells[1 - k]);
        let (ox, oy, dx, dy) = (o.x, o.y, o.x - p.x, o.y - p.y);
        (1..=n).all(|i| {
            let (x, y) = (ox + i * dx, oy + i * dy);
            self.in_bounds(x, y)
                && self.room_at(x, y) == NO_ROOM
                && Dir::ALL4.iter().all(|e| {
                    (e.dx(), e.dy()) == (-dx, -dy)
                        || self.room_at(x + e.dx(), y + e.dy()) == NO_ROOM
                })
        })
    }

    /// Door-graph distance (number of doors crossed) from room `from` to every room;
    /// `u32::MAX` where unreachable.
    pub fn door_distances(&self, from: RoomId) -> Vec<u32> {
        let n = self.rooms.len();
        let mut adj: Vec<Vec<RoomId>> = vec![Vec::new(); n];
        for d in &self.doors {
            let [a, b] = d.rooms;
            if (a as usize) < n && (b as usize) < n {
                adj[a as usize].push(b);
                adj[b as usize].push(a);
            }
        }
        let mut dist = vec![u32::MAX; n];
        if (from as usize) >= n {
            return dist;
        }
        let mut queue = std::collections::VecDeque::new();
        dist[from as usize] = 0;
        queue.push_back(from);
        while let Some(r) = queue.pop_front() {
            for &s in &adj[r as usize] {
                if dist[s as usize] == u32::MAX {
                    dist[s as usize] = dist[r as usize] + 1;
                    queue.push_back(s);
                }
            }
        }
        dist
    }
}
