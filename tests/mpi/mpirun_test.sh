#!/usr/bin/env bash
# tsumi-mpi under mpirun, 3 ranks on whatever cores there are: exact counts against the published
# start-position table, the JSON output, a rank that dies and a real kill -9 followed by --resume, and
# refused checkpoints. Usage: mpirun_test.sh MPIRUN TSUMI_MPI CASE [DEPTH] [OPTIONS...]
#   counts D [opts]   the count of depth D (5, 6, 7) with the options given (--stats, --hash MB, ...)
#   json              depth 5 --stats --json
#   die D             rank 1 kills itself holding a unit (--die-after), then --resume gives the same counts
#   kill D            kill -9 of rank 2 once the checkpoint holds 20 units, then --resume
#   refusals          foreign, corrupt and garbage checkpoints, an existing file without --resume
# ctest sets OMPI_ALLOW_RUN_AS_ROOT(_CONFIRM) for CI machines that test as root.
set -uo pipefail
mpirun=$1 exe=$2 case=$3
shift 3
work=$(mktemp -d "${TMPDIR:-/tmp}/tsumi_mpirun_test.XXXXXX")
trap 'rm -rf "$work"' EXIT

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

# The ranks share the cores (oversubscribed, unbound), over shared memory only.
run3() { "$mpirun" --oversubscribe --bind-to none --mca btl self,vader -np 3 "$exe" perft --threads 1 "$@"; }
run1() { "$exe" perft --threads 1 "$@"; }

# The published counts of the start position (Nodes searched, then the statistics with --stats; the
# drops of depths 5 and 6, which the table leaves out, are those of `tsumi perft --stats`).
expected() {
  local depth=$1 stats=$2
  case $depth in
  5) nodes=19861490 stat=(113680 57214 2776 71434 0) ;;
  6) nodes=547581517 stat=(3387051 1588324 393476 1730177 0) ;;
  7) nodes=15086269607 stat=(156289904 78496954 22189844 79636812 29) ;;
  *) fail "no expected counts for depth $depth" ;;
  esac
  if [[ $stats == 1 ]]; then
    printf 'Captures: %s\nPromotions: %s\nDrops: %s\nChecks: %s\nMates: %s\n' "${stat[@]}"
  fi
  echo "Nodes searched: $nodes"
}

has_stats() { [[ " $* " == *" --stats "* ]] && echo 1 || echo 0; }

# Runs with the options, expects exit 0 and the published output of `depth`.
check_counts() {
  local depth=$1
  shift
  local out
  out=$(run3 --depth "$depth" "$@" 2>"$work/err") || fail "exit $? for --depth $depth $*: $(cat "$work/err")"
  [[ $out == "$(expected "$depth" "$(has_stats "$@")")" ]] || fail "--depth $depth $*: got
$out"
  cat "$work/err" >&2
}

# Units recorded in a checkpoint so far.
units_in() {
  local n
  n=$(grep -c '^unit ' "$1" 2>/dev/null)
  echo "${n:-0}"
}

# The checkpoint holds some but not all units, the run said how to resume; then --resume counts the
# rest and gives the published counts.
check_resume() {
  local depth=$1 ckpt=$2 total=$3
  shift 3
  local done
  done=$(units_in "$ckpt")
  echo "killed with $done of $total units in the checkpoint" >&2
  ((done > 0 && done < total)) || fail "the checkpoint holds $done of $total units"
  check_counts "$depth" --checkpoint "$ckpt" --resume "$@"
  grep -q "($total units, $done from the checkpoint)" "$work/err" || fail "the resumed run did not take the $done units"
  (($(units_in "$ckpt") == total)) || fail "the checkpoint does not hold every unit after the resume"
}

# The process of rank `rank` of the run started with TSUMI_MPIRUN_TEST=$work in its environment (which
# mpirun passes on to the ranks), from /proc: no pgrep, which minimal images lack.
# The scan runs no process (bash reads each environ itself): with grep and tr a process a file, one
# pass over 67 processes took 0.9 s on the 2-core VM, longer than the whole depth-6 run lives.
rank_pid() {
  local rank=$1 environ vars v marked ranked
  for environ in /proc/[0-9]*/environ; do
    mapfile -d '' -t vars 2>/dev/null <"$environ" || continue
    marked=0 ranked=0
    for v in "${vars[@]}"; do
      [[ $v == "TSUMI_MPIRUN_TEST=$work" ]] && marked=1
      [[ $v == "OMPI_COMM_WORLD_RANK=$rank" ]] && ranked=1
    done
    if ((marked && ranked)); then
      environ=${environ#/proc/}
      echo "${environ%/environ}"
      return
    fi
  done
}

case $case in
counts) check_counts "$@" ;;
json)
  out=$(run3 --depth 5 --stats --json 2>"$work/err") || fail "exit $?: $(cat "$work/err")"
  [[ $out == '{"sfen":"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1","depth":5,"split_depth":1,"units":30,"units_resumed":0,"nodes":19861490,'* ]] ||
    fail "json: $out"
  [[ $out == *'"ranks":3,"threads":1,"hash_mb":0,"stats":{"captures":113680,"promotions":57214,"drops":2776,"checks":71434,"mates":0}}' ]] ||
    fail "json: $out"
  ;;
