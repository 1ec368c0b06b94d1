"""A hold in a strategy's words: what the trainer says when a hold is not the best.

With a list, a kept hold is named by the first line that names it, and the deal's play by the
first line that names some hold of it: "you kept a low pair; 4 to a flush ranks above it
(line 8)". Without one, holds are named in the vocabulary of ``docs/strategy.md`` (the first
phrase of :data:`NAMING` that names them).

>>> from pokerscore.games.videopoker.strategy.grammar import parse_strategy
>>> wizard = parse_strategy("High pair\\n3 to a royal flush\\n4 to a flush\\nLow pair")
>>> explain_hold(wizard, "jacks-or-better-9-6", "3c 3h 7h 9h Kh", 0b00011).message
'you kept a low pair; 4 to a flush ranks above it (line 3)'
>>> describe_hold("jacks-or-better-9-6", "3c 3h 7h 9h Kh", 0b11110)
'4 to a flush'
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from pokerscore.cards import Card, format_cards
from pokerscore.games.videopoker.advisor import advise
from pokerscore.games.videopoker.paytables import MAX_COINS, PayTable, as_paytable
from pokerscore.games.videopoker.strategy.grammar import Line, Strategy, parse_strategy
from pokerscore.games.videopoker.strategy.patterns import WILD_WORDS
from pokerscore.games.videopoker.strategy.play import deals_line_matches

NAMING = (
    "royal flush",
    "wild royal flush",
    "five of a kind",
    "four deuces",
    "straight flush",
    "four of a kind",
    "full house",
    "flush",
    "straight",
    "three of a kind",
    "two pair",
    "high pair",
    "low pair",
    "4 to a royal flush",
    "4 to a straight flush",
    "3 to a royal flush",
    "4 to a flush",
    "4 to an outside straight",
    "4 to an inside straight",
    "3 to a straight flush",
    "2 suited high cards",
    "2 to a royal flush",
    "3 unsuited high cards",
    "2 unsuited high cards",
    "4 unsuited high cards",
    "one high card",
    "3 to a flush",
    "2 to a straight flush",
    "deuce only",
    "two deuces only",
    "three deuces only",
    "joker only",
    "discard everything",
)
"""Phrases that name a hold when no list is given, the most telling first."""
_ARTICLE = ("low pair", "high pair", "pair", "flush", "straight", "full house", "royal flush",
            "straight flush", "wild royal flush")  # fmt: skip


@dataclass(frozen=True)
class HoldVerdict:
    """A kept hold judged by a list: the lines that name it and the deal's play."""

    kept_line: int | None
    """The first line that names the kept hold (``None``: no line does)."""
    kept_words: str
    play_line: int | None
    """The line that decides the deal (``None``: no line names any of its holds)."""
    play_words: str
    play_mask: int
    """The hold the list plays."""
    best_mask: int
    mistake: bool
    """The kept hold returns less than the best hold."""
    message: str


def with_article(words: str) -> str:
    """ "a low pair", "4 to a flush", "KQ suited"."""
    lower = words[:1].lower() + words[1:]
    return f"a {lower}" if lower.startswith(_ARTICLE) else lower


def describe_hold(paytable: PayTable | str, cards: object, mask: int) -> str:
    """A hold (bit ``i`` of ``mask`` holds card ``i`` as dealt) in players' words; the
    cards themselves when no phrase of :data:`NAMING` names it."""

    table = as_paytable(paytable)
    hand = table.check_hand(cards)  # type: ignore[arg-type]
    phrases = _naming(table)
    sets = deals_line_matches(phrases, table, [[card.id for card in hand]])[0]
    for line, found in zip(phrases.lines, sets, strict=True):
        if found >> mask & 1:
            return line.text
    return format_cards(tuple(card for i, card in enumerate(hand) if mask >> i & 1))


def _naming(table: PayTable) -> Strategy:

    word = WILD_WORDS.get(table.wild or "")
    usable = [
        phrase
        for phrase in NAMING
        if not (("deuce" in phrase and word != "deuce") or ("joker" in phrase and word != "joker"))
    ]
    return parse_strategy("\n".join(usable))


