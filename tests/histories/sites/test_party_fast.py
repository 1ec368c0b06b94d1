"""PartyPoker's older and 2019 layouts through the compiled PokerStars-layout reader (issue 29
§1): the kernel reads a hold'em or Omaha hand (hi/lo too; cash; no, pot and fixed limit) only
where it is sure of it and leaves the rest (other forms of the 2019 layout, tournaments, whose
blind posts the header implies, localised amounts, hands other tools converted, a separator at a line's end, a player
sitting out who plays, any line it would otherwise misread) to PartyPoker's own reader, hand by
hand. So every hand's rows, errors and disagreements on the fast path are that reader's (the
reference path, ``POKERSCORE_HISTORIES_REFERENCE=1``): stacks, pots, rake, all-in EV, the totals
check, currency, date; each kind of hand and each guard has a hand of its own here."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.histories.sites.site_runs import compared_results, mutated_hand, stars_layout_read
from tests.histories.sites.test_party import SIDE_POT_2019
from tests.histories.sites.test_stars_layouts_fast import SHARED_SITES, SITES, _fast_statuses
from tests.histories.test_histories import _both_paths, _rows, _same_summaries
from tests.shared_sample import needs_sample

CASH = """\
Game #200 starts.

#Game No : 200
***** Hand History for Game 200 *****
$0.10/$0.25 USD NL Texas Hold'em - Friday, August 01, 22:45:59 CEST 2014
Table Fixture (Real Money)
Seat 1 is the button
Total number of players : 4/6
Seat 1: Ann ( $10 USD )
Seat 2: Bo Li ( $25.50 USD )
Seat 3: Cy ( $1,200 USD )
Seat 5: Dee ( $8 USD )
Dee is sitting out
Eve has joined the table.
Bo Li posts small blind [$0.10 USD].
Cy posts big blind [$0.25 USD].
** Dealing down cards **
Dealt to Ann [  Ah Kd ]
Ann raises [$0.75 USD]
Bo Li calls[ $0.65 USD ]
Cy folds
** Dealing Flop ** [ 2c, 7d, Jh ]
Bo Li checks
Ann bets [$1 USD]
Bo Li raises [$3 USD]
Ann calls [$2 USD]
** Dealing Turn ** [ 9s ]
Bo Li bets [$5 USD]
Ann is all-In  [$6.25 USD]
Bo Li calls [$1.25 USD]
** Dealing River ** [ 3c ]
Ann shows [ Ah, Kd ]high card Ace.
Bo Li shows [ Jd, Js ]three of a kind, Jacks.
Bo Li wins $19.75 USD from the main pot with three of a kind, Jacks.
 Game #201 starts.

