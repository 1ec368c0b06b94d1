"""PokerStars' grammar, written once (issue 28 §1): the header's games and betting, and the words
each kind of line starts with or holds (Winamax's own at the end, ``WINAMAX`` and ``WX_…``),
from which both readers are made: the fast reader's byte prefixes and word tables (:mod:`~pokerscore.histories._stars_kernels`, through
``_bytes.ascii_bytes`` and ``word_table``) and the reference reader's prefixes and regular
expressions (:mod:`~pokerscore.histories.pokerstars`).

A word changed here changes both readers; a line kind only one of them reads (the reference
reader's stud and draw lines, which the fast reader leaves to it) is still named here. The
stakes' forms (``($0.25/$0.50 USD)``) are still written in each reader.
"""

from __future__ import annotations

from typing import Final

from pokerscore.histories.model import Betting

# the header's first words: the site (``PokerStars Hand #…``, a skin's, GGPoker's ``Poker Hand #``)
POKERSTARS: Final = "PokerStars "
FULL_TILT: Final = "Full Tilt"
SITES: Final = {
    "PokerStars": "PokerStars",
    "POKERSTARS": "PokerStars",
    "PokerMaster": "PokerMaster",
    FULL_TILT: "Full Tilt Poker",
    "Run It Once Poker": "Run It Once",
    "PokerBros": "PokerBros",
}
"""The sites whose clients write PokerStars' layout, by the word that starts their header (the
upper-case ``POKERSTARS GAME #`` is PokerTracker 2's export of PokerStars hands)."""
STARS_STARTS: Final = tuple(f"{word} " for word in SITES)
"""What the first line of a hand in PokerStars' layout starts with (its own or a skin's)."""
HEADER_ROOMS: Final = ("Zoom ", "Home Game ", "Fast Poker ")
"""What may stand between the site and the hand's number in PokerStars' header (``PokerStars
Zoom Hand #…``)."""
HEADER_HANDS: Final = ("Hand #", "Game #", "HAND #", "GAME #")
"""What stands before the hand's number in PokerStars' header and its skins' (after the site
and one space, or the room: :data:`HEADER_ROOMS`)."""
GGPOKER: Final = "Poker Hand #"
"""What the first line of a GGPoker hand starts with (``Poker Hand #HD…``)."""
WINAMAX: Final = "Winamax Poker - "
"""What the first line of a Winamax hand starts with (``Winamax Poker - CashGame - HandId: #…``)."""
WINNING: Final = ("Hand #", "Game Hand #", "Game started at:")
"""What the first line of a Winning Poker Network hand starts with: the 2019 layout's cash
(``Hand #n - Holdem(No Limit) - …``) and tournament (``Game Hand #n - Tournament #…``) hands,
the 2016-19 layout's (``Game started at: 2016/8/8 16:39:21``, which the fast reader leaves to
Winning's reader hand by hand)."""
BOVADA_SITES: Final = ("Bovada", "Bodog", "Ignition")
"""The sites of Bovada's format, by the word that starts their header (``Ignition Hand #…``)."""
BOVADA_HAND: Final = " Hand #"
BOVADA_STARTS: Final = tuple(f"{site}{BOVADA_HAND}" for site in BOVADA_SITES)
"""What the first line of a Bovada, Bodog or Ignition hand starts with."""
PACIFIC_GAME_NO: Final = "#Game No"
"""What the first line of an 888poker hand starts with (``#Game No : 360044776``), as
``sites/pacific.py`` starts a hand there."""
PACIFIC_SITES: Final = ("888poker", "Cassava")
"""The sites of 888poker's format the fast reader reads, by the banner's word (``***** Cassava
Hand History for Game …``; another's hands are left to 888poker's reader)."""
PACIFIC_BANNERS: Final = tuple(f"***** {site} Hand History " for site in PACIFIC_SITES)
"""What an 888poker hand's second line starts with, its site's word in it."""
PARTY_BANNER: Final = "***** Hand History for Game "
"""What a PartyPoker hand's second line starts with in its older layout (the first is
:data:`PACIFIC_GAME_NO`, as 888poker's: ``#Game No : 14017581513``)."""
PT19_BANNER: Final = "***** Hand History For Game "
"""What a PartyPoker hand's first line starts with in its 2019 layout (the id's letters and
digits, then :data:`PT_BANNER_END`)."""
HEADERS: Final = (
    *STARS_STARTS,
    GGPOKER,
    WINAMAX,
    *WINNING,
    *BOVADA_STARTS,
    PACIFIC_GAME_NO,
    *PACIFIC_BANNERS,
    PARTY_BANNER,
)
"""Every hand's first words the fast reader knows, each a site (:data:`HEADER_SITES`)."""
HEADER_SITES: Final = (
    *SITES.values(),
    "GGPoker",
    "Winamax",
    *["Winning Poker Network"] * 3,
    *BOVADA_SITES,
    PACIFIC_SITES[0],
    *PACIFIC_SITES,
    "PartyPoker",
)
"""The site of each of :data:`HEADERS` (888poker's banners are no hand's first words: the site
its kernel gives a hand whose banner names it, :data:`LAYOUT_HEADERS` naming none; PartyPoker's
banner likewise, the site its kernel gives the hands it reads)."""
LAYOUT_HEADERS: Final = {
    "pokerstars": STARS_STARTS,
    "starsskin": STARS_STARTS,
    "ggpoker": (GGPOKER,),
    "winamax": (WINAMAX,),
    "winning": WINNING,
    "bovada": BOVADA_STARTS,
    "pacific": (PACIFIC_GAME_NO,),
    "partypoker": (PACIFIC_GAME_NO, PT19_BANNER),
    "fulltilt": (f"{FULL_TILT} ",),
}
"""The formats in PokerStars' layout, by their name, and the first words of their hands."""

