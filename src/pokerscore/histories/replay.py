"""Replaying a hand exactly: antes, blinds and straddles, every bet, call, raise and fold, the
uncalled part of a bet returned, the main and side pots, showdowns, rake, and each player's result.

The betting rules are pokerkit's (the oracle the tests replay the same files with): the first to
act preflop is the player after the largest blind or straddle posted in turn, and after the flop
``p1``; a raise is at least the largest raise of the round so far (and the minimum bet), unless it
is all in; pot limit caps a raise at the pot after the call; fixed limit allows a bet and three
raises a round, of the small bet preflop and on the flop and the big bet after. A short all-in
raise does not reopen the betting to players who have acted. Folding when a check is free is
allowed (a cash game allows it).

At the end each betting round's unmatched part of the largest bet goes back to its player. The
pots are cut at every level a player put in; antes are dead money in the main pot unless the file
says ``ante_trimming_status = true``. A contested pot is judged by
:func:`pokerscore.games.holdem.showdown.showdown` among the players still in it whose cards are
known (a hand nobody saw cannot win, as in pokerkit), in exact shares: a split pot, hi/lo halves
and quarters, a board run twice each take their exact fraction, so an odd chip is shared, not
handed to anyone.

Where the site recorded what it paid (``winnings``, ``finishing_stacks``, PokerStars'
``collected``), the two are compared player by player: the site must pay the players the replay
pays, no more than the replay (an odd chip apart), and keep no more than :data:`RAKE_LIMIT` of the
pot. When they agree, a player's ``won`` is what the site paid and the difference is the rake the
player paid; every disagreement is counted and reported, and the replay's amounts stand.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from fractions import Fraction
from itertools import islice
from typing import Final

from pokerscore._support.errors import expect, shorten
from pokerscore.cards import FULL_DECK, PokerScoreError
from pokerscore.engine import get_ranking
from pokerscore.games.holdem.game import BOARD_CARDS, GAMES, Game
from pokerscore.histories._layout import (
    DEN,
    F_ALLIN_CARDS,
    F_ALLIN_STREET,
    F_COUNT,
    F_POTS,
    Ints,
)
from pokerscore.histories._replay_kernels import (
    SITE_ENTRY,
    SITE_RECORD_SIZE,
    new_work,
)
from pokerscore.histories.allin import row_allin_evs
from pokerscore.histories.hand_input import ReplayInto, engine_rows, new_rows
from pokerscore.histories.kernel_results import (
    KernelRows,
    ReadLater,
    positions,
    seats_of,
)
from pokerscore.histories.model import (
    DRAW_GAMES,
    Disagreement,
    DrawGame,
    HandFieldError,
    HandHistory,
    HandHistoryError,
    HandResult,
)
from pokerscore.histories.refusals import (
    MESSAGES,
    PLAYED_PENDING,
    SITE_MESSAGES,
    STACKS_GAPS,
    Refusal,
    SiteRecord,
    refusal_error,
)

RAKE_LIMIT: Final = Fraction(1, 10)
"""The most of a pot a site may keep before the payout counts as a disagreement."""

SHORT_DECK_STRAIGHT_OVER_TRIPS: Final = Game(
    "short-deck-straight-over-trips",
    "Short Deck Hold'em (straights above three of a kind)",
    2,
    False,
    get_ranking("short-deck-straight-over-trips"),
)
"""PHH's ``NS``, judged as pokerkit judges it."""


def game_named(name: str) -> Game:
    """The game of a hand history's ``game``; a :class:`HandFieldError` for a name that is none.

    >>> game_named("omaha").name
    'omaha'
    """
    if name == SHORT_DECK_STRAIGHT_OVER_TRIPS.name:
        return SHORT_DECK_STRAIGHT_OVER_TRIPS
    game = GAMES.get(name)
    if game is None or game.board_cards != BOARD_CARDS:
        known = ", ".join(sorted(n for n, g in GAMES.items() if g.board_cards == BOARD_CARDS))
        raise HandFieldError(
            f"game must be a community-card game ({known}), not {shorten(repr(name))}"
        )
    return game


