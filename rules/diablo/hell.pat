// Diablo (1996) Hell (levels 13-16): tile tables, minisets and fix-rule lists.
// Facts: shared/spec/diablo.md §1.5, §1.7, §1.9, §1.10, §5. Every table is transcribed from
// DevilutionX Source/levels/drlg_l4.cpp (HEAD 234606ad9db8) via shared/spec/tables/hell.json;
// the table or function each item comes from is named above it. Grammar: src/lang/pattern.pest.

// names for the two tile ids the rules rely on most (hell.json Tile)
tiles {
  Floor = 6
  Solid = 30
  Low = 1   // ours: the class of tiles below 18 in CornerClasses
}

// DevilutionX L4ConvTbl (MakeDmt): index a + 2b + 4c + 8d, §1.7
table L4ConvTbl {
  30 6 1 6 2 6 6 6 9 6 1 6 2 6 3 6
}

// DevilutionX FixTilesPatterns, raster pass 1 of 6 (if-chain in source order), §5.4
rules FixTilesPatterns_1 {
  2 if (1,0) == 6 -> (1,0) = 5
  2 if (1,0) == 1 -> (1,0) = 13
  1 if (0,1) == 2 -> (0,1) = 14
}

// DevilutionX FixTilesPatterns, raster pass 2 of 6 (if-chain in source order), §5.4
rules FixTilesPatterns_2 {
  2 if (1,0) == 6 -> (1,0) = 2
  2 if (1,0) == 9 -> (1,0) = 11
  9 if (1,0) == 6 -> (1,0) = 12
  14 if (1,0) == 1 -> (1,0) = 13
  6 if (1,0) == 14 -> (1,0) = 15
  6 if (0,1) == 13 -> (0,1) = 16
  1 if (0,1) == 9 -> (0,1) = 10
  6 if (0,-1) == 1 -> (0,-1) = 1
}

