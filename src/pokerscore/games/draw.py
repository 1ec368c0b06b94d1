"""Five-card draw mechanics: hold masks, the draw, and the best draw from a visible deck.

A *hold mask* is 5 bits: bit ``i`` (value ``1 << i``) holds the ``i``-th card of the hand as
dealt (``i = 0..4``). There are 32 masks: 0 discards everything, 31 (``0b11111``) stands pat.
Discarded cards are replaced, in order, by the top cards of the deck (``deck[0]`` first), each
replacement taking the discarded card's position, as on a video poker machine.

>>> hand, deck = "Th Jh Qc Qd Qs", "Qh Kh Ah 2s 6s"
>>> format_cards(draw(hand, deck, 0b00011))
'Th Jh Qh Kh Ah'
>>> mask_of(hand, "Th Jh"), format_cards(held_cards(hand, 3))
(3, 'Th Jh')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from pokerscore.cards import (
    Card,
    PokerScoreError,
    check_distinct,
    format_cards,
    parse_cards,
)
from pokerscore.engine import HIGH, STANDARD_CATEGORIES, Category, Ranking, RankingLike, get_ranking
from pokerscore.hands import HandInput
from pokerscore.hands.scores import check_in_deck

HAND_SIZE: Final = 5
MASK_COUNT: Final = 1 << HAND_SIZE
"""The number of hold masks, 32."""
ALL_HELD: Final = MASK_COUNT - 1

UNSEEN: Final = 47
"""Cards a draw comes from: the deck less the five dealt."""

# The classic visible-deck puzzle counts royal flushes as straight flushes and spells two of
# the categories its own way; every other name is the category's slug.
_PUZZLE_CATEGORY: Final = {Category.ROYAL_FLUSH: Category.STRAIGHT_FLUSH}
_PUZZLE_SPELLING: Final = {Category.TWO_PAIR: "two-pairs", Category.HIGH_CARD: "highest-card"}
PUZZLE_NAMES: Final[dict[Category, str]] = {
    category: _PUZZLE_SPELLING.get(puzzle, puzzle.slug)
    for category in STANDARD_CATEGORIES
    for puzzle in [_PUZZLE_CATEGORY.get(category, category)]
}
"""The puzzle's name of each category, e.g. ``two-pairs``; a royal flush is a ``straight-flush``.

