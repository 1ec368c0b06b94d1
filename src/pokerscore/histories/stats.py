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

A :class:`StatsTally` adds hands one at a time and merges with another (so parts of a database
counted apart, on Dask say, add up to the same figures as one pass).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from pokerscore._support.errors import ParameterError, expect
from pokerscore.histories.model import HandResult


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

    def as_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "hands": self.hands,
            "net": round(self.net, 6),
            "allin_ev_net": round(self.allin_ev_net, 6),
            "bb_per_100": round(self.bb_per_100, 6),
            "allin_ev_bb_per_100": round(self.allin_ev_bb_per_100, 6),
            "vpip": round(self.vpip, 6),
            "pfr": round(self.pfr, 6),
            "wtsd": round(self.wtsd, 6),
            "wsd": round(self.wsd, 6),
        }


_COUNTS: Final = ("hands", "vpip", "pfr", "saw_flop", "showdowns", "won_showdowns")
_SUMS: Final = ("net", "allin_ev_net", "net_bb", "allin_ev_bb")


class StatsTally:
    """Running counts per player, one row per player in arrays (a database holds some hundred
    thousand players): :meth:`add` a hand, :meth:`add_totals` a batch's sums by column,
    :meth:`merge` another tally."""

    def __init__(self) -> None:
        self.index: dict[str, int] = {}
        self.names: list[str] = []
        self.counts = np.zeros((0, len(_COUNTS)), dtype=np.int64)
        self.sums = np.zeros((0, len(_SUMS)), dtype=np.float64)

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
                counts[:room] = self.counts
                sums[:room] = self.sums
                self.counts, self.sums = counts, sums
        return np.array(found, dtype=np.int64)

    def add(self, result: HandResult) -> None:
        hand = result.hand
        big_blind = hand.big_blind / hand.scale if hand.big_blind else 0.0
        rows = self._rows([player.player for player in result.players])
        for row, player in zip(rows.tolist(), result.players, strict=True):
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
        self, names: list[str], counts: npt.NDArray[np.int64], sums: npt.NDArray[np.float64]
    ) -> None:
        """Add sums counted elsewhere (by column): row k of ``counts`` (hands, VPIP, PFR, saw
        the flop, showdowns, showdowns won) and of ``sums`` (net, all-in EV adjusted net, the
        two in big blinds) belong to ``names[k]``, each name once."""
        rows = self._rows(names)
        self.counts[rows] += counts
        self.sums[rows] += sums

    def merge(self, other: StatsTally) -> None:
        size = len(other.names)
        self.add_totals(other.names, other.counts[:size], other.sums[:size])

    def stats(self, player: str | None = None) -> list[PlayerStats]:
        """Every player's figures (most hands first), or one player's."""
        names = [player] if player is not None else self.names
        found = [
            _figures(name, self.counts[self.index[name]], self.sums[self.index[name]])
            for name in names
            if name in self.index
        ]
        found.sort(key=lambda stats: (-stats.hands, stats.player))
        return found


def _share(part: int, whole: int) -> float:
    return part / whole if whole else 0.0


def _figures(
    name: str, counts: npt.NDArray[np.int64], sums: npt.NDArray[np.float64]
) -> PlayerStats:
    hands, vpip, pfr, saw_flop, showdowns, won = (int(value) for value in counts)
    net, adjusted, net_bb, adjusted_bb = (float(value) for value in sums)
    return PlayerStats(
        player=name,
        hands=hands,
        net=net,
        allin_ev_net=adjusted,
        bb_per_100=_share(100, hands) * net_bb,
        allin_ev_bb_per_100=_share(100, hands) * adjusted_bb,
        vpip=_share(vpip, hands),
        pfr=_share(pfr, hands),
        wtsd=_share(showdowns, saw_flop),
        wsd=_share(won, showdowns),
    )


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
