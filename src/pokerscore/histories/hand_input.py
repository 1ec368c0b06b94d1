"""The one converter from the model to the compiled replay: a :class:`~.model.HandHistory`, as
any reader (the lenient PHH and PokerStars readers included) gives it, into the
:class:`~._replay_kernels.HandInput` the fast readers fill, and one hand replayed by
:func:`~._replay_kernels.replay_one` (:func:`engine_replay`).

Whatever the compiled replay does not play (a stud or draw hand with a board run more than once:
they deal no board; a game it has no code for yet) gives None. A board run more than once goes as its
``deal-board`` rows, each one's amount its run (1 to ``MAX_RUNS``; -1 the one board); a cash-out
as what the site says beside the actions (``said``: the seats cashed out, each one's amount and
fee).

>>> from pathlib import Path
>>> from pokerscore.histories.phh import read_phh
>>> folder = Path(__file__).parents[3] / "tests" / "data" / "histories"
>>> hand = next(read_phh(folder / "actions.phhs"))
>>> replayed = engine_replay(hand)
>>> replayed.refusal.code, replayed.put_in, replayed.won
(<Refusal.NONE: 0>, (1, 2, 2), (Fraction(0, 1), Fraction(0, 1), Fraction(5, 1)))
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, Final, NamedTuple

import numpy as np

from pokerscore.histories._layout import (
    ACTION_CARDS,
    BADUGI,
    BET_RAISE,
    BRING_IN,
    CHECK_CALL,
    DEAL_BOARD,
    DEAL_HOLE,
    DEN,
    DISCARD_DRAW,
    F_ALLIN_CARDS,
    F_ALLIN_STREET,
    F_COUNT,
    F_POTS,
    FACTS,
    FIXED_LIMIT,
    FOLD,
    GAME_CODES,
    MAX_PLAYERS,
    MUCK,
    NO_LIMIT,
    POT_LIMIT,
    SHORT_DECK,
    SHORT_DECK_SOT,
    SHOW,
    STUD,
    STUD_CARDS,
    HandRows,
    Ints,
    in_parts,
)
from pokerscore.histories._replay_kernels import (
    MAX_RUNS,
    RUN_ROWS,
    RUN_SIZE,
    RUNS,
    SAID_CASH_FEES,
    SAID_CASH_OUTS,
    SAID_CASHED,
    SAID_HAS_RAKE,
    SAID_HAS_TOTAL,
    SAID_POT_MASKS,
    SAID_POTS,
    SAID_RAKE,
    SAID_RETURNED,
    SAID_RETURNS,
    SAID_SIZE,
    SAID_TOTAL,
    SITE_RECORD_SIZE,
    STEP_FACTS,
    WHY_CODE,
    WHY_LIMIT,
    HandInput,
    ReplayWork,
    StepRecord,
    game_tables,
    new_work,
    no_steps,
    replay_one,
)
from pokerscore.histories.refusals import Refusal, RefusalRecord

if TYPE_CHECKING:
    from pokerscore.histories.model import Action, HandHistory

KINDS: Final = {
    "deal-hole": DEAL_HOLE,
    "deal-board": DEAL_BOARD,
    "fold": FOLD,
    "check-call": CHECK_CALL,
    "bet-raise": BET_RAISE,
    "show": SHOW,
    "muck": MUCK,
    "bring-in": BRING_IN,
    "draw": DISCARD_DRAW,
}
"""Each action kind's code in the compiled replay."""
BETTINGS: Final = {"no-limit": NO_LIMIT, "pot-limit": POT_LIMIT, "fixed-limit": FIXED_LIMIT}


