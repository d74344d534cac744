// Made-up decorations for rules/diablo/cathedral_worn.ron (not from the game): floor tiles
// of the Cathedral's decoration class 13 (TileDecorations in cathedral.pat) as worn patches.
miniset worn_floor 2x2 {
  search  13 13 | 13 13
  replace 135 . | .  136
}
