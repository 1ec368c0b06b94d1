"""Hand ranges: every syntax, the published combo counts, weights, card removal and errors.

The oracle is brute force: each test hand is also described as a predicate over the ranks and
suits of a combo, and the expected combos are those of all 1326 (or the short deck's 630) that
satisfy it, computed here without the parser.
"""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pokerscore
from pokerscore import Card, PokerScoreError, Range, RangeError, parse_range

RANK_LETTERS = "23456789TJQKA"
ALL_COMBOS = [(high, low) for low, high in combinations(range(52), 2)]
Predicate = Callable[[int, int], bool]


def rank(card: int) -> int:
    return card // 4


def suit(card: int) -> int:
    return card % 4


def brute_force(predicate: Predicate, lowest_rank: int = 0) -> set[tuple[int, int]]:
    """Every combo (higher id first) of the deck from ``lowest_rank`` up that satisfies it."""
    return {
        (high, low) for high, low in ALL_COMBOS if rank(low) >= lowest_rank and predicate(high, low)
    }


def ids(hands: Range) -> set[tuple[int, int]]:
    return {(first.id, second.id) for first, second in hands.combos}


def weights_of(hands: Range) -> dict[tuple[int, int], float]:
    return {(a.id, b.id): w for (a, b), w in zip(hands.combos, hands.weights, strict=True)}


# --- the published counts (issue 9), one per syntax -------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("JJ-88", 24),
        ("AQo+", 24),
        ("AQ+", 32),
        ("QQ+,AKs", 22),
        ("random", 1326),
        ("A2s+", 48),
        ("KTo+", 36),
        ("22+", 78),
        ("A5s-A2s", 16),
        ("KQo-K9o", 48),
        # The other forms of the same syntax, counted by hand.
        ("QQ", 6),
        ("QQ+", 18),
        ("22-77", 36),
        ("77-22", 36),
        ("AKs", 4),
        ("AKo", 12),
        ("AK", 16),
        ("AT+", 64),
        ("KQ-K9", 64),
        ("AhKh", 1),
        ("any", 1326),
        ("100%", 1326),
    ],
)
def test_published_combo_counts(text: str, count: int) -> None:
    assert len(parse_range(text)) == count


# --- each syntax holds exactly the combos it names --------------------------------------------


def pair_at_least(lowest: int) -> Predicate:
    return lambda high, low: rank(high) == rank(low) >= lowest


def with_top(top: int, kickers: range, suits: str) -> Predicate:
    def holds(high: int, low: int) -> bool:
        suited = suit(high) == suit(low)
        wanted = suits == "" or (suits == "s") == suited
        return rank(high) == top and rank(low) in kickers and wanted

    return holds


ACE, KING, QUEEN, JACK, TEN, NINE = 12, 11, 10, 9, 8, 7


@pytest.mark.parametrize(
    ("text", "predicate"),
    [
        ("QQ+", pair_at_least(QUEEN)),
        ("JJ-88", lambda h, lo: rank(h) == rank(lo) and 6 <= rank(h) <= 9),
        ("AKs", with_top(ACE, range(KING, KING + 1), "s")),
        ("AKo", with_top(ACE, range(KING, KING + 1), "o")),
        ("A2s+", with_top(ACE, range(0, ACE), "s")),
        ("KTo+", with_top(KING, range(TEN, KING), "o")),
        ("AT+", with_top(ACE, range(TEN, ACE), "")),
        ("A5s-A2s", with_top(ACE, range(0, 4), "s")),
        ("KQo-K9o", with_top(KING, range(NINE, KING), "o")),
        ("AhKh", lambda h, lo: (h, lo) == (50, 46)),
        ("random", lambda h, lo: True),
    ],
)
def test_each_syntax_holds_the_combos_it_names(text: str, predicate: Predicate) -> None:
    assert ids(parse_range(text)) == brute_force(predicate)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("22-77", "77-22"),
        ("A5s-A2s", "A2s-A5s"),
        ("KQo-K9o", "K9o-KQo"),
        ("aks", "AKs"),
        ("kto+", "KTo+"),
        ("Random", "random"),
        ("ANY", "random"),
        ("QQ+,AKs", "QQ+ AKs"),
        ("QQ+,AKs", " QQ+ ,\n AKs, "),
        ("AKs, AKo", "AK"),
        ("ATs+, ATo+", "AT+"),
        ("A10s", "ATs"),
        ("10h9h", "Th9h"),
        ("A♥K♥", "AhKh"),
        ("ahkh", "AhKh"),
        ("KhAh", "AhKh"),
        ("JJ, QQ, KK, AA", "JJ+"),
        ("AA+", "AA"),
        ("AK+", "AK"),
    ],
)
def test_equivalent_spellings(first: str, second: str) -> None:
    assert parse_range(first) == parse_range(second)


def test_an_exact_combo_keeps_its_suits_in_any_case() -> None:
    for text in ("AhKh", "ahkh", "AHKH", "A♥K♥"):
        assert parse_range(text).combos == ((Card(50), Card(46)),)
    assert parse_range("AsKd").combos == ((Card(51), Card(45)),)


def test_combos_are_higher_card_first_in_descending_id_order() -> None:
    combos = parse_range("random").combos
    assert all(first.id > second.id for first, second in combos)
    keys = [(first.id, second.id) for first, second in combos]
    assert keys == sorted(keys, reverse=True)
    assert len(set(keys)) == 1326


# --- weights ----------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["0.5(JJ)", "50%(JJ)", "JJ:0.5", ".5(JJ)", "50.0%(JJ)"])
def test_weight_forms(text: str) -> None:
    hands = parse_range(text)
    assert ids(hands) == brute_force(lambda h, lo: rank(h) == rank(lo) == JACK)
    assert hands.weights == (0.5,) * 6


