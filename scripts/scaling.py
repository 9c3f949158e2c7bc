#!/usr/bin/env python3
"""The tables of scripts/scaling.sh: tsumi bench's perft and mate runs, then tsumi.mate_many timed here.

    scripts/scaling.py --bench-json FILE --bench-rc RC --threads 1,2,4 --suite positions/tsume-public.txt
                       --python-path DIR [--size quick|full] [--json OUT]

Called by scripts/scaling.sh, which runs `tsumi bench --json` into FILE (its exit status RC). mate_many
solves the 金剛篇 problems (id=kongou-*) of the suite, picked by the 1-thread time KomoringHeights took
(the kh1t= field) so that no one problem holds the batch up: --quick the first 8 under 0.5 s, default
the 40 under 5 s, --full all 47; longest first, so the workers start the long ones first. One call per
thread count, timed with time.perf_counter(); every verdict and length is checked against expected=.
Exit 0 when every run succeeded and verified, 1 otherwise, 2 on bad input.
"""
import argparse
import json
import os
import re
import sys
import time

# Where the workers' share went (tsumi bench's runs[].mate.workers): the late nodes as a share of the
# nodes, the time waiting on the table's locks, and the idle time as a share of the workers' time.
SHARE_HEADERS = ["late %", "lock ms", "idle %"]
MATE_MANY_HASH_MB = 64


def print_table(title, headers, rows):
    """A plain-text table, every column right-aligned to its widest cell."""
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]
    print(title)
    for row in [headers, *rows]:
        print("  ".join(cell.rjust(w) for cell, w in zip(row, widths)).rstrip())
    print()


def scaling_cells(threads, time_ms, ref_ms):
    speedup = ref_ms / time_ms if time_ms > 0 else float("nan")
    return [str(threads), f"{time_ms / 1000:.3f}", f"{speedup:.2f}", f"{100 * speedup / threads:.0f}%"]


def bench_tables(bench):
    runs = bench["runs"]
    ref = next(r for r in runs if r["threads"] == 1)
    headers = ["threads", "time s", "speed-up", "efficiency"]
    perft = [scaling_cells(r["threads"], r["perft"]["time_ms"], ref["perft"]["time_ms"]) for r in runs]
    print_table(f"perft (tsumi bench, {len(bench['perft_positions'])} positions)", headers, perft)
    shares = any("workers" in r["mate"] for r in runs)
    mate = []
    for r in runs:
        m = r["mate"]
        cells = scaling_cells(r["threads"], m["time_ms"], ref["mate"]["time_ms"])
        cells.append(f"{m['nodes'] / ref['mate']['nodes']:.3f}")
        if shares:
            cells += share_cells(m.get("workers"))
        mate.append(cells)
    title = f"mate (tsumi bench, {len(bench['mate_problems'])} problems, the threads share each search)"
    print_table(title, headers + ["nodes N/1"] + (SHARE_HEADERS if shares else []), mate)


def share_cells(workers):
    """late %, lock ms and idle % of a mate run's workers ("-" each when the run has none)."""
    if not workers:
        return ["-"] * len(SHARE_HEADERS)
    nodes = sum(w["nodes"] for w in workers)
    late = sum(w["late_nodes"] for w in workers)
    busy = sum(w["busy_ms"] for w in workers)
    idle = sum(w["idle_ms"] for w in workers)
    lock = sum(w["lock_wait_ms"] for w in workers)
    return [f"{100 * late / nodes:.2f}" if nodes else "-", f"{lock:.1f}",
            f"{100 * idle / (busy + idle):.1f}" if busy + idle > 0 else "-"]


def kongou_problems(suite, size):
    """(id, sfen, expected length) of the 金剛篇 problems mate_many times, longest first (kh1t=)."""
    rows = []
    for line in open(suite, encoding="utf-8"):
        if line.startswith("#") or not line.strip():
            continue
        sfen, *rest = line.rstrip("\n").split("\t")
        fields = dict(f.split("=", 1) for f in rest if "=" in f)
        if not fields.get("id", "").startswith("kongou-"):
            continue
        kh_ms = int(re.search(r"/(\d+)ms/", fields["kh1t"]).group(1))
        rows.append((kh_ms, fields["id"], sfen, int(fields["expected"])))
    if size == "quick":
        rows = [r for r in rows if r[0] < 500][:8]
    elif size != "full":
        rows = [r for r in rows if r[0] < 5000]
    rows.sort(key=lambda r: -r[0])
    return [r[1:] for r in rows]


