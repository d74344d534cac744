//! Part of the grid toolkit (see [`super::grid`]): walking distances over the open tiles of a
//! layer, by breadth-first search from one or several source cells (4-connected: a step is
//! one tile east, west, south or north).
//!
//! [`Distances`] keeps its buffers between searches (one distance per tile of the grid and a
//! queue), so a search after the first of a grid size does not allocate, and costs what it
//! reaches (the tiles the last one reached are reset, not the whole grid). The run state
//! keeps one ([`crate::engine::state::Scratch`]) for the operators. Sources are at
//! distance 0 whatever they hold (a stair marker on a stair tile is a fine source); the
//! search then enters only tiles for which `open(value)` holds, inside an area; [`Distances::at`]
//! of a tile it does not reach is `None`. Coordinates are tiles `(x, y)`, x right, y down.

use super::grid::{Rect, N4};

/// How `dist` marks a tile the search did not reach (a tile at distance `d` holds `d + 1`):
/// zero, so a fresh buffer is a zeroed allocation, which costs nothing until touched.
const UNREACHED: u32 = 0;

/// Walking distances from sources over open tiles: the result of the last
/// [`Distances::search`], read with [`Distances::at`].
#[derive(Debug, Default, Clone)]
pub struct Distances {
    width: i32,
    height: i32,
    dist: Vec<u32>,
    queue: Vec<(i32, i32)>,
    farthest: Option<(i32, i32, u32)>,
}

impl Distances {
    /// Empty buffers.
    pub fn new() -> Distances {
        Distances::default()
    }

    /// Search a `width × height` layer `cells` (row-major) from `sources`, inside `area`
    /// (clipped to the grid): every source in the area is at distance 0, and every tile of
    /// the area holding a value for which `open` holds and 4-connected to a source through
    /// such tiles gets its walking distance. Sources outside the area are ignored; a source
    /// listed twice counts once. When `goal` is a tile, the search stops as soon as it reaches
    /// it (tiles farther than the goal are then not reached). Returns the
    /// largest distance reached, `None` when no source lies in the area.
    pub fn search(
        &mut self,
        cells: &[u16],
        (width, height): (i32, i32),
        area: Rect,
        open: impl Fn(u16) -> bool,
        sources: impl IntoIterator<Item = (i32, i32)>,
        goal: Option<(i32, i32)>,
    ) -> Option<u32> {
        debug_assert_eq!(cells.len(), (width.max(0) * height.max(0)) as usize);
        let area = area.clip(width, height);
        if (width, height) != (self.width, self.height) || self.dist.len() != cells.len() {
            self.width = width;
            self.height = height;
            self.dist = vec![UNREACHED; cells.len()];
        } else {
            // only the tiles the last search reached are not UNREACHED
            for &(x, y) in &self.queue {
                self.dist[(y * width + x) as usize] = UNREACHED;
            }
        }
        self.queue.clear();
        self.farthest = None;
        for (x, y) in sources {
            let i = (y * width + x) as usize;
            if area.contains(x, y) && self.dist[i] == UNREACHED {
                self.dist[i] = 1;
                self.queue.push((x, y));
            }
        }
        let mut head = 0;
        while head < self.queue.len() {
            let (x, y) = self.queue[head];
            head += 1;
            let d = self.dist[(y * width + x) as usize] - 1;
            self.farthest = match self.farthest {
                Some(f) if f.2 >= d => Some(f),
                _ => Some((x, y, d)),
            };
            if goal == Some((x, y)) {
                break;
            }
            for (dx, dy) in N4 {
                let (nx, ny) = (x + dx, y + dy);
                if !area.contains(nx, ny) {
                    continue;
                }
                let j = (ny * width + nx) as usize;
                if self.dist[j] == UNREACHED && open(cells[j]) {
                    self.dist[j] = d + 2;
                    self.queue.push((nx, ny));
                }
            }
        }
        self.farthest.map(|f| f.2)
    }

    /// The walking distance of `(x, y)` found by the last search, `None` when it did not
    /// reach the tile (or the tile is outside the grid).
    #[inline]
    pub fn at(&self, x: i32, y: i32) -> Option<u32> {
        if x < 0 || y < 0 || x >= self.width || y >= self.height {
            return None;
        }
        self.dist[(y * self.width + x) as usize].checked_sub(1)
    }

    /// The tile the last search reached last, with its distance: the first tile at the
    /// largest distance in search order (sources in the order given, then neighbours east,
    /// west, south, north). `None` when it reached nothing.
    pub fn farthest(&self) -> Option<((i32, i32), u32)> {
        self.farthest.map(|(x, y, d)| ((x, y), d))
    }

    /// Every tile the last search reached, with its distance, in the order reached.
    pub fn reached(&self) -> impl Iterator<Item = ((i32, i32), u32)> + '_ {
        let w = self.width;
        self.queue
            .iter()
            .map(move |&(x, y)| ((x, y), self.dist[(y * w + x) as usize] - 1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `#` closed, anything else open; `S` the sources.
    fn parse(rows: &[&str]) -> (Vec<u16>, (i32, i32), Vec<(i32, i32)>) {
        let w = rows[0].len() as i32;
        let mut cells = Vec::new();
        let mut sources = Vec::new();
        for (y, r) in rows.iter().enumerate() {
            for (x, c) in r.chars().enumerate() {
                cells.push(u16::from(c != '#'));
                if c == 'S' {
                    sources.push((x as i32, y as i32));
                }
            }
        }
        (cells, (w, rows.len() as i32), sources)
    }

    fn show(d: &Distances, (w, h): (i32, i32)) -> Vec<String> {
        (0..h)
            .map(|y| {
                (0..w)
                    .map(|x| d.at(x, y).map_or('.', |d| char::from_digit(d, 36).unwrap()))
                    .collect()
            })
            .collect()
    }

    #[test]
    fn distances_walk_around_walls_and_stop_at_the_area() {
        let (cells, size, sources) = parse(&["S..#.", "##.#.", "....#", ".#..."]);
        let mut d = Distances::new();
        let all = Rect::of_size(size.0, size.1);
        let far = d.search(&cells, size, all, |v| v == 1, sources.clone(), None);
        assert_eq!(show(&d, size), ["012..", "..3..", "6545.", "7.567"]);
        assert_eq!(far, Some(7));
        assert_eq!(d.farthest(), Some(((4, 3), 7)));
        // The area cuts the way round: columns 0..=2 only.
        d.search(
            &cells,
            size,
            Rect::new(0, 0, 3, 4),
            |v| v == 1,
            sources,
            None,
        );
        assert_eq!(show(&d, size), ["012..", "..3..", "654..", "7.5.."]);
    }

    #[test]
    fn two_sources_a_closed_source_and_a_goal() {
        let (cells, size, _) = parse(&["....", "####", "...."]);
        let mut d = Distances::new();
        let all = Rect::of_size(4, 3);
        // (0, 1) is a wall but a source: it reaches row 2 through nothing but itself.
        d.search(&cells, size, all, |v| v == 1, [(3, 0), (0, 1)], None);
        assert_eq!(show(&d, size), ["1210", "0...", "1234"]);
        // Stop at the goal (1, 2): (2, 2) and (3, 2) are never reached.
        d.search(&cells, size, all, |v| v == 1, [(0, 1)], Some((1, 2)));
        assert_eq!(d.at(1, 2), Some(2));
        assert_eq!(d.at(3, 2), None);
        // No source in the area.
        assert_eq!(
            d.search(
                &cells,
                size,
                Rect::new(0, 2, 4, 1),
                |_| true,
                [(0, 0)],
                None
            ),
            None
        );
    }
}
