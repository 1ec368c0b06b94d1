"""What every site reader must do with hostile input, one test each over every format: a hostile
hand is one bad hand with its place and the rest read; a file cut in the middle of a hand; an odd
player name; an empty file; and the format told from its head in a mixed folder. Each format
gives only its fixture and its text edits; what the fixtures' hands are worth is in the site's
own test file."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import pytest

from pokerscore.histories.model import HandHistory, HandHistoryError
from pokerscore.histories.reading import file_format_of, read_histories
from pokerscore.histories.replay import replay
from pokerscore.histories.sites import site_format

from .site_runs import DATA

HISTORIES: Final = DATA.parent
HUGE: Final = "9" + "9" * 40  # a number of 41 digits


@dataclass(frozen=True)
class Edit:
    """A hostile change to the fixture's second hand: ``old`` (its first place in that hand)
    made ``new``, refused with ``reason`` (at ``line`` where the format says it)."""

    old: str
    new: str
    reason: str
    line: int | None = None


@dataclass(frozen=True)
class Odd:
    """A player's name made odd throughout the fixture: ``hand``'s seat ``seat`` holds it."""

    old: str
    new: str
    hand: int
    seat: int


@dataclass(frozen=True)
class Format:
    """A site's format, its fixture and its edits."""

    name: str
    fixture: str
    """Below ``tests/data/histories/sites``."""
    hostile: dict[str, Edit]
    cut: str | None = None
    """The file is cut where this text first stands after ``second``: the hands read before it
    read, the cut one read as far as it goes (a partial hand, refused by the replay) or refused
    by the reader (``the file ends inside``)."""
    second: str = ""
    """Where the second hand starts, where the form needs it to find an edit's place."""
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
    def path(self) -> Path:
        return DATA / self.fixture

    def text(self) -> str:
        return self.path.read_text(encoding=self.encoding)

    def hands(self, path: Path) -> list[HandHistory | HandHistoryError]:
        site = site_format(self.name)
        assert site is not None, self.name
        return list(site.read(path))


def _shape(hands: list[HandHistory | HandHistoryError]) -> str:
    """A hand read as ``+``, a refused one as ``-``."""
    return "".join("+" if isinstance(hand, HandHistory) else "-" for hand in hands)


