"""One hand on a board, read as players read it: what it has made, what it draws to, its outs.

**Made classes** generalise PQL's eighteen flop classes to every street. The board's distinct
ranks are counted from the top (top, second, third …); the class comes from the category of the
best hand and from how many cards of its ranks the board holds:

- *plays the board*: the board has five cards and the hand is worth exactly what they are alone;
- straight flush, quads, full house, flush, straight: by category;
- three of a kind: a **set** when the board holds one card of the rank (a pocket pair),
  **trips** when it holds two (one hole card), nothing when the board holds all three;
- two pair: both pairs made by one hole card each are **top two** (the board's top two ranks),
  **top and bottom** (its top rank and a lower one but the second) or **bottom two** (no top
  rank); one pair made by a hole card and one on the board is **pair plus board pair**; a pocket
  pair beside a board pair is classed as the pocket pair below; two pairs on the board, nothing;
- one pair made by a hole card: **top pair** (its kicker named in the words), **second pair**,
  **bottom pair** (third or lower); a pocket pair: **overpair** (above every board card),
  **underpair** (below every board card), **pocket pair between** board cards; a pair on the
  board: nothing;
- anything else: **nothing**.

**Draws** exist while cards are to come, each only when the hand has not already made that
category or a better one (in the game's order):

- **flush draw**: a suit with exactly four cards among hole and board, one or more in the hole
  (Omaha: two or more in the hole and exactly two on the board); a **nut flush draw** (also a
  flush draw) holds the best card of that suit not on the board;
- straight draws by completing ranks: R = the ranks whose next card gives the hand a straight
  with a hole card in it (hold'em: not made by the board and that card alone; Omaha: two hole
  cards and three of the board); ``len(R) >= 2`` **open-ended** (a double gutshot in the words when no
  four ranks in a row wait at both ends), ``len(R) == 1`` **gutshot**;
- flop only: **backdoor flush draw** (exactly three of a suit, one or more in the hole; Omaha:
  two or more in the hole and one on the board) and **backdoor straight draw** (no straight
  draw, but two more ranks would make a straight with a hole card);
- **overcards**: nothing made, and two different hole ranks above every board card;
- **combo draw**: a flush draw and a straight draw together.

**Outs** are the unseen cards (not held, on the board or dead) that, dealt next, give the hand a
better category than it has and than the board and that card make alone. Against a known hand,
the outs are the cards after which the hand is strictly ahead when it is not now, and the ties
the cards after which the two tie. The **nut rank** is 1 for the nuts and k when k - 1 distinct
better hand values can be made by two other unseen cards with the board (Omaha: two hole cards
and three of the board; in a hi/lo game, the high hand).

>>> hand = hand_on_board("Ah Kh", "8h 7h 2c")
>>> hand.made.kind.label, [draw.slug for draw in hand.draws]
('nothing', ['flush-draw', 'nut-flush-draw', 'overcards'])
>>> len(hand.outs), [(group.makes.slug, len(group.cards)) for group in hand.out_groups]
(15, [('flush', 9), ('one-pair', 6)])
>>> hand_on_board("Ks Qd", "Kh 7c 2d").made.words
'top pair, queen kicker'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Final

import numpy as np

from pokerscore._support.errors import ParameterError
from pokerscore.cards import Card, CardLike, PokerScoreError, Rank, Suit, parse_cards
from pokerscore.engine import Category, Ranking
from pokerscore.games.holdem.board._kernels import board_tables, read_one_hand, sizes_needed
from pokerscore.games.holdem.game import (
    BOARD_CARDS,
    Game,
    GameName,
    get_game,
    parameter_error,
)
from pokerscore.games.holdem.showdown import hole_score
from pokerscore.hands import HandScore

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

CardsInput = str | Sequence[CardLike]
"""Cards in any notation: a string (``"Ah Kh"``) or a sequence of cards, ids or card strings."""


class MadeClass(Enum):
    """What a hand has made on a board, in players' words (see the module's rules).

    Members are listed weakest first in hold'em; :func:`made_order` gives a game's display order.
    """

    # Members are singletons equal only to themselves, so they hash as objects do: a breakdown
    # builds its dictionaries in a fraction of the time Enum's hash of the name takes.
    __hash__ = object.__hash__

    NOTHING = "nothing"
    PLAYS_BOARD = "plays-the-board"
    UNDERPAIR = "underpair"
    BOTTOM_PAIR = "bottom-pair"
    SECOND_PAIR = "second-pair"
    POCKET_PAIR_BETWEEN = "pocket-pair-between"
    TOP_PAIR = "top-pair"
    PAIR_PLUS_BOARD_PAIR = "pair-plus-board-pair"
    OVERPAIR = "overpair"
    BOTTOM_TWO = "bottom-two"
    TOP_AND_BOTTOM = "top-and-bottom"
    TOP_TWO = "top-two"
    TRIPS = "trips"
    SET = "set"
    STRAIGHT = "straight"
    FLUSH = "flush"
    FULL_HOUSE = "full-house"
    QUADS = "quads"
    STRAIGHT_FLUSH = "straight-flush"

    @property
    def slug(self) -> str:
        """The machine name, e.g. ``top-pair``."""
        return self.value

    @property
    def label(self) -> str:
        """The class in words, e.g. ``top pair``."""
        return _LABELS.get(self, self.value.replace("-", " "))

    @property
    def code(self) -> int:
        """The kernels' code of the class."""
        return _MADE_LIST.index(self)


