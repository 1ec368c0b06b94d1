"""Hand files that go wrong: outputs that are not regular files, what a killed run leaves behind,
columns of every Arrow type, bytes that are not text, endless lines, NUL bytes between cards.
Each case once took data, hung or printed a traceback (issue 23)."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import time
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from pokerscore._support.atomic import (
    TargetError,
    atomic_path,
    check_target,
    host_tag,
    remove_stale,
    temporary_path,
)
from pokerscore.cards import PokerScoreError, parse_cards
from pokerscore.cli.app import app
from pokerscore.engine import get_ranking
from pokerscore.files.distributed import score_on_cluster
from pokerscore.files.scoring import ScoreJob
from tests.cli_runner import separate_streams_runner

runner = separate_streams_runner()
HIGH = get_ranking("high")
ROYAL, LOW = "Ah Kh Qh Jh Th", "2c 3d 4h 5s 7d"


def run(*arguments: str | Path) -> tuple[int, str, str]:
    result = runner.invoke(app, [*map(str, arguments)])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def one_error_line(err: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    return lines[0]


@pytest.fixture
def hands(tmp_path: Path) -> Path:
    path = tmp_path / "hands.txt"
    path.write_text(f"{ROYAL}\n{LOW}\n")
    return path


# Outputs: only a regular file or a new path is replaced (item 5).


def test_out_and_errors_refuse_a_symbolic_link_and_leave_its_target(
    hands: Path, tmp_path: Path
) -> None:
    saved = tmp_path / "saved.parquet"
    saved.write_text("the user's data")
    for option in ("--out", "--errors"):
        link = tmp_path / f"link{option}.parquet"
        link.symlink_to(saved)
        status, out, err = run("batch", hands, option, link)
        assert status == 2 and out == ""
        assert "is a symbolic link, not a regular file" in one_error_line(err)
        assert link.is_symlink() and saved.read_text() == "the user's data"


@pytest.mark.skipif(os.geteuid() != 0, reason="mknod needs root")  # the CI runs as root
def test_out_refuses_a_device(hands: Path, tmp_path: Path) -> None:
    device = tmp_path / "fake"
    os.mknod(device, 0o666 | stat.S_IFCHR, os.makedev(1, 3))  # a second /dev/null
    status, _, err = run("batch", hands, "--out", device)
    assert status == 2 and "is a character device" in one_error_line(err)
    assert stat.S_ISCHR(os.lstat(device).st_mode)


def test_dev_null_and_folders_are_never_targets(tmp_path: Path) -> None:
    with pytest.raises(TargetError, match="character device"):
        check_target(Path("/dev/null"))
    with pytest.raises(TargetError, match="is a folder"):
        check_target(tmp_path)
    with pytest.raises(TargetError, match="names no file"):
        check_target(Path(""))


@pytest.mark.parametrize("option", ["--out", "--errors"])
def test_an_empty_path_is_refused_in_one_line(hands: Path, option: str) -> None:
    status, _, err = run("batch", hands, option, "")
    assert status == 2 and one_error_line(err) == f"error: {option} names no file: give a file name"


def test_out_is_neither_the_input_nor_the_errors_file(hands: Path, tmp_path: Path) -> None:
    before = hands.read_text()
    status, _, err = run("batch", hands, "--out", hands)
    assert status == 2 and one_error_line(err) == f"error: --out is the input file {hands}"
    assert hands.read_text() == before
    same = tmp_path / "same.csv"
    status, _, err = run("batch", hands, "--out", same, "--errors", same)
    assert status == 2 and "--errors names the output file too" in one_error_line(err)
    assert not same.exists()


def test_a_dataset_replaces_only_a_dataset(tmp_path: Path) -> None:
    source = tmp_path / "hands.txt"
    source.write_text(f"{ROYAL}\n{LOW}\n")
    out = tmp_path / "scored"
    out.mkdir()
    (out / "notes.txt").write_text("mine")
    with pytest.raises(PokerScoreError, match=r"did not write \(it holds 'notes.txt'\)"):
        score_on_cluster(ScoreJob(source, HIGH, out=out), None)
    assert (out / "notes.txt").read_text() == "mine"  # before the fix: the folder was deleted
    saved = tmp_path / "saved.parquet"
    saved.write_text("a single file")
    with pytest.raises(PokerScoreError, match="is a file; a dataset is a folder"):
        score_on_cluster(ScoreJob(source, HIGH, out=saved), None)
    assert saved.read_text() == "a single file"
    fresh = tmp_path / "fresh"
    for _ in range(2):  # written, then replaced: it is a dataset of ours
        summary = score_on_cluster(ScoreJob(source, HIGH, out=fresh), None)
        assert summary.scored == 2
        assert sorted(p.name for p in fresh.iterdir()) == ["part-00000.parquet"]
    assert pq.read_table(fresh)["value"].to_pylist() == [7462, 1]
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "fresh", "hands.txt", "saved.parquet", "scored"
    ]  # fmt: skip


# What a killed run left (item 6).


def dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_a_run_removes_what_dead_runs_of_this_machine_left(hands: Path, tmp_path: Path) -> None:
    out = tmp_path / "scored.csv"
    dead = dead_pid()
    left = [
        tmp_path / f".scored.csv.{dead}.part",  # the older name, without the machine
        tmp_path / f".scored.csv.{dead}.{host_tag()}.part",
    ]
    staged = tmp_path / f".scored.csv.{dead}.{host_tag()}.scratch"
    for path in left:
        path.write_text("half a file")
    staged.mkdir()
    (staged / "part-00000.csv").write_text("x")
    kept = [
        tmp_path / f".scored.csv.{dead}.0badc0de.part",  # another machine's: its pid means nothing
        tmp_path / f".scored.csv.{os.getppid()}.{host_tag()}.part",  # a live run's
        tmp_path / f".other.csv.{dead}.{host_tag()}.part",  # another target's
    ]
    for path in kept:
        path.write_text("someone's")
    status, _, _ = run("batch", hands, "--out", out)
    assert status == 0 and out.exists()
    assert sorted(tmp_path.iterdir()) == sorted([hands, out, *kept])


@pytest.mark.slow
def test_a_reused_pid_does_not_keep_a_dead_runs_file(tmp_path: Path) -> None:
    target = tmp_path / "scored.parquet"
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        time.sleep(0.2)
        old = temporary_path(target).with_name(f".scored.parquet.{sleeper.pid}.{host_tag()}.part")
        old.write_text("left an hour before that process started")
        an_hour_ago = time.time() - 3600
        os.utime(old, (an_hour_ago, an_hour_ago))
        assert remove_stale(target) == [old]
        old.write_text("written now: maybe that process's")
        assert remove_stale(target) == [] and old.exists()
    finally:
        sleeper.kill()
        sleeper.wait()


@pytest.mark.slow
def test_a_killed_batch_leaves_a_part_file_the_next_run_removes(tmp_path: Path) -> None:
    path, errors = tmp_path / "hands.txt", tmp_path / "errors.csv"
    path.write_text(f"{ROYAL}\n{LOW}\n" * 400_000)
    command = [sys.executable, "-m", "pokerscore", "batch", str(path), "--errors", str(errors)]
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    # The errors file is open under its temporary name from the start of the run to its end.
    while not list(tmp_path.glob(".errors.csv.*")) and time.monotonic() < deadline:
        time.sleep(0.01)
    child.kill()
    child.wait()
    assert [p.name for p in tmp_path.glob(".errors.csv.*")] == [
        f".errors.csv.{child.pid}.{host_tag()}.part"
    ]
    path.write_text(f"{ROYAL}\n")
    status, _, _ = run("batch", path, "--errors", errors)
    assert status == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["errors.csv", "hands.txt"]


def test_an_atomic_write_that_fails_leaves_nothing(tmp_path: Path) -> None:
    target = tmp_path / "x.csv"
    with pytest.raises(RuntimeError), atomic_path(target) as temporary:
        temporary.write_text("half")
        raise RuntimeError
    assert list(tmp_path.iterdir()) == []


# Columns of every type (item 7).


def summary(*arguments: str | Path) -> tuple[int, dict[str, object], str]:
    status, out, err = run("batch", *arguments, "--json")
    return status, json.loads(out) if out else {}, err


def test_a_dictionary_column_of_card_strings_just_works(tmp_path: Path) -> None:
    path = tmp_path / "hands.parquet"
    cards = pa.array([ROYAL, LOW, ROYAL]).dictionary_encode()  # a pandas categorical
    pq.write_table(pa.table({"cards": cards}), path)
    status, result, err = summary(path, "--out", tmp_path / "out.csv")
    assert status == 0, err
    assert result["counts"]["royal-flush"] == 2 and result["counts"]["high-card"] == 1  # type: ignore[index]
    assert (tmp_path / "out.csv").read_text().splitlines()[1] == f'"{ROYAL}",7462,"royal-flush"'


def test_dictionary_columns_of_one_card_each(tmp_path: Path) -> None:
    path = tmp_path / "hands.parquet"
    columns = {
        f"c{n}": pa.array([card, card]).dictionary_encode()
        for n, card in enumerate(ROYAL.split(), 1)
    }
    pq.write_table(pa.table(columns), path)
    status, result, _ = summary(path)
    assert status == 0 and result["scored"] == 2


def test_float_id_columns_read_whole_numbers_and_report_the_rest(tmp_path: Path) -> None:
    path = tmp_path / "hands.parquet"
    ids = [card.id for card in parse_cards(ROYAL)]
    columns = {f"c{n}": pa.array([float(i), float(i), float(i)]) for n, i in enumerate(ids, 1)}
    columns["c5"] = pa.array([float(ids[4]), 1.5, None])
    pq.write_table(pa.table(columns), path)
    status, result, _ = summary(path)
    assert status == 1 and result["scored"] == 1
    assert result["errors"] == [
        {
            "row": 2,
            "message": 'invalid card "1.5" at position 5: expected a card, a card id or a string',
        },
        {"row": 3, "message": "missing card at position 5"},
    ]


@pytest.mark.parametrize(
    ("column", "words"),
    [
        (pa.array([True, False]), "holds bool"),
        (pa.array([[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]]), "holds list<element: int64>"),
        (pa.array([1.5, 2.0]), "holds numbers: one card id a column takes 5 to 7 columns"),
    ],
    ids=["bool", "list", "float"],
)
def test_a_column_that_holds_no_cards_is_one_line(
    tmp_path: Path, column: pa.Array, words: str
) -> None:
    path = tmp_path / "hands.parquet"
    pq.write_table(pa.table({"cards": column}), path)
    status, out, err = run("batch", path)
    assert status == 2 and out == "" and words in one_error_line(err)


def test_describe_when_no_row_scores(tmp_path: Path) -> None:
    path, out = tmp_path / "x.txt", tmp_path / "o.parquet"
    path.write_text("xx\n")
    status, result, _ = summary(path, "--out", out, "--describe")
    assert status == 1 and result["scored"] == 0  # before: ArrowInvalid, a traceback
    assert pq.read_table(out).num_rows == 0
    assert pq.read_table(out).schema.names == ["cards", "value", "category", "description"]


@pytest.mark.slow
def test_random_bytes_are_bad_lines_shown_with_escapes(tmp_path: Path) -> None:
    path, errors = tmp_path / "random.bin", tmp_path / "errors.csv"
    path.write_bytes(b"\x94\x1a,\xf1X\xe9s\n\xff\xfe,;\x00\x01\n" + ROYAL.encode() + b"\n")
    command = [sys.executable, "-m", "pokerscore", "batch", str(path), "--errors", str(errors)]
    result = subprocess.run(command, capture_output=True, check=False)
    assert result.returncode == 1
    err = result.stderr.decode("utf-8")  # never raw bytes
    assert "Exception ignored" not in err and "Traceback" not in err
    assert err.splitlines() == [
        "error: row 1: not UTF-8 text: byte 0x94 at column 1",
        "error: row 2: not UTF-8 text: byte 0xff at column 1",
    ]
    assert errors.read_text(encoding="utf-8").splitlines()[1:] == [
        r'1,"\x94\x1a,\xf1X\xe9s",not UTF-8 text: byte 0x94 at column 1',
        r'2,"\xff\xfe,;\x00\x01",not UTF-8 text: byte 0xff at column 1',
    ]


@pytest.mark.slow
def test_a_csv_row_of_bytes_with_the_wrong_fields_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "hands.csv"
    path.write_bytes(b"id,cards\n1," + ROYAL.encode() + b"\n2,\xff\xfe,x,y\n")
    command = [sys.executable, "-m", "pokerscore", "batch", str(path)]
    result = subprocess.run(command, capture_output=True, check=False)
    err = result.stderr.decode("utf-8")
    assert result.returncode == 2 and "Exception ignored" not in err
    assert err == (
        f"error: {path}: row 2 has the wrong number of fields and is not UTF-8 text: "
        "the CSV reader cannot skip it\n"
    )


# Endless lines and the cap on printed bad lines (item 8).


@pytest.mark.slow
@pytest.mark.parametrize("command", ["duel", "draw"])
def test_an_endless_line_is_a_bad_line_in_bounded_memory(command: str) -> None:
    code = (
        "import resource, sys\n"
        "resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))\n"  # fails fast if unbounded
        "from pokerscore.cli.app import main\n"
        f"sys.argv = ['pokerscore', {command!r}, '/dev/zero', '--strict']\n"
        "main()\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 2  # before: a MemoryError after 880 MB
    assert result.stderr == (
        "error: line 1: line longer than 65,536 bytes (the most a line may hold)\n"
    )


def test_batch_reads_regular_files_only() -> None:
    status, _, err = run("batch", "/dev/zero")
    assert status == 2 and one_error_line(err) == "error: /dev/zero is not a file"


def test_a_long_line_among_good_ones(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_bytes(f"{ROYAL}\n".encode() + b"Ah " * 30_000 + f"\n{LOW}\n".encode())
    status, result, _ = summary(path)
    assert status == 1 and result["scored"] == 2
    assert result["errors"] == [
        {"row": 2, "message": "line longer than 65,536 bytes (the most a line may hold)"}
    ]
    deals = tmp_path / "deals.txt"
    deals.write_bytes(f"{ROYAL} {LOW}\n".encode() + b"x" * 100_000 + f"\n{ROYAL} {LOW}\n".encode())
    status, out, _ = run("duel", deals, "--json")
    assert status == 1 and json.loads(out)["lines"] == 2 and json.loads(out)["bad"] == 1


@pytest.mark.parametrize("command", ["duel", "draw"])
def test_duel_and_draw_print_ten_bad_lines_then_a_count(command: str, tmp_path: Path) -> None:
    path = tmp_path / "deals.txt"
    path.write_text("".join(f"bad {n}\n" for n in range(1, 26)))
    status, _, err = run(command, path)
    lines = err.splitlines()
    assert status == 1 and len(lines) == 11  # before: 25 lines
    assert lines[0].startswith('error: line 1: invalid card "bad"')
    assert lines[-1] == "error: 25 bad lines in all"
    status, out, err = run(command, path, "--json")
    payload = json.loads(out)
    assert err == "" and payload["bad"] == 25 and len(payload["errors"]) == 25


# One rule for card separators (item 9).


def test_a_nul_byte_separates_no_cards_anywhere(tmp_path: Path) -> None:
    text = ROYAL.replace(" ", "\x00")
    with pytest.raises(PokerScoreError, match="invalid card"):
        parse_cards(text)
    path = tmp_path / "hands.txt"
    path.write_text(f"{text}\n{ROYAL}\n")
    status, result, _ = summary(path)
    assert status == 1 and result["scored"] == 1  # before: the NUL line scored in batch
    assert result["errors"][0]["row"] == 1  # type: ignore[index]
    deals = tmp_path / "deals.txt"
    deals.write_text(f"{ROYAL} {LOW}\n".replace(" ", "\x00"))
    for command in ("duel", "draw"):
        status, _, err = run(command, deals)
        assert status == 1 and err.startswith("error: line 1: invalid card"), (command, err)


@pytest.mark.parametrize("separator", ["\x00", "\x0b", "\x0c", "\x1c", "\x85"])
def test_hands_to_array_separates_cards_as_the_parser_does(separator: str) -> None:
    from pokerscore.hands.batch import hands_to_array

    hand = ROYAL.replace(" ", separator, 1)
    with pytest.raises(PokerScoreError, match="invalid card"):
        parse_cards(hand)
    with pytest.raises(PokerScoreError, match="invalid card"):  # before: str.split read it
        hands_to_array([hand])
    assert hands_to_array([ROYAL.replace(" ", ";")]).tolist() == [[50, 46, 42, 38, 34]]


def test_a_csv_header_that_is_not_text_and_a_column_name_with_braces(tmp_path: Path) -> None:
    path = tmp_path / "hands.csv"  # found by the CLI fuzz
    path.write_bytes(b"Tc\xfaB,x\n1,2\n")
    status, _, err = run("batch", path)
    assert status == 2
    assert (
        one_error_line(err) == f"error: {path}: the header is not UTF-8 text: byte 0xfa at column 3"
    )
    path.write_text("{x},{0}\n1,2\n")
    status, _, err = run("batch", path, "--cards-column", "{y}")
    assert status == 2
    assert one_error_line(err) == (
        "error: --cards-column names '{y}', which the file has not (its columns: {x}, {0})"
    )