def test_a_weight_over_a_group_applies_to_every_hand_in_it() -> None:
    hands = parse_range("0.25(JJ,TT) AKs")
    assert len(hands) == 16
    for (high, _), weight in weights_of(hands).items():
        assert weight == (1.0 if rank(high) == ACE else 0.25)


def test_full_weight_forms_are_the_unweighted_range() -> None:
    assert (
        parse_range("1(JJ)") == parse_range("100%(JJ)") == parse_range("JJ:1") == parse_range("JJ")
    )


def test_the_last_mention_of_a_combo_sets_its_weight() -> None:
    # As re-marking a hand in a range editor's grid: read left to right, the last weight wins.
    hands = parse_range("22+, 0.5(22-55)")
    assert len(hands) == 78
    for (high, _), weight in weights_of(hands).items():
        assert weight == (0.5 if rank(high) <= 3 else 1.0)
    assert set(parse_range("0.5(AKs), AKs").weights) == {1.0}
    assert set(parse_range("AKs, AhKh:0.5").weights) == {1.0, 0.5}
    assert len(parse_range("AKs, AKs, AhKh")) == 4


# --- arrays, immutability, text ---------------------------------------------------------------


def test_arrays_match_the_combos_and_weights() -> None:
    hands = parse_range("QQ+, 0.5(AKs)")
    array = hands.as_array()
    assert array.dtype == np.uint8
    assert array.shape == (22, 2)
    assert [tuple(row) for row in array.tolist()] == [(a.id, b.id) for a, b in hands.combos]
    weights = hands.weight_array()
    assert weights.dtype == np.float64
    assert weights.tolist() == list(hands.weights)
    assert sorted(weights.tolist()) == [0.5] * 4 + [1.0] * 18


def test_an_empty_range_has_empty_arrays_of_the_right_shape() -> None:
    empty = parse_range("AhKh").without("Ah")
    assert len(empty) == 0
    assert empty.as_array().shape == (0, 2)
    assert empty.weight_array().shape == (0,)


def test_a_range_is_immutable_and_hashable() -> None:
    hands = parse_range("QQ+")
    with pytest.raises(dataclasses.FrozenInstanceError):
        hands.combos = ()  # type: ignore[misc]
    assert hash(hands) == hash(parse_range("qq+"))
    assert len({hands, parse_range("KK+, QQ")}) == 1