def hand_input(hand: HandHistory) -> HandInput | None:
    """The arrays :func:`~._replay_kernels.replay_one` plays, or None for a hand it does not
    play yet (see the module)."""
    game = GAME_CODES.get(hand.game)
    count = len(hand.seats)
    no_board = game is not None and STUD <= game <= BADUGI
    if (
        game is None
        or (no_board and any(action.runout for action in hand.actions))
        or any(action.runout > MAX_RUNS for action in hand.actions)
    ):
        return None
    actions = len(hand.actions)
    # the arrays are the hand's size: the bulk readers' MAX_ACTIONS and ACTION_CARDS are the
    # sizes of their buffers, not rules (the kernel checks every count before it reads a card)
    widest = max((len(action.discarded) + len(action.cards) for action in hand.actions), default=0)
    cards = np.full((max(actions, 1), max(widest, ACTION_CARDS)), -1, dtype=np.int64)
    for step, action in enumerate(hand.actions):
        # a draw's row: the cards thrown away, then the ones drawn (its amount: how many thrown)
        for k, card in enumerate((*action.discarded, *action.cards)):
            cards[step, k] = -1 if card is None else int(card)

    def ints(values: object) -> Ints:
        return np.array(values, dtype=np.int64).reshape(-1)

    return HandInput(
        count,
        game,
        BETTINGS[hand.betting],
        int(hand.ante_trimming),
        hand.min_bet,
        hand.big_bet,
        ints([seat.stack for seat in hand.seats]),
        ints([seat.ante for seat in hand.seats]),
        ints([seat.blind for seat in hand.seats]),
        ints([int(seat.in_turn) for seat in hand.seats]),
        actions,
        ints([KINDS[action.kind] for action in hand.actions]),
        ints([-1 if action.actor is None else action.actor for action in hand.actions]),
        ints([_amount(action) for action in hand.actions]),
        cards,
        ints([len(action.discarded) + len(action.cards) for action in hand.actions]),
        ints([int(action.all_in) for action in hand.actions]),
        ints(hand.winnings or [0] * count),
        int(hand.winnings is not None),
        ints(hand.finishing_stacks or [0] * count),
        int(hand.finishing_stacks is not None),
        _said(hand, count) if count <= MAX_PLAYERS else np.zeros(SAID_SIZE, dtype=np.int64),
        hand.bring_in,
    )


def _amount(action: Action) -> int:
    kind, amount = action.kind, action.amount
    if kind == "bet-raise":
        return amount or 0
    if kind == "check-call" and amount is not None:
        return amount
    if kind == "draw":
        return len(action.discarded)
    if kind == "deal-board" and action.runout:
        return action.runout
    return -1


def _said(hand: HandHistory, count: int) -> Ints:
    """What the site says beside the actions, as the PokerStars reader kernel lays it out."""
    said = np.zeros(SAID_SIZE, dtype=np.int64)
    said[SAID_POT_MASKS : SAID_POT_MASKS + MAX_PLAYERS] = -1
    if hand.returned is not None:
        said[SAID_RETURNED] = 1
        for seat, amount, _ in hand.returned:
            said[SAID_RETURNS + seat] += amount
    for pot, entries in hand.site_pots or ():
        if pot >= MAX_PLAYERS:
            continue
        said[SAID_POTS] += said[SAID_POT_MASKS + pot] < 0
        said[SAID_POT_MASKS + pot] = max(said[SAID_POT_MASKS + pot], 0)
        for seat, _ in entries:
            said[SAID_POT_MASKS + pot] |= 1 << seat
    if hand.rake is not None:
        said[SAID_HAS_RAKE], said[SAID_RAKE] = 1, hand.rake
    if hand.total_pot is not None:
        said[SAID_HAS_TOTAL], said[SAID_TOTAL] = 1, hand.total_pot
    for seat, amount, fee in hand.cash_outs:  # taken during the hand, win or lose
        said[SAID_CASHED] |= 1 << seat
        said[SAID_CASH_OUTS + seat], said[SAID_CASH_FEES + seat] = amount, fee
    return said


