"""Five-card draw: hold masks, the draw, and the visible-deck puzzle (with its known answers)."""

from __future__ import annotations

import json
import random
from itertools import combinations

import pytest

from pokerscore.cards import PokerScoreError, format_cards, parse_cards
from pokerscore.cli.app import app
from pokerscore.engine import evaluate5
from pokerscore.games.draw import (
    MASK_COUNT,
    PUZZLE_NAMES,
    best_draw,
    discard_count,
    draw,
    held_cards,
    mask_of,
)
from tests import reference_rankings
from tests.cli_runner import separate_streams_runner

HAND = "2c 3d 4h 5s 7d"
DECK = "6h Ks Qs Jd Tc"

# The classic puzzle ("The Psychic Poker Player"): ten cards, the best hand reachable.
PUZZLE = [
    ("TH JH QC QD QS QH KH AH 2S 6S", "straight-flush"),
    ("2H 2S 3H 3S 3C 2D 3D 6C 9C TH", "four-of-a-kind"),
    ("2H 2S 3H 3S 3C 2D 9C 3D 6C TH", "full-house"),
    ("2H AD 5H AC 7H AH 6H 9H 4H 3C", "flush"),
    ("AC 2D 9C 3S KD 5S 4D KS AS 4C", "straight"),
    ("KS AH 2H 3C 4H KC 2C TC 2D AS", "three-of-a-kind"),
    ("AH 2C 9S AD 3C QH KS JS JD KD", "two-pairs"),
    ("6C 9C 8C 2D 7C 2H TC 4C 9S AH", "one-pair"),
    ("3D 5S 2H QD TD 6S KH 9H AD QH", "highest-card"),
]


def test_every_mask_keeps_its_bits_and_fills_the_rest_from_the_deck_in_order() -> None:
    hand, deck = parse_cards(HAND), parse_cards(DECK)
    for mask in range(MASK_COUNT):
        final = draw(hand, deck, mask)
        replacements = iter(deck)
        for i in range(5):
            expected = hand[i] if mask >> i & 1 else next(replacements)
            assert final[i] == expected
        assert held_cards(hand, mask) == tuple(c for c in final if c in hand)
        assert mask_of(hand, held_cards(hand, mask)) == mask
        assert discard_count(mask) == 5 - len(held_cards(hand, mask))


def test_pat_and_discard_all() -> None:
    assert format_cards(draw(HAND, DECK, 31)) == HAND
    assert format_cards(draw(HAND, DECK, 0)) == DECK


def test_bad_masks_and_decks_are_refused() -> None:
    with pytest.raises(PokerScoreError, match=r"0\.\.31"):
        draw(HAND, DECK, 32)
    with pytest.raises(PokerScoreError, match=r"0\.\.31"):
        held_cards(HAND, -1)
    with pytest.raises(PokerScoreError, match="needs 3"):
        draw(HAND, "6h Ks", 0b11000)
    with pytest.raises(PokerScoreError, match="duplicate card"):
        draw(HAND, "2c Ks Qs", 0b11000)
    with pytest.raises(PokerScoreError, match="not in the hand"):
        mask_of(HAND, "Ah")


@pytest.mark.parametrize(("line", "name"), PUZZLE)
def test_puzzle_known_answers(line: str, name: str) -> None:
    cards = parse_cards(line)
    assert best_draw(cards[:5], cards[5:]).name == name


@pytest.mark.parametrize(("line", "_name"), PUZZLE)
def test_best_draw_is_the_best_of_the_subsets_kept_plus_the_top_cards(
    line: str, _name: str
) -> None:
    # The puzzle's own method: keep any subset of the hand, take the next cards of the deck.
    cards = parse_cards(line)
    hand, deck = cards[:5], cards[5:]
    brute = max(
        evaluate5(*(c.id for c in kept + deck[: 5 - size]))
        for size in range(6)
        for kept in combinations(hand, size)
    )
    best = best_draw(hand, deck)
    assert best.value == brute
    assert evaluate5(*(c.id for c in best.final)) == brute
    assert set(best.final) == (set(hand) - set(best.discards)) | set(deck[: len(best.discards)])


