// rules/examples/crypt.pat — tiles of the crypt example. Grammar: src/lang/pattern.pest.
// Tile 0 is rock (every layer starts at 0).
tiles {
  Rock = 0
  Floor = 1
  Door = 2
  Pillar = 3
  Altar = 4
}

table floor { 1 }
table door { 2 }
table pillar { 3 }
table altar { 4 }

// Four pillars in a patch of floor at least 5x5 (large rooms get a colonnade).
miniset pillars 5x5 {
  search  1 1 1 1 1 | 1 1 1 1 1 | 1 1 1 1 1 | 1 1 1 1 1 | 1 1 1 1 1
  replace . . . . . | . 3 . 3 . | . . . . . | . 3 . 3 . | . . . . .
}
