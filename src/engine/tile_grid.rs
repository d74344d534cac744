//! Tile grids read from files (set pieces): a width, a height and row-major tile ids.
//!
//! The binary layout read is little-endian u16 `width`, `height`, then `width * height` u16
//! tile ids, row by row (y outer, x inner); anything after them is ignored. This is the
//! layout of Diablo's `.dun` files (shared/spec/diablo.md §1.6).

use std::path::Path;

/// A rectangle of tile ids.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TileGrid {
    /// Columns.
    pub width: i32,
    /// Rows.
    pub height: i32,
    /// `width * height` ids, row-major.
    pub tiles: Vec<u16>,
}

impl TileGrid {
    /// Parse the binary layout from bytes.
    ///
    /// # Errors
    /// A message when the header is missing, a dimension is 0 or above 4096, or the file is
    /// shorter than its header says.
    pub fn from_bytes(b: &[u8]) -> Result<TileGrid, String> {
        let u16_at = |i: usize| -> Option<u16> {
            Some(u16::from_le_bytes([*b.get(2 * i)?, *b.get(2 * i + 1)?]))
        };
        let (Some(w), Some(h)) = (u16_at(0), u16_at(1)) else {
            return Err("too short for a width and height".into());
        };
        if w == 0 || h == 0 || w > 4096 || h > 4096 {
            return Err(format!("bad size {w}x{h}"));
        }
        let n = w as usize * h as usize;
        let tiles: Option<Vec<u16>> = (0..n).map(|i| u16_at(2 + i)).collect();
        let tiles = tiles.ok_or_else(|| format!("a {w}x{h} grid needs {} bytes", 4 + 2 * n))?;
        Ok(TileGrid {
            width: w as i32,
            height: h as i32,
            tiles,
        })
    }

    /// Read a file.
    ///
    /// # Errors
    /// The path and what was wrong.
    pub fn read(path: &Path) -> Result<TileGrid, String> {
        let b = crate::input::read(path, crate::input::Kind::TileGrid)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        Self::from_bytes(&b).map_err(|e| format!("{}: {e}", path.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_rejects() {
        let b = [2u8, 0, 1, 0, 7, 0, 0, 1];
        let g = TileGrid::from_bytes(&b).unwrap();
        assert_eq!((g.width, g.height, g.tiles.clone()), (2, 1, vec![7, 256]));
        assert!(TileGrid::from_bytes(&b[..6]).is_err());
        assert!(TileGrid::from_bytes(&[0, 0, 1, 0]).is_err());
        assert!(TileGrid::from_bytes(&[1]).is_err());
    }
}
