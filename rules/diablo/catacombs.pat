// Diablo (1996) Catacombs (levels 5-8): tile tables, minisets and rule lists.
// Facts: shared/spec/diablo.md §1.5, §1.9, §1.10, §3. Every table is transcribed from
// DevilutionX Source/levels/drlg_l2.cpp (HEAD 234606ad9db8) via shared/spec/tables/catacombs.json;
// the DevilutionX table or function each item comes from is named above it.
// Grammar: src/lang/pattern.pest.

// Tile names (DevilutionX has no enum for Catacombs tiles; names as in spec §3).
tiles {
  VWall = 1
  HWall = 2
  Floor = 3
  VDoor = 4
  HDoor = 5
}

// DevilutionX Patterns (DoPatternCheck, §3.5): 9 codes around the cell in raster order, then
// the tile; the last matching pattern wins. Codes (the switch in DoPatternCheck):
//   0: '#' or '.' or 'D' or ' '
//   1: '#'
//   2: '.'
//   3: 'D'
//   4: ' '
//   5: '.' or 'D'
//   6: '#' or 'D'
//   7: '.' or ' '
//   8: '#' or '.' or 'D'
table Patterns {
  0 0 0 0 0 0 0 0 0     3
  0 0 0 0 2 0 0 0 0     3
  0 7 0 0 1 0 0 5 0     2
  0 5 0 0 1 0 0 7 0     2
  0 0 0 7 1 5 0 0 0     1
  0 0 0 5 1 7 0 0 0     1
  0 1 0 0 3 0 0 1 0     4
  0 0 0 1 3 1 0 0 0     5
  0 6 0 6 1 0 0 0 0     6
  0 6 0 0 1 6 0 0 0     9
  0 0 0 6 1 0 0 6 0     7
  0 0 0 0 1 6 0 6 0     8
  0 6 0 6 6 0 8 6 0     7
  0 6 8 6 6 6 0 0 0     9
  0 6 0 0 6 6 0 6 8     8
  6 6 6 6 6 6 0 6 0     8
  2 6 6 6 6 6 0 6 0     8
  7 7 7 6 6 6 0 6 0     8
  6 6 2 6 6 6 0 6 0     8
  6 2 6 6 6 6 0 6 0     8
  2 6 6 6 6 6 0 6 0     8
  6 7 7 6 6 6 0 6 0     8
  4 4 6 6 6 6 2 6 2     8
  2 2 2 2 6 2 2 6 2     7
  2 2 2 2 6 2 6 6 6     7
  2 2 6 2 6 6 2 2 6     9
  2 6 2 2 6 2 2 2 2     6
  2 2 2 2 6 6 2 2 2     9
  2 2 2 6 6 2 2 2 2     6
  2 2 0 2 6 6 2 2 0     9
  0 0 0 0 4 0 0 0 0    12
  0 1 0 0 1 4 0 1 0    10
  0 0 0 1 1 1 0 4 0    11
  0 0 0 6 1 4 0 1 0    14
  0 6 0 1 1 0 0 4 0    16
  0 6 0 0 1 1 0 4 0    15
  0 0 0 0 1 1 0 1 4    13
  8 8 8 8 1 1 0 1 1    13
  8 8 4 8 1 1 0 1 1    10
  0 0 0 1 1 1 1 1 1    11
  1 1 1 1 1 1 2 2 8     2
  0 1 0 1 1 4 1 1 0    16
  0 0 0 1 1 1 1 1 4    11
  1 1 4 1 1 1 0 2 2     2
  1 1 1 1 1 1 6 2 6     2
  4 1 1 1 1 1 6 2 6     2
  2 2 2 1 1 1 4 1 1    11
  4 1 1 1 1 1 2 2 2     2
  1 1 4 1 1 1 2 2 1     2
  4 1 1 1 1 1 1 2 2     2
  2 2 6 1 1 1 4 1 1    11
  4 1 1 1 1 1 2 2 6     2
  1 2 2 1 1 1 4 1 1    11
  0 1 1 0 1 1 0 1 1    10
  2 1 1 3 1 1 2 1 1    14
  1 1 0 1 1 2 1 1 0     1
  0 4 0 1 1 1 0 1 1    14
  4 1 0 1 1 0 1 1 0     1
  0 1 0 4 1 1 0 1 1    15
  1 1 1 1 1 1 0 2 2     2
  0 1 1 2 1 1 2 1 4    10
  2 1 1 1 1 1 0 4 0    16
  1 1 4 1 1 2 0 1 2     1
  2 1 1 2 1 1 1 1 4    10
  1 1 2 1 1 2 4 1 8     1
  2 1 4 1 1 1 4 4 1    16
  2 1 1 1 1 1 1 1 1    16
  1 1 2 1 1 1 1 1 1    15
  1 1 1 1 1 1 2 1 1    14
  4 1 1 1 1 1 2 1 1    14
  1 1 1 1 1 1 1 1 2     8
}

