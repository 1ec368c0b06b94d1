"""A replayed hand step by step, for a replayer: the table once the antes and blinds are posted,
after each line of the hand (cards dealt, each action, each show), and once the pots are paid,
with the stacks, the bets in front of the players, the pot, the board, the cards known and
whose turn it is; and, from the moment the players are all in before the river, each live
player's equity (:func:`pokerscore.games.holdem.equity.equity` on the board as it stood).

The states are the compiled replay's own: :func:`~.hand_input.engine_steps` plays the hand in
:func:`~._replay_kernels.replay_one` (the one rule book :func:`~pokerscore.histories.replay.replay`
plays it by) with the table recorded after each action; the last step pays the pots as the
replay's :class:`~pokerscore.histories.model.HandResult` does. Stud hands step too (their
streets ``third`` to ``seventh``, each player's cards as dealt, the down cards of others unseen;
the all-in equity on the cards each held at the all-in, sampled past the exact count's bound),
and so do the draw games (their rounds ``predraw``, ``first draw`` …;
each discard and the cards drawn; no all-in equity without a drawing policy). A board run more
than once steps each run's board as it is dealt (``runs``), and the last step says what each
player won of each run's share.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from pokerscore._support.errors import expect
from pokerscore.cards import Card
from pokerscore.histories.model import (
    DRAW_GAMES,
    STREETS,
    Action,
    HandHistory,
    HandResult,
    Street,
)
from pokerscore.histories.replay import game_named, replay

StudStreet = Literal["third", "fourth", "fifth", "sixth", "seventh"]
STUD_STREETS: Final[tuple[StudStreet, ...]] = ("third", "fourth", "fifth", "sixth", "seventh")
"""A stud hand's streets, by the cards each player holds on them (three to seven)."""
STUD_GAMES: Final = frozenset({"stud", "stud-8", "razz"})
DrawStreet = Literal["predraw", "first draw", "second draw", "third draw"]
DRAW_STREETS: Final[tuple[DrawStreet, ...]] = ("predraw", "first draw", "second draw", "third draw")
"""A draw game's betting rounds: before the first draw, then after each draw."""
AnyStreet = Street | StudStreet | DrawStreet


@dataclass(frozen=True, slots=True)
class ReplayStep:
    """The table after one line of a hand. Amounts are chips (the hand's currency), as in
    :class:`~pokerscore.histories.model.PlayerResult`; tuples hold one entry per seat, ``p1``
    first."""

    number: int
    """0 once the antes and blinds are posted, ``n`` after the hand's ``n``-th action, one more
    than the actions once the pots are paid."""
    street: AnyStreet
    action: Action | None
    """The line just played (None for the posts and the payout)."""
    text: str
    """What happened, in words: ``Cara raises to 100``, ``flop 2c 7h 9d``, ``Ann takes 60``."""
    stacks: tuple[float, ...]
    """Chips behind each player (not counting the bet in front)."""
    bets: tuple[float, ...]
    """Each player's bet in the current round, not yet in the pot."""
    pot: float
    """Chips in the pots, the bets in front included (0 once paid)."""
    board: tuple[Card, ...]
    holes: tuple[tuple[Card | None, ...] | None, ...]
    """Each player's hole cards as known so far (None: not dealt in the file; a None card: one
    nobody saw). Stud: the cards dealt so far in the order dealt (the third to sixth up). Draw
    games: the cards held, a place thrown away None until the card drawn fills it."""
    folded: tuple[bool, ...]
    to_act: int | None
    """The seat whose turn it is, or None between betting rounds and at the end."""
    equity: tuple[float | None, ...] | None = None
    """Once the players are all in before the river and every live hand is known (a site deals
    only its user's cards: the others come with their show): each live player's equity on the
    board as it stood at the all-in (None for the players who folded); None before, in a hand
    without such an all-in, and in one where a live hand is never shown (an equity against
    fewer hands than are in the pot would be wrong). Stud: from an all-in before seventh
    street, on the cards each held then (the known cards of the players who folded out of the
    deck). The draw games: None (no drawing policy to deal their draws by)."""
    equity_samples: int | None = None
    """The showdowns dealt for :attr:`equity` where it was sampled: a stud all-in past the work
    counted exactly (``EXACT_LIMIT``: three players or more before sixth street), sampled with a
    fixed seed (:data:`STUD_SAMPLES`) so a hand replays alike; None where exact."""
    won: tuple[float, ...] | None = None
    """The last step: what each player took from the pots (the result's ``won``)."""
    runs: tuple[tuple[Card, ...], ...] = ()
    """A board run more than once: each run's board as dealt so far (the common cards first),
    one per run dealt; () with the one board (``board`` stays the common cards)."""
    run_won: tuple[tuple[float, ...], ...] = ()
    """The last step of a board run more than once: what each player won of each run's share of
    the pots (a pot split evenly between the runs), one tuple per run."""


