"""PHH out: every hand read, from any site, written as PHH; read back by pokerscore (the same
rows) and by pokerkit (its replay ends with the stacks ours does)."""

from __future__ import annotations

import dataclasses
import json
import random
import re
import tomllib
import warnings
from decimal import Decimal
from pathlib import Path
from typing import Final

import pytest
from pokerkit import HandHistory as PokerkitHistory

from pokerscore._support.errors import ParameterError
from pokerscore.cards import Card, parse_cards
from pokerscore.histories.model import (
    Action,
    HandHistory,
    HandHistoryError,
    HandResult,
    Seat,
    phh_text,
)
from pokerscore.histories.phh import STANDARD_VARIANTS, parse_phh
from pokerscore.histories.phh_writing import export_phh
from pokerscore.histories.reading import read_file
from pokerscore.histories.replay import replay
from tests.histories.test_histories import _pokerkit_low_quirk, gross_stacks
from tests.histories.test_runs import DATA, SHARED, run_command
from tests.histories.test_stud import STUD_FILES
from tests.shared_sample import needs_sample, shared

FIXTURES = sorted(DATA.glob("*.phhs")) + sorted(DATA.glob("*.txt"))
REAL = sorted((SHARED / "phh").rglob("*.phh*")) + sorted((SHARED / "pokerstars").glob("*.txt"))
NO_NOTATION = ("a board run more than once", "an all-in cash-out", "a variant PHH has no")
"""What PHH cannot say: the two hands of the fixtures that are not written (and a variant the
reader here has no code for: five-card Omaha)."""


def _rows(result: HandResult) -> list[tuple[object, ...]]:
    """A hand's rows as the run writes them, but for the file."""
    hand = result.hand
    return [
        (hand.number, hand.hand_id, hand.site, hand.variant, hand.small_blind / hand.scale,
         hand.big_blind / hand.scale, p.player, p.seat, p.position, p.hole, p.put_in, p.won,
         p.net, p.rake_paid, p.vpip, p.pfr, p.saw_flop, p.went_to_showdown, p.won_at_showdown,
         p.allin_street, p.allin_ev)
        for p in result.players
    ]  # fmt: skip


def _replayed(path: Path) -> dict[int, list[tuple[object, ...]] | str]:
    """Each hand read from ``path``: its rows, or the reason it cannot be replayed."""
    found: dict[int, list[tuple[object, ...]] | str] = {}
    for hand in read_file(path):
        if isinstance(hand, HandHistory):
            try:
                found[hand.number] = _rows(replay(hand))
            except HandHistoryError as error:  # the action's index moves with the deals written
                found[hand.number] = re.sub(r"^action \d+ ", "action ", error.reason)
    return found


def _pokerkit_stacks(path: Path) -> list[list[Decimal] | None]:
    """Each hand's final stacks as pokerkit replays it (None: pokerkit cannot)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with path.open("rb") as stream:
            histories = list(PokerkitHistory.load_all(stream))
        stacks: list[list[Decimal] | None] = []
        for history in histories:
            try:
                stacks.append([Decimal(str(x)) for x in list(history)[-1].stacks])
            except ValueError:  # "Unable to repair the hand history": a hand breaking a rule
                stacks.append(None)
            except KeyError:  # a variant the standard has no code for (PO/8, PT …)
                stacks.append(None)
        return stacks


def _check_export(sources: list[Path], tmp_path: Path) -> int:
    """Export ``sources``; check the rows read back and pokerkit's replay; the hands compared."""
    done = export_phh(sources, tmp_path / "phh")
    assert len(done.files) == len(sources)
    unreadable = [str(h) for s in sources for h in read_file(s) if isinstance(h, HandHistoryError)]
    # every hand not written is one the source cannot give, or one PHH has no notation for
    assert [str(e) for e in done.skipped if not e.reason.startswith(NO_NOTATION)] == unreadable
    compared = 0
    for source, target in zip(sources, done.files, strict=True):
        ours = _replayed(source)
        back = _replayed(target)
        assert set(back) <= set(ours)
        unsaid = {e.hand for e in done.skipped if e.file == str(source) and e.reason.startswith(NO_NOTATION)}  # fmt: skip
        assert set(ours) - set(back) == unsaid, source
        for number, rows in back.items():
            if isinstance(ours[number], list):  # a hand that breaks a rule may break it otherwise
                assert rows == ours[number], (source, number)  # once the site's amounts are gone
            elif isinstance(rows, str):
                assert rows == ours[number] or source.suffix == ".txt", (source, number)
        hands = [hand for hand in read_file(target) if isinstance(hand, HandHistory)]
        for hand, stacks in zip(hands, _pokerkit_stacks(target), strict=True):
            try:
                result = replay(hand)
            except HandHistoryError:
                continue  # a hand breaking a rule: pokerkit repairs some, refuses others
            if hand.variant not in STANDARD_VARIANTS:
                assert stacks is None, (target, hand.number)  # pokerkit has no game for it
                continue
            assert stacks is not None, (target, hand.number)
            if _pokerkit_low_quirk(result):
                continue
            if any(share.denominator != 1 for pot in result.pots for _, share in pot.shares):
                # pokerkit hands an odd chip to one winner, the replay shares it
                assert sum(gross_stacks(result)) == sum(stacks)
                continue
            assert gross_stacks(result) == stacks, (target, hand.number)
            compared += 1
    return compared


