"""Per-player statistics over a database of replayed hands, as a tracker shows them.

- **hands**: hands the player was dealt into.
- **net**: chips (or money) won less put in, after rake; **allin_ev_net**: the same with each
  all-in's actual result replaced by its all-in EV (:mod:`~pokerscore.histories.allin`):
  ``net - actual + EV`` summed, i.e. ``allin_ev`` where a hand has one, ``net`` elsewhere.
- **bb_per_100**, **allin_ev_bb_per_100**: the two, each hand counted in its own big blinds,
  per 100 hands.
- **VPIP**: share of hands with a voluntary preflop call or raise (blinds and checks are not);
  **PFR**: share with a preflop raise.
- **WTSD**: share of the hands in which the player saw the flop that went to a showdown (a
  player all in before the flop sees it); **W$SD**: share of showdowns in which the player won
  money (any share of any pot).

From the actions of each hand, counted once per hand and player and carried in the rows
(the eight columns of :data:`~pokerscore.histories.model.ACTION_COUNTS`): the kernels count
them as they read a hand (``_stats_kernels.action_flags``), :func:`action_counts` for the
hands they refuse and for replayed hands given here; the tests hold the two equal hand by hand.
A run's players table, the database's report and :func:`player_stats` add up the same counts:

- **3-bet**: share of the chances to 3-bet taken. A chance: the player acts preflop facing
  exactly one raise (the open raise, by another player: the blinds are no raise; limps before
  it change nothing); taken when the player raises there (the second raise of the round).
- **fold to 3-bet**: the player made the open raise and acts facing the 3-bet (no 4-bet since);
  the share of those in which the player folds.
- **c-bet**: the player made the last raise preflop and acts on the flop before anyone has bet
  on it; the share of those in which the player bets. A hand whose flop comes with nobody left
  to bet (an all-in preflop run out) has no flop action, so it is no chance; nor is a flop on
  which another player bets first.
- **fold to c-bet**: the player acts on the flop facing the c-bet (no raise since); the share of
  those in which the player folds.

These four are known where every hand of the player was counted this way (None where a tally
was given sums without them: :meth:`StatsTally.add_totals` with no ``actions``). In the draw
games "preflop" is the betting before the first draw and "the flop" the betting after it (VPIP
and PFR alike: the kernels' flags on the first betting round).

A :class:`StatsTally` adds hands one at a time and merges with another (so parts of a database
counted apart, on Dask say, add up to the same figures as one pass).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Final

import numpy as np
import numpy.typing as npt

from pokerscore._support.errors import ParameterError, expect
from pokerscore._support.slots import slot_init
from pokerscore.histories.model import ACTION_COUNTS, HandHistory, HandResult

if TYPE_CHECKING:
    from pokerscore.histories._stats_kernels import NameSlots, TallyRows


@slot_init  # a database's report makes one a player, some hundred thousand
@dataclass(frozen=True, slots=True)
class PlayerStats:
    """One player's figures over a database."""

    player: str
    hands: int
    net: float
    allin_ev_net: float
    bb_per_100: float
    allin_ev_bb_per_100: float
    vpip: float
    pfr: float
    wtsd: float
    wsd: float
    """W$SD."""
    three_bet: float | None = None
    fold_to_three_bet: float | None = None
    cbet: float | None = None
    fold_to_cbet: float | None = None
    """The four figures of the actions (see the module); None where not every hand's actions
    were counted."""

    def as_json(self) -> dict[str, Any]:
        """The figures as JSON: :data:`JSON_AS_IS`, then :data:`JSON_ROUNDED` and the
        :data:`ACTION_FIGURES` that are known, rounded to :data:`JSON_PLACES` (the layout
        :func:`players_json` writes by column)."""
        found: dict[str, Any] = {name: getattr(self, name) for name in JSON_AS_IS}
        for name in JSON_ROUNDED:
            found[name] = round(getattr(self, name), JSON_PLACES)
        for name in ACTION_FIGURES:
            if (value := getattr(self, name)) is not None:
                found[name] = round(value, JSON_PLACES)
        return found


