"""The optimal-hold advisor: the exact expected return of each of the 32 holds of a deal.

For a hold that discards ``n`` cards, every one of the ``C(47, n)`` draws from the 47 unseen
cards (48 in Joker Poker's 53-card deck) is equally likely; its expected return is the sum of
their pays over ``C(47, n)``. The advisor counts, for every hold, how many draws end in each
pay-table class (2,598,960 draws in all, in a compiled kernel: about ten milliseconds once
compiled).

``ev`` is the expected return **per coin bet**: the coins paid back divided by the coins bet.
At 5 coins the royal flush pays 800 per coin (250 below), so the best holds depend on ``coins``.

>>> holds = advise("Kh Qh Jh Th 2s", "jacks-or-better-9-6")
>>> best = holds[0]
>>> format_cards(best.held), best.ev_exact, round(best.ev, 4), best.counts["royal-flush"]
('Kh Qh Jh Th', Fraction(925, 47), 19.6809, 1)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from math import comb

from pokerscore.cards import Card, format_cards
from pokerscore.games.draw import MASK_COUNT, held_cards
from pokerscore.games.videopoker._advisor_kernels import hold_counts
from pokerscore.games.videopoker.paytables import (
    DEFAULT_PAYTABLE,
    MAX_COINS,
    PayTable,
    as_paytable,
    check_coins,
)
from pokerscore.hands import HandInput

__all__ = ["HoldEV", "advise", "format_cards"]


@dataclass(frozen=True)
class HoldEV:
    """One hold of a deal and its exact expected return.

    ``ev_exact`` is the expected number of coins returned per coin bet (a :class:`Fraction`),
    ``ev`` the same as a float; ``counts`` maps each class name to the number of draws (out of
    ``C(47, discards)``) that end in it.
    """

    mask: int
    held: tuple[Card, ...]
    ev: float
    ev_exact: Fraction
    counts: dict[str, int] = field(compare=False)

    @property
    def draws(self) -> int:
        """The number of equally likely draws, ``C(47, n)`` for ``n`` discards."""
        return sum(self.counts.values())


def hold_order_key(hold: HoldEV) -> tuple[Fraction, int, int]:
    """Sort key, best first: higher EV; on a tie, more cards held; then the higher cards held
    (compared as sets of card ids, so the order of the dealt cards never matters)."""
    card_set = sum(1 << card.id for card in hold.held)
    return (-hold.ev_exact, -len(hold.held), -card_set)


def advise(
    cards: HandInput, paytable: PayTable | str = DEFAULT_PAYTABLE, *, coins: int = MAX_COINS
) -> list[HoldEV]:
    """All 32 holds of a five-card deal with their exact expected returns, best first.

    Ties in EV go to the hold keeping more cards, then to the one keeping higher cards (see
    :func:`hold_order_key`). The first call compiles the kernel (a few seconds, then cached on disk).

    >>> holds = advise("3s 7h Th Jh Kh")
    >>> [(format_cards(hold.held), hold.ev_exact) for hold in holds[:2]]
    [('Th Jh Kh', Fraction(65, 47)), ('7h Th Jh Kh', Fraction(60, 47))]
    >>> holds[0].ev_exact == Fraction(1495, 1081)  # as published, unreduced
    True
    >>> len(holds), sorted({hold.draws for hold in holds})
    (32, [1, 47, 1081, 16215, 178365, 1533939])
    """

    table = as_paytable(paytable)
    hand = table.check_hand(cards)
    pays = table.pays(check_coins(coins))
    counts = hold_counts([card.id for card in hand], table)
    holds = []
    for mask in range(MASK_COUNT):
        row = [int(count) for count in counts[mask]]
        draws = comb(table.unseen, 5 - mask.bit_count())
        ev = Fraction(sum(n * pay for n, pay in zip(row, pays, strict=True)), draws * coins)
        holds.append(
            HoldEV(
                mask,
                held_cards(hand, mask),
                float(ev),
                ev,
                dict(zip(table.classes, row, strict=True)),
            )
        )
    holds.sort(key=hold_order_key)
    return holds