def test_parsing_and_card_removal_load_no_numpy() -> None:
    code = (
        "import sys, pokerscore\n"
        "hands = pokerscore.parse_range('QQ+, 0.5(AKs), AhKh').without('As')\n"
        "print(len(hands), hands.text, 'numpy' in sys.modules)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.split()[-1] == "False"


@pytest.mark.parametrize(
    ("text", "normalised"),
    [
        ("qq+ aks", "QQ+, AKs"),
        ("AKs AKo", "AK"),
        ("KQo-K9o", "K9o+"),
        ("77-22", "77-22"),
        ("AJs+, AKo", "AJs+, AKo"),
        ("any", "random"),
        ("JJ:0.5 TT:50%", "0.5(JJ-TT)"),
        ("0.25(AhKh), AA", "AA, 0.25(AhKh)"),
    ],
)
def test_normalised_text(text: str, normalised: str) -> None:
    # Regression pins of the normalised notation, checked by eye; reading it back is a property.
    assert parse_range(text).text == normalised


# --- card removal -----------------------------------------------------------------------------


def test_card_removal_drops_every_combo_using_a_removed_card() -> None:
    hands = parse_range("random")
    removed = hands.without("As Kd 7h")
    assert len(removed) == 49 * 48 // 2
    assert ids(removed) == {c for c in ids(hands) if not {51, 45, 22} & set(c)}
    assert len(hands) == 1326  # the original is untouched
    assert len(parse_range("AA").without([Card(51)])) == 3
    assert len(parse_range("AA, AKs").without(["As", "Kh"])) == 3 + 2


def test_card_removal_keeps_the_weights() -> None:
    removed = parse_range("0.5(AA), KK").without("Kh")
    assert sorted(removed.weights) == [0.5] * 6 + [1.0] * 3


# --- starting-hand classes --------------------------------------------------------------------


def test_starting_hands_are_the_169_classes_in_grid_order() -> None:
    names = Range.starting_hands()
    assert len(names) == len(set(names)) == 169
    grid = [names[row * 13 : row * 13 + 13] for row in range(13)]
    for row in range(13):
        for column in range(13):
            high, low = RANK_LETTERS[12 - min(row, column)], RANK_LETTERS[12 - max(row, column)]
            kind = "" if row == column else ("s" if column > row else "o")
            assert grid[row][column] == high + low + kind
    assert names[:3] == ("AA", "AKs", "AQs") and names[13] == "AKo" and names[-1] == "22"


def test_the_classes_partition_every_combo() -> None:
    seen: set[tuple[int, int]] = set()
    sizes = {"pair": 0, "s": 0, "o": 0}
    for name in Range.starting_hands():
        combos = ids(Range.from_class(name))
        assert not combos & seen
        seen |= combos
        kind = "pair" if len(name) == 2 else name[2]
        sizes[kind] += len(combos)
        assert len(combos) == {"pair": 6, "s": 4, "o": 12}[kind]
    assert seen == set(ALL_COMBOS)
    assert sizes == {"pair": 78, "s": 312, "o": 936}


@pytest.mark.parametrize("name", ["AKx", "AK", "QQ+", "AhKh", "random", "22", "XY"])
def test_from_class_accepts_only_a_class(name: str) -> None:
    if name in ("22",):
        assert len(Range.from_class(name)) == 6
        return
    with pytest.raises(RangeError):
        Range.from_class(name)


# --- the short deck ---------------------------------------------------------------------------


def test_short_deck_holds_only_its_36_cards() -> None:
    assert len(parse_range("random", ranking="short-deck")) == 36 * 35 // 2 == 630
    assert len(parse_range("66+", ranking="short-deck")) == 54
    assert len(parse_range("A6s+", ranking="short-deck")) == 32
    assert len(Range.starting_hands("short-deck")) == 81
    assert parse_range("66+", ranking="short-deck").text == "66+"
    assert parse_range("any", ranking="short-deck").ranking == "short-deck"


@pytest.mark.parametrize("text", ["22", "A2s+", "A5s-A2s", "Ah2h", "22+", "QQ, 55"])
def test_short_deck_refuses_cards_it_lacks(text: str) -> None:
    with pytest.raises(RangeError) as caught:
        parse_range(text, ranking="short-deck")
    token = text.split(", ")[-1]
    assert caught.value.token == token
    assert f'"{token}"' in str(caught.value)
    assert "short-deck is played with 36 cards, sixes to aces" in str(caught.value)


# --- errors -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "token", "position", "allowed"),
    [
        ("AKx", "AKx", 1, "s (suited), o (offsuit), + or a dash range"),
        ("QQ, AKs, AKx", "AKx", 3, "s (suited), o (offsuit), + or a dash range"),
        ("QQ++", "QQ++", 1, "only one + may follow a hand"),
        ("2-7", "2-7", 1, "a hand needs two ranks, e.g. 22, AK or 22-77"),
        ("A5s-K2s", "A5s-K2s", 1, "the same top card (A5s-A2s) or the same gap (JTs-KQs"),
        ("A5s-A2o", "A5s-A2o", 1, "both ends of a dash range are suited (s)"),
        ("JTs-KQo", "JTs-KQo", 1, "both ends of a dash range are suited (s)"),
        ("JT-KQs", "JT-KQs", 1, "both ends of a dash range are suited (s), offsuit (o) or neither"),
        ("AK-22", "AK-22", 1, "a dash joins two pairs (22-77)"),
        ("1.5(JJ)", "1.5(JJ)", 1, "a weight is a number above 0 and at most 1"),
        ("0(JJ)", "0(JJ)", 1, "a weight is a number above 0 and at most 1"),
        ("QQ 150%(JJ, TT)", "150%(JJ, TT)", 2, "a percentage above 0% and at most 100%"),
        ("JJ:2", "JJ:2", 1, "a weight is a number above 0"),
        ("JJ:", "JJ:", 1, "a weight must follow the colon"),
        ("", "", 1, "a range needs at least one hand"),
        ("  , ", "", 1, "a range needs at least one hand"),
        ("AhAh", "AhAh", 1, "a combo needs two different cards"),
        ("Ah", "Ah", 1, "a combo is exactly two cards written together"),
        ("QQs", "QQs", 1, "a pair is neither suited nor offsuit"),
        ("0.5(JJ", "0.5(JJ", 1, "this group is never closed"),
        ("AA 0.5()", "0.5()", 2, "an empty group"),
        ("0.5(JJ:0.5)", "0.5(JJ:0.5)", 1, "a weight inside a weighted group"),
        ("(JJ)", "(JJ)", 1, "a group starts with its weight"),
        ("AA)", ")", 2, "this ) closes no group"),
        ("0.5", "0.5", 1, "a weight needs its hands"),
        ("AA 0%", "0%", 2, "a top range is a percentage above 0%"),
        ("20%-5%", "20%-5%", 1, "the lower first (5%-20%)"),
        ("0%-150%", "0%-150%", 1, "two percentages from 0% to 100%"),
        ("KK, Ke", "Ke", 2, "after K comes a second rank (AK, AKs, A2s+) or a suit (AhKh)"),
        ("KK, Xx", "Xx", 2, "an exact combo (AhKh), random or a top range"),
        # What the grammar expected at the token: a second rank or a suit after a rank, and a
        # card where a combo's second card is not one (issue 32, section 3).
        ("QQ+,AXs", "AXs", 2, "after A comes a second rank (AK, AKs, A2s+) or a suit (AhKh)"),
        ("10ee", "10ee", 1, "after 10 comes a second rank"),
        ("AhKq", "AhKq", 1, 'a combo is two cards written together, and "Kq" is not a card: suit'),
        ("AhKhQh", "AhKhQh", 1, "a combo is exactly two cards written together"),
        ("KK AhXh", "AhXh", 2, '"Xh" is not a card: rank must be one of'),
    ],
)
def test_bad_text_names_the_token_its_position_and_what_is_allowed(
    text: str, token: str, position: int, allowed: str
) -> None:
    with pytest.raises(RangeError) as caught:
        parse_range(text)
    error = caught.value
    assert (error.token, error.position) == (token, position)
    assert str(error).startswith(f'invalid range "{token}" at position {position}: ')
    assert allowed in str(error)
    assert isinstance(error, PokerScoreError)


def test_a_long_token_is_cut_with_an_ellipsis() -> None:
    token = "X" * 60
    with pytest.raises(RangeError) as caught:
        parse_range(f"QQ {token}")
    assert caught.value.token == token
    assert str(caught.value).startswith(f'invalid range "{"X" * 40}…" at position 2: ')


def test_range_errors_are_exported() -> None:
    assert pokerscore.RangeError is RangeError
    assert pokerscore.parse_range is parse_range


# --- generated ranges against brute force ----------------------------------------------------


@dataclass(frozen=True)
class Hand:
    """One generated hand term: how it is written, and which combos it means."""

    text: str
    predicate: Predicate


