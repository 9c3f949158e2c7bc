#!/usr/bin/env bash
# tsumi.exe under Wine, against the Linux build: the Windows package that scripts/build-windows.sh made
# must answer as the Linux executable does. Run by `./test.sh --all` (and so by CI) after the build.
#   scripts/check-windows.sh [LINUX_TSUMI]    (default build/release/cli/tsumi)
# Each check is one whole command (a new Wine prefix takes about 8 s; each start after it about 0.1 s):
#   - perft depth 5 from the start, both executables: stdout byte for byte (less Windows' CR);
#   - `mate` on a Shift_JIS KIF file named in Japanese, given as a drive-letter path with backslashes;
#   - `mate --suite` on public problems: verdict, length and line of each;
#   - `check --kif` writing its file: the same file, less CRs;
#   - a hash larger than the machine, a file that does not exist, an unknown command: the same exit
#     codes and messages (the table's limit says "physical memory", without "or ulimit -v");
#   - a USI session over pipes as ShogiHome drives one (scripts/usi-session.py): the same `checkmate`
#     answers, and `stop` during a long `go mate infinite` answered within 100 ms of wall time;
#   - `bench --quick`: the same signature, and the machine described (CPUID, the cores);
#   - Ctrl-C (SIGINT, which Wine delivers as CTRL_C_EVENT) during `mate --save`: the table saved, the
#     exit code as on Linux;
#   - `perft-diff` with tsumi.exe as its engine: the USI client's child process through cmd.exe.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
linux=${1:-$root/build/release/cli/tsumi}
pkg=$(ls -d "$root"/build/windows/package/tsumi-*-windows-x64 2>/dev/null | head -1)
if [[ -z $pkg || ! -x $linux ]]; then
  echo "check-windows: needs scripts/build-windows.sh's package and the Linux build ($linux)" >&2
  exit 2
fi
exe=$pkg/tsumi.exe
work=$root/build/windows/check
rm -rf "$work" && mkdir -p "$work"
export WINEPREFIX=$root/build/windows/wine WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml=" LC_ALL=C.UTF-8
started=$SECONDS
step() { echo "-- $*"; }
fail() {
  echo "check-windows: FAILED: $*" >&2
  exit 1
}
winpath() { winepath -w "$1" 2>/dev/null; }
nocr() { tr -d '\r'; }

step "wine prefix"
wineboot -i >/dev/null 2>&1 || true
wine "$exe" --version | nocr | grep -q '^tsumi' || fail "tsumi.exe --version"
wine "$pkg/tsumi-sse42.exe" --version | nocr | grep -q 'sse' || fail "tsumi-sse42.exe --version does not say sse"

step "perft depth 5, both executables"
"$linux" perft --depth 5 >"$work/perft-linux.txt" 2>/dev/null
for e in tsumi.exe tsumi-sse42.exe; do
  wine "$pkg/$e" perft --depth 5 2>/dev/null | nocr >"$work/perft-$e.txt"
  cmp -s "$work/perft-linux.txt" "$work/perft-$e.txt" || fail "$e perft: $(cat "$work/perft-$e.txt")"
done
cat "$work/perft-linux.txt"

step "mate on a Shift_JIS KIF named in Japanese, by a drive-letter path"
kif=$work/詰将棋-sjis.kif
iconv -f UTF-8 -t CP932 positions/notation/tsume5-promotion.kif >"$kif"
"$linux" mate "$kif" --json >"$work/kif-linux.json"
wine "$exe" mate "$(winpath "$kif")" --json | nocr >"$work/kif-wine.json"
compare_mates() {  # compare_mates A.json B.json: the same verdicts, lengths and lines
  python3 - "$1" "$2" <<'PY'
import json, sys
def load(path):
    text = open(path, encoding="utf-8").read()
    data = json.loads(text)
    items = data["problems"] if "problems" in data else [data]
    return [(r.get("id"), r.get("result"), r.get("length"), r.get("futile_length"), r.get("pv")) for r in items]
a, b = load(sys.argv[1]), load(sys.argv[2])
if a != b:
    for x, y in zip(a, b):
        if x != y:
            print("linux:", x, "\nwine: ", y, file=sys.stderr)
    sys.exit(1)
print(f"{len(a)} the same")
PY
}
compare_mates "$work/kif-linux.json" "$work/kif-wine.json" || fail "mate on the Shift_JIS KIF"

step "mate --suite on public problems"
ids=$(awk 'NR % 10 == 2' positions/tsume-public.txt | grep -o 'id=[^[:space:]]*' | cut -d= -f2 | paste -sd,)
"$linux" mate --suite positions/tsume-public.txt --id "$ids" --threads 1 --json >"$work/suite-linux.json"
wine "$exe" mate --suite "$(winpath "$root/positions/tsume-public.txt")" --id "$ids" --threads 1 --json |
  nocr >"$work/suite-wine.json"
compare_mates "$work/suite-linux.json" "$work/suite-wine.json" || fail "mate --suite"

step "check --kif writes its file"
set +e  # check exits 1 for a flawed problem, as this one is (変同)
"$linux" check positions/notation/tsume5-promotion.kif --kif "$work/check-linux.kif" >/dev/null
linux_rc=$?
wine "$exe" check "$(winpath "$root/positions/notation/tsume5-promotion.kif")" --kif "$(winpath "$work")\\check-wine.kif" >/dev/null
wine_rc=$?
set -e
[[ $linux_rc == "$wine_rc" ]] || fail "check: exit $wine_rc under Wine, $linux_rc on Linux"
[[ -s $work/check-wine.kif ]] || fail "check --kif wrote nothing"
cmp -s "$work/check-linux.kif" <(nocr <"$work/check-wine.kif") || fail "check --kif: the files differ"