def explain_hold(
    strategy: Strategy,
    paytable: PayTable | str,
    cards: object,
    hold: int,
    *,
    coins: int = MAX_COINS,
    evs: dict[int, Fraction] | None = None,
) -> HoldVerdict:
    """Judge a kept hold of a deal (cards as dealt, ``hold`` a mask) by a list, in its words.

    ``evs`` (mask -> exact return per coin, as the advisor gives) saves working them out.
    """

    table = as_paytable(paytable)
    hand = table.check_hand(cards)  # type: ignore[arg-type]
    if evs is None:
        evs = {h.mask: h.ev_exact for h in advise(hand, table, coins=coins)}
    best_mask = max(range(32), key=lambda mask: (evs[mask], mask.bit_count(), mask))
    # One row per phrase of each line, so that the words are those of the phrase that names it.
    phrases = [(line, pattern) for line in strategy.lines for pattern in line.alternatives]
    split = Strategy(
        tuple(
            Line(index + 1, pattern.text, line.group, (pattern,), line.pick)
            for index, (line, pattern) in enumerate(phrases)
        )
    )
    sets = deals_line_matches(split, table, [[card.id for card in hand]])[0]
    kept_line, kept_words = None, ""
    play_line, play_words, play_mask = None, "", 0
    line_sets: dict[int, int] = {}
    for (line, pattern), found in zip(phrases, sets, strict=True):
        line_sets[line.number] = line_sets.get(line.number, 0) | found
        if kept_line is None and found >> hold & 1:
            kept_line, kept_words = line.number, pattern.text
    for line in strategy.lines:
        found = line_sets.get(line.number, 0)
        if found:
            play_line = line.number
            masks = [mask for mask in range(32) if found >> mask & 1]
            play_mask = _pick(line, masks, hand, evs)
            play_words = next(
                pattern.text
                for (owner, pattern), one in zip(phrases, sets, strict=True)
                if owner.number == line.number and one >> play_mask & 1
            )
            break
    mistake = evs[hold] < evs[best_mask]
    verdict = HoldVerdict(
        kept_line, kept_words, play_line, play_words, play_mask, best_mask, mistake, ""
    )
    return _with_message(verdict, hand, hold, evs)


def _pick(line: Line, masks: list[int], hand: tuple[Card, ...], evs: dict[int, Fraction]) -> int:
    def ranks(mask: int) -> int:
        return sum(
            1 << (card.id // 4)
            for i, card in enumerate(hand)
            if mask >> i & 1 and not card.is_joker
        )

    def value(mask: int) -> tuple[Fraction, int, int]:
        return (evs[mask], mask.bit_count(), mask)

    if line.pick == "lowest":  # the lowest ranks; among equal ranks, the better hold
        return min(masks, key=lambda mask: (ranks(mask), -evs[mask], -mask.bit_count(), -mask))
    if line.pick == "highest":
        return max(masks, key=lambda mask: (ranks(mask), value(mask)))
    return max(masks, key=value)


def _with_message(
    verdict: HoldVerdict, hand: tuple[Card, ...], hold: int, evs: dict[int, Fraction]
) -> HoldVerdict:
    def cards(mask: int) -> str:
        held = tuple(card for i, card in enumerate(hand) if mask >> i & 1)
        return format_cards(held) if held else "nothing"

    kept = with_article(verdict.kept_words) if verdict.kept_words else f"{cards(hold)}"
    subject = "you threw all five away" if hold == 0 else f"you kept {kept}"
    play = with_article(verdict.play_words)
    if verdict.play_line is None:
        where = "no line names a hold of this deal: the list redraws"
    else:
        where = f"{play} (line {verdict.play_line})"
    if hold == verdict.play_mask or (
        verdict.play_line is not None
        and evs[hold] == evs[verdict.play_mask]
        and verdict.kept_line == verdict.play_line
    ):
        if not verdict.mistake:
            message = f"as the list plays it: {where}"
        else:
            message = (
                f"you followed line {verdict.play_line} ({play}), but this deal is one of the"
                f" list's exceptions: the best hold is {cards(verdict.best_mask)}"
            )
    elif verdict.kept_line is None:
        message = f"{subject}, which no line names; the list plays {where}"
    elif verdict.play_line is not None and verdict.kept_line > verdict.play_line:
        message = f"{subject}; {play} ranks above it (line {verdict.play_line})"
    else:
        message = (
            f"{subject} (line {verdict.kept_line}), but not the one the list keeps:"
            f" {cards(verdict.play_mask)}"
        )
    return HoldVerdict(
        verdict.kept_line,
        verdict.kept_words,
        verdict.play_line,
        verdict.play_words,
        verdict.play_mask,
        verdict.best_mask,
        verdict.mistake,
        message,
    )


def name_mistake(paytable: PayTable | str, cards: object, hold: int, best: int) -> str:
    """The trainer's words without a list: the kept hold and the best one, as players name
    them ("you kept a low pair; the best hold is 4 to a flush")."""
    kept = describe_hold(paytable, cards, hold)
    better = describe_hold(paytable, cards, best)
    subject = "you threw all five away" if hold == 0 else f"you kept {with_article(kept)}"
    if better == kept:
        return f"{subject}; the best hold is another {kept}"
    return f"{subject}; the best hold is {with_article(better)}"