# the header: ``Hold'em No Limit ($0.25/$0.50 USD)``, a game's name, a space, the betting
GAMES: Final = {
    "Hold'em": ("T", "holdem"),
    "6+ Hold'em": ("S", "short-deck"),
    "Omaha": ("O", "omaha"),
    "Omaha Hi/Lo": ("O/8", "omaha-hi-lo"),
    "5 Card Omaha": ("5O", "omaha-5"),
    "5 Card Omaha Hi/Lo": ("5O/8", "omaha-5-hi-lo"),
    "6 Card Omaha": ("6O", "omaha-6"),
    "6 Card Omaha Hi/Lo": ("6O/8", "omaha-6-hi-lo"),
    "7 Card Stud": ("7S", "stud"),
    "7 Card Stud Hi/Lo": ("7S/8", "stud-8"),
    "Razz": ("R", "razz"),
    "Triple Draw 2-7 Lowball": ("2L3D", "deuce-to-seven-triple-draw"),
    "Single Draw 2-7 Lowball": ("2L1D", "deuce-to-seven-single-draw"),
    "Badugi": ("B", "badugi"),
}
"""The games read, by their name in the header: PHH letter and the game that settles them (6+
hold'em as the site plays it, three of a kind above a straight); the draw games' (2-7 triple
and single draw, badugi) as the PHH standard names them."""
GG_SHORT_DECK: Final = ("S", "short-deck-straight-over-trips")
"""GGPoker's short deck (``ShortDeck``): PHH letter and game. It ranks a straight above three of
a kind (its own record: a hand won "with Aces-High Straight" against "Three Tens"), as PHH's
``NS``; a flush above a full house."""
GG_GAMES: Final[dict[str, tuple[str, str | None]]] = {
    "Hold'em": ("Hold'em", None),
    "ShortDeck": ("ShortDeck", None),
    "6+ Hold'em": ("6+ Hold'em", None),
    "Omaha Hi/Lo": ("Omaha Hi/Lo", None),
    "Omaha": ("Omaha", None),
    "PLO-5": ("5 Card Omaha", "Pot Limit"),
    "PLO-6": ("6 Card Omaha", "Pot Limit"),
    "PLO": ("Omaha", "Pot Limit"),
}
"""GGPoker's games read, by their name in its header, in the order they are tried at each place
of it (``Omaha Hi/Lo`` before ``Omaha``, ``PLO-5`` before ``PLO``): the game as
:data:`GAMES` names it (``ShortDeck``: :data:`GG_SHORT_DECK`) and the betting the name implies
(``PLO-5 ($0.1/$0.25)``); a betting written after the name (``PLO No Limit``) is the hand's."""
GG_OTHER_GAMES: Final = ("Stud", "Razz", "Draw", "Badugi", "Lowball")
"""Words of the other games a GGPoker header may name (``Seven Card Stud``, a tournament's
``Bounty Draw Hold'em``): a header holding one is refused by GGPoker's reader unless one of
:data:`GG_GAMES` stands before it, and left by the fast reader to it."""
UNREAD_GAMES: Final = ("Courchevel", "Courchevel Hi/Lo", "Triple Draw A-5 Lowball", "5 Card Draw")
"""Games a header names that are refused, hand by hand, as not replayed yet."""
GAME_NAMES: Final = tuple(sorted([*GAMES, *UNREAD_GAMES], key=len, reverse=True))
"""Every game a header names, the longest first (``Omaha Hi/Lo`` before ``Omaha``)."""
BETTING: Final[dict[str, tuple[str, Betting]]] = {
    "No Limit": ("N", "no-limit"),
    "Pot Limit": ("P", "pot-limit"),
    "Limit": ("F", "fixed-limit"),
    "Fixed Limit": ("F", "fixed-limit"),
}
"""The betting after the game's name: PHH letter and betting."""

# the table and the seats: ``Table 'Name' 6-max Seat #2 is the button``,
# ``Seat 3: name ($1.50 in chips)`` (the name's end: the last `` (`` before the stack)
TABLE: Final = "Table '"
TABLES: Final = (TABLE, "Table ID '")
"""PokerStars' table line, and Run It Once's."""
BUTTON: Final = "Seat #"
SEAT: Final = "Seat "
SEAT_DIGITS: Final = 5
"""The most digits of a seat's number."""
AFTER_SEAT: Final = ": "
STACK: Final = " ("
IN_CHIPS: Final = " in chips"
SITTING_OUT: Final = "sitting out"
OUT_OF_HAND: Final = "out of hand"

# the sections
SECTION: Final = "*** "
HOLE_CARDS: Final = "*** HOLE CARDS"
DEALING: Final = "*** DEALING HANDS"
PRE_FLOP: Final = "*** PRE-FLOP"
SUMMARY: Final = "*** SUMMARY"
SHOW_DOWN: Final = "SHOW DOWN"
SHOWDOWN: Final = "SHOWDOWN"
FIRST_CARDS: Final = (HOLE_CARDS, DEALING, PRE_FLOP)
"""The sections the play starts with: hold'em's and Omaha's, the draw games', GGPoker's."""
SECTION_END: Final = " ***"
STREETS: Final = ("FLOP", "TURN", "RIVER")
"""The board's streets, a section each, its cards after it: ``*** FLOP *** [2c 7d Qs]``, a
later street's new card last (``*** TURN *** [2c 7d Qs] [Ah]``)."""
ORDINALS: Final = ("FIRST", "SECOND", "THIRD")
"""A board run more than once (``*** SECOND FLOP ***``: run 2, its place here plus one), and a
draw game's draws (``*** THIRD DRAW ***``)."""
DRAW: Final = "DRAW"
STUD_STREET: Final = "STREET"
"""Stud's streets: ``*** 3rd STREET ***`` to ``*** 6th STREET ***``, then ``*** RIVER ***``."""
STUD_SUFFIXES: Final = ("rd", "th")
"""What may follow a stud street's number, 3 to 7 (``3rd``, ``4th``: either is read after any)."""

