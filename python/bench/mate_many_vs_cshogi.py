#!/usr/bin/env python3
"""tsumi.mate_many against cshogi's DfPn on a file of tsume positions (one SFEN a line), alternating in
chunks so that both sides see the same machine state; compute time against compute time.

cshogi is a peer built outside the project (PYTHONPATH to its build; never committed). Its DfPn searches
for a first mate within a node budget and holds the GIL; it reports mate (True) or not (False), and a
False with the whole budget spent is unsettled. tsumi runs mate_many with shortest=False (a first mate,
the same question) unless --shortest, on --threads workers; a "timeout" is unsettled.

  PYTHONPATH=build/release/python:/path/to/cshogi python/bench/mate_many_vs_cshogi.py POSITIONS \\
      [--count N] [--cshogi-nodes 100000] [--tsumi-nodes 100000] [--chunk 100] [--threads 1] [--shortest]

Prints, for each side, the total time, the verdicts, and the positions where they disagree or where
cshogi settles what tsumi does not; then the ratio of tsumi's time to cshogi's. With --threads-scaling
it runs tsumi alone with 1 and 2 workers on the whole list and prints the speed-up.
"""

import argparse
import sys
import time

import tsumi


def cshogi_verdicts(sfens, nodes):
    import cshogi

    dfpn = cshogi.DfPn(nodes=nodes)
    out = []
    for sfen in sfens:
        board = cshogi.Board(sfen)
        mate = dfpn.search(board)
        out.append("mate" if mate else ("unknown" if dfpn.searched_node >= nodes else "nomate"))
    return out


def tsumi_verdicts(sfens, nodes, threads, shortest):
    results = tsumi.mate_many(sfens, nodes=nodes, threads=threads, shortest=shortest)
    return [{"mate": "mate", "nomate": "nomate"}.get(r["result"], "unknown") for r in results]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("positions")
    ap.add_argument("--count", type=int, default=1000)
    ap.add_argument("--cshogi-nodes", type=int, default=100_000)
    ap.add_argument("--tsumi-nodes", type=int, default=100_000)
    ap.add_argument("--chunk", type=int, default=100)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--shortest", action="store_true")
    ap.add_argument("--threads-scaling", action="store_true")
    a = ap.parse_args()
    sfens = [line.split()[0:4] for line in open(a.positions, encoding="utf-8") if line.strip() and line[0] != "#"]
    sfens = [" ".join(s) for s in sfens][: a.count]

    if a.threads_scaling:
        times = {}
        for threads in (1, 2, 1, 2):
            start = time.perf_counter()
            tsumi_verdicts(sfens, a.tsumi_nodes, threads, a.shortest)
            times.setdefault(threads, []).append(time.perf_counter() - start)
        best = {t: min(v) for t, v in times.items()}
        print(f"tsumi mate_many, {len(sfens)} positions, nodes {a.tsumi_nodes}: 1 worker {best[1]:.2f} s, "
              f"2 workers {best[2]:.2f} s (best of 2 each, alternating): {best[1] / best[2]:.2f}x")
        return

    c_time = t_time = 0.0
    c_out, t_out = [], []
    for i in range(0, len(sfens), a.chunk):
        chunk = sfens[i : i + a.chunk]
        start = time.perf_counter()
        c_out += cshogi_verdicts(chunk, a.cshogi_nodes)
        c_time += time.perf_counter() - start
        start = time.perf_counter()
        t_out += tsumi_verdicts(chunk, a.tsumi_nodes, a.threads, a.shortest)
        t_time += time.perf_counter() - start
        print(f"  {i + len(chunk)}/{len(sfens)}: cshogi {c_time:.2f} s, tsumi {t_time:.2f} s", file=sys.stderr)

    def tally(v):
        return {k: v.count(k) for k in ("mate", "nomate", "unknown")}

    disagree = [i for i, (c, t) in enumerate(zip(c_out, t_out)) if "unknown" not in (c, t) and c != t]
    unsettled = [i for i, (c, t) in enumerate(zip(c_out, t_out)) if c != "unknown" and t == "unknown"]
    print(f"{len(sfens)} positions; cshogi DfPn nodes={a.cshogi_nodes}: {c_time:.2f} s {tally(c_out)}")
    print(f"tsumi mate_many nodes={a.tsumi_nodes} threads={a.threads} shortest={a.shortest}: {t_time:.2f} s "
          f"{tally(t_out)}")
    print(f"disagreements: {len(disagree)}; cshogi settles, tsumi does not: {len(unsettled)}; "
          f"tsumi settles, cshogi does not: {sum(1 for c, t in zip(c_out, t_out) if c == 'unknown' and t != 'unknown')}")
    for i in disagree + unsettled:
        print(f"  {sfens[i]}  cshogi {c_out[i]}, tsumi {t_out[i]}")
    print(f"time ratio tsumi/cshogi: {t_time / c_time:.3f}")


if __name__ == "__main__":
    main()
