"""tsumi.mate_many and tsumi.perft_many: the results in order and equal to tsumi.mate's and tsumi.perft's,
the limits, the progress report, errors, and Ctrl-C. Problems from positions/, read here."""

import pathlib
import time

import pytest

import tsumi
from interrupts import interrupt_after, ticks_while

POSITIONS = pathlib.Path(__file__).resolve().parents[2] / "positions"


def suite(name="tsume-public.txt"):
    """(id, SFEN, expected) of every problem of a suite of positions/."""
    out = []
    for line in (POSITIONS / name).read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        fields = line.split("\t")
        tags = dict(f.split("=", 1) for f in fields[1:] if "=" in f)
        out.append((tags.get("id"), fields[0], tags.get("expected")))
    return out



def test_mate_many_in_order_as_mate_answers():
    problems = [p for p in suite() if p[0].startswith(("tanuki", "antma"))][::7]
    sfens = [sfen for _, sfen, _ in problems]
    results = tsumi.mate_many(sfens, threads=2, nodes=2_000_000)
    assert len(results) == len(sfens)
    for (pid, sfen, expected), r in zip(problems, results):
        one = tsumi.mate(sfen, nodes=2_000_000, hash_mb=16)
        assert (r["result"], r["length"]) == (one["result"], one["length"]), pid
        assert r["sfen"] == one["sfen"], pid  # the order: each result is its own problem's
        if expected == "nomate":
            assert r["result"] == "nomate", pid
        else:
            assert r["result"] == "mate" and r["length"] == int(expected) and r["shortest_proven"], pid
    assert tsumi.mate_many([]) == []


def test_mate_many_limits_and_white_attackers():
    hard = [sfen for pid, sfen, _ in suite("tsume-famous.txt") if pid == "microcosmos"]
    results = tsumi.mate_many(hard * 2, nodes=1000, threads=2)
    assert [r["result"] for r in results] == ["timeout", "timeout"]
    assert all(r["stop"] == "nodes" for r in results)
    timed = tsumi.mate_many(hard, time=0.05)
    assert timed[0]["result"] == "timeout" and timed[0]["time_ms"] < 2000
    # yo-mate7-8: white attacks; the worker's white table answers it beside black's problems.
    mixed = [sfen for pid, sfen, _ in suite() if pid in ("yo-mate7-8", "tanuki1-1")]
    assert [r["result"] for r in tsumi.mate_many(mixed * 3, threads=2)] == ["mate"] * 6


def test_mate_many_progress():
    sfens = [sfen for _, sfen, _ in suite()[:40]]
    calls = []
    tsumi.mate_many(sfens, threads=2, progress=lambda done, total: calls.append((done, total)))
    assert calls and calls[-1] == (40, 40)
    assert all(total == 40 for _, total in calls)
    assert [d for d, _ in calls] == sorted(d for d, _ in calls)

    def failing(done, total):
        raise RuntimeError("stop here")

    with pytest.raises(RuntimeError, match="stop here"):
        tsumi.mate_many(sfens, progress=failing)


def test_mate_many_errors():
    with pytest.raises(ValueError, match=r"sfens\[1\]"):
        tsumi.mate_many(["9/7Sk/1+R7/9/9/9/9/9/9 b r2b4g3s4n4l18p 1", "bad sfen"])
    with pytest.raises(ValueError, match="threads"):
        tsumi.mate_many([], threads=-1)


def test_ctrl_c_stops_mate_many():
    famous = [sfen for pid, sfen, _ in suite("tsume-famous.txt") if pid == "microcosmos"]
    start = time.monotonic()
    timer = interrupt_after(0.3)
    with pytest.raises(KeyboardInterrupt):
        tsumi.mate_many(famous * 4, threads=2, hash_mb=16)
    timer.join()
    assert time.monotonic() - start < 3


def test_perft_many():
    sfens = ["startpos", "rook", "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"]
    assert tsumi.perft_many(sfens, 3, threads=2) == [tsumi.perft(s, 3) for s in sfens]
    assert tsumi.perft_many(sfens, 3, hash_mb=4, threads=1) == tsumi.perft_many(sfens, 3)
    with pytest.raises(ValueError, match=r"sfens\[0\]"):
        tsumi.perft_many(["nonsense"], 1)
    start = time.monotonic()
    timer = interrupt_after(0.3)
    with pytest.raises(KeyboardInterrupt):
        tsumi.perft_many(["startpos"] * 4, 9, threads=2)
    timer.join()
    assert time.monotonic() - start < 3


def test_mate_many_releases_the_gil():
    famous = [sfen for pid, sfen, _ in suite("tsume-famous.txt") if pid == "microcosmos"]
    ticks, elapsed = ticks_while(lambda: tsumi.mate_many(famous * 2, nodes=150_000, threads=2, hash_mb=16))
    # Workers that held the GIL would let the counter run only before and after them.
    assert ticks > elapsed * 1000 / 4
