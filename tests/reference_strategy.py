"""What each phrase of a strategy list names, written from the definitions in docs/strategy.md,
sharing no code with pokerscore: a phrase is a test of a hold (the held cards, the deal they
come from, the game), and made hands are judged by ``tests.reference`` and
``tests.reference_wild``.

Cards are ids ``4 * rank + suit`` (rank 0 = deuce .. 12 = ace), the joker 52.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from tests.reference import reference_key
from tests.reference_wild import FIVE_OF_A_KIND, wild_key

JOKER = 52
TEN, JACK, QUEEN, KING, ACE = 8, 9, 10, 11, 12
ROYAL = frozenset({TEN, JACK, QUEEN, KING, ACE})
STRAIGHTS = [frozenset({ACE, 0, 1, 2, 3})] + [frozenset(range(low, low + 5)) for low in range(9)]
"""The ten straights as sets of ranks, the wheel (ace low) first."""


@dataclass(frozen=True)
class Game:
    """What a phrase needs to know of a pay table: its wild cards and its high ranks."""

    wild: frozenset[int]
    high: frozenset[int]
    wild_rank: int | None = None
    """A rank whose cards are all wild (the deuce), so never a natural rank."""


JACKS = Game(frozenset(), frozenset({JACK, QUEEN, KING, ACE}))
DEUCES = Game(frozenset(range(4)), frozenset(), wild_rank=0)
JOKERS = Game(frozenset({JOKER}), frozenset({KING, ACE}))


class Hold:
    """A hold of a deal: the held cards, the discarded ones, and the game."""

    def __init__(self, held: tuple[int, ...], discarded: tuple[int, ...], game: Game) -> None:
        self.held, self.discarded, self.game = held, discarded, game
        self.naturals = [card for card in held if card not in game.wild]
        self.wilds = len(held) - len(self.naturals)
        self.dealt_wilds = sum(card in game.wild for card in held + discarded)
        self.ranks = [card // 4 for card in self.naturals]
        self.one_suit = len({card % 4 for card in self.naturals}) <= 1
        self.distinct = len(set(self.ranks)) == len(self.ranks)
        # Distinct natural ranks that some straight holds all of.
        self.in_a_straight = self.distinct and any(set(self.ranks) <= s for s in STRAIGHTS)
        self.high_cards = len(set(self.ranks) & game.high)

    def completing_ranks(self) -> int:
        """Ranks, not held and not wild, whose card would leave the held cards inside a straight."""
        found = 0
        for rank in range(13):
            if rank in self.ranks or rank == self.game.wild_rank:
                continue
            if any(set(self.ranks) | {rank} <= straight for straight in STRAIGHTS):
                found += 1
        return found

    def gaps(self) -> int:
        """Ranks missing between the lowest and highest held, the ace low with wheel cards."""
        ranks = set(self.ranks)
        if ACE in ranks and len(ranks) > 1 and ranks <= STRAIGHTS[0]:
            ranks = (ranks - {ACE}) | {-1}
        return max(ranks) - min(ranks) + 1 - len(ranks)

    def made(self) -> str:
        """The best hand five held cards make (wild cards as anything)."""
        return made_hand(tuple(sorted(self.held)), self.game)


@cache
def made_hand(cards: tuple[int, ...], game: Game) -> str:
    names = ("high-card", "pair", "two-pair", "three-of-a-kind", "straight", "flush",
             "full-house", "four-of-a-kind", "straight-flush", "royal-flush")  # fmt: skip
    naturals = [card for card in cards if card not in game.wild]
    wilds = len(cards) - len(naturals)
    if not game.wild:
        return names[reference_key(cards)[0]]
    if wilds == 4:
        return "four-wild"
    category, ranks = wild_key(cards, game.wild)
    if category == FIVE_OF_A_KIND:
        return "five-of-a-kind"
    if category == 8 and ranks[0] == ACE:  # a royal: natural only without wild cards
        return "royal-flush" if wilds == 0 else "wild-royal-flush"
    return names[category]


Test = Callable[[Hold], bool]


def _size(n: int, test: Test) -> Test:
    return lambda h: len(h.held) == n and test(h)


def _made(name: str) -> Test:
    return _size(5, lambda h: h.made() == name)


def _group(n: int) -> Test:
    """``n`` held cards of one rank, wild cards counting as that rank."""
    return _size(n, lambda h: len(h.naturals) >= 1 and len(set(h.ranks)) == 1)


def _royal(n: int) -> Test:
    return _size(n, lambda h: h.naturals != [] and h.one_suit and h.distinct
                 and set(h.ranks) <= ROYAL)  # fmt: skip


def _straight_flush(n: int) -> Test:
    return _size(n, lambda h: h.naturals != [] and h.one_suit and h.in_a_straight
                 and not set(h.ranks) <= ROYAL)  # fmt: skip


def _flush(n: int) -> Test:
    return _size(n, lambda h: h.naturals != [] and h.one_suit)


def _straight(n: int, outs: Callable[[int], bool]) -> Test:
    return _size(n, lambda h: h.naturals != [] and h.in_a_straight and outs(h.completing_ranks()))


def _high_cards(n: int, suited: bool | None) -> Test:
    def test(h: Hold) -> bool:
        if len(h.naturals) != n or not h.distinct or h.high_cards != n:
            return False
        return suited is None or h.one_suit == suited

    return test


def _exact(ranks: set[int], suited: bool | None) -> Test:
    def test(h: Hold) -> bool:
        if sorted(h.ranks) != sorted(ranks):
            return False
        return suited is None or h.one_suit == suited

    return test


def _sf_type(h: Hold) -> int:
    """Wizard of Odds' types of 3 to a straight flush."""
    ranks = set(h.ranks)
    ace_low = ACE in ranks and ranks <= STRAIGHTS[0]
    if ace_low or ranks == {0, 1, 2}:
        return 2
    gaps, high = h.gaps(), h.high_cards
    if high >= gaps:
        return 1
    if (gaps, high) in ((1, 0), (2, 1)):
        return 2
    return 3