def replay_steps(hand: HandHistory, *, equity: bool = True) -> Iterator[ReplayStep]:
    """The states of ``hand`` replayed, one :class:`ReplayStep` per line (see the module).
    Raises :class:`~pokerscore.histories.model.HandHistoryError` for a hand that cannot be
    played, before the first step. ``equity=False`` leaves the all-in equities out.

    >>> from pathlib import Path
    >>> from pokerscore.histories.reading import read_histories
    >>> folder = Path(__file__).parents[3] / "tests" / "data" / "histories"
    >>> hand = next(read_histories(folder / "side-pots.phhs"))
    >>> steps = list(replay_steps(hand))
    >>> [step.text for step in steps[4:7]]  # doctest: +NORMALIZE_WHITESPACE
    ['p3 raises to 100 and is all in', 'p1 calls 19 and is all in',
     'p2 calls 48 and is all in; 50 returned to p3']
    >>> steps[6].pot, round(sum(steps[6].equity), 9)  # each hand's equity at the all-in
    (120.0, 1.0)
    >>> steps[-1].text, steps[-1].stacks
    ('p1 takes 60; p2 takes 60', (60.0, 60.0, 50.0))
    """
    expect(hand, HandHistory, "hand", "a HandHistory")
    expect(equity, bool, "equity", "True or False")
    result = replay(hand, allin_ev=False)  # a hand that cannot be played fails here, first
    return _steps(hand, result, equity)


@dataclass(frozen=True, slots=True)
class _State:
    """The table after one line of a hand, amounts in units: what a step shows."""

    street: int
    """The street's place (:data:`STREETS`, :data:`STUD_STREETS` for stud, :data:`DRAW_STREETS`
    for the draw games)."""
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    put_in: tuple[int, ...]
    pot: int
    board: tuple[Card, ...]
    holes: tuple[tuple[Card | None, ...] | None, ...]
    folded: tuple[bool, ...]
    to_act: int | None
    allin_board: tuple[Card, ...] | None
    """The board at the all-in once the players are all in before the river, else None."""
    runs: tuple[tuple[Card, ...], ...] = ()
    """Each run's board so far of a board run more than once."""


def _states(hand: HandHistory) -> list[_State]:
    """The table after the posts and after each action: the compiled replay's record (a hand
    ``replay`` plays, the compiled replay plays to its end)."""
    states = _engine_states(hand)
    assert states is not None, "replay() played the hand: so does the compiled replay"
    return states