// DevilutionX FixTilesPatterns (drlg_l2.cpp), if-chain in source order, §3.6; reads past the edge column-major
rules FixTilesPatterns {
  1 if (0,1) == 3 -> (0,1) = 1
  3 if (0,1) == 1 -> (0,1) = 3
  3 if (1,0) == 7 -> (1,0) = 3
  2 if (1,0) == 3 -> (1,0) = 2
  11 if (1,0) == 14 -> (1,0) = 16
}

// DevilutionX FixDoors, §3.6 (x, y from 1)
rules FixDoors {
  4 if (0,-1) == 3 -> (0,0) = 7
  5 if (-1,0) == 3 -> (0,0) = 9
}

// DevilutionX FixDirtTiles, §3.6, §3.8.6; reads past the edge column-major
rules FixDirtTiles {
  13 if (1,0) != 11 -> (0,0) = 146
  11 if (1,0) != 11 -> (0,0) = 144
  15 if (1,0) != 11 -> (0,0) = 148
  10 if (0,1) != 10 -> (0,0) = 143
  13 if (0,1) != 10 -> (0,0) = 146
  14 if (0,1) != 15 -> (0,0) = 147
}

// DevilutionX USTAIRS: §3.6
miniset USTAIRS 4x4 {
  search    3   3   3   3 |   3   3   3   3 |   3   3   3   3 |   3   3   3   3
  replace   .   .   .   . |   .  72  77   . |   .  76   .   . |   .   .   .   .
}
// DevilutionX DSTAIRS: §3.6
miniset DSTAIRS 4x4 {
  search    3   3   3   3 |   3   3   3   3 |   3   3   3   3 |   3   3   3   3
  replace   .   .   .   . |   .  48  71   . |   .  50  78   . |   .   .   .   .
}
// DevilutionX WARPSTAIRS: §3.6
miniset WARPSTAIRS 4x4 {
  search    3   3   3   3 |   3   3   3   3 |   3   3   3   3 |   3   3   3   3
  replace   .   .   .   . |   . 158 160   . |   . 159   .   . |   .   .   .   .
}