# the play (a player's line is ``name: verb rest``; the verbs are written alone, and the fast
# reader compares each with the space or bracket that follows it)
DEALT_TO: Final = "Dealt to "
UNCALLED: Final = "Uncalled bet ("
RETURNED_TO: Final = ") returned to "
COLLECTED: Final = " collected "
FROM: Final = " from "
CASHED_OUT: Final = " cashed out the hand"
POSTS: Final = "posts"
SMALL_AND_BIG: Final = "small & big blinds "
SMALL_BLIND: Final = "small blind "
BIG_BLIND: Final = "big blind "
THE_ANTE: Final = "the ante "
STRADDLE: Final = "straddle "
BUTTON_BLIND: Final = "button blind "
POST_KINDS: Final = (
    (SMALL_AND_BIG, "both"),
    (SMALL_BLIND, "small"),
    (BIG_BLIND, "big"),
    (THE_ANTE, "ante"),
    (STRADDLE, "straddle"),
    (BUTTON_BLIND, "straddle"),
)
"""What follows ``posts``, in the order tried, and the kind of post (``HandDraft.posts``)."""
FOLDS: Final = "folds"
CHECKS: Final = "checks"
CALLS: Final = "calls"
BETS: Final = "bets"
RAISES: Final = "raises"
TO: Final = " to "
SHOWS: Final = "shows"
MUCKS: Final = "mucks"
ALL_IN: Final = " and is all-in"
BRINGS_IN: Final = "brings in for "
COMPLETES: Final = "completes it to "
DISCARDS: Final = "discards "
STANDS: Final = "stands pat"
DISCARD_CARD: Final = " card"
"""A discard's count and its cards after ``discards``: ``2 cards [7h 8h]`` (the saver's cards
written), ``1 card`` (another's unseen); the count 0 to 5 (``1 cards`` and ``2 card`` read too)."""

# lines that stop a hand: the reference reader refuses it (the fast reader leaves it to it)
HAND_CANCELLED: Final = "Hand cancelled"
SPLASH: Final = "STP added"
"""Splash the pot (Run It Once): money the site adds to the pot."""
SETTLED_OUTSIDE: Final = (
    (": Chooses to EV Cashout", "an EV cash-out (money settled outside the pot)"),
    (": Pays Cashout Risk", "an EV cash-out (money settled outside the pot)"),
    (": Receives Cashout", "an EV cash-out (money settled outside the pot)"),
    (": get an all-in insurance", "all-in insurance (a premium paid outside the pot)"),
    (": pay premium of all-in insurance", "all-in insurance (a premium paid outside the pot)"),
    ("Cash Drop to Pot", "a cash drop (money the site adds to the pot)"),
    ("Cashout", "an EV cash-out (money settled outside the pot)"),
    ("all-in insurance", "all-in insurance (money settled outside the pot)"),
)
"""GGPoker's lines of money settled outside the pot, anywhere in a line (the first words found
name the line; the last two catch any other wording of the same money): GGPoker's reader reads
the forms of :data:`OUTSIDE_MONEY` and refuses the rest with the reason beside the words; the
compiled reader reads them as it does (``_stars_kernels._outside_money``) and leaves it any
other."""
OUTSIDE_MONEY: Final = (
    (": pay premium of all-in insurance (", -1, "insurance"),
    (": Pays Cashout Risk (", -1, "cash-out"),
    (": Receives Cashout (", 1, "cash-out"),
)
"""GGPoker's lines of money a player pays to the site or receives from it outside the pot
(``Ann: pay premium of all-in insurance ($4)``): the words after the name, the amount's sign
for the player, and what it settles."""
OUTSIDE_CHOICES: Final = {
    ": get an all-in insurance": "insurance",
    ": Chooses to EV Cashout": "cash-out",
}
"""The lines that announce money outside the pot, and what a line of :data:`OUTSIDE_MONEY`
must then settle for the same player (an insurance bought, a cash-out chosen, with no amount
written: refused)."""
GG_STRADDLE: Final = "straddle"
"""GGPoker's straddle, without ``posts`` (``Ann: straddle $2``; a second one by the same
player: the straddle raised to)."""

# the summary
TOTAL_POT: Final = "Total pot "
RAKE: Final = "| Rake "
FEE_BAR: Final = "| "
FEES: Final = ("Jackpot", "Bingo", "Fortune", "Tax")
"""What GGPoker takes from a pot beside the rake (``| Jackpot $0.10 | Bingo $0``), counted in
the rake."""

