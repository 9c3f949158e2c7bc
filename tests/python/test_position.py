"""tsumi.Position: games played on it against `tsumi position` on the same games (its --json state, with
the executable ctest names in TSUMI_EXE), the notation files of positions/notation against tsshogi's
reading of them (manifest.txt), and its errors. Seeded random games, no data pasted."""

import copy
import json
import os
import pathlib
import random
import subprocess

import pytest

import tsumi

POSITIONS = pathlib.Path(__file__).resolve().parents[2] / "positions"
TSUMI_EXE = os.environ.get("TSUMI_EXE")


def random_game(start, plies, rng):
    """A Position after up to `plies` random legal moves from `start` (it stops where the game ends)."""
    p = tsumi.Position(start)
    for _ in range(plies):
        moves = p.legal_moves()
        if not moves or p.status()["result"] != "ongoing":
            break
        p.push(rng.choice(moves))
    return p


@pytest.mark.skipif(not TSUMI_EXE, reason="TSUMI_EXE names the tsumi executable (ctest sets it)")
@pytest.mark.parametrize("start", ["startpos", "rook", "8-pieces"])
def test_state_matches_tsumi_position(start):
    rng = random.Random(20261127)
    for plies in (0, 1, 7, 40, 120):
        p = random_game(start, plies, rng)
        command = [TSUMI_EXE, "position", "--json"]
        command += ["--sfen", start] if start == "startpos" else ["--handicap", start]
        if p.moves:
            command += ["--moves", " ".join(p.moves)]
        expected = json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)
        assert p.status() == expected, (start, p.moves)
        assert p.sfen() == expected["sfen"]
        assert p.is_check() == expected["check"]
        assert len(p.legal_moves()) == expected["legal_moves"]
        assert p.turn == expected["side"]


def test_push_pop_and_equality():
    rng = random.Random(7)
    start = tsumi.Position()
    p = random_game("startpos", 30, rng)
    played = list(p.moves)
    assert p != start
    while p.moves:
        p.pop()
    assert p == start and hash(p) == hash(start) and p.sfen() == start.sfen()
    for m in played:
        p.push(m)
    assert p.moves == played
    # Equal positions reached by different move orders are equal and hash alike.
    a, b = tsumi.Position(), tsumi.Position()
    for m in ("7g7f", "3c3d", "2g2f"):
        a.push(m)
    for m in ("2g2f", "3c3d", "7g7f"):
        b.push(m)
    assert a == b and hash(a) == hash(b) and a.moves != b.moves
    assert len({a, b, start}) == 2


def test_copy_is_independent():
    p = tsumi.Position()
    p.push("7g7f")
    q = copy.copy(p)
    q.push("3c3d")
    assert p.moves == ["7g7f"] and q.moves == ["7g7f", "3c3d"]
    assert copy.deepcopy(q) == q and q.copy().moves == q.moves


def test_kif_and_csa_read_back():
    rng = random.Random(11)
    for start in ("startpos", "2-pieces"):
        p = random_game(start, 25, rng)
        for text in (p.kif(), p.csa()):
            back = tsumi.Position(text)
            assert back.moves == p.moves and back == p


def test_notation_files_as_tsshogi_reads_them():
    for line in (POSITIONS / "notation" / "manifest.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            continue
        name, sfen, moves = (line.split("\t") + [""])[:3]
        p = tsumi.Position(POSITIONS / "notation" / name)
        assert p.moves == moves.split(), name
        start = copy.copy(p)
        while start.moves:
            start.pop()
        assert start == tsumi.Position(sfen), name


def test_a_mate_and_a_repetition_end_the_game():
    p = tsumi.Position("7kl/9/7G1/9/9/9/9/9/9 b G 1")
    assert p.mate()["pv"] == ["G*2b"]
    p.push("G*2b")
    assert p.is_mate() and p.is_check() and p.legal_moves() == []
    assert p.status()["reason"] == "checkmate"
    assert p.kif().rstrip().endswith("詰み")
    with pytest.raises(ValueError, match="the game is over"):
        p.push("1a2b")
    q = tsumi.Position()
    for _ in range(3):
        for m in ("2h3h", "8b7b", "3h2h", "7b8b"):
            q.push(m)
    assert q.status()["reason"] == "repetition" and q.status()["repetition"] == 4
    assert not q.is_mate()


def test_errors():
    with pytest.raises(ValueError, match="bad position"):
        tsumi.Position("lnsgkgsnl/9 b - 1")
    p = tsumi.Position()
    with pytest.raises(ValueError):
        p.push("7g7e")  # not legal
    with pytest.raises(ValueError):
        p.push("xx")  # not USI
    with pytest.raises(IndexError):
        p.pop()
    assert p.moves == [] and p.perft(2) == 900
