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

// A staircase in the middle of a 3x3 patch of open floor (so it never blocks a passage).
miniset stairs_up 3x3 {
  search  1 1 1 | 1 1 1 | 1 1 1
  replace . . . | . 2 . | . . .
}
miniset stairs_down 3x3 {
  search  1 1 1 | 1 1 1 | 1 1 1
  replace . . . | . 3 . | . . .
}