def _every_wild(test: Test) -> Test:
    return lambda h: h.wilds == h.dealt_wilds and test(h)


def _both(first: Test, second: Test) -> Test:
    return lambda h: first(h) and second(h)


def _pair(high: bool | None) -> Test:
    def test(h: Hold) -> bool:
        return high is None or (h.ranks[0] in h.game.high) == high

    return _both(_group(2), test)


PHRASES: dict[str, Test] = {
    "royal flush": _made("royal-flush"),
    "wild royal flush": _made("wild-royal-flush"),
    "five of a kind": _made("five-of-a-kind"),
    "four deuces": _size(4, lambda h: h.wilds == 4),
    "straight flush": _made("straight-flush"),
    "four of a kind": _group(4),
    "full house": _made("full-house"),
    "flush": _made("flush"),
    "straight": _made("straight"),
    "three of a kind": _group(3),
    "two pair": _size(
        4, lambda h: h.wilds == 0 and sorted(h.ranks.count(r) for r in set(h.ranks)) == [2, 2]
    ),
    "high pair": _pair(True),
    "low pair": _pair(False),
    "pair": _pair(None),
    "pair of aces": _both(_group(2), lambda h: h.ranks[0] == ACE),
    "four aces": _both(_group(4), lambda h: h.ranks[0] == ACE),
    "4 to a royal flush": _royal(4),
    "3 to a royal flush": _royal(3),
    "2 to a royal flush": _royal(2),
    "4 to a straight flush": _straight_flush(4),
    "3 to a straight flush": _straight_flush(3),
    "3 to a straight flush, type 1": _both(_straight_flush(3), lambda h: _sf_type(h) == 1),
    "3 to a straight flush, type 2": _both(_straight_flush(3), lambda h: _sf_type(h) == 2),
    "3 to a straight flush, type 3": _both(_straight_flush(3), lambda h: _sf_type(h) == 3),
    "4 to a flush": _flush(4),
    "3 to a flush": _flush(3),
    "4 to an outside straight": _straight(4, lambda outs: outs >= 2),
    "4 to an inside straight": _straight(4, lambda outs: outs == 1),
    "4 to an inside straight with 3 high cards": _both(
        _straight(4, lambda outs: outs == 1), lambda h: h.high_cards == 3
    ),
    "4 to an outside straight with 0-2 high cards": _both(
        _straight(4, lambda outs: outs >= 2), lambda h: h.high_cards <= 2
    ),
    "2 suited high cards": _high_cards(2, True),
    "2 unsuited high cards": _high_cards(2, False),
    "3 unsuited high cards": _high_cards(3, False),
    "one high card": _high_cards(1, None),
    "KQJ unsuited": _exact({KING, QUEEN, JACK}, False),
    "Suited 10/J": _exact({TEN, JACK}, True),
    "AK suited": _exact({ACE, KING}, True),
    "J only": _exact({JACK}, None),
    "3 to a royal flush, no flush penalty": _both(
        _royal(3),
        lambda h: all(c % 4 != h.naturals[0] % 4 or c in h.game.wild for c in h.discarded),
    ),
    "2 unsuited high cards, king highest": _both(
        _high_cards(2, False), lambda h: max(h.ranks) == KING
    ),
}
"""Each phrase's test; all but "discard everything" also hold every wild card dealt."""
PHRASES = {text: _every_wild(test) for text, test in PHRASES.items()}
PHRASES["discard everything"] = lambda h: len(h.held) == 0
PHRASES["deuce only"] = lambda h: h.naturals == [] and h.wilds == h.dealt_wilds >= 1
PHRASES["joker only"] = PHRASES["deuce only"]


def reference_holds(phrases: Sequence[str], deal: Sequence[int], game: Game) -> list[set[int]]:
    """For each phrase, the masks (bit ``i`` holds card ``i``) of a deal that it names."""
    found: list[set[int]] = [set() for _ in phrases]
    tests = [PHRASES[phrase] for phrase in phrases]
    for mask in range(32):
        held = tuple(card for i, card in enumerate(deal) if mask >> i & 1)
        discarded = tuple(card for i, card in enumerate(deal) if not mask >> i & 1)
        hold = Hold(held, discarded, game)
        for masks, test in zip(found, tests, strict=True):
            if test(hold):
                masks.add(mask)
    return found
