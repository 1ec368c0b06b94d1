"""``pokerscore batch`` and ``pokerscore.files``: every format, every bad-row path, row numbers
across chunk boundaries, the UCI class check against the reference scorer, output round trips."""

from __future__ import annotations

import csv
import json
import random
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from pokerscore.cards import parse_cards
from pokerscore.cli.app import app
from pokerscore.engine import get_ranking
from pokerscore.files.formats import UCI_RANKS, UCI_SUITS, Format, detect_format
from pokerscore.files.scoring import BadRowError, ScoreJob, score_file
from tests.cli_runner import separate_streams_runner
from tests.reference import reference_best, reference_key

HIGH = get_ranking("high")
runner = separate_streams_runner()
REFERENCE_CATEGORY = [
    "high-card", "one-pair", "two-pair", "three-of-a-kind", "straight", "flush",
    "full-house", "four-of-a-kind", "straight-flush", "royal-flush",
]  # fmt: skip
"""The reference scorer's categories 0..9 by name (written from the rules, as tests/reference.py)."""


def run(*arguments: str | Path) -> tuple[int, str, str]:
    result = runner.invoke(app, ["batch", *map(str, arguments)])
    return result.exit_code, result.stdout, result.stderr


def summary(*arguments: str | Path) -> tuple[int, dict[str, object], str]:
    status, out, err = run(*arguments, "--json")
    return status, json.loads(out), err


def random_deals(count: int, size: int, seed: int) -> list[list[int]]:
    generator = random.Random(seed)
    return [generator.sample(range(52), size) for _ in range(count)]


def text_of(ids: list[int]) -> str:
    return " ".join(str(card) for card in parse_cards(ids))


def reference_counts(deals: list[list[int]]) -> dict[str, int]:
    counts = dict.fromkeys(REFERENCE_CATEGORY, 0)
    for deal in deals:
        counts[REFERENCE_CATEGORY[reference_best(deal)[0]]] += 1
    return counts


DEALS = random_deals(300, 7, seed=12)