step "refusals and exit codes"
same_exit() {  # same_exit WHAT ARGS...: the same exit code and first line of stderr on both
  local what=$1
  shift
  set +e
  "$linux" "$@" >/dev/null 2>"$work/err-linux.txt"
  local linux_rc=$?
  wine "$exe" "$@" >/dev/null 2>"$work/err-wine.txt"
  local wine_rc=$?
  set -e
  [[ $linux_rc == "$wine_rc" ]] || fail "$what: exit $wine_rc under Wine, $linux_rc on Linux"
  local linux_line wine_line
  linux_line=$(head -1 "$work/err-linux.txt")
  wine_line=$(nocr <"$work/err-wine.txt" | head -1)
  # The one text that differs by system: what limits a table ("physical memory or ulimit -v").
  [[ ${linux_line/ or ulimit -v/} == "$wine_line" ]] || fail "$what: '$wine_line' under Wine, '$linux_line' on Linux"
  echo "$what: exit $wine_rc: $wine_line"
}
same_exit "unknown command" no-such-command
same_exit "missing file" mate "$work/no-such-file.kif"
same_exit "hash too large" mate --sfen "$(grep -v "^#" positions/tsume-public.txt | head -1 | cut -f1)" --hash 1048576
grep -q 'does not fit' "$work/err-wine.txt" || fail "the hash too large is not refused with its message"

step "a USI session over pipes, as ShogiHome drives it"
awk 'NR % 10 == 2' positions/tsume-public.txt | cut -f1 >"$work/sfens.txt"
long=$(grep 'id=kotobuki' positions/tsume-famous.txt | cut -f1)
python3 scripts/usi-session.py --sfens "$work/sfens.txt" -- "$linux" usi >"$work/usi-linux.json"
python3 scripts/usi-session.py --sfens "$work/sfens.txt" --stop-sfen "$long" -- wine "$exe" usi >"$work/usi-wine.json" ||
  fail "the USI session under Wine: $(cat "$work/usi-wine.json")"
python3 - "$work/usi-linux.json" "$work/usi-wine.json" <<'PY' || fail "the USI session"
import json, sys
linux, wine = (json.load(open(p)) for p in sys.argv[1:3])
if linux["answers"] != wine["answers"]:
    sys.exit("go mate answers differ")
if wine["exit_code"] != 0:
    sys.exit(f"quit: exit code {wine['exit_code']}")
if wine["stop_ms"] is None or wine["stop_ms"] > 100:
    sys.exit(f"stop answered in {wine['stop_ms']} ms, more than 100")
print(f"{len(wine['answers'])} go mate answers the same; stop answered in {wine['stop_ms']} ms; quit: exit 0")
PY

step "bench --quick: the machine described, the same signature"
"$linux" bench --quick --threads 1 --json >"$work/bench-linux.json"
wine "$exe" bench --quick --threads 1 --json | nocr >"$work/bench-wine.json"
python3 - "$work/bench-linux.json" "$work/bench-wine.json" <<'PY' || fail "bench"
import json, sys
linux, wine = (json.load(open(p)) for p in sys.argv[1:3])
if linux["signature"] != wine["signature"]:
    sys.exit(f"signature {wine['signature']} under Wine, {linux['signature']} on Linux")
m = wine["machine"]
if m["cpu"] in ("", "unknown") or m["logical_cores"] < 1 or m["physical_cores"] < 1:
    sys.exit(f"machine {m}")
print(f"signature the same; machine: {m['cpu']}, {m['physical_cores']} cores, {m['logical_cores']} logical")
PY

step "Ctrl-C during mate --save: the table saved, the exit code as on Linux"
ctrl_c() {  # ctrl_c LABEL COMMAND...: run, send SIGINT (Wine turns it into CTRL_C_EVENT) after 3 s
  local label=$1
  shift
  "$@" >"$work/ctrlc-$label.out" 2>"$work/ctrlc-$label.err" &
  local pid=$!
  sleep 3
  pkill -INT -f "ctrlc-$label.tbl" || true
  set +e
  wait "$pid"
  echo $? >"$work/ctrlc-$label.rc"
  set -e
}
ctrl_c linux "$linux" mate --sfen "$long" --hash 256 --save "$work/ctrlc-linux.tbl"
ctrl_c wine wine "$exe" mate --sfen "$long" --hash 256 --save "$(winpath "$work")\\ctrlc-wine.tbl"
[[ $(cat "$work/ctrlc-linux.rc") == "$(cat "$work/ctrlc-wine.rc")" ]] ||
  fail "Ctrl-C: exit $(cat "$work/ctrlc-wine.rc") under Wine, $(cat "$work/ctrlc-linux.rc") on Linux"
[[ -s $work/ctrlc-wine.tbl ]] && grep -q 'SIGINT.*table saved' "$work/ctrlc-wine.err" ||
  fail "Ctrl-C under Wine: $(head -c 300 "$work/ctrlc-wine.err")"
echo "exit $(cat "$work/ctrlc-wine.rc") on both: $(nocr <"$work/ctrlc-wine.err" | head -1 | cut -c1-100)"

step "perft-diff with tsumi.exe as its engine (a child process through cmd.exe)"
wine "$exe" perft-diff --engine "\"$(winpath "$exe")\" usi" --depth 3 | nocr | tail -2 || fail "perft-diff"

echo "== check-windows: ok in $((SECONDS - started)) s"