def _engine_states(hand: HandHistory) -> list[_State] | None:
    """The states the compiled replay records (:func:`~.hand_input.engine_steps`); None when it
    does not play the hand or stops before its last action."""
    from pokerscore.histories._replay_kernels import (
        STEP_ALLIN_CARDS,
        STEP_ALLIN_STREET,
        STEP_BOARD,
        STEP_STREET,
        STEP_TO_ACT,
    )
    from pokerscore.histories.hand_input import engine_steps

    played = engine_steps(hand)
    if played is None:
        return None
    _, record = played
    rows = len(hand.actions) + 1
    if int(record.written[0]) < rows:
        return None
    count = len(hand.seats)
    stud = hand.game in STUD_GAMES
    draw = DRAW_GAMES.get(hand.game)
    if stud:
        holes_per = 7
    else:
        holes_per = draw.hole_cards if draw is not None else game_named(hand.game).hole_cards
    stacks, bets, put_in = record.stacks.tolist(), record.bets.tolist(), record.put_in.tolist()
    folded, dealt, holes = record.folded.tolist(), record.dealt.tolist(), record.holes.tolist()
    pots, boards, facts = record.pots.tolist(), record.board.tolist(), record.facts.tolist()
    runs = record.runs.tolist()

    def cards(ids: list[int]) -> tuple[Card | None, ...]:
        return tuple(None if card < 0 else Card(card) for card in ids)

    states = []
    for row in range(rows):
        fact = facts[row]
        board = tuple(Card(card) for card in boards[row][: fact[STEP_BOARD]])
        held = [
            (dealt[row][i] if stud else holes_per) if dealt[row][i] else 0 for i in range(count)
        ]
        allin = fact[STEP_ALLIN_CARDS]
        states.append(
            _State(
                street=fact[STEP_STREET],
                stacks=tuple(stacks[row][:count]),
                bets=tuple(bets[row][:count]),
                put_in=tuple(put_in[row][:count]),
                pot=pots[row],
                board=board,
                holes=tuple(
                    cards(holes[row][i][: held[i]]) if held[i] else None for i in range(count)
                ),
                folded=tuple(bool(flag) for flag in folded[row][:count]),
                to_act=fact[STEP_TO_ACT] if fact[STEP_TO_ACT] >= 0 else None,
                allin_board=board[:allin] if fact[STEP_ALLIN_STREET] >= 0 else None,
                runs=tuple(
                    tuple(Card(card) for card in run if card >= 0)
                    for run in runs[row]
                    if run[0] >= 0
                ),
            )
        )
    return states


def _steps(
    hand: HandHistory, result: HandResult, with_equity: bool, states: list[_State] | None = None
) -> Iterator[ReplayStep]:
    """The steps of ``hand`` from its states (by default :func:`_states`) and its result."""
    if states is None:
        states = _states(hand)
    scale = hand.scale
    names = hand.names
    chips = _Chips(scale)
    stud = hand.game in STUD_GAMES
    draw = hand.game in DRAW_GAMES
    streets: tuple[AnyStreet, ...] = STUD_STREETS if stud else DRAW_STREETS if draw else STREETS
    equities: tuple[float | None, ...] | None = None
    samples: int | None = None
    held = 0
    put_in: list[int] = []
    top = 0
    for number, (action, state) in enumerate(zip((None, *hand.actions), states, strict=True)):
        text = (
            ("antes posted" if stud else "antes and blinds posted")
            if action is None
            else _words(action, names, chips, put_in, top, state, streets)
        )
        returned = [
            f"{_amount(chips(before - after))} returned to {names[i]}"
            for i, (before, after) in enumerate(zip(put_in, state.put_in, strict=False))
            if after < before
        ]
        text = "; ".join([text, *returned])
        if with_equity and not draw and equities is None and state.allin_board is not None:
            if not stud:  # the draw games have none: no drawing policy to deal their draws by
                equities = _allin_equities(hand, state)
            else:
                held = held or _held(state)  # the cards each held at the all-in: its first step
                equities, samples = _stud_allin_equities(hand, state, held)
        yield ReplayStep(
            number=number,
            street=streets[state.street],
            action=action,
            text=text,
            stacks=tuple(chips(stack) for stack in state.stacks),
            bets=tuple(chips(bet) for bet in state.bets),
            pot=chips(state.pot),
            board=state.board,
            holes=state.holes,
            folded=state.folded,
            to_act=state.to_act,
            equity=equities,
            equity_samples=samples,
            runs=state.runs,
        )
        put_in = list(state.put_in)
        top = max(state.bets)
    last = states[-1]
    won = tuple(player.won for player in result.players)
    takes = [f"{names[i]} takes {_amount(amount)}" for i, amount in enumerate(won) if amount]
    run_won = _run_winnings(hand, len(last.runs)) if last.runs else ()
    for run, taken in enumerate(run_won, 1):
        winners = [f"{names[i]} {_amount(amount)}" for i, amount in enumerate(taken) if amount]
        takes.append(f"run {run}: " + ", ".join(winners))
    yield ReplayStep(
        number=len(hand.actions) + 1,
        street=streets[last.street],
        action=None,
        text="; ".join(takes) or "nobody takes a pot",
        stacks=tuple(
            seat.stack / scale - player.put_in + player.won
            for seat, player in zip(hand.seats, result.players, strict=True)
        ),
        bets=(0.0,) * len(names),
        pot=0.0,
        board=result.board or last.board,
        holes=tuple(
            player.hole if player.hole is not None or not (stud or draw) else last.holes[i]
            for i, player in enumerate(result.players)
        ),
        folded=last.folded,
        to_act=None,
        equity=equities,
        equity_samples=samples,
        won=won,
        runs=last.runs,
        run_won=run_won,
    )