def mate_many_runs(tsumi, problems, thread_counts):
    """One timed tsumi.mate_many call per thread count; (runs, wrong answers, failed counts)."""
    sfens = [p[1] for p in problems]
    runs, wrong, failed = [], [], []
    for n in thread_counts:
        print(f"scaling: mate_many, {len(sfens)} problems, threads={n} ...", file=sys.stderr, flush=True)
        start = time.perf_counter()
        try:
            results = tsumi.mate_many(sfens, threads=n, hash_mb=MATE_MANY_HASH_MB)
        except (RuntimeError, MemoryError, ValueError) as e:
            failed.append(f"threads={n}: {e}")
            continue
        wall_ms = 1000 * (time.perf_counter() - start)
        for (pid, _, expected), r in zip(problems, results):
            if r.get("result") != "mate" or r.get("length") != expected:
                wrong.append(f"threads={n} {pid}: {r.get('result')} {r.get('length')}, expected mate {expected}")
        item_ms = [r.get("time_ms", 0) for r in results]
        runs.append({"threads": n, "time_ms": wall_ms, "nodes": sum(r.get("nodes", 0) for r in results),
                     "item_ms": item_ms})
    return runs, wrong, failed


def mate_many_table(runs, count):
    ref = runs[0]
    rows = [scaling_cells(r["threads"], r["time_ms"], ref["time_ms"]) + [f"{r['nodes'] / ref['nodes']:.3f}"]
            for r in runs]
    title = (f"mate_many (tsumi.mate_many, {count} kongou problems, each on one worker, "
             f"{MATE_MANY_HASH_MB} MB a worker)")
    print_table(title, ["threads", "time s", "speed-up", "efficiency", "nodes N/1"], rows)
    # The batch cannot end before its longest problem: that bounds its speed-up whatever the cores.
    longest, total = max(ref["item_ms"]), sum(ref["item_ms"])
    if longest > 0:
        print(f"  bound: its longest problem is {longest / 1000:.3f} s of {total / 1000:.3f} s at 1 worker, so no "
              f"worker count can make it more than {total / longest:.1f}x faster\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bench-json", required=True)
    ap.add_argument("--bench-rc", type=int, default=0)
    ap.add_argument("--threads", required=True)
    ap.add_argument("--suite", required=True)
    ap.add_argument("--size", default="", choices=["", "quick", "full"])
    ap.add_argument("--python-path", required=True)
    ap.add_argument("--json", default="")
    args = ap.parse_args()
    thread_counts = [int(t) for t in args.threads.split(",")]
    if thread_counts[0] != 1:
        print("scaling: the thread counts must start with 1", file=sys.stderr)
        return 2
    status = 0

    try:
        with open(args.bench_json, encoding="utf-8") as f:
            bench = json.load(f)
        bench["runs"]
    except (OSError, ValueError, KeyError):
        bench = None
    cores = os.cpu_count() or 1
    if bench is None:
        print(f"tsumi bench failed (exit {args.bench_rc}) and printed no JSON: no perft or mate table\n")
        status = 1
    else:
        m = bench["machine"]
        cores = m.get("logical_cores", cores)
        print(f"machine: {m['cpu']}, {m['logical_cores']} logical cores ({m['physical_cores']} physical), "
              f"{m['simd']}, {m['compiler']}, {m['build_type']}; tsumi {bench['tsumi']}, "
              f"workload {bench['workload']}\n")
        bench_tables(bench)
        verdict = "verified" if bench["verified"] else "NOT VERIFIED"
        stable = "stable" if bench["signature_stable"] else "UNSTABLE across thread counts"
        print(f"signature {bench['signature']} ({stable}, {verdict})")
        for line in bench.get("mismatches", []):
            print(f"  MISMATCH {line}")
        print()
        if args.bench_rc != 0:
            status = 1
    sys.stdout.flush()

    many = None
    try:
        if not os.path.isdir(args.python_path):
            raise ImportError("no such folder")
        sys.path.insert(0, args.python_path)
        import tsumi
    except ImportError as e:
        print(f"mate_many: skipped, no tsumi Python module built under {args.python_path} ({e})\n")
    else:
        problems = kongou_problems(args.suite, args.size)
        runs, wrong, failed = mate_many_runs(tsumi, problems, thread_counts)
        if runs and runs[0]["threads"] == 1:
            mate_many_table(runs, len(problems))
        for line in failed:
            print(f"mate_many FAILED at {line}")
        for line in wrong:
            print(f"mate_many WRONG at {line}")
        if failed or wrong:
            status = 1
            print()
        many = {"problems": [p[0] for p in problems], "hash_mb": MATE_MANY_HASH_MB, "runs": runs,
                "failed": failed, "wrong": wrong}

    print(f"note: this machine has {cores} logical cores; rows above {cores} threads measure the overhead of "
          "more workers than cores, not speed-up.")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"threads": thread_counts, "bench": bench, "mate_many": many}, f, indent=1)
            f.write("\n")
    return status


if __name__ == "__main__":
    sys.exit(main())
