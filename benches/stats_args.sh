# Sourced by benches/instructions.sh and benches/levels_per_second.sh: one workload line
# (`RULES PARAMS SEEDS`, PARAMS comma-separated NAME=VALUE or `-`) as `stats` arguments.
# Sets the array `args`.
stats_args() {
  args=(stats "$1" --seed 1 --count "$3")
  if [ "$2" != "-" ]; then
    local ps p
    IFS=, read -ra ps <<<"$2"
    for p in "${ps[@]}"; do args+=(--param "$p"); done
  fi
}
