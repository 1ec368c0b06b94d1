"""The line-block reader (:mod:`pokerscore.files.text`) against Python's own line splitting: the
same lines from any blocks, byte ranges that join up to the whole, long lines cut short and
marked, whatever the line ends (``\\n``, ``\\r\\n``, lone ``\\r``) and a byte-order mark."""

from __future__ import annotations

import io
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerscore.files.text import TextLines, line_blocks

LONG = None
"""A line too long, as :func:`expected` and :func:`read` list it."""


def expected(data: bytes, lone_returns: bool, max_line: int) -> list[bytes | None]:
    """The lines as Python splits them (``bytes.splitlines`` with lone returns, else at each
    ``\\n``), each trimmed of its line end, or LONG when it holds more than ``max_line`` bytes
    without its line end."""
    data = data.removeprefix(b"\xef\xbb\xbf")
    if lone_returns:
        pieces = data.splitlines(keepends=True)
    else:
        pieces = [piece + b"\n" for piece in data.split(b"\n")][:-1]
        if data and not data.endswith(b"\n"):
            pieces.append(data.split(b"\n")[-1])
    lines: list[bytes | None] = []
    for piece in pieces:
        if not (piece.endswith(b"\n") or (lone_returns and piece.endswith(b"\r"))):
            piece += b"\n"  # the last line, without its line end
        content = piece[:-2] if piece.endswith(b"\r\n") else piece[:-1]
        lines.append(LONG if len(content) > max_line else piece.rstrip(b"\r\n"))
    return lines


def read(
    data: bytes, lone_returns: bool, max_line: int, block: int, span: tuple[int, int | None]
) -> list[bytes | None]:
    found: list[bytes | None] = []
    blocks = line_blocks(
        io.BytesIO(data),
        block_bytes=block,
        max_line=max_line,
        lone_returns=lone_returns,
        start=span[0],
        stop=span[1],
    )
    for piece in blocks:
        lines = TextLines(piece, lone_returns=lone_returns, max_line=max_line)
        found += [LONG if lines.is_long(row) else lines.line(row) for row in range(len(lines))]
    return found


pieces = st.sampled_from([b"a", b"b", b"\n", b"\r", b"\r\n", b" ", b"\xef\xbb\xbf"])


@pytest.mark.slow
@settings(max_examples=500)
@given(
    st.lists(pieces, max_size=60).map(b"".join),
    st.booleans(),
    st.integers(1, 12),
    st.integers(1, 9),
)
def test_the_lines_of_any_blocks_are_pythons_lines(
    data: bytes, lone_returns: bool, max_line: int, block: int
) -> None:
    assert read(data, lone_returns, max_line, block, (0, None)) == expected(
        data, lone_returns, max_line
    )


@pytest.mark.slow
@settings(max_examples=500)
@given(
    st.lists(st.sampled_from([b"a", b"b", b"\n", b"\r\n", b" "]), max_size=60).map(b"".join),
    st.integers(1, 12),
    st.integers(1, 9),
    st.lists(st.integers(1, 59), max_size=4),
)
def test_byte_ranges_join_up_to_the_whole_file(
    data: bytes, max_line: int, block: int, cuts: list[int]
) -> None:
    bounds = [0, *sorted({cut for cut in cuts if cut < len(data)}), len(data)]
    parts = [read(data, False, max_line, block, span) for span in itertools.pairwise(bounds)]
    assert [line for part in parts for line in part] == expected(data, False, max_line)


def test_an_endless_line_is_cut_short_and_memory_stays_bounded() -> None:
    class Zeros(io.RawIOBase):
        """An endless stream of NUL bytes, like /dev/zero, that counts what is read."""

        read_bytes = 0

        def readable(self) -> bool:
            return True

        def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
            buffer[:] = bytes(len(buffer))
            self.read_bytes += len(buffer)
            return len(buffer)

    zeros = Zeros()
    blocks = line_blocks(io.BufferedReader(zeros), block_bytes=4096, max_line=1000)
    first = next(blocks)  # before the fix: never, the line grew until memory ran out
    lines = TextLines(first, lone_returns=False, max_line=1000)
    assert len(lines) == 1 and lines.is_long(0)
    assert len(first.data) == 1002 and zeros.read_bytes < 10_000
