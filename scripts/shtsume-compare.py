#!/usr/bin/env python3
"""Book counts of tsumi against shtsume's, problem by problem, as markdown.

    scripts/shtsume-compare.py SUITE TSUMI_JSON SHTSUME_TSV

SUITE: a positions/ suite file (its id=, expected=, src_claim= fields). TSUMI_JSON: the output of
`tsumi mate --suite SUITE --json [--time T]`. SHTSUME_TSV: the output of scripts/shtsume-suite.sh on the
same suite. A row is compared where both answer a mate and shtsume prints a length (it prints none for
a mate with pieces left, 駒余り, only a sample line). Prints a summary line, then a table of the
problems whose book counts differ, with tsumi's length counting every defence, its book count
(futile_length), the search's (futile_minimax), shtsume's length and the source's claim.
"""
import json
import sys


def suite_fields(path):
    rows = {}
    for line in open(path, encoding="utf-8"):
        if line.startswith("#") or not line.strip():
            continue
        fields = dict(f.split("=", 1) for f in line.rstrip("\n").split("\t")[1:] if "=" in f)
        rows[fields["id"]] = fields
    return rows


def shtsume_rows(path):
    rows = {}
    for line in open(path, encoding="utf-8"):
        if line.startswith("#") or not line.strip():
            continue
        parts = line.rstrip("\n").split("\t")
        rows[parts[0]] = {"verdict": parts[1], "length": parts[2], "spare": parts[3], "pv": parts[5]}
    return rows


def main(argv):
    if len(argv) != 4:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    suite = suite_fields(argv[1])
    tsumi = {p["id"]: p for p in json.load(open(argv[2], encoding="utf-8"))["problems"]}
    sht = shtsume_rows(argv[3])
    both = agree = verdicts_differ = 0
    spare = unknown = 0
    differ = []
    for pid, t in tsumi.items():
        s = sht.get(pid)
        if s is None or s["verdict"] == "unknown" or t.get("result") == "timeout":
            unknown += 1
            continue
        if (s["verdict"] == "mate") != (t.get("result") == "mate"):
            verdicts_differ += 1
            differ.append((pid, t, s))
            continue
        if s["verdict"] != "mate":
            continue
        if s["spare"] == "yes":
            spare += 1
            continue
        both += 1
        if str(t["futile_length"]) == s["length"]:
            agree += 1
        else:
            differ.append((pid, t, s))
    print(f"{both} mates both answer with a length: {agree} book counts agree, {both - agree} differ; "
          f"{spare} mates shtsume calls 駒余り (no length); {unknown} problems one of them did not settle; "
          f"{verdicts_differ} verdicts differ")
    if differ:
        print()
        print("| id | tsumi length | tsumi book (search's) | shtsume | source says | tsumi's book line | shtsume's line |")
        print("|---|---|---|---|---|---|---|")
        for pid, t, s in differ:
            f = suite.get(pid, {})
            claim = f.get("src_claim") or f.get("expected", "")
            line = " ".join(t.get("futile_pv") or t.get("pv") or [])
            book = f"{t.get('futile_length')} ({t.get('futile_minimax')})"
            print(f"| {pid} | {t.get('length')} | {book} | {s['length']} | {claim} | {line} | {s['pv']} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