def rank_text(value: int, draw: st.DrawFn) -> str:
    letter = RANK_LETTERS[value]
    if letter == "T" and draw(st.booleans()):
        return "10"
    return letter if draw(st.booleans()) else letter.lower()


def suits_text(suits: str, draw: st.DrawFn) -> str:
    return suits.upper() if draw(st.booleans()) else suits


def kind_matches(suits: str, high: int, low: int) -> bool:
    return suits == "" or (suits == "s") == (suit(high) == suit(low))


@st.composite
def hands(draw: st.DrawFn, lowest: int) -> Hand:
    ranks = st.integers(lowest, 12)
    kind = draw(
        st.sampled_from(
            ["pair", "pair+", "pair-span", "two", "two+", "two-span", "gap-span", "combo", "all"]
        )
    )
    if kind == "gap-span":  # JTs-KQs: one gap, both ranks stepping
        gap = draw(st.integers(1, 12 - lowest))
        tops = st.integers(lowest + gap, 12)
        one, two = draw(tops), draw(tops)
        suits = draw(st.sampled_from(["", "s", "o"]))
        ends = [rank_text(t, draw) + rank_text(t - gap, draw) + suits_text(suits, draw)
                for t in (one, two)]  # fmt: skip
        return Hand(
            "-".join(ends),
            lambda h, lo: (
                rank(h) - rank(lo) == gap
                and min(one, two) <= rank(h) <= max(one, two)
                and kind_matches(suits, h, lo)
            ),
        )
    if kind.startswith("pair"):
        a, b = draw(ranks), draw(ranks)
        pair = rank_text(a, draw) + rank_text(a, draw)
        if kind == "pair":
            return Hand(pair, lambda h, lo: rank(h) == rank(lo) == a)
        if kind == "pair+":
            return Hand(pair + "+", lambda h, lo: rank(h) == rank(lo) >= a)
        other = rank_text(b, draw) + rank_text(b, draw)
        return Hand(
            f"{pair}-{other}",
            lambda h, lo: rank(h) == rank(lo) and min(a, b) <= rank(h) <= max(a, b),
        )
    if kind.startswith("two"):
        top = draw(st.integers(lowest + 1, 12))
        kicker, other = draw(st.integers(lowest, top - 1)), draw(st.integers(lowest, top - 1))
        suits = draw(st.sampled_from(["", "s", "o"]))

        def written(kick: int) -> str:
            return rank_text(top, draw) + rank_text(kick, draw) + suits_text(suits, draw)

        if kind == "two":
            kickers = range(kicker, kicker + 1)
            text = written(kicker)
        elif kind == "two+":
            kickers = range(kicker, top)
            text = written(kicker) + "+"
        else:
            kickers = range(min(kicker, other), max(kicker, other) + 1)
            text = f"{written(kicker)}-{written(other)}"
        return Hand(
            text,
            lambda h, lo: rank(h) == top and rank(lo) in kickers and kind_matches(suits, h, lo),
        )
    if kind == "combo":
        cards = st.integers(4 * lowest, 51)
        first = draw(cards)
        second = draw(cards.filter(lambda card: card != first))
        style = draw(st.sampled_from(["text", "pretty"]))
        text = "".join(str(Card(c)) if style == "text" else Card(c).pretty for c in (first, second))
        return Hand(text, lambda h, lo: {h, lo} == {first, second})
    return Hand(draw(st.sampled_from(["random", "any", "100%", "RANDOM"])), lambda h, lo: True)


WEIGHTS = {"0.25": 0.25, ".5": 0.5, "0.75": 0.75, "1": 1.0, "25%": 0.25, "50%": 0.5, "100%": 1.0}


@st.composite
def range_texts(draw: st.DrawFn, lowest: int) -> tuple[str, dict[tuple[int, int], float]]:
    """A range text from a small grammar, and the weights brute force gives each combo."""
    expected: dict[tuple[int, int], float] = {}
    items: list[str] = []
    for _ in range(draw(st.integers(1, 5))):
        form = draw(st.sampled_from(["plain", "colon", "group"]))
        weight_text = draw(st.sampled_from(sorted(WEIGHTS)))
        weight = 1.0 if form == "plain" else WEIGHTS[weight_text]
        members = draw(st.lists(hands(lowest), min_size=1, max_size=3 if form == "group" else 1))
        if form == "plain":
            items.append(members[0].text)
        elif form == "colon":
            items.append(f"{members[0].text}:{weight_text}")
        else:
            items.append(f"{weight_text}({', '.join(member.text for member in members)})")
        for member in members:  # left to right: the last mention sets the weight
            for combo in brute_force(member.predicate, lowest):
                expected[combo] = weight
    separator = draw(st.sampled_from([",", ", ", " ", " , ", "\n", ";", "; "]))
    return separator.join(items), expected


@given(range_texts(lowest=0))
def test_generated_ranges_match_brute_force(case: tuple[str, dict[tuple[int, int], float]]) -> None:
    text, expected = case
    hands = parse_range(text)
    assert weights_of(hands) == expected
    assert len(hands) == len(expected)


@given(range_texts(lowest=4))
def test_generated_short_deck_ranges_match_brute_force(
    case: tuple[str, dict[tuple[int, int], float]],
) -> None:
    text, expected = case
    assert weights_of(parse_range(text, ranking="short-deck")) == expected


@pytest.mark.slow
@given(range_texts(lowest=0), st.lists(st.integers(0, 51), max_size=5, unique=True))
def test_normalised_text_reads_back_to_the_same_range(
    case: tuple[str, dict[tuple[int, int], float]], dead: list[int]
) -> None:
    hands = parse_range(case[0]).without(dead)
    if len(hands):
        assert parse_range(hands.text) == hands
    assert weights_of(hands) == {
        combo: weight for combo, weight in case[1].items() if not set(combo) & set(dead)
    }