def replay(hand: HandHistory, *, allin_ev: bool = True) -> HandResult:
    """Replay a hand: each player's result, the pots, what the site's record disagrees with.

    Raises :class:`~pokerscore.histories.model.HandHistoryError` for a hand that cannot
    be played (an action out of turn, a bet beyond the stack, a card seen twice, a hand that
    stops before its end). ``allin_ev=False`` leaves the all-in EV out (it is the costly part).
    Every hand is played by the compiled replay, the one rule book (a site record that
    disagrees and an unseen hand contesting a pot included: their disagreements are worded from
    the kernel's codes).
    """
    expect(hand, HandHistory, "hand", "a HandHistory")
    expect(allin_ev, bool, "allin_ev", "True or False")
    (result,) = replay_hands([hand], allin_ev=allin_ev)
    if isinstance(result, HandHistoryError):
        raise result
    return result


def replay_hands(
    hands: Sequence[HandHistory], *, allin_ev: bool, checked: bool = True
) -> list[HandResult | HandHistoryError]:
    """Each of ``hands`` replayed as :func:`replay` replays it, in order, a hand that cannot be
    played its error in its place: the compiled replay hand after hand into one block of rows,
    the results then made by column for the whole block (:class:`KernelRows`), as the fast
    readers' blocks are. The readers without a fast path (the sites') hand their hands on a few
    hundred at a time: a block of one cost some 200 µs a hand in columns made for one hand.
    ``checked=False`` skips each hand's own check (:meth:`~.model.HandHistory.check`)."""
    found = _replay_block(hands, allin_ev, checked)
    return [
        _unplayed_error(hand) if done is None else done
        for hand, done in zip(hands, found, strict=True)
    ]


def _replay_block(
    hands: Sequence[HandHistory], allin_ev: bool, checked: bool
) -> list[HandResult | HandHistoryError | None]:
    """:func:`replay_hands`, None in the place of a hand the converter gives the compiled
    replay no input for (``hand_input``'s None: :func:`_unplayed_error` says why)."""
    import numpy as np

    found: list[HandResult | HandHistoryError | None] = [None] * len(hands)
    into = ReplayInto(new_rows(len(hands)), 0, new_work())
    site_record = np.zeros(SITE_RECORD_SIZE, dtype=np.int64)
    played: list[tuple[int, HandHistory, tuple[Disagreement, ...], list[tuple[int, ...]]]] = []
    for place, hand in enumerate(hands):
        runs: list[tuple[int, ...]] = []
        try:
            if checked:
                hand.check()
            site_record.fill(0)
            disagreements = _played(hand, into._replace(row=place), site_record, runs)
        except HandHistoryError as error:
            found[place] = error
            continue
        if disagreements is not None:
            played.append((place, hand, disagreements, runs))
    if played:
        block = KernelRows(
            into.rows,
            [place for place, *_ in played],
            lambda: _people([hand for _, hand, *_ in played]),
            [hand.scale for _, hand, *_ in played],
            [rule_game(hand.game) for _, hand, *_ in played],
            allin_ev,
        )
        for result, (place, hand, disagreements, runs) in zip(block.results(), played, strict=True):
            boards = tuple(tuple(FULL_DECK[card] for card in run) for run in runs)
            found[place] = HandResult(
                hand, result.players, result.pots, boards or result.boards, result.rake,
                disagreements,
            )  # fmt: skip
    return found


REPLAY_BLOCK: Final = 256
"""Hands a reader without a fast path hands :func:`replay_hands` at a time."""


def replayed(
    hands: Iterable[HandHistory | HandHistoryError], *, allin_ev: bool
) -> Iterator[list[HandResult | HandHistoryError]]:
    """A reader's hands (its errors in their places) replayed :data:`REPLAY_BLOCK` at a time,
    each block's outcomes in order: a result, or the error of a hand that was not read or
    cannot be played."""
    items = iter(hands)
    while block := list(islice(items, REPLAY_BLOCK)):
        read = [hand for hand in block if not isinstance(hand, HandHistoryError)]
        if len(read) == len(block):
            yield replay_hands(read, allin_ev=allin_ev)
            continue
        outcomes = iter(replay_hands(read, allin_ev=allin_ev))
        yield [hand if isinstance(hand, HandHistoryError) else next(outcomes) for hand in block]


