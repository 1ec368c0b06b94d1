"""The built-in pay tables' classes written from their published definitions, sharing no code
with pokerscore: a hand's natural category from ``tests.reference``, and a wild hand's best
worth from ``tests.reference_wild`` (every wild card replaced by every card of the deck).

The definitions, as the machines' glass reads:
- Jacks or Better and the bonus games: a pair of jacks or better, two pair, trips, straight,
  flush, full house, quads (the bonus games by the rank of the quads and, in Double Double
  Bonus, of the kicker), straight flush, royal flush.
- Deuces Wild (every 2 wild): three of a kind, straight, flush, full house, four of a kind,
  straight flush, five of a kind, a royal with a deuce (wild royal), four deuces (any fifth
  card), a royal without a deuce (natural royal).
- Joker Poker, kings or better (53 cards, the joker wild): a pair of kings or aces, two pair,
  trips, straight, flush, full house, quads, straight flush, a royal with the joker, five of a
  kind, a royal without the joker.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from tests.reference import reference_key
from tests.reference_wild import FIVE_OF_A_KIND, wild_key

JOKER = 52
DEUCES = frozenset(range(4))
ACE, KING = 12, 11
NATURAL_CLASSES = (
    "nothing", "one-pair", "two-pair", "three-of-a-kind", "straight", "flush", "full-house",
    "four-of-a-kind", "straight-flush", "royal-flush",
)  # fmt: skip
"""``reference_key``'s categories 0..9 by name."""


def reference_class(cards: Sequence[object], table: str) -> str:
    """The class name of five cards (ids, or objects with an ``id``) in a built-in table."""
    ids = tuple(sorted(getattr(card, "id", card) for card in cards))
    if table.startswith("deuces") or table in ("not-so-ugly-ducks", "loose-deuces"):
        return _deuces(_representative(ids, DEUCES))
    if table == "joker-poker-kings":
        return _joker(_representative(ids, {JOKER}))
    return _natural(ids, table)


def _representative(ids: tuple[int, ...], wild: frozenset[int] | set[int]) -> tuple[int, ...]:
    """A hand of the same worth with the natural cards' suits renamed in order of appearance
    (suits are symmetric), so that the slow brute force runs once per such hand."""
    renamed: dict[int, int] = {}
    natural = []
    for card in sorted(card for card in ids if card not in wild):
        suit = renamed.setdefault(card % 4, len(renamed))
        natural.append(card // 4 * 4 + suit)
    return tuple(sorted(natural + [card for card in ids if card in wild]))


def _natural(ids: tuple[int, ...], table: str) -> str:
    category, ranks = reference_key(ids)
    name = NATURAL_CLASSES[category]
    if category == 1:
        return "jacks-or-better" if ranks[0] >= 9 else "nothing"
    if category == 7 and table != "jacks-or-better" and not table.startswith("jacks"):
        quads, kicker = ranks
        if quads == ACE:
            with_low = table == "double-double-bonus-9-6" and kicker <= 2
            return "four-aces-with-2-4" if with_low else "four-aces"
        if quads <= 2:
            with_kicker = table == "double-double-bonus-9-6" and (kicker <= 2 or kicker == ACE)
            return "four-2-4-with-a-4" if with_kicker else "four-2-4"
        return "four-5-k"
    return name


@cache
def _deuces(ids: tuple[int, ...]) -> str:
    wilds = sum(card in DEUCES for card in ids)
    if wilds == 4:
        return "four-deuces"
    if wilds == 0 and reference_key(ids)[0] == 9:
        return "natural-royal-flush"
    category, ranks = wild_key(ids, DEUCES)
    if category == FIVE_OF_A_KIND:
        return "five-of-a-kind"
    if category == 8 and ranks[0] == ACE:
        return "wild-royal-flush"
    return NATURAL_CLASSES[category] if category >= 3 else "nothing"


@cache
def _joker(ids: tuple[int, ...]) -> str:
    if JOKER not in ids:
        category, ranks = reference_key(ids)
        if category == 9:
            return "natural-royal-flush"
        if category == 1:
            return "kings-or-better" if ranks[0] >= KING else "nothing"
        return NATURAL_CLASSES[category] if category else "nothing"
    category, ranks = wild_key(ids, {JOKER})
    if category == FIVE_OF_A_KIND:
        return "five-of-a-kind"
    if category == 8 and ranks[0] == ACE:
        return "wild-royal-flush"
    if category == 1:
        return "kings-or-better" if ranks[0] >= KING else "nothing"
    return NATURAL_CLASSES[category] if category else "nothing"
