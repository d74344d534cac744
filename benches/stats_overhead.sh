#!/usr/bin/env bash
# What `stats` costs beyond the generation it reports (issue 48): the whole process's wall
# time (bash's EPOCHREALTIME around it: exec, loading, generating, measuring, printing)
# against the sum of the per-dungeon generation times `stats` prints (its mean time per
# dungeon × seeds), one thread, the median of RUNS runs (default 5) per workload.
#
#   benches/stats_overhead.sh                      # the default workloads, 200 and 1000 seeds
#   benches/stats_overhead.sh rules/diablo/caves.ron level=9 100
#   INSTR=1 benches/stats_overhead.sh ...          # also instructions (callgrind), see below
#
# Prints one Markdown row per workload: seeds, median process wall ms, median reported
# generation ms, and the median of the per-run ratios (process / generation). With INSTR=1,
# one more run under callgrind gives the instructions of the whole process and of
# `generate_with` (what the reported time covers), and their ratio: the same comparison,
# free of the machine's load. BIN overrides the binary (after `cargo build --release`).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${BIN:-target/release/undercroft}
runs=${RUNS:-5}
. benches/stats_args.sh

median() { sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

one() { # rules params seeds
  stats_args "$1" "$2" "$3"
  local walls=() gens=() ratios=() i t0 t1 wall mean gen
  for ((i = 0; i < runs; i++)); do
    t0=$EPOCHREALTIME
    # status 1: some seeds failed (Catacombs' endless corridor walks, reported as such)
    RAYON_NUM_THREADS=1 "$bin" "${args[@]}" >/tmp/stats_overhead.$$ || [ $? = 1 ]
    t1=$EPOCHREALTIME
    wall=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", (b - a) * 1000 }')
    mean=$(sed -n 's/^time per dungeon (µs): mean \([0-9.]*\),.*/\1/p' /tmp/stats_overhead.$$)
    gen=$(awk -v m="$mean" -v n="$3" 'BEGIN { print m * n / 1000 }')
    walls+=("$wall") gens+=("$gen")
    ratios+=("$(awk -v w="$wall" -v g="$gen" 'BEGIN { printf "%.3f", w / g }')")
  done
  rm -f /tmp/stats_overhead.$$
  local row
  row="| \`$1\` | ${2/-/defaults} | $3 | $(printf '%s\n' "${walls[@]}" | median) | $(printf '%s\n' "${gens[@]}" | median) | **$(printf '%s\n' "${ratios[@]}" | median)** | $(printf '%s\n' "${ratios[@]}" | sort -g | tr '\n' ' ')|"
  if [ "${INSTR:-0}" = 1 ]; then
    local cg=/tmp/stats_overhead.cg.$$ total inner
    RAYON_NUM_THREADS=1 valgrind --tool=callgrind --callgrind-out-file="$cg" "$bin" "${args[@]}" >/dev/null 2>&1 || true
    total=$(callgrind_annotate "$cg" 2>/dev/null | awk '/PROGRAM TOTALS/ && !n++ { gsub(",", "", $1); print $1 }')
    inner=$(callgrind_annotate --inclusive=yes "$cg" 2>/dev/null |
      awk '/undercroft::batch::budget::generate_with \[/ && !n++ { gsub(",", "", $1); print $1 }')
    rm -f "$cg"
    row+=" $total | $inner | **$(awk -v a="$total" -v b="$inner" 'BEGIN { printf "%.3f", a / b }')** |"
  fi
  echo "$row"
}

echo "| rule set | params | seeds | process ms | generation ms | process / generation | every run |$([ "${INSTR:-0}" = 1 ] && echo ' instructions | in generate_with | ratio |')"
echo "| --- | --- | ---: | ---: | ---: | ---: | --- |$([ "${INSTR:-0}" = 1 ] && echo ' ---: | ---: | ---: |')"
if [ $# -ge 3 ]; then
  one "$1" "$2" "$3"
  exit
fi
while read -r rules params seeds; do
  one "$rules" "$params" "$seeds"
done <<'LIST'
rules/diablo/cathedral.ron level=1 200
rules/diablo/cathedral.ron level=1 1000
rules/diablo/caves.ron level=9 200
rules/diablo/caves.ron level=9 1000
rules/isaac/flash.ron level=1 200
rules/isaac/flash.ron level=1 1000
LIST