def test_best_draw_prefers_fewer_discards_on_equal_value() -> None:
    # A pat straight flush stays pat even though the deck could rebuild the same hand.
    best = best_draw("9h Th Jh Qh Kh", "2c 3c 4c 5c 6c")
    assert best.mask == 31
    assert best.discards == ()


runner = separate_streams_runner()


def test_draw_command_prints_the_puzzle_format() -> None:
    text = "\n".join(line for line, _ in PUZZLE) + "\n"
    result = runner.invoke(app, ["draw", "-"], input=text)
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "Hand: TH JH QC QD QS Deck: QH KH AH 2S 6S Best hand: straight-flush"
    assert [line.rsplit(" ", 1)[1] for line in lines] == [name for _, name in PUZZLE]


def test_draw_command_json_has_discards_and_final_hand() -> None:
    result = runner.invoke(app, ["draw", "-", "--json"], input=PUZZLE[0][0] + "\n")
    assert result.exit_code == 0
    deal = json.loads(result.stdout)["deals"][0]
    assert deal["best"] == "straight-flush"
    assert deal["discard"] == ["Qc", "Qd", "Qs"]
    assert deal["final"] == ["Th", "Jh", "Qh", "Kh", "Ah"]


def test_draw_command_reports_bad_lines_and_goes_on() -> None:
    text = f"{PUZZLE[0][0]}\nTH JH QC\n{PUZZLE[1][0]}\n"
    result = runner.invoke(app, ["draw", "-"], input=text)
    assert result.exit_code == 1
    assert len(result.stdout.splitlines()) == 2
    assert "line 2: expected 10 cards, got 3" in result.stderr
    strict = runner.invoke(app, ["draw", "-", "--strict"], input=text)
    assert strict.exit_code == 2
    assert "line 2" in strict.stderr


def test_puzzle_names_are_the_nine_names_the_puzzle_prints() -> None:
    # As the puzzle's statement lists them, best first (royal flushes are straight flushes).
    assert sorted(set(PUZZLE_NAMES.values())) == sorted(
        [
            "straight-flush",
            "four-of-a-kind",
            "full-house",
            "flush",
            "straight",
            "three-of-a-kind",
            "two-pairs",
            "one-pair",
            "highest-card",
        ]
    )


@pytest.mark.parametrize("ranking", ["ace-to-five", "deuce-to-seven", "eight-or-better"])
def test_best_draw_under_a_lowball_ranking_is_the_oracles_best(ranking: str) -> None:
    # Every one of the 32 draws judged by the independent oracle (tests/reference_rankings.py):
    # the best draw's final hand must be one of those the oracle ranks highest.
    rng = random.Random(ranking)
    for _ in range(100):
        ids = rng.sample(range(52), 10)
        hand, deck = ids[:5], ids[5:]
        finals = []
        for mask in range(32):
            stock = iter(deck)
            finals.append([card if mask >> i & 1 else next(stock) for i, card in enumerate(hand)])
        keys = [reference_rankings.reference_key(ranking, final) for final in finals]
        best = best_draw(hand, deck, ranking=ranking)
        assert reference_rankings.reference_key(ranking, [c.id for c in best.final]) == max(keys)
        assert best.name == best.category.slug


def test_the_draw_command_takes_a_ranking() -> None:
    line = "TH JH QC QD QS QH KH AH 2S 6S\n"
    result = separate_streams_runner().invoke(
        app, ["draw", "-", "--ranking", "deuce-to-seven", "--json"], input=line
    )
    assert result.exit_code == 0, result.output
    deal = json.loads(result.stdout)["deals"][0]
    assert deal["best"] == "high-card" and deal["final"] == ["Qh", "Kh", "Ah", "2s", "6s"]
