// rules/examples/wfc.pat — the example grid of the wfc example (overlapping model) and its
// stairs. Grammar: src/lang/pattern.pest. Tiles: 0 rock, 1 wall, 2 floor, 3 and 4 stairs.
tiles { Rock = 0  Wall = 1  Floor = 2  Up = 3  Down = 4 }
glyphs { ' ' = Rock  '#' = Wall  '.' = Floor }

// Rooms and one-tile corridors, walls one tile thick, rock between. Every 3x3 window of the
// output is a window of this drawing, turned or mirrored.
example dungeon 3x3 rotate mirror {
  |                      |
  | #######      ####### |
  | #.....#      #.....# |
  | #.....########.....# |
  | #..................# |
  | #.....########.....# |
  | #.....#      #.....# |
  | ###.###      ###.### |
  |   #.#          #.#   |
  |   #.#          #.#   |
  | ###.#######  ###.### |
  | #.........#  #.....# |
  | #.........####.....# |
  | #..................# |
  | #.........####.....# |
  | ###########  ####### |
  |                      |
}

// A wall with no floor among its eight neighbours becomes rock (after cut-off rooms are
// filled: their walls go with them).
automaton prune {
  is(Wall) and count8(Floor) == 0 -> Rock
}

table floor { 2 }
table wall { 1 }
table up { 3 }
table down { 4 }

// A staircase in the middle of a 3x3 patch of floor.
miniset stairs_up 3x3 {
  search  2 2 2 | 2 2 2 | 2 2 2
  replace . . . | . 3 . | . . .
}
miniset stairs_down 3x3 {
  search  2 2 2 | 2 2 2 | 2 2 2
  replace . . . | . 4 . | . . .
}
