"""The per-hand iterator (:func:`~pokerscore.histories.results.history_results`) against
``replay`` hand by hand: every result equal field by field, each value of the same type (a
float where ``replay`` gives a float, None where it gives None), and every bad hand the same
message, on the fixtures, generated hold'em and PokerStars hands, random hands pokerkit plays
in every variant the compiled reader plays (hold'em, short deck, Omaha, Omaha hi/lo, stud,
stud hi/lo, razz, the draw games), amounts near the exact floats' bound, and the shared
sample."""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction
from pathlib import Path

import pytest
from benchmarks.histories_data import phhs_tables, write_pokerstars

from pokerscore.histories.model import HandHistory, HandHistoryError, HandResult
from pokerscore.histories.reading import read_histories
from pokerscore.histories.replay import ReadLater, replay
from pokerscore.histories.results import history_results
from tests.shared_sample import HAND_HISTORIES, needs_sample

SHARED = HAND_HISTORIES
DATA = Path(__file__).parents[1] / "data" / "histories"
FIXTURES = (
    sorted(DATA.glob("*.phhs")) + sorted(DATA.glob("pokerstars*.txt")) + sorted(DATA.glob("draw/*"))
)


def _typed(value: object) -> object:
    """``value`` with the type of every part beside it: ``1 == 1.0 == True`` in Python, and
    the iterator must give what ``replay`` gives, not only something equal."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = dataclasses.fields(value)
        return (type(value).__name__, *(_typed(getattr(value, f.name)) for f in fields))
    if isinstance(value, tuple | list):
        return (type(value).__name__, *(_typed(item) for item in value))
    if isinstance(value, float):
        return ("float", repr(value))
    return (type(value).__name__, value)


def _parts(result: HandResult) -> tuple[object, ...]:
    """Every field of a result, typed; the hand by equality (read when asked for)."""
    return (
        result.hand,
        _typed(result.players),
        _typed(result.pots),
        _typed(result.boards),
        _typed(result.rake),
        _typed(result.disagreements),
    )


def _replayed(paths: list[Path]) -> tuple[list[object], list[str]]:
    """``replay`` of each hand ``read_histories`` reads, and the messages of the bad ones."""
    results, errors = [], []
    for hand in read_histories(*paths):
        try:
            if isinstance(hand, HandHistoryError):
                raise hand
            results.append(_parts(replay(hand)))
        except HandHistoryError as error:
            errors.append(str(error))
    return results, errors


def _iterated(paths: list[Path]) -> tuple[list[object], list[str], int]:
    """The iterator's results and messages, and how many results the kernels built."""
    errors: list[HandHistoryError] = []
    results = list(history_results(*paths, on_error=errors.append))
    fast = sum(isinstance(result, ReadLater) for result in results)
    return [_parts(result) for result in results], [str(error) for error in errors], fast


def _same(paths: list[Path]) -> int:
    """The iterator's results are ``replay``'s; how many the kernels built."""
    results, errors, fast = _iterated(paths)
    expected, expected_errors = _replayed(paths)
    assert len(results) == len(expected)
    for place, (mine, theirs) in enumerate(zip(results, expected, strict=True)):
        assert mine == theirs, place
    assert errors == expected_errors
    return fast


def test_the_fixtures_results_are_replays() -> None:
    assert _same(FIXTURES) >= 15  # the kernels built 15 of them (a count, not a figure)


@pytest.mark.parametrize("count", [50, pytest.param(200, marks=pytest.mark.slow)])
def test_generated_holdem_and_pokerstars_results_are_replays(tmp_path: Path, count: int) -> None:
    phhs = tmp_path / "generated.phhs"  # make quick: the first 100 and 50 of the slow run's
    phhs.write_text("".join(phhs_tables(2 * count, seed=13)), encoding="utf-8")
    stars = tmp_path / "generated.txt"
    write_pokerstars(stars, count, seed=13)
    assert _same([phhs, stars]) == 3 * count  # every one the kernels'


def _random_file(path: Path, variants: tuple[str, ...], each: int, seed: int) -> Path:
    from tests.histories_random import random_hand

    rng = random.Random(seed)
    texts = [random_hand(rng, variant)[0] for variant in variants * each]
    path.write_text("".join(f"[{n}]\n{text}\n" for n, text in enumerate(texts, 1)), "utf-8")
    return path


