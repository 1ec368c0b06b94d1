"""PokerStars' draw-game hands replayed by the one engine to the site's totals: the fixtures of
``test_pokerstars_draw`` (each player's result worked out by hand from the text, in the comments)
and the shared sample's draw files."""

from __future__ import annotations

import pytest

from pokerscore.histories.model import HandHistory, HandResult
from pokerscore.histories.reading import read_histories
from pokerscore.histories.replay import replay
from tests.histories.test_pokerstars_draw import SHARED, draw_hands


def _nets(result: HandResult) -> dict[str, float]:
    return {player.player: round(player.net, 2) for player in result.players}


def test_the_draw_fixtures_replay_to_the_sites_totals() -> None:
    triple, badugi, single = (replay(hand) for hand in draw_hands())
    assert not (triple.disagreements or badugi.disagreements or single.disagreements)
    # Cat raises to 0.20, Ann and Bob call; Ann bets 0.10 after the first draw (Bob folds, Cat
    # calls), 0.20 after the second, Cat 0.20 after the third: Ann and Cat put in 0.70 each,
    # Bob 0.20; Cat's 8-6-5-3-2 beats Ann's 8-7-4-3-2 for the 1.60 pot less 0.08
    assert _nets(triple) == {"Ann": -0.7, "Bob": -0.2, "Cat": 0.82}
    # Dan raises to 0.50 with a four-card badugi, Flo calls; Dan's bet after the draw comes
    # back: the 1.25 pot less 0.05
    assert _nets(badugi) == {"Dan": 0.7, "Eli": -0.25, "Flo": -0.5}
    # Gil raises to 1.50, Hal calls, draws a deuce to 7-5-4-3 and calls Gil's raise to 9: 21
    # less 1 rake to Hal's 7-5-4-3-2
    assert _nets(single) == {"Hal": 9.5, "Gil": -10.5}


@pytest.mark.skipif(not SHARED.is_dir(), reason="the shared sample is not here")
@pytest.mark.parametrize(
    "name",
    [
        "cash/Badugi-USD-0.25-0.50-201009.txt",
        "cash/Triple Draw 2-7 Lowball-FL-USD-0.10-0.20-201106.sample.txt",
    ],
)
def test_the_shared_draw_hands_replay_with_the_sites_record(name: str) -> None:
    for hand in read_histories(SHARED / name):
        assert isinstance(hand, HandHistory)
        result = replay(hand)
        assert not result.disagreements, (hand.number, result.disagreements)
        paid = sum(player.won for player in result.players)
        assert paid == pytest.approx(float(hand.chips((hand.total_pot or 0) - (hand.rake or 0))))


@pytest.mark.skipif(not SHARED.is_dir(), reason="the shared sample is not here")
def test_the_shared_single_draw_hand_all_in_on_the_ante_replays_with_the_antes_trimmed() -> None:
    """Hero is all in on an ante of 1; PokerStars returns 24 of Player0's ante of 25 with the
    big blind (124): the reader trims the antes (every player posts one), so the replay
    returns the same and Player0's Q-8 low takes the pot of 2."""
    (hand,) = read_histories(
        SHARED / "tournament" / "2-7 Single Draw-NL-USD-2max-STT-1.40-201212.ante.all.in.txt"
    )
    assert isinstance(hand, HandHistory) and hand.ante_trimming
    result = replay(hand)
    assert not result.disagreements
    assert {p.player: p.net for p in result.players} == {"Player0": 1, "Hero": -1}
