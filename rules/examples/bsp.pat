// rules/examples/bsp.pat — tiles of the bsp example: 0 wall (every layer starts at 0),
// 1 floor, 2 and 3 the stairs.
table floor { 1 }
table up { 2 }
table down { 3 }
miniset up_stairs 1x1 { search . replace 2 }
miniset down_stairs 1x1 { search . replace 3 }