// The decoration minisets of §3.7 (DevilutionX drlg_l2.cpp), in the order they are scattered.
// DevilutionX CTRDOOR1
miniset CTRDOOR1 3x3 {
  search    3   1   3 |   .   4   . |   .   9   .
  replace   .   4   . |   .   1   . |   .   .   .
}
// DevilutionX CTRDOOR2
miniset CTRDOOR2 3x3 {
  search    3   1   3 |   .   4   . |   .   8   .
  replace   .   4   . |   .   1   . |   .   .   .
}
// DevilutionX CTRDOOR3
miniset CTRDOOR3 3x3 {
  search    3   1   3 |   .   4   . |   .   6   .
  replace   .   4   . |   .   1   . |   .   .   .
}
// DevilutionX CTRDOOR4
miniset CTRDOOR4 3x3 {
  search    3   1   3 |   .   4   . |   .   7   .
  replace   .   4   . |   .   1   . |   .   .   .
}
// DevilutionX CTRDOOR5
miniset CTRDOOR5 3x3 {
  search    3   1   3 |   .   4   . |   .  15   .
  replace   .   4   . |   .   1   . |   .   .   .
}
// DevilutionX CTRDOOR6
miniset CTRDOOR6 3x3 {
  search    3   1   3 |   .   4   . |   .  13   .
  replace   .   4   . |   .   1   . |   .   .   .
}
// DevilutionX CTRDOOR7
miniset CTRDOOR7 3x3 {
  search    3   1   3 |   .   4   . |   .  16   .
  replace   .   4   . |   .   1   . |   .   .   .
}
// DevilutionX CTRDOOR8
miniset CTRDOOR8 3x3 {
  search    3   1   3 |   .   4   . |   .  14   .
  replace   .   4   . |   .   1   . |   .   .   .
}
// DevilutionX VARCH33
miniset VARCH33 2x4 {
  search    2   . |   3   8 |   3   4 |   .   7
  replace 142   . |  51  42 |  47  44 |   .   .
}
// DevilutionX VARCH34
miniset VARCH34 2x4 {
  search    2   . |   3   8 |   3   4 |   .   8
  replace 142   . |  51  42 |  47  44 |   .   .
}
// DevilutionX VARCH35
miniset VARCH35 2x4 {
  search    2   . |   3   8 |   3   4 |   .   6
  replace 142   . |  51  42 |  47  44 |   .   .
}
// DevilutionX VARCH36
miniset VARCH36 2x4 {
  search    2   . |   3   8 |   3   4 |   .   9
  replace 142   . |  51  42 |  47  44 |   .   .
}
// DevilutionX VARCH37
miniset VARCH37 2x4 {
  search    2   . |   3   8 |   3   4 |   .  14
  replace 142   . |  51  42 |  47  44 |   .   .
}
// DevilutionX VARCH38
miniset VARCH38 2x4 {
  search    2   . |   3   8 |   3   4 |   .  13
  replace 142   . |  51  42 |  47  44 |   .   .
}
// DevilutionX VARCH39
miniset VARCH39 2x4 {
  search    2   . |   3   8 |   3   4 |   .  16
  replace 142   . |  51  42 |  47  44 |   .   .
}
// DevilutionX VARCH40
miniset VARCH40 2x4 {
  search    2   . |   3   8 |   3   4 |   .  15
  replace 142   . |  51  42 |  47  44 |   .   .
}
// DevilutionX VARCH1
miniset VARCH1 2x4 {
  search    3   . |   3   1 |   3   4 |   .   7
  replace  48   . |  51  39 |  47  44 |   .   .
}
// DevilutionX VARCH2
miniset VARCH2 2x4 {
  search    3   . |   3   1 |   3   4 |   .   8
  replace  48   . |  51  39 |  47  44 |   .   .
}
// DevilutionX VARCH3
miniset VARCH3 2x4 {
  search    3   . |   3   1 |   3   4 |   .   6
  replace  48   . |  51  39 |  47  44 |   .   .
}
// DevilutionX VARCH4
miniset VARCH4 2x4 {
  search    3   . |   3   1 |   3   4 |   .   9
  replace  48   . |  51  39 |  47  44 |   .   .
}
// DevilutionX VARCH5
miniset VARCH5 2x4 {
  search    3   . |   3   1 |   3   4 |   .  14
  replace  48   . |  51  39 |  47  44 |   .   .
}
// DevilutionX VARCH6
miniset VARCH6 2x4 {
  search    3   . |   3   1 |   3   4 |   .  13
  replace  48   . |  51  39 |  47  44 |   .   .
}
// DevilutionX VARCH7
miniset VARCH7 2x4 {
  search    3   . |   3   1 |   3   4 |   .  16
  replace  48   . |  51  39 |  47  44 |   .   .
}
// DevilutionX VARCH8
miniset VARCH8 2x4 {
  search    3   . |   3   1 |   3   4 |   .  15
  replace  48   . |  51  39 |  47  44 |   .   .
}
// DevilutionX VARCH9
miniset VARCH9 2x4 {
  search    3   . |   3   8 |   3   4 |   .   7
  replace  48   . |  51  42 |  47  44 |   .   .
}
// DevilutionX VARCH10
miniset VARCH10 2x4 {
  search    3   . |   3   8 |   3   4 |   .   8
  replace  48   . |  51  42 |  47  44 |   .   .
}
// DevilutionX VARCH11
miniset VARCH11 2x4 {
  search    3   . |   3   8 |   3   4 |   .   6
  replace  48   . |  51  42 |  47  44 |   .   .
}
// DevilutionX VARCH12
miniset VARCH12 2x4 {
  search    3   . |   3   8 |   3   4 |   .   9
  replace  48   . |  51  42 |  47  44 |   .   .
}
// DevilutionX VARCH13
miniset VARCH13 2x4 {
  search    3   . |   3   8 |   3   4 |   .  14
  replace  48   . |  51  42 |  47  44 |   .   .
}
// DevilutionX VARCH14
miniset VARCH14 2x4 {
  search    3   . |   3   8 |   3   4 |   .  13
  replace  48   . |  51  42 |  47  44 |   .   .
}
// DevilutionX VARCH15
miniset VARCH15 2x4 {
  search    3   . |   3   8 |   3   4 |   .  16
  replace  48   . |  51  42 |  47  44 |   .   .
}
// DevilutionX VARCH16
miniset VARCH16 2x4 {
  search    3   . |   3   8 |   3   4 |   .  15
  replace  48   . |  51  42 |  47  44 |   .   .
}
// DevilutionX VARCH17
miniset VARCH17 2x3 {
  search    2   7 |   3   4 |   .   7
  replace 141  39 |  47  44 |   .   .
}
// DevilutionX VARCH18
miniset VARCH18 2x3 {
  search    2   7 |   3   4 |   .   8
  replace 141  39 |  47  44 |   .   .
}
// DevilutionX VARCH19
miniset VARCH19 2x3 {
  search    2   7 |   3   4 |   .   6
  replace 141  39 |  47  44 |   .   .
}
// DevilutionX VARCH20
miniset VARCH20 2x3 {
  search    2   7 |   3   4 |   .   9
  replace 141  39 |  47  44 |   .   .
}
// DevilutionX VARCH21
miniset VARCH21 2x3 {
  search    2   7 |   3   4 |   .  14
  replace 141  39 |  47  44 |   .   .
}
// DevilutionX VARCH22
miniset VARCH22 2x3 {
  search    2   7 |   3   4 |   .  13
  replace 141  39 |  47  44 |   .   .
}
// DevilutionX VARCH23
miniset VARCH23 2x3 {
  search    2   7 |   3   4 |   .  16
  replace 141  39 |  47  44 |   .   .
}
// DevilutionX VARCH24
miniset VARCH24 2x3 {
  search    2   7 |   3   4 |   .  15
  replace 141  39 |  47  44 |   .   .
}
// DevilutionX VARCH25
miniset VARCH25 2x4 {
  search    3   . |   3   4 |   3   1 |   .   7
  replace  48   . |  51  39 |  47  44 |   .   .
}
// DevilutionX VARCH26
miniset VARCH26 2x4 {
  search    3   . |   3   4 |   3   1 |   .   8
  replace  48   . |  51  39 |  47  44 |   .   .
}
// DevilutionX VARCH27
miniset VARCH27 2x4 {
  search    3   . |   3   4 |   3   1 |   .   6
  replace  48   . |  51  39 |  47  44 |   .   .
}
// DevilutionX VARCH28
miniset VARCH28 2x4 {
  search    3   . |   3   4 |   3   1 |   .   9
  replace  48   . |  51  39 |  47  44 |   .   .
}
// DevilutionX VARCH29
miniset VARCH29 2x4 {
  search    3   . |   3   4 |   3   1 |   .  14
  replace  48   . |  51  39 |  47  44 |   .   .
}
// DevilutionX VARCH30
miniset VARCH30 2x4 {
  search    3   . |   3   4 |   3   1 |   .  13
  replace  48   . |  51  39 |  47  44 |   .   .
}
// DevilutionX VARCH31
miniset VARCH31 2x4 {
  search    3   . |   3   4 |   3   1 |   .  16
  replace  48   . |  51  39 |  47  44 |   .   .
}
// DevilutionX VARCH32
miniset VARCH32 2x4 {
  search    3   . |   3   4 |   3   1 |   .  15
  replace  48   . |  51  39 |  47  44 |   .   .
}
// DevilutionX HARCH1
miniset HARCH1 3x2 {
  search    3   3   . |   2   5   9
  replace  49  46   . |  40  45   .
}
// DevilutionX HARCH2
miniset HARCH2 3x2 {
  search    3   3   . |   2   5   6
  replace  49  46   . |  40  45   .
}
// DevilutionX HARCH3
miniset HARCH3 3x2 {
  search    3   3   . |   2   5   8
  replace  49  46   . |  40  45   .
}
// DevilutionX HARCH4
miniset HARCH4 3x2 {
  search    3   3   . |   2   5   7
  replace  49  46   . |  40  45   .
}
// DevilutionX HARCH5
miniset HARCH5 3x2 {
  search    3   3   . |   2   5  15
  replace  49  46   . |  40  45   .
}
// DevilutionX HARCH6
miniset HARCH6 3x2 {
  search    3   3   . |   2   5  16
  replace  49  46   . |  40  45   .
}
// DevilutionX HARCH7
miniset HARCH7 3x2 {
  search    3   3   . |   2   5  13
  replace  49  46   . |  40  45   .
}
// DevilutionX HARCH8
miniset HARCH8 3x2 {
  search    3   3   . |   2   5  14
  replace  49  46   . |  40  45   .
}
// DevilutionX HARCH9
miniset HARCH9 3x2 {
  search    3   3   . |   8   5   9
  replace  49  46   . |  43  45   .
}
// DevilutionX HARCH10
miniset HARCH10 3x2 {
  search    3   3   . |   8   5   6
  replace  49  46   . |  43  45   .
}
// DevilutionX HARCH11
miniset HARCH11 3x2 {
  search    3   3   . |   8   5   8
  replace  49  46   . |  43  45   .
}
// DevilutionX HARCH12
miniset HARCH12 3x2 {
  search    3   3   . |   8   5   7
  replace  49  46   . |  43  45   .
}
// DevilutionX HARCH13
miniset HARCH13 3x2 {
  search    3   3   . |   8   5  15
  replace  49  46   . |  43  45   .
}
// DevilutionX HARCH14
miniset HARCH14 3x2 {
  search    3   3   . |   8   5  16
  replace  49  46   . |  43  45   .
}
// DevilutionX HARCH15
miniset HARCH15 3x2 {
  search    3   3   . |   8   5  13
  replace  49  46   . |  43  45   .
}
// DevilutionX HARCH16
miniset HARCH16 3x2 {
  search    3   3   . |   8   5  14
  replace  49  46   . |  43  45   .
}
// DevilutionX HARCH17
miniset HARCH17 3x2 {
  search    1   3   . |   8   5   9
  replace 140  46   . |  43  45   .
}
// DevilutionX HARCH18
miniset HARCH18 3x2 {
  search    1   3   . |   8   5   6
  replace 140  46   . |  43  45   .
}
// DevilutionX HARCH19
miniset HARCH19 3x2 {
  search    1   3   . |   8   5   8
  replace 140  46   . |  43  45   .
}
// DevilutionX HARCH20
miniset HARCH20 3x2 {
  search    1   3   . |   8   5   7
  replace 140  46   . |  43  45   .
}
// DevilutionX HARCH21
miniset HARCH21 3x2 {
  search    1   3   . |   8   5  15
  replace 140  46   . |  43  45   .
}
// DevilutionX HARCH22
miniset HARCH22 3x2 {
  search    1   3   . |   8   5  16
  replace 140  46   . |  43  45   .
}
// DevilutionX HARCH23
miniset HARCH23 3x2 {
  search    1   3   . |   8   5  13
  replace 140  46   . |  43  45   .
}
// DevilutionX HARCH24
miniset HARCH24 3x2 {
  search    1   3   . |   8   5  14
  replace 140  46   . |  43  45   .
}
// DevilutionX HARCH25
miniset HARCH25 3x2 {
  search    3   3   . |   5   2   9
  replace  49  46   . |  40  45   .
}
// DevilutionX HARCH26
miniset HARCH26 3x2 {
  search    3   3   . |   5   2   6
  replace  49  46   . |  40  45   .
}
// DevilutionX HARCH27
miniset HARCH27 3x2 {
  search    3   3   . |   5   2   8
  replace  49  46   . |  40  45   .
}
// DevilutionX HARCH28
miniset HARCH28 3x2 {
  search    3   3   . |   5   2   7
  replace  49  46   . |  40  45   .
}
// DevilutionX HARCH29
miniset HARCH29 3x2 {
  search    3   3   . |   5   2  15
  replace  49  46   . |  40  45   .
}
// DevilutionX HARCH30
miniset HARCH30 3x2 {
  search    3   3   . |   5   2  16
  replace  49  46   . |  40  45   .
}
// DevilutionX HARCH31
miniset HARCH31 3x2 {
  search    3   3   . |   5   2  13
  replace  49  46   . |  40  45   .
}
// DevilutionX HARCH32
miniset HARCH32 3x2 {
  search    3   3   . |   5   2  14
  replace  49  46   . |  40  45   .
}
// DevilutionX HARCH33
miniset HARCH33 3x2 {
  search    1   3   . |   9   5   9
  replace 140  46   . |  40  45   .
}
// DevilutionX HARCH34
miniset HARCH34 3x2 {
  search    1   3   . |   9   5   6
  replace 140  46   . |  40  45   .
}
// DevilutionX HARCH35
miniset HARCH35 3x2 {
  search    1   3   . |   9   5   8
  replace 140  46   . |  40  45   .
}
// DevilutionX HARCH36
miniset HARCH36 3x2 {
  search    1   3   . |   9   5   7
  replace 140  46   . |  40  45   .
}
// DevilutionX HARCH37
miniset HARCH37 3x2 {
  search    1   3   . |   9   5  15
  replace 140  46   . |  40  45   .
}
// DevilutionX HARCH38
miniset HARCH38 3x2 {
  search    1   3   . |   9   5  16
  replace 140  46   . |  40  45   .
}
// DevilutionX HARCH39
miniset HARCH39 3x2 {
  search    1   3   . |   9   5  13
  replace 140  46   . |  40  45   .
}
// DevilutionX HARCH40
miniset HARCH40 3x2 {
  search    1   3   . |   9   5  14
  replace 140  46   . |  40  45   .
}
// DevilutionX CRUSHCOL
miniset CRUSHCOL 3x3 {
  search    3   1   3 |   2   6   3 |   3   3   3
  replace   .   .   . |   .  83   . |   .   .   .
}
// DevilutionX PANCREAS1
miniset PANCREAS1 5x3 {
  search    3   3   3   3   3 |   3   3   3   3   3 |   3   3   3   3   3
  replace   .   .   .   .   . |   .   . 108   .   . |   .   .   .   .   .
}
// DevilutionX PANCREAS2
miniset PANCREAS2 5x3 {
  search    3   3   3   3   3 |   3   3   3   3   3 |   3   3   3   3   3
  replace   .   .   .   .   . |   .   . 110   .   . |   .   .   .   .   .
}
// DevilutionX BIG1
miniset BIG1 2x2 {
  search    3   3 |   3   3
  replace 113   . | 112   .
}
// DevilutionX BIG2
miniset BIG2 2x2 {
  search    3   3 |   3   3
  replace 114 115 |   .   .
}
// DevilutionX BIG3
miniset BIG3 1x2 {
  search    1 |   1
  replace 117 | 116
}
// DevilutionX BIG4
miniset BIG4 2x1 {
  search    2   2
  replace 118 119
}
// DevilutionX BIG5
miniset BIG5 2x2 {
  search    3   3 |   3   3
  replace 120 122 | 121 123
}
// DevilutionX BIG6
miniset BIG6 1x2 {
  search    1 |   1
  replace 125 | 124
}
// DevilutionX BIG7
miniset BIG7 2x1 {
  search    2   2
  replace 126 127
}
// DevilutionX BIG8
miniset BIG8 2x2 {
  search    3   3 |   3   3
  replace 128 130 | 129 131
}
// DevilutionX BIG9
miniset BIG9 2x2 {
  search    1   3 |   1   3
  replace 133 135 | 132 134
}
// DevilutionX BIG10
miniset BIG10 2x2 {
  search    2   2 |   3   3
  replace 136 137 |   3   3
}