def test_every_fixture_hand_round_trips(tmp_path: Path) -> None:
    assert _check_export(FIXTURES, tmp_path) == 17  # regression pin: hands compared exactly


def test_the_betfair_unibet_and_ultimatebet_fixtures_round_trip(tmp_path: Path) -> None:
    """The session-27 readers' fixtures exported to PHH: read back the same, and pokerkit's
    replay of the PHH ends with the replay's stacks."""
    sites = DATA / "sites"
    sources = [sites / "betfair" / "hands.txt", sites / "unibet" / "hands.txt"]
    sources += [sites / "absolute" / "allin.txt", sites / "absolute" / "ultimatebet.txt"]
    # regression pin: hands compared exactly (the split pot of Unibet's fourth by the stacks' sum)
    assert _check_export(sources, tmp_path) == 7


def test_the_everleaf_ipoker_and_bovada_stud_fixtures_round_trip(tmp_path: Path) -> None:
    """The stud hands those three readers read, exported to PHH: read back the same, and
    pokerkit's replay of the PHH ends with the replay's stacks (the bring-in a completion
    replaced, where the file writes none, too)."""
    sites = DATA / "sites"
    sources = [sites / "everleaf" / "stud-cp1252.txt", sites / "ipoker" / "stud.xml"]
    sources.append(sites / "bovada" / "stud.txt")
    # regression pin: hands compared exactly (the hi/lo split by the stacks' sum)
    assert _check_export(sources, tmp_path) == 4


@needs_sample
def test_the_shared_stud_files_of_everleaf_ipoker_and_bovada_round_trip(tmp_path: Path) -> None:
    """The shared sample's stud files of those three sites, exported to PHH as the fixtures
    above (the hands their readers refuse not written)."""
    folder = SHARED / "sites"
    sources = [
        folder / "Everleaf" / "cash" / "7-Stud-EUR-0.05-0.10.201108-new-format.txt",
        folder / "iPoker" / "cash" / "7-StudL-USD-0.05-0.10-201009.txt",
        folder / "Bovada" / "cash" / "7-Stud-USD-2.00-4.00-201205.txt",
        folder / "Bovada" / "cash" / "7-StudHL-USD-0.25-0.50-201209.txt",
    ]
    # regression pin: hands compared exactly (of the nine read; the hi/lo by the stacks' sum)
    assert _check_export(sources, tmp_path) == 8


@needs_sample
@pytest.mark.slow
def test_every_real_hand_round_trips(tmp_path: Path) -> None:
    assert _check_export(REAL, tmp_path) >= 150


def test_what_phh_cannot_say_is_refused_and_named() -> None:
    hands = [h for h in read_file(DATA / "pokerstars-shapes.txt") if isinstance(h, HandHistory)]
    with pytest.raises(HandHistoryError, match="hand 1, line 1: a board run more than once"):
        hands[0].to_phh()
    with pytest.raises(HandHistoryError, match="hand 2, line 38: an all-in cash-out"):
        hands[1].to_phh()


