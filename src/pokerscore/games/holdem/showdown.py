"""Who wins a showdown, and each player's exact share of the pot (split pots, hi/lo halves).

>>> result = showdown("Ah Kd 7s 2c 9h", ["AsQh", "Qs Qd", "Ac Kc"])
>>> [(player.high.description, player.share) for player in result.players]  # doctest: +NORMALIZE_WHITESPACE
[('Pair of Aces, kickers King, Queen, Nine', Fraction(0, 1)),
 ('Pair of Queens, kickers Ace, King, Nine', Fraction(0, 1)),
 ('Two Pair, Aces and Kings, kicker Nine', Fraction(1, 1))]
>>> result.winners
[2]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from typing import TypeVar

from pokerscore.cards import Card, DuplicateCardError, HandSizeError, PokerScoreError, parse_cards
from pokerscore.engine import Category, Ranking
from pokerscore.engine.rankings import Play
from pokerscore.games.holdem.game import Game, GameName, get_game, parameter_error
from pokerscore.hands import HandInput, HandScore, best_hand, score
from pokerscore.hands.scores import check_in_deck

Item = TypeVar("Item")


class PlayerError(PokerScoreError):
    """Something wrong with one player's cards; ``player`` is 1-based, as people count."""

    def __init__(self, player: int, message: str) -> None:
        self.player = player
        super().__init__(f"player {player}: {message}")


@dataclass(frozen=True)
class PlayerShowdown:
    """One player's showdown: cards, best high hand, best low (hi/lo games), share of the pot."""

    hole: tuple[Card, ...]
    high: HandScore
    low: HandScore | None
    """The player's qualifying low in a hi/lo game; None without one."""
    share: Fraction


@dataclass(frozen=True)
class Showdown:
    """A settled showdown."""

    game: Game
    board: tuple[Card, ...]
    players: tuple[PlayerShowdown, ...]

    @property
    def winners(self) -> list[int]:
        """The 0-based indices of every player who takes a share of the pot."""
        return [index for index, player in enumerate(self.players) if player.share]


def hole_score(
    hole: tuple[Card, ...], board: tuple[Card, ...], game: Game, rules: Ranking
) -> HandScore:
    """The best five of hole cards and a board (3 to 5 cards) under the game's rule (any five,
    or Omaha's two and three) and ``rules``."""
    if not game.uses_exactly_two:
        return best_hand(hole + board, ranking=rules)
    fives = (pair + triple for pair in combinations(hole, 2) for triple in combinations(board, 3))
    if rules.play is not Play.BEST_FIVE:
        return max(score(five, ranking=rules) for five in fives)
    # The first five of the highest value (the one max over their scores picks), found on the
    # five-card table: only that five is scored (checked and put in order), not all 60.
    evaluate5 = rules.evaluate5
    best = max(fives, key=lambda five: evaluate5(*(card.id for card in five)))
    return score(best, ranking=rules)


def check_deal(
    board: tuple[Card, ...],
    holes: Sequence[tuple[Card, ...]],
    game: Game,
    *,
    board_sizes: Sequence[int],
    hole_cards: int | None = None,
) -> None:
    """Refuse a deal a game cannot have: wrong counts, cards outside the deck, a card twice
    (each player holds ``hole_cards``, the game's own by default)."""
    held = game.hole_cards if hole_cards is None else hole_cards
    if len(board) not in board_sizes:
        sizes = " or ".join(str(size) for size in board_sizes)
        raise parameter_error("board", f" must hold {sizes} cards in {game.name}, got {len(board)}")
    try:
        check_in_deck(board, game.high)
    except PokerScoreError as error:
        raise parameter_error("board", f": {error}") from None
    seen = {card: "the board" for card in board}
    for number, hole in enumerate(holes, 1):
        if len(hole) != held:
            size = HandSizeError(held, held, len(hole))
            raise PlayerError(number, f"{game.name} deals {held} hole cards: {size}")
        try:
            check_in_deck(hole, game.high)
        except PokerScoreError as error:
            raise PlayerError(number, str(error)) from None
        for card in hole:
            if card in seen:
                raise PlayerError(number, f"card {card} is also held by {seen[card]}")
            seen[card] = f"player {number}"
    if len(seen) > len(game.deck):
        raise PokerScoreError(f"{game.name} has {len(game.deck)} cards, not enough for this deal")