// DevilutionX FixTilesPatterns, raster pass 3 of 6 (if-chain in source order), §5.4
rules FixTilesPatterns_3 {
  13 if (0,1) == 30 -> (0,1) = 27
  27 if (1,0) == 30 -> (1,0) = 19
  1 if (0,1) == 30 -> (0,1) = 27
  27 if (1,0) == 1 -> (1,0) = 16
  19 if (1,0) == 27 -> (1,0) = 26
  27 if (1,0) == 30 -> (1,0) = 19
  2 if (1,0) == 15 -> (1,0) = 14
  14 if (1,0) == 15 -> (1,0) = 14
  22 if (1,0) == 1 -> (1,0) = 16
  27 if (1,0) == 1 -> (1,0) = 16
  6 if (1,0) == 27, (1,1) != 0 -> (1,0) = 22
  22 if (1,0) == 30 -> (1,0) = 19
  21 if (1,0) == 1, (1,-1) == 1 -> (1,0) = 13
  14 if (1,0) == 30, (0,1) == 6 -> (1,0) = 28
  16 if (1,0) == 6, (0,1) == 30 -> (0,1) = 27
  16 if (0,1) == 30, (1,1) == 30 -> (0,1) = 27
  6 if (1,0) == 30, (1,-1) == 6 -> (1,0) = 21
  2 if (1,0) == 27, (1,1) == 9 -> (1,0) = 29
  9 if (1,0) == 15 -> (1,0) = 14
  15 if (1,0) == 27, (1,1) == 2 -> (1,0) = 29
  19 if (1,0) == 18 -> (1,0) = 24
  9 if (1,0) == 15 -> (1,0) = 14
  19 if (1,0) == 19, (1,-1) == 30 -> (1,0) = 24
  24 if (0,-1) == 30, (0,-2) == 6 -> (0,-1) = 21
  2 if (1,0) == 30 -> (1,0) = 28
  15 if (1,0) == 30 -> (1,0) = 28
  28 if (0,1) == 30 -> (0,1) = 18
  28 if (0,1) == 2 -> (0,1) = 15
  19 if (2,0) == 2, (1,-1) == 18, (1,1) == 1 -> (1,0) = 17
  19 if (2,0) == 2, (1,-1) == 22, (1,1) == 1 -> (1,0) = 17
  19 if (2,0) == 2, (1,-1) == 18, (1,1) == 13 -> (1,0) = 17
  21 if (2,0) == 2, (1,-1) == 18, (1,1) == 1 -> (1,0) = 17
  21 if (1,1) == 1, (1,-1) == 22, (2,0) == 3 -> (1,0) = 17
  15 if (1,0) == 28, (2,0) == 30, (1,-1) == 6 -> (1,0) = 23
  14 if (1,0) == 28, (2,0) == 1 -> (1,0) = 23
  15 if (1,0) == 27, (1,1) == 30 -> (1,0) = 29
  28 if (0,1) == 9 -> (0,1) = 15
  21 if (1,-1) == 21 -> (1,0) = 24
  2 if (1,0) == 27, (1,1) == 30 -> (1,0) = 29
  2 if (1,0) == 18 -> (1,0) = 25
  21 if (1,0) == 9, (2,0) == 2 -> (1,0) = 11
  19 if (1,0) == 10 -> (1,0) = 17
  15 if (0,1) == 3 -> (0,1) = 4
  22 if (0,1) == 9 -> (0,1) = 15
  18 if (0,1) == 30 -> (0,1) = 18
  24 if (-1,0) == 30 -> (-1,0) = 19
  21 if (0,1) == 2 -> (0,1) = 15
  21 if (0,1) == 9 -> (0,1) = 10
  22 if (0,1) == 30 -> (0,1) = 18
  21 if (0,1) == 30 -> (0,1) = 18
  16 if (0,1) == 2 -> (0,1) = 15
  13 if (0,1) == 2 -> (0,1) = 15
  22 if (0,1) == 2 -> (0,1) = 15
  21 if (1,0) == 18, (2,0) == 30 -> (1,0) = 24
  21 if (1,0) == 9, (1,1) == 1 -> (1,0) = 16
  2 if (1,0) == 27, (1,1) == 2 -> (1,0) = 29
  23 if (0,1) == 2 -> (0,1) = 15
  23 if (0,1) == 9 -> (0,1) = 15
  25 if (0,1) == 2 -> (0,1) = 15
  22 if (1,0) == 9 -> (1,0) = 11
  23 if (1,0) == 9 -> (1,0) = 11
  15 if (1,0) == 1 -> (1,0) = 16
  11 if (1,0) == 15 -> (1,0) = 14
  23 if (1,0) == 1 -> (1,0) = 16
  21 if (1,0) == 27 -> (1,0) = 26
  21 if (1,0) == 18 -> (1,0) = 24
  26 if (1,0) == 1 -> (1,0) = 16
  29 if (1,0) == 1 -> (1,0) = 16
  29 if (0,1) == 2 -> (0,1) = 15
  1 if (0,-1) == 15 -> (0,-1) = 10
  18 if (0,1) == 2 -> (0,1) = 15
  23 if (0,1) == 30 -> (0,1) = 18
  18 if (0,1) == 9 -> (0,1) = 10
  14 if (1,0) == 30, (1,1) == 30 -> (1,0) = 23
  2 if (1,0) == 28, (1,-1) == 6 -> (1,0) = 23
  23 if (1,0) == 18, (0,-1) == 6 -> (1,0) = 24
  14 if (1,0) == 23, (2,0) == 30 -> (1,0) = 28
  14 if (1,0) == 28, (2,0) == 30, (1,-1) == 6 -> (1,0) = 23
  23 if (1,0) == 30 -> (1,0) = 19
  29 if (1,0) == 30 -> (1,0) = 19
  29 if (0,1) == 30 -> (0,1) = 18
  19 if (1,0) == 30 -> (1,0) = 19
  21 if (1,0) == 30 -> (1,0) = 19
  26 if (1,0) == 30 -> (1,0) = 19
  16 if (0,1) == 30 -> (0,1) = 18
  13 if (0,1) == 9 -> (0,1) = 10
  25 if (0,1) == 30 -> (0,1) = 18
  18 if (0,1) == 2 -> (0,1) = 15
  11 if (1,0) == 3 -> (1,0) = 5
  19 if (1,0) == 9 -> (1,0) = 11
  19 if (1,0) == 1 -> (1,0) = 13
  19 if (1,0) == 13, (1,-1) == 6 -> (1,0) = 16
}

