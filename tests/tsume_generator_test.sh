#!/usr/bin/env bash
# The data in positions/tsume-random.txt come from tsume-generator: every position there, kept or set
# aside as a comment, must be the line of the generator's output that its source field names.
# Usage: tsume_generator_test.sh GENERATOR positions/tsume-random.txt
set -euo pipefail
generator=$1
data=$2
seed=$(sed -n '1s/.*--seed \([0-9]*\) --count \([0-9]*\).*/\1/p' "$data")
count=$(sed -n '1s/.*--seed \([0-9]*\) --count \([0-9]*\).*/\2/p' "$data")
[[ -n $seed && -n $count ]] || { echo "no --seed/--count in the header of $data" >&2; exit 1; }
"$generator" --seed "$seed" --count "$count" | awk -F'\t' -v data="$data" '
  { generated[NR] = $0 }
  END {
    checked = 0
    while ((getline line < data) > 0) {
      if (!match(line, /, line [0-9]+/)) continue
      n = substr(line, RSTART + 7, RLENGTH - 7)
      split(line, fields, "\t")
      sfen = fields[1]
      sub(/^# */, "", sfen)
      if (generated[n] != sfen) { printf "line %d: the file has %s, the generator %s\n", n, sfen, generated[n]; exit 1 }
      ++checked
    }
    if (checked < 300) { printf "only %d positions checked\n", checked; exit 1 }
    printf "tsume-generator: %d positions of %s reproduced\n", checked, data
  }'
