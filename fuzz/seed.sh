#!/bin/sh
# Copy the shipped rule files into the fuzz corpora (run from fuzz/; corpora are not committed).
set -e
cd "$(dirname "$0")"
mkdir -p corpus/ruleset corpus/expr corpus/pattern corpus/pool corpus/render
cp ../rules/*/*.ron ../rules/examples/*.ron corpus/ruleset/ 2>/dev/null || true
cp ../rules/*/*.pat corpus/pattern/
cp ../rules/*/pools/*.pool corpus/pool/
# Expressions: every double-quoted string of the rule files, one file each.
grep -oh '"[^"]*"' ../rules/*/*.ron | sort -u | head -2000 | awk '{ f = sprintf("corpus/expr/e%04d", NR); gsub(/^"|"$/, ""); printf "%s", $0 > f; close(f) }'
# Dungeon JSON for `render`: seed 1 of every shipped rule set (needs the release binary).
for r in ../rules/*/*.ron; do
  n=$(echo "$r" | tr '/.' '__')
  ../target/release/undercroft generate "$r" --seed 1 --format json > "corpus/render/$n.json" 2>/dev/null || rm -f "corpus/render/$n.json"
done
