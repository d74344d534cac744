// rules/examples/lava_caverns.ron's patterns: erosion rules and the tiling table.
// Grammar: src/lang/pattern.pest.

tiles {
  Floor = 1
  Rock = 2
  Wall = 3
  Lava = 4
}

// 2x2 windows holding only a diagonal pair: one random pick fills one of the two gaps
rules open_diagonals {
  0 if (1,0) == 1, (0,1) == 1, (1,1) == 0 -> pick { (0,0) = 1 | (1,1) = 1 }
  1 if (1,0) == 0, (0,1) == 0, (1,1) == 1 -> pick { (1,0) = 1 | (0,1) = 1 }
}

// erosion: a rock cell with floor on three sides falls in, or (one time in three) stays
rules erode {
  0 if (-1,0) == 1, (1,0) == 1, (0,1) == 1 -> pick { (0,0) = 1 | (0,0) = 1 | (0,0) = 0 }
  0 if (0,-1) == 1, (0,1) == 1, (1,0) == 1 -> pick { (0,0) = 1 | (0,0) = 0 }
}

// marching squares, index a + 2b + 4c + 8d: floor where the window's top-left is floor,
// wall where floor is next to it, rock elsewhere
table tiling { 2 1 3 1 3 1 1 1 3 1 1 1 1 1 1 1 }

// the pool flood: rock spreads (it is `spread`), walls neither spread nor hand over
table no_sides { 0 0 0 0 0 }
// an enclosed rock island and its walls become lava
table to_lava { 0 0 4 4 0 }

// tile classes of the ASCII view and the `level` symbol layer
table glyph_floor { 1 }
table glyph_wall { 3 }
table glyph_lava { 4 }