>>> PUZZLE_NAMES[Category.ROYAL_FLUSH], PUZZLE_NAMES[Category.FULL_HOUSE]
('straight-flush', 'full-house')
"""


def _hand(hand: HandInput) -> tuple[Card, ...]:
    return parse_cards(hand, size=HAND_SIZE)


def _check_mask(mask: int) -> int:
    if isinstance(mask, bool) or not isinstance(mask, int) or not 0 <= mask < MASK_COUNT:
        raise PokerScoreError(f"a hold mask is an integer 0..31, got {mask!r}")
    return mask


def discard_count(mask: int) -> int:
    """How many cards a hold mask discards.

    >>> discard_count(0), discard_count(0b10110), discard_count(31)
    (5, 2, 0)
    """
    return HAND_SIZE - _check_mask(mask).bit_count()


def held_cards(hand: HandInput, mask: int) -> tuple[Card, ...]:
    """The cards a mask holds, in hand order.

    >>> format_cards(held_cards("2c 3d 4h 5s 7d", 0b10100))
    '4h 7d'
    """
    cards = _hand(hand)
    _check_mask(mask)
    return tuple(card for index, card in enumerate(cards) if mask >> index & 1)


def mask_of(hand: HandInput, held: HandInput) -> int:
    """The hold mask that keeps exactly ``held`` (cards of the hand, in any order).

    >>> mask_of("2c 3d 4h 5s 7d", "7d 4h")
    20
    >>> mask_of("2c 3d 4h 5s 7d", "Ah")
    Traceback (most recent call last):
    ...
    pokerscore._support.errors.PokerScoreError: Ah is not in the hand 2c 3d 4h 5s 7d
    """
    cards = _hand(hand)
    mask = 0
    for card in parse_cards(held, size=(0, HAND_SIZE)):
        if card not in cards:
            raise PokerScoreError(f"{card} is not in the hand {format_cards(cards)}")
        mask |= 1 << cards.index(card)
    return mask


def draw(hand: HandInput, deck: HandInput, mask: int) -> tuple[Card, ...]:
    """The hand after the draw: held cards stay, each discard is replaced by the next deck card.

    ``deck`` needs at least as many cards as are discarded, and no card of the hand.

    >>> format_cards(draw("2c 3d 4h 5s 7d", "6h Ks Qs", 0b01111))
    '2c 3d 4h 5s 6h'
    >>> format_cards(draw("2c 3d 4h 5s 7d", "6h Ks Qs", 0b11010))
    '6h 3d Ks 5s 7d'
    """
    cards = _hand(hand)
    stock = parse_cards(deck)
    _check_mask(mask)
    needed = discard_count(mask)
    if len(stock) < needed:
        raise PokerScoreError(f"the deck has {len(stock)} cards, the draw needs {needed}")
    check_distinct(cards + stock)
    return _drawn(cards, stock, mask)


def _drawn(cards: tuple[Card, ...], stock: tuple[Card, ...], mask: int) -> tuple[Card, ...]:
    """The draw itself, on checked cards: each card not held gives way to the next of ``stock``."""
    replacements = iter(stock)
    return tuple(card if mask >> i & 1 else next(replacements) for i, card in enumerate(cards))


@dataclass(frozen=True)
class BestDraw:
    """The best outcome of a draw from a visible deck (the "psychic poker player" puzzle).

    ``name`` is the puzzle's category name (``two-pairs``; a royal flush is a ``straight-flush``).
    """

    hand: tuple[Card, ...]
    deck: tuple[Card, ...]
    mask: int
    final: tuple[Card, ...]
    value: int
    ranking: Ranking = HIGH

    @property
    def category(self) -> Category:
        """The category of the final hand."""
        return self.ranking.category_of(self.value)

    @property
    def name(self) -> str:
        """The puzzle's name of the final hand's category (the category's slug under a ranking
        other than standard high poker)."""
        if self.ranking is not HIGH:
            return self.category.slug
        return PUZZLE_NAMES[self.category]

    @property
    def discards(self) -> tuple[Card, ...]:
        """The cards thrown away, in hand order."""
        return held_cards(self.hand, ALL_HELD ^ self.mask)


def best_draw(hand: HandInput, deck: HandInput, *, ranking: RankingLike = HIGH) -> BestDraw:
    """The best final hand reachable when the top of the deck is known.

    Tries all 32 masks; the highest value under ``ranking`` wins, ties go to the draw of fewer
    cards and then to the lower mask.

    >>> best = best_draw("TH JH QC QD QS", "QH KH AH 2S 6S")
    >>> best.name, format_cards(best.discards), format_cards(best.final)
    ('straight-flush', 'Qc Qd Qs', 'Th Jh Qh Kh Ah')
    >>> low = best_draw("TH JH QC QD QS", "QH KH AH 2S 6S", ranking="deuce-to-seven")
    >>> low.name, format_cards(low.final)
    ('high-card', 'Qh Kh Ah 2s 6s')
    """
    rules = get_ranking(ranking)
    cards = _hand(hand)
    stock = parse_cards(deck)
    if len(stock) < HAND_SIZE:
        raise PokerScoreError(f"the deck shows {len(stock)} cards, a draw may need 5")
    check_distinct(cards + stock)
    check_in_deck(cards + stock, rules)
    evaluate5 = rules.evaluate5
    best: BestDraw | None = None
    # Masks by descending number of held cards, so the first of equal values draws fewest.
    for mask in sorted(range(MASK_COUNT), key=lambda m: (-m.bit_count(), m)):
        final = _drawn(cards, stock, mask)
        value = evaluate5(*(card.id for card in final))
        if best is None or value > best.value:
            best = BestDraw(cards, stock[:HAND_SIZE], mask, final, value, rules)
    assert best is not None
    return best