# Winamax: PokerStars' layout with words of its own (``sites/winamax.py`` makes its regular
# expressions from these, the fast reader its byte words)
WX_HAND_ID: Final = " - HandId: #"
"""What ends the header's kind (``CashGame``, ``Tournament "…" buyIn: … level: 3``) and starts
the hand's number (``#6417287-1303-1406683540``: digits and dashes)."""
WX_DASH: Final = " - "
"""What stands between the header's parts (number, game and stakes, time)."""
WX_GAMES: Final = {
    "holdem": "Hold'em",
    "omaha": "Omaha",
    "omaha hi/lo": "Omaha Hi/Lo",
    "5 card omaha": "5 Card Omaha",
    "5 card omaha hi/lo": "5 Card Omaha Hi/Lo",
    "6 card omaha": "6 Card Omaha",
    "6 card omaha hi/lo": "6 Card Omaha Hi/Lo",
    "7stud": "7 Card Stud",
    "7stud hi/lo": "7 Card Stud Hi/Lo",
    "razz": "Razz",
    "2-7 triple draw": "Triple Draw 2-7 Lowball",
}
"""Winamax's names of the games read (in lower case: the header's are matched in any case), as
:data:`GAMES` names them."""
WX_BETTING: Final = {"no limit": "No Limit", "pot limit": "Pot Limit", "fixed limit": "Limit"}
"""Winamax's bettings (after the game's name, in any case), as :data:`BETTING` names them."""
WX_TABLE: Final = "Table: "
"""Winamax's table line: ``Table: 'Name' 6-max (real money) Seat #1 is the button``."""
WX_IS_THE_BUTTON: Final = " is the button"
WX_ANTE_BLINDS: Final = "*** ANTE/BLINDS"
WX_SHOW_DOWN: Final = "*** SHOW DOWN"
WX_POST_KINDS: Final = (("small blind ", "small"), ("big blind ", "big"), ("ante ", "ante"))
"""What follows ``posts`` in Winamax's hands, in the order tried, and the kind of post."""
OUT_OF_POSITION: Final = " out of position"
"""After a post's amount: a small blind so posted is dead money; a big blind, live."""
WX_COLLECTED: Final = "collected"
WX_POTS: Final = ("pot", "main pot", "side pot")
"""What ``collected 70€ from`` names: the pot, the main pot, or a side pot (``side pot 2``:
pot 2; ``side pot`` alone: pot 0)."""
WX_OTHER_VERBS: Final = ("bring-in", "discards", "stands")
"""Stud's and the draw games' verbs: a hold'em or Omaha hand holding one is left by the fast
reader to Winamax's."""
WX_RAKE: Final = "Rake "
WX_NO_RAKE: Final = "No rake"
WX_BAR: Final = " | "
ROUNDED: Final = "k"
"""A tournament's total pot rounded to thousands (``Total pot 6.02k``): no record of the pot."""
EURO: Final = "€"
WX_FOLDED: Final = " folded"
WX_ROLES: Final = ("button", "small blind", "big blind")
"""The roles a summary's ``Seat 2: Ann (button) folded`` names: a player folded on no street
sat the hand out."""

# the Winning Poker Network's 2019 layout: PokerStars' with words of its own (``sites/winning.py``
# makes its regular expressions from these, the fast reader its byte words)
WN_GAMES: Final = {
    "Holdem": ("T", "holdem"),
    "Hold'em": ("T", "holdem"),
    "6+ Holdem": ("S", "short-deck"),
    "Omaha": ("O", "omaha"),
    "Omaha H/L": ("O/8", "omaha-hi-lo"),
    "7Stud": ("7S", "stud"),
}
"""The header's games (``Holdem(No Limit)``, ``Omaha H/L(Pot Limit)``): PHH letter and game
(the fast reader's hold'em and Omaha; 6+ hold'em and stud left to Winning's reader)."""
WN_BETTING: Final[dict[str, tuple[str, Betting]]] = {
    "No Limit": ("N", "no-limit"),
    "Pot Limit": ("P", "pot-limit"),
    "Fixed Limit": ("F", "fixed-limit"),
}
"""The betting in brackets after the game's name: PHH letter and betting."""
WN_TOURNAMENT: Final = "Tournament #"
WN_LEVEL: Final = "Level "
"""A tournament's stakes: ``- Level 1 (250.00/500.00)- 2019/07/25 02:31:33 UTC``."""
WN_TABLE: Final = "Table "
"""Winning's table line: ``Table 'Gorham' 6-max Seat #1 is the button``."""
WN_MAIN_POT: Final = "Main pot "
"""The pot so far, written at each street (``Main pot $0.07 | Rake $0.00``): passed by."""
WN_POST_KINDS: Final = (
    ("the small blind ", "small"),
    ("the big blind ", "big"),
    ("ante ", "ante"),
    ("dead ", "both"),
)
"""What follows ``posts`` in Winning's hands, in the order tried, and the kind of post."""
WN_PASSED: Final = ("mucks", "does")
"""Verbs of lines passed by (``mucks``, ``does not show``)."""
WN_COLLECTED: Final = "collected"
WN_MAIN: Final = "main pot"
WN_SIDE: Final = "side pot"
"""What ``collected $2.11 from`` names: the main pot, or a side pot (``side pot-1``: pot 1)."""
WN_WON: Final = " won "
"""A summary's seat line's winnings (``Seat 4: Hero (big blind) did not show and won $2.11``):
what a stud hand's winners took (no ``collected`` line)."""
WN_RAKE: Final = " | Rake "
"""Between the summary's total and its rake (``Total pot $2.22 | Rake $0.11``; a tournament's
``Total pot 60600.00`` alone)."""

