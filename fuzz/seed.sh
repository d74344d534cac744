#!/bin/sh
# Copy the shipped rule files into the fuzz corpora (run from fuzz/; corpora are not committed).
set -e
cd "$(dirname "$0")"
mkdir -p corpus/ruleset corpus/expr corpus/pattern corpus/pool
cp ../rules/*/*.ron ../rules/examples/*.ron corpus/ruleset/ 2>/dev/null || true
cp ../rules/*/*.pat corpus/pattern/
cp ../rules/*/pools/*.pool corpus/pool/
# Expressions: every double-quoted string of the rule files, one file each.
grep -oh '"[^"]*"' ../rules/*/*.ron | sort -u | head -2000 | awk '{ f = sprintf("corpus/expr/e%04d", NR); gsub(/^"|"$/, ""); printf "%s", $0 > f; close(f) }'