FORMATS: Final = [
    Format(
        "absolute",
        "absolute/hands.txt",
        {
            "huge number": Edit("Bob - Calls $35", "Bob - Calls $" + HUGE, "is not a plain amount"),
            "garbage header": Edit("Stage #736661180: HOLDEM NORMAL $25/$50 - 2007-08-17 06:49:16 (ET)", "Stage #736661180: garbage", "no game, stakes"),
            "huge seat": Edit("Seat 5 - Bob ($1000 in chips)", "Seat 99999 - Bob ($1000 in chips)", "seat numbers run"),
            "unknown post": Edit("Dee - Posts dead $40 dead $15", "Dee - Posts a fish", "unknown post"),
        },
        cut="Dee - Folds",
    ),
    Format(
        "betonline",
        "betonline/hands.txt",
        {
            "huge number": Edit("Bob: calls 1.00", "Bob: calls " + HUGE, "is not a plain amount"),
            "exponent": Edit("Bob: calls 1.00", "Bob: calls 1e9", "is not an amount"),
            "garbage header": Edit("PayNoRake Game #1027919331: Hold'em No Limit ($0.25/0.50) - 2012/06/07 08:58 GMT Standard Time",
                                   "PayNoRake Game #1027919331: Hold'em No Limit ($0.25/0.50) - garbage", "no game and date"),
            "huge seat": Edit("Seat 3: Bob (10.00 in chips)", "Seat 99999: Bob (10.00 in chips)", "seat numbers run"),
            "no button": Edit("Table 'Aeon Flux' 10-Max, Seat #3 is the button", "Table 'Aeon Flux'", "no button"),
        },
        cut="Bob: folds",
        odd=Odd("Cy", "C: (y) [é] \u202e", hand=1, seat=0),
    ),
    Format(
        "cake",
        "cake/hands.txt",
        {
            "huge number": Edit("Ann: posts small blind 10", "Ann: posts small blind " + HUGE, "is not a plain amount"),
            "exponent": Edit("Ann: posts small blind 10", "Ann: posts small blind 1e9", "is not an amount"),
            "garbage header": Edit("0/10/20 NL Hold'em", "garbage", "no stakes and game"),
            "huge seat": Edit("Dealer: Seat 3", "Dealer: Seat 99999999", "not a seat number"),
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
            "huge number": Edit("Ann: bets €0,75", "Ann: bets €" + HUGE, "is not a plain amount"),
            "garbage table": Edit("Table 'Reunion 1 - Pot Limit' 9-max Seat #4 is the button", "Table 'Reunion 1' garbage", "no button"),
            "huge seat": Edit("Seat 3: Bob (€18,67 in chips)", "Seat 99999: Bob (€18,67 in chips)", "seat numbers run"),
        },
        cut="Cy Dé: calls €1,50",
    ),
    Format(
        "entraction",
        "entraction/hands.txt",
        {
            "huge number": Edit("Cy Dé                       Call        (8.00)", "Cy Dé                       Call        (" + HUGE + ")", "is not a plain amount"),
            "garbage header": Edit("Game # 2322970601 - Omaha High Pot Limit EUR 0.50/1", "Game # 2322970601 - garbage", "no game, stakes"),
            "huge seat": Edit("(EUR 138.50 in seat 3)", "(EUR 138.50 in seat 99999)", "seat numbers run"),
            "no amount": Edit("Cy Dé                       Raise       (2.50)", "Cy Dé                       Raise", "without its amount"),
        },
        cut="Bob                         Fold",
    ),
    Format(
        "everest",
        "everest/hands.xml",
        {
            "huge number": Edit('<PUSH position="2" amount="1"/>', '<PUSH position="2" amount="' + HUGE + '"/>', "is not a plain amount", line=35),
            "unknown seat": Edit('<PUSH position="2" amount="1"/>', '<PUSH position="7" amount="1"/>', "not at the table", line=35),
            "no amount": Edit('<PUSH position="2" amount="1"/>', '<PUSH position="2"/>', "without its amount", line=35),
        },
    ),
    Format(
        "everleaf",
        "everleaf/hands.txt",
        {
            "huge number": Edit("Bob raises [$ 0.35 USD]", "Bob raises [$ " + HUGE + " USD]", "is not a plain amount"),
            "exponent": Edit("Bob raises [$ 0.35 USD]", "Bob raises [$ 1e9 USD]", "is not an amount"),
            "garbage header": Edit("Blinds $0.05/$0.10 NL Hold'em - 2010/08/29 - 20:35:01", "garbage", "no stakes"),
            "huge seat": Edit("Seat 2: Bob (  $ 5.40 USD )", "Seat 99999: Bob (  $ 5.40 USD )", "seat numbers run"),
        },
        cut="Ann folds",
        odd=Odd("Cy Dé", "C[y]: (é) \u202e", hand=0, seat=2),
    ),
    Format(
        "kingsclub",
        "kingsclub/hands.txt",
        {
            "huge number": Edit("Cy Dé calls 30", "Cy Dé calls " + HUGE, "is not a plain amount"),
            "exponent": Edit("Cy Dé calls 30", "Cy Dé calls 1e9", "is not an amount"),
            "garbage table": Edit("Table '8 Game Mix' Seat 6 is the button\nSeat 1: Ann (1,000)", "Table garbage\nSeat 1: Ann (1,000)", "no button"),
            "huge seat": Edit("Seat 3: Cy Dé (2,500)", "Seat 99999: Cy Dé (2,500)", "seat numbers run"),
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
            "huge number": Edit('amount="1.50"/>', 'amount="' + HUGE + '"/>', "is not a plain amount", line=40),
            "exponent": Edit('amount="1.50"/>', 'amount="1e9"/>', "is not an amount", line=40),
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
            "huge number": Edit('type="Bet" seat="6" value="10.00"', 'type="Bet" seat="6" value="' + HUGE + '"', "is not a plain amount"),
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
            "huge number": Edit("Bob calls $1\n", "Bob calls $" + HUGE + "\n", "is not a plain amount"),
            "exponent": Edit("Bob calls $1\n", "Bob calls $1e9\n", "is not an amount"),
            "garbage table": Edit("Table: Setif [101] (POT_LIMIT OMAHA_HI_LO $0.50/$0.50, Real money)", "Table: garbage", "no game and stakes"),
            "huge seat": Edit("Button: seat 7", "Button: seat 99999999", "not a seat number"),
            "unknown winner": Edit("Main pot: $3.50 won by Bob ($3.35)", "Main pot: $3.50 won by Zed ($3.35)", "Zed is not dealt in"),
        },
        cut="Bob bets $3",
        odd=Odd("Cy Dé", "C (y): [é] \u202e", hand=0, seat=1),
    ),
    Format(
        "pkr",
        "pkr/hands.txt",
        {
            "huge number": Edit("Bob calls $2", "Bob calls $" + HUGE, "is not a plain amount"),
            "exponent": Edit("Bob calls $2", "Bob calls $1e9", "is not an amount"),
            "garbage blinds": Edit("Blinds are now $1 / $2", "Blinds are now garbage", "cannot read"),
            "huge seat": Edit("Seat 2: Bob - $50", "Seat 99999: Bob - $50", "seat numbers run"),
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
            "huge number": Edit("Ann: Raise $100.00", "Ann: Raise $" + HUGE, "is not a plain amount"),
            "unknown post": Edit("Ann: Post SB $25.00", "Ann: Post Fish $25.00", "unknown post"),
            "garbage header": Edit("MERGE_GAME #101: Holdem NL Tournament 11/02/2011 21:36:27", "MERGE_GAME #101: garbage", "no game and time"),
        },
    ),
    Format(
        "sealswithclubs",
        "sealswithclubs/hands.txt",
        {
            "huge number": Edit("Ann refunded 15", "Ann refunded " + HUGE, "is not a plain amount"),
            "garbage game": Edit("Game: NL Hold'em (600 - 3000) - Blinds 15/30", "Game: garbage", "no game and blinds"),
            "huge seat": Edit("Seat 2: Bob (2798.10)", "Seat 99999: Bob (2798.10)", "seat numbers run"),
        },
        cut="Ann folds",
    ),
]  # fmt: skip