# Bovada, Bodog and Ignition: players named by their position, ``Name : Verb`` lines with words
# of their own (``sites/bovada.py`` makes its prefixes and regular expressions from these, the
# fast reader, ``_bovada_kernels``, its byte words)
BV_GAMES: Final = {"HOLDEM": ("T", "holdem"), "OMAHA": ("O", "omaha")}
"""The header's games read, by their word: PHH letter and game (``OMAHA`` with the word
:data:`BV_HI_LO`: Omaha hi/lo, :data:`BV_OMAHA_HI_LO`)."""
BV_OMAHA_HI_LO: Final = ("O/8", "omaha-hi-lo")
BV_HI_LO: Final = "HiLo"
BV_STUD_GAMES: Final = {"7CARD": "7 Card Stud", "5CARD": "5 Card Stud"}
"""The header's stud games, refused by name (not replayed here yet)."""
BV_BETTING: Final[dict[str, tuple[str, Betting]]] = {
    "No Limit": ("N", "no-limit"),
    "Pot Limit": ("P", "pot-limit"),
    "Fixed Limit": ("F", "fixed-limit"),
}
"""The header's bettings, the first named in this order taken (none: hold'em no limit, Omaha pot
limit)."""
BV_TOURNAMENT: Final = "Tournament #"
BV_TABLE: Final = "TBL#"
BV_LEVEL: Final = "Level "
"""A tournament's level, ``Level 19 (1000/2000)``: its blinds."""
BV_DATE: Final = "0000-00-00 00:00:00"
"""The header's date and time as written after its last `` - `` (a digit where this has one)."""
BV_SEAT: Final = "Seat "
BV_IN_CHIPS: Final = " in chips)"
BV_DOLLAR: Final = "$"
"""A cash game's amounts' sign (``$2,700``: thousands separated by commas)."""
BV_SPEAKER: Final = " : "
"""What stands between the player a line of play speaks of and its words."""
BV_ME: Final = "[ME]"
"""What marks the file's own player, whom the rows name :data:`BV_HERO`."""
BV_HERO: Final = "Hero"
BV_POSITIONS: Final = ("Small Blind", "Big Blind", "UTG", "Dealer")
"""The positions that name players, acting in this order before the flop (``UTG+n`` after
``UTG``, the dealer last)."""
BV_UTG_PLUS: Final = "UTG+"
BV_DEALT: Final = "Card dealt to a spot"
BV_POSTS: Final = (
    ("Ante/Small Blind ", "small"),
    ("Ante/Small blind ", "small"),
    ("Small blind ", "small"),
    ("Small Blind ", "small"),
    ("Big blind/Bring in ", "big"),
    ("Big blind ", "big"),
    ("Posts chip ", "big"),
    ("Posts dead chip ", "both"),
    ("Ante chip ", "ante"),
)
"""The posts, in the order tried, and their kind (``Posts chip``: the live big blind of a player
who joins; ``Posts dead chip``: a dead small blind with a live big blind)."""
BV_MOVES: Final = {
    "Checks": "check",
    "Calls": "call",
    "Call": "call",
    "Bets": "bet",
    "Bet": "bet",
    "All-in": "all-in",
    "Raises": "bet-raise",
    "All-in(raise)": "bet-raise",
}
"""The moves by their first word (the rest of the line is the amount; a raise's ``$2 to $4``
or its total alone)."""
BV_PLAIN_RAISE: Final = "Raises"
"""The raise that is not all in (``All-in(raise)`` is)."""
BV_RAISE_TO: Final = " to "
BV_RETURNED: Final = "Return uncalled portion of bet"
BV_RESULTS: Final = ("Hand result", "Hand Result")
BV_SIDE_POT: Final = "-Side pot"
BV_SHOWDOWN: Final = "Showdown"
BV_MUCKS: Final = "Mucks"
BV_FOLDS: Final = "Folds"
BV_NOTICES: Final = (
    "Set dealer",
    "Sitout",
    "Sit out",
    "Seat sit out",
    "Seat stand",
    "Stand",
    "Seat sit down",
    "Table enter user",
    "Table leave user",
    "Table deposit",
    "Draw for dealer",
    "Seat re-join",
    "Re-join",
    "Ranking",
    "Does not show",
    "Leave",
    "Enter",
)
"""The lines of play that tell nothing of the hand."""
BV_STUD: Final = {"7CARD": ("7S", "stud")}
"""The header's stud games read (Bovada's reader alone: the fast reader leaves them to it), by
their word: PHH letter and game (with the word :data:`BV_HI_LO`: :data:`BV_STUD_HI_LO`); the rest
of :data:`BV_STUD_GAMES` refused by name."""
BV_STUD_HI_LO: Final = ("7S/8", "stud-8")
BV_STUD_SEAT: Final = "Seat+"
"""A stud table's seats (``Seat+1: $0.57 in chips``, ``Seat+3 [ME] : Ante chip $0.01``): the
players named by them, no positions."""
BV_STUD_STREETS: Final = ("3RD STREET", "4TH STREET", "5TH STREET", "6TH STREET", "RIVER")
"""A stud hand's street sections where the file writes them (``*** 3RD STREET ***``, third street
to seventh); files without them start a street at its first card dealt after a move."""
BV_BRING_IN: Final = "Bring_in chip "
BV_DOUBLE_BET: Final = "D bets "
"""A bet of the big bet on fourth street, an open pair showing (``D bets $0.10``)."""
BV_TOTAL: Final = "Total Pot("
BV_RAKE: Final = " | Rake ("
BV_BOARD: Final = "Board ["

