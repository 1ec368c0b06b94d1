"""Cutting record files into parts by byte ranges: every record once, in order, with its line,
whatever the ranges and block sizes; a record past the limit comes as a long record. The oracle
splits the whole text at the lines that start with the marker, written here from the rule."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

from pokerscore.files.records import (
    LongRecord,
    RecordBlock,
    byte_ranges,
    count_records,
    record_blocks,
    record_starts,
)

BOM = b"\xef\xbb\xbf"


def oracle(text: bytes, marker: bytes | None) -> list[tuple[int, bytes]]:
    """(file offset, bytes) of each record: at 0 and at each line that starts with marker."""
    skip = len(BOM) if text.startswith(BOM) else 0
    starts = [0]
    if marker is not None:
        starts += [
            at for at in range(1, len(text)) if text[at - 1] == 10 and text.startswith(marker, at)
        ]
    starts.append(len(text))
    records = []
    for begin, end in itertools.pairwise(starts):
        records.append((begin, text[max(begin, skip) : end]))
    return [(begin, data) for begin, data in records if data]


def split(block: RecordBlock, marker: bytes | None) -> list[tuple[int, bytes]]:
    """A block's records with their lines in the part."""
    if marker is None:
        return [(block.line, block.data)]
    separator = b"\n" + marker
    found, line, begin = [], block.line, 0
    at = block.data.find(separator)
    while at >= 0:
        found.append((line, block.data[begin : at + 1]))
        line += block.data.count(b"\n", begin, at + 1)
        begin = at + 1
        at = block.data.find(separator, begin)
    found.append((line, block.data[begin:]))
    return found


def read_part(
    path: Path, marker: bytes | None, start: int, stop: int | None, block: int, limit: int
) -> list[tuple[str, int, bytes]]:
    got = []
    with path.open("rb") as handle:
        for item in record_blocks(
            handle, marker, start=start, stop=stop, block_bytes=block, max_record=limit
        ):
            if isinstance(item, LongRecord):
                got.append(("long", item.line, item.head))
            else:
                got += [("record", line, data) for line, data in split(item, marker)]
    return got


@pytest.mark.parametrize("seed", range(60))
def test_parts_hold_every_record_once_with_its_line(seed: int, tmp_path: Path) -> None:
    rng = random.Random(seed)
    marker = rng.choice([b"[", b"PokerStars", None])
    pieces = [b"[1]\n", b"x = 1\n", b"PokerStars Hand #1\n", b"[\n", b"\n", b"Poker\n", b"a [b]\n"]
    pieces.append(b"y" * rng.randint(1, 60) + b"\n")
    text = (BOM if rng.random() < 0.3 else b"") + b"".join(
        rng.choice(pieces) for _ in range(rng.randint(0, 120))
    )
    if rng.random() < 0.5:
        text = text.rstrip(b"\n")
    path = tmp_path / "records.txt"
    path.write_bytes(text)
    block = rng.choice([1, 2, 3, 5, 16, 64, 1 << 20])
    limit = rng.choice([30, 80, 1 << 20])
    part_bytes = rng.choice([1, 7, 50, 300, 1 << 20])
    expected = []
    for begin, data in oracle(text, marker):
        line = text.count(b"\n", 0, begin)
        if len(data) > limit:
            expected.append(("long", line, data[:200].split(b"\n", 1)[0][:limit]))
        else:
            expected.append(("record", line, data))
    records = oracle(text, marker)
    got = []
    for number, part in enumerate(byte_ranges(path, part_bytes)):
        found = read_part(path, marker, part.start, part.stop, block, limit)
        mine = [
            (begin, data)
            for begin, data in records
            if (begin >= part.start or number == 0)
            and (part.stop is None or begin < part.stop or begin == 0)
        ]
        # Lines are counted from the part's first record: move them to the file's.
        before = text.count(b"\n", 0, mine[0][0]) if mine else 0
        got += [
            (kind, line + before, data[:limit] if kind == "long" else data)
            for kind, line, data in found
        ]
        assert count_records(path, marker, part.start, part.stop) == (
            sum(data.count(b"\n") for _, data in mine),
            sum(marker is None or data.startswith(marker) for _, data in mine),
        )
    assert got == expected


