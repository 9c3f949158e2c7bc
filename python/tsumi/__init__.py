"""tsumi: shogi perft, legal moves, the tsume solver and the kifu reader (README.md, section Python).

The functions are those of the compiled extension ``tsumi._tsumi`` (python/module.cpp), re-exported here:
a package, so that ``pip install .`` (pyproject.toml, setup.py) and ``cmake --install`` put the same files
in place.
"""

from ._tsumi import (
    Position,
    __version__,
    check,
    divide,
    legal_moves,
    mate,
    mate_many,
    perft,
    perft_many,
    read_problem,
)

__all__ = [
    "Position",
    "__version__",
    "check",
    "divide",
    "legal_moves",
    "mate",
    "mate_many",
    "perft",
    "perft_many",
    "read_problem",
]