# 888poker (Pacific, Cassava): ``#Game No : n``, a banner, the stakes, game and date, amounts in
# brackets each an increment (``sites/pacific.py`` takes its tables from these, the fast reader,
# ``_pacific_kernels``, its byte words)
PC_GAME_NUMBER: Final = "#Game No : "
PC_FOR_GAME: Final = ("for Game ", "For Game ")
"""What follows the banner's ``Hand History ``; the game's number, then :data:`PC_BANNER_END`."""
PC_BANNER_END: Final = " *****"
PC_BLINDS: Final = " Blinds "
PC_BETTING: Final[dict[str, tuple[str, Betting]]] = {
    "No Limit": ("N", "no-limit"),
    "Pot Limit": ("P", "pot-limit"),
    "Fix Limit": ("F", "fixed-limit"),
    "Fixed Limit": ("F", "fixed-limit"),
    "Limit": ("F", "fixed-limit"),
}
"""The header's bettings, tried in this order (a fixed limit's header gives the blinds: the bets
are the big blind and twice it)."""
PC_GAMES: Final = {
    "Holdem": ("T", "holdem"),
    "Omaha": ("O", "omaha"),
    "Omaha Hi/Lo": ("O/8", "omaha-hi-lo"),
    "Omaha Hi-Lo": ("O/8", "omaha-hi-lo"),
}
"""The header's games, by their name: PHH letter and game."""
PC_DATE_MARK: Final = " - *** "
PC_DATE: Final = "00 00 0000 00:00:00"
"""The header's date and time (day first) after :data:`PC_DATE_MARK` (a digit where this has one)."""
PC_TABLE: Final = "Table "
PC_TOURNAMENT: Final = "Tournament #"
PC_SEAT: Final = "Seat "
PC_IS_THE_BUTTON: Final = " is the button"
PC_PLAYERS: Final = "Total number of players"
PC_SECTION: Final = "** "
PC_DEALING: Final = "** Dealing down cards"
PC_STREETS: Final = ("flop", "turn", "river")
PC_STREET: Final = "** Dealing "
"""A street's line, ``** Dealing flop ** [ 3d, As, 8c ]`` (:data:`PC_STREET_END` after its name)."""
PC_STREET_END: Final = " ** ["
PC_DEALT: Final = "Dealt to "
PC_POSTS: Final = "posts "
PC_POST_KINDS: Final = {"small blind": "small", "big blind": "big", "ante": "ante"}
"""The posts (``posts small blind [$0.02]``) by their words, and their kind."""
PC_DEAD_BLIND: Final = "dead blind"
"""``posts dead blind [$0.02 + $0.04]``: a dead small blind and a live big blind (one amount:
dead money)."""
PC_PLUS: Final = " + "
PC_COLLECTED: Final = "collected "
PC_SHOWS: Final = "shows "
PC_MUCKS: Final = "mucks"
PC_NOT_SHOWN: Final = ("did not show", "does not show")
PC_VERBS: Final = {
    "folds": "fold",
    "checks": "check",
    "calls": "call",
    "bets": "bet",
    "raises": "raise",
    "is all-in": "all-in",
    "goes all-in": "all-in",
    "all-in": "all-in",
}
"""The verbs of play (``Bob raises [$0.30]``, the chips put in) and what they do."""
PC_FOLDS: Final = " folds"
"""A line ending so before the cards are dealt: a player not dealt in."""

# PartyPoker's older layout: ``#Game No : n``, ``***** Hand History for Game n *****``, the
# stakes, game and date (``$0.10/$0.25 USD NL Texas Hold'em - Friday, August 01, 22:45:59 CEST
# 2014``), amounts in brackets each an increment (``sites/party.py`` takes its tables from
# these, the fast reader, ``_party_kernels``, its byte words)
PT_SEPARATOR: Final = ("Game #", " starts.")
"""A line between hands, ``Game #201 starts.`` (the game's number between the two)."""
PT_GAME_NUMBER: Final = "#Game No : "
PT_BANNER_END: Final = " *****"
PT_CURRENCIES: Final = ("USD", "EUR", "GBP", "CAD")
"""The currencies' codes a header or an amount names (``$5 USD``)."""
PT_BETTING: Final = ("NL", "PL", "FL")
"""The header's bettings, by their abbreviation (``increments.BETTING_ABBREVIATIONS``)."""
PT_GAMES: Final = (
    ("Omaha Hi-Lo", ("O/8", "omaha-hi-lo")),
    ("Omaha Hi", ("O", "omaha")),
    ("Omaha", ("O", "omaha")),
    ("Texas Hold'em", ("T", "holdem")),
    ("Hold'em", ("T", "holdem")),
)
"""The header's games, tried in this order (the first named anywhere in it): PHH letter, game."""
PT_NOT_REPLAYED: Final = ("Stud", "Razz", "Badugi", "Draw")
"""Words of a header whose game PartyPoker's reader refuses (its regular expression is
narrower: a header holding any of these is left to it)."""
PT_CONVERTED: Final = {
    "Poker Stars": "PokerStars",
    "WPN": "Winning Poker Network",
    "PokerBros": "PokerBros",
}
"""The sites of hands other tools converted to PartyPoker's format, as the header tags them
(``(WPN)``): the hand's ``site`` is where it was played."""
PT_DATE_MARK: Final = " - "
"""What ends the header's game, before its date."""
PT_BUY_IN: Final = "Buy-in"
"""A word of a tournament's header (where a cash game's header has none, its reader takes no
stakes from it)."""
PT_IMPLIED: Final = ("Blinds(", "Stakes(")
"""A tournament's blinds in its header, ``Blinds(300/600)`` (fixed limit: ``Stakes(200/400)``,
the bets, the blinds half of each): the hand writes no blind posts (its reader names them)."""
PT_IS_THE_BUTTON: Final = " is the button"
PT_SEAT: Final = "Seat "
PT_SEAT_LOWER: Final = "seat"
"""``seat1: Player0 ( $664.25 USD )``, as some files write a seat."""
PT_TABLE: Final = "Table "
PT_IGNORED: Final = (
    "Total number of players",
    "Trny:",
    "Blinds(",
    "Stakes(",
    "Board:",
    "Creating ",
    "** Summary",
)
"""Lines that say nothing the reader keeps (by their first words)."""
PT_SECTION: Final = "** "
PT_DEALING: Final = "** Dealing down cards"
PT_STREETS: Final = ("Flop", "Turn", "River")
PT_STREET: Final = "** Dealing "
"""A street's line, ``** Dealing Flop ** [ 2c, 7d, Jh ]`` (:data:`PT_STREET_END` after it)."""
PT_STREET_END: Final = " ** ["
PT_DEALT: Final = "Dealt to "
PT_POSTS: Final = "posts "
PT_POST_KINDS: Final = {"small blind": "small", "big blind": "big", "ante": "ante"}
"""The posts (``posts small blind [$0.10 USD].``) by their words, and their kind."""
PT_SITTING_OUT: Final = "is sitting out"
PT_WINS: Final = "wins "
PT_CHIPS: Final = " chips"
PT_FROM: Final = (" from the main pot", " from the side pot")
PT_WITH: Final = " with "
PT_LOW: Final = "Lo ("
PT_BALANCE: Final = "balance "
PT_SHOWS: Final = "shows"
PT_NOTICES: Final = (
    "has joined the table",
    "has left the table",
    "did not respond in time",
    "does not show cards",
    "opens",
    "is disconnected",
    "is connected",
    "will be using",
    "has been reconnected",
    "finished in",
)
"""Notices within a line, which say nothing of the play."""
PT_VERBS: Final = {
    "folds": "fold",
    "checks": "check",
    "calls": "call",
    "bets": "bet",
    "raises": "raise",
    "is all-In": "all-in",
}
"""The verbs of play (``Bob raises [$35 USD]``, the chips put in) and what they do."""

