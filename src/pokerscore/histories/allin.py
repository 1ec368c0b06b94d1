"""All-in EV: what a player's all-in was worth, by PokerTracker's definition, worked out exactly.

When a player is all in and no more betting can happen (every other player still in the hand
has folded, is all in too, or has nobody left to bet against) before the river, each pot, main
and side, is valued separately: if every hand that can win it is known, a player's share of the
pot is the player's exact equity in it times the pot; equity is the exact enumeration of every
way the rest of the board can come (:func:`pokerscore.games.holdem.equity.equity`, split pots
shared, hi/lo halves counted half), with the cards of the other players still in the hand out of
the deck: the same numbers as :func:`pokerscore.games.holdem.equity.equity` gives (the tests
compare them), from a kernel that enumerates without its per-call cost. A pot with a hand nobody
saw (or one mucked) keeps its actual result. A player's all-in EV is the sum over the pots less
what the player put in::

    allin_ev = sum(equity in pot x pot for each pot) - put_in

so it compares with ``net``: AA against KK all in preflop for 100 each is worth
``200 x 255121/311328 - 100 = +63.89`` to the aces whatever the board. An all-in on the river
(nothing left to deal) has none; nor do players who folded before the all-in.

Stud (stud, stud hi/lo, razz) has no board: an all-in before seventh street values each pot by
every deal of each contender's cards still to come from the deck less the cards the players still
in hold at the all-in (the stud equity's exact count,
:func:`~pokerscore.games.holdem.equity.stud_shares`: heads-up a sweep over both players'
completions, third street's ~10^10 deals in a tenth of a second; more players deal by deal). The
cards of players who folded stay in the deck, as in hold'em (the rows keep only the hands still
in; their up cards were seen, but the definition is the same for every game). A pot whose count
is past the work :func:`~pokerscore.games.holdem.equity.equity` enumerates exactly with
``method="auto"`` (``EXACT_LIMIT``: three players or more before sixth street) gives the hand no
all-in EV (None, as a hand without an all-in) rather than an estimate. The all-in street is the
betting round by hold'em's names, as ``saw_flop`` counts fourth street: third street
``preflop``, fourth ``flop``, fifth ``turn``, sixth ``river``.

Pots are taken as the site paid them out: where the site kept a rake, each pot is reduced in the
proportion of the whole hand's rake, so that all-in EV and the actual result add up alike.

Equities are cached per process under a canonical form of the spot (suits renamed, players and
cards sorted): an all-in of AhAs against KhKc costs one enumeration however often and in
whichever suits it comes back. A heads-up hold'em all-in preflop with no other card known costs
none: it is read from the shipped table of every such matchup
(:mod:`pokerscore.games.holdem.matchups`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from functools import cache, lru_cache, partial
from typing import TYPE_CHECKING, Final, NamedTuple

import numpy as np
import numpy.typing as npt

from pokerscore._support.errors import PokerScoreError
from pokerscore.cards import Card
from pokerscore.engine import HIGH, get_ranking
from pokerscore.engine.rankings import ACE_TO_FIVE, BADUGI, DEUCE_TO_SEVEN, EIGHT_OR_BETTER
from pokerscore.engine.short_tables import badugi_tables, short_hand_tables
from pokerscore.games.holdem.equity import equity, stud_shares
from pokerscore.games.holdem.game import get_game
from pokerscore.games.holdem.matchups import BOARDS as MATCHUP_BOARDS
from pokerscore.games.holdem.matchups import matchup_halves
from pokerscore.histories._layout import (
    DEN,
    F_ALLIN_CARDS,
    F_COUNT,
    F_POTS,
    GAME_CODES,
    SHORT_DECK,
    SHORT_DECK_SOT,
    STUD_CARDS,
    HandRows,
    ReplayTables,
    in_parts,
)
from pokerscore.histories._layout import HOLDEM as HOLDEM_CODE
from pokerscore.histories._pot_kernels import any_five_shares, exact_shares, preflop_shares
from pokerscore.histories._replay_kernels import CASHED_OUT, MUCKED, SHOWDOWN

if TYPE_CHECKING:
    from pokerscore.games.holdem.game import Game


CACHE_SIZE: Final = 1 << 18
"""Spots whose equities are kept (each a few hundred bytes)."""
HOLDEM: Final = get_game("holdem")


def _canonical(
    holes: Sequence[tuple[int, ...]],
    board: tuple[int, ...],
    dead: tuple[int, ...],
    pots: Sequence[int],
) -> tuple[
    tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]
]:
    """A spot with its suits renamed in a canonical way, where each player went in it, and its
    pots (masks of contenders), in the given order, as masks of the players' new places.

    Players are put in order of their ranks (the given order between equal ranks); each suit is
    then known by the ranks it holds on the board, in the dead cards and in each player's hand,
    and the suits are renamed in the order of those signatures. Suits of equal signatures are
    interchangeable, so every renaming of the suits of a spot gives the same form (but for
    players of equal ranks, which may come out twice: a cache key, no more).
    """
    ranks = [sorted([c >> 2 for c in hole]) for hole in holes]
    order = sorted(range(len(holes)), key=ranks.__getitem__)  # stable: the given order on ties
    groups = [board, dead, *(holes[p] for p in order)]
    # a suit's signature, the ranks it holds in each group, as one integer of 13 bits a group,
    # the first group highest: integers compare as the lists of masks would
    signature = [0, 0, 0, 0]
    shift = 13 * len(groups)
    for group in groups:
        shift -= 13
        for card in group:
            signature[card & 3] |= 1 << ((card >> 2) + shift)
    ranked = sorted(range(4), key=signature.__getitem__, reverse=True)
    rename = [0] * 4
    for new, suit in enumerate(ranked):
        rename[suit] = new

    def renamed(cards: Sequence[int]) -> tuple[int, ...]:
        return tuple(sorted([(c & ~3) | rename[c & 3] for c in cards]))

    places = [0] * len(holes)
    for place, p in enumerate(order):
        places[p] = place
    return (
        tuple(renamed(holes[p]) for p in order),
        renamed(board),
        renamed(dead),
        tuple(places),
        tuple(sum(1 << places[p] for p in range(len(holes)) if mask >> p & 1) for mask in pots),
    )


@cache
def kernel_tables() -> ReplayTables:
    """The tables the room's kernels read: 7-card high, short deck (straight over trips) and
    eight-or-better, the full and short decks as masks, 7-card ace-to-five (razz) and the stud
    up cards' tables under high and ace-to-five, five-card deuce-to-seven, badugi's four cards
    and short deck with trips over straights (built once per process)."""

    full = np.zeros(52, dtype=np.bool_)
    full[list(HIGH.deck)] = True
    short = np.zeros(52, dtype=np.bool_)
    sot = get_ranking("short-deck-straight-over-trips")
    short[list(sot.deck)] = True
    return ReplayTables(
        HIGH.tables(7),
        sot.tables(7),
        EIGHT_OR_BETTER.tables(7),
        full,
        short,
        ACE_TO_FIVE.tables(7),
        short_hand_tables(HIGH),
        short_hand_tables(ACE_TO_FIVE),
        DEUCE_TO_SEVEN.tables(5),
        badugi_tables(BADUGI),
        get_ranking("short-deck").tables(7),
    )


Shares = tuple[tuple[Fraction, ...], ...]
"""Each pot's shares, a row per pot and a share per player (0 for a player not in the pot)."""


