// Diablo (1996) Caves (levels 9-12): tables, minisets and rule lists.
// Facts: shared/spec/diablo.md §1.5, §1.7, §4. Every table is transcribed from DevilutionX
// Source/levels/drlg_l3.cpp (HEAD 234606ad9db8) via shared/spec/tables/caves.json; the table or
// function each item comes from is named above it. Grammar: src/lang/pattern.pest.

// tile ids of drlg_l3.cpp (DevilutionX has no names for Caves tiles; names as in diablo.md §4)
tiles {
  Floor = 7
  Rock = 8
  WarpMark = 125
}

// DevilutionX L3ConvTbl (MakeMegas): index 8a + 4b + 2c + d, §1.7
table L3ConvTbl { 8 11 3 10 1 9 12 12 6 13 4 13 2 14 5 7 }

// DevilutionX L3UP (§4.4), placed by PlaceMiniset with 199 tries
miniset L3UP 3x3 { search 8 8 . | 10 10 . | 7 7 .
  replace 51 50 . | 48 49 . | . . . }

// DevilutionX L3DOWN (§4.4), placed by PlaceMiniset with 199 tries
miniset L3DOWN 3x3 { search 8 9 7 | 8 9 7 | . . .
  replace . 47 . | . 46 . | . . . }

// DevilutionX L3HOLDWARP (§4.4), placed by PlaceMiniset with 199 tries
miniset L3HOLDWARP 3x3 { search 8 8 . | 10 10 . | 7 7 .
  replace 125 125 . | 125 125 . | . . . }

// PlaceAnvil (§4.4): the anvil.dun area plus a 1-tile border, 11x11, must be all floor
miniset anvil_area 11x11 { search Floor Floor Floor Floor Floor Floor Floor Floor Floor Floor Floor | Floor Floor Floor Floor Floor Floor Floor Floor Floor Floor Floor | Floor Floor Floor Floor Floor Floor Floor Floor Floor Floor Floor | Floor Floor Floor Floor Floor Floor Floor Floor Floor Floor Floor | Floor Floor Floor Floor Floor Floor Floor Floor Floor Floor Floor | Floor Floor Floor Floor Floor Floor Floor Floor Floor Floor Floor | Floor Floor Floor Floor Floor Floor Floor Floor Floor Floor Floor | Floor Floor Floor Floor Floor Floor Floor Floor Floor Floor Floor | Floor Floor Floor Floor Floor Floor Floor Floor Floor Floor Floor | Floor Floor Floor Floor Floor Floor Floor Floor Floor Floor Floor | Floor Floor Floor Floor Floor Floor Floor Floor Floor Floor Floor
  replace . . . . . . . . . . . | . . . . . . . . . . . | . . . . . . . . . . . | . . . . . . . . . . . | . . . . . . . . . . . | . . . . . . . . . . . | . . . . . . . . . . . | . . . . . . . . . . . | . . . . . . . . . . . | . . . . . . . . . . . | . . . . . . . . . . . }

// FillDiagonals (§4.3): a 2x2 window with only the anti-diagonal (b, c) set: coin() fills
// the top-left, else the bottom-right; only the main diagonal (a, d): coin() fills the
// top-right, else the bottom-left (literals of DevilutionX FillDiagonals)
rules FillDiagonals {
  0 if (1,0) == 1, (0,1) == 1, (1,1) == 0 -> pick { (0,0) = 1 | (1,1) = 1 }
  1 if (1,0) == 0, (0,1) == 0, (1,1) == 1 -> pick { (1,0) = 1 | (0,1) = 1 }
}

// FillSingles (§4.3): an empty cell whose 8 neighbours are floor is filled
rules FillSingles {
  0 if (-1,-1) == 1, (0,-1) == 1, (1,-1) == 1, (-1,0) == 1, (1,0) == 1, (-1,1) == 1, (0,1) == 1, (1,1) == 1 -> (0,0) = 1
}

// DevilutionX spawntable of Spawn (lava-pool flood, rock walker), §4.5, §4.9.1
table Spawn { 0 10 3 5 12 6 9 0 0 12 3 6 9 10 5 }

// DevilutionX spawntable of SpawnEdge (edge walker), §4.5, §4.9.1
table SpawnEdge { 0 10 67 5 44 6 9 0 0 28 131 6 9 10 5 }

// DevilutionX Poolsub (PlaceLavaPool), §4.5
table Poolsub { 0 35 26 36 25 29 34 7 33 28 27 37 32 31 30 }

