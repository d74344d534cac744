// rules/examples/caverns.pat — tiles and stairs of the caverns example. Grammar:
// src/lang/pattern.pest. Tile 0 is rock (every layer starts at 0), 1 floor.
tiles {
  Rock = 0
  Floor = 1
  Up = 2
  Down = 3
}

// Cellular-automaton smoothing (CellularAutomaton, four iterations in caverns.ron): a tile
// with five or more rock neighbours becomes rock, one with three or fewer becomes floor.
automaton smooth {
  count8(Rock) >= 5 -> Rock
  count8(Rock) <= 3 -> Floor
}

table floor { 1 }
table up { 2 }
table down { 3 }

// A 3x3 patch of open floor, for the up stairs in its middle (so they never block a passage).
miniset open_patch 3x3 {
  search  1 1 1 | 1 1 1 | 1 1 1
  replace . . . | . . . | . . .
}
miniset up_stairs 1x1 { search . replace 2 }
miniset down_stairs 1x1 { search . replace 3 }
