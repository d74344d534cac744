// Tile classes of rules/examples/keep.ron's `pre` map (symbols as in Catacombs' predungeon:
// 0 empty, 1 wall, 2 floor, 3 door, 4 hall, 5-8 corners), for the views.
table floor { 2 4 }
table door { 3 }
table wall { 1 5 6 7 8 }