def _run_winnings(hand: HandHistory, runs: int) -> tuple[tuple[float, ...], ...]:
    """What each player won (chips) of each run's share of the pots of ``hand``, its board run
    ``runs`` times: the compiled replay of the hand with that run's board as the one board (the
    site's record left out), a share of ``1 / runs`` of its winnings."""
    import dataclasses

    found = []
    for run in sorted({action.runout for action in hand.actions if action.runout}):
        actions = tuple(
            dataclasses.replace(action, runout=0)
            for action in hand.actions
            if action.kind != "deal-board" or action.runout in (0, run)
        )
        alone = dataclasses.replace(
            hand,
            actions=actions,
            winnings=None,
            finishing_stacks=None,
            rake=None,
            total_pot=None,
            site_pots=None,
            cash_outs=(),
        )
        played = replay(alone, allin_ev=False)
        found.append(tuple(player.won / runs for player in played.players))
    return tuple(found)


class _Chips:
    """Units to chips as floats (exact for amounts up to 2**53 units)."""

    def __init__(self, scale: int) -> None:
        self.scale = scale

    def __call__(self, units: int) -> float:
        return units / self.scale


def _amount(chips: float) -> str:
    """An amount as words show it: ``60``, ``0.5``, ``1.25``."""
    return f"{chips:,.8f}".rstrip("0").rstrip(".")


def _cards(cards: Sequence[Card | None]) -> str:
    return " ".join("??" if card is None else str(card) for card in cards)


def _words(
    action: Action,
    names: tuple[str, ...],
    chips: _Chips,
    put_in_before: list[int],
    top_before: int,
    state: _State,
    streets: tuple[AnyStreet, ...] = STREETS,
) -> str:
    """One line of the hand in words, from what each player had put in and the largest bet
    before it, and the table after it."""
    kind = action.kind
    if kind == "deal-board":
        place = streets[state.street] if not action.runout else f"run {action.runout}"
        return f"{place} {_cards(action.cards)}"
    name = names[action.actor] if action.actor is not None else "?"
    index = action.actor if action.actor is not None else 0
    if kind == "deal-hole":
        return f"{name} is dealt {_cards(action.cards)}"
    if kind == "fold":
        return f"{name} folds"
    if kind == "draw":
        if not action.discarded:
            return f"{name} stands pat"
        thrown = f"{name} throws away {_cards(action.discarded)}"
        return f"{thrown} and draws {_cards(action.cards)}" if action.cards else thrown
    if kind in ("show", "muck"):
        return f"{name} mucks" if kind == "muck" else f"{name} shows {_cards(action.cards)}"
    all_in = " and is all in" if not state.stacks[index] else ""
    paid = state.put_in[index] - put_in_before[index]
    if kind == "bring-in":
        return f"{name} brings in {_amount(chips(paid))}{all_in}"
    if kind == "check-call":
        return f"{name} checks" if paid <= 0 else f"{name} calls {_amount(chips(paid))}{all_in}"
    verb = "raises to" if top_before else "bets"
    return f"{name} {verb} {_amount(chips(action.amount or 0))}{all_in}"


