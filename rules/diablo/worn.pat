// Made-up decorations for rules/diablo/cathedral_worn.ron (not from the game): floor tiles
// of the Cathedral's decoration class 13 (TileDecorations in cathedral.pat) as worn patches.
miniset worn_floor 2x2 {
  search  13 13 | 13 13
  replace 135 . | .  136
}

// The views draw the patches in their own colour (`tile_glyphs:` in cathedral_worn.ron):
// cathedral.pat#glyph_floor without 135 and 136, and those two as `worn`.
table glyph_floor { 13 104 105 106 125 128 129 130 133 134 137 138 139 140 141 142 143 144 145 150 151 152 162 163 171 172 173 174 }
table glyph_worn { 135 136 }
