#!/usr/bin/env bash
# Runs the peer solver shtsume (github.com/hkijin/shtsume, command-line mode) on every problem of a
# suite file, one problem at a time, and prints one TSV line per problem:
#
#   id  verdict  length  spare  seconds  pv
#
# verdict: mate, nomate or unknown (not solved within the limit, killed, or crashed).
# length:  shtsume's "詰みました。N手詰め" N; for a mate with spare pieces in hand (駒余り, where
#          shtsume prints no length and calls its line a sample) the plies of its sample line; else -.
# spare:   yes when shtsume reports 駒余り (詰手順は参考), else no.
# seconds: wall time of the shtsume run (its -i limit counts CPU seconds; `timeout` at SECONDS+30
#          is only a safety net).
# pv:      shtsume's chosen line converted to USI moves (7g7f, 2b3c+, P*5e), or - when there is none.
#
#   scripts/shtsume-suite.sh SHTSUME_EXE SUITE_FILE [SECONDS] [MB] > OUT.tsv
#
# SUITE_FILE lines are "<SFEN>\tkey=value\t..." with an id= field; # lines and blank lines are
# skipped. SECONDS defaults to 10 (at most 2147), MB (shtsume's -m table size; a Linux build clamps it to 2047)
# to 1024. A mate whose printed N differs from its number of PV plies is reported on stderr.
set -uo pipefail