_COUNTS: Final = ("hands", "vpip", "pfr", "saw_flop", "showdowns", "won_showdowns")
ACTION_FIGURES: Final = ("three_bet", "fold_to_three_bet", "cbet", "fold_to_cbet")
JSON_AS_IS: Final = ("player", "hands")
"""The figures :meth:`PlayerStats.as_json` writes as they are, first."""
JSON_ROUNDED: Final = (
    "net", "allin_ev_net", "bb_per_100", "allin_ev_bb_per_100", "vpip", "pfr", "wtsd", "wsd"
)  # fmt: skip
"""The figures it writes rounded, after them (then the :data:`ACTION_FIGURES` known)."""
JSON_PLACES: Final = 6
"""The decimal places of a rounded figure in JSON."""


def players_json(players: Sequence[PlayerStats], *, ensure_ascii: bool = True) -> str:
    """The JSON text of ``[stats.as_json() for stats in players]`` as :func:`json.dumps` writes
    it (the same characters), made by column: a database's report writes some hundred thousand
    players, and a dictionary and :data:`JSON_PLACES` calls of ``round`` a player, then the
    encoder's pass over them, cost more than the rest of the report (``benchmarks/histories.md``).

    >>> stats = PlayerStats("Ann", 2, 1 / 3, 0.5, 25.0, 25.0, 1.0, 0.5, 0.0, 0.0)
    >>> players_json([stats]) == json.dumps([stats.as_json()])
    True
    """
    count = len(players)
    if not count:
        return "[]"
    known = [list(map(attrgetter(name), players)) for name in ACTION_FIGURES]
    width = 2 * (len(JSON_AS_IS) + len(JSON_ROUNDED) + len(ACTION_FIGURES)) + 1
    pieces: list[str] = [""] * (count * width)  # each player's keys and values in turn
    at = 0
    for name in (*JSON_AS_IS, *JSON_ROUNDED):
        key = json.dumps(name)
        pieces[at::width] = [("{" if at == 0 else ", ") + key + ": "] * count
        values = list(map(attrgetter(name), players))
        pieces[at + 1 :: width] = (
            _json_texts(values, ensure_ascii)
            if name in JSON_AS_IS
            else _rounded_texts(values, ensure_ascii)
        )
        at += 2
    for name, values in zip(ACTION_FIGURES, known, strict=True):
        key = ", " + json.dumps(name) + ": "
        if None in values:  # a figure not known: neither its key nor its value
            pieces[at::width] = ["" if value is None else key for value in values]
            texts = _rounded_texts([0.0 if value is None else value for value in values], True)
            pieces[at + 1 :: width] = [
                "" if value is None else text for value, text in zip(values, texts, strict=True)
            ]
        else:
            pieces[at::width] = [key] * count
            pieces[at + 1 :: width] = _rounded_texts(values, ensure_ascii)
        at += 2
    pieces[at::width] = ["}, "] * (count - 1) + ["}"]
    return "[" + "".join(pieces) + "]"


def _json_texts(values: list[Any], ensure_ascii: bool) -> list[str]:
    """Each value's JSON text, as :func:`json.dumps` writes it."""
    kinds = set(map(type, values))
    if kinds == {str}:
        encode = (
            json.encoder.encode_basestring_ascii if ensure_ascii else json.encoder.encode_basestring
        )
        return list(map(encode, values))
    if kinds == {int}:
        return list(map(int.__repr__, values))
    return [json.dumps(value, ensure_ascii=ensure_ascii) for value in values]


def _rounded_texts(values: list[Any], ensure_ascii: bool) -> list[str]:
    """The JSON text of ``round(value, JSON_PLACES)`` for each value, the floats rounded by
    column: ``rint(value * 10**places) / 10**places`` is Python's ``round`` exactly (the nearest
    float to the value's decimal rounded half to even) wherever the product, rounded once, is
    below 2**52 and cannot have crossed a half; elsewhere (a near half, a huge or an infinite
    value, NaN) ``round`` itself."""
    if set(map(type, values)) != {float}:
        return [
            json.dumps(round(value, JSON_PLACES), ensure_ascii=ensure_ascii) for value in values
        ]
    scale = 10.0**JSON_PLACES
    with np.errstate(over="ignore", invalid="ignore"):  # those are Python's round's
        scaled = np.array(values, dtype=np.float64) * scale
        rounded = np.rint(scaled) / scale
        # the product is within half its last bit of the exact one, a 2**-53 part of it
        half = np.abs(scaled - np.floor(scaled) - 0.5)
        sure = (np.abs(scaled) < 2.0**52) & (half > np.abs(scaled) * 2.0**-50)
    # each distinct float written once (by its bits: -0.0 is not 0.0): a share of a few hands
    # takes a few dozen values over thousands of players
    distinct, where = np.unique(rounded.view(np.int64), return_inverse=True)
    written = list(map(float.__repr__, distinct.view(np.float64).tolist()))
    texts = list(map(written.__getitem__, where.tolist()))
    if not sure.all():
        for unsure in np.flatnonzero(~sure).tolist():
            texts[unsure] = json.dumps(round(values[unsure], JSON_PLACES))
    return texts