@lru_cache(maxsize=CACHE_SIZE)
def _pot_shares(
    game: Game,
    players: tuple[tuple[int, ...], ...],
    board: tuple[int, ...],
    dead: tuple[int, ...],
    pots: tuple[int, ...],
) -> Shares | None:
    """Exact shares of each pot: a heads-up hold'em all-in preflop with no dead card is read
    from the table of every such matchup
    (:func:`~pokerscore.games.holdem.matchups.matchup_halves`), every other spot enumerated
    (:func:`enumerated_shares`; None for a stud spot past the work bound)."""
    if (
        game == HOLDEM
        and not board
        and not dead
        and pots == (0b11,)
        and len(players) == 2  # a third known hand is dead in the pot: the table has none
        and all(len(hole) == 2 for hole in players)
    ):
        halves = matchup_halves(players[0], players[1])
        return (tuple(Fraction(share, 2 * MATCHUP_BOARDS) for share in halves),)
    return enumerated_shares(game, players, board, dead, pots)


Counts = tuple[tuple[tuple[int, ...], ...], int]
"""Each pot's shares as whole counts over one denominator: a row per pot, a count per player."""


@lru_cache(maxsize=CACHE_SIZE)
def _pot_counts(
    game: Game,
    players: tuple[tuple[int, ...], ...],
    board: tuple[int, ...],
    dead: tuple[int, ...],
    pots: tuple[int, ...],
) -> Counts | None:
    """:func:`_pot_shares` over their least common denominator (all-in EV sums them in
    integers, :func:`allin_counts`)."""
    shares = _pot_shares(game, players, board, dead, pots)
    if shares is None:
        return None
    denominator = math.lcm(*(share.denominator for row in shares for share in row))
    return (
        tuple(tuple(s.numerator * (denominator // s.denominator) for s in row) for row in shares),
        denominator,
    )


def enumerated_shares(
    game: Game,
    players: tuple[tuple[int, ...], ...],
    board: tuple[int, ...],
    dead: tuple[int, ...],
    pots: tuple[int, ...],
) -> Shares | None:
    """Exact shares of each pot (``pots``: masks of the players contending for it; the others'
    cards are dead in it, as in the main pot), every pot valued in one enumeration of the rest of
    the board by a kernel of this room (:func:`equity` gives the same numbers, as the tests
    check, but has a per-call cost larger than the enumeration of an all-in on the flop, some
    990 boards). Stud (no board) counts each pot's deals of the cards still to come by the stud
    equity's kernels (:func:`_stud_pots`): None when a pot is past their work bound."""
    if game.board_cards == 0:
        return _stud_pots(game, players, dead, pots)
    tables = kernel_tables()
    code = GAME_CODES.get(game.name)
    if code is None:  # a game the kernel does not play: pokerscore's equity, pot by pot
        return tuple(_by_equity(game, players, board, dead, pot) for pot in pots)
    taken = {*board, *dead, *(card for hole in players for card in hole)}
    rest = np.array([card for card in game.deck if card not in taken], dtype=np.int64)
    holes = np.full((len(players), STUD_CARDS), -1, dtype=np.int64)
    for row, hole in enumerate(players):
        holes[row, : len(hole)] = hole
    shares = np.zeros((len(pots), len(players)), dtype=np.int64)
    known = np.array(board, dtype=np.int64)
    masks = np.array(pots, dtype=np.int64)
    if code in (HOLDEM_CODE, SHORT_DECK_SOT, SHORT_DECK):
        ranking = {HOLDEM_CODE: tables.high7, SHORT_DECK_SOT: tables.sot7}.get(code, tables.tos7)
        keys = np.array([sum(int(ranking.card_keys[c]) for c in hole) for hole in players])
        suits = np.zeros(len(players), dtype=np.int64)
        for row, hole in enumerate(players):
            for card in hole:
                suits[row] |= int(ranking.suit_bits[card])
        if not board:  # preflop: boards judged by rank patterns, flush boards dealt
            out_of_play = np.ones(52, dtype=np.bool_)
            out_of_play[rest] = False
            boards = preflop_shares(holes[:, :2].copy(), out_of_play, ranking, masks, shares)
        else:
            boards = any_five_shares(keys.astype(np.int64), suits, known, rest, ranking, masks,
                                       shares)  # fmt: skip
    else:
        boards = exact_shares(code, holes, len(players[0]), known, rest, tables, masks, shares)
    return tuple(tuple(Fraction(int(share), boards * DEN) for share in row) for row in shares)


def _stud_pots(
    game: Game, players: tuple[tuple[int, ...], ...], dead: tuple[int, ...], pots: tuple[int, ...]
) -> Shares | None:
    """Each stud pot's exact shares: the contenders' cards still to come dealt from the deck less
    every known card (:func:`~pokerscore.games.holdem.equity.stud_shares`, heads-up by its sweep
    over both players' completions, more players deal by deal), the cards of the players not in
    the pot dead in it. The cards of the players who folded are not known here (the rows keep
    only the hands still in), so they stay in the deck, as in hold'em's all-in EV. None when a
    pot is past the work the stud equity enumerates exactly (``EXACT_LIMIT``: three players or
    more before sixth street, some 10^9 deals on fifth and 10^14 on third street).

    The deck running short (eight players to seventh street: one shared last card) never comes
    up here: the rows know every card of a hand only when each player was dealt seven cards of
    their own, and seven players or fewer leave enough cards."""
    found: list[tuple[Fraction, ...]] = []
    for pot in pots:
        contenders = [p for p in range(len(players)) if pot >> p & 1]
        out = [card for p in range(len(players)) if not pot >> p & 1 for card in players[p]]
        shares = stud_shares(game, [players[p] for p in contenders], (*dead, *out))
        if shares is None:
            return None
        row = [Fraction(0)] * len(players)
        for p, share in zip(contenders, shares, strict=True):
            row[p] = share
        found.append(tuple(row))
    return tuple(found)


def enumerated_equities(
    game: Game, players: tuple[tuple[int, ...], ...], board: tuple[int, ...], dead: tuple[int, ...]
) -> tuple[Fraction, ...]:
    """Exact shares of one pot that every player contends for (:func:`enumerated_shares`)."""
    return _counted(enumerated_shares(game, players, board, dead, ((1 << len(players)) - 1,)))[0]


def _counted(shares: Shares | None) -> Shares:
    """Shares that were counted: a stud spot past the work bound is an error here."""
    if shares is None:
        raise PokerScoreError(
            "a stud spot past the work the stud equity enumerates exactly: no exact shares"
        )
    return shares


def _by_equity(
    game: Game,
    players: tuple[tuple[int, ...], ...],
    board: tuple[int, ...],
    dead: tuple[int, ...],
    pot: int | None = None,
) -> tuple[Fraction, ...]:
    """A pot's shares by :func:`equity` (every player's, or the contenders' of ``pot``: the
    others' cards dead)."""
    contending = [p for p in range(len(players)) if pot is None or pot >> p & 1]
    out = [card for p in range(len(players)) if p not in contending for card in players[p]]
    result = equity(
        [[Card(c) for c in players[p]] for p in contending],
        board=[Card(c) for c in board],
        dead=[Card(c) for c in (*dead, *out)],
        game=game,
        method="exact",
    )
    found = [Fraction(0)] * len(players)
    for p, player in zip(contending, result.players, strict=True):
        assert player.equity_exact is not None
        found[p] = player.equity_exact
    return tuple(found)


def pot_shares(
    game: Game,
    holes: Sequence[tuple[int, ...]],
    board: tuple[int, ...],
    pots: Sequence[int],
    dead: tuple[int, ...] = (),
) -> Shares | None:
    """Each pot's exact shares (exact enumeration of the rest of the board, all pots at once):
    ``holes`` as card ids, ``pots`` as masks of the players contending for each (the others'
    cards dead in it). Cached under the spot's canonical form, so the same all-in in other suits
    or seats costs nothing. None for a stud spot past the work bound (:func:`_stud_pots`)."""
    players, board_key, dead_key, places, moved = _canonical(holes, board, dead, pots)
    key = tuple(sorted(set(moved)))  # each pot once, in one order: the cache's key
    counted = _pot_shares(game, players, board_key, dead_key, key)
    if counted is None:
        return None
    rows = dict(zip(key, counted, strict=True))
    return tuple(tuple(rows[pot][place] for place in places) for pot in moved)


def exact_equities(
    game: Game,
    holes: Sequence[Sequence[Card]],
    board: Sequence[Card] = (),
    dead: Sequence[Card] = (),
) -> tuple[Fraction, ...]:
    """Each player's exact share of a pot (exact enumeration of the rest of the board), cached.

    >>> from pokerscore.games.holdem.game import get_game
    >>> from pokerscore.cards import parse_cards
    >>> exact_equities(get_game("holdem"), [parse_cards("AhAs"), parse_cards("KhKc")])
    (Fraction(255121, 311328), Fraction(56207, 311328))
    """
    ids = [tuple(card.id for card in hole) for hole in holes]
    everyone = (1 << len(ids)) - 1
    board_ids = tuple(card.id for card in board)
    dead_ids = tuple(card.id for card in dead)
    return _counted(pot_shares(game, ids, board_ids, (everyone,), dead_ids))[0]


def pot_counts(
    game: Game,
    holes: Sequence[tuple[int, ...]],
    board: tuple[int, ...],
    pots: Sequence[int],
    dead: tuple[int, ...] = (),
) -> Counts | None:
    """:func:`pot_shares` as whole counts over one denominator, the shares' least common one
    (the same values: ``Fraction(count, denominator)``), cached as they are."""
    players, board_key, dead_key, places, moved = _canonical(holes, board, dead, pots)
    key = tuple(sorted(set(moved)))
    counted = _pot_counts(game, players, board_key, dead_key, key)
    if counted is None:
        return None
    rows = dict(zip(key, counted[0], strict=True))
    return tuple(tuple(rows[pot][place] for place in places) for pot in moved), counted[1]


def judged_counts(
    game: Game,
    holes: Mapping[int, tuple[int, ...] | None],
    board: tuple[int, ...],
    contenders: Sequence[Sequence[int]],
    mucked: bool,
) -> tuple[list[dict[int, int] | None], int] | None:
    """:func:`judged_pots` as whole counts by seat over one denominator for every valued pot
    (1 when no pot is valued)."""
    valued = [
        not mucked and len(seats) > 1 and all(holes.get(seat) is not None for seat in seats)
        for seats in contenders
    ]
    if not any(valued):
        return [None] * len(contenders), 1
    seats = [seat for seat, hole in holes.items() if hole is not None]
    column = {seat: place for place, seat in enumerate(seats)}
    masks = [
        sum(1 << column[seat] for seat in pot)
        for pot, value in zip(contenders, valued, strict=True)
        if value
    ]
    counted = pot_counts(game, [holes[seat] or () for seat in seats], board, masks)
    if counted is None:
        return None
    rows = iter(counted[0])
    found: list[dict[int, int] | None] = []
    for pot, value in zip(contenders, valued, strict=True):
        row = next(rows) if value else None
        found.append(None if row is None else {seat: row[column[seat]] for seat in pot})
    return found, counted[1]


def judged_pots(
    game: Game,
    holes: Mapping[int, tuple[int, ...] | None],
    board: tuple[int, ...],
    contenders: Sequence[Sequence[int]],
    mucked: bool,
) -> list[dict[int, Fraction] | None] | None:
    """Each pot's exact shares by seat where all-in EV values it, None where the pot keeps its
    actual result: a pot is valued when more than one player contends for it, every one of
    their hands is known and no hand still in was mucked. ``holes`` are the hands (card ids) of
    the players still in the hand, None where unknown; every known hand not in a pot is dead in
    it. All the valued pots come from one enumeration (:func:`pot_shares`); None for a stud
    all-in past the work bound (no all-in EV)."""
    judged = judged_counts(game, holes, board, contenders, mucked)
    if judged is None:
        return None
    found, denominator = judged
    return [
        None if pot is None else {seat: Fraction(count, denominator) for seat, count in pot.items()}
        for pot in found
    ]


class SeatValues(NamedTuple):
    """A hand's row data that its all-in EV reads, as Python lists (of ``count`` players and
    ``pots`` pots): what :func:`allin_counts` takes, gathered a hand at a time
    (:func:`row_allin_evs`) or a block's all-in hands at once (:func:`block_allin_evs`)."""

    flags: list[int]
    amounts: list[int]
    won: list[int]
    """In 1/DEN of a unit."""
    put_in: list[int]
    holes: list[list[int]]
    masks: list[int]
    board: list[int]


def allin_counts(
    game: Game,
    seats: SeatValues,
    allin_cards: int,
    parts: Callable[[int], list[int]],
) -> tuple[dict[int, int], int] | None:
    """Each player's all-in EV (in units) as a whole count over one positive denominator, keyed
    by seat index (:func:`row_allin_evs` gives them as Fractions, :func:`block_allin_evs` as
    floats in chips; ``count / denominator`` in
    Python's integers is the float of that Fraction, both correctly rounded). ``parts(pot)``
    is the row's shares of a pot in 1/DEN by player, read only where a pot keeps its result or a
    player cashed out. None for a stud all-in past the work bound (:func:`_stud_pots`).

    Every pot's value is summed over the common denominator of the ratio paid out, the valued
    pots' counts and DEN, in integers: exact, no Fraction on the way."""
    flags, amounts, won, put_in = seats.flags, seats.amounts, seats.won, seats.put_in
    count, pots = len(flags), len(amounts)
    in_hand = [i for i in range(count) if flags[i] & SHOWDOWN]
    total = sum(amounts)
    paid = sum(won)
    mucked = any(flags[i] & MUCKED for i in in_hand)
    holes: dict[int, tuple[int, ...] | None] = {}
    for i in in_hand:
        row = seats.holes[i]
        holes[i] = tuple(card for card in row if card >= 0) if row[0] >= 0 else None
    contenders = [[i for i in range(count) if mask >> i & 1] for mask in seats.masks]
    if game.board_cards == 0:  # stud: the cards each player held at the all-in, no board
        holes = {i: None if hole is None else hole[:allin_cards] for i, hole in holes.items()}
        board: tuple[int, ...] = ()
    else:
        board = tuple(seats.board[:allin_cards])
    judged = judged_counts(game, holes, board, contenders, mucked)
    if judged is None:
        return None
    valued, den = judged
    counted = total * DEN
    cashed = [i for i in range(count) if flags[i] & CASHED_OUT]
    if cashed:  # paid during the hand: the share paid out is the others' of what they won
        counted -= sum(amounts[pot] * parts(pot)[i] for pot in range(pots) for i in cashed)
        paid = sum(won[i] for i in range(count) if i not in cashed)
    elif paid == total * DEN and not any(valued):  # every pot keeps its result, no rake
        return {i: won[i] - put_in[i] * DEN for i in in_hand}, DEN
    if not counted:  # nothing counted: the pots as they are
        paid, counted = 1, 1
    if counted < 0:
        paid, counted = -paid, -counted
    # value_i = paid / counted x (sum of valued amount x share / den + kept amount x part / DEN)
    sums = dict.fromkeys(in_hand, 0)
    for pot, shares in enumerate(valued):
        amount = amounts[pot]
        if shares is None:
            for i, part in enumerate(parts(pot)):
                if part:
                    sums[i] += amount * part * den
        else:
            for i, share in shares.items():
                sums[i] += amount * share * DEN
    denominator = counted * den * DEN
    return {i: paid * sums[i] - put_in[i] * denominator for i in in_hand}, denominator


def row_allin_evs(
    rows: HandRows, hand: int, game: Game, count: int, pots: int, allin_cards: int
) -> dict[int, Fraction] | None:
    """Each player's all-in EV (in units), keyed by seat index, for row ``hand`` of the compiled
    replay's ``rows`` (a hand with an all-in before the river, its board then ``allin_cards``
    long; in stud, before seventh street, each player then holding ``allin_cards`` of their
    seven): :func:`allin_counts` on the kernel's results, as Fractions. None for a stud all-in
    past the work bound (:func:`_stud_pots`)."""
    seats = SeatValues(
        rows.flags[hand, :count].tolist(),
        rows.pots[hand, :pots].tolist(),
        in_parts(rows.won[hand], rows.won_parts[hand]).tolist()[:count],
        rows.put_in[hand, :count].tolist(),
        rows.holes[hand, :count].tolist(),
        rows.pot_masks[hand, :pots].tolist(),
        rows.boards[hand].tolist(),
    )
    found = allin_counts(
        game, seats, allin_cards, lambda pot: rows.pot_shares[hand, pot, :count].tolist()
    )
    if found is None:
        return None
    values, denominator = found
    return {i: Fraction(value, denominator) for i, value in values.items()}


def block_allin_evs(
    rows: HandRows, hands: Sequence[int], games: Sequence[Game | None], scales: Sequence[int]
) -> tuple[list[int], list[int], list[float]]:
    """Every all-in EV (in chips) of the rows' ``hands`` (hands with an all-in before the river,
    each of ``games``, None for a game with no all-in EV (draw), and of ``scales`` units a
    chip), as three columns: the hand's row, the seat's index and the EV. The hands' rows are
    read in one gather each, every EV summed in integers (:func:`allin_counts`) and divided
    once (``count / denominator`` in Python's integers: the float of :func:`row_allin_evs`'
    Fraction over the units a chip, both correctly rounded). A hand past the stud work bound has none (:func:`_stud_pots`). The runs'
    columns (``batches``) and the per-hand iterator's (``kernel_results``) both take them here."""
    found_hands: list[int] = []
    found_seats: list[int] = []
    found_values: list[float] = []
    if not len(hands):
        return found_hands, found_seats, found_values
    at = np.asarray(hands, dtype=np.intp)
    facts = rows.facts[at][:, [F_COUNT, F_POTS, F_ALLIN_CARDS]]
    players = int(facts[:, 0].max())  # no wider than the hands' players and pots
    most = int(facts[:, 1].max())
    flags = rows.flags[at, :players].tolist()
    amounts = rows.pots[at, :most].tolist()
    won = in_parts(rows.won[at, :players], rows.won_parts[at, :players]).tolist()
    put_in = rows.put_in[at, :players].tolist()
    holes = rows.holes[at, :players].tolist()
    masks = rows.pot_masks[at, :most].tolist()
    boards = rows.boards[at].tolist()
    shares = rows.pot_shares
    for k, (hand, game, scale, (count, pots, cards)) in enumerate(
        zip(at.tolist(), games, scales, facts.tolist(), strict=True)
    ):
        if game is None:
            continue
        seats = SeatValues(
            flags[k][:count], amounts[k][:pots], won[k][:count], put_in[k][:count],
            holes[k][:count], masks[k][:pots], boards[k],
        )  # fmt: skip
        found = allin_counts(game, seats, cards, partial(_pot_parts, shares, hand, count))
        if found is None:
            continue
        values, denominator = found
        denominator *= scale
        for i, value in values.items():
            found_hands.append(hand)
            found_seats.append(i)
            found_values.append(value / denominator)
    return found_hands, found_seats, found_values


def _pot_parts(shares: npt.NDArray[np.int32], hand: int, count: int, pot: int) -> list[int]:
    """A hand's shares of a pot in 1/DEN by player (the rows' ``pot_shares``)."""
    return shares[hand, pot, :count].tolist()  # type: ignore[no-any-return]