// DevilutionX BTYPESL2: substitution class of each tile id (0 = never), §1.10, §3.7
table BTYPESL2 {
    0   1   2   3   4   5   6   7   8   9
    0   0   0   0   0   0   0  17  18   1
    1   2   2   1   1   1   1   1   1   2
    2   2   2   2   0   0   0   0   8   0
    0   0   0   0   0   0   0   0   0   0
    0   0   0   0   0   0   0   0   0   0
    0   0   0   0   0   0   0   0   1   1
    1   0   0   2   2   2   0   0   0   1
    0   0   0   0   0   0   0   0   3   3
    3   3   0   0   0   0   0   0   0   0
    0   0   0   0   0   3   3   3   0   3
    0   3   0   0   0   0   0   0   0   0
    0   0   0   0   0   0   0   0   0   0
    0   0   0   0   0   0   0   0   0   0
    0   0   0   0   0   0   0   0   0   0
    0   0   0   0   0   0   0   0   0   0
    0
}

// DevilutionX BSTYPESL2: base type of each tile id, compared by the shadow rules, §3.7, §3.8.8
table BSTYPESL2 {
    0   1   2   3   0   0   6   0   0   9
    0   0   0   0   0   0   0   0   0   1
    1   2   2   1   1   1   1   1   1   2
    2   2   2   2   0   0   0   0   0   6
    6   6   9   0   0   0   0   0   0   0
    0   0   0   0   0   0   0   0   0   0
    0   0   0   0   0   0   0   0   1   1
    1   0   0   2   2   2   0   0   0   1
    1   1   1   6   2   2   2   0   3   3
    3   3   0   0   0   0   0   0   0   0
    0   0   0   0   3   3   3   3   3   3
    3   3   3   3   3   3   1   1   2   2
    3   3   3   3   1   1   2   2   3   3
    3   3   1   1   3   3   2   2   3   3
    0   0   0   0   0   0   0   0   0   0
    0   0   0   0   0   0   0   0   0   0
    0
}