# --- a Range built by hand is checked as a parsed one is (issue 23 §7) -------------------------


def aces() -> list[tuple[Card, Card]]:
    return [(Card(high), Card(low)) for low, high in combinations(range(48, 52), 2)]


@pytest.mark.parametrize(
    ("weights", "message"),
    [
        ((0.0,) * 6, "weights must each be above 0 and at most 1"),
        ((2,) * 6, "weights must each be above 0 and at most 1, got 2"),
        ((-1.0,) * 6, "got -1.0"),
        ((float("nan"),) * 6, "got nan"),
        ((True,) * 6, "got True"),
        (("0.5",) * 6, "got '0.5'"),
        ((0.5,) * 5, "one weight per combo: 6 combos, 5 weights"),
    ],
)
def test_a_range_refuses_weights_outside_its_definition(
    weights: tuple[object, ...], message: str
) -> None:
    with pytest.raises(PokerScoreError, match=message):
        Range(tuple(aces()), weights)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("combos", "ranking", "message"),
    [
        (((Card(51), Card(51)),), "high", "combos: AsAs holds a card twice"),
        (((Card(51),),), "high", "combos: combo 1 has 1 card"),
        (((Card(51), Card(52)),), "high", "combos: .*Jk.*only the joker ranking"),
        (((Card(51), Card(0)),), "short-deck", 'combos: combo 1: invalid card "2c".*short-deck'),
        (((Card(51), Card(47)), (Card(47), Card(51))), "high", "combos: AsKs appears twice"),
        (((Card(51), Card(47)),), "razz", "unknown ranking"),
        (((Card(51), Card(47)),), 7, "ranking must be the name of a ranking, got int"),
        ("AsKs", "high", "combos must be a list of two-card combos, got str"),
    ],
)
def test_a_range_refuses_combos_outside_its_deck(
    combos: object, ranking: object, message: str
) -> None:
    with pytest.raises(PokerScoreError, match=message):
        Range(combos, (1.0,) * len(combos), ranking)  # type: ignore[arg-type]


def test_a_range_built_by_hand_is_put_in_order() -> None:
    # Combos written lower card first, in any order, read as the parser writes them.
    built = Range(tuple((low, high) for high, low in reversed(aces())), (1.0,) * 6)
    assert built == parse_range("AA")
    assert Range((("Ah", "As"),), (1,)).combos == ((Card(51), Card(50)),)  # type: ignore[arg-type]


# ---- top X % (issue 21 §3) ---------------------------------------------------------------------

VS_RANDOM = Path(pokerscore.__file__).parent / "data" / "preflop-vs-random.csv"
PUBLISHED_VS_RANDOM = {"AA": "0.8520371", "KK": "0.8239568", "AKs": "0.6704463"}
"""Jazbo's exact table of each hand against a random hand (as in test_preflop_tables.py)."""


def shipped_rows() -> dict[str, tuple[int, int, int, int]]:
    lines = VS_RANDOM.read_text(encoding="ascii").split()
    assert lines[0] == "hand,combos,wins,ties,deals"
    rows = {}
    for line in lines[1:]:
        name, *numbers = line.split(",")
        combos, wins, ties, deals = map(int, numbers)
        rows[name] = (combos, wins, ties, deals)
    return rows


def class_combos(name: str) -> set[tuple[int, int]]:
    """The combos of a class from its name, by the rules (pair, suited, offsuit)."""
    high, low = RANK_LETTERS.index(name[0]), RANK_LETTERS.index(name[1])
    kind = name[2:]
    return brute_force(
        lambda a, b: (
            sorted((rank(a), rank(b))) == sorted((high, low))
            and (kind == "" or (kind == "s") == (suit(a) == suit(b)))
        )
    )


def oracle_prefix(percent: Fraction) -> list[str]:
    """The shortest run of classes, best first by exact equity vs random, reaching percent %."""
    rows = shipped_rows()
    order = sorted(rows, key=lambda n: -Fraction(2 * rows[n][1] + rows[n][2], 2 * rows[n][3]))
    taken: list[str] = []
    while sum(rows[n][0] for n in taken) * 100 < percent * 1326:
        taken.append(order[len(taken)])
    return taken


def test_the_shipped_order_holds_the_published_equities_and_adds_up() -> None:
    rows = shipped_rows()
    assert len(rows) == 169 and sum(row[0] for row in rows.values()) == 1326
    for name, published in PUBLISHED_VS_RANDOM.items():
        _, wins, ties, deals = rows[name]
        assert f"{float(Fraction(2 * wins + ties, 2 * deals)):.7f}" == published
    # Each deal is a combo against one of the 1,225 others on one of C(48, 5) boards.
    assert all(deals == combos * 1225 * 1_712_304 for combos, _, _, deals in rows.values())
    # Against a random hand, every hand's wins are some hand's losses: equity sums to one half.
    assert sum(2 * w + t for _, w, t, _ in rows.values()) == sum(d for *_, d in rows.values())
    equities = {Fraction(2 * w + t, 2 * d) for _, w, t, d in rows.values()}
    assert len(equities) == 169  # no two classes tie: the order needs no tie-break


@pytest.mark.slow
def test_the_shipped_order_is_what_the_script_computes() -> None:
    from tests.make_vs_random import vs_random_text

    assert VS_RANDOM.read_text(encoding="ascii") == vs_random_text()


