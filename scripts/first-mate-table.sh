#!/usr/bin/env bash
# The table of a long problem saved the moment its first mate is proven, so that builds can be compared
# on the shortest-mate phase alone, node for node (docs/solver-log.md, "the shortest phase from a saved
# first mate"). With two workers the first mate (its length, its time, its table) changes from run to
# run; from one saved table every build, run with one worker, gives the same count every time.
#
#   scripts/first-mate-table.sh [--tsumi EXE] ID FILE [-- tsumi mate options]
#
# Solves problem ID of positions/tsume-famous.txt with `--threads 2 --hash 16384 --time 3600
# --no-book-search` (options after `--` replace those), and stops it with SIGINT at the first progress
# line that names a first mate: `tsumi mate --save FILE` then writes the table (solver/README.md; the
# file refuses to be overwritten). Then, for each build:
#
#   tsumi mate --sfen "$(grep 'id=ID<TAB>' positions/tsume-famous.txt | cut -f1)" --threads 1 \
#     --hash 16384 --resume FILE --no-book-search --json     # shortest_nodes, shortest_passes
#
# The resumed solve proves the saved first mate again at once (the root's proof is in the file) and
# searches the rest. --hash must be the one the table was saved with. One long problem takes 2 cores
# and 16 GB: run nothing heavy beside it.
set -euo pipefail
root=$(realpath "$(dirname "$0")/..")
tsumi="$root/build/release/cli/tsumi"
options=(--threads 2 --hash 16384 --time 3600 --no-book-search)
args=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --tsumi) tsumi=$(realpath "$2"); shift 2 ;;
    --) shift; options=("$@"); break ;;
    -h | --help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) args+=("$1"); shift ;;
  esac
done
if [[ ${#args[@]} -ne 2 ]]; then
  echo "first-mate-table: usage: scripts/first-mate-table.sh [--tsumi EXE] ID FILE [-- options] (--help)" >&2
  exit 2
fi
id=${args[0]}
file=${args[1]}
sfen=$(grep -v '^#' "$root/positions/tsume-famous.txt" | grep -P "\tid=$id(\t|$)" | cut -f1 || true)
if [[ -z $sfen ]]; then
  echo "first-mate-table: no problem with id '$id' in positions/tsume-famous.txt" >&2
  exit 2
fi
log="$file.log"
"$tsumi" mate --sfen "$sfen" "${options[@]}" --progress 0.2 --save "$file" --save-every 10000 --json \
  >"$file.json" 2>"$log" &
pid=$!
while kill -0 "$pid" 2>/dev/null; do
  if grep -q "first mate" "$log"; then
    kill -INT "$pid"
    break
  fi
  sleep 0.5
done
status=0
wait "$pid" || status=$?
grep "first mate" "$log" | head -1 || true
tail -1 "$log"
exit "$status"