// PoolFix (§4.6.1, literals of DevilutionX PoolFix): classes for the rules below - lava 25..41
// is one class (25), every other tile its own id
table lava_classes { 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 25 25 25 25 25 25 25 25 25 25 25 25 25 25 25 25 }

// PoolFix: rock with any of its 8 neighbours lava becomes lava 33 (in place, raster order)
rules PoolFix {

  Rock if (-1,-1) == 25 -> (0,0) = 33
  Rock if (0,-1) == 25 -> (0,0) = 33
  Rock if (1,-1) == 25 -> (0,0) = 33
  Rock if (-1,0) == 25 -> (0,0) = 33
  Rock if (1,0) == 25 -> (0,0) = 33
  Rock if (-1,1) == 25 -> (0,0) = 33
  Rock if (0,1) == 25 -> (0,0) = 33
  Rock if (1,1) == 25 -> (0,0) = 33
}

// Warp (§4.6.2, literals of DevilutionX Warp): the first 2x2 of WarpMark becomes the town
// stairs and the pass ends there (stop_after: 1); before it, 5 with floor at (1,1) -> floor
rules Warp {
  WarpMark if (1,0) == WarpMark, (0,1) == WarpMark, (1,1) == WarpMark -> (0,0) = 156, (1,0) = 155, (0,1) = 153, (1,1) = 154
  5 if (1,1) == Floor -> (0,0) = Floor
}

// DevilutionX L3ISLE1 (§4.6.3)
miniset L3ISLE1 2x3 { search 5 14 | 4 9 | 13 12
  replace 7 7 | 7 7 | 7 7 }

// DevilutionX L3ISLE2 (§4.6.3)
miniset L3ISLE2 3x2 { search 5 2 14 | 13 10 12
  replace 7 7 7 | 7 7 7 }

// DevilutionX L3ISLE3 (§4.6.3)
miniset L3ISLE3 2x3 { search 5 14 | 4 9 | 13 12
  replace 29 30 | 25 28 | 31 32 }

// DevilutionX L3ISLE4 (§4.6.3)
miniset L3ISLE4 3x2 { search 5 2 14 | 13 10 12
  replace 29 26 30 | 31 27 32 }

// DevilutionX L3ISLE5 (§4.6.3)
miniset L3ISLE5 2x2 { search 5 14 | 13 12
  replace 7 7 | 7 7 }

// HallOfHeroes (§4.6.4, literals of DevilutionX's Hall of Heroes fix): two raster passes
rules HallOfHeroes_1 {
  5 if (1,1) == Floor -> (0,0) = Floor
}
rules HallOfHeroes_2 {
  5 if (1,1) == 12, (1,0) == Floor -> (0,0) = Floor, (0,1) = Floor, (1,1) = Floor
  5 if (1,1) == 12, (0,1) == Floor -> (0,0) = Floor, (1,0) = Floor, (1,1) = Floor
}

// anvil fix-up after the rivers (§4.4): a river tile next to the island becomes a bridge
rules anvil_bridge {
  17|18 -> (0,0) = 45
}

// DevilutionX L3TITE1 (§4.6.6)
miniset L3TITE1 4x4 { search 7 7 7 7 | 7 7 7 7 | 7 7 7 7 | 7 7 7 7
  replace . . . . | . 57 58 . | . 56 55 . | . . . . }

// DevilutionX L3TITE2 (§4.6.6)
miniset L3TITE2 4x4 { search 7 7 7 7 | 7 7 7 7 | 7 7 7 7 | 7 7 7 7
  replace . . . . | . 61 62 . | . 60 59 . | . . . . }

// DevilutionX L3TITE3 (§4.6.6)
miniset L3TITE3 4x4 { search 7 7 7 7 | 7 7 7 7 | 7 7 7 7 | 7 7 7 7
  replace . . . . | . 65 66 . | . 64 63 . | . . . . }

// DevilutionX L3TITE6 (§4.6.6)
miniset L3TITE6 5x4 { search 7 7 7 7 7 | 7 7 7 . 7 | 7 7 7 . 7 | 7 7 7 7 7
  replace . . . . . | . 77 78 . . | . 76 74 75 . | . . . . . }

// DevilutionX L3TITE7 (§4.6.6)
miniset L3TITE7 4x5 { search 7 7 7 7 | 7 7 . 7 | 7 7 7 7 | 7 7 7 7 | 7 7 7 7
  replace . . . . | . 83 . . | . 82 80 . | . 81 79 . | . . . . }

