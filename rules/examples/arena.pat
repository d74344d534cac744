// Tables and rules for rules/examples/arena.ron (ours, not from a game).
tiles { Rock = 0  Floor = 1  Wall = 2  Pillar = 3 }
// marching squares, index a + 2b + 4c + 8d: floor exactly where the mask cell is set
table copy { 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 }
// a wall on every rock cell next to floor (8 neighbours)
rules rim {
  Rock if (1,0) == Floor -> (0,0) = Wall
  Rock if (-1,0) == Floor -> (0,0) = Wall
  Rock if (0,1) == Floor -> (0,0) = Wall
  Rock if (0,-1) == Floor -> (0,0) = Wall
  Rock if (1,1) == Floor -> (0,0) = Wall
  Rock if (-1,1) == Floor -> (0,0) = Wall
  Rock if (1,-1) == Floor -> (0,0) = Wall
  Rock if (-1,-1) == Floor -> (0,0) = Wall
}
table glyph_floor { 1 }
table glyph_pillar { 3 }
table glyph_rock { 0 }
// a pillar in the middle of open floor
miniset pillar 3x3 { search 1 1 1 | 1 1 1 | 1 1 1  replace . . . | . 3 . | . . . }