@needs_sample
def test_a_pokerstars_hand_carries_every_field_it_knows() -> None:
    hand = next(
        h
        for h in read_file(SHARED / "pokerstars" / "PLO-FR-USD-0.01-0.02-201006.sidepots.txt")
        if isinstance(h, HandHistory)
    )
    table = tomllib.loads(hand.to_phh())
    # The header: "PokerStars Game #14311270221:  Omaha Pot Limit ($0.01/$0.02 USD) -
    # 2010/06/07 20:13:12 WET [...]"; seats 6, 7, 8, 9, 2, 3 from the small blind.
    assert (table["venue"], table["hand"], table["currency"], table["table"]) == (
        "PokerStars", "14311270221", "USD", "99999999I"
    )  # fmt: skip
    assert (table["year"], table["month"], table["day"], str(table["time"])) == (
        2010, 6, 7, "20:13:12"
    )  # fmt: skip
    assert table["time_zone"] == "WET"
    assert table["seats"] == [6, 7, 8, 9, 2, 3]
    assert table["players"][5] == "Hero"
    # Two big blinds posted out of turn are written negative, as PHH marks them.
    assert [str(x) for x in table["blinds_or_straddles"]] == ["0.01", "0.02", "-0.02", "-0.02", "0", "0"]  # fmt: skip
    # Every player dealt before the first move; Hero's cards as dealt.
    assert table["actions"][:6] == [f"d dh p{i} ????????" for i in range(1, 6)] + [
        "d dh p6 8dAs2hKs"
    ]
    assert table["winnings"][3] == 0.31 and table["_rake"] == 0.01 and table["variant"] == "PO"


def test_a_phh_hand_keeps_its_own_fields() -> None:
    text = """variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ['d dh p1 AhAs', 'd dh p2 KhKc', 'd dh p3 7h2c', 'p3 f', 'p1 cc', 'p2 cc']
city = 'Las Vegas'
day = 3
time = 20:13:12
_note = "a quote \\" and a\\nnewline"
"""
    table = tomllib.loads(parse_phh(text).to_phh())
    assert table["city"] == "Las Vegas" and table["day"] == 3 and str(table["time"]) == "20:13:12"
    assert table["_note"] == 'a quote " and a\nnewline'
    assert "players" not in table and "seats" not in table  # the file named nobody


def test_an_existing_target_or_an_input_is_never_replaced(tmp_path: Path) -> None:
    source = tmp_path / "mine.phhs"
    source.write_bytes((DATA / "actions.phhs").read_bytes())
    with pytest.raises(
        ParameterError, match=r"folder is the input file .*mine.phhs: it is not replaced"
    ):
        export_phh([source], tmp_path)  # would write tmp_path/mine.phhs: the input
    assert source.read_bytes() == (DATA / "actions.phhs").read_bytes()
    other = tmp_path / "out"
    other.mkdir()
    (other / "mine.phhs").write_text("kept")
    with pytest.raises(ParameterError, match="not replaced"):
        export_phh([source], other)
    assert (other / "mine.phhs").read_text() == "kept"


def test_two_sources_of_one_name_get_two_files(tmp_path: Path) -> None:
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "x.phhs").write_bytes((DATA / "actions.phhs").read_bytes())
    done = export_phh([tmp_path / "a", tmp_path / "b"], tmp_path / "out")
    assert [path.name for path in done.files] == ["x.phhs", "x-2.phhs"]


def test_the_command_writes_phh_and_says_so(tmp_path: Path) -> None:
    out = tmp_path / "phh"
    status, stdout, _ = run_command(str(DATA / "actions.phhs"), "--to-phh", str(out), "--json")
    assert status == 0
    payload = json.loads(stdout)
    assert payload["phh"]["files"] == [str(out / "actions.phhs")]
    assert payload["phh"]["hands"] == payload["hands"]
    status, stdout, stderr = run_command(str(DATA / "actions.phhs"), "--to-phh", str(out))
    assert (status, stdout) == (2, "")
    assert stderr == "error: --to-phh holds actions.phhs already: it is not replaced\n"