def action_counts(hand: HandHistory) -> list[list[int]]:
    """Each player's :data:`ACTION_COUNTS` (0 or 1 each) in one hand, from its actions (the
    definitions are the module's).

    >>> from pokerscore.histories.phh import parse_phh
    >>> hand = parse_phh('''
    ... variant = 'NT'
    ... antes = [0, 0, 0]
    ... blinds_or_straddles = [1, 2, 0]
    ... min_bet = 2
    ... starting_stacks = [100, 100, 100]
    ... actions = ['p3 cbr 6', 'p1 cbr 18', 'p2 f', 'p3 cc', 'd db AhKd2c', 'p1 cbr 20', 'p3 f']
    ... ''')
    >>> action_counts(hand)  # p3 opens, p1 3-bets, p2 faces two raises: no chance
    [[1, 1, 0, 0, 1, 1, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 1, 0, 0, 0, 1, 1]]
    """
    counts = [[0] * len(ACTION_COUNTS) for _ in hand.seats]
    street = 0
    raises = 0
    opener: int | None = None
    aggressor: int | None = None
    flop_bet = False
    cbet = False
    raised_after_cbet = False
    drawing = False
    for action in hand.actions:
        kind = action.kind
        if kind == "deal-board":
            street += 1
            continue
        if kind == "draw":  # a draw game: the first draw of a round opens the next street
            street += not drawing
            drawing = True
            continue
        if kind in ("deal-hole", "show", "muck") or action.actor is None:
            continue
        drawing = False
        player = action.actor
        mine = counts[player]
        raising = kind == "bet-raise"
        if street == 0:
            if raises == 1 and player != opener:
                mine[0] = 1
                mine[1] = int(raising)
            elif raises == 2 and player == opener and not mine[2]:
                mine[2] = 1
                mine[3] = int(kind == "fold")
            if raising:
                raises += 1
                aggressor = player
                if raises == 1:
                    opener = player
        elif street == 1:
            if not flop_bet:
                if player == aggressor:
                    mine[4] = 1
                    mine[5] = int(raising)
                    cbet = raising
                flop_bet = raising
            elif cbet and not raised_after_cbet and player != aggressor and not mine[6]:
                mine[6] = 1
                mine[7] = int(kind == "fold")
                raised_after_cbet = raising
            elif raising:
                raised_after_cbet = True
    return counts


_SUMS: Final = ("net", "allin_ev_net", "net_bb", "allin_ev_bb")


