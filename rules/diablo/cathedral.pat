// Diablo (1996) Cathedral (levels 1-4): tile tables, minisets and fix-rule lists.
// Facts: shared/spec/diablo.md §1.5, §1.7, §1.10, §2. Every table is transcribed from
// DevilutionX Source/levels/drlg_l1.cpp (HEAD 234606ad9db8) via shared/spec/tables/cathedral.json;
// the table or function each item comes from is named above it. Grammar: src/lang/pattern.pest.

// DevilutionX enum Tile (drlg_l1.cpp): names for the ids the steps refer to.
tiles {
  VWall = 1
  HWall = 2
  Corner = 3
  DWall = 4
  DArch = 5
  VWallEnd = 6
  HWallEnd = 7
  HArchEnd = 8
  VArchEnd = 9
  HArchVWall = 10
  VArch = 11
  HArch = 12
  Floor = 13
  HWallVArch = 14
  Pillar = 15
  VCorner = 16
  HCorner = 17
  DirtHwall = 18
  DirtVwall = 19
  HDirtCorner = 21
  Dirt = 22
  DirtHwallEnd = 23
  DirtVwallEnd = 24
  VDoor = 25
  HDoor = 26
  HFenceVWall = 27
  VFence = 35
  HFence = 36
  HWallVFence = 37
  DirtCorner2 = 202
}

// vanilla L5ConvTbl (DevilutionX MakeDmt): index a + 2b + 4c + 8d, §1.7
table L5ConvTbl {
  22 13 1 13 2 13 13 13 4 13 1 13 2 13 16 13
}

// literals in DevilutionX GenerateChamber (§2.4): the openings on a chamber's side facing the
// previous / next chamber, offsets 2..9 along that side (`.` = leave), and the four pillars.
miniset chamber_prev_h 1x8 { search . . . . . . . . replace 11 | 11 | 3 | . | . | 8 | 11 | 1 }
miniset chamber_next_h 1x8 { search . . . . . . . . replace 14 | 11 | 9 | . | . | 5 | 11 | . }
miniset chamber_prev_v 8x1 { search . . . . . . . . replace 12 12 3 . . 9 12 2 }
miniset chamber_next_v 8x1 { search . . . . . . . . replace 10 12 8 . . 5 12 . }
// offset 9 of the next side: HDirtCorner unless it is DWall
rules chamber_next_corner { * if (0,0) != DWall -> (0,0) = HDirtCorner }
// pillars at chamber origin + (4,4), (7,4), (4,7), (7,7): stamped at origin + (4,4)
miniset chamber_pillars 4x4 { search . . . . | . . . . | . . . . | . . . .
                              replace Pillar . . Pillar | . . . . | . . . . | Pillar . . Pillar }

// DevilutionX FixTilesPatterns, raster pass 1 of 3 (if-chain in source order), §2.5
rules FixTilesPatterns_1 {
  2 if (1,0) == 22 -> (1,0) = 23
  13 if (1,0) == 22 -> (1,0) = 18
  13 if (1,0) == 2 -> (1,0) = 7
  6 if (1,0) == 22 -> (1,0) = 24
  1 if (0,1) == 22 -> (0,1) = 24
  13 if (0,1) == 1 -> (0,1) = 6
  13 if (0,1) == 22 -> (0,1) = 19
}

// DevilutionX FixTilesPatterns, raster pass 2 of 3 (if-chain in source order), §2.5
rules FixTilesPatterns_2 {
  13 if (1,0) == 19 -> (1,0) = 21
  13 if (1,0) == 22 -> (1,0) = 20
  7 if (1,0) == 22 -> (1,0) = 23
  13 if (1,0) == 24 -> (1,0) = 21
  19 if (1,0) == 22 -> (1,0) = 20
  2 if (1,0) == 19 -> (1,0) = 21
  19 if (1,0) == 1 -> (1,0) = 6
  7 if (1,0) == 19 -> (1,0) = 21
  2 if (1,0) == 1 -> (1,0) = 6
  3 if (1,0) == 22 -> (1,0) = 24
  21 if (1,0) == 1 -> (1,0) = 6
  7 if (1,0) == 1 -> (1,0) = 6
  7 if (1,0) == 24 -> (1,0) = 21
  4 if (1,0) == 16 -> (1,0) = 17
  7 if (1,0) == 13 -> (1,0) = 17
  2 if (1,0) == 24 -> (1,0) = 21
  2 if (1,0) == 13 -> (1,0) = 17
  23 if (-1,0) == 22 -> (-1,0) = 19
  19 if (-1,0) == 23 -> (-1,0) = 21
  6 if (-1,0) == 22 -> (-1,0) = 24
  6 if (-1,0) == 23 -> (-1,0) = 21
  1 if (0,1) == 2 -> (0,1) = 7
  6 if (0,1) == 18 -> (0,1) = 21
  18 if (0,1) == 2 -> (0,1) = 7
  6 if (0,1) == 2 -> (0,1) = 7
  21 if (0,1) == 2 -> (0,1) = 7
  6 if (0,1) == 22 -> (0,1) = 24
  6 if (0,1) == 13 -> (0,1) = 16
  1 if (0,1) == 13 -> (0,1) = 16
  13 if (0,1) == 16 -> (0,1) = 17
  6 if (0,-1) == 22 -> (0,-1) = 7
  6 if (0,-1) == 22 -> (0,-1) = 24
  7 if (0,-1) == 24 -> (0,-1) = 21
  18 if (0,-1) == 24 -> (0,-1) = 21
}