def test_phh_text_matches_the_doctest_heads_up_order() -> None:
    hand = parse_phh(
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
        "starting_stacks = [30, 40]\nactions = ['p2 cbr 6', 'p1 f']\n"
    )
    table = tomllib.loads(phh_text(hand))
    assert table["blinds_or_straddles"] == [1, 2] and table["starting_stacks"] == [30, 40]


@needs_sample
def test_the_real_stud_hands_round_trip(tmp_path: Path) -> None:
    """The WSOP stud, razz hands: pokerkit replays each export to our stacks, read back they
    give the same rows."""
    assert _check_export([SHARED / "phh" / name for name in STUD_FILES], tmp_path) == 4


@pytest.mark.slow  # pokerkit plays 18 stud hands: 1.3 s of CPU
def test_generated_stud_hands_round_trip(tmp_path: Path) -> None:
    """Random stud, stud hi/lo and razz hands pokerkit plays (all-ins, showdowns, the
    completion), a down card of each folded player unseen (``??``), exported and read back."""
    from tests.histories_random import random_hand

    rng = random.Random("stud out")
    texts = []
    for variant in ("F7S", "F7S/8", "FR") * 6:
        text = random_hand(rng, variant)[0]
        hand = parse_phh(text)
        folded = {action.actor for action in hand.actions if action.kind == "fold"}
        for player in sorted(folded, key=lambda actor: actor or 0):  # first deal: down, down, up
            text = re.sub(
                rf"'d dh p{(player or 0) + 1} ..", f"'d dh p{(player or 0) + 1} ??", text, count=1
            )
        texts.append(text)
    source = tmp_path / "stud.phhs"
    source.write_text("".join(f"[{n}]\n{text}\n" for n, text in enumerate(texts, 1)))
    assert "??" in source.read_text()
    compared = _check_export([source], tmp_path)
    assert compared >= 12  # the rest share an odd chip pokerkit gives to one winner
    written = (tmp_path / "phh" / "stud.phhs").read_text()
    assert "??" in written and ' pb"' in written


def test_a_stud_table_says_what_the_standard_has() -> None:
    """Seven-card stud: antes, bring-in, small and big bet, no blinds; each street dealt where it
    was, the bring-in ``pb``, the completion a ``cbr`` to the small bet; the shared last card
    of a short deck ``d db``."""
    text = """variant = 'F7S'
ante_trimming_status = true
antes = [1, 1]
bring_in = 2
small_bet = 5
big_bet = 10
starting_stacks = [100, 90]
actions = ['d dh p1 ????7c', 'd dh p2 AsKd2h', 'p2 pb', 'p1 cbr 5', 'p2 cc', 'd dh p1 8c',
           'd dh p2 Ah', 'p2 cbr 5', 'p1 f']
"""
    table = tomllib.loads(parse_phh(text).to_phh())
    assert (table["antes"], table["bring_in"], table["small_bet"], table["big_bet"]) == (
        [1, 1], 2, 5, 10
    )  # fmt: skip
    assert "blinds_or_straddles" not in table and "min_bet" not in table
    assert table["actions"] == [
        "d dh p1 ????7c", "d dh p2 AsKd2h", "p2 pb", "p1 cbr 5", "p2 cc", "d dh p1 8c",
        "d dh p2 Ah", "p2 cbr 5", "p1 f",
    ]  # fmt: skip


def test_a_short_decks_shared_card_is_written_as_the_board() -> None:
    """Eight players to seventh street (pokerkit's own hand from the stud tests): one ``d db``
    card, written back as it was, pokerkit's stacks again."""
    from pokerkit import FixedLimitSevenCardStud
    from pokerkit import HandHistory as Written

    from tests.histories_random import AUTOMATIONS, RANKS

    rng = random.Random(8)
    game = FixedLimitSevenCardStud(AUTOMATIONS, False, 1, 2, 10, 20)
    state = game([500] * 8, 8)
    deck = [rank + suit for rank in RANKS for suit in "cdhs"]
    rng.shuffle(deck)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        while state.status:
            if state.can_deal_hole():
                count = len(state.hole_dealing_statuses[state.hole_dealee_index])
                state.deal_hole("".join(deck.pop() for _ in range(count)))
            elif state.can_deal_board():
                state.deal_board(deck.pop())
            elif state.can_post_bring_in():
                state.post_bring_in()
            elif state.actor_index is not None:
                state.check_or_call()
            else:
                state.show_or_muck_hole_cards(True)
        written = parse_phh(str(Written.from_game_state(game, state).dumps())).to_phh()
        stacks = list(list(PokerkitHistory.loads(written))[-1].stacks)
    table = tomllib.loads(written)
    assert sum(action.startswith("d db ") for action in table["actions"]) == 1
    assert stacks == [int(x) for x in gross_stacks(replay(parse_phh(written)))]