def parse_holes(hands: Sequence[HandInput]) -> list[tuple[Card, ...]]:
    """Each player's cards, parsed; a bad card names its player."""
    holes = []
    for number, hand in enumerate(hands, 1):
        try:
            holes.append(parse_cards(hand))
        except DuplicateCardError as error:
            raise PlayerError(number, f"card {error.card} given twice") from None
        except PokerScoreError as error:
            raise PlayerError(number, str(error)) from None
    return holes


def _shares(highs: list[HandScore], lows: list[HandScore | None]) -> list[Fraction]:
    top = max(hand.value for hand in highs)
    high_winners = [index for index, hand in enumerate(highs) if hand.value == top]
    qualified = [hand.value for hand in lows if hand is not None]
    pot = Fraction(1, 2) if qualified else Fraction(1)
    shares = [Fraction(0)] * len(highs)
    for index in high_winners:
        shares[index] += pot / len(high_winners)
    if qualified:
        best_low = max(qualified)
        low_winners = [i for i, hand in enumerate(lows) if hand and hand.value == best_low]
        for index in low_winners:
            shares[index] += Fraction(1, 2) / len(low_winners)
    return shares


def player_list(name: str, players: Sequence[Item]) -> list[Item]:
    """``players`` as a list, refusing a string or anything else that is not a list of them
    (a caller without type checking may pass one)."""
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        kind = type(players).__name__
        raise parameter_error(name, f" must be a list with one item per player, got {kind}")
    return list(players)


def showdown(
    board: HandInput, hands: Sequence[HandInput], *, game: Game | GameName = "holdem"
) -> Showdown:
    """Settle a showdown on a complete board: every player's best hand and share of the pot.

    In a hi/lo game the low half goes to the best qualifying low (split on ties) and the whole
    pot to the high hand when nobody qualifies.

    >>> hi_lo = showdown("Ah 2d 3c Kd Qs", ["4h5h Kh Kc", "Ac Ad 9s 9c"], game="omaha-hi-lo")
    >>> [(p.high.description, p.low and p.low.description, p.share) for p in hi_lo.players]  # doctest: +NORMALIZE_WHITESPACE
    [('Straight, Five high', 'Wheel (5-4-3-2-A)', Fraction(1, 1)),
     ('Three of a Kind, Aces, kickers King, Queen', None, Fraction(0, 1))]
    >>> split = showdown("Ah 2d 3c Kd Qs", ["4h 6h Kh Kc", "Ac Ad 5s 9c"], game="omaha-hi-lo")
    >>> [(p.high.description, p.low and p.low.description, p.share) for p in split.players]  # doctest: +NORMALIZE_WHITESPACE
    [('Three of a Kind, Kings, kickers Ace, Queen', 'Six-Four low (6-4-3-2-A)', Fraction(1, 2)),
     ('Three of a Kind, Aces, kickers King, Queen', None, Fraction(1, 2))]

    A stud game has no board (``board=""``) and seven cards per player, or six each and one
    community card as the board when the deck ran out (eight players):

    >>> razz = showdown("", ["As 2d 3c 4h Kd Kc 9s", "Ad 2s 3h 6c 7d Qs Qh"], game="razz")
    >>> [(p.high.description, p.share) for p in razz.players]
    [('Nine-Four low (9-4-3-2-A)', Fraction(0, 1)), ('Seven-Six low (7-6-3-2-A)', Fraction(1, 1))]
    >>> showdown("Ah Kd 7s 2c 9h", ["AsQh", "AsQd"])
    Traceback (most recent call last):
    ...
    pokerscore.games.holdem.showdown.PlayerError: player 2: card As is also held by player 1
    """
    rules = get_game(game)
    items = player_list("hands", hands)
    if len(items) < 2:
        raise parameter_error("hands", f" must hold at least two players, got {len(items)}")
    try:
        cards = parse_cards(board)
    except PokerScoreError as error:
        raise parameter_error("board", f": {error}") from None
    holes = parse_holes(items)
    if rules.board_cards:
        check_deal(cards, holes, rules, board_sizes=(rules.board_cards,))
    else:
        check_deal(
            cards, holes, rules, board_sizes=(0, 1), hole_cards=rules.hole_cards - len(cards)
        )
    highs = [hole_score(hole, cards, rules, rules.high) for hole in holes]
    lows: list[HandScore | None] = []
    for hole in holes:
        low = hole_score(hole, cards, rules, rules.low) if rules.low else None
        lows.append(low if low is not None and low.category is not Category.NO_LOW else None)
    shares = _shares(highs, lows)
    players = tuple(
        PlayerShowdown(hole, high, low, share)
        for hole, high, low, share in zip(holes, highs, lows, shares, strict=True)
    )
    return Showdown(rules, cards, players)