@pytest.mark.parametrize("percent", ["0.1", "1", "2", "5", "10", "15", "20", "33.3", "50", "99.9"])
def test_top_ranges_are_the_shortest_prefix_reaching_the_share(percent: str) -> None:
    share = Fraction(percent)
    taken = oracle_prefix(share)
    expected = set().union(*(class_combos(name) for name in taken))
    found = parse_range(f"{percent}%")
    assert set(map(tuple, found.as_array().tolist())) == expected
    assert len(expected) * 100 >= share * 1326  # reaches the share
    assert (len(expected) - len(class_combos(taken[-1]))) * 100 < share * 1326  # and no sooner
    assert pokerscore.top_classes(percent) == tuple(taken)


def test_the_documented_top_figures() -> None:
    assert len(parse_range("15%")) == 200  # 15.08 % of 1,326
    assert parse_range("100%") == parse_range("random")
    between = parse_range("5%-20%")
    assert set(between.combos) == set(parse_range("20%").combos) - set(parse_range("5%").combos)
    assert parse_range("5%, 5%-20%") == parse_range("20%")
    assert parse_range("0%-15%") == parse_range("15%")
    assert parse_range("0.5(15%)").weights == (0.5,) * 200
    assert parse_range("15%:0.5") == parse_range("0.5(15%)")


def test_top_classes_refuses_what_is_not_a_share() -> None:
    from pokerscore.games.holdem.game import ParameterError

    with pytest.raises(ParameterError, match="percent must be a number from 0 to 100"):
        pokerscore.top_classes(101)
    with pytest.raises(ParameterError, match="percent must be a number from 0 to 100"):
        pokerscore.top_classes("many")
    with pytest.raises(ParameterError, match='order must be "vs-random"'):
        pokerscore.top_classes(10, order="sklansky")  # type: ignore[arg-type]
    with pytest.raises(RangeError, match="top ranges are hold'em's"):
        parse_range("15%", ranking="short-deck")


# --- the notations other tools write (issue 32, section 4) ------------------------------------


def connectors(gap: int, lowest_top: int, highest_top: int, suits: str) -> Predicate:
    """Two ranks ``gap`` apart, the top one from ``lowest_top`` to ``highest_top``."""

    def holds(high: int, low: int) -> bool:
        wanted = rank(high) - rank(low) == gap and lowest_top <= rank(high) <= highest_top
        return wanted and kind_matches(suits, high, low)

    return holds


@pytest.mark.parametrize(
    ("text", "predicate", "count"),
    [
        # pokerkit's analysis docs: both ranks step ("T9s-QJs" is T9s, JTs, QJs).
        ("JTs-KQs", connectors(1, JACK, KING, "s"), 12),
        ("KQs-JTs", connectors(1, JACK, KING, "s"), 12),
        ("T9s-QJs", connectors(1, TEN, QUEEN, "s"), 12),
        ("T9o-QJo", connectors(1, TEN, QUEEN, "o"), 36),
        ("T9-QJ", connectors(1, TEN, QUEEN, ""), 48),
        ("54s-T9s", connectors(1, 3, TEN, "s"), 24),
        ("J9s-Q10s", connectors(2, JACK, QUEEN, "s"), 8),
        ("32-AK", connectors(1, 1, ACE, ""), 192),
        # Pairs are the gap 0: the same reading as before.
        ("33-55", connectors(0, 1, 3, ""), 18),
    ],
)
def test_a_dash_between_hands_of_one_gap_steps_both_ranks(
    text: str, predicate: Predicate, count: int
) -> None:
    hands = parse_range(text)
    assert ids(hands) == brute_force(predicate)
    assert len(hands) == count


@pytest.mark.parametrize(
    ("first", "second"),
    [
        # pokerkit: whitespace, commas and semicolons separate notations.
        ("4s5h;2s3s", "4s5h, 2s3s"),
        ("33; 44;55", "33-55"),
        ("J8s,J9s JTs", "J8s+"),
        ("0.5(AA; KK); QQ", "0.5(AA, KK), QQ"),
        # eval7: the dash's two ends in either order, a group weight written "1." or ".5".
        ("A7o-ATo", "ATo-A7o"),
        ("88-JJ", "JJ-88"),
        ("1.(AA)", "AA"),
        # eval7's tags (#UTG#) label a range and name no hands.
        ("#UTG#, AA, #My_Tag#", "AA"),
        ("0.5(#open# KK)", "0.5(KK)"),
    ],
)
def test_the_separators_and_spellings_of_other_tools(first: str, second: str) -> None:
    assert parse_range(first) == parse_range(second)


def test_omaha_ranges_take_semicolons_too() -> None:
    first = parse_range("AA:ds; KKQQ", hole_cards=4)
    assert first.as_array().tolist() == parse_range("AA:ds, KKQQ", hole_cards=4).as_array().tolist()


def pokerkit_ids(text: str) -> set[tuple[int, int]]:
    """pokerkit's combos of a range text, as card ids highest first."""
    from pokerkit import parse_range as pokerkit_range

    found = set()
    for combo in pokerkit_range(text):
        cards = sorted(parse_range("".join(repr(card) for card in combo)).combos[0])
        found.add((cards[1].id, cards[0].id))
    return found


PEER_TEXTS = [
    "AKs",
    "22",
    "T9",
    "33-55",
    "T9s-QJs",
    "T9o-QJo",
    "T9-QJ",
    "J8s+",
    "J8s,J9s JTs",
    "AK+",
    "AKo+",
    "22+",
    "A2s+",
    "KTo+",
    "4s5h;2s3s",
    "AdAh",
    "QQ+, AKs; JTs-KQs, 54s-87s",
    "22-77 A2s-A5s",
]