// DevilutionX FixTilesPatterns, raster pass 3 of 3 (if-chain in source order), §2.5
rules FixTilesPatterns_3 {
  4 if (0,1) == 2 -> (0,1) = 7
  2 if (1,0) == 19 -> (1,0) = 21
  18 if (0,1) == 22 -> (0,1) = 20
}

// DevilutionX L5STAIRSUP (defined in Source/levels/crypt.cpp), §2.7
miniset L5STAIRSUP 4x4 {
  search   22  22  22  22 |   2   2   2   2 |  13  13  13  13 |  13  13  13  13
  replace   .  66  23   . |  63  64  65   . |   .  67  68   . |   .   .   .   .
}

// DevilutionX STAIRSUP (drlg_l1.cpp; Hellfire / banner level): row 0 Floor, 6 instead of 23, §2.7
miniset STAIRSUP 4x4 {
  search   13  13  13  13 |   2   2   2   2 |  13  13  13  13 |  13  13  13  13
  replace   .  66   6   . |  63  64  65   . |   .  67  68   . |   .   .   .   .
}

// DevilutionX STAIRSDOWN, §2.7
miniset STAIRSDOWN 4x3 {
  search   13  13  13  13 |  13  13  13  13 |  13  13  13  13
  replace  62  57  58   . |  61  59  60   . |   .   .   .   .
}

// DevilutionX PWATERIN (Poisoned Water entrance), §2.7
miniset PWATERIN 6x6 {
  search   13  13  13  13  13  13 |  13  13  13  13  13  13 |  13  13  13  13  13  13 |  13  13  13  13  13  13 |  13  13  13  13  13  13 |  13  13  13  13  13  13
  replace   .   .   .   .   .   . |   . 202 200 200  84   . |   . 199 203 203  83   . |   .  85 206  80  81   . |   .   . 134 135   .   . |   .   .   .   .   .   .
}

// DevilutionX LAMPS (candlestick), §2.7
miniset LAMPS 2x2 {
  search   13   . |  13  13
  replace 129   . | 130 128
}

// DevilutionX FixDirtTiles (if-chain in source order), §2.8.2; scanned over x, y <= 38
rules FixDirtTiles {
  21 if (1,0) != 19 -> (0,0) = 202
  19 if (1,0) != 19 -> (0,0) = 200
  24 if (1,0) != 19 -> (0,0) = 205
  18 if (0,1) != 18 -> (0,0) = 199
  21 if (0,1) != 18 -> (0,0) = 202
  23 if (0,1) != 18 -> (0,0) = 204
}

// DevilutionX FixCornerTiles (if-chain in source order), §2.8.3; scanned over x, y in 1..38
rules FixCornerTiles {
  17 unprotected if (-1,0) == 13, (0,-1) == 1 -> (0,0) = 16
  202 if (1,0) == 13, (0,1) == 1 -> (0,0) = 8
  202 if (0,1) == 13, (1,0) == 2 -> (0,0) = 9
}

// DevilutionX TileDecorations (vanilla L5BTYPES): substitution class of each tile id, §1.10
table TileDecorations {
  0 1 2 3 4 5 6 7 8 9   // 0..9
  10 11 12 13 14 15 16 17 0 0   // 10..19
  0 0 0 0 0 25 26 0 28 0   // 20..29
  30 31 0 0 0 0 0 0 0 0   // 30..39
  40 41 42 43 0 0 0 0 0 0   // 40..49
  0 0 0 0 0 0 0 0 0 0   // 50..59
  0 0 0 0 0 0 0 0 0 0   // 60..69
  0 0 0 0 0 0 0 0 0 79   // 70..79
  80 0 82 0 0 0 0 0 0 79   // 80..89
  0 80 0 0 79 80 0 2 2 2   // 90..99
  1 1 11 25 13 13 13 1 2 1   // 100..109
  2 1 2 1 2 2 2 2 12 0   // 110..119
  0 11 1 11 1 13 0 0 0 0   // 120..129
  0 0 0 13 13 13 13 13 13 0   // 130..139
  0 0 0 0 0 0 0 0 0 0   // 140..149
  0 0 0 0 0 0 0 0 0 0   // 150..159
  0 0 0 0 0 0 0 0 0 0   // 160..169
  0 0 0 0 0 0 0 0 0 0   // 170..179
  0 0 0 0 0 0 0 0 0 0   // 180..189
  0 0 0 0 0 0 0 0 0 0   // 190..199
  0 0 0 0 0 0 0   // 200..206
}

