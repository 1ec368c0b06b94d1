"""Omaha ranges (issue 21 §3-§4): every syntax form against a brute force over all 270,725
four-card hands, written from the rules with itertools (no engine code), and the errors."""

from __future__ import annotations

import dataclasses
import pickle
from collections import Counter
from collections.abc import Callable
from itertools import combinations, permutations
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerscore.games.holdem.board.breakdown import board_breakdown
from pokerscore.games.holdem.equity import equity
from pokerscore.games.holdem.game import ParameterError
from pokerscore.games.holdem.omaha_ranges import hand_count, read_word, word_flags
from pokerscore.games.holdem.ranges import Range, RangeError, parse_range

# The oracle's own card ids: 4 * rank + suit, rank 0 = deuce .. 12 = ace, suits c d h s.
RANKS = "23456789TJQKA"
SUITS = "cdhs"
A, K, Q, J, T = 12, 11, 10, 9, 8
SPADES, HEARTS = 3, 2


class Hand:
    """One four-card hand as the oracle reads it."""

    def __init__(self, cards: tuple[int, ...]) -> None:
        self.cards = cards
        self.ranks = [card // 4 for card in cards]
        self.suits = [card % 4 for card in cards]
        self.rank_count = Counter(self.ranks)
        self.shape = sorted(Counter(self.suits).values())

    def has(self, rank: int) -> int:
        return self.rank_count[rank]


def card(text: str) -> int:
    return 4 * RANKS.index(text[0]) + SUITS.index(text[1])


def same_suit_pair(hand: Hand, allowed: Callable[[int], bool], others: int = 0) -> bool:
    """Two different cards of allowed ranks and one suit."""
    places = [i for i in range(4) if allowed(hand.ranks[i])]
    return any(hand.suits[i] == hand.suits[j] for i, j in combinations(places, 2))


def ace_and_two_suited(hand: Hand) -> bool:
    """An ace, and two other cards of one suit (any suit, the ace's too)."""
    for i in range(4):
        if hand.ranks[i] != A:
            continue
        rest = [j for j in range(4) if j != i]
        if any(hand.suits[j] == hand.suits[k] for j, k in combinations(rest, 2)):
            return True
    return False


def two_pairs_suited_apart(hand: Hand, first: int, second: int) -> bool:
    """first, first, second, second with first-second suited twice (``AxAyKxKy``)."""
    if sorted(hand.ranks) != sorted([first, first, second, second]):
        return False
    tops = sorted(hand.suits[i] for i in range(4) if hand.ranks[i] == first)
    lows = sorted(hand.suits[i] for i in range(4) if hand.ranks[i] == second)
    return tops == lows


def pair_and_another_suit(hand: Hand) -> bool:
    """Two cards of one suit and a third card of another (``xxy``)."""
    for i, j in combinations(range(4), 2):
        if hand.suits[i] == hand.suits[j] and any(
            hand.suits[k] != hand.suits[i] for k in range(4) if k not in (i, j)
        ):
            return True
    return False


def two_kings_and_a_suit_mate(hand: Hand) -> bool:
    """Two kings and a third card suited with one of them (``KxKy*x``)."""
    kings = [i for i in range(4) if hand.ranks[i] == K]
    for i, j in combinations(kings, 2):
        if any(hand.suits[k] in (hand.suits[i], hand.suits[j]) for k in range(4)
               if k not in (i, j)):  # fmt: skip
            return True
    return False


def aces_ds(hand: Hand) -> bool:
    return hand.has(A) >= 2 and hand.shape == [2, 2]


def ranks_shape(hand: Hand) -> list[int]:
    """How many cards of each rank the hand holds, fewest first."""
    return sorted(hand.rank_count.values())


def fits_in_some_order(hand: Hand, rule: Callable[[list[int], list[int]], bool]) -> bool:
    """Whether some order of the hand's cards has ranks and suits the rule takes."""
    return any(
        rule([hand.ranks[i] for i in order], [hand.suits[i] for i in order])
        for order in permutations(range(4))
    )


CASES: dict[str, Callable[[Hand], bool]] = {
    # ProPokerTools' rank variables: one letter one rank, two letters two ranks, none a rank
    # the word writes out (issue 32 §4).
    "RRON": lambda h: ranks_shape(h) == [1, 1, 2],
    "RR": lambda h: ranks_shape(h)[-1] >= 2,
    "RROO": lambda h: ranks_shape(h) == [2, 2],
    "RRR": lambda h: ranks_shape(h)[-1] >= 3,
    "AARR": lambda h: h.has(A) == 2 and ranks_shape(h) == [2, 2],
    "RxRyOxOy": lambda h: (
        ranks_shape(h) == [2, 2]
        and len({(s, r == h.ranks[0]) for r, s in zip(h.ranks, h.suits, strict=True)}) == 4
        and len(set(h.suits)) == 2
    ),
    "RxOxN": lambda h: fits_in_some_order(
        h, lambda ranks, suits: len(set(ranks[:3])) == 3 and suits[0] == suits[1]
    ),
    # ProPokerTools' rank spans: the ranks that differ step together (issue 32 §4).
    "KK-TT": lambda h: any(h.has(rank) >= 2 for rank in (K, Q, J, T)),
    "TT+": lambda h: any(h.has(rank) >= 2 for rank in (T, J, Q, K, A)),
    "55-": lambda h: any(h.has(rank) >= 2 for rank in (3, 2, 1, 0)),
    "AK-AT": lambda h: h.has(A) >= 1 and any(h.has(rank) for rank in (K, Q, J, T)),
    "JT9-765": lambda h: any(
        all(h.has(rank) for rank in (top, top - 1, top - 2))
        for top in (J, T, 7, 6, 5)  # JT9, T98, 987, 876, 765
    ),
    "AxKx-AxTx": lambda h: any(
        h.ranks[i] == A and h.ranks[j] in (K, Q, J, T) and h.suits[i] == h.suits[j]
        for i in range(4)
        for j in range(4)
    ),
    "KRs": lambda h: fits_in_some_order(
        h, lambda ranks, suits: ranks[0] == K and ranks[1] != K and suits[1] == SPADES
    ),
    "AA**": lambda h: h.has(A) >= 2,
    "AA": lambda h: h.has(A) >= 2,
    "aa": lambda h: h.has(A) >= 2,
    "AxKxQyJy": lambda h: (
        sorted(h.ranks) == [J, Q, K, A]
        and h.suits[h.ranks.index(A)] == h.suits[h.ranks.index(K)]
        and h.suits[h.ranks.index(Q)] == h.suits[h.ranks.index(J)]
        and h.suits[h.ranks.index(A)] != h.suits[h.ranks.index(Q)]
    ),
    "AsKhJd2c": lambda h: set(h.cards) == {card("As"), card("Kh"), card("Jd"), card("2c")},
    "ds": lambda h: h.shape == [2, 2],
    "ss": lambda h: h.shape == [1, 1, 2],
    "rainbow": lambda h: h.shape == [1, 1, 1, 1],
    "xxyy": lambda h: h.shape == [2, 2],
    "wxyz": lambda h: h.shape == [1, 1, 1, 1],
    "ssxx": lambda h: h.suits.count(SPADES) == 2 and h.shape == [2, 2],
    "AA!AAA": lambda h: h.has(A) == 2,
    "AA!AAA!AAKK": lambda h: h.has(A) == 2 and h.has(K) < 2,
    "AAds": aces_ds,
    "AA:ds": aces_ds,
    "AAss": lambda h: h.has(A) >= 2 and h.shape == [1, 1, 2],
    "KKQQ": lambda h: h.has(K) == 2 and h.has(Q) == 2,
    "AxAyKxKy": lambda h: two_pairs_suited_apart(h, A, K),
    "[A-T][A-T]": lambda h: sum(rank >= T for rank in h.ranks) >= 2,
    "[T-A][AKQJT]": lambda h: sum(rank >= T for rank in h.ranks) >= 2,
    "[AK5-2]": lambda h: any(rank in (A, K, 3, 2, 1, 0) for rank in h.ranks),
    "[AK]x[AK]x": lambda h: same_suit_pair(h, lambda rank: rank in (A, K)),
    "A*x*x": ace_and_two_suited,
    "Ah*h": lambda h: card("Ah") in h.cards and h.suits.count(HEARTS) >= 2,
    "AsKx": lambda h: (
        card("As") in h.cards and any(h.ranks[i] == K and h.suits[i] != SPADES for i in range(4))
    ),
    "109": lambda h: h.has(T) >= 1 and h.has(7) >= 1,
    "xxy": pair_and_another_suit,
    "wxy": lambda h: len(set(h.suits)) >= 3,
    "AxAy": lambda h: h.has(A) >= 2,
    "[AK]x[AK]y": lambda h: len({h.suits[i] for i in range(4) if h.ranks[i] in (A, K)}) >= 2,
    "KxKy*x": two_kings_and_a_suit_mate,
    "random": lambda h: True,
    "*": lambda h: True,
    "****": lambda h: True,
    "AA:ds, KKQQ, !AAA": lambda h: (
        (aces_ds(h) or (h.has(K) == 2 and h.has(Q) == 2)) and h.has(A) < 3
    ),
    "0.5(AA, KK), !AK": lambda h: (h.has(A) >= 2 or h.has(K) >= 2) and not (h.has(A) and h.has(K)),
}


@pytest.fixture(scope="module")
def hands() -> list[Hand]:
    every = [Hand(cards) for cards in combinations(range(52), 4)]
    assert len(every) == 270_725
    return every


def row_set(found: Range) -> set[tuple[int, ...]]:
    return {tuple(sorted(row)) for row in found.as_array().tolist()}


@pytest.mark.slow
# One xdist group: under `make unit` the module's ``hands`` (270,725 hands made in Python) is made
# by one worker; dealt out case by case, both made it (10-13 s of wall time each in setup at load
# 7, 2026-11-28).
@pytest.mark.xdist_group("omaha hands")
@pytest.mark.parametrize("text", list(CASES))
def test_each_form_names_the_hands_the_brute_force_finds(text: str, hands: list[Hand]) -> None:
    rule = CASES[text]
    expected = {hand.cards for hand in hands if rule(hand)}
    found = parse_range(text, hole_cards=4)
    assert len(found) == len(expected)
    assert row_set(found) == expected


def test_the_issue_s_figures() -> None:
    # AA** is every hand with at least two aces: C(4,2) C(48,2) + C(4,3) 48 + 1.
    assert len(parse_range("AA**", hole_cards=4)) == 6961 == 6 * comb(48, 2) + 4 * 48 + 1
    assert len(parse_range("AxKxQyJy", hole_cards=4)) == 12 == 4 * 3


@pytest.mark.slow
def test_bigger_hands_by_counting() -> None:
    # Five cards: at least two aces; double-suited (2-2-1: the odd suit, then two of three).
    assert len(parse_range("AA", hole_cards=5)) == sum(
        comb(4, aces) * comb(48, 5 - aces) for aces in range(2, 5)
    )
    assert len(parse_range("ds", hole_cards=5)) == 4 * 3 * 13 * comb(13, 2) ** 2
    assert len(parse_range("rainbow", hole_cards=5)) == 0
    # Six cards: one exact hand of four and any two of the 48 others.
    assert len(parse_range("AsKhJd2c", hole_cards=6)) == comb(48, 2)


def test_weights_last_mention_and_exclusions() -> None:
    found = parse_range("0.5(AA, KK), KK, AA:0.25, !AAKK", hole_cards=4)
    weights = dict(zip(map(tuple, found.as_array().tolist()), found.weights, strict=True))
    aces = (card("As"), card("Ah"), card("Qd"), card("2c"))
    kings = (card("Ks"), card("Kh"), card("Qd"), card("2c"))
    both = (card("As"), card("Ah"), card("Ks"), card("Kh"))
    assert weights[tuple(sorted(aces, reverse=True))] == 0.25
    assert weights[tuple(sorted(kings, reverse=True))] == 1.0
    assert tuple(sorted(both, reverse=True)) not in weights
    assert found.hole_cards == 4
    assert found.text == "0.5(AA, KK), KK, AA:0.25, !AAKK"


def test_rows_are_ordered_like_hold_em_ranges() -> None:
    found = parse_range("AAKK, 2c3c4c5c", hole_cards=4)
    rows = found.as_array().tolist()
    assert rows == sorted(rows, reverse=True)
    assert all(row == sorted(row, reverse=True) for row in rows)
    assert [card.id for card in found.combos[0]] == rows[0]
    assert found.combos[-1] == tuple(parse_range("5c4c3c2c", hole_cards=4).combos[0])


def test_a_range_pickles_and_stays_frozen() -> None:
    found = parse_range("AAKK, 0.5(QQJJ)", hole_cards=4)
    again = pickle.loads(pickle.dumps(found))
    assert again == found and again.text == found.text and len(again) == 72
    with pytest.raises(dataclasses.FrozenInstanceError):
        found.hole_cards = 2  # type: ignore[misc]


def test_card_removal() -> None:
    found = parse_range("AA", hole_cards=4).without("As Ah")
    # Two aces are left, Ad and Ac: the hands holding both, with two of the 48 other ranks.
    assert len(found) == comb(48, 2)
    assert found.hole_cards == 4


def test_a_hand_built_by_hand_knows_its_size() -> None:
    built = Range((("As", "Ah", "Kd", "Kc"),), (1.0,), hole_cards=4)
    assert built.hole_cards == 4 and built.text == "AsAhKdKc"
    assert built == Range((("Kc", "Kd", "Ah", "As"),), (1.0,), "high", 4)
    with pytest.raises(ParameterError, match="combo 1 has 2 card"):
        Range((("As", "Ah"),), (1.0,), hole_cards=4)
    with pytest.raises(ParameterError, match=r"hole_cards must be 2 \(hold'em\) or 4 to 6"):
        parse_range("AA", hole_cards=3)


@pytest.mark.parametrize(
    ("text", "token", "position", "allowed"),
    [
        ("AA@*", "AA@*", 1, "ranks 2-9 T J Q K A, * for any card"),
        ("KK, AAKKQ", "AAKKQ", 2, "a hand here holds 4 cards, and AAKKQ names 5"),
        ("[AK", "[AK", 1, "a rank set is closed by ]"),
        ("[]A", "[]A", 1, "an empty rank set"),
        ("[A-]", "[A-]", 1, "a run in a rank set joins two ranks"),
        ("AA!", "AA!", 1, "! stands between two terms"),
        ("AsAs", "AsAs", 1, "As is named twice"),
        ("15%", "15%", 1, "top X % ranges are hold'em's"),
        ("0.5", "0.5", 1, "a weight needs its hands"),
        ("0.5(AA", "0.5(AA", 1, "this group is never closed"),
        ("0.5(AA:0.5)", "AA:0.5", 1, "a weight inside a weighted group"),
        ("!AAA:0.5", "AAA:0.5", 1, "an exclusion (!AAA) takes no weight"),
        ("AA:", "AA:", 1, "a word or a weight must follow the colon"),
        ("AA:2", "AA:2", 1, "a weight is a number above 0 and at most 1"),
        ("", "", 1, "a range needs at least one hand"),
        # The character the grammar stopped at, and what it expected there.
        ("AA, KKQ@", "KKQ@", 2, '"@" is not a rank (2-9 T J Q K A), *, a rank set [...], a rank'),
        ("K+K", "K+K", 1, '"+" is not a rank'),
        ("KK-T", "KK-T", 1, "a rank span joins two words of plain ranks written alike"),
        ("AK-QT", "AK-QT", 1, "a rank span joins two words"),
        ("[AK]-T", "[AK]-T", 1, "a rank span joins two words"),
        # XxXx meant any hand, and was read as four cards of one suit (issue 32 §4)
        ("XxXx", "XxXx", 1, "XxXx is no hand here: write random for any hand"),
        ("AAxY", "AAxY", 1, "Y: suit variables are small letters"),
    ],
)
def test_bad_text_names_the_token_and_what_is_allowed(
    text: str, token: str, position: int, allowed: str
) -> None:
    with pytest.raises(RangeError) as caught:
        parse_range(text, hole_cards=4)
    assert caught.value.token == token
    assert caught.value.position == position
    assert allowed in caught.value.reason


def test_omaha_ranges_need_the_full_deck() -> None:
    with pytest.raises(ParameterError, match="ranking must deal 52 cards"):
        parse_range("AA", ranking="short-deck", hole_cards=4)


def test_equity_refuses_a_range_of_the_wrong_size() -> None:
    from pokerscore.games.holdem.showdown import PlayerError

    with pytest.raises(PlayerError, match="the range holds 4-card hands, and holdem deals 2"):
        equity(["AsKs", parse_range("AA", hole_cards=4)])


def test_board_breakdown_reads_omaha_patterns() -> None:
    # Against the same hands listed one by one (the breakdown's older form).
    found = parse_range("AAKK", hole_cards=4)
    listed = ", ".join("".join(str(c) for c in combo) for combo in found.combos)
    by_pattern = board_breakdown("AAKK", "2h 7c 8d", game="omaha")
    by_list = board_breakdown(listed, "2h 7c 8d", game="omaha")
    by_range = board_breakdown(found, "2h 7c 8d", game="omaha")
    assert by_pattern.combos == by_list.combos == by_range.combos == 36
    assert by_pattern.made == by_list.made == by_range.made


def test_permutations_of_a_pattern_name_the_same_hands() -> None:
    # Card order in a pattern does not matter (Omaha hands are sets).
    texts = ["".join(order) for order in permutations(["Ax", "Ay", "Kx", "Ky"])]
    found = {frozenset(row_set(parse_range(text, hole_cards=4))) for text in texts}
    assert len(found) == 1


@pytest.mark.slow
@given(st.text(alphabet="AKQJT98765432*[]-!:,() .%sdhcwxyzr0", max_size=24))
@settings(max_examples=300, deadline=None)
def test_any_text_is_a_range_or_a_range_error(text: str) -> None:
    try:
        found = parse_range(text, hole_cards=4)
    except RangeError as error:  # never another exception: a traceback in the CLI
        assert str(error).startswith('invalid range "') and error.position >= 1 and error.reason
        return
    assert found.hole_cards == 4 and len(found) == len(found.weight_array())


@pytest.mark.parametrize(
    ("call", "parameter"),
    [
        (lambda: read_word(5, 4), "word"),
        (lambda: read_word("AA", 4.0), "size"),
        (lambda: read_word("AA", 7), "size"),
        (lambda: word_flags("AA", True), "size"),
        (lambda: word_flags(None, 4), "word"),
        (lambda: hand_count([4]), "size"),
    ],
)
def test_the_pattern_functions_name_a_bad_argument(
    call: Callable[[], object], parameter: str
) -> None:
    with pytest.raises(ParameterError) as caught:
        call()
    assert caught.value.parameter == parameter