class EngineReplay(NamedTuple):
    """One hand through the compiled replay: its refusal (:attr:`Refusal.NONE` when played),
    and each player's chips put in and won (exact), the pots and their shares."""

    refusal: RefusalRecord
    put_in: tuple[int, ...]
    won: tuple[Fraction, ...]
    pots: tuple[int, ...]
    flags: tuple[int, ...] = ()
    """Each player's ``VPIP``, ``PFR`` … bits (:mod:`~._replay_kernels`)."""
    holes: tuple[tuple[int, ...], ...] = ()
    """Each player's cards as the replay knows them (-1 for one unseen)."""
    pot_masks: tuple[int, ...] = ()
    """Each pot's contenders, a bit per player."""
    shares: tuple[tuple[Fraction, ...], ...] = ()
    """Each pot's share per player."""


def new_rows(hands: int) -> HandRows:
    """Empty rows for ``hands`` hands, as :func:`~._replay_kernels.replay_one` fills them."""
    players = MAX_PLAYERS
    return HandRows(
        np.zeros((hands, FACTS), dtype=np.int64),
        np.full((hands, 2 * players), -1, dtype=np.int64),
        np.full((hands, players), -1, dtype=np.int64),
        np.zeros((hands, players), dtype=np.int64),
        np.zeros((hands, players), dtype=np.int64),
        np.zeros((hands, players), dtype=np.int64),
        np.zeros((hands, players), dtype=np.int64),
        np.zeros((hands, players), dtype=np.int64),
        np.zeros((hands, players), dtype=np.int8),
        np.full((hands, players, STUD_CARDS), -1, dtype=np.int8),
        np.full((hands, 5), -1, dtype=np.int8),
        np.zeros((hands, players), dtype=np.int64),
        np.zeros((hands, players), dtype=np.int32),
        np.zeros((hands, players, players), dtype=np.int32),
        np.zeros((hands, players), dtype=np.uint8),  # the actions' flags: never written here
    )


@cache
def _no_steps() -> StepRecord:
    # one record of no rows for every call that records no steps: the kernel leaves it alone
    return no_steps()


class ReplayInto(NamedTuple):
    """Where :func:`engine_rows` writes a hand: a block's rows and the hand's row in them, and the
    working arrays (reused hand after hand: the replay clears what it uses)."""

    rows: HandRows
    row: int
    working: ReplayWork


def engine_rows(
    hand: HandHistory,
    steps: StepRecord | None = None,
    site_record: Ints | None = None,
    runs: list[tuple[int, ...]] | None = None,
    into: ReplayInto | None = None,
) -> tuple[RefusalRecord, HandRows] | None:
    """``hand`` through the compiled replay: its refusal (:attr:`Refusal.NONE` when played) and
    its one row of results (the facts' count, pots and all-in columns filled); None for a hand
    it does not play yet. Given ``steps`` (sized by :func:`step_record`), the replay writes the
    table after each action into it; given ``site_record`` (``SITE_RECORD_SIZE`` long), where the
    site's record disagrees with the replay (:attr:`Refusal.SITE_RECORD`, the rows written);
    given ``runs`` (a list), each run's board of a board run more than once is added to it (card
    ids, the common cards first; the row's board is the first run's). Given ``into``, the row is
    written there (a block of hands replayed one after another) and those rows are returned."""
    from pokerscore.histories.allin import kernel_tables

    arrays = hand_input(hand)
    if arrays is None:
        return None
    tables = kernel_tables()
    rows, row, working = into if into is not None else ReplayInto(new_rows(1), 0, new_work())
    short = arrays.game in (SHORT_DECK_SOT, SHORT_DECK)
    deck = tables.short_deck if short else tables.full_deck
    # Both records always travel (they are outputs only): one compilation of replay_one serves
    # every call from Python, where the site record alone (replay) and the step record alone (the
    # steps) each compiled the kernel once more. No steps asked for: a record of no rows.
    if steps is None:
        steps = _no_steps()
    if site_record is None:
        site_record = np.zeros(SITE_RECORD_SIZE, dtype=np.int64)
    code, street, cards, pots = replay_one(
        arrays, game_tables(arrays.game, tables, deck), working, rows, row, steps, site_record
    )
    if runs is not None:
        dealt = int(working.state[RUNS])
        for run in range(1, MAX_RUNS + 1):
            if dealt >> run & 1:
                row_cards = working.seats[RUN_ROWS + run - 1]
                runs.append(tuple(int(card) for card in row_cards[: row_cards[RUN_SIZE]]))
    facts = rows.facts[row]
    facts[F_COUNT], facts[F_POTS] = arrays.players, pots
    facts[F_ALLIN_STREET], facts[F_ALLIN_CARDS] = street, cards
    if code:
        why = working.state[WHY_CODE : WHY_LIMIT + 1].tolist()
        return RefusalRecord(Refusal(why[0]), *why[1:]), rows
    return RefusalRecord(Refusal.NONE), rows