@pytest.mark.parametrize("text", PEER_TEXTS)
def test_pokerkit_reads_the_same_combos(text: str) -> None:
    try:
        expected = pokerkit_ids(text)
    except ValueError:
        # pokerkit's dash steps both ranks only: a fixed top card (A2s-A5s) is not its syntax.
        assert "A2s-A5s" in text
        return
    assert ids(parse_range(text)) == expected


EVAL7_TEXTS = [
    "ATo, 86s, JT, 99",
    "As3c, 8c5s",
    "88-JJ",
    "A7o-ATo",
    "T6s+",
    "0.6(AA, AK)",
    "40%(ATs+)",
    "TT+, A8o-ATo, 80%(KTs+)",
    "AA, 0.8(AKs)",
    "55+, 87o, K9s-KJs",
    "JJ+, AT+, 80%(A8s+)",
    "1.(QQ), .5(22-44)",
]


@pytest.mark.parametrize("text", EVAL7_TEXTS)
def test_eval7_reads_the_same_combos_and_weights(text: str) -> None:
    import eval7

    expected = {}
    for (first, second), weight in eval7.HandRange(text).hands:
        cards = parse_range(str(first) + str(second)).combos[0]
        expected[(cards[0].id, cards[1].id)] = weight
    assert weights_of(parse_range(text)) == expected


@pytest.mark.parametrize(
    ("text", "token", "message"),
    [
        # A text read neither as cards nor as a range: the error of the reader that got further.
        ("QQ+,AXs", "AXs", 'invalid range "AXs" at position 2: after A comes a second rank'),
        ("AKx", "AKx", 'invalid range "AKx" at position 1: after AK may come s (suited)'),
        ("Ah Kx", "Kx", 'invalid card "Kx" at position 2: suit must be one of'),
        ("AhAh", "", "duplicate card Ah at positions 1 and 2"),
        ("0.5(JJ", "0.5(JJ", "this group is never closed"),
    ],
)
def test_a_player_neither_cards_nor_a_range_gets_the_error_at_the_wrong_token(
    text: str, token: str, message: str
) -> None:
    from pokerscore.games.holdem.equity import equity
    from pokerscore.games.holdem.showdown import PlayerError

    with pytest.raises(PlayerError) as caught:
        equity([text, "KdKc"], samples=10)
    assert str(caught.value).startswith("player 1: ")
    assert message in str(caught.value)
    assert f'"{token}"' in str(caught.value) or not token


@pytest.mark.parametrize(
    ("text", "token", "position"),
    [
        ("AA:ds,K+K", "K+K", 3),
        ("AA, KKQ@", "KKQ@", 2),
    ],
)
def test_an_omaha_player_neither_cards_nor_a_range_gets_the_range_error(
    text: str, token: str, position: int
) -> None:
    from pokerscore.games.holdem.equity import equity
    from pokerscore.games.holdem.showdown import PlayerError

    with pytest.raises(PlayerError) as caught:
        equity([text, "KdKcQsQh"], game="omaha", samples=10)
    assert f'player 1: invalid range "{token}" at position {position}: ' in str(caught.value)


def suited(high: int, low: int) -> bool:
    return suit(high) == suit(low)


@pytest.mark.parametrize(
    ("text", "predicate", "count"),
    [
        # ProPokerTools' generic syntax on two cards: suit variables, wildcards, rank sets.
        ("AxKx", lambda h, lo: {rank(h), rank(lo)} == {ACE, KING} and suited(h, lo), 4),
        ("AxKy", lambda h, lo: {rank(h), rank(lo)} == {ACE, KING} and not suited(h, lo), 12),
        ("xx", suited, 312),
        ("xy", lambda h, lo: not suited(h, lo), 1014),
        ("A*", lambda h, lo: ACE in (rank(h), rank(lo)), 198),
        ("Ah*", lambda h, lo: 50 in (h, lo), 51),
        ("AhKx", lambda h, lo: h == 50 and rank(lo) == KING and suit(lo) != 2, 3),
        ("Kx", lambda h, lo: KING in (rank(h), rank(lo)), 198),
        ("[A-T][A-T]", lambda h, lo: rank(lo) >= TEN, 190),
        ("[AK]s*", lambda h, lo: any(rank(c) >= KING and suit(c) == 3 for c in (h, lo)), 101),
        ("A*!AA", lambda h, lo: ACE in (rank(h), rank(lo)) and rank(h) != rank(lo), 192),
        ("*", lambda h, lo: True, 1326),
        ("ss", suited, 312),
        ("rainbow", lambda h, lo: not suited(h, lo), 1014),
        # Rank variables: one letter one rank, two letters two ranks, none a written rank.
        ("RR", lambda h, lo: rank(h) == rank(lo), 78),
        ("RO", lambda h, lo: rank(h) != rank(lo), 1248),
        ("RxOx", lambda h, lo: rank(h) != rank(lo) and suited(h, lo), 312),
        ("RxOy", lambda h, lo: rank(h) != rank(lo) and not suited(h, lo), 936),
        ("AR", lambda h, lo: rank(h) == ACE and rank(lo) != ACE, 192),
    ],
)
def test_propokertools_generic_words_name_two_card_hands(
    text: str, predicate: Predicate, count: int
) -> None:
    hands = parse_range(text)
    assert ids(hands) == brute_force(predicate)
    assert len(hands) == count


def test_generic_words_mix_with_the_pokerstove_forms_and_weights() -> None:
    hands = parse_range("QQ+, 0.5(xx); AxKy:0.25")
    weights = weights_of(hands)
    assert len(hands) == 18 + 312 + 12 - 0  # QQ+ pairs are never suited: no overlap with xx
    assert weights[(50, 46)] == 0.5 and weights[(50, 45)] == 0.25 and weights[(51, 50)] == 1.0
    # Under the short deck a word names the short deck's hands only.
    assert ids(parse_range("xx", ranking="short-deck")) == brute_force(suited, lowest_rank=4)


