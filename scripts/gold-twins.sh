#!/usr/bin/env bash
# Gold-added twins: each problem of a suite file (positions/tsume-public.txt by default) with one more
# gold in the attacker's hand, taken from the defender's (the typical flawed draft a composer checks).
# Problems longer than --max-length plies (default 11), no-mates, and those where every gold
# is already on the board or in the attacker's hand are left out. Each line keeps the problem's id with
# "+G" after it; its expected length is tsumi's own (`tsumi mate --time 20`, proven shortest: a twin
# the solve does not prove is left out), at most its problem's, since the gold only adds checks.
#
#   scripts/gold-twins.sh [--max-length N] [--tsumi EXE] [SUITE] > TWINS
#
# positions/tsume-gold-twins.txt is this script's output on the public set.
set -euo pipefail
root=$(realpath "$(dirname "$0")/..")
max=11
suite="$root/positions/tsume-public.txt"
tsumi="$root/build/release/cli/tsumi"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --max-length) max="$2"; shift 2 ;;
    --tsumi) tsumi=$(realpath "$2"); shift 2 ;;
    -h | --help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "gold-twins: unknown argument '$1' (--help)" >&2; exit 2 ;;
    *) suite="$1"; shift ;;
  esac
done
echo "# tsume-gold-twins: the problems of $(basename "$suite") of up to $max plies, each with one more gold in the attacker's hand (taken from the defender's): the typical flawed draft, for tsumi check. Made by scripts/gold-twins.sh; expected = tsumi mate's proven shortest length, every defence counted (tsumi at $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo "an unknown build")), original = the problem's own expected."
awk -F'\t' -v max="$max" '
  # The hand field as counts: n[c] for each piece letter c (upper case black, lower case white).
  function parse_hand(h, n,    i, c, k) {
    if (h == "-") return
    k = 0
    for (i = 1; i <= length(h); ++i) {
      c = substr(h, i, 1)
      if (c ~ /[0-9]/) { k = k * 10 + c; continue }
      n[c] += k > 0 ? k : 1
      k = 0
    }
  }
  function hand_text(n,    order, i, c, s) {
    order = "RBGSNLPrbgsnlp"
    s = ""
    for (i = 1; i <= length(order); ++i) {
      c = substr(order, i, 1)
      if (n[c] > 1) s = s n[c] c
      else if (n[c] == 1) s = s c
    }
    return s == "" ? "-" : s
  }
  /^#/ || NF == 0 { next }
  {
    length_of = ""; id = ""; source = ""
    for (f = 2; f <= NF; ++f) {
      if ($f ~ /^expected=/) length_of = substr($f, 10)
      else if ($f ~ /^id=/) id = substr($f, 4)
      else if ($f ~ /^source=/) source = substr($f, 8)
    }
    if (length_of !~ /^[0-9]+$/ || length_of + 0 > max) next
    split($1, w, " ")
    board = w[1]; side = w[2]
    delete n
    parse_hand(w[3], n)
    on_board = gsub(/[Gg]/, "&", board)
    gold = side == "b" ? "G" : "g"
    foe = side == "b" ? "g" : "G"
    if (on_board + n["G"] + n["g"] >= 4 && n[foe] == 0) next  # every gold is placed already
    if (on_board + n[gold] >= 4) next
    n[gold] += 1
    if (n[foe] > 0) n[foe] -= 1
    printf "%s %s %s %s\t%s\t%s\n", board, side, hand_text(n), w[4] == "" ? 1 : w[4], id, length_of
  }
' "$suite" | while IFS=$'\t' read -r sfen id original; do
  json=$("$tsumi" mate --sfen "$sfen" --threads 1 --hash 64 --time 20 --json || true)
  length=$(grep -o '"length":[0-9]*' <<<"$json" | head -1 | cut -d: -f2)
  if ! grep -q '"result":"mate"' <<<"$json" || ! grep -q '"shortest_proven":true' <<<"$json" || [[ -z "$length" ]]; then
    echo "gold-twins: $id+G: no proven mate, left out" >&2
    continue
  fi
  printf '%s\texpected=%s\tid=%s+G\tsource=%s with one more gold in the attacker'"'"'s hand\toriginal=%s\n' \
    "$sfen" "$length" "$id" "$id" "$original"
done
