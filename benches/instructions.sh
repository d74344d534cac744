#!/usr/bin/env bash
# The speed regression guard: instruction counts, not times (a timed test fails on a busy
# machine and passes on a slow commit; an instruction count is the same on every run).
#
#   benches/instructions.sh check    compare with benches/instructions.txt (CI runs this)
#   benches/instructions.sh record   measure again and rewrite benches/instructions.txt
#
# Each line of benches/instructions.txt is one workload: a rule file, its parameters, how
# many seeds (from seed 1), and the instructions the whole `stats` process executed on one
# thread, counted by valgrind (`--tool=cachegrind --cache-sim=no`, the `I refs` figure).
# `check` fails when a workload's count grew by more than 10 % over the recorded figure: a
# change that makes generation slower must update the recorded figure in the same commit
# (with `record`), where the diff shows it. A count that fell by more than 10 % is reported,
# so the better figure can be recorded. Needs valgrind and a release build
# (`cargo build --release`); BIN overrides the binary.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-check}
table=benches/instructions.txt
bin=${BIN:-target/release/undercroft}
limit=${LIMIT_PERCENT:-10}
. benches/stats_args.sh

if ! command -v valgrind >/dev/null 2>&1; then
  echo "instructions.sh: valgrind is not installed (apt-get install valgrind)" >&2
  exit 2
fi
[ -x "$bin" ] || { echo "instructions.sh: no binary at $bin (cargo build --release)" >&2; exit 2; }

# The workloads: rule file, parameters (comma-separated NAME=VALUE, or -), seeds.
workloads() {
  cat <<'EOF'
rules/isaac/flash.ron level=1 300
rules/isaac/flash.ron level=6 300
rules/isaac/labyrinth.ron level=3 150
rules/isaac/rebirth.ron - 100
rules/diablo/cathedral.ron level=1 15
rules/diablo/cathedral.ron level=4 10
rules/diablo/catacombs.ron level=5 5
rules/diablo/caves.ron level=9 2
rules/diablo/caves.ron level=12 3
rules/diablo/hell.ron level=13 3
rules/examples/caverns.ron - 10
rules/examples/crypt.ron - 20
rules/examples/warren.ron - 40
EOF
}

count() { # rules params seeds -> instructions
  stats_args "$1" "$2" "$3"
  RAYON_NUM_THREADS=1 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
    "$bin" "${args[@]}" 2>&1 >/dev/null | awk '/I *refs/ { gsub(",", "", $NF); print $NF }'
}

case "$mode" in
record)
  {
    echo "# rules params seeds instructions — written by benches/instructions.sh record"
    echo "# at $(git rev-parse --short HEAD 2>/dev/null || echo '?') on $(date -u +%Y-%m-%d)"
    workloads | while read -r rules params seeds; do
      echo "$rules $params $seeds $(count "$rules" "$params" "$seeds")"
    done
  } >"$table.new"
  mv "$table.new" "$table"
  cat "$table"
  ;;
check)
  [ -f "$table" ] || { echo "instructions.sh: $table is missing (run: benches/instructions.sh record)" >&2; exit 2; }
  fail=0
  printf '%-34s %-10s %6s %15s %15s %8s\n' rules params seeds recorded now change
  while read -r rules params seeds recorded; do
    case "$rules" in '#'* | '') continue ;; esac
    now=$(count "$rules" "$params" "$seeds")
    if [ -z "$now" ]; then
      echo "$rules $params: the run failed (no instruction count)" >&2
      fail=1
      continue
    fi
    change=$(awk -v a="$recorded" -v b="$now" 'BEGIN { printf "%+.1f%%", (b - a) * 100 / a }')
    verdict=$(awk -v a="$recorded" -v b="$now" -v l="$limit" \
      'BEGIN { if (b > a * (1 + l / 100)) print "SLOWER"; else if (b < a * (1 - l / 100)) print "faster"; else print "" }')
    printf '%-34s %-10s %6s %15s %15s %8s %s\n' "$rules" "$params" "$seeds" "$recorded" "$now" "$change" "$verdict"
    [ "$verdict" = SLOWER ] && fail=1
  done <"$table"
  if [ "$fail" = 1 ]; then
    echo "instructions.sh: a workload executes more than $limit % more instructions than recorded." >&2
    echo "If that is intended, run benches/instructions.sh record and commit benches/instructions.txt." >&2
    exit 1
  fi
  ;;
*)
  echo "usage: benches/instructions.sh [check|record]" >&2
  exit 2
  ;;
esac