def test_text_file_counts_match_the_reference_scorer(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_text("\n".join(text_of(deal) for deal in DEALS) + "\n")
    status, result, _ = summary(path)
    assert status == 0
    assert (result["rows"], result["scored"], result["bad"]) == (300, 300, 0)
    assert result["counts"] == reference_counts(DEALS)


def test_every_notation_and_hand_size_in_one_text_file(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_text(
        "Ah Kh Qh Jh Th\nA♥ K♥ Q♥ J♥ 10♥ 2c\n♥A ♥K ♥Q ♥J ♥10 2c 3d\nah,kh,qh,jh,th\nAhKhQhJhTh\n"
        "# a comment\n\n2c 3d 4h 5s 7d\n",
        encoding="utf-8",
    )
    status, result, _ = summary(path)
    assert status == 0
    assert result["rows"] == 6  # the comment and the blank line are not hands
    assert result["counts"]["royal-flush"] == 5 and result["counts"]["high-card"] == 1


@pytest.mark.parametrize("ids", [False, True], ids=["card strings", "card ids"])
@pytest.mark.parametrize("size", [5, 6, 7])
def test_csv_with_one_column_per_card(tmp_path: Path, size: int, ids: bool) -> None:
    deals = random_deals(200, size, seed=size)
    path = tmp_path / "hands.csv"
    with path.open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["game", *[f"card{n}" for n in range(1, size + 1)]])
        for number, deal in enumerate(deals):
            writer.writerow([number, *(deal if ids else text_of(deal).split())])
    status, result, _ = summary(path)
    assert status == 0 and result["counts"] == reference_counts(deals)


@pytest.mark.slow
def test_csv_with_a_column_of_card_strings_and_its_output(tmp_path: Path) -> None:
    path = tmp_path / "hands.tsv"
    path.write_text(
        "id\thand\n" + "".join(f"{n}\t{text_of(d)}\n" for n, d in enumerate(DEALS[:50]))
    )
    out = tmp_path / "scored.csv"
    status, result, _ = summary(path, "--cards-column", "hand", "--out", out)
    assert status == 0 and result["scored"] == 50
    with out.open() as handle:
        rows = list(csv.DictReader(handle))
    assert list(rows[0]) == ["id", "hand", "value", "category"]
    for row, deal in zip(rows, DEALS[:50], strict=True):
        assert row["category"] == REFERENCE_CATEGORY[reference_best(deal)[0]]
        assert parse_cards(row["hand"]) == parse_cards(deal)


def test_parquet_ids_round_trip_with_descriptions(tmp_path: Path) -> None:
    matrix = np.array(DEALS, dtype=np.uint8)
    path, out = tmp_path / "hands.parquet", tmp_path / "scored.parquet"
    pq.write_table(pa.table({f"c{n + 1}": matrix[:, n] for n in range(7)}), path)
    status, result, _ = summary(path, "--out", out, "--describe")
    assert status == 0 and result["counts"] == reference_counts(DEALS)
    table = pq.read_table(out).to_pylist()
    assert [list(row.values())[:7] for row in table] == DEALS
    for row, deal in zip(table, DEALS, strict=True):
        assert row["category"] == REFERENCE_CATEGORY[reference_best(deal)[0]]
    # Higher value = better hand, as the reference scorer orders them.
    keys = [reference_best(deal) for deal in DEALS]
    values = [row["value"] for row in table]
    for first in range(0, 300, 7):
        for second in range(1, 300, 11):
            assert (values[first] > values[second]) == (keys[first] > keys[second])
    pair = next(row for row in table if row["category"] == "one-pair")
    assert pair["description"].startswith("Pair of")


def test_parquet_column_of_card_strings(tmp_path: Path) -> None:
    path = tmp_path / "hands.parquet"
    pq.write_table(pa.table({"cards": [text_of(deal) for deal in DEALS]}), path)
    assert summary(path)[1]["counts"] == reference_counts(DEALS)


def uci_line(ids: list[int], label: int | None) -> str:
    suit_numbers = {letter: number for number, letter in UCI_SUITS.items()}
    rank_numbers = {char: number for number, char in UCI_RANKS.items()}
    fields = []
    for card in parse_cards(ids):
        rank = "10" if card.rank.char == "T" else card.rank.char
        fields += [suit_numbers[str(card)[-1]], rank_numbers[rank]]
    return ",".join(map(str, fields + ([label] if label is not None else [])))


def test_uci_class_check_against_the_reference_scorer(tmp_path: Path) -> None:
    deals = random_deals(400, 5, seed=9)
    deals += [[48, 44, 40, 36, 32], [51, 47, 43, 39, 35], [0, 4, 8, 12, 48]]  # royal, royal, wheel
    labels = [reference_key(deal)[0] for deal in deals]
    labels[3] = (labels[3] + 1) % 10  # one row labelled wrong on purpose
    path = tmp_path / "poker-hand.data"
    path.write_text("\n".join(uci_line(d, c) for d, c in zip(deals, labels, strict=True)) + "\n")
    assert detect_format(path) is Format.UCI
    status, result, _ = summary(path)
    assert status == 0
    assert (result["agree"], result["disagree"]) == (len(deals) - 1, 1)
    assert result["disagreements"][0]["row"] == 4
    status, out, _ = run(path)
    assert "row 4: class" in out


def test_uci_without_class_and_its_bad_rows(tmp_path: Path) -> None:
    path = tmp_path / "hands.data"
    path.write_text("1,1,1,13,1,12,1,11,1,10\n5,1,1,13,1,12,1,11,1,10\n1,1,1,1,2,2,3,3,4,4\n1,2\n")
    status, result, _ = summary(path, "--format", "uci")
    assert status == 1 and "agree" not in result
    assert result["counts"]["royal-flush"] == 1
    assert result["errors"] == [
        {"row": 2, "message": "card 1: suit 5 is not 1-4 (hearts, spades, diamonds, clubs)"},
        {"row": 3, "message": "duplicate card Ah at positions 1 and 2"},
        {"row": 4, "message": "expected 10 fields, got 2"},
    ]


BAD_LINES = {
    "1x 2c 3c 4c 5c": 'invalid card "1x" at position 1: rank must be one of 2-9, T or 10, J, Q, K, A',
    "Ah Kh Ah Jh Th": "duplicate card Ah at positions 1 and 3",
    "Ah Kh Qh Jh": "expected 5 to 7 cards, got 4",
    "Ah Kh Qh Jh Th 9h 8h 7h": "expected 5 to 7 cards, got 8",
}


def test_each_bad_line_is_reported_by_its_line_number_and_the_run_goes_on(tmp_path: Path) -> None:
    lines = ["Ah Kh Qh Jh Th", *BAD_LINES, "2c 3d 4h 5s 7d"]
    path = tmp_path / "hands.txt"
    path.write_bytes(b"\xef\xbb\xbf" + "\r\n".join(lines).encode() + b"\r\n\xff\xfe 2c\r\n")
    errors = tmp_path / "errors.csv"
    status, result, err = summary(path, "--errors", errors)
    assert status == 1
    assert (result["rows"], result["scored"], result["bad"]) == (7, 2, 5)
    expected = [{"row": n, "message": m} for n, m in enumerate(BAD_LINES.values(), 2)]
    expected.append({"row": 7, "message": "not UTF-8 text: byte 0xff at column 1"})
    assert result["errors"] == expected
    assert err.splitlines()[0] == f"error: row 2: {BAD_LINES['1x 2c 3c 4c 5c']}"
    with errors.open() as handle:
        written = list(csv.DictReader(handle))
    assert [(int(r["row"]), r["message"]) for r in written] == [
        (e["row"], e["message"]) for e in expected
    ]
    assert written[1]["text"] == "Ah Kh Ah Jh Th"


def test_empty_cells_and_fields_in_a_csv_are_bad_rows(tmp_path: Path) -> None:
    path = tmp_path / "hands.csv"
    path.write_text("id,cards\n1,Ah Kh Qh Jh Th\n2,\n3,Ah Kh Qh Jh Th,extra\n4,2c 3d 4h 5s 7d\n")
    status, result, _ = summary(path)
    assert status == 1 and result["scored"] == 2
    assert result["errors"] == [
        {"row": 2, "message": "no cards"},
        {"row": 3, "message": "expected 2 fields, got 3"},
    ]


def test_ids_outside_the_deck_and_missing_cells(tmp_path: Path) -> None:
    path = tmp_path / "hands.parquet"
    columns = {f"c{n}": [n, n + 10, n + 20] for n in range(1, 6)}
    columns["c5"] = [53, None, 5]  # 52 is the joker
    pq.write_table(pa.table(columns), path)
    status, result, _ = summary(path)
    assert status == 1 and result["scored"] == 1
    assert result["errors"] == [
        {
            "row": 1,
            "message": 'invalid card "53" at position 5: a card id is an integer 0..51, or 52 for the joker',
        },
        {"row": 2, "message": "missing card at position 5"},
    ]


def test_short_deck_refuses_small_cards_row_by_row(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_text("As Ks Qs Js Ts\n2c 6d 7d 8d 9d\n")
    status, result, _ = summary(path, "--ranking", "short-deck")
    assert status == 1 and result["scored"] == 1
    assert result["errors"][0]["message"].endswith(
        "short-deck is played with 36 cards, sixes to aces"
    )


@pytest.mark.parametrize("chunk", [16, 50, 97])
def test_row_numbers_are_global_across_chunks(tmp_path: Path, chunk: int) -> None:
    lines = [text_of(deal) for deal in DEALS[:120]]
    bad = {7, 40, 41, 88, 120}
    for number in bad:
        lines[number - 1] = "Ah Ah Kd Qd Jd"
    text, table = tmp_path / "hands.txt", tmp_path / "hands.csv"
    text.write_text("\n".join(lines) + "\n")
    table.write_text("cards\n" + "\n".join(lines) + "\n")
    parquet = tmp_path / "hands.parquet"
    pq.write_table(pa.table({"cards": lines}), parquet)
    for path in (text, table, parquet):
        found = score_file(ScoreJob(path, HIGH), block_bytes=chunk * 3, batch_rows=chunk)
        assert [row for row, _ in found.errors] == sorted(bad), path.name
        assert found.scored == 115


def test_strict_stops_at_the_first_bad_row_and_writes_nothing(tmp_path: Path) -> None:
    path, out = tmp_path / "hands.txt", tmp_path / "scored.parquet"
    path.write_text("\n".join([text_of(deal) for deal in DEALS[:100]] + ["Ah Kh"]) + "\n")
    status, stdout, err = run(path, "--strict", "--out", out, "--errors", tmp_path / "e.csv")
    assert status == 2 and stdout == ""
    assert err == "error: row 101: expected 5 to 7 cards, got 2\n"
    assert list(tmp_path.iterdir()) == [path]  # no output, no temporary file left
    with pytest.raises(BadRowError):
        score_file(ScoreJob(path, HIGH, strict=True, out=out), block_bytes=64)
    assert list(tmp_path.iterdir()) == [path]


def test_a_file_that_is_not_what_format_says(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_text("Ah Kh Qh Jh Th\n")
    status, _, err = run(path, "--format", "parquet")
    assert (
        status == 2
        and err == f"error: {path} is not a Parquet file (it does not start with PAR1)\n"
    )
    parquet = tmp_path / "hands.parquet"
    pq.write_table(pa.table({"cards": ["Ah Kh Qh Jh Th"]}), parquet)
    status, _, err = run(parquet, "--format", "csv")
    assert status == 2 and "is a Parquet file, not csv" in err
    status, _, err = run(path, "--format", "uci")
    assert status == 2 and "not a UCI Poker Hand file" in err


def test_the_text_summary(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_text("Ah Kh Qh Jh Th\n2c 3d 4h 5s 7d\n")
    status, out, err = run(path)
    assert status == 0 and err == ""
    assert out.splitlines()[0] == "2 rows read, 2 scored, 0 bad"
    assert "royal-flush" in out


def test_a_missing_extra_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "hands.txt"
    path.write_text("Ah Kh Qh Jh Th\n")
    monkeypatch.setitem(__import__("sys").modules, "pyarrow", None)
    status, _, err = run(path)
    assert status == 2
    assert err == (
        "error: reading hand files needs pyarrow: install the files extra "
        "(pip install 'pokerscore[files]')\n"
    )
