"""Cards: every notation in, every notation out, and errors that say what is wrong."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerscore.cards import (
    FULL_DECK,
    Card,
    DuplicateCardError,
    HandSizeError,
    InvalidCardError,
    PokerScoreError,
    Rank,
    Suit,
    format_cards,
    glyph,
    parse_card,
    parse_cards,
)

ROYAL_HEARTS = tuple(Card.from_rank_suit(rank, Suit.HEARTS) for rank in range(12, 7, -1))


def test_card_ids_follow_the_documented_encoding() -> None:
    assert Card(0).rank is Rank.TWO and Card(0).suit is Suit.CLUBS
    assert Card(51).rank is Rank.ACE and Card(51).suit is Suit.SPADES
    assert int(Card.from_rank_suit(Rank.TEN, Suit.DIAMONDS)) == 4 * 8 + 1
    assert [str(card) for card in FULL_DECK[:5]] == ["2c", "2d", "2h", "2s", "3c"]


def test_cards_are_immutable_hashable_and_ordered_by_id() -> None:
    card = Card(50)
    with pytest.raises(AttributeError):
        card._id = 3  # type: ignore[misc]
    assert {Card(50), parse_card("Ah")} == {card}
    assert sorted([Card(51), Card(0), Card(7)]) == [Card(0), Card(7), Card(51)]


@pytest.mark.parametrize("card_id", [-1, 53, 1.0, "3"])
def test_a_card_id_out_of_range_is_refused(card_id: object) -> None:
    with pytest.raises(PokerScoreError):
        Card(card_id)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "text",
    [
        "Ah Kh Qh Jh Th",
        "AH KH QH JH TH",
        "ah kh qh jh th",
        "Ah Kh Qh Jh 10h",
        "A♥ K♥ Q♥ J♥ 10♥",
        "♥A ♥K ♥Q ♥J ♥10",
        "♥ A, ♥ K, ♥ Q, ♥ J, ♥ T",
        "a♥,k♥,q♥,j♥,t♥",
        "AhKhQhJhTh",
        "A♡ K♡ Q♡ J♡ T♡",
        "🂱 🂾 🂽 🂻 🂺",
        "🂱🂾🂽🂻🂺",
        "A♥️ K♥️ Q♥️ J♥️ T♥️",
    ],
)
def test_every_common_notation_reads_the_same_hand(text: str) -> None:
    assert parse_cards(text) == ROYAL_HEARTS


def test_iterables_of_ids_strings_cards_and_numpy_ints() -> None:
    assert parse_cards([50, "Kh", Card(42), np.int64(38), np.int8(34)]) == ROYAL_HEARTS


@pytest.mark.parametrize("card", FULL_DECK)
def test_every_card_round_trips_through_each_printed_form(card: Card) -> None:
    assert parse_card(str(card)) is card
    assert parse_card(card.pretty) is card
    assert parse_card(glyph(card)) is card
    assert parse_card(str(card).upper()) is card


def test_format_styles() -> None:
    hand = parse_cards("Ah 10d 2c")
    assert format_cards(hand) == "Ah Td 2c"
    assert format_cards(hand, style="pretty") == "A♥ 10♦ 2♣"
    assert format_cards(hand, style="glyph") == "🂱 🃊 🃒"


@pytest.mark.parametrize(
    ("text", "token", "position", "reason"),
    [
        ("1X", "1X", 1, "rank must be one of 2-9, T or 10, J, Q, K, A"),
        ("Ah Kx", "Kx", 2, "suit must be one of c, d, h, s or ♣, ♦, ♥, ♠"),
        ("Ah Kd 11c", "11c", 3, "rank must be one of"),
        ("AhKhQhJhTz", "Tz", 5, "suit must be one of"),
        ("Ah ♥", "♥", 2, "rank must be one of"),
        ("Ah 🂬", "🂬", 2, "not in a 52-card deck"),
    ],
)
def test_invalid_cards_name_the_token_its_position_and_what_is_allowed(
    text: str, token: str, position: int, reason: str
) -> None:
    with pytest.raises(InvalidCardError) as caught:
        parse_cards(text)
    assert caught.value.token == token
    assert caught.value.position == position
    assert reason in caught.value.reason
    assert str(caught.value).startswith(f'invalid card "{token}" at position {position}: ')


def test_duplicates_and_wrong_sizes_are_named() -> None:
    with pytest.raises(DuplicateCardError, match="duplicate card Qs at positions 2 and 4"):
        parse_cards("Ah Qs Kd qs")
    assert len(parse_cards("Ah Ah", allow_duplicates=True)) == 2
    with pytest.raises(HandSizeError, match="expected 5 cards, got 6"):
        parse_cards("2c 3c 4c 5c 6c 7c", size=5)
    with pytest.raises(HandSizeError, match="expected 5 to 7 cards, got 4"):
        parse_cards("2c 3c 4c 5c", size=(5, 7))
    with pytest.raises(InvalidCardError, match="position 3"):
        parse_cards([1, 2, 99])


def test_errors_are_value_errors() -> None:
    assert issubclass(PokerScoreError, ValueError)
    for error in (InvalidCardError, DuplicateCardError, HandSizeError):
        assert issubclass(error, PokerScoreError)


@given(st.text(max_size=30))
def test_random_text_parses_or_raises_a_pokerscore_error(text: str) -> None:
    try:
        cards = parse_cards(text)
    except PokerScoreError:
        return
    assert all(isinstance(card, Card) for card in cards)


@given(st.lists(st.sampled_from(FULL_DECK), min_size=1, max_size=10, unique=True))
def test_printed_hands_parse_back(cards: list[Card]) -> None:
    assert parse_cards(format_cards(cards)) == tuple(cards)
    assert parse_cards("".join(map(str, cards))) == tuple(cards)
    assert parse_cards(format_cards(cards, style="pretty")) == tuple(cards)


@pytest.mark.parametrize("card_id", [np.int64(3), np.uint8(3), np.int8(3)])
def test_a_card_id_may_be_any_integer_like(card_id: object) -> None:
    assert Card(card_id) is Card(3)  # type: ignore[arg-type]


@pytest.mark.parametrize("card_id", [True, np.int64(53), np.int64(-1), np.float64(3.0)])
def test_booleans_and_out_of_range_integer_likes_are_refused(card_id: object) -> None:
    with pytest.raises(
        PokerScoreError, match=r"a card id is an integer 0\.\.51, or 52 for the joker"
    ):
        Card(card_id)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("rank", "suit", "message"),
    [
        (0, 7, "a suit is an integer 0..3, got 7"),
        (0, -1, "a suit is an integer 0..3, got -1"),
        (13, 0, "a rank is an integer 0..12, got 13"),
        (-1, 2, "a rank is an integer 0..12, got -1"),
        (2.0, 0, "a rank is an integer 0..12, got 2.0"),
    ],
)
def test_from_rank_suit_refuses_what_is_not_a_rank_or_a_suit(
    rank: object, suit: object, message: str
) -> None:
    with pytest.raises(PokerScoreError, match=message):
        Card.from_rank_suit(rank, suit)  # type: ignore[arg-type]


def test_from_rank_suit_takes_integer_likes() -> None:
    assert Card.from_rank_suit(np.int64(12), np.uint8(2)) is parse_card("Ah")


@pytest.mark.parametrize("source", [b"Ah Kh Qh Jh Th", bytearray(b"AhKhQhJhTh")])
def test_bytes_are_refused_rather_than_read_as_card_ids(source: object) -> None:
    with pytest.raises(PokerScoreError, match=r"bytes.*decode"):
        parse_cards(source)  # type: ignore[arg-type]


@pytest.mark.parametrize("source", [5, None, 3.5])
def test_a_source_that_is_neither_text_nor_iterable_is_refused(source: object) -> None:
    with pytest.raises(PokerScoreError, match="cards are a string or an iterable"):
        parse_cards(source)  # type: ignore[arg-type]


def test_a_huge_token_is_cut_in_the_message_but_kept_whole() -> None:
    token = "X" * 1_000_000
    with pytest.raises(InvalidCardError) as caught:
        parse_cards("Ah " + token)
    assert caught.value.token == token
    message = str(caught.value)
    assert len(message) < 200
    assert message.startswith('invalid card "' + "X" * 30) and '…" at position 2' in message


def test_a_short_token_is_echoed_whole() -> None:
    token = "Z" * 40
    with pytest.raises(InvalidCardError, match=f'invalid card "{token}" at position 1'):
        parse_cards(token)