def _allin_equities(hand: HandHistory, state: _State) -> tuple[float | None, ...] | None:
    """Each live player's equity at the all-in, on the board as it stood, the known cards of
    the players who folded out of the deck; None until every live hand is known."""
    from pokerscore.games.holdem.equity import equity

    count = len(state.holes)
    live = [i for i in range(count) if not state.folded[i]]
    if len(live) < 2 or any(not state.holes[i] or None in (state.holes[i] or ()) for i in live):
        return None
    dead = [
        card
        for i in range(count)
        if state.folded[i]
        for card in state.holes[i] or ()
        if card is not None
    ]
    result = equity(
        [" ".join(str(card) for card in state.holes[i] or ()) for i in live],
        " ".join(str(card) for card in state.allin_board or ()),
        " ".join(str(card) for card in dead),
        game=game_named(hand.game),
    )
    found: list[float | None] = [None] * count
    for i, player in zip(live, result.players, strict=True):
        found[i] = player.equity
    return tuple(found)


STUD_SAMPLES: Final = 200_000
"""The showdowns a stud all-in past the exact count is sampled by (rounded up to whole blocks):
a standard error of about a tenth of a point, a tenth of a second warm."""
STUD_SEED: Final = 31
"""The seed of those samples: a hand replays to the same figures."""


def _held(state: _State) -> int:
    """The cards each live stud player holds (all alike once the street is dealt)."""
    live = zip(state.holes, state.folded, strict=True)
    return max((len(hole) for hole, folded in live if hole and not folded), default=0)


def _stud_allin_equities(
    hand: HandHistory, state: _State, held: int
) -> tuple[tuple[float | None, ...] | None, int | None]:
    """Each live stud player's equity at the all-in, and the showdowns sampled (None: exact):
    every live player's first ``held`` cards (the cards as dealt, the down cards filled in from
    the show) against the cards still to come, dealt from the deck less those and the cards
    seen of the players who folded. Counted exactly as
    :func:`~pokerscore.games.holdem.equity.equity` counts a stud spot
    (:func:`~pokerscore.games.holdem.equity.stud_shares`); past its work bound sampled by
    :func:`~pokerscore.games.holdem.equity.equity` (:data:`STUD_SAMPLES`, :data:`STUD_SEED`).
    ``(None, None)`` until every live player's cards at the all-in are known."""
    from pokerscore.games.holdem.equity import equity, stud_shares
    from pokerscore.games.holdem.game import get_game

    count = len(state.holes)
    live = [i for i in range(count) if not state.folded[i] and state.holes[i]]
    holes = [(state.holes[i] or ())[:held] for i in live]
    if len(live) < 2 or any(len(hole) < held or None in hole for hole in holes):
        return None, None
    known = [[card.id for card in hole if card is not None] for hole in holes]
    dead = [
        card.id
        for i in range(count)
        if state.folded[i]
        for card in state.holes[i] or ()
        if card is not None
    ]
    game = get_game(hand.game)  # type: ignore[arg-type]  # a stud game's name (STUD_GAMES)
    shares = stud_shares(game, known, dead)
    samples = None
    if shares is None:
        result = equity(
            [[Card(card) for card in hole] for hole in known],
            dead=[Card(card) for card in dead],
            game=game,
            method="monte-carlo",
            samples=STUD_SAMPLES,
            seed=STUD_SEED,
        )
        found = [player.equity for player in result.players]
        samples = result.samples
    else:
        found = [float(share) for share in shares]
    equities: list[float | None] = [None] * count
    for i, share in zip(live, found, strict=True):
        equities[i] = share
    return tuple(equities), samples


__all__ = ["ReplayStep", "replay_steps"]