"""
"""A cash hand: increments (Ann's ``raises [$0.75 USD]`` a raise to $0.75, Bo Li's ``raises [$3
USD]`` one to $3), an all-in raise called, a seat sitting out, a player joining, the rake what
the pot lacks from the win ($20 - $19.75), a separator after the hand."""

WALK = """\
#Game No : 201
***** Hand History for Game 201 *****
$0.10/$0.25 USD NL Texas Hold'em - Friday, August 01, 22:47:00 CEST 2014
Table Fixture (Real Money)
Seat 2 is the button
Total number of players : 3/6
Seat 1: Ann ( $10 USD )
Seat 2: Bo Li ( $15.50 USD )
Seat 3: Cy ( $1,199.75 USD )
Cy posts small blind [$0.10 USD].
Ann posts big blind [$0.25 USD].
** Dealing down cards **
Bo Li raises [$0.75 USD]
Cy folds
Ann folds
Bo Li does not show cards.
Bo Li wins $1.10 USD
"""
"""The raise nobody called: the win ($1.10) holds it; the bet returned is $0.50 (the raise to
$0.75 less the big blind's $0.25), the pot $0.60."""

OMAHA = """\
#Game No : 4687559040
***** Hand History for Game 11443748272 *****
$5/$10 USD PL Omaha Hi - Saturday, February 18, 01:10:59 EST 2012
Table Table  167070 (No DP) ( Real Money )
Seat 4 is the button
Total number of players : 3/6
seat1: Player0 ( $664.25 USD )
seat2: Hero ( $2,127.50 USD )
seat4: Player2 ( $3,296.12 USD )
Player0 posts small blind [$5 USD].
Hero posts big blind [$10 USD].
** Dealing down cards **
Dealt to Hero [ Js, Ad, 8c, 6d ]
Player2 folds
Player0 raises[ $25 USD ]
Hero calls[ $20 USD ]
** Dealing Flop ** [ Qd, 7c, Ac ]
Player0 bets[ $40 USD ]
Hero calls[ $40 USD ]
** Dealing Turn ** [ 3d ]
Player0 checks
Hero bets[ $113 USD ]
Player0 calls[ $113 USD ]
** Dealing River ** [ 3h ]
Player0 checks
Hero checks
Player0 shows [ Kc, 5c, 7s, Ks ]two pairs, Kings and Threes.
Hero shows [ Js, Ad, 8c, 6d ]two pairs, Aces and Threes.
Hero wins $364 USD from the main pot with two pairs, Aces and Threes.
"""
"""Pot-limit Omaha, ``seat1:`` seats, the hand id the ``#Game No`` (not the banner's), $2 raked."""

FIXED = """\
Game #11354414824 starts.

#Game No : 11354414824
***** Hand History for Game 11354414824 *****
$20/$40 USD FL Omaha Hi-Lo - Thursday, January 26, 18:13:53 EST 2012
Table Table  125516 (Real Money)
Seat 9 is the button
Total number of players : 2/10
Seat 10: Player0 ( $200 USD )
Seat 9: Player1 ( $300 USD )
Player1 posts small blind [$10 USD].
Player0 posts big blind [$20 USD].
** Dealing down cards **
Dealt to Player0 [  7d Ah 6s 2h ]
Player1 raises [$30 USD]
Player0 raises [$40 USD]
Player1 raises [$40 USD]
Player0 calls [$20 USD]
** Dealing Flop ** [ Qh, Kd, 6d ]
Player0 checks
Player1 bets [$20 USD]
Player0 calls [$20 USD]
** Dealing Turn ** [ Qs ]
Player0 checks
Player1 bets [$40 USD]
Player0 folds
Player1 does not show cards.
Player1 wins $239 USD
"""
"""Fixed-limit Omaha hi/lo, heads-up: the header's $20/$40 the bets, the blinds $10 and $20; the
turn's $40 returned from the $239 won (the pot $200, $1 raked)."""

SIDE_POTS = """\
#Game No : 300
***** Hand History for Game 300 *****
$1/$2 USD NL Texas Hold'em - Monday, August 30, 15:50:00 EDT 2010
Table Sides (Real Money)
Seat 6 is the button
Total number of players : 3/6
Seat 1: Vic ( $74.20 USD )
Seat 2: Hero ( $8 USD )
Seat 6: Pat ( $38.40 USD )
Vic posts small blind [$1 USD].
Hero posts big blind [$2 USD].
** Dealing down cards **
Dealt to Hero [  6s 4h ]
Pat raises [$4 USD]
Vic calls [$3 USD]
Hero calls [$2 USD]
** Dealing Flop ** [ 2s, 5h, 2c ]
Vic bets [$2 USD]
Hero calls [$2 USD]
Pat folds
** Dealing Turn ** [ Jd ]
Vic bets [$4 USD]
Hero is all-In  [$2 USD]
** Dealing River ** [ 8c ]
Vic shows [ Kd, Kc ]two pairs, Kings and Twos.
Hero shows [ 6s, 4h ]a pair of Twos.
Vic wins $2 USD from the side pot 1 with two pairs, Kings and Twos.
Vic wins $20 USD from the main pot with two pairs, Kings and Twos.
"""
"""An all-in for less on the turn: Vic's $2 nobody matched is returned, taken from his side
pot's payout (which was only that: dropped), the main pot's $20 won."""

TOURNAMENT = """\
#Game No : 500
***** Hand History for Game 500 *****
FL Texas Hold'em $5 USD Buy-in Trny: 999 Level: 2  Stakes(200/400) - Friday, April 01, 12:00:00 CEST 2011
Table Turbo #7 (Real Money)
Seat 2 is the button
Total number of players : 3/9
Seat 2: Ann ( 2,000 )
Seat 5: Bob ( 150 )
Seat 7: Cy ( 3,000 )
Trny: 999 Level: 2
Stakes(200/400)
** Dealing down cards **
Dealt to Ann [  Jh Kh ]
Ann raises [400]
Bob folds
Cy calls [200]
** Dealing Flop ** [ 2c, 7d, 9h ]
Cy checks
Ann bets [200]
Cy calls [200]
** Dealing Turn ** [ 4s ]
Cy checks
Ann bets [400]
Cy folds
Ann does not show cards.
Ann wins 1,700 chips
"""
"""A fixed-limit tournament: no blind posts written, the header's ``Stakes(200/400)`` the bets,
the blinds Bob's 100 and Cy's 200, named when the cards are dealt (the seats after the button);
Ann's turn bet returned from her 1,700 chips."""
LAYOUT_2019 = (SITES / "partypoker" / "cash-2019.txt").read_text("utf-8")
"""The 2019 layout's fixture: a raise to, a bet folded to, an all-in bet called and shown in the
summary, the pot and rake line, each ``balance`` line."""
NUMBERED = "#Game No : 300\n" + (SITES / "partypoker" / "tournament.txt").read_text("utf-8")
"""The tournament fixture's hands, the first given its ``#Game No`` (the file is read by the
kernel): heads-up the button posts the small blind."""


def _variants() -> dict[str, str]:
    """Each kind's and each guard's hand."""
    return {
        "cash": CASH,
        "walk": WALK,
        "omaha": OMAHA,
        "fixed-omaha-hi-lo": FIXED,
        "side-pots": SIDE_POTS,
        "cash-crlf": CASH.replace("\n", "\r\n"),
        "two-hands": CASH + WALK,
        "omaha-hold-em-words": CASH.replace("NL Texas Hold'em", "PL Omaha"),
        "ante": WALK.replace("Cy posts small", "Ann posts ante [$0.05 USD].\nCy posts small"),
        "not-dealt-in": WALK.replace("Seat 3: Cy", "Seat 4: Zed ( $3 USD )\nSeat 3: Cy"),
        "chips-won": WALK.replace("wins $1.10 USD", "wins $1.10 USD from the main pot."),
        "notices": CASH.replace(
            "Cy folds", "Cy folds\nCy did not respond in time\nPlayer Zed finished in 2 place."
        ),
        "euros": CASH.replace(" USD", " EUR"),
        "byte-order-mark": "\ufeff" + CASH,
        "nul-separators": CASH.replace("Game #200", "\x00Game #199 starts.\n\x00Game #200"),
        "banner-after-game-no": WALK + "\n#Game No : 7\n\n" + OMAHA.partition("\n")[2],
        "tournament-fixed": TOURNAMENT,
        "tournament-numbered": NUMBERED,
        "tournament-short-stack": TOURNAMENT.replace("( 150 )", "( 80 )").replace(
            "Bob folds\n", ""
        ),
        "tournament-sitting-out": TOURNAMENT.replace(
            "Trny: 999 Level: 2\n", "Bob is sitting out\nTrny: 999 Level: 2\n"
        ).replace("Bob folds\n", ""),
        "tournament-posts-written": TOURNAMENT.replace(
            "** Dealing down",
            "Bob posts small blind [100].\nCy posts big blind [200].\n** Dealing down",
        ),
        "tournament-blinds": TOURNAMENT.replace("FL Texas", "NL Texas").replace(
            "Stakes(200/400) -", "Blinds(100/200) -"
        ),
        "layout-2019": LAYOUT_2019,
        "layout-2019-side-pot": SIDE_POT_2019,
        "layout-2019-folded-cards": LAYOUT_2019.replace(
            "lost $0.75 (folded)", "lost $0.75[ Tc, Qs, 6c, Kh ] (folded)"
        ),
        "layout-2019-bet-to": LAYOUT_2019.replace("Bob bets (1.07)", "Bob bets 1.07 to 1.07"),
        # left to PartyPoker's reader
        "tournament": (SITES / "partypoker" / "tournament.txt").read_text("utf-8"),
        "layout-2019-game-no": "#Game No : 5\n" + LAYOUT_2019,
        "layout-2019-lower-banner": LAYOUT_2019.replace(
            "For Game 1784559699", "for Game 1784559699"
        ),
        "layout-2019-all-in-after-fold": LAYOUT_2019.replace(
            "Ann folds \n", "Ann folds \nAnn is all-In.\n"
        ),
        "layout-2019-pot-line-longer": LAYOUT_2019.replace(
            "Rake: $0.07", "Rake: $0.07 Jackpot: $0"
        ),
        "layout-2019-call-to": LAYOUT_2019.replace("Bob calls (0.50)", "Bob calls 0.50 to 0.75"),
        "layout-2019-stakes-dollars": LAYOUT_2019.replace("0.10/0.25 Omaha", "$0.10/$0.25 Omaha"),
        "layout-2019-other-table": LAYOUT_2019.replace("Game Table (PL)", "Table (PL)"),
        "layout-2019-amount-spaced": LAYOUT_2019.replace("(0.50)", "( 0.50 )"),
        "converted": WALK.replace("Texas Hold'em -", "Texas Hold'em (WPN) -"),
        "localised-amount": WALK.replace("( $10 USD )", "( 10,00 $ )"),
        "three-decimals": WALK.replace("[$0.75 USD]", "[$0.750 USD]"),
        "no-stakes": OMAHA.replace("$5/$10 USD PL Omaha Hi -", "$1,000 USD PL  Omaha Hi-"),
        "separator-at-line-end": WALK.replace("wins $1.10 USD", "wins $1.10 USD Game #9 starts."),
        "sitting-out-plays": WALK.replace("Cy posts small", "Ann is sitting out\nCy posts small"),
        "dealt-never-plays": WALK.replace(
            "Bo Li raises", "Dealt to Zed [ 2c 3c ]\nBo Li raises"
        ).replace("Seat 3: Cy", "Seat 4: Zed ( $3 USD )\nSeat 3: Cy"),
        "stud": WALK.replace("NL Texas Hold'em", "FL 7 Card Stud"),
        "unknown-line": WALK.replace("Cy folds", "Cy folds\nCy waves"),
        "stranger-plays": WALK.replace("Cy folds", "Cy folds\nZed calls [$1 USD]"),
        "button-otherwise": WALK.replace("Seat 2 is the button", "Table X Seat 2 is the button"),
        "no-button": WALK.replace("Seat 2 is the button\n", ""),
        "low-half": FIXED.replace("wins $239 USD", "wins Lo ($239 USD)"),
        "seat-name-bracket": WALK.replace("Bo Li", "Bo (Li)"),
        "street-otherwise": CASH.replace("** Dealing Turn ** [", "** Dealing Turn **  ["),
        "cards-otherwise": CASH.replace("[ 9s ]", "[ 10s ]"),
        "amount-after-fold": WALK.replace("Cy folds", "Cy folds [$1 USD]"),
        "raise-to": WALK.replace("raises [$0.75 USD]", "raises 0.50 to 0.75"),
        "balance": WALK.replace(
            "Bo Li wins $1.10 USD", "Bo Li balance $16.10, bet $0.75, collected $1.10, net +0.60"
        ),
        "cp1252-name": "cp1252",
        "text-before": "Hello\n" + CASH,
        "banner-alone-later": CASH + OMAHA.partition("\n")[2],
        "game-no-alone": CASH + "#Game No : 5\n" + WALK,
        "tournament-half-of-odd": TOURNAMENT.replace("Stakes(200/400)", "Stakes(0.01/0.02)"),
        "tournament-act-before-deal": TOURNAMENT.replace(
            "** Dealing down cards **\nDealt to Ann [  Jh Kh ]\n", ""
        ),
        "tournament-two-blinds": TOURNAMENT.replace(" - Friday", " Blinds(1/2) - Friday"),
    }


VARIANTS = _variants()
READ_BY_THE_KERNEL = {
    "cash",
    "walk",
    "omaha",
    "fixed-omaha-hi-lo",
    "side-pots",
    "cash-crlf",
    "two-hands",
    "omaha-hold-em-words",
    "ante",
    "not-dealt-in",
    "chips-won",
    "notices",
    "euros",
    "byte-order-mark",
    "nul-separators",
    "banner-after-game-no",
    "tournament-fixed",
    "tournament-numbered",
    "tournament-short-stack",
    "tournament-sitting-out",
    "tournament-posts-written",
    "tournament-blinds",
    "layout-2019",
    "layout-2019-side-pot",
    "layout-2019-folded-cards",
    "layout-2019-bet-to",
}
"""The hands the kernel reads (every hand of the file)."""


def _kernel_read(path: Path) -> list[bool]:
    """Whether the kernel read each hand of a file (none where the file goes whole to
    PartyPoker's reader: a banner-led first hand, as the 2019 layout's and some tournaments')."""
    from pokerscore.histories.batches import replay_stars_text

    if replay_stars_text(path.read_bytes(), layout="partypoker") is None:
        return [False]
    return stars_layout_read(path, "partypoker")


def _bytes(name: str) -> bytes:
    if VARIANTS[name] == "cp1252":
        return WALK.replace("Bo Li", "Bö Li").encode("cp1252")
    return VARIANTS[name].encode()


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_each_party_hand_gives_partys_readers_answer(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pokerscore.histories.parts import REFERENCE_ONLY

    path = tmp_path / "party.txt"
    path.write_bytes(_bytes(name))
    assert all(_kernel_read(path)) == (name in READ_BY_THE_KERNEL)
    fast = compared_results(path)
    monkeypatch.setenv(REFERENCE_ONLY, "1")
    reference = compared_results(path)
    monkeypatch.delenv(REFERENCE_ONLY)
    assert fast == reference
    fast_run, reference_run = _both_paths([path], tmp_path, monkeypatch)
    assert _rows(tmp_path / "fast.parquet") == _rows(tmp_path / "reference.parquet")
    _same_summaries(fast_run, reference_run)


def test_the_party_hands_say_what_the_site_wrote(tmp_path: Path) -> None:
    """The answers worked out from the hands' text: increments made raises to, the bet nobody
    called returned and taken from the win, the rake what the pot lacks, the header's stakes,
    currency, date and time zone."""
    from pokerscore.histories._layout import OK

    path = tmp_path / "party.txt"
    path.write_bytes((CASH + WALK + OMAHA + FIXED + SIDE_POTS).encode())
    assert stars_layout_read(path, "partypoker") == [True] * 5
    assert _fast_statuses(path, "partypoker") == [OK] * 5
    cash, walk, omaha, fixed, sides = compared_results(path)
    assert cash[0] == ("200", "PartyPoker", "NT", "USD", None, "2014-08-01T22:45:59+02:00")
    assert {p.player: (p.put_in, p.won) for p in cash[1]} == {
        "Ann": (pytest.approx(10.0), 0.0),
        "Bo Li": (pytest.approx(10.0), pytest.approx(19.75)),
        "Cy": (pytest.approx(0.25), 0.0),
    }
    assert cash[3] == pytest.approx(0.5)
    assert cash[5] == []
    assert {p.player: p.net for p in walk[1]} == {
        "Ann": pytest.approx(-0.25),
        "Bo Li": pytest.approx(0.35),
        "Cy": pytest.approx(-0.1),
    }
    assert walk[3] == pytest.approx(0.0)
    assert walk[5] == []
    assert omaha[0] == ("4687559040", "PartyPoker", "PO", "USD", None, "2012-02-18T01:10:59-05:00")
    assert {p.player: p.net for p in omaha[1]} == {
        "Player0": pytest.approx(-183),
        "Hero": pytest.approx(181),
        "Player2": 0.0,
    }
    assert omaha[3] == pytest.approx(2)
    assert fixed[0][2] == "FO/8"
    assert {p.player: p.net for p in fixed[1]} == {
        "Player0": pytest.approx(-100),
        "Player1": pytest.approx(99),
    }
    assert fixed[5] == []
    assert {p.player: p.net for p in sides[1]} == {
        "Vic": pytest.approx(12),
        "Hero": pytest.approx(-8),
        "Pat": pytest.approx(-4),
    }
    assert sides[3] == pytest.approx(0.0)
    assert sides[5] == []


def test_the_tournament_hands_post_the_blinds_their_header_implies(tmp_path: Path) -> None:
    """No blind posts written: the kernel names them when the cards are dealt (the seats after
    the button; heads-up the button's the small blind), as PartyPoker's reader does; fixed
    limit's ``Stakes(200/400)`` the bets, the blinds half of each; no currency (chips)."""
    from pokerscore.histories._layout import OK

    path = tmp_path / "party.txt"
    path.write_bytes((TOURNAMENT + NUMBERED).encode())
    assert _fast_statuses(path, "partypoker") == [OK] * 3
    fixed, heads_up, three = compared_results(path)
    assert fixed[0] == ("500", "PartyPoker", "FT", None, "999", "2011-04-01T12:00:00+02:00")
    assert {p.player: (p.put_in, p.net) for p in fixed[1]} == {
        "Ann": (600, 700),
        "Bob": (100, -100),
        "Cy": (600, -600),
    }
    assert {p.player: (p.position, p.net) for p in heads_up[1]} == {
        "Ann": ("BTN", -4520),
        "Bob": ("BB", 4520),
    }
    assert {p.player: p.net for p in three[1]} == {"Vic": 1150, "Hero": -800, "Pat": -350}
    assert len(three[2]) == 1  # the "side pot 1" of 150: Vic's bet returned, not a pot


@needs_sample
def test_the_kernel_gives_partys_rows_on_the_shared_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pokerscore.histories._layout import OK
    from pokerscore.histories.batches import replay_stars_text

    files = sorted((SHARED_SITES / "PartyPoker").rglob("*.txt"))
    if not files:
        pytest.skip("no PartyPoker files in the shared sample")
    fast, reference = _both_paths([*files, SITES / "partypoker"], tmp_path, monkeypatch)
    assert _rows(tmp_path / "fast.parquet") == _rows(tmp_path / "reference.parquet")
    _same_summaries(fast, reference)
    read = 0
    for path in files:
        batch = replay_stars_text(path.read_bytes(), layout="partypoker")
        if batch is not None:
            read += sum(status == OK for status in _fast_statuses(path, "partypoker"))
        fast_results = compared_results(path)
        monkeypatch.setenv("POKERSCORE_HISTORIES_REFERENCE", "1")
        assert fast_results == compared_results(path)
        monkeypatch.delenv("POKERSCORE_HISTORIES_REFERENCE")
    assert read >= 3


def test_a_mixed_folder_reads_party_beside_888(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each file's format told from its content: PartyPoker's and 888poker's hands, both led by
    ``#Game No``, each through its own share; the rows the reference path's."""
    import shutil

    from pokerscore.histories.reading import file_format_of

    folder = tmp_path / "mixed"
    folder.mkdir()
    (folder / "a.txt").write_bytes((CASH + WALK).encode())
    shutil.copy(SITES / "pacific" / "cash.txt", folder / "b.txt")
    shutil.copy(SITES.parent / "pokerstars-shapes.txt", folder / "c.txt")
    assert {path.name: file_format_of(path) for path in folder.iterdir()} == {
        "a.txt": "partypoker",
        "b.txt": "pacific",
        "c.txt": "pokerstars",
    }
    fast, reference = _both_paths([folder], tmp_path, monkeypatch)
    rows = _rows(tmp_path / "fast.parquet")
    assert rows == _rows(tmp_path / "reference.parquet")
    _same_summaries(fast, reference)
    assert {row["site"] for row in rows if row["file"].endswith("a.txt")} == {"PartyPoker"}


_MUTATIONS = ("folds", "calls", "raises", "bets", "is all-In", "[$1 USD]", "wins", "shows",
              "posts", "$1,000", "$0.125", "[ 10d ]", "Seat", "** ", "Dealt to", "USD",
              "is sitting out", "from the side pot 2", "Game #5 starts.", "chips", "(0.50)",
              " to ", "is all-In.", "Main Pot", "Rake: $", "collected $", "(folded)", "balance",
              "[ 2s, 6s, 9s ]", "For Game")  # fmt: skip


_SUFFIXES = (" ", "\r", " [$5 USD]", "0", ")", "]", " folds", " *****", ".", " starts.")


def _mutated(hand: str, rng: random.Random) -> str:
    return mutated_hand(hand, rng, words=_MUTATIONS, sign="$", suffixes=_SUFFIXES, first_line=0)


@pytest.mark.slow
def test_mutated_party_hands_give_partys_readers_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Hands changed at random, three a file: whatever the kernel reads, it reads as
    PartyPoker's reader does; the rest it leaves to it (results, errors and disagreements
    alike)."""
    from pokerscore.histories.parts import REFERENCE_ONLY

    hands = [VARIANTS[name] for name in sorted(READ_BY_THE_KERNEL)]
    rng = random.Random(29)
    path = tmp_path / "party.txt"
    for _ in range(80):
        path.write_text("".join(_mutated(rng.choice(hands), rng) + "\n" for _ in range(3)), "utf-8")
        fast = compared_results(path)
        monkeypatch.setenv(REFERENCE_ONLY, "1")
        assert fast == compared_results(path), path.read_text("utf-8")
        monkeypatch.delenv(REFERENCE_ONLY)


def test_a_long_file_of_the_2019_layout_is_cut_at_its_banners(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file whose hands no ``#Game No`` line leads (the 2019 layout) goes to the kernels
    (``fast_files.fast_format``), its records cut at its banners: past 1 MiB its hands are read, not
    one record too long to read, as the reference path reads them."""
    from pokerscore.histories import fast_files
    from pokerscore.histories.fast_files import fast_format
    from pokerscore.histories.part_specs import HistoryPart

    hands = (SITES / "partypoker" / "cash-2019.txt").read_bytes().rstrip(b"\n") + b"\n\n\n"
    path = tmp_path / "party-2019.txt"
    path.write_bytes(hands * (1_100_000 // len(hands) + 1))
    assert fast_format(HistoryPart(0, str(path), "partypoker"))
    results = compared_results(path)
    assert len(results) == 2 * (1_100_000 // len(hands) + 1)
    assert all(not isinstance(result, str) for result in results)
    monkeypatch.setenv("POKERSCORE_HISTORIES_REFERENCE", "1")
    assert compared_results(path) == results
    monkeypatch.delenv("POKERSCORE_HISTORIES_REFERENCE")
    mixed = tmp_path / "mixed.txt"
    mixed.write_bytes(CASH.encode() + hands)
    assert not fast_format(HistoryPart(0, str(mixed), "partypoker"))
    numbered = tmp_path / "party.txt"
    numbered.write_bytes(CASH.encode())
    assert fast_format(HistoryPart(0, str(numbered), "partypoker"))
    # its banners are checked over the whole file: past WHOLE_FILE_BYTES, its reader streams it
    monkeypatch.setattr(fast_files, "WHOLE_FILE_BYTES", path.stat().st_size - 1)
    assert not fast_format(HistoryPart(0, str(path), "partypoker"))