# the Winning Poker Network's 2016-19 layout (``Game started at:``, ``Game ID: …``, ``Player X``
# lines, every amount an increment): ``sites/winning.py``'s older reader and the fast reader's
# ``_wn_old_`` stages (``_winning_kernels``) both read these words
WN_OLD_STARTED: Final = "Game started at: "
WN_OLD_GAME_ID: Final = "Game ID: "
WN_OLD_ENDED: Final = "Game ended at:"
WN_OLD_GAMES: Final[dict[str, tuple[str, str, Betting]]] = {
    "Hold'em": ("NT", "holdem", "no-limit"),
    "Holdem": ("NT", "holdem", "no-limit"),
    "6+ Hold'em": ("NS", "short-deck", "no-limit"),
    "Omaha": ("PO", "omaha", "pot-limit"),
    "Omaha HiLow": ("PO/8", "omaha-hi-lo", "pot-limit"),
    "Omaha Hi/Lo": ("PO/8", "omaha-hi-lo", "pot-limit"),
}
"""The game in the ``Game ID:`` line's last brackets: PHH variant, game and betting (6+
hold'em left to Winning's reader by the fast one)."""
WN_OLD_CAP: Final = " - CAP - "
"""A capped table's mark in the ``Game ID:`` line (refused by Winning's reader)."""
WN_OLD_PLAYER: Final = "Player "
WN_OLD_RECEIVED: Final = "received card: ["
"""A hole card dealt, one a line (``Player Cy received card: [Ah]``)."""
WN_OLD_MUCKS: Final = "mucks cards"
WN_OLD_SITTING_OUT: Final = "sitting out"
WN_OLD_PASSED: Final = ("received a card.", WN_OLD_SITTING_OUT, "wait BB", "is timed out")
"""A player's lines that say nothing of the play (sitting out before any action: not dealt
in)."""
WN_OLD_POSTS: Final = (
    ("has small blind", "small"),
    ("has big blind", "big"),
    ("has dead blind", "both"),
    ("has ante", "ante"),
)
"""The posts (``Player Cy has small blind (0.50)``), in the order tried, and their kind."""
WN_OLD_VERBS: Final = {
    "folds": "fold",
    "checks": "check",
    "calls": "call",
    "bets": "bet",
    "raises": "raise",
    "allin": "all-in",
    "caps": "all-in",
}
"""The verbs of play (``Player Bo raises (3)``: the chips put in) and what they do."""
WN_OLD_BUTTON: Final = " is the button"
WN_OLD_SUMMARY: Final = "------ Summary"
WN_OLD_POT: Final = "Pot: "
WN_OLD_RAKE: Final = " Rake "
WN_OLD_JP_FEE: Final = " JP fee "
"""The summary's ``Pot: 100.25. Rake 1.51. JP fee 0.24``: the pot after rake and the jackpot
fee (the total their sum; the rake both)."""
WN_OLD_BOARD: Final = "Board:"
WN_OLD_BETS: Final = "Bets: "
WN_OLD_COLLECTS: Final = " Collects: "
"""A summary's player line, ``… Bets: 50.50. Collects: 100.25. Wins: 49.75.``: what each
collected."""
WN_OLD_SHOWS: Final = "shows"
# Winamax's stud and draw games (session 24): its sections and verbs, which ``sites/winamax.py``
# and ``_winamax_kernels`` both read
WX_STUD_STREETS: Final = ("THIRD", "FOURTH", "FIFTH", "SIXTH", "SEVENTH")
"""Winamax's stud streets, third to seventh (``*** THIRD ***``)."""
WX_ROUND_KINDS: Final = ("-BET", "-DRAW")
"""What follows a draw game's round's ordinal (``*** FIRST-BET ***``, ``*** FIRST-DRAW ***``)."""
WX_FIRST: Final = "FIRST"
"""The first round's ordinal: ``*** FIRST-BET ***`` deals the cards (``Dealt to`` lines follow)."""
WX_SUMMARY_NAME: Final = "SUMMARY"
WX_BRING_IN: Final = "bring-in"
"""Stud's bring-in (``Ann bring-in 0.02``)."""
WX_DISCARDS: Final = "discards"
WX_STANDS: Final = "stands"
WX_PAT: Final = "pat"
"""``Ann stands pat [2h Td 8c 7c 8s]`` (the cards kept written after it, read by no reader)."""
WX_UNSEEN: Final = "X"
"""A card nobody saw in a ``Dealt to`` line (``Dealt to Bob [X X Kd]``)."""