// DevilutionX BaseTypes (vanilla BSTYPES): base type of each tile id, compared by the shadow patterns
table BaseTypes {
  0 1 2 3 4 5 6 7 8 9   // 0..9
  10 11 12 13 14 15 16 17 0 0   // 10..19
  0 0 0 0 0 1 2 10 4 5   // 20..29
  6 7 8 9 10 11 12 14 5 14   // 30..39
  10 4 14 4 5 0 0 0 0 0   // 40..49
  0 0 0 0 0 0 0 0 0 0   // 50..59
  0 0 0 0 0 0 0 0 0 0   // 60..69
  0 0 0 0 0 0 0 0 0 1   // 70..79
  2 3 4 1 6 7 16 17 2 1   // 80..89
  1 2 2 1 1 2 2 2 2 2   // 90..99
  1 1 11 1 13 13 13 1 2 1   // 100..109
  2 1 2 1 2 2 2 2 12 0   // 110..119
  0 11 1 11 1 13 0 0 0 0   // 120..129
  0 0 0 13 13 13 13 13 13 13   // 130..139
  13 13 13 13 13 13 1 11 2 12   // 140..149
  13 13 13 12 2 1 2 2 4 14   // 150..159
  4 10 13 13 4 4 1 1 4 2   // 160..169
  2 13 13 13 13 25 26 28 30 31   // 170..179
  41 43 40 41 42 43 25 41 43 28   // 180..189
  28 1 2 25 26 22 22 25 26 0   // 190..199
  0 0 0 0 0 0 0   // 200..206
}

