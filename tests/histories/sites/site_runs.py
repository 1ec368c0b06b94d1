"""What the tests of each site's reader share: the site's real files in the shared folder
(``../shared/hand-histories/sites/<Site>``, beside the repository; skipped where it is not),
read and replayed with every refusal and disagreement counted."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from pokerscore.histories.model import HandHistoryError, HandResult
from pokerscore.histories.reading import read_histories
from pokerscore.histories.replay import replay
from tests.shared_sample import HAND_HISTORIES

if TYPE_CHECKING:
    from pokerscore.histories.batches import Batch, StarsLayout

DATA = Path(__file__).parents[2] / "data" / "histories" / "sites"
SHARED = HAND_HISTORIES / "sites"


@dataclass
class Run:
    """A folder read and replayed."""

    results: list[HandResult] = field(default_factory=list)
    refused: list[HandHistoryError] = field(default_factory=list)
    """The hands the reader or the replay refused, in the order they were read."""
    formats: set[str] = field(default_factory=set)
    """The formats of the hands read (refused by the replay or not)."""

    @property
    def disagreements(self) -> list[str]:
        """Each disagreement as ``file name, hand n: kind: message``."""
        return [
            f"{Path(result.hand.file).name}, hand {result.hand.number}: {found.kind}: {found.message}"
            for result in self.results
            for found in result.disagreements
        ]


def run(*paths: Path) -> Run:
    """Every hand of ``paths`` read and replayed; what cannot be, as its error."""
    done = Run()
    for hand in read_histories(*paths):
        if isinstance(hand, HandHistoryError):
            done.refused.append(hand)
            continue
        done.formats.add(hand.source_format)
        try:
            done.results.append(replay(hand))
        except HandHistoryError as error:
            done.refused.append(error)
    return done


def shared_folder(site: str) -> Path:
    """A site's folder of real files, or a skip where the shared folder is not here."""
    folder = SHARED / site
    if not folder.is_dir():
        pytest.skip(f"the shared hand histories ({folder}) are not on this machine")
    return folder


@dataclass(frozen=True)
class SampleCounts:
    """What reading and replaying a site's folder of the shared sample gives, as text."""

    replayed: int
    refused: list[str]
    """Each refused hand as ``file name, hand n: reason``, in the order read."""
    disagreements: list[str]
    """As :attr:`Run.disagreements`."""
    formats: set[str]


def sample_counts(site: str) -> SampleCounts:
    """Every hand of a site's folder of the shared sample read and replayed (:func:`run`)."""
    done = run(shared_folder(site))
    refused = [f"{Path(error.file).name}, hand {error.hand}: {error.reason}" for error in done.refused]  # fmt: skip
    return SampleCounts(len(done.results), refused, done.disagreements, done.formats)


def nets(result: HandResult) -> dict[str, float]:
    """Each player's result, rounded to the cent."""
    return {player.player: round(player.net, 2) for player in result.players}


def kernel_read(batch: Batch) -> list[bool]:
    """Whether a compiled reader read each hand of ``batch`` (replayed, or refused by its
    replay), not left it to the site's reader."""
    from pokerscore.histories._layout import F_REFUSAL
    from pokerscore.histories.refusals import Refusal

    return [code != Refusal.TEXT for code in batch.facts[: batch.hands, F_REFUSAL].tolist()]


def stars_layout_read(path: Path, layout: StarsLayout) -> list[bool]:
    """:func:`kernel_read` of a file in PokerStars' layout read by ``layout``'s share."""
    from pokerscore.histories.batches import replay_stars_text

    batch = replay_stars_text(path.read_bytes(), layout=layout)
    assert batch is not None
    return kernel_read(batch)


def compared_results(path: Path) -> list[Any]:
    """Each hand's result as a comparable tuple (the hand's id, site, variant, currency,
    tournament and time; players, pots, rake, boards, the site record's disagreements), or its
    error's message: what a compiled share's tests compare with the reference path's."""
    from pokerscore.histories.results import history_results

    found: list[Any] = []
    for result in history_results(path, on_error=lambda error: found.append(str(error))):
        assert isinstance(result, HandResult)
        hand = result.hand
        found.append(
            (
                (hand.hand_id, hand.site, hand.variant, hand.currency, hand.tournament, hand.time),
                result.players,
                result.pots,
                result.rake,
                result.boards,
                [str(d) for d in result.disagreements],
            )
        )
    return found


def mutated_hand(
    hand: str,
    rng: random.Random,
    *,
    words: tuple[str, ...],
    sign: str,
    suffixes: tuple[str, ...],
    first_line: int = 1,
) -> str:
    """A hand with one line changed as a damaged or odd file might: dropped, repeated, swapped
    (not the header), cut, a word (one of ``words``), a space, a decimal comma, the currency
    ``sign`` taken out or a suffix (one of ``suffixes``); the line is drawn from ``first_line``
    on (0: the header too). The fast readers' differential tests (Winamax, Winning, Bovada)."""
    lines = hand.split("\n")
    at = rng.randrange(first_line, max(first_line + 1, len(lines) - 1))
    kind = rng.randrange(9)
    if kind == 0 and at:
        del lines[at]
    elif kind == 1 and at:
        lines.insert(at, lines[rng.randrange(1, len(lines))])
    elif kind == 2 and at:
        other = rng.randrange(1, len(lines))
        lines[at], lines[other] = lines[other], lines[at]
    elif kind == 3:
        lines[at] = lines[at].replace(".", ",", 1)
    elif kind == 4:
        lines[at] = lines[at].replace(" ", "  ", 1)
    elif kind == 5:
        lines[at] = lines[at].replace(sign, "", 1)
    elif kind == 6:
        line = lines[at].split(" ")
        line[rng.randrange(len(line))] = rng.choice(words)
        lines[at] = " ".join(line)
    elif kind == 7:
        lines[at] = lines[at][: rng.randrange(len(lines[at]) + 1)]
    else:
        lines[at] += rng.choice(suffixes)
    return "\n".join(lines)
