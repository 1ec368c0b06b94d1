"""What every site reader must do with hostile input, one test each over every format: a hostile
hand is one bad hand with its place and the rest read; a file cut in the middle of a hand; an odd
player name; an empty file; and the format told from its head in a mixed folder. Each format
gives only its fixture and its text edits; what the fixtures' hands are worth is in the site's
own test file."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import pytest

from pokerscore.histories.model import HandHistory, HandHistoryError
from pokerscore.histories.reading import file_format_of, read_histories
from pokerscore.histories.replay import replay
from pokerscore.histories.sites import site_format

from .site_runs import DATA, nets

HISTORIES: Final = DATA.parent
HUGE: Final = "9" + "9" * 40  # a number of 41 digits


@dataclass(frozen=True)
class Edit:
    """A hostile change to one hand of the fixture (:attr:`Format.broken`): ``old`` (its first
    place in that hand) made ``new``, refused with ``reason`` (at ``line`` where the format says
    it); ``spans`` hands refused where the edit reaches more (a session's game)."""

    old: str
    new: str
    reason: str
    line: int | None = None
    spans: int = 1


@dataclass(frozen=True)
class Odd:
    """A player's name made odd throughout the fixture: ``hand``'s seat ``seat`` holds it (and
    the player's result in that hand is ``net``, where given)."""

    old: str
    new: str
    hand: int
    seat: int
    net: float | None = None


@dataclass(frozen=True)
class Format:
    """A site's format, its fixture and its edits."""

    name: str
    fixture: str
    """Below ``tests/data/histories/sites``."""
    hostile: dict[str, Edit]
    cut: str | None = None
    """The file is cut where this text first stands after ``second`` (in a second copy of the
    fixture where ``cut_copy``): the hands before it read, the cut one read as far as it goes (a
    partial hand, refused by the replay) or refused by the reader (``the file ends inside``)."""
    cut_copy: bool = False
    second: str = ""
    """Where the second hand starts, where the form needs it to find an edit's place."""
    broken: int = 2
    """The hand the edits break (the first where ``lead`` is given or the fixture starts with
    the edited text)."""
    lead: str | None = None
    """Where given, the hostile file is the fixture's first hand (up to ``lead``; the whole
    fixture where it is empty) edited, followed by the fixture."""
    clean: bool = False
    """Every hand of the fixture replays with no disagreement (so must the hostile file's
    other hands)."""
    key: str = ""
    """The format's name in the tests' ids, where a format has two fixtures here."""
    odd: Odd | None = None
    encoding: str = "utf-8"
    mixed: tuple[str, ...] = ()
    """More fixtures of the format for the mixed folder."""
    mixed_head: Callable[[bytes], bytes] = bytes
    """The fixture's bytes as written in the mixed folder."""
    beside: tuple[str, str] = ("pokerstars-shapes.txt", "pokerstars")
    """The other format's file in the mixed folder (below ``tests/data/histories``), and that
    format."""

    @property
    def id(self) -> str:
        return self.key or self.name

    @property
    def path(self) -> Path:
        return DATA / self.fixture

    def hostile_text(self, old: str, new: str) -> str:
        """The fixture with ``old`` made ``new`` in the hand the edits break."""
        text = self.text()
        if self.lead is not None:
            first = text[: text.index(self.lead)] + "\n" if self.lead else text
            assert old in first
            return first.replace(old, new, 1) + text
        second = text.index(self.second)
        assert old in text[second:]
        return text[:second] + text[second:].replace(old, new, 1)

    def text(self) -> str:
        return self.path.read_text(encoding=self.encoding)

    def hands(self, path: Path) -> list[HandHistory | HandHistoryError]:
        site = site_format(self.name)
        assert site is not None, self.name
        return list(site.read(path))


def amounts(
    text: str, amount: str, *, exponent: bool = True, line: int | None = None
) -> dict[str, Edit]:
    """The edits of an amount: ``amount`` (its first place in ``text``) made a number of 41
    digits (``huge number``) and, where ``exponent``, ``1e9``."""
    edits = {"huge number": _put(text, amount, HUGE, "is not a plain amount", line)}
    if exponent:
        edits["exponent"] = _put(text, amount, "1e9", "is not an amount", line)
    return edits


def huge_seat(
    text: str,
    seat: str,
    *,
    huge: str = "99999",
    reason: str = "seat numbers run",
    line: int | None = None,
) -> dict[str, Edit]:
    """The edit of a seat number: ``seat`` (its first place as a number of its own in
    ``text``) made ``huge``."""
    number = re.compile(rf"\b{seat}\b")
    assert number.search(text)
    return {"huge seat": Edit(text, number.sub(huge, text, count=1), reason, line)}


def _put(text: str, old: str, new: str, reason: str, line: int | None) -> Edit:
    assert old in text
    return Edit(text, text.replace(old, new, 1), reason, line)


def _shape(hands: list[HandHistory | HandHistoryError]) -> str:
    """A hand read as ``+``, a refused one as ``-``."""
    return "".join("+" if isinstance(hand, HandHistory) else "-" for hand in hands)


FORMATS: Final = [
    Format(
        "absolute",
        "absolute/hands.txt",
        {
            **amounts("Bob - Calls $35", "35", exponent=False),
            "garbage header": Edit("Stage #736661180: HOLDEM NORMAL $25/$50 - 2007-08-17 06:49:16 (ET)", "Stage #736661180: garbage", "no game, stakes"),
            **huge_seat("Seat 5 - Bob ($1000 in chips)", "5"),
            "unknown post": Edit("Dee - Posts dead $40 dead $15", "Dee - Posts a fish", "unknown post"),
        },
        cut="Dee - Folds",
    ),
    Format(
        "betonline",
        "betonline/hands.txt",
        {
            **amounts("Bob: calls 1.00", "1.00"),
            "garbage header": Edit("PayNoRake Game #1027919331: Hold'em No Limit ($0.25/0.50) - 2012/06/07 08:58 GMT Standard Time",
                                   "PayNoRake Game #1027919331: Hold'em No Limit ($0.25/0.50) - garbage", "no game and date"),
            **huge_seat("Seat 3: Bob (10.00 in chips)", "3"),
            "no button": Edit("Table 'Aeon Flux' 10-Max, Seat #3 is the button", "Table 'Aeon Flux'", "no button"),
        },
        cut="Bob: folds",
        odd=Odd("Cy", "C: (y) [é] \u202e", hand=1, seat=0),
    ),
    Format(
        "betfair",
        "betfair/hands.txt",
        {
            **amounts("Eve calls [$0.25]", "0.25"),
            "garbage header": Edit("PL $0.05/$0.10 Omaha - Saturday, March 6, 21:15:30 GMT 2010", "garbage", "no stakes"),
            **huge_seat("Seat 4: Eve ( $5 )", "4"),
            "unknown post": Edit("Dee posts small & big blinds [$0.15]", "Dee posts a fish [$0.15]", "unknown post"),
        },
        cut="Eve checks",
        odd=Odd("Cy Dé", "C[y]: (é) \u202e", hand=0, seat=1),
    ),
    Format(
        "unibet",
        "unibet/hands.txt",
        {
            **amounts("Eve calls €0.25", "0.25"),
            "garbage header": Edit("Unibet Hand #1600000002 - 0.05/0.10 - Pot Limit Omaha - UTC 20:01:30 2026/06/10", "Unibet Hand #1600000002 garbage", "no stakes"),
            **huge_seat("Seat 4: Eve (€5)", "4"),
            "unknown post": Edit("Bob posts small blind €0.05\nEve", "Bob posts a fish €0.05\nEve", "unknown post"),
            "a stranger acts": Edit("Eve checks", "Zed checks", "cannot read"),
        },
        cut="Eve checks",
        odd=Odd("Cy Dé", "C[y]: (é) \u202e", hand=0, seat=2),
        clean=True,
    ),
    Format(
        "boss",
        "boss/hands.xml",
        {
            "huge number": Edit('PLAYER="Bob" VALUE="3.50"', 'PLAYER="Bob" VALUE="' + HUGE + '"', "is not a plain amount", line=52),
            "exponent": Edit('PLAYER="Bob" VALUE="3.50"', 'PLAYER="Bob" VALUE="1e9"', "is not an amount", line=52),
            "unknown action": Edit('TYPE="ACTION_RAISE" PLAYER="Bob"', 'TYPE="ACTION_JUGGLE" PLAYER="Bob"', "is not read", line=52),
            "unknown player": Edit('TYPE="ACTION_RAISE" PLAYER="Bob"', 'TYPE="ACTION_RAISE" PLAYER="Zed"', "is not seated", line=52),
            "bad card": Edit('<CARD LINK="13">', '<CARD LINK="99">', "no card number", line=52),
            "huge seat": Edit('<PLAYER NAME="Ann" SEAT="2" AMOUNT="50.00"', '<PLAYER NAME="Ann" SEAT="99999999" AMOUNT="50.00"', "not a seat number", line=52),
        },
        cut='<ACTION TYPE="ACTION_FOLD" PLAYER="Cy',
        second='<HISTORY ID="700-2"',
        clean=True,
        odd=Odd("Cy D&#233;", "C (y): [é] calls \u202e", hand=0, seat=1),
    ),
    Format(
        "cake",
        "cake/hands.txt",
        {
            **amounts("Ann: posts small blind 10", "10"),
            "garbage header": Edit("0/10/20 NL Hold'em", "garbage", "no stakes and game"),
            **huge_seat("Dealer: Seat 3", "3", huge="99999999", reason="not a seat number"),
        },
        cut="Cy Dé: folds",
        odd=Odd("Cy Dé", "C: (y) [é] \u202e", hand=0, seat=0),
        encoding="utf-8-sig",
        # the sample's files start with a byte-order mark written twice (once as cp1252 text)
        mixed_head=lambda data: b"\xef\xbb\xbf\xc3\xaf\xc2\xbb\xc2\xbf" + data[3:],
    ),
    Format(
        "enet",
        "enet/hands.txt",
        {
            **amounts("Ann: bets €0,75", "0,75", exponent=False),
            "garbage table": Edit("Table 'Reunion 1 - Pot Limit' 9-max Seat #4 is the button", "Table 'Reunion 1' garbage", "no button"),
            **huge_seat("Seat 3: Bob (€18,67 in chips)", "3"),
        },
        cut="Cy Dé: calls €1,50",
    ),
    Format(
        "entraction",
        "entraction/hands.txt",
        {
            **amounts("Cy Dé                       Call        (8.00)", "8.00", exponent=False),
            "garbage header": Edit("Game # 2322970601 - Omaha High Pot Limit EUR 0.50/1", "Game # 2322970601 - garbage", "no game, stakes"),
            **huge_seat("(EUR 138.50 in seat 3)", "3"),
            "no amount": Edit("Cy Dé                       Raise       (2.50)", "Cy Dé                       Raise", "without its amount"),
        },
        cut="Bob                         Fold",
    ),
    Format(
        "everest",
        "everest/hands.xml",
        {
            **amounts('<PUSH position="2" amount="1"/>', "1", exponent=False, line=35),
            "unknown seat": Edit('<PUSH position="2" amount="1"/>', '<PUSH position="7" amount="1"/>', "not at the table", line=35),
            "no amount": Edit('<PUSH position="2" amount="1"/>', '<PUSH position="2"/>', "without its amount", line=35),
        },
    ),
    Format(
        "everleaf",
        "everleaf/hands.txt",
        {
            **amounts("Bob raises [$ 0.35 USD]", "0.35"),
            "garbage header": Edit("Blinds $0.05/$0.10 NL Hold'em - 2010/08/29 - 20:35:01", "garbage", "no stakes"),
            **huge_seat("Seat 2: Bob (  $ 5.40 USD )", "2"),
        },
        cut="Ann folds",
        odd=Odd("Cy Dé", "C[y]: (é) \u202e", hand=0, seat=2),
    ),
    Format(
        "kingsclub",
        "kingsclub/hands.txt",
        {
            **amounts("Cy Dé calls 30", "30"),
            "garbage table": Edit("Table '8 Game Mix' Seat 6 is the button\nSeat 1: Ann (1,000)", "Table garbage\nSeat 1: Ann (1,000)", "no button"),
            **huge_seat("Seat 3: Cy Dé (2,500)", "3"),
            "unknown post": Edit("Ann: posts the small blind 5\nCy", "Ann: posts the dead blind 5\nCy", "unknown post"),
        },
        cut="Bob folds",
        odd=Odd("Cy Dé", "C (y): [é] calls \u202e", hand=1, seat=1),
        # King's Club files start with "#" as PHH comments do
        beside=("actions.phhs", "phh"),
    ),
    Format(
        "merge",
        "merge/holdem.xml",
        {
            **amounts('amount="1.50"/>', "1.50", line=40),
            "unknown event": Edit('type="RAISE" timestamp="3" player="0"', 'type="JUGGLE" timestamp="3" player="0"', "unknown event", line=40),
            "unknown seat": Edit('type="RAISE" timestamp="3" player="0"', 'type="RAISE" timestamp="3" player="9"', "not at the table", line=40),
            "huge seat": Edit('<players dealer="0">\n\t\t<player seat="0" nickname="Ann" balance="$18.50"',
                              '<players dealer="0">\n\t\t<player seat="99999999" nickname="Ann" balance="$18.50"', "not a seat number", line=40),
        },
        cut='<round id="POSTFLOP" sequence="3">',
        second='<game id="900-2"',
        mixed=("merge/old-omaha.xml",),
    ),
    Format(
        "microgaming",
        "microgaming/hands.txt",
        {
            **amounts('type="Bet" seat="6" value="10.00"', "10.00", exponent=False),
            "unknown action": Edit('type="Bet" seat="6" value="10.00"', 'type="Juggle" seat="6" value="10.00"', "unknown action"),
            "unknown seat": Edit('type="Bet" seat="6" value="10.00"', 'type="Bet" seat="9" value="10.00"', "not at the table"),
            "bad seat": Edit('<Seat num="6" alias="Dee" unicodealias="RABlAGUA" balance="605.00"', '<Seat num="x" alias="Dee" unicodealias="RABlAGUA" balance="605.00"', "not a seat number"),
        },
        cut='<Action seq="9" type="Check" seat="6" />',
    ),
    Format(
        "ongame",
        "ongame/hands.txt",
        {
            **amounts("Bob calls $1\n", "1"),
            "garbage table": Edit("Table: Setif [101] (POT_LIMIT OMAHA_HI_LO $0.50/$0.50, Real money)", "Table: garbage", "no game and stakes"),
            **huge_seat("Button: seat 7", "7", huge="99999999", reason="not a seat number"),
            "unknown winner": Edit("Main pot: $3.50 won by Bob ($3.35)", "Main pot: $3.50 won by Zed ($3.35)", "Zed is not dealt in"),
        },
        cut="Bob bets $3",
        odd=Odd("Cy Dé", "C (y): [é] \u202e", hand=0, seat=1),
    ),
    Format(
        "pkr",
        "pkr/hands.txt",
        {
            **amounts("Bob calls $2", "2"),
            "garbage blinds": Edit("Blinds are now $1 / $2", "Blinds are now garbage", "cannot read"),
            **huge_seat("Seat 2: Bob - $50", "2"),
            "garbage limit": Edit("Limit Type: POT LIMIT", "Limit Type: ????", "unknown limit type"),
        },
        cut="Ann bets $4",
        odd=Odd("Eve", "E - v [e] \u202e", hand=0, seat=2),
        # told from its head even when the file starts in the middle of a hand
        mixed_head=lambda data: b"Cy checks\nAnn: hi\n" + data,
    ),
    Format(
        "pokertracker",
        "pokertracker/merge.txt",
        {
            **amounts("Ann: Raise $100.00", "100.00", exponent=False),
            "unknown post": Edit("Ann: Post SB $25.00", "Ann: Post Fish $25.00", "unknown post"),
            "garbage header": Edit("MERGE_GAME #101: Holdem NL Tournament 11/02/2011 21:36:27", "MERGE_GAME #101: garbage", "no game and time"),
        },
    ),
    Format(
        "sealswithclubs",
        "sealswithclubs/hands.txt",
        {
            **amounts("Ann refunded 15", "15", exponent=False),
            "garbage game": Edit("Game: NL Hold'em (600 - 3000) - Blinds 15/30", "Game: garbage", "no game and blinds"),
            **huge_seat("Seat 2: Bob (2798.10)", "2"),
        },
        cut="Ann folds",
    ),
    Format(
        "bovada",
        "bovada/cash.txt",
        {
            "a garbage line": Edit("Dealer : Folds\n", "Dealer : Folds\nno colon here\n", "cannot read"),
            "a huge number": Edit("Bets $1.50", "Bets $" + "9" * 5000, "not an amount"),
            "stud": Edit("HOLDEM No Limit - 2024-03-05 21:14:07", "7CARD Fixed Limit - 2024-03-05 21:14:07", "is no stud seat (Seat+n"),
            "a stranger": Edit("Dealer : Folds", "UTG+7 : Folds", "'UTG+7' has no seat"),
            "not a position": Edit("Seat 1: Dealer ($9.01", "Seat 1: Bob ($9.01", "'Bob' is not a position"),
        },
        cut="*** TURN",
        cut_copy=True,
        broken=1,
        clean=True,
        encoding="utf-8-sig",
    ),
    Format(
        "winning",
        "winning/older-utf16.txt",
        {
            "a garbage line": Edit("Player Dee folds\n", "Player Dee folds\n%%% garbage\n", "cannot read"),
            "a huge number": Edit("bets (10)", "bets (" + "9" * 5000 + ")", "not an amount"),
            "stud": Edit("(Hold'em)", "(7 Card Stud)", "7 Card Stud is not replayed here yet"),
            "a nameless player": Edit("Player Dee folds", "Player  folds", "a player not seated here"),
            "an unknown section": Edit("*** TURN ***:", "*** TWIST ***:", "unknown section"),
        },
        broken=1,
        clean=True,
        encoding="utf-16",
    ),
    Format(
        "winning",
        "winning/newer.txt",
        {},
        cut="*** TURN",
        cut_copy=True,
        odd=Odd("Ann", "A☃n (x) [y]", hand=0, seat=2, net=-1.10),
        key="winning-newer",
    ),
    Format(
        "partypoker",
        "partypoker/cash-old.txt",
        {
            "a garbage line": Edit("Cy folds\n", "Cy folds\n@@@ garbage\n", "cannot read"),
            "a huge number": Edit("Bob bets [$5 USD]", "Bob bets [$" + "9" * 5000 + " USD]", "not an amount"),
            "stud": Edit("NL Texas Hold'em", "7 Card Stud", "7 Card Stud is not replayed: PartyPoker writes no up cards"),
            "a stranger posts": Edit("Cy posts big blind", "Zed posts big blind", "'Zed' plays without a seat"),
        },
        broken=1,
        lead=" Game #201",
        clean=True,
    ),
    Format(
        "partypoker",
        "partypoker/cash-2019.txt",
        {},
        cut="** Dealing Flop",
        cut_copy=True,
        odd=Odd("Bob", "B☃b [1] (x)", hand=0, seat=1, net=0.68),
        key="partypoker-2019",
    ),
    Format(
        "pacific",
        "pacific/cash.txt",
        {
            "a garbage line": Edit("Cy folds\n", "Cy folds\n\x00\x01 garbage here\n", "cannot read"),
            "a huge number": Edit("Dee bets [$1.80]", "Dee bets [$" + "9" * 5000 + "]", "not an amount"),
            "an unknown game": Edit("No Limit Holdem", "No Limit Razz", "Razz No Limit is not replayed"),
            "no header": Edit("$0.05/$0.10 Blinds No Limit Holdem - *** 05 03 2024 21:14:07\n", "", "no stakes"),
            "a post of no kind": Edit("posts small blind [$0.05]", "posts sideways [$0.05]", "unknown post"),
        },
        cut="** Dealing flop",  # the cut hand ends with a player to act
        cut_copy=True,
        broken=1,
        lead="",
        odd=Odd("Bo Li", "B☃ [x] (y)", hand=0, seat=3, net=-0.40),
        clean=True,
    ),
    Format(
        "ipoker",
        "ipoker/sessions-cp1252.xml",
        {
            "an unknown action type": Edit('type="5" sum="\u20ac5"', 'type="77" sum="\u20ac5"', "unknown action type '77'", line=11),
            "a huge number": Edit('sum="\u20ac5"', 'sum="\u20ac' + "9" * 5000 + '"', "not an amount", line=11),
            "a stranger acts": Edit('player="Ann"/>\n   <action no="6"', 'player="Zed"/>\n   <action no="6"', "'Zed' is not seated", line=11),
            # the session's game: both its hands
            "stud": Edit("Holdem NL \u20ac0,25", "7 Card Stud L \u20ac0,25", "hand deals no pocket cards or board", line=11, spans=2),
        },
        cut='<round no="3">',
        broken=1,
        encoding="cp1252",
        clean=True,
    ),
]  # fmt: skip

BY_NAME: Final = {form.id: form for form in FORMATS}
HOSTILE: Final = [(form.id, what) for form in FORMATS for what in form.hostile]


@pytest.mark.parametrize(("name", "what"), HOSTILE, ids=[f"{n}-{w}" for n, w in HOSTILE])
def test_a_hostile_hand_is_one_bad_hand_with_its_place(
    tmp_path: Path, name: str, what: str
) -> None:
    """One hand edited: it alone is refused, with its number, file, line and reason; every
    other hand reads as in the file unedited."""
    form = BY_NAME[name]
    edit = form.hostile[what]
    path = tmp_path / f"hostile{form.path.suffix}"
    path.write_text(form.hostile_text(edit.old, edit.old))
    shape = _shape(form.hands(path))
    path.write_text(form.hostile_text(edit.old, edit.new))
    hands = form.hands(path)
    at, stop = form.broken - 1, form.broken - 1 + edit.spans
    assert shape[at:stop] == "+" * edit.spans
    assert _shape(hands) == shape[:at] + "-" * edit.spans + shape[stop:]
    error = hands[at]
    assert isinstance(error, HandHistoryError)
    assert error.hand == form.broken and error.file == str(path) and edit.reason in error.reason
    # the place is named once, by the error's own fields: "hand 1, line 1: line 8: ..." before
    assert re.search(r"\bline \d+:", error.reason) is None
    if edit.line is not None:
        assert error.line == edit.line
    if form.clean:
        assert not [found for hand in hands if isinstance(hand, HandHistory) for found in replay(hand).disagreements]  # fmt: skip


CUT: Final = [form.id for form in FORMATS if form.cut is not None]


@pytest.mark.parametrize("name", CUT)
def test_a_truncated_hand(tmp_path: Path, name: str) -> None:
    """The hands before the cut read; the cut one read as far as it goes and refused by the
    replay, or refused by the reader as a file that ends inside a hand."""
    form = BY_NAME[name]
    assert form.cut is not None
    text = form.text()
    path = tmp_path / f"cut{form.path.suffix}"
    if form.cut_copy:
        path.write_text(text + text[: text.index(form.cut)])
    else:
        path.write_text(text[: text.index(form.cut, text.index(form.second))])
    hands = form.hands(path)
    assert hands and _shape(hands[:-1]) == "+" * (len(hands) - 1)
    last = hands[-1]
    if isinstance(last, HandHistory):
        with pytest.raises(HandHistoryError, match=f"hand {len(hands)}"):
            replay(last)
    else:
        assert last.hand == len(hands) and "ends inside" in last.reason


ODD: Final = [form.id for form in FORMATS if form.odd is not None]


@pytest.mark.parametrize("name", ODD)
def test_an_odd_name_reads_and_replays(tmp_path: Path, name: str) -> None:
    """A name of colons, brackets, an accent and a right-to-left mark is a name like any."""
    form = BY_NAME[name]
    assert form.odd is not None
    text = form.text()
    assert form.odd.old in text
    path = tmp_path / f"odd{form.path.suffix}"
    path.write_text(text.replace(form.odd.old, form.odd.new))
    hand = form.hands(path)[form.odd.hand]
    assert isinstance(hand, HandHistory) and hand.seats[form.odd.seat].name == form.odd.new
    result = replay(hand)
    assert not result.disagreements
    if form.odd.net is not None:
        assert nets(result)[form.odd.new] == form.odd.net


@pytest.mark.parametrize("name", BY_NAME)
def test_an_empty_file_has_no_hands(tmp_path: Path, name: str) -> None:
    form = BY_NAME[name]
    path = tmp_path / f"empty{form.path.suffix}"
    path.write_text("")
    assert form.hands(path) == []


@pytest.mark.parametrize("name", BY_NAME)
def test_the_format_is_told_from_its_head_in_a_mixed_folder(tmp_path: Path, name: str) -> None:
    """The format's files beside another format's file in one folder: each file sniffed as its
    format, every hand its reader reads found by the folder search."""
    form = BY_NAME[name]
    name = form.name
    ours = [tmp_path / f"a{form.path.suffix}"]
    ours[0].write_bytes(form.mixed_head(form.path.read_bytes()))
    for index, fixture in enumerate(form.mixed):
        ours.append(tmp_path / f"a{index}.txt")  # a suffix the format does not use
        ours[-1].write_bytes((DATA / fixture).read_bytes())
    fixture, other = form.beside
    beside = tmp_path / f"b{Path(fixture).suffix}"
    beside.write_bytes((HISTORIES / fixture).read_bytes())
    assert file_format_of(beside) == other
    assert all(file_format_of(path) == name for path in ours)
    read = sum(_shape(form.hands(path)).count("+") for path in ours)
    formats = [h.source_format for h in read_histories(tmp_path) if isinstance(h, HandHistory)]
    assert read > 0 and formats.count(name) == read and set(formats) == {name, other}
