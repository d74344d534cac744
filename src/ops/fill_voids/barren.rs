//! The wall cells a `FillVoids` run has found barren (see [`Barren`]).

/// A mark per cell of the grid: the wall cells probed since the last draw that grew no
/// room (probing one again gives the same answer on the same map). A cell is marked when
/// it holds the current stamp; a new stamp clears every mark at once.
#[derive(Default)]
pub struct Barren {
    marks: Vec<u32>,
    stamp: u32,
}

impl Barren {
    /// No marks, on a grid of `cells` cells.
    pub fn begin(&mut self, cells: usize) {
        if self.marks.len() != cells {
            self.marks.clear();
            self.marks.resize(cells, 0);
        }
        self.clear();
    }

    #[inline(always)]
    pub fn has(&self, i: usize) -> bool {
        self.marks[i] == self.stamp
    }

    #[inline(always)]
    pub fn set(&mut self, i: usize) {
        self.marks[i] = self.stamp;
    }

    pub fn clear(&mut self) {
        if self.stamp == u32::MAX {
            self.marks.fill(0);
            self.stamp = 0;
        }
        self.stamp += 1;
    }
}