// DevilutionX FixTilesPatterns, raster pass 4 of 6 (if-chain in source order), §5.4
rules FixTilesPatterns_4 {
  21 if (0,1) == 24, (0,2) == 1 -> (0,1) = 17
  15 if (1,1) == 9, (1,-1) == 1, (2,0) == 16 -> (1,0) = 29
  2 if (-1,0) == 6 -> (-1,0) = 8
  1 if (0,-1) == 6 -> (0,-1) = 7
  6 if (1,0) == 15, (1,1) == 4 -> (1,0) = 10
  1 if (0,1) == 3 -> (0,1) = 4
  1 if (0,1) == 6 -> (0,1) = 4
  9 if (0,1) == 3 -> (0,1) = 4
  10 if (0,1) == 3 -> (0,1) = 4
  13 if (0,1) == 3 -> (0,1) = 4
  1 if (0,1) == 5 -> (0,1) = 12
  1 if (0,1) == 16 -> (0,1) = 13
  6 if (0,1) == 13 -> (0,1) = 16
  25 if (0,1) == 9 -> (0,1) = 10
  13 if (0,1) == 5 -> (0,1) = 12
  28 if (0,-1) == 6, (1,0) == 1 -> (1,0) = 23
  19 if (1,0) == 10 -> (1,0) = 17
  21 if (1,0) == 9 -> (1,0) = 11
  11 if (1,0) == 3 -> (1,0) = 5
  10 if (1,0) == 4 -> (1,0) = 12
  14 if (1,0) == 4 -> (1,0) = 12
  27 if (1,0) == 9 -> (1,0) = 11
  15 if (1,0) == 4 -> (1,0) = 12
  21 if (1,0) == 1 -> (1,0) = 16
  11 if (1,0) == 4 -> (1,0) = 12
  2 if (1,0) == 3 -> (1,0) = 5
  9 if (1,0) == 3 -> (1,0) = 5
  14 if (1,0) == 3 -> (1,0) = 5
  15 if (1,0) == 3 -> (1,0) = 5
  2 if (1,0) == 5, (1,-1) == 16 -> (1,0) = 12
  2 if (1,0) == 4 -> (1,0) = 12
  9 if (1,0) == 4 -> (1,0) = 12
  1 if (0,-1) == 8 -> (0,-1) = 9
  28 if (1,0) == 23, (1,1) == 3 -> (1,0) = 16
}

// DevilutionX FixTilesPatterns, raster pass 5 of 6 (if-chain in source order), §5.4
rules FixTilesPatterns_5 {
  21 if (1,0) == 10 -> (1,0) = 17
  17 if (1,0) == 4 -> (1,0) = 12
  10 if (1,0) == 4 -> (1,0) = 12
  17 if (0,1) == 5 -> (0,1) = 12
  29 if (0,1) == 9 -> (0,1) = 10
  13 if (0,1) == 5 -> (0,1) = 12
  9 if (0,1) == 16 -> (0,1) = 13
  10 if (0,1) == 16 -> (0,1) = 13
  16 if (0,1) == 3 -> (0,1) = 4
  11 if (0,1) == 5 -> (0,1) = 12
  10 if (1,0) == 3, (1,-1) == 16 -> (1,0) = 12
  16 if (0,1) == 5 -> (0,1) = 12
  1 if (0,1) == 6 -> (0,1) = 4
  21 if (1,0) == 13, (0,1) == 10 -> (1,1) = 12
  15 if (1,0) == 10 -> (1,0) = 17
  22 if (0,1) == 11 -> (0,1) = 17
  15 if (1,0) == 28, (2,0) == 16 -> (1,0) = 23
  28 if (1,0) == 23, (1,1) == 1, (2,0) == 6 -> (1,0) = 16
}

