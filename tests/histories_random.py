"""Random hands played by pokerkit, written as PHH: the differential tests' input.

pokerkit deals the cards we draw from our own seeded deck and takes random legal actions (a fold
now and then, checks and calls, bets and raises of the minimum, the pot, all in or anything in
between); short stacks, antes, straddles and mucks make side pots and odd shapes. The text is
pokerkit's own ``HandHistory.dumps``, so the reader meets the format as pokerkit writes it.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator
from decimal import Decimal

from pokerkit import (
    Automation,
    FixedLimitBadugi,
    FixedLimitDeuceToSevenLowballTripleDraw,
    FixedLimitOmahaHoldemHighLowSplitEightOrBetter,
    FixedLimitRazz,
    FixedLimitSevenCardStud,
    FixedLimitSevenCardStudHighLowSplitEightOrBetter,
    FixedLimitTexasHoldem,
    HandHistory,
    Mode,
    NoLimitDeuceToSevenLowballSingleDraw,
    NoLimitShortDeckHoldem,
    NoLimitTexasHoldem,
    PotLimitOmahaHoldem,
)

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.RUNOUT_COUNT_SELECTION,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)
VARIANTS = ("NT", "PO", "FT", "FO/8", "NS")
STUD_VARIANTS = ("F7S", "F7S/8", "FR")
"""Stud (``random_hand(rng, variant)`` only: the community-card tests keep their seeds' hands)."""
STUDS = {
    "F7S": FixedLimitSevenCardStud,
    "F7S/8": FixedLimitSevenCardStudHighLowSplitEightOrBetter,
    "FR": FixedLimitRazz,
}
DRAW_VARIANTS = ("F2L3D", "N2L1D", "FB")
"""The draw games (``random_hand(rng, variant)`` only, as stud)."""
RANKS = "23456789TJQKA"


def _game(variant: str, rng: random.Random, players: int):  # type: ignore[no-untyped-def]
    antes: int | list[int] = 0
    if rng.random() < 0.3:
        antes = rng.choice([5, 10, 25])
    if rng.random() < 0.1:  # a big blind ante
        antes = [0] * players
        antes[1 if players > 2 else 0] = 100
    blinds = [50, 100] + [0] * (players - 2)
    if players > 3 and rng.random() < 0.15:
        blinds[2] = 200  # a straddle
    trim = rng.random() < 0.5
    common = {"mode": Mode.CASH_GAME}
    if variant in STUDS:  # antes and a bring-in, no blinds
        ante = rng.choice([0, 5, 10, 25]) if rng.random() < 0.8 else 0
        bring_in = rng.choice([10, 25, 50]) if ante or rng.random() < 0.7 else 25
        return STUDS[variant](AUTOMATIONS, trim, ante, bring_in, 100, 200, **common)
    if variant == "F2L3D":
        return FixedLimitDeuceToSevenLowballTripleDraw(
            AUTOMATIONS, trim, antes, blinds, 100, 200, **common
        )
    if variant == "N2L1D":
        return NoLimitDeuceToSevenLowballSingleDraw(AUTOMATIONS, trim, antes, blinds, 100, **common)
    if variant == "FB":
        return FixedLimitBadugi(AUTOMATIONS, trim, antes, blinds, 100, 200, **common)
    if variant == "NT":
        return NoLimitTexasHoldem(AUTOMATIONS, trim, antes, blinds, 100, **common)
    if variant == "NS":
        return NoLimitShortDeckHoldem(AUTOMATIONS, trim, antes, blinds, 100, **common)
    if variant == "PO":
        return PotLimitOmahaHoldem(AUTOMATIONS, trim, antes, blinds, 100, **common)
    if variant == "FT":
        return FixedLimitTexasHoldem(AUTOMATIONS, trim, antes, blinds, 100, 200, **common)
    return FixedLimitOmahaHoldemHighLowSplitEightOrBetter(
        AUTOMATIONS, trim, antes, blinds, 100, 200, **common
    )


def random_hand(rng: random.Random, variant: str | None = None) -> tuple[str, list[Decimal]]:
    """A hand played at random: its PHH text and the finishing stacks pokerkit gives when it
    replays that text (a hand pokerkit trips over while playing is dealt again)."""
    while True:
        try:
            text = _played(rng, variant or rng.choice(VARIANTS))
        except AssertionError:  # pokerkit 0.7.7 asserts in get_effective_stack at times
            continue
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                state = list(HandHistory.loads(text))[-1]
            except ValueError:  # "Unable to repair the hand history": its own dump, at times
                continue
        if sum(state.stacks) != sum(state.starting_stacks):  # pokerkit burned a mucked side pot
            continue
        return text, [Decimal(str(stack)) for stack in state.stacks]


SHARED_SEED = 32
_DEALT: dict[tuple[object, str | None], tuple[random.Random, list[tuple[str, list[Decimal]]]]] = {}


def random_hands(
    count: int, *, start: int = 0, variant: str | None = None, seed: int | str | None = None
) -> list[tuple[str, list[Decimal]]]:
    """Hands ``start`` to ``start + count`` of the sequence ``random_hand(random.Random(seed),
    variant)`` deals, each played through pokerkit once a process (the seed: ``SHARED_SEED``
    for the community-card variants, ``"stud F7S"`` and so on for one variant). The differential
    tests that replay random hands take theirs from these sequences: pokerkit plays each hand
    once, and the exact all-in EVs the library caches (``allin._pot_shares``: the Omaha, multiway
    and stud enumerations, most of these tests' CPU) are enumerated once for all of them
    (``make test`` runs them in one worker each: the ``random hands`` and ``random stud hands``
    xdist groups). Treat the texts and stacks as read-only: they are shared."""
    if seed is None:
        seed = SHARED_SEED if variant is None else f"stud {variant}"
    rng, dealt = _DEALT.setdefault((seed, variant), (random.Random(seed), []))
    while len(dealt) < start + count:
        dealt.append(random_hand(rng, variant))
    return dealt[start : start + count]


def _played(rng: random.Random, variant: str) -> str:
    stud = variant in STUDS
    draw = variant in DRAW_VARIANTS
    players = rng.choice([2, 3, 4, 5, 6, 7, 8] if stud or draw else [2, 2, 3, 4, 6, 6, 9])
    game = _game(variant, rng, players)
    stacks = [
        rng.choice([rng.randint(1, 400), rng.randint(200, 3000), rng.randint(2000, 20000)])
        for _ in range(players)
    ]
    state = game(stacks, players)
    ranks = RANKS[4:] if variant == "NS" else RANKS
    deck = [rank + suit for rank in ranks for suit in "cdhs"]
    rng.shuffle(deck)
    hole_count = 4 if "O" in variant else 2
    unknown = rng.random() < 0.2 and not stud and not draw
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        while state.status:
            if stud and state.can_deal_hole():  # a street's cards (third street: three)
                dealee = state.hole_dealee_index
                count = len(state.hole_dealing_statuses[dealee])
                if len(deck) < count:  # pokerkit deals the burned and mucked cards again: not here
                    raise AssertionError("the deck ran out")
                state.deal_hole("".join(deck.pop() for _ in range(count)))
            elif stud and state.can_deal_board():  # the deck ran short: one shared last card
                state.deal_board(deck.pop())
            elif draw and state.can_deal_hole():  # the first cards, or the ones drawn
                count = len(state.hole_dealing_statuses[state.hole_dealee_index])
                state.deal_hole(_drawn(state, rng, count))
            elif draw and state.can_stand_pat_or_discard():  # stand pat or throw some away
                hole = state.hole_cards[state.stand_patter_or_discarder_index]
                thrown = rng.sample(hole, rng.choice([0, 0, 1, 1, 2, 3, len(hole)]))
                state.stand_pat_or_discard("".join(repr(card) for card in thrown))
            elif stud and state.can_post_bring_in():  # the bring-in, or the completion
                if rng.random() < 0.8 or not state.can_complete_bet_or_raise_to():
                    state.post_bring_in()
                else:
                    state.complete_bet_or_raise_to()
            elif state.can_deal_hole():
                cards = "".join(deck.pop() for _ in range(hole_count))
                if unknown and rng.random() < 0.5:
                    cards = "??" * hole_count
                state.deal_hole(cards)
            elif state.can_deal_board():
                count = 3 if not state.board_cards else 1
                state.deal_board("".join(deck.pop() for _ in range(count)))
            elif state.actor_index is not None:
                _act(state, rng, fixed=variant.startswith("F"))
            elif state.showdown_index is not None:
                show = rng.random() < 0.9
                if show and not state.can_show_or_muck_hole_cards(True):  # cards nobody saw
                    state.show_or_muck_hole_cards("??" * hole_count)
                else:
                    state.show_or_muck_hole_cards(show)
            else:  # pragma: no cover - every automation is on
                raise AssertionError("pokerkit waits for nothing we know")
    return str(HandHistory.from_game_state(game, state).dumps())


def _drawn(state, rng: random.Random, count: int) -> str:  # type: ignore[no-untyped-def]
    """``count`` cards from pokerkit's deck (it burns from it too); when the deck runs out, what is
    left of it and the rest from the burnt, mucked and thrown-away cards, as pokerkit deals."""
    deck = list(state.deck_cards)
    if len(deck) >= count:
        cards = rng.sample(deck, count)
    else:
        cards = deck + rng.sample(list(state.reserved_cards), count - len(deck))
    return "".join(repr(card) for card in cards)


def _act(state, rng: random.Random, *, fixed: bool) -> None:  # type: ignore[no-untyped-def]
    roll = rng.random()
    capped = fixed and state.completion_betting_or_raising_count >= 4
    if roll < 0.15 and state.can_fold() and state.checking_or_calling_amount:
        state.fold()
    elif roll < 0.6 or capped or not state.can_complete_bet_or_raise_to():
        state.check_or_call()
    else:
        low = state.min_completion_betting_or_raising_to_amount
        high = state.max_completion_betting_or_raising_to_amount
        if fixed:  # pokerkit 0.7.7 plays FO/8 as pot limit (PotLimitPokerMixin): keep to the limit
            high = low
        pot = getattr(state, "pot_completion_betting_or_raising_to_amount", None)
        pick = rng.choice([low, high, rng.randint(low, high), min(max(pot or low, low), high)])
        state.complete_bet_or_raise_to(pick)


def fast_against_lenient(
    seed: str, variants: tuple[str, ...]
) -> Iterator[tuple[int, list[list[int]], list[tuple[int, ...]]]]:
    """Twenty random hands of each of ``variants`` in one ``.phhs`` text through the compiled PHH
    reader, each checked against the lenient path: played there (none left to the lenient
    reader), each player's chips put in and won as the converter's replay of the lenient
    reader's hand. Yields each hand's place, its rows' holes and the replay's, for the caller's
    check of the cards."""
    from fractions import Fraction

    from pokerscore.histories._layout import DEN, F_REFUSAL, F_STATUS, OK, in_parts
    from pokerscore.histories.batches import replay_phh_text
    from pokerscore.histories.hand_input import engine_replay
    from pokerscore.histories.phh import parse_phh

    rng = random.Random(seed)
    texts = [random_hand(rng, variant)[0] for variant in variants * 20]
    data = "".join(f"[{n}]\n{text}\n" for n, text in enumerate(texts, 1)).encode()
    batch = replay_phh_text(data, single=False)
    assert batch is not None and batch.hands == len(texts)
    for hand, text in enumerate(texts):
        facts = batch.facts[hand]
        assert facts[F_STATUS] == OK, (hand, int(facts[F_REFUSAL]), text)
        lenient = parse_phh(text)
        played = engine_replay(lenient)
        assert played is not None
        count = len(lenient.seats)
        assert batch.put_in[hand, :count].tolist() == list(played.put_in)
        won = in_parts(batch.won[hand], batch.won_parts[hand]).tolist()[:count]
        assert [Fraction(parts, DEN) for parts in won] == list(played.won)
        rows = [batch.holes[hand, i].tolist() for i in range(len(played.holes))]
        yield hand, rows, [tuple(cards) for cards in played.holes]