def test_a_draw_is_written_as_a_discard_and_the_cards_dealt_in_its_place() -> None:
    """Deuce-to-seven single draw (the ``draw`` action the draw readers build): ``p1 sd 8h``,
    ``p2 sd`` standing pat, then the new card ``d dh p1 5c`` once both have discarded (as
    pokerkit deals); pokerkit plays the text written to the end: p1's 7-5-4-3-2 takes the
    blinds."""

    def cards(text: str) -> tuple[Card | None, ...]:
        return tuple(parse_cards(text))

    hand = HandHistory(
        "N2L1D", "deuce-to-seven-single-draw", "no-limit",
        (Seat("p1", None, 100, blind=1), Seat("p2", None, 100, blind=2), Seat("p3", None, 100)),
        (
            Action("deal-hole", 0, cards=cards("7h8h2c3d4s")),
            Action("deal-hole", 1, cards=cards("KsQsJdTd9h")),
            Action("fold", 2), Action("check-call", 0), Action("check-call", 1),
            Action("draw", 0, cards=cards("5c"), discarded=cards("8h")),
            Action("draw", 1),
            Action("check-call", 0), Action("check-call", 1),
            Action("show", 0, cards=cards("7h5c2c3d4s")), Action("show", 1, cards=cards("KsQsJdTd9h")),
        ),
        min_bet=2, small_blind=1, big_blind=2,
    )  # fmt: skip
    text = phh_text(hand)
    actions = tomllib.loads(text)["actions"]
    assert actions[:3] == ["d dh p1 7h8h2c3d4s", "d dh p2 KsQsJdTd9h", "d dh p3 ??????????"]
    assert actions[6:9] == ["p1 sd 8h", "p2 sd", "d dh p1 5c"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        final = list(PokerkitHistory.loads(text))[-1]
    assert list(final.stacks) == [102, 98, 100]


def _pokerkit_final_stacks(text: str) -> list[Decimal]:
    """The stacks pokerkit's replay of a PHH table ends with."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        final = list(PokerkitHistory.loads(text))[-1]
    return [Decimal(str(stack)) for stack in final.stacks]


def _three_handed(*actions: Action) -> HandHistory:
    """A no-limit hold'em hand of three players (blinds 1 and 2, 100 each), ``actions`` after the
    deal."""
    seats = (Seat("p1", None, 100, blind=1), Seat("p2", None, 100, blind=2), Seat("p3", None, 100))
    return HandHistory("NT", "holdem", "no-limit", seats, actions, min_bet=2, small_blind=1,
                       big_blind=2)  # fmt: skip


def test_a_show_after_every_other_player_folded_is_not_written() -> None:
    """No showdown follows an uncontested end (pokerkit refuses a show there: "Unable to repair
    the hand history", Boss' and FTP's winners showing): the cards shown are dealt to the player
    instead, and pokerkit's replay ends with the replay's stacks (p1 takes the blinds)."""
    shown = tuple(parse_cards("AhAs"))
    hand = _three_handed(
        Action("fold", 2), Action("bet-raise", 0, amount=6), Action("fold", 1),
        Action("show", 0, cards=shown),
    )  # fmt: skip
    text = phh_text(hand)
    actions = tomllib.loads(text)["actions"]
    assert actions[0] == "d dh p1 AhAs"
    assert not any(" sm" in action for action in actions)
    assert _pokerkit_final_stacks(text) == gross_stacks(replay(hand)) == [102, 98, 100]


def test_a_players_last_show_is_written_once() -> None:
    """A player who shows twice (Enet writes a muck twice; FTP the cards of an all-in player on
    third street and again at the end) has the last written: pokerkit takes one show a player."""
    aces, kings = tuple(parse_cards("AhAs")), tuple(parse_cards("KhKs"))
    board = [Action("deal-board", cards=tuple(parse_cards(cards))) for cards in ("2c7d9h", "Tc", "3s")]  # fmt: skip
    hand = _three_handed(
        Action("deal-hole", 0, cards=aces), Action("deal-hole", 1, cards=kings),
        Action("fold", 2), Action("bet-raise", 0, amount=100), Action("check-call", 1),
        Action("show", 1, cards=kings), Action("show", 0, cards=aces), *board,
        Action("show", 1, cards=kings), Action("show", 0, cards=aces),
    )  # fmt: skip
    text = phh_text(hand)
    actions = tomllib.loads(text)["actions"]
    assert actions[-2:] == ["p2 sm KhKs", "p1 sm AhAs"]
    assert sum(" sm " in action for action in actions) == 2
    assert _pokerkit_final_stacks(text) == gross_stacks(replay(hand)) == [200, 0, 100]


def test_a_showdown_the_file_writes_no_show_for_is_shown() -> None:
    """iPoker writes every hand dealt and no show: the replay judges the hands it knows, so the
    writer shows them at the end (pokerkit judges a hand never shown unseen: it paid nobody)."""
    aces, kings = tuple(parse_cards("AhAs")), tuple(parse_cards("KhKs"))
    board = [Action("deal-board", cards=tuple(parse_cards(cards))) for cards in ("2c7d9h", "Tc", "3s")]  # fmt: skip
    checks = [Action("check-call", 0), Action("check-call", 1)]
    hand = _three_handed(
        Action("deal-hole", 0, cards=aces), Action("deal-hole", 1, cards=kings),
        Action("fold", 2), Action("check-call", 0), Action("check-call", 1),
        board[0], *checks, board[1], *checks, board[2], *checks,
    )  # fmt: skip
    text = phh_text(hand)
    assert tomllib.loads(text)["actions"][-2:] == ["p1 sm AhAs", "p2 sm KhKs"]
    assert _pokerkit_final_stacks(text) == gross_stacks(replay(hand)) == [102, 98, 100]


SITE_FOLDERS = (
    "Absolute", "BetOnline", "Boss", "Bovada", "Cake", "Enet", "Entraction", "Everest",
    "Everleaf", "FTP", "GGPoker", "KingsClub", "Merge", "Microgaming", "OnGame", "PKR",
    "PacificPoker", "PartyPoker", "PokerTracker", "SealsWithClubs", "Stars", "Winamax", "Winning",
    "iPoker",
)  # fmt: skip
"""The shared sample's site folders (``sites/``), one test each."""
_SMALL_BLIND_BACK = (
    "hand {}: no small blind posted, so it reads back as {} (the big blind), the site's stakes "
    "saying {}: PHH has no field for the stakes (phh_writing's docstring)"
)
SITE_EXCEPTIONS: Final = {
    "Boss/cash/NLHE-CAD-0.02-0.04.Sample.espacejeux.com.txt":
        _SMALL_BLIND_BACK.format(4, "0.04", "0.02"),
    "Bovada/cash/NLHE-USD-0.10-0.25-201209.RING - $0.10-$0.25 - .post.both.txt":
        _SMALL_BLIND_BACK.format("2 (and 10, 35)", "0.25", "0.125"),
    "FTP/tournament/NLHE-6max-SnG-USD-5-201305.txt": _SMALL_BLIND_BACK.format(2, "30", "15"),
    "OnGame/tournament/R-271-14.txt": _SMALL_BLIND_BACK.format(2, "20", "10"),
    "PKR/cash/NLHE-10max-USD-0.02-0.04-201206.txt":
        "hand 5 reads back with hole cards As6s, the site's 6sAs: the replay orders them so after "
        "the winner's one-card show, which is not written (it follows an uncontested end)",
    "PKR/tournament/NLHE-USD-STT-201501.antes.only.txt":
        "antes only, min_bet 0: pokerkit wants a positive minimum bet (and the PHH reader takes "
        "min_bet for the big blind of a hand without one)",
}  # fmt: skip
"""The shared site files whose export does not round-trip yet (path under ``sites/``: why).
Each is checked to fail still (:func:`test_the_shared_site_exceptions_still_fail`): a file
fixed leaves the list."""


@pytest.mark.slow  # every shared site file exported and replayed twice: about 8 s of CPU
@needs_sample
@pytest.mark.parametrize("site", SITE_FOLDERS)
def test_every_shared_site_file_round_trips(site: str, tmp_path: Path) -> None:
    """Issue 29: every hand of the shared sample's site files written as PHH reads back with
    the same rows, and pokerkit's replay of it ends with the replay's stacks; the files of
    :data:`SITE_EXCEPTIONS` apart."""
    sites = shared("sites")
    files = sorted(path for path in (sites / site).rglob("*") if path.is_file())
    sources = [path for path in files if path.relative_to(sites).as_posix() not in SITE_EXCEPTIONS]
    if not sources:
        pytest.skip(f"every file of {site} is in SITE_EXCEPTIONS")
    _check_export(sources, tmp_path)  # its assertions (PKR's: every hand PO/8 or excepted)


@pytest.mark.slow
@needs_sample
@pytest.mark.parametrize("name", sorted(SITE_EXCEPTIONS))
def test_the_shared_site_exceptions_still_fail(name: str, tmp_path: Path) -> None:
    """Each file of :data:`SITE_EXCEPTIONS` still fails the round trip (a fixed one leaves the
    list): its reason's pokerkit ``KeyError`` or the check's assertion."""
    with pytest.raises((AssertionError, KeyError)):
        _check_export([shared("sites", *name.split("/"))], tmp_path)


def test_the_standard_variants_are_pokerkits() -> None:
    """The eleven codes of the standard's table, as pokerkit plays them."""
    assert set(PokerkitHistory.game_types) == STANDARD_VARIANTS


_BEYOND = """[1]
variant = 'PO/8'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ['d dh p1 AhAs2c3d', 'd dh p2 KhKcQdJs', 'd dh p3 ????????', 'p3 cbr 7', 'p1 cc',
           'p2 f', 'd db 4h5h9c', 'p1 cbr 10', 'p3 f']

[2]
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ['d dh p1 AhAs', 'd dh p2 KhKc', 'd dh p3 ????', 'p3 f', 'p1 cbr 6', 'p2 f']

[3]
variant = 'PT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [50, 60]
actions = ['d dh p1 AhAs', 'd dh p2 ????', 'p2 cbr 6', 'p1 f']
"""


def test_a_variant_beyond_the_standard_is_written_counted_and_read_back(tmp_path: Path) -> None:
    """Pot-limit Omaha hi/lo and pot-limit hold'em have no code in the standard: written all
    the same (read back to the same rows), counted by code; pokerkit loads the whole file,
    replays the hold'em hand (the big blind folds to a raise to 6: p1 ends on 102) and raises a
    ``KeyError`` naming the code for the other two, each when it is iterated."""
    source = tmp_path / "mixed.phhs"
    source.write_text(_BEYOND)
    done = export_phh([source], tmp_path / "phh")
    assert (done.hands, done.skipped, done.beyond_standard) == (3, [], {"PO/8": 1, "PT": 1})
    ours = _replayed(source)
    assert all(isinstance(rows, list) for rows in ours.values())  # all three replayed
    assert _replayed(done.files[0]) == ours
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with done.files[0].open("rb") as stream:
            loaded = list(PokerkitHistory.load_all(stream))
        assert [history.variant for history in loaded] == ["PO/8", "NT", "PT"]
        assert list(list(loaded[1])[-1].stacks) == [102, 98, 100]
        for history in (loaded[0], loaded[2]):
            with pytest.raises(KeyError, match=re.escape(history.variant)):
                list(history)
    assert _check_export([source], tmp_path / "again") == 1  # the hold'em hand's stacks


@needs_sample
def test_five_card_omaha_is_refused_as_phh_has_no_code_for_it(tmp_path: Path) -> None:
    """PokerStars' mixed Omaha tournament: hand 1 is five-card Omaha (``P5O``), which the PHH
    reader here does not read: not written, its reason named."""
    source = SHARED / "sites" / "Stars" / "tournament" / "MPLO-6max-MTT-USD-27-201605.txt"
    done = export_phh([source], tmp_path)
    assert [(error.hand, error.reason) for error in done.skipped] == [
        (1, "a variant PHH has no notation for: 'P5O'")
    ]


def test_a_blind_short_all_in_is_written_in_full_and_reads_back_the_stakes() -> None:
    """The big blind has 20 of a 40 blind: written 40 (the post is what the stack holds, as
    pokerkit plays it), so the stakes read back are 20/40, not 20/20; the play is the same:
    the small blind completes to 20 and wins the showdown, 40 in all."""
    text = (
        "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [20, 20, 0]\n"
        "min_bet = 40\nstarting_stacks = [490, 20, 615]\n"
        "actions = ['d dh p1 AsAh', 'd dh p2 KsKh', 'd dh p3 ????', 'p3 f', 'p1 cc',"
        " 'd db 2c3c4d', 'd db 9h', 'd db Td', 'p1 sm AsAh', 'p2 sm KsKh']\n"
    )
    # the file as a site reader gives it: the stakes 20/40 beside the short post
    hand = dataclasses.replace(parse_phh(text), small_blind=20, big_blind=40)
    table = tomllib.loads(phh_text(hand))
    assert table["blinds_or_straddles"] == [20, 40, 0]
    back = parse_phh(phh_text(hand))
    assert (back.small_blind, back.big_blind) == (20, 40)
    assert _rows(replay(back)) == _rows(replay(hand))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        final = list(PokerkitHistory.loads(phh_text(hand)))[-1]
    assert list(final.stacks) == [510, 0, 615]


@needs_sample
def test_the_shared_hands_whose_stakes_the_blinds_did_not_say_round_trip(tmp_path: Path) -> None:
    """BetOnline's tournament header keeps 10/20 over posts of 15 and 30 (hands 11 to 16: the
    stakes are the posts); OnGame's header writing the big blind twice; Full Tilt's big blind
    all in for 20 of 40 (hand 16); PokerStars' heads-up small blind all in on the ante (hand 1):
    read back the same rows."""
    folder = SHARED / "sites"
    betonline = folder / "BetOnline" / "tournament" / "NLHE-10max-USD-MTT-2011-08.nobuyinfee.txt"
    stakes = {
        hand.number: (hand.small_blind, hand.big_blind)
        for hand in read_file(betonline)
        if isinstance(hand, HandHistory)
    }
    assert stakes[10] == (10, 20) and stakes[11] == stakes[16] == (15, 30)
    stars = (
        folder
        / "Stars"
        / "tournament"
        / "2-7 Single Draw-NL-USD-2max-STT-1.40-201212.ante.all.in.txt"
    )
    # OnGame's "€1/€1" over a small blind of €0.50: the stakes 0.50/1
    ongame = folder / "OnGame" / "cash" / "PLO-6max-EUR-1-1-2011002.Sample.txt"
    first = next(hand for hand in read_file(ongame) if isinstance(hand, HandHistory))
    assert (first.chips(first.small_blind), first.chips(first.big_blind)) == (Decimal("0.5"), 1)
    fulltilt = folder / "FTP" / "tournament" / "NLHE-6max-Matrix-USD-26-201211.match4.txt"
    # regression pin: hands compared (Full Tilt's replayed by pokerkit since its winners'
    # shows after an uncontested end are no longer written)
    assert _check_export([betonline, stars, ongame, fulltilt], tmp_path) == 53


def test_the_command_counts_the_variants_beyond_the_standard(tmp_path: Path) -> None:
    source = tmp_path / "mixed.phhs"
    source.write_text(_BEYOND)
    status, stdout, _ = run_command(str(source), "--to-phh", str(tmp_path / "a"), "--json")
    assert status == 0
    assert json.loads(stdout)["phh"]["beyond_standard"] == {"PO/8": 1, "PT": 1}
    status, _, stderr = run_command(str(source), "--to-phh", str(tmp_path / "b"))
    assert status == 0
    assert (
        "note: 2 hands written in variants the PHH standard has no code for (PO/8 1, PT 1): "
        "read back here, pokerkit loads the files but does not replay those hands"
    ) in " ".join(stderr.split())
