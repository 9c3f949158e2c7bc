"""The Python module `tsumi` (python/): its answers against the command line's, its errors, and that a
search releases the GIL and stops on Ctrl-C. Run by ctest (test `python`) with the module's build
folder on PYTHONPATH; data from positions/, read here, never pasted."""

import os
import pathlib
import time

import pytest

import tsumi
from interrupts import interrupt_after, ticks_while

POSITIONS = pathlib.Path(__file__).resolve().parents[2] / "positions"


def suite_sfen(problem_id, suite="tsume-public.txt"):
    """The SFEN of a problem of a suite of positions/, by its id."""
    for line in (POSITIONS / suite).read_text(encoding="utf-8").splitlines():
        fields = line.split("\t")
        if f"id={problem_id}" in fields[1:]:
            return fields[0]
    raise LookupError(problem_id)


def manifest_sfen(name):
    """The start SFEN of positions/notation/<name> as tsshogi read it (manifest.txt)."""
    for line in (POSITIONS / "notation" / "manifest.txt").read_text(encoding="utf-8").splitlines():
        fields = line.split("\t")
        if fields[0] == name:
            return fields[1]
    raise LookupError(name)


def test_version():
    assert tsumi.__version__.count(".") == 2


def test_perft_startpos():
    assert tsumi.perft("startpos", 3) == 25470
    assert tsumi.perft(
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", 3, threads=1) == 25470
    assert tsumi.perft("startpos", 0) == 1


def test_perft_threads_and_table_agree():
    assert tsumi.perft("startpos", 5) == 19861490
    assert tsumi.perft("startpos", 4, threads=2, hash_mb=16) == tsumi.perft("startpos", 4, threads=1)


def test_divide_sums_to_perft():
    counts = tsumi.divide("startpos", 3)
    assert len(counts) == 30
    assert sum(counts.values()) == 25470
    assert counts["7g7f"] == tsumi.perft("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2", 2)


def test_legal_moves():
    moves = tsumi.legal_moves("startpos")
    assert len(moves) == 30
    assert "7g7f" in moves and "2h1h" in moves
    assert sorted(moves) == sorted(tsumi.divide("startpos", 1))


def test_mate_kongou_1():
    report = tsumi.mate(suite_sfen("kongou-1"))
    assert report["result"] == "mate"
    assert report["length"] == 9
    assert len(report["pv"]) == 9
    assert report["shortest_proven"] is True
    assert report["threads"] == 1 and report["hash_mb"] == 256
    # The fields of `tsumi mate --json`, in its order.
    assert list(report)[:3] == ["result", "length", "shortest_proven"]
    assert {"sfen", "nodes", "time_ms", "leftover", "table_alloc_ms", "peak_rss_mb"} <= report.keys()


def test_mate_nomate_and_limits():
    report = tsumi.mate(suite_sfen("antma-no_tsume3-1"), hash_mb=16)
    assert report["result"] == "nomate" and report["pv"] == []
    cut = tsumi.mate(suite_sfen("kongou-21"), nodes=2000, hash_mb=16)
    assert cut["result"] in ("timeout", "mate") and cut["stop"] == "nodes"


def test_check_is_the_json_of_tsumi_check():
    # tanuki3-1: 変同 at ply 2, a cook at ply 3.
    report = tsumi.check(suite_sfen("tanuki3-1"), hash_mb=16)
    assert report["verdict"] == "flawed"
    assert report["main_line"] == ["1d2c", "1b1a", "2c2b"]
    assert [(c["ply"], c["move"], c["mate_length"], c["kind"]) for c in report["cooks"]] == [(3, "2d1d", 5, "cook")]
    assert [(d["ply"], d["kind"]) for d in report["defences"]] == [(2, "equal")]
    assert {"length", "futile_length", "leftover", "unknown", "bad_line", "nodes", "time_ms"} <= report.keys()
    # A recorded line, as USI text or a list: one that stops before the mate is a bad line.
    assert tsumi.check(suite_sfen("tanuki3-1"), line="1d2c 1b1a", hash_mb=16)["verdict"] == "bad-line"
    assert tsumi.check(suite_sfen("tanuki3-1"), line=["1d2c", "1b1a", "2c2b"], hash_mb=16)["recorded"] is True
    with pytest.raises(ValueError, match="line: move 2"):
        tsumi.check(suite_sfen("tanuki3-1"), line="1d2c 9a9b")
    # One level of variations: the variation of 1b2a has its own second mate, with its path; same verdict.
    deep = tsumi.check(suite_sfen("tanuki3-1"), hash_mb=16, depth_of_variations=1)
    assert deep["verdict"] == "flawed"
    assert (3, "2c3c", ["1d2c", "1b2a"]) in [(c["ply"], c["move"], c["variation"]) for c in deep["cooks"]]
    with pytest.raises(ValueError, match="depth_of_variations"):
        tsumi.check(suite_sfen("tanuki3-1"), depth_of_variations=-1)


def test_check_first_flaw_and_its_events_as_they_come():
    events = []
    report = tsumi.check(suite_sfen("tanuki3-1"), hash_mb=16, on_event=events.append)
    assert [e["event"] for e in events] == ["main_line", "defence", "verdict", "cook"]
    assert events[2]["settled_by"] == {"finding": "equal", "ply": 2, "move": "1b2a"}
    assert events[3]["move"] == "2d1d" and events[3] == {"event": "cook", **report["cooks"][0]}
    assert report["budget_nodes"] > 0 and set(report["phases"]) >= {"solve", "disproofs", "kinds"}
    first = tsumi.check(suite_sfen("tanuki3-1"), hash_mb=16, first_flaw=True)
    assert first["verdict"] == "flawed" and first["first_flaw"] is True and first["cooks"] == []
    assert tsumi.check(suite_sfen("tanuki3-1"), hash_mb=16, total_nodes=0)["budget_nodes"] == 0

    def stop(event):
        raise RuntimeError("enough")

    with pytest.raises(RuntimeError, match="enough"):
        tsumi.check(suite_sfen("tanuki3-1"), hash_mb=16, on_event=stop)
    with pytest.raises(TypeError, match="callable"):
        tsumi.check(suite_sfen("tanuki3-1"), on_event=3)


def test_bad_input_raises_value_error():
    with pytest.raises(ValueError, match="bad SFEN"):
        tsumi.perft("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b - 1", 2)
    with pytest.raises(ValueError, match="column"):
        tsumi.legal_moves("not a position")
    with pytest.raises(ValueError, match="depth"):
        tsumi.perft("startpos", -1)
    with pytest.raises(ValueError, match="threads"):
        tsumi.mate(suite_sfen("kongou-1"), threads=0)
    with pytest.raises(ValueError, match="tsume problem"):
        tsumi.mate("9/9/9/9/9/9/9/9/9 b - 1")


def test_read_problem_files_and_text():
    csa = POSITIONS / "notation" / "tsume5-promotion.csa"
    assert tsumi.read_problem(str(csa)) == manifest_sfen("tsume5-promotion.csa")
    assert tsumi.read_problem(csa) == manifest_sfen("tsume5-promotion.csa")  # an os.PathLike
    kif = POSITIONS / "notation" / "tsume7-nonpromotion.kif"
    assert tsumi.read_problem(kif.read_text(encoding="utf-8")) == manifest_sfen("tsume7-nonpromotion.kif")
    sjis = POSITIONS / "notation" / "hirate-10-sjis.kif"
    assert tsumi.read_problem(sjis.read_bytes()) == manifest_sfen("hirate-10-sjis.kif")
    # The diagram, not the position after the moves; and what the solver then proves.
    report = tsumi.mate(tsumi.read_problem(str(csa)), hash_mb=16)
    assert report["result"] == "mate" and report["length"] == 5


def test_a_problem_in_any_form_tsumi_mate_reads(tmp_path):
    # front/problem_source.h, the one way in of every front: SFEN, a kifu's text or bytes, a USI position
    # line, and for check also a file (its recorded moves the main line).
    csa = POSITIONS / "notation" / "tsume5-promotion.csa"
    sfen = tsumi.read_problem(str(csa))
    by_sfen = tsumi.mate(sfen, hash_mb=16)
    by_text = tsumi.mate(csa.read_text(encoding="utf-8"), hash_mb=16)
    by_line = tsumi.mate("position sfen " + by_sfen["sfen"], hash_mb=16)
    assert by_sfen["pv"] == by_text["pv"] == by_line["pv"] and by_sfen["length"] == 5
    assert tsumi.mate_many([sfen, csa.read_text(encoding="utf-8")], hash_mb=16)[1]["pv"] == by_sfen["pv"]
    checked = tsumi.check(csa, hash_mb=16)  # the file's recorded solution is the main line
    assert checked["recorded"] is True and checked["main_line"] == ["S*2a", "1b2b", "4a3b+", "2b1a", "R*1b"]
    with pytest.raises(ValueError, match="bad SFEN"):
        tsumi.mate("position-less garbage")


def test_read_problem_bad_file(tmp_path):
    with pytest.raises(ValueError, match="directory"):
        tsumi.read_problem(tmp_path)
    junk = tmp_path / "junk.kif"
    junk.write_text("this is no kifu\n", encoding="utf-8")
    with pytest.raises(ValueError, match="junk.kif"):
        tsumi.read_problem(str(junk))
    with pytest.raises(ValueError):
        tsumi.read_problem(tmp_path / "missing.kif")



def test_ctrl_c_stops_perft():
    start = time.monotonic()
    timer = interrupt_after(0.3)
    with pytest.raises(KeyboardInterrupt):
        tsumi.perft("startpos", 9, threads=2)
    timer.join()
    assert time.monotonic() - start < 3


def test_ctrl_c_stops_mate():
    start = time.monotonic()
    timer = interrupt_after(0.3)
    with pytest.raises(KeyboardInterrupt):
        tsumi.mate(suite_sfen("microcosmos", "tsume-famous.txt"), hash_mb=16)  # 1525 plies: far from solved
    timer.join()
    assert time.monotonic() - start < 3


def test_search_releases_the_gil():
    famous = suite_sfen("microcosmos", "tsume-famous.txt")
    ticks, elapsed = ticks_while(lambda: tsumi.mate(famous, nodes=300000, hash_mb=16))
    # A search that held the GIL would let the counter run only before and after it.
    assert ticks > elapsed * 1000 / 4