@pytest.mark.parametrize(
    ("text", "token", "allowed"),
    [
        # A generic word is written as ProPokerTools writes it: AXs is a typo, not ace of suit X.
        ("QQ+,AXs", "AXs", "after A comes a second rank"),
        # A lone card is more often a hand typed with a space: Ah* names the hands holding Ah.
        ("Ah", "Ah", "a combo is exactly two cards written together"),
        ("Ah Kx", "Ah", "a combo is exactly two cards written together"),
    ],
)
def test_what_is_not_a_generic_word(text: str, token: str, allowed: str) -> None:
    with pytest.raises(RangeError) as caught:
        parse_range(text)
    assert caught.value.token == token and allowed in caught.value.reason


@pytest.mark.parametrize(
    ("text", "predicate", "count"),
    [
        # ProPokerTools' combinators in hold'em: ":" keeps what both words name (a weight after
        # ":" stays a weight), "!" takes hands out, inside a word or as an item of its own.
        ("xx:A*", lambda h, lo: rank(h) == ACE and suited(h, lo), 48),
        ("A*:xx:[K-T]*", lambda h, lo: rank(h) == ACE and rank(lo) >= TEN and suited(h, lo), 16),
        ("QQ+!KK", lambda h, lo: rank(h) == rank(lo) in (QUEEN, ACE), 12),
        ("TT+!AA", lambda h, lo: rank(h) == rank(lo) and TEN <= rank(h) <= KING, 24),
        ("AK, !AKo", lambda h, lo: {rank(h), rank(lo)} == {ACE, KING} and suited(h, lo), 4),
        ("AA, KK, !Ah*", lambda h, lo: rank(h) == rank(lo) >= KING and 50 not in (h, lo), 9),
        ("!AA, AA", lambda h, lo: rank(h) == rank(lo) == ACE, 6),
    ],
)
def test_propokertools_combinators_in_holdem(text: str, predicate: Predicate, count: int) -> None:
    hands = parse_range(text)
    assert ids(hands) == brute_force(predicate)
    assert len(hands) == count


def test_an_intersection_keeps_its_weight() -> None:
    weights = weights_of(parse_range("xx:A*:0.5, KK"))
    assert len(weights) == 54 and weights[(51, 3)] == 0.5 and weights[(47, 46)] == 1.0
    # Inside a weighted group too: ":" between hands is no weight.
    assert weights_of(parse_range("KK, 0.5(xx:A*, QQ)")) == {
        **{combo: 1.0 for combo in ids(parse_range("KK"))},
        **{combo: 0.5 for combo in ids(parse_range("A2s+, QQ"))},
    }


@pytest.mark.parametrize(
    ("text", "token", "position", "allowed"),
    [
        ("AA, !", "!", 2, "! is followed by the hands it takes out"),
        ("!AA:0.5", "AA:0.5", 1, "an exclusion (!AA) takes no weight"),
        ("0.5(!AA)", "!AA", 1, "an exclusion (!AA) takes no weight"),
        ("QQ!", "QQ!", 1, "! stands between two hands, e.g. QQ+!KK"),
        ("xx:", "xx:", 1, "a hand or a weight must follow the colon"),
    ],
)
def test_bad_combinators_name_the_token(text: str, token: str, position: int, allowed: str) -> None:
    with pytest.raises(RangeError) as caught:
        parse_range(text)
    assert (caught.value.token, caught.value.position) == (token, position)
    assert allowed in caught.value.reason


@pytest.mark.slow
@given(st.text(alphabet="AKQJT98765432*[]-!:,;() .%sdhcwxyzo#0+_U", max_size=24))
@settings(max_examples=400, deadline=None)
def test_any_text_is_a_range_or_a_range_error(text: str) -> None:
    try:
        found = parse_range(text)
    except RangeError as error:  # never another exception: a traceback in the CLI
        assert str(error).startswith('invalid range "') and error.position >= 1 and error.reason
        return
    assert parse_range(found.text) == found if len(found) else found.text == ""


@st.composite
def pokerkit_texts(draw: st.DrawFn) -> str:
    """A range text in the notation pokerkit and pokerscore share (capital ranks, small suits)."""
    items = []
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["pair", "pair+", "two", "two+", "span", "combo"]))
        suits = draw(st.sampled_from(["", "s", "o"]))
        top = draw(st.integers(1, 12))
        low = draw(st.integers(0, top - 1))
        if kind.startswith("pair"):
            items.append(RANK_LETTERS[top] * 2 + kind[4:])
        elif kind.startswith("two"):
            items.append(RANK_LETTERS[top] + RANK_LETTERS[low] + suits + kind[3:])
        elif kind == "span":  # one gap, both ranks stepping (pairs too, gap 0)
            gap = top - low if draw(st.booleans()) else 0
            other = draw(st.integers(gap, 12))
            kind_of = "" if gap == 0 else suits
            ends = [RANK_LETTERS[t] + RANK_LETTERS[t - gap] + kind_of for t in (top, other)]
            items.append("-".join(ends))
        else:
            first, second = draw(st.lists(st.integers(0, 51), min_size=2, max_size=2, unique=True))
            items.append(str(Card(first)) + str(Card(second)))
    separators = st.sampled_from([",", ";", " ", ", ", "; "])
    return "".join(item + draw(separators) for item in items).rstrip(",; ")


@pytest.mark.slow
@given(pokerkit_texts())
@settings(max_examples=200, deadline=None)
def test_generated_texts_read_as_pokerkit_reads_them(text: str) -> None:
    assert ids(parse_range(text)) == pokerkit_ids(text)