def _played(
    hand: HandHistory, into: ReplayInto, site_record: Ints, runs: list[tuple[int, ...]]
) -> tuple[Disagreement, ...] | None:
    """``hand`` replayed into its row of ``into``: what the site's record disagrees with (None:
    a hand the converter gives no input, :func:`_unplayed_error`); a hand that cannot be played
    raises its error, worded from the kernel's codes."""
    replayed = engine_rows(hand, site_record=site_record, runs=runs, into=into)
    if replayed is None:
        return None
    record, _ = replayed
    disagreements: tuple[Disagreement, ...] = ()
    if record.code in PLAYED_PENDING:  # played, the replay's amounts
        disagreements = tuple(site_disagreements(hand, site_record.tolist()))
        if record.code == Refusal.UNJUDGED:
            unjudged = MESSAGES[Refusal.UNJUDGED]
            disagreements += (_disagreement(hand, "unjudged", unjudged),)
    elif record.code != Refusal.NONE:
        raise refusal_error(hand, rule_game(hand.game), record)
    return disagreements


def _people(hands: Sequence[HandHistory]) -> tuple[list[str], list[int | None]]:
    """The players' names and seats of a block's hands, one after another."""
    names = [name for hand in hands for name in hand.names]
    seats = [seat.seat for hand in hands for seat in hand.seats]
    return names, seats


ENGINE_ONLY: Final = frozenset({"stud", "stud-8", "razz", *DRAW_GAMES})
"""The games without a board and blinds (stud, the draw games): the tests' reference replay
(``tests/reference_replay.py``) is not taught them; pokerkit is their oracle."""


def rule_game(name: str) -> Game | DrawGame:
    """The game a refusal of a hand of game ``name`` is worded with: any game a replay plays
    (:func:`game_named`'s, or one of :data:`ENGINE_ONLY`).

    >>> rule_game("razz").hole_cards
    7
    >>> rule_game("badugi").hole_cards
    4
    """
    if name in DRAW_GAMES:
        return DRAW_GAMES[name]
    return GAMES[name] if name in ENGINE_ONLY else game_named(name)


def _unplayed_error(hand: HandHistory) -> HandHistoryError:
    """Why the converter gives the compiled replay no hand (``hand_input``'s None): a stud or
    draw hand with a board run more than once, which their games do not deal."""
    game = rule_game(hand.game)
    return hand.error(f"{game.name} deals no board to run more than once")


def _disagreement(hand: HandHistory, kind: str, message: str) -> Disagreement:
    return Disagreement(hand.file, hand.number, hand.hand_id, kind, message)


def _amount(hand: HandHistory, units: Fraction | int) -> str:
    value = Fraction(units) / hand.scale
    if value.denominator == 1 or hand.scale % value.denominator == 0:
        return str(hand.chips(int(value * hand.scale)))
    return f"{float(value):.4f}".rstrip("0")


__all__ = [
    "KernelRows",
    "PokerScoreError",
    "ReadLater",
    "game_named",
    "positions",
    "replay",
]


def exact_allin_evs(hand: HandHistory) -> dict[str, Fraction] | None:
    """Each player's all-in EV in chips, exactly, by name; None for a hand without an all-in
    before the river (stud: before seventh street), and for a stud all-in past the work the
    stud equity enumerates exactly (see :mod:`pokerscore.histories.allin`)."""
    expect(hand, HandHistory, "hand", "a HandHistory")
    hand.check()
    game = rule_game(hand.game)  # a game no replay plays: its HandFieldError
    replayed = engine_rows(hand)
    if replayed is None:
        return None  # a stud or draw hand with a board run twice: no result, no all-in EV
    record, rows = replayed
    if record.code != Refusal.NONE and record.code not in PLAYED_PENDING:
        raise refusal_error(hand, game, record)
    count, pots_count, street, cards = rows.facts[
        0, [F_COUNT, F_POTS, F_ALLIN_STREET, F_ALLIN_CARDS]
    ].tolist()
    if street < 0 or not isinstance(game, Game):  # no all-in, or a draw game: no EV
        return None
    values = row_allin_evs(rows, 0, game, count, pots_count, cards)
    if values is None:
        return None
    return {hand.seats[i].name: value / hand.scale for i, value in values.items()}


