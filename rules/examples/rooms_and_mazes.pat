// rules/examples/rooms_and_mazes.pat — the tiles of the rooms-and-mazes example. Grammar:
// src/lang/pattern.pest. Tile 0 is rock (every layer starts at 0), 1 floor, 2 door.
tiles {
  Rock = 0
  Floor = 1
  Door = 2
}

table floor { 1 }
table door { 2 }