def test_a_record_past_the_limit_is_read_past_not_held(tmp_path: Path) -> None:
    """A 2 MB one-line record between two hands: the hands come whole, the record as its head."""
    path = tmp_path / "big.phhs"
    path.write_bytes(b"[1]\na = 1\n[2]\nb = '" + b"z" * (2 << 20) + b"'\n[3]\nc = 3\n")
    with path.open("rb") as handle:
        items = list(record_blocks(handle, b"[", block_bytes=4096, max_record=1 << 16))
    assert [type(item).__name__ for item in items] == ["RecordBlock", "LongRecord", "RecordBlock"]
    assert items[0] == RecordBlock(b"[1]\na = 1\n", 0)
    assert items[1] == LongRecord(2, b"[2]")
    assert items[2] == RecordBlock(b"[3]\nc = 3\n", 4)


@pytest.mark.parametrize("seed", range(40))
def test_record_starts_are_the_records_places(seed: int, tmp_path: Path) -> None:
    """Each record's byte offset (past a byte-order mark) and the lines before it, as the
    oracle cuts the text, whatever the block size (a marker cut by a block's end)."""
    rng = random.Random(seed)
    marker = rng.choice([b"[", b"PokerStars"])
    pieces = [b"[1]\n", b"x = 1\n", b"PokerStars Hand #1\n", b"[\n", b"\n", b"Poker\n", b"a [b]\n"]
    text = (BOM if rng.random() < 0.3 else b"") + b"".join(
        rng.choice(pieces) for _ in range(rng.randint(0, 120))
    )
    path = tmp_path / "records.txt"
    path.write_bytes(text)
    skip = len(BOM) if text.startswith(BOM) else 0
    expected = [max(begin, skip) for begin, _ in oracle(text, marker)]
    starts, lines = record_starts(path, marker, block_bytes=rng.choice([1, 2, 3, 7, 64, 1 << 20]))
    assert starts.tolist() == expected
    assert lines.tolist() == [text.count(b"\n", 0, begin) for begin in expected]


@pytest.mark.parametrize("seed", range(20))
def test_records_start_at_any_of_several_markers(seed: int, tmp_path: Path) -> None:
    """PokerStars' layout starts a hand with any of its sites' first words (``PokerStars ``, a
    skin's ``Full Tilt ``): each record once, cut at each, whatever the ranges and blocks."""
    rng = random.Random(seed)
    markers = (b"PokerStars ", b"Full Tilt ", b"PokerBros ")
    lines = []
    for _ in range(rng.randint(1, 40)):
        lines.append(rng.choice(markers) + b"Hand #1: x")
        lines += [
            rng.choice([b"Seat 1: a", b"Poker", b"Full Tiltx", b""])
            for _ in range(rng.randint(0, 5))
        ]
    text = b"\n".join(lines) + b"\n"
    path = tmp_path / "hands.txt"
    path.write_bytes(text)
    wanted = sorted(
        {0}
        | {at for at in range(1, len(text)) if text[at - 1] == 10 and text.startswith(markers, at)}
    )
    got = []
    for piece in byte_ranges(path, rng.randint(5, 200)):
        with path.open("rb") as handle:
            blocks = record_blocks(
                handle, markers, start=piece.start, stop=piece.stop, block_bytes=rng.randint(4, 64)
            )
            for block in blocks:
                assert isinstance(block, RecordBlock)
                assert piece.start == 0 or block.data.startswith(markers)  # whole records
                got.append(block.data)
    joined = b"".join(got)
    assert joined == text
    starts, _ = record_starts(path, markers, block_bytes=rng.randint(4, 64))
    assert starts.tolist() == wanted
    assert count_records(path, markers)[1] == len(wanted)


@pytest.mark.parametrize("seed", range(30))
def test_all_short_is_every_records_length_at_most_the_limit(seed: int) -> None:
    """The quick check that lets a block through whole (a search a ``max_record`` bytes)
    against every record's length, measured from every separator."""
    from pokerscore.files.records import _all_short

    rng = random.Random(seed)
    separators = rng.choice([(b"\n[",), (b"\nPokerStars", b"\nPoker Hand")])
    pieces = [b"x" * rng.randint(0, 40) + b"\n", *(one[1:] + b" 1\n" for one in separators), b"\n"]
    data = b"".join(rng.choice(pieces) for _ in range(rng.randint(0, 60)))
    limit = rng.randint(1, 120)
    starts = sorted({0, len(data), *(at + 1 for one in separators for at in _every(data, one))})
    longest = max((end - begin for begin, end in itertools.pairwise(starts)), default=0)
    assert _all_short(data, separators, limit) == (longest <= limit)


def _every(data: bytes, separator: bytes) -> list[int]:
    return [at for at in range(len(data)) if data.startswith(separator, at)]