_MADE_LIST: Final = tuple(MadeClass)
_LABELS: Final = {
    MadeClass.BOTTOM_PAIR: "bottom/third pair",
    MadeClass.POCKET_PAIR_BETWEEN: "pocket pair between board cards",
    MadeClass.TOP_AND_BOTTOM: "top and bottom pair",
    MadeClass.TOP_TWO: "top two pair",
    MadeClass.BOTTOM_TWO: "bottom two pair",
}
_CATEGORY_OF_CLASS: Final = {
    MadeClass.STRAIGHT_FLUSH: Category.STRAIGHT_FLUSH,
    MadeClass.QUADS: Category.FOUR_OF_A_KIND,
    MadeClass.FULL_HOUSE: Category.FULL_HOUSE,
    MadeClass.FLUSH: Category.FLUSH,
    MadeClass.STRAIGHT: Category.STRAIGHT,
    MadeClass.SET: Category.THREE_OF_A_KIND,
    MadeClass.TRIPS: Category.THREE_OF_A_KIND,
    MadeClass.TOP_TWO: Category.TWO_PAIR,
    MadeClass.TOP_AND_BOTTOM: Category.TWO_PAIR,
    MadeClass.BOTTOM_TWO: Category.TWO_PAIR,
}


def made_order(ranking: Ranking) -> tuple[MadeClass, ...]:
    """The made classes best first under a ranking: by the category each stands for (pair
    classes as one pair, two-pair classes as two pair), then hold'em's order within it; plays
    the board and nothing last.

    >>> [kind.slug for kind in made_order(get_game("short-deck").high)][:6]
    ['straight-flush', 'quads', 'flush', 'full-house', 'set', 'trips']
    """
    places = {category: place for place, category in enumerate(ranking.categories)}

    def strength(kind: MadeClass) -> tuple[int, int]:
        category = _CATEGORY_OF_CLASS.get(kind, Category.ONE_PAIR)
        if kind in (MadeClass.NOTHING, MadeClass.PLAYS_BOARD):
            return -1, kind.code
        return places.get(category, 0), kind.code

    return tuple(sorted(MadeClass, key=strength, reverse=True))


