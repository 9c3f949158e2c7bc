#!/usr/bin/env bash
# Speed-up of tsumi on this machine at several worker counts, one table per workload: perft and the
# mate bench (`tsumi bench --json`, threads searching one position together) and tsumi.mate_many
# (Python: a fixed list of 金剛篇 problems, one problem per worker at a time).
#
#   scripts/scaling.sh [--threads 1,2,4,8,16] [--quick | --full] [--tsumi EXE] [--python-path DIR]
#                      [--json FILE]
#
# Per thread count: wall time, speed-up against 1 thread, parallel efficiency (speed-up / threads);
# for the mate bench and mate_many also the search overhead, nodes(N) / nodes(1). Defaults:
# build/release/cli/tsumi and the module under build/release/python (skipped with a message when it
# is not built). --quick and --full pick `tsumi bench`'s workload and the mate_many list (8, 40 or 47
# problems: scripts/scaling.py). --json FILE also writes the raw numbers. 1 thread always runs first.
# Counts above the machine's cores measure overhead, not speed-up.
# Exit 0 when every run succeeded and verified, 1 when a run failed or gave a wrong answer, 2 on bad input.
set -euo pipefail
root=$(realpath "$(dirname "$0")/..")
tsumi="$root/build/release/cli/tsumi"
python_path="$root/build/release/python"
threads="1,2,4,8,16"
size=""
json=""
need() { [[ $# -ge 2 && -n $2 ]] || { echo "scaling: $1 wants a value (--help)" >&2; exit 2; }; }
while [[ $# -gt 0 ]]; do
  case "$1" in
    --threads) need "$@"; threads="$2"; shift 2 ;;
    --quick | --full)
      [[ -z $size || $size == "$1" ]] || { echo "scaling: --quick or --full, not both" >&2; exit 2; }
      size="$1"; shift ;;
    --tsumi) need "$@"; tsumi="$2"; shift 2 ;;
    --python-path) need "$@"; python_path="$2"; shift 2 ;;
    --json) need "$@"; json="$2"; shift 2 ;;
    -h | --help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "scaling: unknown argument '$1' (--help)" >&2; exit 2 ;;
  esac
done
most=$(tr , '\n' <<<"$threads" | sort -n | tail -1)
if [[ ! $threads =~ ^[1-9][0-9]{0,3}(,[1-9][0-9]{0,3})*$ ]] || ((most > 1024)); then
  echo "scaling: --threads wants counts from 1 to 1024 such as 1,2,4, not '$threads'" >&2
  exit 2
fi
# 1 first (the reference), then the other counts in rising order, each once.
threads=$(tr , '\n' <<<"1,$threads" | sort -nu | paste -sd,)
if [[ ! -x $tsumi ]]; then
  echo "scaling: no tsumi executable at '$tsumi' (build it, or pass --tsumi)" >&2
  exit 2
fi
if [[ -n $json ]] && ! touch "$json" 2>/dev/null; then
  echo "scaling: cannot write '$json'" >&2
  exit 2
fi

bench_json=$(mktemp "${TMPDIR:-/tmp}/scaling.XXXXXX")
trap 'rm -f "$bench_json"' EXIT
echo "scaling: tsumi bench ${size:+$size }--threads $threads ..." >&2
bench_rc=0
"$tsumi" bench ${size:+"$size"} --threads "$threads" --json >"$bench_json" || bench_rc=$?

# /usr/bin/python3: the interpreter the module was built for (python3 on PATH may be another one).
/usr/bin/python3 "$root/scripts/scaling.py" --bench-json "$bench_json" --bench-rc "$bench_rc" \
  --threads "$threads" --size "${size#--}" --suite "$root/positions/tsume-public.txt" \
  --python-path "$python_path" ${json:+--json "$json"}