@pytest.mark.slow
def test_random_hands_of_every_variant_are_replays(tmp_path: Path) -> None:
    from tests.histories_random import DRAW_VARIANTS, STUD_VARIANTS, VARIANTS

    variants = VARIANTS + STUD_VARIANTS + DRAW_VARIANTS
    path = _random_file(tmp_path / "random.phhs", variants, 12, seed=2813)
    fast = _same([path])
    assert fast >= 0.9 * 12 * len(variants), fast  # the kernels' nearly all


BIG = """[1]
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [{blind}, {big}, 0]
min_bet = {big}
starting_stacks = [{stack}, {stack}, {stack}]
players = ['Ann', 'Bo', 'Cid']
actions = ['d dh p1 AhAd', 'd dh p2 KhKd', 'd dh p3 7c2d', 'p3 cbr {raise_}', 'p1 cc', 'p2 cc', 'd db 2c7s9d', 'p1 cc', 'p2 cc', 'p3 cc', 'd db 3s', 'p1 cc', 'p2 cc', 'p3 cc', 'd db 4h', 'p1 cc', 'p2 cc', 'p3 cc', 'p1 sm AhAd', 'p2 sm KhKd', 'p3 sm 7c2d']
"""


@pytest.mark.parametrize("power", [30, 37, 38, 39], ids=lambda power: f"2**{power}")
def test_amounts_near_the_floats_bound_are_replays(tmp_path: Path, power: int) -> None:
    """A pot of three times ``2**power`` units, a third each: in ``1 / DEN`` units past 2**53
    from 2**38 on, where NumPy's float of a count is no longer exact and Python's ``int / int``
    gives the result (the kernels' reader takes stacks up to 2**39 or so: the lenient one the
    larger)."""
    stack = 2**power + 7
    path = tmp_path / "big.phhs"
    values = {"blind": 1, "big": 2, "stack": stack, "raise_": stack // 3}
    path.write_text(BIG.format(**values), encoding="utf-8")
    _same([path])


@pytest.mark.slow
@needs_sample
def test_the_shared_sample_results_are_replays() -> None:
    paths = sorted((SHARED / "phh").rglob("*.phh*"))[:60] + sorted(
        (SHARED / "pokerstars").glob("*")
    )
    assert _same(paths) > 100


def test_a_hand_without_names_or_seats_is_a_replay(tmp_path: Path) -> None:
    path = tmp_path / "anonymous.phhs"
    path.write_text(
        "[1]\nvariant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
        "starting_stacks = [200, 200]\nactions = ['d dh p1 AhAd', 'd dh p2 ????', 'p2 f']\n"
        "[2]\nvariant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n"
        "starting_stacks = [200, 200, 200]\nseats = [2, 5, 9]\nplayers = ['Zoë', 'Ann', 'Bo']\n"
        "actions = ['d dh p1 AhAd', 'd dh p2 ????', 'd dh p3 ????', 'p3 f', 'p1 f']\n",
        encoding="utf-8",
    )
    assert _same([path]) == 2
    first, second = history_results(path)
    assert [p.player for p in first.players] == ["p1", "p2"]
    assert [p.seat for p in first.players] == [None, None]
    assert [p.player for p in second.players] == ["Zoë", "Ann", "Bo"]
    assert [p.seat for p in second.players] == [2, 5, 9]


def test_results_built_by_the_kernels_are_hand_results() -> None:
    result = next(history_results(DATA / "actions.phhs"))
    assert isinstance(result, HandResult) and isinstance(result.hand, HandHistory)


def test_a_results_fields_are_made_when_first_read_in_any_order() -> None:
    """The kernels' results make ``players``, ``pots``, ``boards`` and ``rake`` only when one
    of their block's hands first reads them; read in any order (one field of one hand first,
    the last hand first), each equals ``replay``'s, and repr, equality and pickling are a plain
    ``HandResult``'s."""
    import pickle

    paths = [DATA / "side-pots.phhs", DATA / "split-pots.phhs", DATA / "pokerstars-shapes.txt"]
    expected = [replay(hand) for hand in read_histories(*paths) if isinstance(hand, HandHistory)]
    fields = ("players", "pots", "boards", "rake")
    unmade = 0
    for result in history_results(*paths):  # nothing made by iterating
        if isinstance(result, ReadLater):
            unmade += all(_unset(HandResult.__dict__[field], result) for field in fields)
    assert unmade >= 4
    for order in (fields, fields[::-1], ("pots", "rake", "players", "boards")):
        results = []
        for result in history_results(*paths):
            results.append(result)
            if isinstance(result, ReadLater):  # read as it comes, the last field first
                assert _typed(getattr(result, order[-1])) is not None
        for field in order:
            for result, replayed in zip(results[::-1], expected[::-1], strict=True):
                assert _typed(getattr(result, field)) == _typed(getattr(replayed, field))
    for result, replayed in zip(results, expected, strict=True):
        plain = HandResult(*(getattr(result, f.name) for f in dataclasses.fields(HandResult)))
        assert repr(result).removeprefix(type(result).__name__) == repr(plain).removeprefix(
            "HandResult"
        )
        assert pickle.loads(pickle.dumps(result)) == replayed
        assert result == replayed and replayed == result


def test_kept_results_let_go_of_their_blocks_rows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A result the caller keeps has its fields made once the iteration is two blocks past it,
    and drops its block (the rows and text of some 1,024 hands; 50 here): kept, it holds its
    own values only."""
    from pokerscore.histories import results

    monkeypatch.setattr(results, "CHUNK", 50)
    path = tmp_path / "generated.phhs"
    path.write_text("".join(phhs_tables(300, seed=31)), encoding="utf-8")
    block = ReadLater.__dict__["_block"]
    kept = [result for n, result in enumerate(history_results(path)) if n % 7 == 0]
    assert len(kept) == 43 and all(isinstance(result, ReadLater) for result in kept)
    assert all(block.__get__(result) is None for result in kept)  # let go
    for field in ("players", "pots", "boards", "rake"):
        assert not any(_unset(HandResult.__dict__[field], result) for result in kept)
    expected = [replay(hand) for n, hand in enumerate(read_histories(path)) if n % 7 == 0]
    assert [_parts(result) for result in kept] == [_parts(result) for result in expected]


def _unset(slot: object, result: HandResult) -> bool:
    try:
        slot.__get__(result)  # type: ignore[attr-defined]
    except AttributeError:
        return True
    return False


def test_a_loop_that_keeps_nothing_makes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Iterating without keeping or reading a result makes no column of any block (the
    blocks let go behind the iteration find no result held); keeping one of a block makes
    that block's columns only."""
    from pokerscore.histories import kernel_results, results

    monkeypatch.setattr(results, "CHUNK", 50)
    made: list[str] = []
    column = kernel_results.KernelRows.column

    def counted(self: kernel_results.KernelRows, field: str) -> list[object]:
        made.append(field)
        return column(self, field)

    monkeypatch.setattr(kernel_results.KernelRows, "column", counted)
    path = tmp_path / "generated.phhs"
    path.write_text("".join(phhs_tables(300, seed=31)), encoding="utf-8")
    assert sum(1 for _ in history_results(path)) == 300
    assert made == []
    kept = [result for n, result in enumerate(history_results(path)) if n == 120]
    assert len(kept) == 1 and sorted(set(made)) == ["boards", "players", "pots", "rake"]


def test_a_result_replaced_keeps_its_fields() -> None:
    """``dataclasses.replace`` of a kernels' result, made or not (it makes one of the same
    class with every field given), reads as the result with that field changed."""
    (first, *_) = history_results(DATA / "side-pots.phhs")
    changed = dataclasses.replace(first, rake=0.5)
    assert (changed.players, changed.pots, changed.boards, changed.hand, changed.rake) == (
        first.players, first.pots, first.boards, first.hand, 0.5,
    )  # fmt: skip


@pytest.mark.parametrize("line", range(1, 14))
def test_a_left_pokerstars_hand_is_read_as_read_file_reads_it(
    line: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A carriage return alone inside a line of the first hand: the runs read the hands the
    # kernel leaves again by the reference reader, and cut them at it (a line more: every
    # error a line late, a section's name cut), where reading the whole file cuts at line
    # feeds only. Now one function reads such a hand for both.
    from pokerscore.histories.parts import REFERENCE_ONLY

    hands = (DATA / "pokerstars-shapes.txt").read_text(encoding="utf-8").split("\n\n\n")
    lines = hands[0].split("\n")
    lines[line] = lines[line][:5] + "\r" + lines[line][5:]
    path = tmp_path / "stars.txt"
    path.write_bytes(("\n".join(lines) + "\n\n\n" + hands[1]).encode())

    def results() -> tuple[list[object], list[str]]:
        errors: list[str] = []
        found = [
            (result.hand.hand_id, result.players)
            for result in history_results(path, on_error=lambda error: errors.append(str(error)))
        ]
        return found, errors

    fast = results()
    monkeypatch.setenv(REFERENCE_ONLY, "1")
    assert fast == results()


def test_objects_built_by_column_are_the_dataclasses_own() -> None:
    """``kernel_results._built`` (the results' players and pots, the logged hands' seats and
    actions): each object the frozen dataclass made by its own ``__init__`` from the row, of
    that class, still frozen; columns of the wrong count refused."""
    from pokerscore.cards import parse_cards
    from pokerscore.histories.kernel_results import _built
    from pokerscore.histories.model import PlayerResult, Pot

    hole, flags = parse_cards("AhKd"), (True, False, True, False, False)
    rows = [
        ("Sam", 1, "SB", hole, 1.5, 0.0, -1.5, 0.0, *flags, None, None),
        ("Bea", None, "BB", None, 2.0, 3.5, 1.5, 0.25, False, True, True, True, True, "flop", 0.75),
    ]
    made = _built(PlayerResult, [list(column) for column in zip(*rows, strict=True)], 2)
    assert [type(player) for player in made] == [PlayerResult, PlayerResult]
    assert made == [PlayerResult(*row) for row in rows]  # type: ignore[arg-type]
    assert [dataclasses.astuple(player) for player in made] == rows
    with pytest.raises(dataclasses.FrozenInstanceError):
        made[0].net = 0.0  # type: ignore[misc]
    pots = _built(Pot, [[10], [(0, 1)], [((0, Fraction(1)),)]], 1)
    assert pots == [Pot(10, (0, 1), ((0, Fraction(1)),))]
    with pytest.raises(ValueError, match="columns"):
        _built(Pot, [[10], [(0, 1)]], 1)
    with pytest.raises(ValueError, match="columns of 1 values, not 2"):
        _built(Pot, [[10], [(0, 1)], [()]], 2)


def test_a_blocks_allin_evs_are_each_hands_own(tmp_path: Path) -> None:
    """``allin.block_allin_evs`` (the iterator's and the runs' all-in EVs, a block's all-in
    hands at once) gives each hand's ``row_allin_evs`` (a hand at a time, ``replay``'s
    ``exact_allin_evs``), to the last bit: the Fraction over the units a chip, as a float;
    hold'em and the stud games, some hands at a finer scale than a chip."""
    import numpy as np

    from pokerscore.games.holdem.game import Game
    from pokerscore.histories._layout import (
        F_ALLIN_CARDS,
        F_ALLIN_STREET,
        F_COUNT,
        F_POTS,
        F_SCALE,
        F_STATUS,
        F_VARIANT,
        GAME_NAMES,
        OK,
    )
    from pokerscore.histories.allin import block_allin_evs, row_allin_evs
    from pokerscore.histories.batches import replay_phh_text
    from pokerscore.histories.replay import rule_game
    from tests.histories_random import STUD_VARIANTS

    stud = _random_file(tmp_path / "stud.phhs", STUD_VARIANTS, 8, seed=2829).read_text("utf-8")
    text = "".join(phhs_tables(300, seed=29)) + "\n" + stud
    batch = replay_phh_text(text.encode(), single=False)
    assert batch is not None
    rows, facts = batch.rows(), batch.facts[: batch.hands]
    hands = np.flatnonzero((facts[:, F_STATUS] == OK) & (facts[:, F_ALLIN_STREET] >= 0)).tolist()
    games = [rule_game(GAME_NAMES[variant // 3]) for variant in facts[hands, F_VARIANT].tolist()]
    scales = (10 ** facts[hands, F_SCALE]).tolist()
    expected = {}
    for hand, game, scale in zip(hands, games, scales, strict=True):
        count, pots, cards = facts[hand, [F_COUNT, F_POTS, F_ALLIN_CARDS]].tolist()
        assert isinstance(game, Game)
        found = row_allin_evs(rows, hand, game, count, pots, cards)
        for seat, value in (found or {}).items():
            expected[hand, seat] = float(value / scale)
    found_hands, found_seats, values = block_allin_evs(rows, hands, games, scales)  # type: ignore[arg-type]
    found = dict(zip(zip(found_hands, found_seats, strict=True), values, strict=True))
    assert len(found) == len(found_hands)
    assert {key: value.hex() for key, value in found.items()} == {
        key: value.hex() for key, value in expected.items()
    }
    assert len(expected) > 20, len(expected)
    assert any(not game.board_cards for game in games)  # stud among them
    assert max(scales) > 1, scales  # amounts finer than a chip among them