// DevilutionX L3TITE8 (§4.6.6)
miniset L3TITE8 3x3 { search 7 7 7 | 7 7 7 | 7 7 7
  replace . . . | . 52 . | . . . }

// DevilutionX L3TITE9 (§4.6.6)
miniset L3TITE9 3x3 { search 7 7 7 | 7 7 7 | 7 7 7
  replace . . . | . 53 . | . . . }

// DevilutionX L3TITE10 (§4.6.6)
miniset L3TITE10 3x3 { search 7 7 7 | 7 7 7 | 7 7 7
  replace . . . | . 54 . | . . . }

// DevilutionX L3TITE11 (§4.6.6)
miniset L3TITE11 3x3 { search 7 7 7 | 7 7 7 | 7 7 7
  replace . . . | . 67 . | . . . }

// DevilutionX L3TITE12 (§4.6.6)
miniset L3TITE12 2x1 { search 9 7
  replace 68 . }

// DevilutionX L3TITE13 (§4.6.6)
miniset L3TITE13 1x2 { search 10 | 7
  replace 69 | . }

// DevilutionX L3CREV1 (§4.6.6)
miniset L3CREV1 2x1 { search 8 7
  replace 84 85 }

// DevilutionX L3CREV2 (§4.6.6)
miniset L3CREV2 2x1 { search 8 11
  replace 86 87 }

// DevilutionX L3CREV3 (§4.6.6)
miniset L3CREV3 1x2 { search 8 | 10
  replace 89 | 88 }

// DevilutionX L3CREV4 (§4.6.6)
miniset L3CREV4 2x1 { search 8 7
  replace 90 91 }

// DevilutionX L3CREV5 (§4.6.6)
miniset L3CREV5 1x2 { search 8 | 11
  replace 92 | 93 }

// DevilutionX L3CREV6 (§4.6.6)
miniset L3CREV6 1x2 { search 8 | 10
  replace 95 | 94 }

// DevilutionX L3CREV7 (§4.6.6)
miniset L3CREV7 2x1 { search 8 7
  replace 96 101 }

// DevilutionX L3CREV8 (§4.6.6)
miniset L3CREV8 1x2 { search 2 | 8
  replace 102 | 97 }

// DevilutionX L3CREV9 (§4.6.6)
miniset L3CREV9 2x1 { search 3 8
  replace 103 98 }

// DevilutionX L3CREV10 (§4.6.6)
miniset L3CREV10 2x1 { search 4 8
  replace 104 99 }

// DevilutionX L3CREV11 (§4.6.6)
miniset L3CREV11 1x2 { search 6 | 8
  replace 105 | 100 }

// Decoration.1x1 (§4.6.6): PlaceMiniSetRandom1x1(search, replace, percent)
miniset deco_7_106 1x1 { search 7 replace 106 }
miniset deco_7_107 1x1 { search 7 replace 107 }
miniset deco_7_108 1x1 { search 7 replace 108 }
miniset deco_9_109 1x1 { search 9 replace 109 }
miniset deco_10_110 1x1 { search 10 replace 110 }

// Tile classes for the views (`tile_glyphs:` in caves.ron), from the tables above: floor 7,
// its 1x1 variants 106-108, the floor side of a crevice (85, 91, 101: L3CREV1, 4, 7 on 7),
// the river bridges 44-45; stairs up 48-51, down 46-47, the town warp 153-156; fence gates
// and theme-room doors 146-147; lava pools 25-37 (Poolsub, PoolFix's 33) and river pieces
// 15-24, 38-43; fences and theme-room walls 121-140, 150-152; stalagmites 52-83 (L3TITE*).
// Walls are the marching-squares edges 1-6 and 9-14 (§1.7: a tile whose 2x2 layout block is
// partly open), the edge side of a crevice (87, 88, 93, 94, 102-105) and their 1x1
// variants 109-110. The rest (rock 8 and the rock side of a crevice) is rock.
table glyph_floor { 7 44 45 85 91 101 106 107 108 }
table glyph_stairs { 46 47 48 49 50 51 153 154 155 156 }
table glyph_door { 146 147 }
table glyph_lava { 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 }
table glyph_fence { 121 122 123 124 125 126 127 128 129 130 131 132 133 134 135 136 137 138 139 140 150 151 152 }
table glyph_stalagmite { 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 67 68 69 70 71 72 73 74 75 76 77 78 79 80 81 82 83 }
table glyph_wall { 1 2 3 4 5 6 9 10 11 12 13 14 87 88 93 94 102 103 104 105 109 110 }