class Draw(Enum):
    """A draw (see the module's rules), in the kernels' bit order."""

    __hash__ = object.__hash__  # as MadeClass's

    FLUSH_DRAW = "flush-draw"
    NUT_FLUSH_DRAW = "nut-flush-draw"
    OPEN_ENDED = "open-ended"
    GUTSHOT = "gutshot"
    BACKDOOR_FLUSH_DRAW = "backdoor-flush-draw"
    BACKDOOR_STRAIGHT_DRAW = "backdoor-straight-draw"
    OVERCARDS = "overcards"
    COMBO_DRAW = "combo-draw"

    @property
    def slug(self) -> str:
        """The machine name, e.g. ``nut-flush-draw``."""
        return self.value

    @property
    def label(self) -> str:
        """The draw in words, e.g. ``nut flush draw``."""
        return (
            "open-ended straight draw" if self is Draw.OPEN_ENDED else self.value.replace("-", " ")
        )

    @property
    def bit(self) -> int:
        """The kernels' bit of the draw."""
        return _DRAW_BITS[self]


_DRAW_BITS: Final = {draw: 1 << index for index, draw in enumerate(Draw)}


@dataclass(frozen=True)
class MadeHand:
    """What a hand has made: its best five (``score``), its class and the class in words."""

    score: HandScore
    """The best five now, with category, value and description."""
    kind: MadeClass
    words: str
    """The class in words, e.g. ``top pair, king kicker``."""
    low: HandScore | None = None
    """In a hi/lo game, the best qualifying low so far (None without one)."""

    @property
    def category(self) -> Category:
        """The category of the best five."""
        return self.score.category

    @property
    def description(self) -> str:
        """The best five in words, e.g. ``Pair of Kings, kickers Queen, Seven, Two``."""
        return self.score.description


@dataclass(frozen=True)
class OutGroup:
    """Outs that make the same category."""

    makes: Category
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class BoardHand:
    """One hand on a board: :func:`hand_on_board`'s answer."""

    game: Game
    hole: tuple[Card, ...]
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    made: MadeHand
    draws: tuple[Draw, ...]
    """The draws, in :class:`Draw` order (none on the river)."""
    draw_words: tuple[str, ...]
    """The draws in words, with their suits and ranks, e.g. ``open-ended straight draw (9 or 4)``."""
    completing: tuple[Rank, ...]
    """The ranks whose next card completes a straight (R of the straight draws), highest first."""
    outs: tuple[Card, ...]
    """The outs (against a hand: the cards that take the lead), in card order."""
    out_groups: tuple[OutGroup, ...]
    """The outs by the category they make, best first."""
    nut_rank: int
    """1 for the nuts; k when k - 1 distinct better values are possible."""
    unseen: int
    """How many cards may come next (not held, on the board or dead)."""
    against: tuple[Card, ...] | None = None
    """The opponent's hand, when outs are counted against one."""
    ahead: int | None = None
    """Against a hand: 1, 0 or -1 as this hand is ahead, tied or behind now."""
    ties: tuple[Card, ...] = ()
    """Against a hand: the next cards after which the two hands tie."""


def bad_parameter(parameter: str, message: str) -> ParameterError:
    """An error about one parameter, read ``parameter: message``; a command line names its
    option instead (:func:`~pokerscore.games.holdem.game.parameter_error`)."""
    return parameter_error(parameter, ": " + message)


def board_game(game: Game | GameName) -> Game:
    """The game of a name, refused when it deals no board (stud)."""
    rules = get_game(game)
    if not rules.board_cards:
        raise bad_parameter("game", f"{rules.name} deals no board: hands on a board are for "
                            "hold'em and Omaha")  # fmt: skip
    return rules


def read_cards(name: str, cards: CardsInput) -> tuple[Card, ...]:
    """Cards of the parameter ``name``; a bad card names the parameter. Texts are read once
    (the last few hundred kept)."""
    try:
        return _read_text(cards) if isinstance(cards, str) else parse_cards(cards)
    except PokerScoreError as error:
        raise bad_parameter(name, str(error)) from None


