// The tiled model of benches/wfc_baseline.rs (and of docs/wfc.md): Wall may stand beside
// every tile, so no cell can be left without one: a run never contradicts.
tiles { Rock = 0  Wall = 1  Floor = 2 }
tileset cave {
  tile Floor weight 6  tile Wall  tile Rock weight 2
  next Floor {Floor Wall}
  next Wall {Wall Rock}
  right Wall Floor
  below Rock Rock
}

// The overlapping model of benches/wfc_overlap.rs at 1024x1024: rooms and corridors, 3x3
// patterns, the example wrapping around (no rotations: fewer patterns, so a 1024x1024 run
// takes seconds, and it seldom contradicts).
glyphs { ' ' = Rock  '#' = Wall  '.' = Floor }
example halls 3x3 wrap {
  |#######.####|
  |#.....#.#..#|
  |#.....#.#..#|
  |#..........#|
  |#.....###..#|
  |###.#####.##|
  |  #.#   #.# |
  |###.#####.##|
  |#..........#|
  |#....#######|
  |#....#      |
  |##.###      |
}