die)
  depth=$1
  shift
  ckpt=$work/die.ckpt
  run3 --depth "$depth" --split-depth 2 --checkpoint "$ckpt" --die-after 20 "$@" >"$work/out" 2>"$work/err" &&
    fail "the run went on after a rank died"
  cat "$work/err" >&2
  # Rank 0 says how to resume at the start, and again when mpirun's SIGTERM reaches it in time (mpirun
  # sends SIGCONT, SIGTERM a second later, SIGKILL a second after that; its own line names the dead rank).
  grep -q "the same command with --resume" "$work/err" || fail "no word on how to resume"
  check_resume "$depth" "$ckpt" 900 --split-depth 2 "$@"
  ;;
kill)
  depth=$1
  shift
  ckpt=$work/kill.ckpt
  TSUMI_MPIRUN_TEST=$work run3 --depth "$depth" --split-depth 2 --checkpoint "$ckpt" "$@" >"$work/out" 2>"$work/err" &
  launcher=$!
  victim=
  for ((i = 0; i < 200 && ${#victim} == 0; ++i)); do victim=$(rank_pid 2) || true; [[ -n $victim ]] || sleep 0.05; done
  [[ -n $victim ]] || fail "rank 2 not found"
  for ((i = 0; i < 600 && $(units_in "$ckpt") < 20; ++i)); do sleep 0.02; done
  kill -9 "$victim"
  wait "$launcher" && fail "the run went on after kill -9 of rank 2"
  cat "$work/err" >&2
  check_resume "$depth" "$ckpt" 900 --split-depth 2 "$@"
  ;;
refusals)
  ckpt=$work/run.ckpt
  check_counts 5 --checkpoint "$ckpt" --stats
  # Refusals are rank 0's: most are checked on one process started without mpirun (an MPI singleton),
  # as mpirun takes two seconds over any nonzero exit; the first under mpirun with 3 ranks.
  launch=run3
  refused() {  # the run exits 2 and says `why`
    local why=$1
    shift
    $launch --depth 5 "$@" >"$work/out" 2>"$work/err"
    local code=$?
    ((code == 2)) || fail "exit $code, not 2, for $*: $(cat "$work/err")"
    grep -qF -- "$why" "$work/err" || fail "for $* expected '$why' in: $(cat "$work/err")"
    [[ ! -s $work/out ]] || fail "output from a refused run: $(cat "$work/out")"
  }
  refused "exists: resume it with --resume" --checkpoint "$ckpt" --stats
  launch=run1
  refused "--stats on in the file, off in this run" --checkpoint "$ckpt" --resume
  refused "split depth 1 in the file, 2 in this run" --checkpoint "$ckpt" --resume --stats --split-depth 2
  refused "root " --checkpoint "$ckpt" --resume --stats --moves 7g7f
  cp "$ckpt" "$work/deeper.ckpt"
  run1 --depth 6 --checkpoint "$work/deeper.ckpt" --resume --stats >/dev/null 2>"$work/err" &&
    fail "a depth-5 checkpoint resumed at depth 6"
  grep -qF "depth 5 in the file, 6 in this run" "$work/err" || fail "depth: $(cat "$work/err")"
  awk 'NR == 9 { $3 = $3 + 1 } { print }' "$ckpt" >"$work/corrupt.ckpt"  # a count changed in the middle
  cmp -s "$ckpt" "$work/corrupt.ckpt" && fail "the corruption did not change the file"
  refused "line 9: bad checksum" --checkpoint "$work/corrupt.ckpt" --resume --stats
  head -c 4000 "$exe" >"$work/garbage.ckpt"
  refused "not a tsumi-mpi checkpoint" --checkpoint "$work/garbage.ckpt" --resume --stats
  refused "cannot resume" --checkpoint "$work/missing.ckpt" --resume --stats
  refused "must be below --depth 5" --split-depth 5
  refused "--sfen: it is empty" --sfen ""
  # A torn last line (a kill in the middle of a write) is dropped, the rest resumed.
  head -n 20 "$ckpt" >"$work/torn.ckpt"
  printf 'unit 29 12' >>"$work/torn.ckpt"
  check_counts 5 --checkpoint "$work/torn.ckpt" --resume --stats
  grep -q "cut short" "$work/err" || fail "the torn line went unnoticed"
  grep -q "(30 units, 13 from the checkpoint)" "$work/err" || fail "not resumed from 13 units: $(cat "$work/err")"
  ;;
*) fail "unknown case $case" ;;
esac
echo "ok: $case $*"
