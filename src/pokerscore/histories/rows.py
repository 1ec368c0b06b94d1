"""The rows of a run, one per hand and player, gathered column by column (the reference path's
results; the kernels' rows come as Arrow columns from :mod:`~pokerscore.histories.batches`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pokerscore.histories.model import ACTION_COUNTS, COLUMNS, HandHistory, HandResult, schema
from pokerscore.histories.stats import action_counts

if TYPE_CHECKING:
    import pyarrow as pa


def stakes_text(hand: HandHistory) -> str:
    """``0.5/1``, ``100/200``: the blinds in chips."""
    return f"{_plain(hand.chips(hand.small_blind))}/{_plain(hand.chips(hand.big_blind))}"


def _plain(value: Any) -> str:
    text = f"{value:f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


class RowBuffer:
    """Rows gathered column by column, handed on as Arrow tables."""

    def __init__(self) -> None:
        self.columns: dict[str, list[Any]] = {name: [] for name, _ in COLUMNS}
        self.size = 0

    def add(self, result: HandResult) -> None:
        hand = result.hand
        columns = self.columns
        stakes = stakes_text(hand)
        big_blind = hand.big_blind / hand.scale
        seen = action_counts(hand)  # the kernels' flags, for a hand they refused
        for player, mine in zip(result.players, seen, strict=True):
            columns["file"].append(hand.file)
            columns["hand"].append(hand.number)
            columns["hand_id"].append(hand.hand_id)
            columns["site"].append(hand.site)
            columns["variant"].append(hand.variant)
            columns["stakes"].append(stakes)
            columns["big_blind"].append(big_blind)
            columns["player"].append(player.player)
            columns["seat"].append(player.seat)
            columns["position"].append(player.position)
            columns["hole"].append("".join(map(str, player.hole)) if player.hole else None)
            columns["put_in"].append(player.put_in)
            columns["won"].append(player.won)
            columns["net"].append(player.net)
            columns["rake_paid"].append(player.rake_paid)
            columns["vpip"].append(player.vpip)
            columns["pfr"].append(player.pfr)
            columns["saw_flop"].append(player.saw_flop)
            columns["went_to_showdown"].append(player.went_to_showdown)
            columns["won_at_showdown"].append(player.won_at_showdown)
            columns["allin_street"].append(player.allin_street)
            columns["allin_ev"].append(player.allin_ev)
            for name, value in zip(ACTION_COUNTS, mine, strict=True):
                columns[name].append(value)
        self.size += len(result.players)

    def take(self) -> pa.Table:
        import pyarrow as pa

        table = pa.table(self.columns, schema=schema())
        self.columns = {name: [] for name, _ in COLUMNS}
        self.size = 0
        return table