class PlayerNames:
    """The players' names a run's blocks met, each numbered once (its id: its place in
    :attr:`names`) and found by its UTF-8 bytes in compiled code (``_stats_kernels``'
    :class:`~._stats_kernels.NameSlots`), so that a block of the kernels' rows makes a Python
    string only for a name not met before. Shared by the parts a process runs, each part's
    tally keeping its own rows (:meth:`StatsTally.add_block`)."""

    def __init__(self) -> None:
        self.names: list[str] = []
        self._slots: NameSlots | None = None
        self._used = 0
        """The bytes of the slots' store used."""
        self._seen = np.zeros(0, dtype=np.int64)
        self.blocks = 0
        """The blocks :meth:`StatsTally.add_block` was given."""

    def scratch(self) -> npt.NDArray[np.int64]:
        """-1 for every id (``_stats_kernels.block_codes``' ``seen``, which leaves it so)."""
        if len(self._seen) < len(self.names):
            self._seen = np.full(max(len(self.names), 2 * len(self._seen)), -1, dtype=np.int64)
        return self._seen

    def ids(self, players: Any) -> npt.NDArray[np.int64]:
        """Each name's id (an Arrow string array without nulls), new names numbered in order
        of first appearance."""
        from pokerscore.histories._stats_kernels import find_players

        data, offsets = _string_buffers(players)
        found = np.full(len(players), -1, dtype=np.int64)
        if not self.names or find_players(self._room(0, 0), data, offsets, found):
            import pyarrow as pa

            missing = found < 0
            self._store(players if missing.all() else players.filter(pa.array(missing)))
            find_players(self._room(0, 0), data, offsets, found)
        return found

    def _store(self, players: Any) -> None:
        """New names (an Arrow string array), numbered in order of first appearance."""
        import pyarrow.compute as pc

        from pokerscore.histories._stats_kernels import store_players

        new = pc.unique(players)  # in order of first appearance
        data, offsets = _string_buffers(new)
        starts = offsets[:-1].astype(np.int64)
        stops = offsets[1:].astype(np.int64)
        first = len(self.names)
        self.names += new.to_pylist()
        slots = self._room(len(new), int((stops - starts).sum()))
        places = np.arange(first, len(self.names), dtype=np.int64)
        self._used = store_players(slots, data, starts, stops, places, self._used)

    def _room(self, more: int, more_bytes: int) -> NameSlots:
        """The compiled index with room for ``more`` names of ``more_bytes`` bytes (grown, its
        names stored again, where it has none)."""
        from pokerscore.histories._stats_kernels import NameSlots, store_players

        old = self._slots
        if old is None:
            old = NameSlots(np.full(1024, -1, dtype=np.int64), np.zeros(1 << 16, dtype=np.uint8),
                            np.full((0, 2), -1, dtype=np.int64))  # fmt: skip
        known = len(self.names) - more  # stored already
        size, room, rows = len(old.slots), len(old.store), len(old.spans)
        while 2 * len(self.names) > size:
            size *= 2
        while self._used + more_bytes > room:
            room *= 2
        fits = (size, room) == (len(old.slots), len(old.store)) and rows >= len(self.names)
        if fits and old is self._slots:
            return old
        rows = max(len(self.names), 2 * rows, 1024)
        slots = NameSlots(np.full(size, -1, dtype=np.int64), np.zeros(room, dtype=np.uint8),
                          np.full((rows, 2), -1, dtype=np.int64))  # fmt: skip
        stored = np.arange(known, dtype=np.int64)
        starts, stops = np.ascontiguousarray(old.spans[:known].T)  # (a column: another type)
        self._used = store_players(slots, old.store, starts, stops, stored, 0)
        self._slots = slots
        return slots


def _string_buffers(array: Any) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int32]]:
    """An Arrow string array's data and offsets (its own slice of them) as NumPy views."""
    _, offsets, data = array.buffers()
    at = array.offset
    bytes_ = np.frombuffer(data, dtype=np.uint8) if data is not None else np.zeros(0, np.uint8)
    return bytes_, np.frombuffer(offsets, dtype=np.int32)[at : at + len(array) + 1]