def engine_result(hand: HandHistory, allin_ev: bool) -> HandResult | None:
    """``hand`` replayed by the compiled replay (its fields not checked: :func:`replay` checks
    them first), or None for a hand the converter leaves (a stud or draw hand with a board run
    twice); a broken rule raises its
    :class:`~pokerscore.histories.model.HandHistoryError`, worded from the one table."""
    (result,) = _replay_block([hand], allin_ev, checked=False)
    if isinstance(result, HandHistoryError):
        raise result
    return result


def site_disagreements(hand: HandHistory, entries: Sequence[int]) -> list[Disagreement]:
    """The compiled replay's site record (``_replay_kernels._site_record``: a count, then a
    code, a seat or pot and two amounts each, whole units and a remainder in 1/DEN) worded by
    :data:`~.refusals.SITE_MESSAGES`: the
    winnings all zero, the finishing stacks against the winnings, and the payouts, pots, rake
    and total against the replay's, each a :class:`~.model.Disagreement`."""
    found: list[Disagreement] = []
    gaps: list[str] = []
    problems: list[str] = []
    blind_gaps: set[int] = set()
    names = [shorten(name) for name in hand.names]  # echoed cut short, as every user's token

    def paid(units: int, parts: int) -> str:  # whole units and a remainder in 1/DEN
        return _amount(hand, units + Fraction(parts, DEN))

    def seats(mask: int) -> str:
        return ", ".join(names[i] for i in seats_of(mask))

    for n in range(entries[0]):
        entry = entries[1 + SITE_ENTRY * n : 1 + SITE_ENTRY * (n + 1)]
        code, place, first, first_parts, second, second_parts = entry
        kind = SiteRecord(code)
        words = SITE_MESSAGES[kind]
        name = names[place] if place >= 0 else ""
        if kind == SiteRecord.ZERO_WINNINGS:
            found.append(_disagreement(hand, "all-zero-winnings", words))
        elif kind == SiteRecord.STACKS_GAP:
            gaps.append(words.format(name=name, first=_amount(hand, first)))
        elif kind == SiteRecord.GAP:
            blind_gaps.add(int(abs(first + Fraction(first_parts, DEN))))
        elif kind in (SiteRecord.PAID_NEGATIVE, SiteRecord.PAID_NOT_WON, SiteRecord.WON_NOT_PAID):
            problems.append(words.format(name=name, first=paid(first, first_parts)))
        elif kind == SiteRecord.PAID_OVER:
            first_paid, second_won = paid(first, first_parts), paid(second, second_parts)
            problems.append(words.format(name=name, first=first_paid, second=second_won))
        elif kind == SiteRecord.POT_COUNT:
            problems.append(words.format(first=first, second=second))
        elif kind == SiteRecord.POT_WINNERS:
            pot = "the main pot" if place == 0 else f"side pot {place}"
            problems.append(words.format(pot=pot, first=seats(first), second=seats(second)))
        elif kind == SiteRecord.KEEPS_TOO_MUCH:
            limit = RAKE_LIMIT.numerator * 100 // RAKE_LIMIT.denominator
            problems.append(
                words.format(first=_amount(hand, first), second=hand.chips(second), limit=limit)
            )
        elif kind == SiteRecord.RAKE:
            problems.append(
                words.format(first=hand.chips(first), second=paid(second, second_parts))
            )
        else:  # the pot the site reports
            problems.append(words.format(first=hand.chips(first), second=hand.chips(second)))
    if gaps:
        found.append(
            _disagreement(hand, "finishing-stacks", STACKS_GAPS.format(gaps=", ".join(gaps)))
        )
    if problems:
        what = "winnings" if hand.winnings is not None else "finishing-stacks"
        hint = (
            SITE_MESSAGES[SiteRecord.GAP] if blind_gaps & {hand.small_blind, hand.big_blind} else ""
        )
        found.append(_disagreement(hand, what, "; ".join(problems) + hint))
    return found
