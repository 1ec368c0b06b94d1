"""Streaming: ``duel`` over many blocks against the reference scorer, the compiled card reader
against the exact parser, and bad rows of a CSV file (BOM, CRLF, bytes that are not UTF-8)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerscore.cards import PokerScoreError, parse_cards
from pokerscore.cards.notation import SEPARATORS, card_tokens
from pokerscore.cli import lines
from pokerscore.cli.app import app
from pokerscore.files._kernels import BLANK, COMMENT, GOOD, line_offsets
from pokerscore.files.parse import parse_text_rows
from tests.cli_runner import separate_streams_runner
from tests.games.test_draw import PUZZLE
from tests.reference import reference_best

runner = separate_streams_runner()
RANKS = "23456789TJQKA"
SUITS = "cdhs"


def euler(card: int) -> str:
    return RANKS[card // 4] + SUITS[card % 4].upper()


def reference_outcome(deal: list[int]) -> int:
    """1 if player 1 wins, -1 if player 2 does, 0 for a tie: by the reference scorer."""
    first, second = reference_best(deal[:5]), reference_best(deal[5:])
    return (first > second) - (first < second)


def test_duel_over_many_blocks_matches_the_reference_scorer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    generator = random.Random(54)
    deals = [generator.sample(range(52), 10) for _ in range(400)]
    text = [" ".join(euler(card) for card in deal) for deal in deals]
    bad = {3: "5H 5C 6S", 150: "AH AH KD QD JD 2C 3C 4C 5C 6C", 399: "2C 3C xx"}
    for number, line in bad.items():
        text.insert(number - 1, line)
    text.insert(10, "")  # blank, and a comment: skipped, still counted as lines
    text.insert(20, "# a comment")
    path = tmp_path / "deals.txt"
    path.write_bytes(b"\xef\xbb\xbf" + "\r\n".join(text).encode() + b"\r\n")
    monkeypatch.setattr(lines, "BLOCK_BYTES", 97)  # lines cut across many blocks
    result = runner.invoke(app, ["duel", str(path), "--json"])
    payload = json.loads(result.stdout)
    outcomes = [reference_outcome(deal) for deal in deals]
    assert result.exit_code == 1
    assert (payload["player1"], payload["player2"], payload["ties"]) == (
        outcomes.count(1),
        outcomes.count(-1),
        outcomes.count(0),
    )
    assert payload["lines"] == 400
    numbers = [index + 1 for index, line in enumerate(text) if line in bad.values()]
    assert [error["line"] for error in payload["errors"]] == numbers
    assert payload["errors"][1]["message"] == "duplicate card Ah at positions 1 and 2"


def test_duel_verbose_lists_every_deal_across_blocks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    generator = random.Random(7)
    deals = [generator.sample(range(52), 10) for _ in range(30)]
    path = tmp_path / "deals.txt"
    path.write_text("\n".join(" ".join(euler(card) for card in deal) for deal in deals) + "\n")
    monkeypatch.setattr(lines, "BLOCK_BYTES", 64)
    result = runner.invoke(app, ["duel", str(path), "--verbose"])
    assert result.exit_code == 0
    listed = [re.match(r"^\S\s+(\d+) ", row) for row in result.stdout.splitlines()]
    assert [int(match[1]) for match in listed if match] == list(range(1, 31))


def test_draw_streams_json_over_many_blocks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    deals = [PUZZLE[0][0], PUZZLE[1][0], "not a deal", PUZZLE[2][0]] * 5
    path = tmp_path / "draw.txt"
    path.write_text("\n".join(deals) + "\n")
    monkeypatch.setattr(lines, "BLOCK_BYTES", 40)
    result = runner.invoke(app, ["draw", str(path), "--json"])
    payload = json.loads(result.stdout)
    assert result.exit_code == 1
    assert [deal["line"] for deal in payload["deals"]] == [n for n in range(1, 21) if n % 4 != 3]
    assert [deal["best"] for deal in payload["deals"][:3]] == [name for _, name in PUZZLE[:3]]
    assert [error["line"] for error in payload["errors"]] == [3, 7, 11, 15, 19]


notation = st.sampled_from(["plain", "lower", "ten", "symbol", "symbol-first"])
SYMBOLS = "♣♦♥♠"


def written(card: int, style: str) -> str:
    rank, suit = RANKS[card // 4], card % 4
    if style == "lower":
        return (rank + SUITS[suit]).lower()
    if style == "ten":
        return ("10" if rank == "T" else rank) + SUITS[suit]
    if style == "symbol":
        return ("10" if rank == "T" else rank) + SYMBOLS[suit]
    if style == "symbol-first":
        return SYMBOLS[suit] + ("10" if rank == "T" else rank)
    return rank + SUITS[suit]


line_strategy = st.one_of(
    st.tuples(
        st.lists(st.integers(0, 51), min_size=1, max_size=9),
        st.lists(notation, min_size=9, max_size=9),
        st.sampled_from([" ", ",", ", ", "\t", "  "]),
    ).map(lambda t: t[2].join(written(c, s) for c, s in zip(t[0], t[1], strict=False))),
    st.text(alphabet="AhKd10♥ ,;#x\t\x00\x0b\r", max_size=20),
)


@given(st.lists(line_strategy, min_size=1, max_size=20))
def test_the_compiled_reader_agrees_with_the_exact_parser(rows: list[str]) -> None:
    data = np.frombuffer(("\n".join(rows) + "\n").encode(), dtype=np.uint8)
    parsed = parse_text_rows(data, line_offsets(data, False))
    for row, text in enumerate(rows):
        status = parsed.status[row]
        if status == GOOD:  # what it reads, the parser reads the same
            count = int(parsed.counts[row])
            assert parsed.ids[row, :count].tolist() == [c.id for c in parse_cards(text)]
        elif status == BLANK:
            assert parse_cards(text) == ()
        elif status == COMMENT:
            assert text.strip(SEPARATORS).startswith("#")
        else:  # left to the parser: it refuses the line, or some token holds several cards
            try:
                cards = parse_cards(text, size=(5, 7))
            except PokerScoreError:
                continue
            tokens = re.split(r"[ \t\r,;]+", text.strip(" \t\r,;"))
            assert len(tokens) < len(cards), text


def test_every_token_of_the_notation_is_in_the_compiled_readers_table() -> None:
    tokens = card_tokens()
    assert len(tokens) > 52 * 4  # upper and lower case, 10 and T, symbols before and after
    for token, card in tokens.items():
        row = np.frombuffer(f"{token}\n".encode(), dtype=np.uint8)
        one = parse_text_rows(row, np.array([0, len(row)]), (1 << 53) - 1, sizes=(1, 1))
        assert (one.status.tolist(), one.ids[0, 0]) == ([GOOD], card), token


def test_the_cells_reader_compiles_once_for_bytes_read_only_or_not() -> None:
    """A file's block (a bytearray: writable) and a column's buffer or bytes (read-only) reach
    the compiled reader as one type: it was compiled for each (a second signature, compiled
    on a fresh clone and loaded from the cache in each process that met both)."""
    from pokerscore.files._kernels import parse_cells

    line = b"Ah Kh Qh Jh Th\n"
    offsets = np.array([0, len(line)])
    read_only = parse_text_rows(np.frombuffer(line, np.uint8), offsets)
    before = len(parse_cells.signatures)
    writable = parse_text_rows(np.frombuffer(bytearray(line), np.uint8), offsets)
    assert len(parse_cells.signatures) == before
    assert writable.ids.tolist() == read_only.ids.tolist() == [[50, 46, 42, 38, 34, 0, 0]]


def test_a_csv_with_a_bom_crlf_and_bytes_that_are_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "hands.csv"
    path.write_bytes(
        b"\xef\xbb\xbfid,cards\r\n1,Ah Kh Qh Jh Th\r\n2,\xff\xfe 2c\r\n3,2c 3d 4h 5s 7d\r\n"
    )
    errors = tmp_path / "errors.csv"
    result = runner.invoke(app, ["batch", str(path), "--json", "--errors", str(errors)])
    payload = json.loads(result.stdout)
    assert result.exit_code == 1
    assert (payload["rows"], payload["scored"], payload["bad"]) == (3, 2, 1)
    assert payload["errors"] == [
        {"row": 2, "message": "not UTF-8 text: byte 0xff at column 1 in field cards"}
    ]
    assert errors.read_text().splitlines()[1].startswith("2,")


@pytest.mark.slow
def test_reading_a_parquet_file_does_not_hold_the_file_in_memory(tmp_path: Path) -> None:
    """pyarrow's pre-buffered reader reads ahead and keeps every column chunk until the file
    closes (a 100-million-row file held 0.9 GB): the reading must hold a few row groups only."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    from pokerscore.files.columns import parquet_chunks

    path = tmp_path / "groups.parquet"
    rows = 1 << 18
    generator = np.random.default_rng(12)
    with pq.ParquetWriter(path, pa.schema([(f"c{n}", pa.uint8()) for n in range(7)])) as out:
        for _ in range(24):  # 24 row groups of 256 Ki rows, about 1.3 MB each once encoded
            ids = generator.integers(0, 52, size=(rows, 7), dtype=np.uint8)
            out.write_table(pa.table({f"c{n}": ids[:, n] for n in range(7)}))
    allocated = []
    for chunk in parquet_chunks(path, batch_rows=rows):
        del chunk
        allocated.append(pa.total_allocated_bytes())
    assert len(allocated) == 24
    # Pre-buffered: about 80 MB at every chunk (the whole 32 MB file and its decoding); read a
    # chunk at a time: about 17 MB.
    assert max(allocated) < path.stat().st_size, (allocated, path.stat().st_size)
