// The tiles and the smoothing rule of the big-map cave workload (benches/bigmap/*.ron).
tiles { Floor = 0  Rock = 1 }

// The 4-5 rule: rock where 5 or more of the 8 neighbours are rock, floor where 3 or fewer are.
automaton smooth {
  count8(Rock) >= 5 -> Rock
  count8(Rock) <= 3 -> Floor
}