// DevilutionX FixTilesPatterns, raster pass 6 of 6 (if-chain in source order), §5.4
rules FixTilesPatterns_6 {
  15 if (1,0) == 28, (2,0) == 16 -> (1,0) = 23
  21 if (1,-1) == 21, (1,1) == 13, (2,0) == 2 -> (1,0) = 17
  19 if (1,0) == 15, (1,1) == 12 -> (1,0) = 17
}

// DevilutionX L4USTAIRS, stairs up, §5.5
miniset L4USTAIRS 4x5 {
  search    6   6   6   6 |   6   6   6   6 |   6   6   6   6 |   6   6   6   6 |   6   6   6   6
  replace   .   .   .   . |  36  38  35   . |  37  34  33  32 |   .   .  31   . |   .   .   .   .
}

// DevilutionX L4DSTAIRS, stairs down (levels 13, 14), §5.5
miniset L4DSTAIRS 5x5 {
  search    6   6   6   6   6 |   6   6   6   6   6 |   6   6   6   6   6 |   6   6   6   6   6 |   6   6   6   6   6
  replace   .   .   .   .   . |   .   .  45  41   . |   .  44  43  40   . |   .  46  42  39   . |   .   .   .   .   .
}

// DevilutionX L4TWARP, stairs up to town (level 13), §5.5
miniset L4TWARP 4x5 {
  search    6   6   6   6 |   6   6   6   6 |   6   6   6   6 |   6   6   6   6 |   6   6   6   6
  replace   .   .   .   . | 134 136 133   . | 135 132 131 130 |   .   . 129   . |   .   .   .   .
}

// DevilutionX L4PENTA2, open pentagram (level 15), §5.5
miniset L4PENTA2 5x5 {
  search    6   6   6   6   6 |   6   6   6   6   6 |   6   6   6   6   6 |   6   6   6   6   6 |   6   6   6   6   6
  replace   .   .   .   .   . |   . 107 109 112   . |   . 108 111 114   . |   . 110 113 115   . |   .   .   .   .   .
}

// DevilutionX L4PENTA, closed pentagram (level 15, gate closed), stamped on the open one at the end, §5.5
miniset L4PENTA 5x5 {
  search    6   6   6   6   6 |   6   6   6   6   6 |   6   6   6   6   6 |   6   6   6   6   6 |   6   6   6   6   6
  replace   .   .   .   .   . |   .  98 100 103   . |   .  99 102 105   . |   . 101 104 106   . |   .   .   .   .   .
}

// literals of DevilutionX GeneralFix, §5.6; scanned over x, y <= 38
rules GeneralFix {
  24 if (1,0) == 2, (0,1) == 5 -> (0,0) = 17
  122 if (1,0) == 2, (0,1) == 5 -> (0,0) = 17
}

// literals of DevilutionX ApplyShadowsPatterns (drlg_l4.cpp), §5.6, §5.7.7; scanned from x, y = 1
rules ShadowPatterns {
  3|4|8|15 if (-1,0) == 6 -> (-1,0) = 47
  3|4|8|15 if (-1,-1) == 6 -> (-1,-1) = 48
}

