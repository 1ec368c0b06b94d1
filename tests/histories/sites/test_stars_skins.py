"""PokerStars' layout under other names (PokerMaster, Run It Once, the Full Tilt of 2016) and
PokerStars' own quirks (mixed games naming each hand's game, cp1252 bytes, cancelled hands,
the hand's time), from fixtures written in each site's format; the results per player are
worked out by hand from the fixture's text (in the comments)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pokerscore.histories.model import HandHistory, HandHistoryError, HandResult
from pokerscore.histories.reading import file_format_of, read_histories
from pokerscore.histories.results import history_results
from tests.shared_sample import HAND_HISTORIES, needs_sample

DATA = Path(__file__).parents[2] / "data" / "histories" / "sites" / "starsskin"


def read(name: str) -> list[HandHistory | HandHistoryError]:
    return list(read_histories(DATA / name))


def results(name: str) -> tuple[list[HandResult], list[HandHistoryError]]:
    errors: list[HandHistoryError] = []
    found = list(history_results(DATA / name, on_error=errors.append))
    return found, errors


def nets(result: HandResult) -> dict[str, float]:
    return {player.player: round(player.net, 2) for player in result.players}


def test_pokermaster_five_card_omaha_headed_omaha_is_read_by_its_cards() -> None:
    (hand,) = read("pokermaster.txt")
    assert isinstance(hand, HandHistory)
    assert (hand.site, hand.game, hand.variant, hand.currency) == (
        "PokerMaster",
        "omaha-5",
        "P5O",
        "CNY",
    )
    assert hand.time == "2020-01-01T12:00:00+00:00"
    assert [(seat.name, seat.seat) for seat in hand.seats] == [
        ("Bob", 2),
        ("Cara", 3),
        ("Alice", 1),
    ]
    (result,), errors = results("pokermaster.txt")
    assert not errors and not result.disagreements
    # Alice and Cara each put in 7 + 30 + 63 = 100, Bob his 1: the pot 201, ¥5 raked, Cara's
    # flush (7h 6h with 2h 5h 8h) beats Alice's kings and takes 196
    assert nets(result) == {"Bob": -1, "Cara": 96, "Alice": -100}
    assert result.rake == 5


def test_run_it_once_table_id_minute_times_and_unspaced_names() -> None:
    first, splash = read("runitonce.txt")
    assert isinstance(first, HandHistory)
    assert (first.site, first.table, first.currency) == ("Run It Once", "30000000", "EUR")
    assert first.time == "2019-06-25T16:12:00+00:00"  # the site's own UTC, to the minute
    assert {seat.name for seat in first.seats} == {"Ann B", "Carl D", "Eve F"}
    assert isinstance(splash, HandHistoryError)
    assert splash.reason.startswith("splash the pot") and (splash.hand, splash.line) == (2, 34)
    (result,), errors = results("runitonce.txt")
    assert len(errors) == 1 and not result.disagreements
    # Ann raises to 0.30, Eve calls, Carl's 0.05 is dead: pot 0.65, 0.03 raked, Ann takes 0.62
    assert nets(result) == {"Carl D": -0.05, "Eve F": -0.3, "Ann B": 0.32}


def test_full_tilt_2016_tournament_with_antes_and_a_player_sitting_out() -> None:
    (hand,) = read("fulltilt-2016.txt")
    assert isinstance(hand, HandHistory)
    assert (hand.site, hand.tournament, hand.currency) == ("Full Tilt Poker", "1600000001", None)
    assert hand.time == "2016-05-20T08:25:45-04:00"  # ET in May: daylight saving time
    assert [seat.ante for seat in hand.seats] == [3, 3, 3, 3]
    (result,), errors = results("fulltilt-2016.txt")
    assert not errors and not result.disagreements
    # P3 shoves 697, P0 calls all in for 497 and 200 comes back; the pot is the four antes,
    # P2's small blind, P1's 90 and 497 twice: 1111 to P0's aces
    assert nets(result) == {"P2": -18, "P3": -500, "P0": 611, "P1": -93}


def test_a_cp1252_horse_file_reads_each_hands_game_and_refuses_the_rest() -> None:
    hold_em, razz, cancelled = read("pokerstars-horse-cp1252.txt")
    assert isinstance(hold_em, HandHistory)
    assert [seat.name for seat in hold_em.seats] == ["Bo", "Cy", "José"]  # é was byte 0xE9
    assert (hold_em.variant, hold_em.betting) == ("FT", "fixed-limit")
    assert hold_em.time == "2024-03-05T21:14:07-05:00"
    assert isinstance(razz, HandHistory)
    assert (razz.variant, razz.game, razz.bring_in) == ("FR", "razz", 50)
    assert isinstance(cancelled, HandHistoryError)
    assert "the hand was cancelled" in cancelled.reason and cancelled.hand == 3
    (result, razz_result), errors = results("pokerstars-horse-cp1252.txt")
    assert len(errors) == 1 and not result.disagreements and not razz_result.disagreements
    # José raises to 4, Cy calls, Bo's 1 is dead; José's flop bet comes back: pot 9, 0.50 raked
    assert nets(result) == {"Bo": -1, "Cy": -4, "José": 4.5}
    # razz: Bo (Kc) brings in 0.50, both fold; the bring-in comes back, Bo takes the antes
    assert nets(razz_result) == {"José": -0.4, "Bo": 0.8, "Cy": -0.4}


def test_the_skins_are_told_from_their_head_in_a_mixed_folder(tmp_path: Path) -> None:
    for name in ("pokermaster.txt", "runitonce.txt", "fulltilt-2016.txt"):
        shutil.copy(DATA / name, tmp_path / name)
        assert file_format_of(tmp_path / name) == "starsskin"
    shutil.copy(DATA / "pokerstars-horse-cp1252.txt", tmp_path / "stars.txt")
    (tmp_path / "hand.phh").write_text(
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
        "starting_stacks = [10, 10]\nactions = ['d dh p1 AhKh', 'd dh p2 QsQd', 'p2 f']\n"
    )
    assert file_format_of(tmp_path / "stars.txt") == "pokerstars"
    sites = DATA.parent
    shutil.copy(sites / "fulltilt" / "mixed-utf16.txt", tmp_path / "ftp.txt")
    shutil.copy(sites / "ggpoker" / "cash.txt", tmp_path / "gg.txt")
    shutil.copy(sites / "winamax" / "mixed.txt", tmp_path / "wina.txt")
    formats = sorted(
        hand.source_format for hand in read_histories(tmp_path) if isinstance(hand, HandHistory)
    )
    assert formats == [
        *["fulltilt"] * 3,  # hold'em, Omaha hi/lo and razz
        *["ggpoker"] * 4,  # the fourth with an EV cash-out
        "phh",
        *["pokerstars"] * 2,  # hold'em and razz
        *["starsskin"] * 3,
        *["winamax"] * 3,  # hold'em, Omaha and stud
    ]


@pytest.mark.parametrize(
    ("what", "old", "new", "reason"),
    [
        ("a truncated hand", "*** RIVER ***", None, "partial hand"),
        ("a garbage line", "Bob: folds", "Bob: \x00\x01 ???", None),
        ("a huge number", "(¥200 in chips)", "(¥" + "9" * 80 + " in chips)", "not an amount"),
        ("a name with odd characters", "Alice", "A'l: [i]c\u202ee", None),
    ],
)
def test_hostile_skin_hands_are_one_bad_hand_and_the_next_is_read(
    tmp_path: Path, what: str, old: str, new: str | None, reason: str | None
) -> None:
    text = (DATA / "pokermaster.txt").read_text(encoding="utf-8")
    bad = text[: text.index(old)] if new is None else text.replace(old, new)
    path = tmp_path / "hostile.txt"
    path.write_text(bad + "\n" + text, encoding="utf-8")
    errors: list[HandHistoryError] = []
    found = list(history_results(path, on_error=errors.append))
    assert len(found) + len(errors) == 2, what
    assert found[-1].hand.number == 2 and not found[-1].disagreements
    if reason is not None:
        assert len(errors) == 1 and reason in errors[0].reason and errors[0].hand == 1
    if new is None:
        assert len(errors) == 1 and errors[0].hand == 1


def test_an_empty_skin_file_has_no_hands(tmp_path: Path) -> None:
    path = tmp_path / "empty.txt"
    path.write_bytes(b"")
    errors = list(read_histories(path))
    assert len(errors) == 1 and "not a hand history" in str(errors[0])


SHARED = HAND_HISTORIES


@needs_sample
@pytest.mark.slow
def test_every_shared_pokerstars_layout_hand_is_replayed_or_refused_with_its_reason() -> None:
    errors: list[HandHistoryError] = []
    found = list(history_results(SHARED / "sites" / "Stars", on_error=errors.append))
    assert not [result for result in found if result.disagreements]
    assert all(result.hand.time for result in found)
    sites = sorted({(result.hand.site, result.hand.game) for result in found})
    assert sites == [
        ("Full Tilt Poker", "holdem"),  # 22 hands of the 2016 Full Tilt, run by PokerStars
        ("PokerMaster", "omaha-5"),
        ("PokerStars", "badugi"),
        ("PokerStars", "deuce-to-seven-single-draw"),  # the hand all in on the ante
        ("PokerStars", "deuce-to-seven-triple-draw"),
        ("PokerStars", "holdem"),
        ("PokerStars", "omaha"),
        ("PokerStars", "omaha-5"),
        ("PokerStars", "omaha-5-hi-lo"),
        ("PokerStars", "omaha-6"),
        ("PokerStars", "omaha-hi-lo"),
        ("PokerStars", "razz"),  # razz and stud hi/lo: one hand each
        ("PokerStars", "stud-8"),
    ]
    assert len(found) == 57
    reasons = sorted(error.reason for error in errors)
    # the five-card draw hands: the engine has no replay of them
    not_yet = [reason for reason in reasons if "is not replayed here yet" in reason]
    # (the single draw hand all in on the ante, where PokerStars returns the ante's part Hero
    # cannot match, replays with the antes trimmed: test_antes.py)
    assert len(not_yet) == 3 and len(reasons) == 5
    # the Triple Stud hand deals Hero a card written "of" on seventh street
    assert "invalid card 'of' in 'of'" in reasons
    # Full Tilt 2016, tournament hand 23: Hero, sitting out, posts his last 44 chips as the big
    # blind and the site then folds his hand for him, taking his chips: a fold of a player all
    # in is no move the rules have, so the replay refuses it (the site's record, not the reader)
    assert "Hero acts when no betting round is open" in reasons


@pytest.mark.parametrize(
    ("header", "site", "game", "time"),
    [
        (
            "PokerBros Hand #1616183514566: Omaha Pot Limit ($0.50/$1.00) - 2021/03/19 19:51:54 UTC",
            "PokerBros",
            "omaha",
            "2021-03-19T19:51:54+00:00",
        ),
        (
            "POKERSTARS GAME #27853220364: OMAHA POT LIMIT ($0.50/$1 USD) - 2009/05/06 1:12:45 ET",
            "PokerStars",
            "omaha",
            "2009-05-06T01:12:45-04:00",
        ),
        (
            "PokerStars Hand #1: Omaha Pot Limit ($0.50/$1 USD - $12.50 Cap) - 2013/04/10 19:06:22"
            " WET [2013/04/10 14:06:22 ET]",
            "PokerStars",
            "omaha",
            "2013-04-10T14:06:22-04:00",
        ),
        (
            "PokerStars Hand #2:  Mixed PLO/PLO8 (Omaha Hi/Lo Pot Limit, $0.50/$1 USD) -"
            " 2008/08/17 - 01:14:43 (ET)",
            "PokerStars",
            "omaha-hi-lo",
            "2008-08-17T01:14:43-04:00",
        ),
    ],
)
def test_the_headers_of_the_layout_name_site_game_stakes_and_time(
    header: str, site: str, game: str, time: str
) -> None:
    from pokerscore.histories.pokerstars import parse_pokerstars

    lines = (DATA / "runitonce.txt").read_text().splitlines()[1:23]
    lines = [line.replace("€", "$") for line in lines]
    hand = parse_pokerstars([header, *lines])
    assert (hand.site, hand.game, hand.time) == (site, game, time)
    assert (hand.small_blind, hand.big_blind) == (50, 100)  # cents


@pytest.mark.parametrize(
    ("game", "reason"),
    [
        ("Courchevel Pot Limit", "Courchevel Pot Limit is not replayed here yet"),
        ("Courchevel Hi/Lo Pot Limit", "Courchevel Hi/Lo Pot Limit is not replayed here yet"),
        ("5 Card Draw Limit", "5 Card Draw Limit is not replayed here yet"),
    ],
)
def test_games_the_engine_lacks_are_refused_with_their_name(game: str, reason: str) -> None:
    from pokerscore.histories.pokerstars import parse_pokerstars

    header = f"PokerStars Hand #3: {game} ($0.50/$1 USD) - 2013/04/10 14:06:22 ET"
    with pytest.raises(HandHistoryError, match=reason):
        parse_pokerstars([header, "Table 'T' 6-max Seat #1 is the button"])