class StatsTally:
    """Running counts per player, one row per player in arrays (a database holds some hundred
    thousand players): :meth:`add` a hand, :meth:`add_totals` a batch's sums by column,
    :meth:`merge` another tally."""

    def __init__(self) -> None:
        self.index: dict[str, int] = {}
        self.names: list[str] = []
        self.counts = np.zeros((0, len(_COUNTS)), dtype=np.int64)
        self.sums = np.zeros((0, len(_SUMS)), dtype=np.float64)
        self.actions = np.zeros((0, len(ACTION_COUNTS) + 1), dtype=np.int64)
        """Per player: the hands whose actions were counted, then :data:`ACTION_COUNTS`."""
        self._names: PlayerNames | None = None
        self._row_of = np.zeros(0, dtype=np.int64)
        """The row of each player of ``_names`` (:meth:`add_block`'s), -1 where none yet."""

    def __getstate__(self) -> dict[str, Any]:
        state = self.__dict__.copy()  # the players' bytes stay with the run that met them
        state.update(_names=None, _row_of=np.zeros(0, dtype=np.int64))
        return state

    def _rows(self, names: list[str]) -> npt.NDArray[np.int64]:
        """The rows of ``names``, new players added (numbered in order of first appearance)."""
        index = self.index
        found = list(map(index.get, names))  # a lookup at C speed: most names are known
        if None in found:
            for name in names:
                if name not in index:
                    index[name] = len(index)
                    self.names.append(name)
            found = list(map(index.get, names))
            room = self.counts.shape[0]
            if len(index) > room:
                size = max(len(index), 2 * room, 1024)
                counts = np.zeros((size, len(_COUNTS)), dtype=np.int64)
                sums = np.zeros((size, len(_SUMS)), dtype=np.float64)
                actions = np.zeros((size, len(ACTION_COUNTS) + 1), dtype=np.int64)
                counts[:room] = self.counts
                sums[:room] = self.sums
                actions[:room] = self.actions
                self.counts, self.sums, self.actions = counts, sums, actions
        return np.array(found, dtype=np.int64)

    def add(self, result: HandResult) -> None:
        hand = result.hand
        big_blind = hand.big_blind / hand.scale if hand.big_blind else 0.0
        rows = self._rows([player.player for player in result.players])
        seen = action_counts(hand)
        for row, player, mine in zip(rows.tolist(), result.players, seen, strict=True):
            self.actions[row] += (1, *mine)
            net = player.net
            adjusted = net if player.allin_ev is None else player.allin_ev
            counts = self.counts[row]
            counts += (1, player.vpip, player.pfr, player.saw_flop, player.went_to_showdown,
                       player.won_at_showdown)  # fmt: skip
            sums = self.sums[row]
            sums[0] += net
            sums[1] += adjusted
            if big_blind:
                sums[2] += net / big_blind
                sums[3] += adjusted / big_blind

    def add_totals(
        self,
        names: list[str],
        counts: npt.NDArray[np.int64],
        sums: npt.NDArray[np.float64],
        actions: npt.NDArray[np.int64] | None = None,
    ) -> None:
        """Add sums counted elsewhere (by column): row k of ``counts`` (hands, VPIP, PFR, saw
        the flop, showdowns, showdowns won), of ``sums`` (net, all-in EV adjusted net, the
        two in big blinds) and of ``actions`` (the hands whose actions were counted, then
        :data:`ACTION_COUNTS`; none: no hand's) belong to ``names[k]``, each name once."""
        rows = self._rows(names)
        self.counts[rows] += counts
        self.sums[rows] += sums
        if actions is not None:
            self.actions[rows] += actions

    def add_rows(self, names: list[str], rows: TallyRows) -> None:
        """Add a block's rows, by player (``rows.codes``: the place of each row's player in
        ``names``, each name once): :meth:`add_totals` of their sums by column, in one pass
        (:func:`~._stats_kernels.tally_rows`)."""
        self._add_places(self._rows(names), rows)

    def _add_places(self, places: npt.NDArray[np.int64], rows: TallyRows) -> None:
        """:func:`~._stats_kernels.tally_rows` of a block whose players are at ``places``."""
        from pokerscore.histories._replay_kernels import (
            PFR,
            SAW_FLOP,
            SHOWDOWN,
            VPIP,
            WON_SHOWDOWN,
        )
        from pokerscore.histories._stats_kernels import tally_rows

        bits = np.array([VPIP, PFR, SAW_FLOP, SHOWDOWN, WON_SHOWDOWN], dtype=np.int64)  # _COUNTS'
        tally_rows(rows, bits, places, self.counts, self.sums, self.actions)

    def add_block(self, names: PlayerNames, players: Any, rows: TallyRows) -> None:
        """:meth:`add_rows` of a block whose players are an Arrow string array (the kernels'
        rows), each found by its bytes (``names``, a run's: :class:`PlayerNames`), a Python
        string made only for a player this tally has no row for yet (``rows.codes`` not
        read)."""
        from pokerscore.histories._stats_kernels import block_codes

        if not names.blocks:  # a run's first block by Arrow's dictionary: a one-block run (a
            names.blocks += 1  # small file) makes no index
            import pyarrow.compute as pc

            encoded = pc.dictionary_encode(players)
            codes = encoded.indices.to_numpy().astype(np.int64)
            self.add_rows(encoded.dictionary.to_pylist(), rows._replace(codes=codes))
            return
        names.blocks += 1
        codes, ids = block_codes(names.ids(players), names.scratch())  # ids: first seen first
        if self._names is not names:
            self._names, self._row_of = names, np.zeros(0, dtype=np.int64)
        if len(self._row_of) < len(names.names):
            row_of = np.full(max(len(names.names), 2 * len(self._row_of)), -1, dtype=np.int64)
            row_of[: len(self._row_of)] = self._row_of
            self._row_of = row_of
        places = self._row_of[ids]
        new = places < 0
        if new.any():  # new players, numbered in order of first appearance
            fresh = ids[new]
            self._row_of[fresh] = self._rows([names.names[each] for each in fresh.tolist()])
            places = self._row_of[ids]
        self._add_places(places, rows._replace(codes=codes))

    def merge(self, other: StatsTally) -> None:
        size = len(other.names)
        if not self.names:  # the first part of a run: its rows as they are (0.0 + x: x + 0.0)
            self.index, self.names = dict(other.index), list(other.names)
            self.counts, self.actions = other.counts[:size].copy(), other.actions[:size].copy()
            self.sums = other.sums[:size] + 0.0
            return
        self.add_totals(other.names, other.counts[:size], other.sums[:size], other.actions[:size])

    def stats(self, player: str | None = None) -> list[PlayerStats]:
        """Every player's figures (most hands first), or one player's."""
        names = [player] if player is not None else self.names
        names = [name for name in names if name in self.index]
        rows = np.array([self.index[name] for name in names], dtype=np.int64)
        # the figures by column, then plain Python numbers, read once: a database's report
        # makes some hundred thousand
        hands, vpip, pfr, saw_flop, showdowns, won = self.counts[rows].T
        net, adjusted, net_bb, adjusted_bb = self.sums[rows].T
        counted, *seen = self.actions[rows].T
        per_hundred = _shares(np.full(len(rows), 100), hands)
        columns: list[list[Any]] = [
            names,
            hands.tolist(),
            net.tolist(),
            adjusted.tolist(),
            (per_hundred * net_bb).tolist(),
            (per_hundred * adjusted_bb).tolist(),
            *(_shares(part, whole).tolist() for part, whole in
              ((vpip, hands), (pfr, hands), (showdowns, saw_flop), (won, showdowns))),
        ]  # fmt: skip
        counted_all = (hands > 0) & (counted == hands)
        for at in range(len(ACTION_FIGURES)):
            shares = _shares(seen[2 * at + 1], seen[2 * at]).astype(object)
            shares[~counted_all] = None
            columns.append(shares.tolist())
        found = list(map(PlayerStats, *columns))
        found.sort(key=lambda stats: (-stats.hands, stats.player))
        return found