// DevilutionX ShadowPatterns (vanilla SPATS; fields strig, s1, s2, s3, nv1, nv2, nv3), §2.8.5.
// Compared through BaseTypes: trigger = the cell, (-1,-1) up-left, (0,-1) up, (-1,0) left.
rules ShadowPatterns {
  7 unprotected if (-1,-1) == 13, (-1,0) == 13 -> (-1,-1) = 144, (-1,0) = 142
  16 unprotected if (-1,-1) == 13, (-1,0) == 13 -> (-1,-1) = 144, (-1,0) = 142
  15 unprotected if (-1,-1) == 13, (-1,0) == 13 -> (-1,-1) = 145, (-1,0) = 142
  5 unprotected if (-1,-1) == 13, (0,-1) == 13, (-1,0) == 13 -> (-1,-1) = 152, (0,-1) = 140, (-1,0) = 139
  5 unprotected if (-1,-1) == 13, (0,-1) == 1, (-1,0) == 13 -> (-1,-1) = 143, (0,-1) = 146, (-1,0) = 139
  5 unprotected if (-1,-1) == 13, (0,-1) == 13, (-1,0) == 2 -> (-1,-1) = 143, (0,-1) = 140, (-1,0) = 148
  5 unprotected if (0,-1) == 1, (-1,0) == 2 -> (0,-1) = 146, (-1,0) = 148
  5 unprotected if (-1,-1) == 13, (0,-1) == 11, (-1,0) == 13 -> (-1,-1) = 143, (0,-1) = 147, (-1,0) = 139
  5 unprotected if (-1,-1) == 13, (0,-1) == 13, (-1,0) == 12 -> (-1,-1) = 143, (0,-1) = 140, (-1,0) = 149
  5 unprotected if (-1,-1) == 13, (0,-1) == 11, (-1,0) == 12 -> (-1,-1) = 150, (0,-1) = 147, (-1,0) = 149
  5 unprotected if (-1,-1) == 13, (0,-1) == 1, (-1,0) == 12 -> (-1,-1) = 143, (0,-1) = 146, (-1,0) = 149
  5 unprotected if (-1,-1) == 13, (0,-1) == 11, (-1,0) == 2 -> (-1,-1) = 143, (0,-1) = 147, (-1,0) = 148
  9 unprotected if (-1,-1) == 13, (0,-1) == 13, (-1,0) == 13 -> (-1,-1) = 144, (0,-1) = 140, (-1,0) = 142
  9 unprotected if (-1,-1) == 13, (0,-1) == 1, (-1,0) == 13 -> (-1,-1) = 144, (0,-1) = 146, (-1,0) = 142
  9 unprotected if (-1,-1) == 13, (0,-1) == 11, (-1,0) == 13 -> (-1,-1) = 151, (0,-1) = 147, (-1,0) = 142
  8 unprotected if (-1,-1) == 13, (-1,0) == 13 -> (-1,-1) = 144, (-1,0) = 139
  8 unprotected if (-1,-1) == 13, (-1,0) == 12 -> (-1,-1) = 143, (-1,0) = 149
  8 unprotected if (-1,0) == 2 -> (-1,0) = 148
  11 unprotected if (-1,0) == 13 -> (-1,0) = 139
  11 unprotected if (-1,-1) == 13, (-1,0) == 13 -> (-1,-1) = 139, (-1,0) = 139
  11 unprotected if (-1,-1) == 2, (-1,0) == 13 -> (-1,-1) = 148, (-1,0) = 139
  11 unprotected if (-1,-1) == 12, (-1,0) == 13 -> (-1,-1) = 149, (-1,0) = 139
  11 unprotected if (-1,-1) == 13, (0,-1) == 11, (-1,0) == 12 -> (-1,-1) = 139, (-1,0) = 149
  14 unprotected if (-1,0) == 13 -> (-1,0) = 139
  14 unprotected if (-1,-1) == 13, (-1,0) == 13 -> (-1,-1) = 139, (-1,0) = 139
  14 unprotected if (-1,-1) == 2, (-1,0) == 13 -> (-1,-1) = 148, (-1,0) = 139
  14 unprotected if (-1,-1) == 12, (-1,0) == 13 -> (-1,-1) = 149, (-1,0) = 139
  14 unprotected if (-1,-1) == 13, (0,-1) == 11, (-1,0) == 12 -> (-1,-1) = 139, (-1,0) = 149
  10 unprotected if (0,-1) == 13 -> (0,-1) = 140
  10 unprotected if (-1,-1) == 13, (0,-1) == 13 -> (-1,-1) = 140, (0,-1) = 140
  10 unprotected if (0,-1) == 1 -> (0,-1) = 146
  10 unprotected if (-1,-1) == 13, (0,-1) == 11 -> (-1,-1) = 140, (0,-1) = 147
  12 unprotected if (0,-1) == 13 -> (0,-1) = 140
  12 unprotected if (-1,-1) == 13, (0,-1) == 13 -> (-1,-1) = 140, (0,-1) = 140
  12 unprotected if (0,-1) == 1 -> (0,-1) = 146
  12 unprotected if (-1,-1) == 13, (0,-1) == 11 -> (-1,-1) = 140, (0,-1) = 147
  3 unprotected if (-1,-1) == 13, (0,-1) == 11, (-1,0) == 12 -> (-1,-1) = 150
}

// literals in DevilutionX ApplyShadowsPatterns, second pass (DFence, VFenceEnd, VFence, HWallVFence,
// HArchVFence, HArchVDoor; Floor12/HArchShadow/HWallShadow -> Floor14/HArchShadow2/HWallShadow2)
rules ShadowFences {
  29|32|35|37|38|39 unprotected if (-1,0) == 139 -> (-1,0) = 141
  29|32|35|37|38|39 unprotected if (-1,0) == 149 -> (-1,0) = 153
  29|32|35|37|38|39 unprotected if (-1,0) == 148 -> (-1,0) = 154
}

// Glyph classes for the ASCII view and the `level` symbol layer (ours, not the game's):
// derived from BaseTypes above (base type 13 = floor; 11/12 arches and 5, 8, 9, 10, 14 arch
// ends, but not the fences 27-44; 15 pillar), the door ids, the stairs 57-68 of the stair
// minisets, and solid dirt 22. Every other tile (walls, fences, and the back-of-wall tiles
// 18-21, 23, 24 and their end variants 199-205: walls seen from the dirt side, spec §2, tile
// names DirtHwall, DirtVwall, ...) is drawn as wall.
table glyph_floor { 13 104 105 106 125 128 129 130 133 134 135 136 137 138 139 140 141 142 143 144 145 150 151 152 162 163 171 172 173 174 }
table glyph_arch { 5 8 9 10 11 12 14 102 118 121 123 147 149 153 159 161 }
table glyph_door { 25 26 103 }
table glyph_pillar { 15 }
table glyph_stairs { 57 58 59 60 61 62 63 64 65 66 67 68 }
table glyph_dirt { 22 }