@lru_cache(maxsize=512)
def _read_text(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


@cache
def _deck(game: Game) -> frozenset[int]:
    return frozenset(game.deck)


_PLACES: Final = {
    "hole": "in the hole cards",
    "board": "on the board",
    "dead": "among the dead cards",
    "against": "in the opposing hand",
}


def check_cards(game: Game, groups: Sequence[tuple[str, tuple[Card, ...]]]) -> None:
    """Refuse cards outside the game's deck, or a card given in two places (parameters named)."""
    deck = _deck(game)
    ids = [card.id for _, cards in groups for card in cards]
    if deck.issuperset(ids) and len(set(ids)) == len(ids):
        return  # the usual case, checked at once; the loop below names the first fault
    seen: dict[Card, str] = {}
    for name, cards in groups:
        for card in cards:
            if card.id not in deck:
                raise bad_parameter(
                    name, f"{card} is not in the deck of {game.name} ({len(deck)} cards)"
                )
            if card in seen:
                where = _PLACES.get(seen[card], seen[card])
                twice = "given twice" if seen[card] == name else f"already {where}"
                raise bad_parameter(name, f"card {card} is {twice}")
            seen[card] = name


def check_board(game: Game, board: tuple[Card, ...], name: str = "board") -> None:
    """A board of three, four or five cards."""
    if not 3 <= len(board) <= BOARD_CARDS:
        raise bad_parameter(
            name,
            f"a board of {game.name} has 3, 4 or 5 cards (flop, turn, river), got {len(board)}",
        )


def _low(hole: tuple[Card, ...], board: tuple[Card, ...], game: Game) -> HandScore | None:
    if game.low is None:
        return None
    low = hole_score(hole, board, game, game.low)
    return None if low.category is Category.NO_LOW else low


def _ids(cards: Sequence[Card]) -> npt.NDArray[np.uint8]:

    return np.array([card.id for card in cards], dtype=np.uint8)


def _rank_word(rank: int) -> str:
    return Rank(rank).word.lower()


def _plural(rank: int) -> str:
    return Rank(rank).plural.lower()


def _made_words(
    kind: MadeClass, hand: HandScore, hole: tuple[Card, ...], board: tuple[Card, ...]
) -> str:
    """The class in words, with the ranks that matter."""
    ranks = [int(rank) for rank in hand.ranks]
    board_ranks = sorted({card.rank for card in board}, reverse=True)
    if kind is MadeClass.TOP_PAIR:
        pair = ranks[0]
        others = [int(card.rank) for card in hole]
        others.remove(pair)
        return f"top pair, {_rank_word(max(others))} kicker"
    if kind in (MadeClass.SECOND_PAIR, MadeClass.BOTTOM_PAIR):
        pair = ranks[0]
        if kind is MadeClass.BOTTOM_PAIR:
            where = board_ranks.index(Rank(pair))
            name = "bottom pair" if where == len(board_ranks) - 1 else f"{_ordinal(where)} pair"
            return f"{name}, {_plural(pair)}"
        return f"second pair, {_plural(pair)}"
    if kind in (MadeClass.OVERPAIR, MadeClass.UNDERPAIR, MadeClass.POCKET_PAIR_BETWEEN):
        pocket = next(rank for rank in ranks[:2] if Rank(rank) not in board_ranks)
        if kind is MadeClass.POCKET_PAIR_BETWEEN:
            above = min(rank for rank in board_ranks if rank > pocket)
            below = max(rank for rank in board_ranks if rank < pocket)
            return (
                f"pocket {_plural(pocket)} between the {_rank_word(above)} "
                f"and the {_rank_word(below)}"
            )
        return f"{kind.label}, {_plural(pocket)}"
    if kind in (MadeClass.TOP_TWO, MadeClass.TOP_AND_BOTTOM, MadeClass.BOTTOM_TWO):
        return f"{kind.label}, {_plural(ranks[0])} and {_plural(ranks[1])}"
    if kind is MadeClass.PAIR_PLUS_BOARD_PAIR:
        board_pair = next(rank for rank in ranks[:2] if sum(c.rank == rank for c in board) == 2)
        own = ranks[0] if ranks[1] == board_pair else ranks[1]
        return f"pair of {_plural(own)} plus the board's pair of {_plural(board_pair)}"
    if kind is MadeClass.SET:
        return f"set of {_plural(ranks[0])}"
    if kind is MadeClass.TRIPS:
        return f"trips, {_plural(ranks[0])}"
    if kind is MadeClass.NOTHING and hand.category is Category.HIGH_CARD:
        return f"nothing, {_rank_word(ranks[0])} high"
    if kind is MadeClass.NOTHING:
        return f"nothing (the board's {hand.category.title.lower()})"
    if kind is MadeClass.STRAIGHT_FLUSH and hand.category is Category.ROYAL_FLUSH:
        return "royal flush"
    if kind is MadeClass.QUADS:
        return f"quads, {_plural(ranks[0])}"
    if kind is MadeClass.FULL_HOUSE:
        return f"full house, {_plural(ranks[0])} full of {_plural(ranks[1])}"
    if kind in (MadeClass.STRAIGHT_FLUSH, MadeClass.FLUSH, MadeClass.STRAIGHT):
        return f"{kind.label}, {_rank_word(ranks[0])} high"
    return kind.label


def _ordinal(index: int) -> str:
    return ("top", "second", "third", "fourth")[index]


def _draw_words(
    draws: tuple[Draw, ...],
    completing: int,
    hole: tuple[Card, ...],
    board: tuple[Card, ...],
    game: Game,
) -> tuple[str, ...]:
    words = []
    ranks = sorted((Rank(rank) for rank in range(13) if completing >> rank & 1), reverse=True)
    names = " or ".join(rank.char for rank in ranks)
    for draw in draws:
        if draw is Draw.FLUSH_DRAW and Draw.NUT_FLUSH_DRAW in draws:
            continue
        if draw in (Draw.FLUSH_DRAW, Draw.NUT_FLUSH_DRAW):
            suits = _draw_suits(hole, board, game, four=True)
            words.append(f"{draw.label} ({', '.join(suit.name.lower() for suit in suits)})")
        elif draw is Draw.OPEN_ENDED:
            label = draw.label if _open_shape(completing) else "double gutshot"
            words.append(f"{label} ({names})")
        elif draw is Draw.GUTSHOT:
            words.append(f"gutshot ({names})")
        elif draw is Draw.BACKDOOR_FLUSH_DRAW:
            suits = _draw_suits(hole, board, game, four=False)
            words.append(f"{draw.label} ({', '.join(suit.name.lower() for suit in suits)})")
        else:
            words.append(draw.label)
    return tuple(words)


def _draw_suits(
    hole: tuple[Card, ...], board: tuple[Card, ...], game: Game, *, four: bool
) -> list[Suit]:
    found = []
    for suit in Suit:
        held = sum(card.suit == suit for card in hole)
        shown = sum(card.suit == suit for card in board)
        if game.uses_exactly_two:
            hit = held >= 2 and shown == (2 if four else 1)
        else:
            hit = held >= 1 and held + shown == (4 if four else 3)
        if hit:
            found.append(suit)
    return found


def _open_shape(completing: int) -> bool:
    """Whether two completing ranks are the two ends of four ranks in a row (the ace also low)."""
    extended = completing << 1 | (completing >> 12 & 1)  # bit 0: the ace playing low
    return any(extended >> low & 1 and extended >> (low + 5) & 1 for low in range(9))


def hand_on_board(
    hole: CardsInput,
    board: CardsInput,
    *,
    game: Game | GameName = "holdem",
    dead: CardsInput = "",
    against: CardsInput | None = None,
) -> BoardHand:
    """Read one hand on a board of 3, 4 or 5 cards: made class, draws, outs and nut rank.

    ``dead`` cards are out of play; ``against`` another player's hand, which turns the outs into
    the cards that take the lead (and the ties). Errors name the parameter at fault.

    >>> hand = hand_on_board("9s 8s", "Ts 7d 2s")
    >>> [draw.slug for draw in hand.draws], hand.draw_words[-1]
    (['flush-draw', 'open-ended', 'combo-draw'], 'combo draw')
    >>> hand_on_board("As Ac", "Ts 7d 2s", against="9s 8s").outs
    ()
    """

    rules = board_game(game)
    hole_cards = read_cards("hole", hole)
    board_cards = read_cards("board", board)
    dead_cards = read_cards("dead", dead)
    against_cards = read_cards("against", against) if against is not None else None
    if len(hole_cards) != rules.hole_cards:
        raise bad_parameter(
            "hole", f"{rules.name} deals {rules.hole_cards} hole cards, got {len(hole_cards)}"
        )
    if against_cards is not None and len(against_cards) != rules.hole_cards:
        raise bad_parameter(
            "against", f"{rules.name} deals {rules.hole_cards} hole cards, got {len(against_cards)}"
        )
    check_board(rules, board_cards)
    groups = [("hole", hole_cards), ("board", board_cards), ("dead", dead_cards)]
    if against_cards is not None:
        groups.append(("against", against_cards))
    check_cards(rules, groups)
    size = len(board_cards)
    tables = board_tables(
        rules.high, sizes_needed(rules.hole_cards, rules.uses_exactly_two, (size, min(size + 1, 5)))
    )
    omaha = rules.uses_exactly_two
    ranking = rules.high
    taken = {card.id for card in hole_cards + board_cards + dead_cards}
    if against_cards is not None:
        taken |= {card.id for card in against_cards}
    unseen = [card for card in rules.deck if card not in taken]
    unseen_ids = np.array(unseen, dtype=np.uint8)
    results = np.zeros((len(unseen), 4), dtype=np.int64)
    seen = np.zeros(ranking.value_count + 1, dtype=np.uint8)
    against_ids = _ids(against_cards) if against_cards is not None else _ids(())
    value, code, category, bits, completing, other = read_one_hand(
        _ids(hole_cards), against_ids, _ids(board_cards), unseen_ids, unseen_ids, omaha,
        tables, results, seen,
    )  # fmt: skip
    made_score = hole_score(hole_cards, board_cards, rules, ranking)
    kind = _MADE_LIST[code]
    made = MadeHand(
        made_score, kind, _made_words(kind, made_score, hole_cards, board_cards),
        _low(hole_cards, board_cards, rules),
    )  # fmt: skip
    draws = tuple(draw for draw in Draw if bits & _DRAW_BITS[draw])
    outs: list[Card] = []
    ties: list[Card] = []
    groups_by: dict[int, list[Card]] = {}
    ahead = None if against_cards is None else (value > other) - (value < other)
    if len(board_cards) < BOARD_CARDS:
        place = tables.place.tolist()
        now = place[category]
        for card_id, (mine, theirs, alone, makes) in zip(unseen, results.tolist(), strict=True):
            if against_cards is None:
                hit = place[makes] > now and place[makes] > place[alone]
            else:
                hit = ahead != 1 and mine > theirs
                if mine == theirs:
                    ties.append(Card(card_id))
            if hit:
                card = Card(card_id)
                outs.append(card)
                groups_by.setdefault(makes, []).append(card)
    nut_rank = int(seen[value + 1 :].sum()) + 1
    order = {category: index for index, category in enumerate(ranking.categories)}
    out_groups = tuple(
        OutGroup(category, tuple(groups_by[category]))
        for category in sorted(map(Category, groups_by), key=lambda item: -order[item])
    )
    return BoardHand(
        game=rules,
        hole=hole_cards,
        board=board_cards,
        dead=dead_cards,
        made=made,
        draws=draws,
        draw_words=_draw_words(draws, completing, hole_cards, board_cards, rules),
        completing=tuple(sorted((Rank(r) for r in range(13) if completing >> r & 1), reverse=True)),
        outs=tuple(outs),
        out_groups=out_groups,
        nut_rank=nut_rank,
        unseen=len(unseen),
        against=against_cards,
        ahead=ahead,
        ties=tuple(ties),
    )
