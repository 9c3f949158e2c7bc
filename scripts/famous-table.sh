#!/usr/bin/env bash
# The famous table (docs/famous-problems.md): the long problems of positions/tsume-famous.txt solved one
# at a time, each in a process of its own (so its peak memory is its own), printed as markdown beside
# the best earlier row each line of the file records (`best=<seconds>@<build>`).
#
#   scripts/famous-table.sh [--tsumi EXE] [--ids ran,microcosmos] [--out DIR] [-- tsumi mate options]
#
# Default: build/release/cli/tsumi, every problem, `--threads 2 --hash 16384 --time 1800` (the
# benchmark's command: every line is `counting=book`, so its book search runs after every mate and to
# its end by default since d677bf0; until then the command carried `--book-share 4 --book-search-always`);
# options after `--` replace those. Each problem's
# `tsumi mate --json` object is kept in DIR (default: a new folder under /tmp), and a row is printed as
# soon as its problem ends: run it in the background (nohup ... &) and read the rows as they come.
# One long problem takes 2 cores and 16 GB for up to 30 minutes: run nothing heavy beside it.
set -euo pipefail
root=$(realpath "$(dirname "$0")/..")
tsumi="$root/build/release/cli/tsumi"
ids=""
out=""
options=(--threads 2 --hash 16384 --time 1800)
while [[ $# -gt 0 ]]; do
  case "$1" in
    --tsumi) tsumi=$(realpath "$2"); shift 2 ;;
    --ids) ids="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --) shift; options=("$@"); break ;;
    -h | --help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "famous-table: unknown argument '$1' (--help)" >&2; exit 2 ;;
  esac
done
suite="$root/positions/tsume-famous.txt"
if [[ -z $ids ]]; then
  ids=$(grep -v '^#' "$suite" | grep -o 'id=[^[:space:]]*' | cut -d= -f2 | paste -sd,)
fi
out=${out:-$(mktemp -d "${TMPDIR:-/tmp}/famous-table.XXXXXX")}
mkdir -p "$out"
echo "<!-- $("$tsumi" --version); tsumi mate ${options[*]}; JSON in $out -->"
echo "| problem | expected (book) | tsumi | time | best earlier | first mate | nodes | shortest phase | hashfull | peak RSS |"
echo "|---|---|---|---|---|---|---|---|---|---|"
IFS=, read -ra list <<<"$ids"
for id in "${list[@]}"; do
  json="$out/$id.json"
  "$tsumi" mate --suite "$suite" --id "$id" --json "${options[@]}" >"$json" || true  # a FAIL is a row too
  python3 - "$suite" "$id" "$json" <<'EOF'
import json, re, sys
suite, pid, path = sys.argv[1:]
entry = {}
for line in open(suite, encoding="utf-8"):
    if line.startswith("#") or "\tid=" + pid + "\t" not in line + "\t":
        continue
    for field in line.rstrip("\n").split("\t")[1:]:
        key, _, value = field.partition("=")
        entry[key] = value
name = re.split(r"[,;)]", entry.get("source", pid).split("(")[-1])[0].strip() or pid
try:
    p = json.load(open(path, encoding="utf-8"))["problems"][0]
except (ValueError, KeyError, IndexError, OSError):
    print(f"| {name} | {entry.get('expected', '?')} | no answer (see {path}) | | | | | | | |")
    sys.exit(0)
if p["result"] == "mate":
    shown = f"{p['length']}{' proven' if p['shortest_proven'] else ' (bound ' + str(p['mate_bound']) + ')'}"
    if p["futile_length"] != p["length"]:
        shown += f", {p['futile_length']} book{'' if p['futile_proven'] else ' (not proven shortest)'}"
else:
    shown = p["result"] + (f" (first mate {p['first_mate_length']})" if p["first_mate_length"] else "")
verdict = ("ok, " if p["pass"] else "FAIL, ") + shown
best = entry.get("best", "")
if best:
    seconds, _, build = best.partition("@")
    best = f"{seconds} s ({build})"
else:
    best = "—"
first = f"{p['first_mate_length']} at {p['first_mate_ms'] / 1000:.1f} s" if p["first_mate_length"] else "none"
print(f"| {name} | {entry.get('expected', '?')} | {verdict} | {p['time_ms'] / 1000:.1f} s | {best} | {first} | "
      f"{p['nodes'] / 1e6:.1f} M | {p['shortest_nodes'] / 1e6:.1f} M | {p['hashfull']} | {p['peak_rss_mb'] / 1000:.1f} GB |")
EOF
done