def step_record(actions: int) -> StepRecord:
    """An empty :class:`~._replay_kernels.StepRecord` for a hand of ``actions`` actions."""
    rows, players = actions + 1, MAX_PLAYERS
    return StepRecord(
        np.zeros((rows, players), dtype=np.int64),
        np.zeros((rows, players), dtype=np.int64),
        np.zeros((rows, players), dtype=np.int64),
        np.zeros((rows, players), dtype=np.int64),
        np.zeros((rows, players), dtype=np.int64),
        np.full((rows, players, STUD_CARDS), -1, dtype=np.int64),
        np.zeros(rows, dtype=np.int64),
        np.full((rows, 5), -1, dtype=np.int64),
        np.zeros((rows, STEP_FACTS), dtype=np.int64),
        np.zeros(1, dtype=np.int64),
        np.full((rows, MAX_RUNS, 5), -1, dtype=np.int64),
    )


def engine_steps(hand: HandHistory) -> tuple[RefusalRecord, StepRecord] | None:
    """``hand`` through the compiled replay with the table recorded after each action: its
    refusal (:attr:`Refusal.NONE` when played) and the record (as many rows written as the
    replay got through); None for a hand it does not play yet.

    >>> from pathlib import Path
    >>> from pokerscore.histories.phh import read_phh
    >>> folder = Path(__file__).parents[3] / "tests" / "data" / "histories"
    >>> hand = next(read_phh(folder / "actions.phhs"))
    >>> refusal, steps = engine_steps(hand)
    >>> int(steps.written[0]) == len(hand.actions) + 1, steps.pots[0]  # the blinds, 1 and 2
    (True, np.int64(3))
    """
    record = step_record(len(hand.actions))
    replayed = engine_rows(hand, record)
    if replayed is None:
        return None
    return replayed[0], record


def engine_replay(hand: HandHistory) -> EngineReplay | None:
    """``hand`` replayed by the compiled replay (one hand, from Python: for tests and single
    hands; files go through the readers' kernels by the thousand); None for a hand it does not
    play yet."""
    replayed = engine_rows(hand)
    if replayed is None:
        return None
    refusal, rows = replayed
    if refusal.code:
        return EngineReplay(refusal, (), (), ())
    count = len(hand.seats)
    pots = int(rows.facts[0, F_POTS])
    return EngineReplay(
        refusal,
        tuple(int(units) for units in rows.put_in[0, :count]),
        tuple(
            Fraction(parts, DEN)
            for parts in in_parts(rows.won[0], rows.won_parts[0]).tolist()[:count]
        ),
        tuple(int(amount) for amount in rows.pots[0, :pots]),
        tuple(int(flag) for flag in rows.flags[0, :count]),
        tuple(tuple(int(card) for card in row) for row in rows.holes[0, :count].tolist()),
        tuple(int(mask) for mask in rows.pot_masks[0, :pots]),
        tuple(
            tuple(Fraction(int(share), DEN) for share in rows.pot_shares[0, pot, :count])
            for pot in range(pots)
        ),
    )


__all__ = [
    "EngineReplay",
    "ReplayInto",
    "engine_replay",
    "engine_rows",
    "engine_steps",
    "hand_input",
    "new_rows",
    "step_record",
]
