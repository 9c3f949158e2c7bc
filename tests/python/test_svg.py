"""tsumi.Position's picture (svg(), _repr_svg_) rendered by a real renderer, rsvg-convert (Debian:
librsvg2-bin), and looked at: valid XML, ink on every square the SFEN fills and on no other, the last
move's shade on its square, ink in a hand that holds pieces. The PNG is decoded here (zlib and the five
PNG filters), so nothing but the standard library is needed."""

import pathlib
import random
import shutil
import struct
import subprocess
import xml.etree.ElementTree as ET
import zlib

import pytest

import tsumi

RSVG = shutil.which("rsvg-convert")
SQUARE = 40  # the default square; the layout: board at x 50, y 30 (notation/board_svg.cpp)
LEFT, TOP = 50, 30


def decode_png(data):
    """(width, height, rows of RGBA tuples) of an 8-bit RGB or RGBA PNG, not interlaced."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and color in (2, 6) and interlace == 0
            channels = 4 if color == 6 else 3
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw, stride, rows, prev = zlib.decompress(idat), width * channels, [], bytearray(width * channels)
    for y in range(height):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b, c = prev[i], prev[i - channels] if i >= channels else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x * channels : x * channels + 3]) for x in range(width)])
        prev = line
    return width, height, rows


def render(svg, tmp_path):
    (tmp_path / "board.svg").write_text(svg, encoding="utf-8")
    subprocess.run([RSVG, str(tmp_path / "board.svg"), "-o", str(tmp_path / "board.png")], check=True)
    return decode_png((tmp_path / "board.png").read_bytes())


def ink(rows, x0, y0, x1, y1, dark=110):
    """Pixels of the box that are nearly black or red (a piece's strokes), not the board's wood colour."""
    return sum(1 for y in range(y0, y1) for x in range(x0, x1) if min(rows[y][x][1], rows[y][x][2]) < dark)


def square_box(usi_square):
    column, row = 9 - int(usi_square[0]), ord(usi_square[1]) - ord("a")
    x, y = LEFT + column * SQUARE, TOP + row * SQUARE
    return x + 5, y + 5, x + SQUARE - 5, y + SQUARE - 5  # inside the grid lines


def occupied(sfen):
    """The USI squares the SFEN's board fills."""
    out = set()
    for r, rank in enumerate(sfen.split()[0].split("/")):
        file_ = 9
        promoted = False
        for ch in rank:
            if ch.isdigit():
                file_ -= int(ch)
            elif ch == "+":
                promoted = True
            else:
                out.add(f"{file_}{chr(ord('a') + r)}")
                file_ -= 1
    return out


@pytest.mark.skipif(not RSVG, reason="rsvg-convert (librsvg2-bin) renders the picture")
@pytest.mark.parametrize("latin", [False, True])
def test_pieces_appear_where_the_sfen_says(tmp_path, latin):
    rng = random.Random(5)
    p = tsumi.Position()
    for _ in range(24):
        p.push(rng.choice(p.legal_moves()))
    svg = p.svg(latin=latin)
    ET.fromstring(svg.encode("utf-8"))  # well-formed XML
    assert p._repr_svg_() == p.svg()
    width, height, rows = render(svg, tmp_path)
    assert (width, height) == (LEFT + 9 * SQUARE + 20 + 40 + 10, TOP + 9 * SQUARE + 10)
    filled = occupied(p.sfen())
    for f in range(1, 10):
        for r in "abcdefghi":
            sq = f"{f}{r}"
            n = ink(rows, *square_box(sq))
            if sq in filled:
                assert n > 15, (sq, n)
            else:
                assert n == 0, (sq, n)
    # The last move's destination is shaded orange (#f0a848) where no stroke covers it.
    x0, y0, x1, y1 = square_box(p.moves[-1][2:4])
    assert any(rows[y][x] == (0xF0, 0xA8, 0x48) for y in range(y0, y1) for x in range(x0, x1))


@pytest.mark.skipif(not RSVG, reason="rsvg-convert (librsvg2-bin) renders the picture")
def test_hands_are_drawn(tmp_path):
    empty_hands = render(tsumi.Position("8k/9/9/9/9/9/9/9/9 b - 1").svg(), tmp_path)[2]
    full = render(tsumi.Position("8k/9/9/9/9/9/9/9/9 b 2R2B4G4S4N4L18P 1").svg(), tmp_path)[2]
    black_column = (LEFT + 9 * SQUARE + 20, TOP, LEFT + 9 * SQUARE + 60, TOP + 9 * SQUARE)
    white_column = (5, TOP, 45, TOP + 9 * SQUARE)
    mark = ink(empty_hands, *black_column)  # the mark ☗ alone
    assert mark > 0 and ink(full, *black_column) > mark + 7 * 20  # then 7 kinds, each with its count
    assert ink(full, *white_column) == ink(empty_hands, *white_column)  # white's hand: its mark, both times