if [[ $# -lt 2 || $# -gt 4 || $1 == -h || $1 == --help ]]; then
  sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
fi
exe="$1"
suite="$2"
limit="${3:-10}"
mb="${4:-1024}"
if [[ ! -x $exe ]]; then echo "shtsume-suite: '$exe' is not an executable" >&2; exit 2; fi
if [[ ! -r $suite ]]; then echo "shtsume-suite: cannot read '$suite'" >&2; exit 2; fi
if [[ ! $limit =~ ^[1-9][0-9]*$ ]]; then echo "shtsume-suite: SECONDS must be a positive integer" >&2; exit 2; fi
# shtsume keeps its limit in clock() ticks in a 32-bit int (v1.2.7e): past 2147 s the limit overflows and
# it gives up at once ("詰みを発見できませんでした", measured at -i 3300 on 新桃花源).
if ((limit > 2147)); then echo "shtsume-suite: SECONDS must be at most 2147 (shtsume's limit overflows above)" >&2; exit 2; fi
if [[ ! $mb =~ ^[1-9][0-9]*$ ]]; then echo "shtsume-suite: MB must be a positive integer" >&2; exit 2; fi

export LC_ALL=C # byte-wise awk/grep on shtsume's UTF-8 output
version=$(timeout -k 2 10 "$exe" -v < /dev/null 2> /dev/null | head -n 1 | tr -d '\r')
echo "# shtsume-suite: shtsume=$(realpath "$exe") version=${version:-unknown} suite=$(realpath "$suite") limit=${limit}s (shtsume -i, CPU seconds; timeout $((limit + 30))s wall) memory=${mb}MB date=$(date -u +%Y-%m-%dT%H:%M:%SZ) host=$(hostname)"
printf '#id\tverdict\tlength\tspare\tseconds\tpv\n'

# shtsume's output -> "verdict<TAB>length<TAB>spare<TAB>plies<TAB>pv" (plies = the PV's move count).
parse() {
  awk '
    BEGIN {
      split("１ ２ ３ ４ ５ ６ ７ ８ ９", fw, " ")
      split("一 二 三 四 五 六 七 八 九", kr, " ")
      split("a b c d e f g h i", rl, " ")
      drop["歩"] = "P"; drop["香"] = "L"; drop["桂"] = "N"; drop["銀"] = "S"
      drop["金"] = "G"; drop["角"] = "B"; drop["飛"] = "R"
      verdict = "unknown"; len = "-"; spare = "no"; ended = 0; n = 0; pv = ""; bad = 0
    }
    function ends_with(s, x) { return length(s) >= length(x) && substr(s, length(s) - length(x) + 1) == x }
    # One KIF move as shtsume prints it (▲５二角成(16), △５二銀(41), ▲４二銀打) -> USI.
    # The 参考 (spare) sample line runs the alternatives on without a space: keep the first move.
    function to_usi(t,    p, head, orig, i, f, r, dest) {
      if (index(t, "▲") == 1) t = substr(t, length("▲") + 1)
      else if (index(t, "△") == 1) t = substr(t, length("△") + 1)
      if ((p = index(t, "▲")) > 0) t = substr(t, 1, p - 1)
      if ((p = index(t, "△")) > 0) t = substr(t, 1, p - 1)
      p = index(t, "(")
      head = p ? substr(t, 1, p - 1) : t
      orig = p ? substr(t, p + 1, 3) : ""
      f = 0; r = 0
      for (i = 1; i <= 9; ++i) if (index(head, fw[i]) == 1) { f = i; head = substr(head, length(fw[i]) + 1); break }
      for (i = 1; i <= 9; ++i) if (index(head, kr[i]) == 1) { r = i; head = substr(head, length(kr[i]) + 1); break }
      if (!f || !r) return ""
      dest = f rl[r]
      if (ends_with(head, "打")) {
        head = substr(head, 1, length(head) - length("打"))
        return (head in drop) ? drop[head] "*" dest : ""
      }
      if (orig !~ /^[1-9][1-9]\)$/) return ""
      return substr(orig, 1, 1) rl[substr(orig, 2, 1) + 0] dest (ends_with(head, "成") ? "+" : "")
    }
    /詰みました。[0-9]+手詰め/ {
      s = $0; sub(/.*詰みました。/, "", s); sub(/手詰め.*/, "", s)
      verdict = "mate"; len = s + 0
    }
    /詰みました。駒余り/ { verdict = "mate"; spare = "yes" }
    /不詰です/ { verdict = "nomate" }
    /^[0-9]+:/ {
      s = $0; sub(/^[0-9]+:/, "", s); split(s, w, " ")
      m = to_usi(w[1])
      if (m == "") { bad = 1; m = w[1] }
      pv = pv (n ? " " : "") m; ++n
    }
    /^まで[0-9]+手詰め/ { ended = 1 }
    END {
      if (verdict == "mate" && !ended) verdict = "unknown" # output cut short (crash, kill)
      if (verdict != "mate") { len = "-"; spare = "no"; pv = "-"; n = 0 }
      else if (spare == "yes") len = n
      if (pv == "") pv = "-"
      printf "%s\t%s\t%s\t%d\t%s%s\n", verdict, len, spare, n, pv, bad ? "\t(unconverted KIF tokens)" : ""
    }'
}

lineno=0
while IFS= read -r line || [[ -n $line ]]; do
  lineno=$((lineno + 1))
  line=${line%$'\r'}
  [[ -z ${line//[[:space:]]/} || $line == \#* ]] && continue
  sfen=${line%%$'\t'*}
  sfen=$(echo "$sfen" | sed 's/^[[:space:]]*//; s/[[:space:]]*$//')
  id=$(printf '%s\n' "$line" | tr '\t' '\n' | sed -n 's/^id=//p' | head -n 1)
  [[ -z $id ]] && id="line$lineno"
  start=$(date +%s%N)
  out=$(timeout -k 5 $((limit + 30)) "$exe" -m "$mb" -i "$limit" "$sfen" < /dev/null 2>&1)
  rc=$?
  end=$(date +%s%N)
  secs=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", (b - a) / 1e9 }')
  IFS=$'\t' read -r verdict len spare plies pv extra <<< "$(printf '%s\n' "$out" | parse)"
  if [[ $rc -ne 0 && $verdict != mate && $verdict != nomate ]]; then verdict=unknown; fi
  if [[ $rc -ne 0 ]]; then
    echo "shtsume-suite: $id: shtsume exited with status $rc: $(printf '%s\n' "$out" | grep -v '^[|+ ]' | tail -n 1)" >&2
  fi
  if [[ $verdict == mate && $spare == no && $len != "$plies" ]]; then
    echo "shtsume-suite: $id: printed length $len but the PV has $plies plies" >&2
  fi
  [[ -n ${extra:-} ]] && echo "shtsume-suite: $id: some PV moves could not be converted to USI" >&2
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$id" "$verdict" "$len" "$spare" "$secs" "$pv"
done < "$suite"