def _shares(
    parts: npt.NDArray[np.int64] | npt.NDArray[np.float64], wholes: npt.NDArray[np.int64]
) -> npt.NDArray[np.float64]:
    """``part / whole`` by column, 0 where the whole is 0."""
    out = np.zeros(len(parts), dtype=np.float64)
    np.divide(parts, wholes, out=out, where=wholes != 0)
    return out


def player_stats(results: Iterable[HandResult], *, player: str | None = None) -> list[PlayerStats]:
    """Each player's statistics over replayed hands (see the module), most hands first;
    ``player`` keeps one.

    >>> from pokerscore.histories.phh import parse_phh
    >>> from pokerscore.histories.replay import replay
    >>> hand = parse_phh('''
    ... variant = 'NT'
    ... antes = [0, 0]
    ... blinds_or_straddles = [1, 2]
    ... min_bet = 2
    ... starting_stacks = [100, 100]
    ... actions = ['p2 cbr 6', 'p1 f']
    ... ''')
    >>> [(s.player, s.hands, s.net, s.vpip, s.pfr, s.bb_per_100) for s in player_stats([replay(hand)])]
    [('p1', 1, -2.0, 0.0, 0.0, -100.0), ('p2', 1, 2.0, 1.0, 1.0, 100.0)]
    """
    expect(player, (str, type(None)), "player", "a player's name or None")
    if isinstance(results, str | bytes) or not isinstance(results, Iterable):
        raise ParameterError("{name} must be replayed hands (HandResult)", "results")
    tally = StatsTally()
    for result in results:
        expect(result, HandResult, "results", "replayed hands (HandResult)")
        tally.add(result)
    return tally.stats(player)
