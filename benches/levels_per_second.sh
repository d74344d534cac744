#!/usr/bin/env bash
# Single-thread whole-run speed of every shipped rule set: `stats` on one thread over
# consecutive seeds, printed as the Markdown table of benches/README.md (levels/s from the
# mean time per level that `stats` reports, which leaves out loading the rule set; mean
# attempts per level beside it). BIN overrides the binary; SCALE multiplies the seed counts.
#   benches/levels_per_second.sh            # after cargo build --release
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${BIN:-target/release/undercroft}
scale=${SCALE:-1}
. benches/stats_args.sh
echo "| rule set | params | seeds | levels/s | mean attempts |"
echo "| --- | --- | ---: | ---: | ---: |"
while read -r rules params seeds; do
  seeds=$((seeds * scale))
  stats_args "$rules" "$params" "$seeds"
  out=$(RAYON_NUM_THREADS=1 "$bin" "${args[@]}")
  mean=$(sed -n 's/^time per dungeon (µs): mean \([0-9.]*\),.*/\1/p' <<<"$out")
  att=$(awk '$1 == "attempts" { print $2; exit }' <<<"$out")
  lps=$(awk -v m="$mean" 'BEGIN { printf "%.0f", 1e6 / m }')
  echo "| \`$rules\` | ${params/-/defaults} | $seeds | $lps | ${att:-0} |"
done <<'LIST'
rules/isaac/flash.ron level=1 5000
rules/isaac/flash.ron level=4 5000
rules/isaac/flash.ron level=6 5000
rules/isaac/demo.ron - 5000
rules/isaac/flash-rooms.ron level=3 2000
rules/isaac/labyrinth.ron level=3 2000
rules/isaac/rebirth.ron - 2000
rules/diablo/cathedral.ron level=1 1000
rules/diablo/cathedral.ron level=4 500
rules/diablo/cathedral_worn.ron level=2 500
rules/diablo/catacombs.ron level=5 300
rules/diablo/catacombs.ron level=8 300
rules/diablo/caves.ron level=9 100
rules/diablo/caves.ron level=12 200
rules/diablo/hell.ron level=13 200
rules/diablo/hell.ron level=14 200
rules/diablo/diablo.ron level=6 300
rules/examples/arena.ron - 300
rules/examples/caverns.ron - 300
rules/examples/crypt.ron - 1000
rules/examples/barrow.ron - 1000
rules/examples/flash_deep.ron - 5000
rules/examples/keep.ron - 500
rules/examples/lava_caverns.ron - 200
rules/examples/themed_halls.ron - 1000
rules/examples/warren.ron - 1000
LIST