// literals of DevilutionX FixCornerTiles, §5.6; scanned over x, y in 1..38: a tile 18..30 whose
// right or lower neighbour is below 18 gets +98. Compared through CornerClasses (below).
rules FixCornerTiles {
  18 if (1,0) == Low -> (0,0) = 116
  18 if (0,1) == Low -> (0,0) = 116
  19 if (1,0) == Low -> (0,0) = 117
  19 if (0,1) == Low -> (0,0) = 117
  20 if (1,0) == Low -> (0,0) = 118
  20 if (0,1) == Low -> (0,0) = 118
  21 if (1,0) == Low -> (0,0) = 119
  21 if (0,1) == Low -> (0,0) = 119
  22 if (1,0) == Low -> (0,0) = 120
  22 if (0,1) == Low -> (0,0) = 120
  23 if (1,0) == Low -> (0,0) = 121
  23 if (0,1) == Low -> (0,0) = 121
  24 if (1,0) == Low -> (0,0) = 122
  24 if (0,1) == Low -> (0,0) = 122
  25 if (1,0) == Low -> (0,0) = 123
  25 if (0,1) == Low -> (0,0) = 123
  26 if (1,0) == Low -> (0,0) = 124
  26 if (0,1) == Low -> (0,0) = 124
  27 if (1,0) == Low -> (0,0) = 125
  27 if (0,1) == Low -> (0,0) = 125
  28 if (1,0) == Low -> (0,0) = 126
  28 if (0,1) == Low -> (0,0) = 126
  29 if (1,0) == Low -> (0,0) = 127
  29 if (0,1) == Low -> (0,0) = 127
  30 if (1,0) == Low -> (0,0) = 128
  30 if (0,1) == Low -> (0,0) = 128
}
// classes for FixCornerTiles (ours): tiles below 18 are class Low (1), 18..30 are themselves
table CornerClasses {
  1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1   // 0..17
  18 19 20 21 22 23 24 25 26 27 28 29 30   // 18..30
}

// DevilutionX L4BTYPES: substitution class of each tile id, §1.10, §5.6
table L4BTYPES {
  0 1 2 3 4 5 6 7 8 9   // 0..9
  10 11 12 13 14 15 16 17 0 0   // 10..19
  0 0 0 0 0 0 0 0 0 0   // 20..29
  0 0 0 0 0 0 0 0 0 0   // 30..39
  0 0 0 0 0 0 0 0 0 6   // 40..49
  6 6 0 0 0 0 0 0 0 0   // 50..59
  0 1 2 1 2 1 2 1 1 2   // 60..69
  2 0 0 0 0 0 0 15 16 9   // 70..79
  12 4 5 7 0 0 0 0 0 0   // 80..89
  0 0 0 0 0 0 0 0 0 0   // 90..99
  0 0 0 0 0 0 0 0 0 0   // 100..109
  0 0 0 0 0 0 0 0 0 0   // 110..119
  0 0 0 0 0 0 0 0 0 0   // 120..129
  0 0 0 0 0 0 0 0 0 0   // 130..139
}

// literals of DevilutionX Substitution pass 2: the floor variants, §5.6
table FloorVariants { 95 96 97 }

// Glyph classes for the ASCII view and the `level` symbol layer (ours, not the game's):
// floor 6 with its shadows (47, 48), decoration variants (49-51, 95-97) and the floor beside
// doorways (54, 55, 58, 59); the open doorway 60; stairs (L4USTAIRS, L4DSTAIRS 31-46) and the
// town stairs (L4TWARP 129-136); the pentagrams (L4PENTA, L4PENTA2 98-115); solid rock 30 and
// its edge variant 128. Every other tile (walls, door frames) is drawn as wall.
table glyph_floor { 6 47 48 49 50 51 54 55 58 59 95 96 97 }
table glyph_door { 60 }
table glyph_stairs { 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 129 130 131 132 133 134 135 136 }
table glyph_pentagram { 98 99 100 101 102 103 104 105 106 107 108 109 110 111 112 113 114 115 }
table glyph_solid { 30 128 }