BY_NAME: Final = {form.name: form for form in FORMATS}
HOSTILE: Final = [(form.name, what) for form in FORMATS for what in form.hostile]


@pytest.mark.parametrize(("name", "what"), HOSTILE, ids=[f"{n}-{w}" for n, w in HOSTILE])
def test_a_hostile_hand_is_one_bad_hand_with_its_place(
    tmp_path: Path, name: str, what: str
) -> None:
    """The second hand edited: it alone is refused, with its number, file, line and reason;
    every other hand reads as in the fixture."""
    form = BY_NAME[name]
    edit = form.hostile[what]
    text = form.text()
    second = text.index(form.second)
    assert edit.old in text[second:]
    path = tmp_path / f"hostile{form.path.suffix}"
    path.write_text(text[:second] + text[second:].replace(edit.old, edit.new, 1))
    hands = form.hands(path)
    shape = _shape(form.hands(form.path))
    assert shape[1] == "+" and _shape(hands) == shape[:1] + "-" + shape[2:]
    error = hands[1]
    assert isinstance(error, HandHistoryError)
    assert error.hand == 2 and error.file == str(path) and edit.reason in error.reason
    if edit.line is not None:
        assert error.line == edit.line


CUT: Final = [form.name for form in FORMATS if form.cut is not None]


@pytest.mark.parametrize("name", CUT)
def test_a_truncated_hand(tmp_path: Path, name: str) -> None:
    """The hands before the cut read; the cut one read as far as it goes and refused by the
    replay, or refused by the reader as a file that ends inside a hand."""
    form = BY_NAME[name]
    assert form.cut is not None
    text = form.text()
    path = tmp_path / f"cut{form.path.suffix}"
    path.write_text(text[: text.index(form.cut, text.index(form.second))])
    hands = form.hands(path)
    assert hands and _shape(hands[:-1]) == "+" * (len(hands) - 1)
    last = hands[-1]
    if isinstance(last, HandHistory):
        with pytest.raises(HandHistoryError, match=f"hand {len(hands)}"):
            replay(last)
    else:
        assert last.hand == len(hands) and "ends inside" in last.reason


ODD: Final = [form.name for form in FORMATS if form.odd is not None]


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
    assert not replay(hand).disagreements


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