// DevilutionX SPATSL2 (ApplyShadowsPatterns): trigger base type at the cell, up-left and left
// base types (up: any); writes tile ids to up-left and left. Compared through BSTYPESL2.
rules ShadowPatterns {
  6 if (-1,-1) == 3, (-1,0) == 3 -> (-1,-1) = 48, (-1,0) = 50
  9 if (-1,-1) == 3, (-1,0) == 3 -> (-1,-1) = 48, (-1,0) = 50
}

// DevilutionX PlaceMiniSetRandom1x1 calls in GenerateLevel (§3.7): one tile for another.
miniset one_1_80 1x1 { search 1 replace 80 }
miniset one_1_81 1x1 { search 1 replace 81 }
miniset one_1_82 1x1 { search 1 replace 82 }
miniset one_2_84 1x1 { search 2 replace 84 }
miniset one_2_85 1x1 { search 2 replace 85 }
miniset one_2_86 1x1 { search 2 replace 86 }
miniset one_8_87 1x1 { search 8 replace 87 }

// After all halls are dug (DevilutionX CreateDungeon, §3.3 end), on the predungeon symbol
// layer (0 ' ' empty, 1 '#' wall, 2 '.' floor, 3 'D' door, 4 ',' hall, 5-8 room corners
// 'C' 'B' 'E' 'A'): corners become walls, hall cells floor, and the empty 8-neighbours of a
// hall cell walls.
rules FinishHalls {
  5|6|7|8 -> (0,0) = 1
  4 if (-1,-1) == 0 -> (-1,-1) = 1
  4 if (-1,0) == 0 -> (-1,0) = 1
  4 if (-1,1) == 0 -> (-1,1) = 1
  4 if (0,-1) == 0 -> (0,-1) = 1
  4 if (0,1) == 0 -> (0,1) = 1
  4 if (1,-1) == 0 -> (1,-1) = 1
  4 if (1,0) == 0 -> (1,0) = 1
  4 if (1,1) == 0 -> (1,1) = 1
  4 -> (0,0) = 2
}

// DevilutionX FixLockout, pass 1 (§3.6): a door whose room side is not floor is a wall again.
rules FixLockout {
  VDoor if (-1,0) != Floor -> (0,0) = VWall
  HDoor if (0,-1) != Floor -> (0,0) = HWall
}

// Tile classes for the views (`tile_glyphs:` in catacombs.ron): floor 3 and the tiles whose
// BSTYPESL2 base type is floor, with the shadow floor 46-51 (ShadowPatterns, arches) and 83;
// doors 4-5 and the arched doorways 44-45 (VARCH/HARCH over a door); the stairs' own tiles
// (USTAIRS 72 77 76, DSTAIRS 71 78, WARPSTAIRS 158-160; their other cells are floor); dirt 12
// outside the level. The rest is wall.
table glyph_floor { 3 46 47 48 49 50 51 83 88 89 90 91 104 105 106 107 108 109 110 111 112 113 114 115 120 121 122 123 128 129 130 131 134 135 138 139 }
table glyph_door { 4 5 44 45 }
table glyph_stairs { 71 72 76 77 78 158 159 160 }
table glyph_dirt { 12 }
