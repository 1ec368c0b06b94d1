"""Per-player statistics over a database of replayed hands, as a tracker shows them.

- **hands**: hands the player was dealt into.
- **net**: chips (or money) won less put in, after rake; **allin_ev_net**: the same with each
  all-in's actual result replaced by its all-in EV (:mod:`~pokerscore.files.histories.allin`):
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
from dataclasses import dataclass, field
from typing import Any

from pokerscore.files.histories.model import HandResult


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


_FIELDS = ("hands", "vpip", "pfr", "saw_flop", "showdowns", "won_showdowns")


@dataclass
class _Counts:
    hands: int = 0
    vpip: int = 0
    pfr: int = 0
    saw_flop: int = 0
    showdowns: int = 0
    won_showdowns: int = 0
    net: float = 0.0
    allin_ev_net: float = 0.0
    net_bb: float = 0.0
    allin_ev_bb: float = 0.0

    def merge(self, other: _Counts) -> None:
        for name in (*_FIELDS, "net", "allin_ev_net", "net_bb", "allin_ev_bb"):
            setattr(self, name, getattr(self, name) + getattr(other, name))


@dataclass
class StatsTally:
    """Running counts per player; :meth:`add` a hand, :meth:`merge` another tally."""

    players: dict[str, _Counts] = field(default_factory=dict)

    def add(self, result: HandResult) -> None:
        hand = result.hand
        big_blind = hand.big_blind / hand.scale if hand.big_blind else 0.0
        for player in result.players:
            counts = self.players.get(player.player)
            if counts is None:
                counts = self.players[player.player] = _Counts()
            self.add_row(
                counts,
                player.net,
                player.allin_ev,
                big_blind,
                player.vpip,
                player.pfr,
                player.saw_flop,
                player.went_to_showdown,
                player.won_at_showdown,
            )

    @staticmethod
    def add_row(
        counts: _Counts,
        net: float,
        allin_ev: float | None,
        big_blind: float,
        vpip: bool,
        pfr: bool,
        saw_flop: bool,
        showdown: bool,
        won_showdown: bool,
    ) -> None:
        adjusted = net if allin_ev is None else allin_ev
        counts.hands += 1
        counts.vpip += vpip
        counts.pfr += pfr
        counts.saw_flop += saw_flop
        counts.showdowns += showdown
        counts.won_showdowns += won_showdown
        counts.net += net
        counts.allin_ev_net += adjusted
        if big_blind:
            counts.net_bb += net / big_blind
            counts.allin_ev_bb += adjusted / big_blind

    def add_totals(self, names: list[str], totals: dict[str, Any]) -> None:
        """Add per-name sums counted elsewhere (by column): ``totals[field][k]`` is the sum of
        ``field`` over the rows of ``names[k]``."""
        for code, name in enumerate(names):
            counts = self.players.get(name)
            if counts is None:
                counts = self.players[name] = _Counts()
            counts.hands += int(totals["hands"][code])
            counts.vpip += int(totals["vpip"][code])
            counts.pfr += int(totals["pfr"][code])
            counts.saw_flop += int(totals["saw_flop"][code])
            counts.showdowns += int(totals["showdowns"][code])
            counts.won_showdowns += int(totals["won_showdowns"][code])
            counts.net += float(totals["net"][code])
            counts.allin_ev_net += float(totals["allin_ev_net"][code])
            counts.net_bb += float(totals["net_bb"][code])
            counts.allin_ev_bb += float(totals["allin_ev_bb"][code])

    def merge(self, other: StatsTally) -> None:
        for name, counts in other.players.items():
            mine = self.players.get(name)
            if mine is None:
                self.players[name] = counts
            else:
                mine.merge(counts)

    def stats(self, player: str | None = None) -> list[PlayerStats]:
        """Every player's figures (most hands first), or one player's."""
        names = [player] if player is not None else list(self.players)
        found = []
        for name in names:
            counts = self.players.get(name)
            if counts is None:
                continue
            found.append(_figures(name, counts))
        found.sort(key=lambda stats: (-stats.hands, stats.player))
        return found


def _share(part: int, whole: int) -> float:
    return part / whole if whole else 0.0


def _figures(name: str, counts: _Counts) -> PlayerStats:
    return PlayerStats(
        player=name,
        hands=counts.hands,
        net=counts.net,
        allin_ev_net=counts.allin_ev_net,
        bb_per_100=_share(100, counts.hands) * counts.net_bb,
        allin_ev_bb_per_100=_share(100, counts.hands) * counts.allin_ev_bb,
        vpip=_share(counts.vpip, counts.hands),
        pfr=_share(counts.pfr, counts.hands),
        wtsd=_share(counts.showdowns, counts.saw_flop),
        wsd=_share(counts.won_showdowns, counts.showdowns),
    )


def player_stats(results: Iterable[HandResult], *, player: str | None = None) -> list[PlayerStats]:
    """Each player's statistics over replayed hands (see the module), most hands first;
    ``player`` keeps one.

    >>> from pokerscore.files.histories.phh import parse_phh
    >>> from pokerscore.files.histories.replay import replay
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
    tally = StatsTally()
    for result in results:
        tally.add(result)
    return tally.stats(player)
