"""Fuzzing the command line: generated arguments and file contents, run through Typer's runner.

The only outcomes allowed: a result (exit 0); one line ``error: ...`` on stderr with exit 2; for a
file with bad lines, one ``error: line N: ...`` (``row N`` for ``batch``) line for each of the
first ten bad lines, then one counting them all, and exit 1. Never a traceback.
Sizes stay small (``--sample`` at most a few thousand hands), so no case can run long.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import Result

from pokerscore.cards import FULL_DECK
from pokerscore.cli.app import app
from pokerscore.files import text
from tests.cli_runner import separate_streams_runner

runner = separate_streams_runner()
fuzz = settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])

card_names = st.sampled_from([str(card) for card in FULL_DECK] + [c.pretty for c in FULL_DECK])
# A command line cannot hold a NUL character (execve ends each argument at one); surrogates
# (undecodable argv bytes) are left out so that the same text can be written to a file.
noise = st.text(st.characters(exclude_characters="\x00", exclude_categories=("Cs",)), max_size=12)
hand_text = st.lists(st.one_of(card_names, noise), min_size=0, max_size=9).map(" ".join)
flags = st.sampled_from(["--json", "--help", "--strict", "--same-deck", "-v", "--", "-", "--x"])
numbers = st.integers(-(2**70), 2**70).map(str)
argument = st.one_of(card_names, hand_text, flags, numbers, noise)


COUNT_LINE = re.compile(r"error: [\d,]+ bad (lines|rows) in all.*")


def assert_allowed(result: Result, *, bad_lines: bool = False, word: str = "line") -> None:
    """A result, or the documented error lines with their status; never a traceback."""
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"uncaught {result.exception!r}") from result.exception
    status, err = result.exit_code, result.stderr
    assert "Traceback" not in err
    if status == 0:
        return
    lines = err.splitlines()
    if status == 2:
        assert len(lines) == 1 and lines[0].startswith("error: ") and err.endswith("\n"), err
    else:  # with --json the bad lines are listed in the JSON, not on stderr
        assert status == 1 and bad_lines, (status, err)
        listed = [line for line in lines if line.startswith(f"error: {word} ")]
        rest = lines[len(listed) :]  # after the bad lines, at most the line counting them
        assert lines[: len(listed)] == listed and len(listed) <= 10, err
        assert rest == [] or (len(rest) == 1 and COUNT_LINE.fullmatch(rest[0])), err


def invoke(args: list[str], stdin: bytes | None = None) -> Result:
    return runner.invoke(app, args, input=stdin)


@pytest.mark.slow
@fuzz
@given(st.lists(argument, max_size=8))
def test_score_with_any_arguments(args: list[str]) -> None:
    assert_allowed(invoke(["score", *args]))


@pytest.mark.slow
@fuzz
@given(st.lists(argument, max_size=6))
def test_compare_with_any_arguments(args: list[str]) -> None:
    assert_allowed(invoke(["compare", *args]))


@pytest.mark.slow
@fuzz
@given(st.lists(argument, max_size=4))
def test_the_root_command_with_any_arguments(args: list[str]) -> None:
    assert_allowed(invoke(args))


stats_options = st.lists(
    st.one_of(
        st.tuples(st.just("--cards"), st.one_of(st.integers(3, 9).map(str), noise)),
        st.tuples(st.just("--sample"), st.one_of(st.integers(-3, 3000).map(str), noise)),
        st.tuples(st.just("--seed"), st.one_of(numbers, noise)),
        st.tuples(st.sampled_from(["--json", "--bogus"])),
    ),
    max_size=4,
)


@pytest.mark.slow
@settings(max_examples=30)
@given(stats_options)
def test_stats_with_any_options(options: list[tuple[str, ...]]) -> None:
    assert_allowed(invoke(["stats", *(word for option in options for word in option)]))


deal_line = st.lists(st.one_of(card_names, card_names, noise), max_size=12).map(" ".join)
file_text = st.lists(st.one_of(deal_line, st.just(""), st.just("# comment")), max_size=8).map(
    "\n".join
)
file_bytes = st.one_of(
    file_text.map(str.encode),
    st.binary(max_size=200),
    st.tuples(file_text, st.binary(max_size=8), file_text).map(
        lambda parts: parts[0].encode() + parts[1] + parts[2].encode()
    ),
    file_text.map(lambda text: b"\xef\xbb\xbf" + text.encode()),
    file_text.map(lambda text: text.replace("\n", "\r\n").encode()),
)
line_options = st.lists(st.sampled_from(["--json", "--strict", "--verbose"]), unique=True)


def run_on_file(command: str, data: bytes, options: list[str], from_stdin: bool) -> Result:
    if command == "draw" and "--verbose" in options:
        options = [option for option in options if option != "--verbose"]
    if from_stdin:
        return invoke([command, "-", *options], stdin=data)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "lines.txt"
        path.write_bytes(data)
        return invoke([command, str(path), *options])


@pytest.mark.slow
@fuzz
@given(st.sampled_from(["duel", "draw"]), file_bytes, line_options, st.booleans())
def test_duel_and_draw_with_any_file(
    command: str, data: bytes, options: list[str], from_stdin: bool
) -> None:
    assert_allowed(run_on_file(command, data, options, from_stdin), bad_lines=True)


@pytest.mark.slow
@fuzz
@given(st.sampled_from(["duel", "draw"]), file_bytes, line_options)
def test_a_file_and_stdin_give_the_same_outcome(
    command: str, data: bytes, options: list[str]
) -> None:
    from_file = run_on_file(command, data, options, from_stdin=False)
    from_stdin = run_on_file(command, data, options, from_stdin=True)
    assert (from_file.exit_code, from_file.stdout, from_file.stderr) == (
        from_stdin.exit_code,
        from_stdin.stdout,
        from_stdin.stderr,
    )


@pytest.mark.slow
@fuzz
@given(st.sampled_from(["duel", "draw"]), file_bytes, line_options, st.integers(1, 40))
def test_duel_and_draw_with_lines_longer_than_the_limit(
    monkeypatch: pytest.MonkeyPatch, command: str, data: bytes, options: list[str], limit: int
) -> None:
    monkeypatch.setattr(text, "MAX_LINE_BYTES", limit)  # the 64 KiB limit, made small
    assert_allowed(run_on_file(command, data, options, from_stdin=False), bad_lines=True)


batch_options = st.lists(
    st.one_of(
        st.tuples(st.sampled_from(["--json", "--strict", "--describe"])),
        st.tuples(st.just("--out"), st.sampled_from(["out.parquet", "out.csv", "", "."])),
        st.tuples(st.just("--errors"), st.sampled_from(["errors.csv", ""])),
        st.tuples(st.just("--format"), st.sampled_from(["auto", "text", "csv", "uci", "x"])),
        st.tuples(st.just("--cards-column"), st.sampled_from(["cards", "hand", "nope"])),
    ),
    max_size=4,
)
table_text = st.lists(
    st.lists(st.one_of(deal_line, numbers, noise), min_size=1, max_size=4).map(",".join),
    max_size=6,
).map("\n".join)


@pytest.mark.slow
@fuzz
@given(
    st.one_of(file_bytes, table_text.map(str.encode)),
    st.sampled_from(["hands.txt", "hands.csv", "random.bin", "poker.data"]),
    batch_options,
)
def test_batch_with_any_file(data: bytes, name: str, options: list[tuple[str, ...]]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name
        path.write_bytes(data)
        words = [word for option in options for word in option]
        words = [str(Path(folder, w)) if w.startswith(("out.", "errors.")) else w for w in words]
        result = invoke(["batch", str(path), *words])
        assert_allowed(result, bad_lines=True, word="row")
        left = {item.name for item in Path(folder).iterdir()} - {name, "out.parquet", "out.csv"}
        assert left <= {"errors.csv"}, left  # no temporary file left behind


paytable_names = st.one_of(
    st.sampled_from(["jacks-or-better-9-6", "bonus-poker-8-5", "no-such-table", ""]),
    noise,
    noise.map(lambda name: name + ".toml"),
)
videopoker_arguments = st.one_of(
    st.tuples(st.just("advise"), st.lists(argument, max_size=6)),
    st.tuples(
        st.just("advise"),
        st.lists(card_names, min_size=5, max_size=5).map(lambda cards: [" ".join(cards)]),
    ),
    st.tuples(st.just("paytables"), st.lists(flags, max_size=2)),
)
videopoker_options = st.lists(
    st.one_of(
        st.tuples(st.just("--paytable"), paytable_names),
        st.tuples(st.just("--coins"), st.one_of(st.integers(-1, 7).map(str), noise)),
        st.tuples(st.just("--json")),
    ),
    max_size=3,
)


@pytest.mark.slow
@fuzz
@given(videopoker_arguments, videopoker_options)
def test_videopoker_advise_and_paytables_with_any_arguments(
    command: tuple[str, list[str]], options: list[tuple[str, ...]]
) -> None:
    name, args = command
    if name == "paytables":  # paytables takes no --coins
        options = [option for option in options if option[0] != "--coins"]
    words = [word for option in options for word in option]
    assert_allowed(invoke(["videopoker", name, *args, *words]))


@pytest.mark.slow
@fuzz
@given(videopoker_options, st.sampled_from(["analyze", "seeds"]), st.integers(0, 3))
def test_videopoker_analyze_and_seeds_with_any_options(
    options: list[tuple[str, ...]], name: str, limit: int
) -> None:
    words = [word for option in options for word in option]
    if name == "seeds":  # a tiny bound keeps the search short; it may say a class is unreached
        words = [word for option in options if option[0] != "--coins" for word in option]
        words += ["--limit", str(10**limit)]
    assert_allowed(invoke(["videopoker", name, *words]))


ranking_names = st.one_of(
    st.sampled_from(
        ["high", "ace-to-five", "deuce-to-seven", "eight-or-better", "short-deck", "razz"]
    ),
    noise,
)


@pytest.mark.slow
@fuzz
@given(st.lists(argument, max_size=6), ranking_names)
def test_score_compare_and_rankings_under_any_ranking(args: list[str], ranking: str) -> None:
    assert_allowed(invoke(["score", *args, "--ranking", ranking]))
    assert_allowed(invoke(["compare", *args, "-r", ranking]))
    assert_allowed(invoke(["rankings", *args[:1]]))


games = st.one_of(
    st.sampled_from(["holdem", "omaha", "omaha-hi-lo", "short-deck", "omaha-6"]), noise
)
range_words = st.one_of(
    hand_text,
    st.sampled_from(["QQ+", "AKs", "22-77", "random", "0.5(JJ)", "AhKh", "KTo+", "A5s-A2s"]),
    noise,
)


@pytest.mark.slow
@fuzz
@given(st.lists(range_words, max_size=4), hand_text, hand_text, games)
def test_showdown_and_equity_with_any_arguments(
    players: list[str], board: str, dead: str, game: str
) -> None:
    assert_allowed(invoke(["showdown", *players, "--board", board, "--game", game]))
    sampled = ["--samples", "2000", "--seed", "1"]
    assert_allowed(
        invoke(["equity", *players, "--board", board, "--dead", dead, "-g", game, *sampled])
    )


@pytest.mark.slow
@fuzz
@given(st.lists(st.one_of(flags, noise, numbers), max_size=4))
def test_videopoker_history_with_any_arguments(args: list[str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        database = str(Path(folder) / "history.sqlite3")
        assert_allowed(invoke(["videopoker", "history", "--db", database, *args]))


tournament_options = st.lists(
    st.one_of(
        st.tuples(
            st.just("--stacks"), st.sampled_from(["5000,3000", "10,10", "1", "x,1", "", "0,0"])
        ),
        st.tuples(st.just("--payouts"), st.sampled_from(["50,30", "7", "1,2,3,4", "-1", "nan"])),
        st.tuples(st.just("--stack"), st.sampled_from(["10", "0", "-1", "x", "1e9", "nan", "2.5"])),
        st.tuples(st.just("--ante"), st.sampled_from(["0.1", "2", "x", "-0.5"])),
        st.tuples(st.sampled_from(["--json", "--icm", "--bogus"])),
    ),
    max_size=5,
)


@pytest.mark.slow
@fuzz
@given(st.sampled_from(["icm", "pushfold"]), tournament_options)
def test_icm_and_pushfold_with_any_options(name: str, options: list[tuple[str, ...]]) -> None:
    assert_allowed(invoke([name, *(word for option in options for word in option)]))