# PartyPoker's 2019 layout: ``***** Hand History For Game <letters and digits> *****`` alone
# (no ``#Game No``), amounts in parentheses (``calls (0.15)``), raises as totals, ``is all-In.``
# on a line of its own, the summary's pot and rake and each player's ``balance`` line
# (``sites/party.py`` takes its expressions from these; the fast reader does not read the layout
# yet: a file led by this banner goes whole to that reader, ``fast_files.fast_format``)
PT19_RAISE_TO: Final = " to "
"""A raise's total, ``raises 0.65 to 0.75`` (the chips put in, then the round's bet after)."""
PT19_ALL_IN: Final = ("is all-In.", "is all-In")
"""A line of its own, after the act that put the player all in (``Sam bets (3.20)``)."""
PT19_POTS: Final = ("Main", "Side")
PT19_POT: Final = " Pot"
PT19_RAKE: Final = " Rake: "
"""The summary's ``Main Pot: $16 Rake: $0.84`` (``Side Pot 1: …``): the pot after rake and the
rake (the total their sum)."""
PT19_COLLECTED: Final = "collected "
"""A ``balance`` line's ``collected $2.50,``: what the player won (with the bet nobody called)."""
PT19_FOLDED: Final = "(folded)"
"""A ``balance`` line's mark of a player who folded (the cards after it not shown)."""
PT19_TABLE: Final = " Game Table ("
"""What follows the game in the 2019 header (``0.10/0.25 Omaha Hi Game Table (PL) - Mon Jul 20
11:01:17 EDT 2026``), the betting after it (the fast reader's form: others are left to the
reader)."""
PT19_STREET_MARK: Final = " ** :"
"""A street's line, ``** Dealing Flop ** :  [ 8d, 5s, 8h ]`` (spaces, then the cards)."""
PT19_SHOWN: Final = ("lost ", "net ")
"""A ``balance`` line's words before the cards it shows (``lost $0.57[ 7s, Tc, 5c, Jh ]``)."""

# Full Tilt Poker (2005-2016, before PokerStars' layout): PokerStars' lines in words of its own,
# ``Full Tilt Poker Game #n: Table X (6 max) - $0.50/$1 - No Limit Hold'em - 16:13:10 ET -
# 2006/05/22``, ``name verb amount`` lines with no colon (``sites/fulltilt.py`` takes its tables
# from these, the fast reader, ``_fulltilt_kernels``, its byte words). Its hands start at the
# skins' ``Full Tilt `` (:data:`LAYOUT_HEADERS`): the older ``FullTiltPoker Game #`` is left
# to its reader.
FT_HEADER: Final = f"{FULL_TILT} Poker Game #"
"""What the fast reader reads a Full Tilt hand's first line from (the number, then ``: ``)."""
FT_BETTINGS: Final = ("No Limit", "Pot Limit", "Fixed Limit", "Limit", "NL", "PL", "FL")
"""The bettings a header's game starts with, in the order tried (a space, then the game)."""
FT_BETTING_WORDS: Final = {"NL": "No Limit", "PL": "Pot Limit", "FL": "Limit"}
"""The abbreviated bettings, as :data:`BETTING` names them."""
FT_GAMES: Final = {
    "hold'em": "Hold'em",
    "omaha": "Omaha",
    "omaha hi": "Omaha",
    "omaha h/l": "Omaha Hi/Lo",
    "omaha hi/lo": "Omaha Hi/Lo",
    "5 card omaha hi": "5 Card Omaha",
    "5 card omaha": "5 Card Omaha",
    "5 card omaha h/l": "5 Card Omaha Hi/Lo",
    "6 card omaha hi": "6 Card Omaha",
    "6 card omaha": "6 Card Omaha",
    "6 card omaha h/l": "6 Card Omaha Hi/Lo",
    "stud hi": "7 Card Stud",
    "stud h/l": "7 Card Stud Hi/Lo",
    "stud hi/lo": "7 Card Stud Hi/Lo",
    "razz": "Razz",
    "2-7 triple draw": "Triple Draw 2-7 Lowball",
    "2-7 single draw": "Single Draw 2-7 Lowball",
    "badugi": "Badugi",
}
"""Full Tilt's names of the games read (in lower case: the header's in any case), as
:data:`GAMES` names them (the fast reader's: hold'em and Omaha; stud and the draw games left to
Full Tilt's reader)."""
FT_DASH: Final = " - "
"""What stands between the header's pieces (the first the table or tournament)."""
FT_ANTE: Final = " Ante "
"""A header's ante after its stakes (``$0.10/$0.20 Ante $0.05``)."""
FT_EASTERN: Final = (" ET - ", "]")
"""A header's time in Eastern time, ``[11:09:49 ET - 2012/11/06]`` after the player's own (the
header's pieces end before it)."""
FT_BUTTON: Final = "The button is in seat #"
FT_SITTING_OUT: Final = " is sitting out"
"""A seat line's end (``Seat 2: Bo ($1), is sitting out``), or a line of its own before the
deal (``Bo is sitting out``): not dealt in."""
FT_POSTS: Final = (
    ("posts the small blind of ", "small"),
    ("posts a dead small blind of ", "small"),
    ("posts the big blind of ", "big"),
    ("antes ", "ante"),
    ("posts ", "big"),
)
"""Full Tilt's posts, in the order tried, and their kind (``posts $1``: a big blind posted to
come in)."""
FT_ALL_IN: Final = " and is all in"
"""A line's end (a comma before it or not): the player all in."""
FT_RAISES_TO: Final = "to "
"""After ``raises``: the raise's total (``raises to $2``)."""
FT_UNCALLED: Final = ("Uncalled bet of ", " returned to ")
FT_WINS: Final = ("wins the ", "ties for the ")
FT_HIGH_LOW: Final = ("high ", "low ")
FT_POTS: Final = ("pot", "main pot", "side pot")
"""What a player ``wins the`` (``wins the side pot #2 ($5)``: pot 2; ``side pot`` alone: pot
1), a hi/lo pot's half named before it."""
FT_SIDE_NUMBER: Final = " #"
FT_SUMMARY_WON: Final = ("collected (", "won (")
"""A summary's seat line's winnings (``Seat 1: Ann (small blind) collected ($15.20)``): what
each won where the play writes no ``wins`` line."""
FT_VERBS: Final = (
    "posts", "antes", "folds", "brings", "completes", "discards", "stands", "checks", "calls",
    "bets", "raises", "shows", "mucks", "wins", "ties",
)  # fmt: skip
"""The verbs Full Tilt's reader reads, a line's first word after the player's name (any other:
chat, notices, passed by)."""
