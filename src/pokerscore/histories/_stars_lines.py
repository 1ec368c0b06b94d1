"""PokerStars' line kinds, written once (issue 28 §1): the words each kind of line starts with
or holds, from which both readers are made: the fast reader's byte prefixes
(:mod:`~pokerscore.histories._stars_kernels`, through ``_bytes.ascii_bytes``) and the reference
reader's prefixes and regular expressions (:mod:`~pokerscore.histories.pokerstars`).

A word changed here changes both readers; a line kind only one of them reads (the reference
reader's stud and draw lines, which the fast reader leaves to it) is still named here.
"""

from __future__ import annotations

from typing import Final

# the header and the table
POKERSTARS: Final = "PokerStars "
TABLE: Final = "Table '"
TABLES: Final = (TABLE, "Table ID '")
"""PokerStars' table line, and Run It Once's."""
SEAT: Final = "Seat "
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

# the summary
TOTAL_POT: Final = "Total pot "
RAKE: Final = "| Rake "
