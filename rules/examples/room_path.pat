// rules/examples/room_path.pat — the room templates of room_path.ron (10x8 tiles each).
// Openings: W and E at rows 4-5, N and S at columns 5-6; the cross between them is always
// floor, so every opening reaches every other. `o` marks a 3x2 chunk block: one of the
// chunks below each, all of whose columns reach the cross.
tiles { Rock = 0  Wall = 1  Floor = 2  Entrance = 3  Exit = 4 }
glyphs { ' ' = Rock  '#' = Wall  '.' = Floor  'E' = Entrance  'X' = Exit }
table floor { 2 }
table wall { 1 }
table entrance { 3 }
table exit { 4 }
miniset find_entrance 1x1 { search 3 replace 3 }
miniset find_exit 1x1 { search 4 replace 4 }

templates rooms 10x8 {
  chunk 'o' 3x2 weight 3 { |...| |...| }
  chunk 'o' 3x2 { |.#.| |.#.| }
  chunk 'o' 3x2 { |#..| |#..| }
  chunk 'o' 3x2 { |##.| |##.| }
  template hall exits [E W] tags [path] weight 3 {
    |##########| |#ooo..ooo#| |#ooo..ooo#| |..........|
    |..........| |#ooo..ooo#| |#ooo..ooo#| |##########|
  }
  template drop exits [E S W] tags [path] weight 2 {
    |##########| |#ooo..ooo#| |#ooo..ooo#| |..........|
    |..........| |#ooo..ooo#| |#ooo..ooo#| |####..####|
  }
  template landing exits [N E W] tags [path] weight 2 {
    |####..####| |#ooo..ooo#| |#ooo..ooo#| |..........|
    |..........| |#ooo..ooo#| |#ooo..ooo#| |##########|
  }
  template shaft exits [N E S W] tags [path] {
    |####..####| |#ooo..ooo#| |#ooo..ooo#| |..........|
    |..........| |#ooo..ooo#| |#ooo..ooo#| |####..####|
  }
  template entrance exits [E S W] tags [entrance] {
    |##########| |#........#| |#.E......#| |..........|
    |..........| |#ooo..ooo#| |#ooo..ooo#| |####..####|
  }
  template exit exits [N E W] tags [exit] {
    |####..####| |#ooo..ooo#| |#ooo..ooo#| |..........|
    |..........| |#......X.#| |#........#| |##########|
  }
  template rock tags [side] weight 3 {
    |          | |          | |          | |          |
    |          | |          | |          | |          |
  }
  template pillars tags [side] {
    |          | |  #    #  | |          | |    ##    |
    |    ##    | |          | |  #    #  | |          |
  }
}
