"""Every hand of some files replayed, one result at a time (:func:`history_results`): blocks
of a file's hands read and replayed by the compiled readers and replay, as a run reads them
(:mod:`~pokerscore.histories.parts`), each result's fields made from the kernel's rows when
first read (:mod:`~pokerscore.histories.kernel_results`); the hands they leave read and
replayed one by one in their places.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from functools import cache, partial
from itertools import chain
from pathlib import Path
from typing import TYPE_CHECKING, Final, NamedTuple

from pokerscore._support.errors import ParameterError
from pokerscore.files.records import LongRecord
from pokerscore.histories._layout import (
    F_COUNT,
    F_HEADER,
    F_NUMBER,
    F_SCALE,
    F_START,
    F_STATUS,
    F_STOP,
    F_VARIANT,
    GAME_NAMES,
    MAX_PLAYERS,
    OK,
)
from pokerscore.histories._stars_lines import LAYOUT_HEADERS
from pokerscore.histories.batches import (
    Batch,
    in_batch_order,
    ipoker_file,
    refusal_of,
    replay_phh_text,
    replay_stars_text,
)
from pokerscore.histories.fast_files import fast_format
from pokerscore.histories.kernel_results import Behind, KernelRows, named_players
from pokerscore.histories.model import HandHistory, HandHistoryError, HandResult
from pokerscore.histories.part_specs import HistoryPart
from pokerscore.histories.parts import (
    REFERENCE_ONLY,
    PartRecords,
    block_hands,
    ipoker_batches,
    long_hand,
    reference_hand,
    unless_refused,
)
from pokerscore.histories.reading import (
    FileFormat,
    StrictError,
    _check_options,
    file_format_of,
    history_files,
    read_file,
)
from pokerscore.histories.replay import REPLAY_BLOCK, replayed, rule_game
from pokerscore.histories.sites.ipoker import NAME as IPOKER
from pokerscore.histories.sites.ipoker import read_game
from pokerscore.histories.sites.layouts import SITE_LAYOUTS, reference_stars_hand

CHUNK: Final = 1024
"""The kernels' hands a block of results holds (:class:`~.kernel_results.KernelRows`; a batch
of a file's text holds some 14,000): each field made for the whole block when first read, few
enough objects at once that the cycle collector has little to walk when it runs."""

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from pokerscore.games.holdem.game import Game
    from pokerscore.histories.model import DrawGame


def history_results(
    *paths: str | Path,
    file_format: FileFormat = "auto",
    strict: bool = False,
    allin_ev: bool = True,
    on_error: Callable[[HandHistoryError], None] | None = None,
) -> Iterator[HandResult]:
    """Every hand of ``paths`` replayed (see :func:`~pokerscore.histories.replay.replay`),
    streamed. A bad hand goes to ``on_error`` and is skipped; with ``strict`` the first one
    raises instead.

    The hands are read and replayed by the compiled readers and replay a block of a file at a
    time, as :func:`~pokerscore.histories.running.analyse_histories` reads them; a result's
    ``players``, ``pots``, ``boards`` and ``rake`` are made from the kernels' rows when first
    read (some 1,024 hands' at once), so a loop that reads only some of them pays for no more;
    its ``hand`` is read from the hand's text when first asked for. Hands the compiled path
    leaves are read and replayed one by one, in their places.

    >>> from pathlib import Path
    >>> folder = Path(__file__).parents[3] / "tests" / "data" / "histories"
    >>> first = next(history_results(folder / "actions.phhs"))
    >>> [(p.player, p.net) for p in first.players]
    [('Sam', -1.0), ('Bea', -2.0), ('Cy', 3.0)]
    """
    _check_options(file_format, strict=strict, allin_ev=allin_ev)
    if on_error is not None and not callable(on_error):
        raise ParameterError("{name} must be a function or None", "on_error")
    files = history_files(paths)  # checked now, not at the first next()
    # the results a list at a time (a block of the kernels', or one hand), flattened by
    # ``chain`` in C: no Python frame a hand
    return chain.from_iterable(
        _file_blocks(files, file_format, strict=strict, allin_ev=allin_ev, on_error=on_error)
    )


def _file_blocks(
    files: list[Path],
    file_format: str,
    *,
    strict: bool,
    allin_ev: bool,
    on_error: Callable[[HandHistoryError], None] | None,
) -> Iterator[Sequence[HandResult]]:
    """The results of every file, in order, in lists; the blocks the iteration has passed let
    go behind it (:class:`~.kernel_results.Behind`), and at the end (or when the iterator is
    dropped) the last ones."""
    behind = Behind()
    last = 0  # the id of the last result handed on (an int: no reference to it)
    results: Sequence[HandResult] = []
    try:
        for path in files:
            for results in file_blocks(
                path, file_format, strict=strict, allin_ev=allin_ev, on_error=on_error,
                behind=behind,
            ):  # fmt: skip
                if results:
                    last = id(results[-1])
                yield results
    finally:
        results = []  # no reference left here to the results
        behind.let_go(last)


@cache
def _games() -> tuple[Game | DrawGame, ...]:
    """The game of each of the kernels' game codes."""
    return tuple(rule_game(name) for name in GAME_NAMES)


def file_blocks(
    path: Path,
    file_format: str,
    *,
    strict: bool,
    allin_ev: bool,
    on_error: Callable[[HandHistoryError], None] | None,
    behind: Behind,
) -> Iterator[Sequence[HandResult]]:
    """Every hand of one file replayed, in order, a list of results at a time (the per-hand
    iterator, :func:`~pokerscore.histories.results.history_results`): blocks of hands read and
    replayed by the kernels, each result's fields made from their rows when first read, its
    ``hand`` read by the lenient reader only when asked for; the hands the kernels leave read
    and replayed the reference way in their places. A bad hand goes to ``on_error``
    (``strict``: raised as a :class:`~pokerscore.histories.reading.StrictError`). ``behind``
    lets go of the blocks of results the iteration has passed
    (:class:`~.kernel_results.Behind`)."""

    def bad(error: HandHistoryError) -> None:
        if strict:
            raise StrictError(error.reason, file=error.file, hand=error.hand, line=error.line)
        if on_error is not None:
            on_error(error)

    try:
        kind = file_format_of(path, file_format)  # type: ignore[arg-type]
    except HandHistoryError as error:
        bad(error)
        return
    except OSError as error:
        bad(HandHistoryError(f"cannot read: {error.strerror or error}", file=str(path)))
        return
    part = HistoryPart(0, str(path), kind)
    if kind == IPOKER and os.environ.get(REFERENCE_ONLY) != "1":
        found = ipoker_file(str(path))
        if found is not None:
            whole, index = found
            for hands in ipoker_batches(whole, index):
                yield from _batch_results(part, hands, whole, 1, strict, allin_ev, bad, behind)
            return
    if not fast_format(part) or os.environ.get(REFERENCE_ONLY) == "1":
        # a site's format has no fast reader: its own reader, replayed a block at a time
        yield from _reference_results(read_file(path, kind), allin_ev, bad)  # type: ignore[arg-type]
        return
    records = PartRecords(part)
    next_hand = 1
    for item in records:
        if isinstance(item, LongRecord):
            bad(long_hand(part, item, next_hand))
            next_hand += 1
            continue
        data = item.data
        line = part.first_line + item.line
        if not part.single and not data.strip():
            continue
        if kind in LAYOUT_HEADERS:
            batch = replay_stars_text(data, first_hand=next_hand, layout=kind)  # type: ignore[arg-type]
        else:
            batch = replay_phh_text(data, single=part.single, first_line=line, first_hand=next_hand)
        if batch is None and kind in SITE_LAYOUTS and item.line == 0:  # text before the first
            yield from _reference_results(read_file(path, kind), allin_ev, bad)  # type: ignore[arg-type]
            return
        if batch is None:  # text before the file's first hand: the reference path says why
            counted = PartRecords(part)
            yield from _reference_results(block_hands(part, data, line, counted), allin_ev, bad)
            next_hand += counted.hands
            continue
        next_hand += batch.hands
        yield from _batch_results(part, batch, data, line, strict, allin_ev, bad, behind)


def _reference_results(
    hands: Iterator[HandHistory | HandHistoryError],
    allin_ev: bool,
    bad: Callable[[HandHistoryError], None],
) -> Iterator[Sequence[HandResult]]:
    """Hands read by the lenient reader (or a site's), replayed a block at a time: the results
    between two bad hands a list."""
    for outcomes in replayed(hands, allin_ev=allin_ev):
        results: list[HandResult] = []
        for outcome in outcomes:
            if isinstance(outcome, HandHistoryError):
                if results:
                    yield results
                    results = []
                bad(outcome)
            else:
                results.append(outcome)
        if results:
            yield results


def _batch_results(
    part: HistoryPart,
    batch: Batch,
    data: bytes,
    first_line: int,
    strict: bool,
    allin_ev: bool,
    bad: Callable[[HandHistoryError], None],
    behind: Behind,
) -> Iterator[Sequence[HandResult]]:
    """The results of a batch's hands in order, in lists: the kernels' made :data:`CHUNK`
    hands at a time (:class:`~pokerscore.histories.kernel_results.KernelRows`: each field when
    first read), cut where a hand they left stands; those read and replayed the reference way
    in their places, a list each (read and replayed :data:`~.replay.REPLAY_BLOCK` at a time,
    when the first of them is asked for)."""
    import numpy as np

    hands = batch.hands
    facts = batch.facts[:hands]
    source = _Source(part.path, part.single, part.file_format, batch.generals, batch.long_hands)
    if batch.generals is not None:  # iPoker's: the line each hand's start tag ends on
        lines = facts[:, F_HEADER]
    elif source.stars:  # each hand's first line: the lines before its start
        newlines = np.flatnonzero(np.frombuffer(data, dtype=np.uint8) == 10)
        lines = first_line + np.searchsorted(newlines, facts[:, F_START])
    else:
        lines = np.full(hands, first_line)
    statuses = facts[:, F_STATUS]
    played = np.flatnonzero(statuses == OK)
    slow = np.flatnonzero(statuses != OK)

    waiting = slow.tolist()  # the hands left, in order: those not read yet from ``next_left``
    next_left = 0
    outcomes: dict[int, HandResult | HandHistoryError] = {}

    def read(place: int) -> HandHistory | HandHistoryError:
        number, header, start, stop = facts[place, [F_NUMBER, F_HEADER, F_START, F_STOP]].tolist()
        hand = source.read(data[start:stop], number, header, int(lines[place]))
        return unless_refused(hand, refusal_of(batch, place))

    def left(place: int) -> list[HandResult]:
        """The hand at ``place``, which the kernels left, read and replayed the reference way
        (none where it is bad): with the next ones left, a block at a time."""
        nonlocal next_left
        if place not in outcomes:
            places = waiting[next_left : next_left + REPLAY_BLOCK]
            next_left += len(places)
            replayed_block = replayed(map(read, places), allin_ev=allin_ev)
            outcomes.update(zip(places, chain.from_iterable(replayed_block), strict=True))
        outcome = outcomes.pop(place)
        if isinstance(outcome, HandHistoryError):
            if strict:
                raise StrictError(
                    outcome.reason, file=outcome.file, hand=outcome.hand, line=outcome.line
                ) from None
            bad(outcome)
            return []
        return [outcome]

    def block(places: npt.NDArray[np.int64]) -> list[HandResult]:
        return behind.entered(_kernel_results(batch, places, data, lines, source, allin_ev))

    yield from in_batch_order(played, slow, CHUNK, block, left)


class _Source(NamedTuple):
    """Where a batch's hands come from, to read one by the lenient reader."""

    file: str
    single: bool
    layout: str
    """The file's format."""
    generals: dict[int, bytes | None] | None = None
    """iPoker's: each hand's session's ``<general>`` (``batches.Batch.generals``)."""
    long_hands: frozenset[int] = frozenset()

    @property
    def stars(self) -> bool:
        return self.layout in LAYOUT_HEADERS

    def read(
        self, text: bytes, number: int, header: int, first_line: int
    ) -> HandHistory | HandHistoryError:
        """The hand of ``text`` (its own bytes), read by the lenient reader."""
        if self.generals is not None:
            long = number in self.long_hands
            return read_game(text, self.generals[number], self.file, number, first_line, long=long)
        if self.stars:
            return reference_stars_hand(text, self.file, number, first_line, self.layout)
        return reference_hand(text, self.file, number, header, self.single)


def _kernel_results(
    batch: Batch,
    places: npt.NDArray[np.intp],
    data: bytes,
    lines: npt.NDArray[np.int64],
    source: _Source,
    allin_ev: bool,
) -> list[HandResult]:
    """The results of the batch's hands at ``places`` (the kernels replayed them), made by
    column when first read (the players' names decoded from the block's own text then); each
    hand read from its own bytes when asked for."""
    import numpy as np

    facts = batch.facts[places]
    starts, stops = facts[:, F_START], facts[:, F_STOP]
    low, high = int(starts.min()), int(stops.max())
    text = data[low:high]  # the block's own text: kept, a result holds no more of the file
    counts = facts[:, F_COUNT]
    # the players' rows of the batch's arrays seen as one row a player (``np.take``: a few
    # times faster than a boolean index of the hands' rows)
    firsts = np.cumsum(counts) - counts
    players = np.repeat(places * MAX_PLAYERS - firsts, counts) + np.arange(int(counts.sum()))
    spans = np.take(batch.names.reshape(-1, 2), players, axis=0)
    spans = np.where(spans < 0, spans, spans - low)  # none (-1) and Bovada's Hero kept
    people = partial(named_players, text, spans, counts, batch.seats.reshape(-1)[players])
    scales = (10 ** facts[:, F_SCALE]).tolist()
    games = list(map(_games().__getitem__, (facts[:, F_VARIANT] // 3).tolist()))
    where = np.stack(
        [starts - low, stops - low, facts[:, F_NUMBER], facts[:, F_HEADER], lines[places]], axis=1
    )
    readers = partial(_reader, source, text, where)
    block = KernelRows(batch.rows(), places.tolist(), people, scales, games, allin_ev, readers)
    return block.results()


def _reader(
    source: _Source, text: bytes, where: npt.NDArray[np.int64], at: int
) -> Callable[[], HandHistory]:
    """The reader of the block's hand at ``at`` over its own bytes (cut from the block's
    ``text`` at ``where[at]``: start, stop, number, header line, first line)."""
    start, stop, number, header, first_line = where[at].tolist()
    return partial(_read_hand, source, text[start:stop], number, header, first_line)


def _read_hand(
    source: _Source, text: bytes, number: int, header: int, first_line: int
) -> HandHistory:
    """A hand the kernels replayed (its own bytes), read by the lenient reader (when asked
    for)."""
    hand = source.read(text, number, header, first_line)
    if isinstance(hand, HandHistoryError):
        raise hand
    return hand
