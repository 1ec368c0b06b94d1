"""Antes a site returns: PokerStars and Full Tilt give back the part of the other players' antes
that a player all in on his ante cannot match (PHH's ``ante_trimming_status = true``); the
other readers' antes are dead money (and some readers hold dead blinds as antes, which a
trimming would wrongly treat as bets of their own level). A test over every ante of the shared
sample first: trimming changes no hand but the two whose site returns an ante."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from pokerscore.histories.model import HandHistory, HandHistoryError
from pokerscore.histories.reading import read_histories
from pokerscore.histories.replay import replay

from .site_runs import SHARED

pytestmark = pytest.mark.skipif(not SHARED.is_dir(), reason="the shared sample is not here")

RETURNED_ANTES = {
    ("Stars", "2-7 Single Draw-NL-USD-2max-STT-1.40-201212.ante.all.in.txt", 1),
    ("FTP", "Razz-USD-HUSNG-200-201211.all.in.ante.txt", 1),
}
"""The shared sample's hands where the site returns part of an ante (hero all in on his ante)."""


def _outcome(hand: HandHistory) -> object:
    try:
        result = replay(hand)
    except HandHistoryError as error:
        return error.reason
    return ({p.player: p.net for p in result.players}, [d.message for d in result.disagreements])


def _site(hand: HandHistory) -> str:
    return Path(hand.file).relative_to(SHARED).parts[0]


@pytest.mark.slow
def test_trimming_the_antes_changes_only_the_hands_whose_site_returns_an_ante() -> None:
    as_read = set()
    blanket = set()
    dead_blinds = set()
    sites = set()
    for hand in read_histories(SHARED):
        if isinstance(hand, HandHistoryError) or not any(seat.ante for seat in hand.seats):
            continue
        sites.add(_site(hand))
        place = (_site(hand), Path(hand.file).name, hand.number)
        dead = _outcome(dataclasses.replace(hand, ante_trimming=False))
        if _outcome(hand) != dead:
            as_read.add(place)
        if _outcome(dataclasses.replace(hand, ante_trimming=True)) != dead:
            blanket.add(place)
            if sum(seat.ante > 0 for seat in hand.seats) == 1:
                dead_blinds.add(place)
    # the sites whose files hold antes (or dead blinds held as antes) in the sample
    assert {"Stars", "FTP", "Bovada", "KingsClub", "Winamax", "iPoker", "Absolute"} <= sites
    # as each reader decides (PokerStars and Full Tilt trim where every player posts an ante),
    # only the two hands change: they replay to the site's record (below)
    assert as_read == RETURNED_ANTES
    # trimming every hand would change the others, each a hand where one player alone holds an
    # "ante": a dead blind (posted out of its place, or the dead part of a big blind posted to
    # come in), which is no ante of a level of its own (12 hands of 9 sites, a pin; Boss
    # Media's second small blind among them)
    assert blanket - RETURNED_ANTES == dead_blinds and len(dead_blinds) == 12
    assert len({site for site, *_ in dead_blinds}) == 9


@pytest.mark.parametrize(("site", "name", "number"), sorted(RETURNED_ANTES))
def test_the_hands_whose_site_returns_an_ante_replay_to_its_record(
    site: str, name: str, number: int
) -> None:
    hands = list(read_histories(next(SHARED.joinpath(site).rglob(name))))
    hand = hands[number - 1]
    assert isinstance(hand, HandHistory) and hand.ante_trimming
    assert not replay(hand).disagreements
