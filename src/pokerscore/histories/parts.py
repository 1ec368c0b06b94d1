"""One part of a run over hand-history files: the hands of a file, or of the records that start in
a byte range of it (:mod:`~pokerscore.files.records`: the part finds its own hands), read,
replayed and valued; its rows to a writer, its figures into a summary.

PHH and PokerStars text go through the kernels (:mod:`~pokerscore.histories.batches`), which
decide only what they are sure of; the hands they leave go through the reference reader and
replay and come back in their places. A hand longer than
:data:`~pokerscore.histories.sites.text.MAX_HAND_BYTES` is not read: it is a bad hand, with its
file, number and line, as every reader words it
(:func:`~pokerscore.histories.sites.text.long_hand_error`).
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, replace
from itertools import chain
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import numba
import numpy as np

from pokerscore.engine.jit import kernel_threads
from pokerscore.files.records import LongRecord, RecordBlock, record_blocks
from pokerscore.histories._layout import (
    F_STATUS,
    OK,
)
from pokerscore.histories._stars_lines import LAYOUT_HEADERS
from pokerscore.histories.batches import (
    IPOKER_BATCH,
    Batch,
    IpokerIndex,
    batch_columns,
    ipoker_file,
    refusal_of,
    replay_ipoker_text,
    replay_phh_text,
    replay_stars_text,
    slow_hands,
)
from pokerscore.histories.fast_files import (
    WIDE_FORMATS,
    fast_format,
    wide_text,
)
from pokerscore.histories.model import (
    HandHistory,
    HandHistoryError,
    schema,
)
from pokerscore.histories.part_specs import HistoryPart, PartDone, PartTask
from pokerscore.histories.phh import parse_phh, text_hands
from pokerscore.histories.pokerstars import (
    parse_pokerstars,
    pokerstars_hands,
)
from pokerscore.histories.reading import REFERENCE_ONLY as REFERENCE_ONLY
from pokerscore.histories.reading import StrictError, read_file
from pokerscore.histories.refusals import RefusalRecord, refusal_error
from pokerscore.histories.replay import replayed, rule_game
from pokerscore.histories.rows import RowBuffer
from pokerscore.histories.sites.ipoker import NAME as IPOKER
from pokerscore.histories.sites.layouts import SITE_LAYOUTS, reference_stars_hand
from pokerscore.histories.sites.text import (
    MAX_HAND_BYTES,
    decode_line,
    long_hand_error,
)
from pokerscore.histories.stats import PlayerNames
from pokerscore.histories.summary import HistoriesSummary

if TYPE_CHECKING:
    import pyarrow as pa


BATCH_ROWS: Final = 1 << 16
"""Rows of the reference path gathered before they are written."""
BlockHook = Callable[[Batch, dict[int, HandHistory]], None]
"""What :func:`run_part` tells an import of each block: its batch and the hands the reference
reader read in it, by place."""


class PartRecords:
    """The part's hands as blocks of whole records; :attr:`lines` once read."""

    def __init__(self, part: HistoryPart) -> None:
        self.part = part
        self.lines = 0
        self.hands = 0

    def __iter__(self) -> Iterator[RecordBlock | LongRecord]:
        part = self.part
        wide = wide_text(part.path, part.file_format) if part.file_format in WIDE_FORMATS else None
        with io.BytesIO(wide) if wide is not None else Path(part.path).open("rb") as handle:
            self.lines = yield from record_blocks(
                handle, part.marker, start=part.start, stop=part.stop, max_record=MAX_HAND_BYTES
            )


_TABLE: Final = re.compile(rb"\s*\[\s*(\d+)\s*\]\s*")


def long_hand(part: HistoryPart, item: LongRecord, number: int) -> HandHistoryError:
    """The error of a hand too long to read."""
    if part.file_format in LAYOUT_HEADERS:
        hand: int | None = number
    elif part.single:
        hand = 1
    else:
        table = _TABLE.fullmatch(item.head)
        hand = int(table[1]) if table else None
    return long_hand_error(part.path, hand, part.first_line + item.line)


def _bad(summary: HistoriesSummary, error: HandHistoryError, strict: bool) -> None:
    if strict:
        raise StrictError(error.reason, file=error.file, hand=error.hand, line=error.line)
    summary.add_error(error)


def run_part(
    part: HistoryPart,
    *,
    strict: bool,
    allin_ev: bool,
    follow: str | None,
    write: Callable[[pa.Table], None] | None,
    blocks: BlockHook | None = None,
    replays: BlockReplays | None = None,
) -> PartDone:
    """Replay the hands of one part: rows to ``write``, the rest into a summary. ``blocks``
    (an import's): called with each block's batch (PHH hands logged, ``batches.Batch.log``) and
    the hands the reference reader read in it by place, before its rows are written.
    ``replays``: a run's replaying thread (:class:`BlockReplays`), shared by its parts."""
    if fast_format(part) and os.environ.get(REFERENCE_ONLY) != "1":
        return _run_fast_part(part, strict=strict, allin_ev=allin_ev, follow=follow, write=write,
                              blocks=blocks, replays=replays)  # fmt: skip
    if part.file_format == IPOKER and blocks is None and os.environ.get(REFERENCE_ONLY) != "1":
        names = replays.names if replays is not None else PlayerNames()
        done = _run_ipoker_part(part, strict, allin_ev, follow, write, names)
        if done is not None:
            return done
    summary = HistoriesSummary()
    records = PartRecords(part)
    _replay_reference(_part_hands(part, records), summary, strict, allin_ev, follow, write)
    return PartDone(summary, records.lines, records.hands)


def _replay_reference(
    hands: Iterator[HandHistory | HandHistoryError],
    summary: HistoriesSummary,
    strict: bool,
    allin_ev: bool,
    follow: str | None,
    write: Callable[[pa.Table], None] | None,
) -> None:
    """Hands replayed the reference way: rows to ``write``, the rest into ``summary``."""
    rows = RowBuffer() if write is not None else None
    for outcomes in replayed(hands, allin_ev=allin_ev):
        for result in outcomes:
            if isinstance(result, HandHistoryError):
                _bad(summary, result, strict)
                continue
            summary.add_result(result, follow)
            summary.rows += len(result.players)
            if rows is not None and write is not None:
                rows.add(result)
                if rows.size >= BATCH_ROWS:
                    write(rows.take())
    if rows is not None and write is not None and rows.size:
        write(rows.take())


def run_part_to(task: PartTask) -> PartDone:
    """One part on a Dask worker (or in this process): its rows written to the task's ``target``
    as a Parquet file (a part of a dataset; none when the part has no rows) or as an Arrow file
    (Arrow's own format, LZ4: cheap to write, and read back without decoding when the parts
    are gathered into one Parquet file). Never strict: the run finds the first bad hand."""
    part, allin_ev, follow = task.part, task.allin_ev, task.follow
    if task.target is None:
        return run_part(part, strict=False, allin_ev=allin_ev, follow=follow, write=None)
    import pyarrow as pa
    import pyarrow.parquet as pq

    path = Path(task.target)
    if task.form == "arrow":
        options = pa.ipc.IpcWriteOptions(compression="lz4")  # a third of the bytes to stage
        with pa.ipc.new_file(path, schema(), options=options) as writer:
            return run_part(
                part, strict=False, allin_ev=allin_ev, follow=follow, write=writer.write_table
            )
    with pq.ParquetWriter(path, schema()) as parquet:
        done = run_part(
            part, strict=False, allin_ev=allin_ev, follow=follow, write=parquet.write_table
        )
    if not done.summary.rows:
        path.unlink()
    return done


def _part_hands(
    part: HistoryPart, records: PartRecords
) -> Iterator[HandHistory | HandHistoryError]:
    """The part's hands by the reference reader (``records.hands`` counts PokerStars hands)."""
    path = Path(part.path)
    if part.file_format not in ("phh", "pokerstars"):
        yield from read_file(path, part.file_format)  # type: ignore[arg-type]
        return
    for item in records:
        if isinstance(item, LongRecord):
            records.hands += 1
            yield long_hand(part, item, part.first_hand - 1 + records.hands)
        elif part.single:
            yield reference_hand(item.data, part.path, 1, 0, True)
        else:
            yield from block_hands(part, item.data, part.first_line + item.line, records)


def block_hands(
    part: HistoryPart, data: bytes, first_line: int, records: PartRecords
) -> Iterator[HandHistory | HandHistoryError]:
    """The hands of a block of whole records by the reference reader. Text before the first
    hand of the file is one bad hand, and the hands after it are read."""
    name = part.path
    try:
        if part.file_format == "phh":
            hands = text_hands(
                data, name, first_line=first_line, first_place=part.first_hand + records.hands
            )
            for hand in hands:
                # A table counts as a hand of the file where it has a number (a hand, or its
                # error located at it); an unnumbered table is the text before the first one.
                records.hands += isinstance(hand, HandHistory) or hand.hand is not None
                yield hand
            return
        for start, hand_lines in pokerstars_hands(_texts(data, first_line)):
            records.hands += 1
            number = part.first_hand - 1 + records.hands
            try:
                yield parse_pokerstars(hand_lines, file=name, number=number, first_line=start)
            except HandHistoryError as error:
                yield error
    except HandHistoryError as error:  # text before the first hand: the rest is read on
        yield error.located(name, None, None)
        markers = part.marker or b""
        cut = min(
            (
                at
                for at in (
                    data.find(b"\n" + one)
                    for one in ((markers,) if isinstance(markers, bytes) else markers)
                )
                if at >= 0
            ),
            default=-1,
        )
        if cut >= 0:
            rest = first_line + data.count(b"\n", 0, cut + 1)
            yield from block_hands(part, data[cut + 1 :], rest, records)


def _texts(data: bytes, first_line: int) -> Iterator[tuple[int, str]]:
    """The lines of a PokerStars block, numbered, each decoded as its client wrote it (UTF-8,
    else cp1252: :func:`~pokerscore.histories.sites.text.decode_line`)."""
    for number, raw in enumerate(io.BytesIO(data), first_line):
        yield number, decode_line(raw)


def _run_fast_part(
    part: HistoryPart,
    *,
    strict: bool,
    allin_ev: bool,
    follow: str | None,
    write: Callable[[pa.Table], None] | None,
    blocks: BlockHook | None = None,
    replays: BlockReplays | None = None,
) -> PartDone:
    """A PHH part, or one in PokerStars' layout (PokerStars, its skins, GGPoker), through the
    kernels; the hands they leave through the reference path. The next block is replayed on
    ``replays``' thread (a thread of the part's own without it) while this one's rows are made."""
    if replays is None:
        with BlockReplays() as own:
            return _run_fast_part(part, strict=strict, allin_ev=allin_ev, follow=follow,
                                  write=write, blocks=blocks, replays=own)  # fmt: skip
    summary = HistoriesSummary()
    name = part.path
    site = part.file_format in SITE_LAYOUTS
    keep = blocks is not None
    next_hand = part.first_hand
    records, items, peeked, ahead = replays.take(part)
    while (item := peeked if peeked is not None else next(items, None)) is not None:
        peeked = None
        if isinstance(item, LongRecord):
            _bad(summary, long_hand(part, item, next_hand), strict)
            next_hand += 1
            continue
        data = item.data
        line = part.first_line + item.line
        if not part.single and _blank(data):
            continue
        read_ahead = ahead is not None
        if ahead is None:
            batch = _replay_block(part, data, line, next_hand, keep, replays.threads)
        else:  # the next block read (the next part's first, at the end) while this one replays
            peeked = next(items, None)
            if peeked is None:
                replays.read_following(part)
            batch, ahead = ahead.result(), None
        if batch is None and site and item.line == 0:  # text before the first hand: the site's
            hands = read_file(Path(name), part.file_format)  # type: ignore[arg-type]
            _replay_reference(hands, summary, strict, allin_ev, follow, write)
            return PartDone(summary, 0, 0)  # as the site's reader: the file is one part
        if batch is None:  # text before the file's first hand: the reference path says why
            counted = PartRecords(part)
            _replay_reference(
                block_hands(part, data, line, counted), summary, strict, allin_ev, follow, write
            )
            next_hand += counted.hands
            continue
        next_hand += batch.hands
        if not read_ahead:
            peeked = next(items, None)
        if peeked is None:  # the part read: the next one's first block, if it is the file's
            replays.start_following(part, records.lines, next_hand, keep)
        else:
            ahead = replays.submit(part, peeked, next_hand, keep)
        table = _block_rows(part, batch, data, line, summary, strict, allin_ev, replays.names)
        if table is None:
            continue
        if blocks is not None:
            blocks(batch, table.slow_read)
        if follow is not None:
            _follow(summary, table.rows, follow)
        if write is not None:
            write(table.rows)
    return PartDone(summary, records.lines, next_hand - part.first_hand)


def ipoker_batches(data: bytes, index: IpokerIndex) -> Iterator[Batch]:
    """An iPoker file's hands read and replayed by the kernels, :data:`IPOKER_BATCH` at a
    time."""
    for first in range(0, index.hands, IPOKER_BATCH):
        yield replay_ipoker_text(data, index, first, min(first + IPOKER_BATCH, index.hands))


def _run_ipoker_part(
    part: HistoryPart,
    strict: bool,
    allin_ev: bool,
    follow: str | None,
    write: Callable[[pa.Table], None] | None,
    names: PlayerNames,
) -> PartDone | None:
    """An iPoker file through the kernels, the hands they leave through its reader; None where
    the file is the reference reader's (:func:`ipoker_file`)."""
    found = ipoker_file(part.path)
    if found is None:
        return None
    data, index = found
    summary = HistoriesSummary()
    for batch in ipoker_batches(data, index):
        table = _block_rows(part, batch, data, 1, summary, strict, allin_ev, names)
        if table is None:
            continue
        if follow is not None:
            _follow(summary, table.rows, follow)
        if write is not None:
            write(table.rows)
    return PartDone(summary, 0, 0)


def _left_hands(
    part: HistoryPart,
    batch: Any,
    data: bytes,
    first_line: int,
    slow: Sequence[tuple[int, int, int, int, int]],
) -> Iterator[HandHistory | HandHistoryError]:
    """The hands the kernels left (``slow``: place, number, header, start, stop), read again by
    the lenient reader or the site's, each one's broken rule its error (:func:`unless_refused`)."""
    stars = part.file_format in LAYOUT_HEADERS
    counted, lines = 0, first_line  # the lines before ``counted``: counted on, hand to hand
    for place, number, header, start, stop in slow:
        text = data[start:stop]
        if batch.generals is not None:  # iPoker's: the line its start tag ends on
            hand = batch.ipoker_hand(text, part.path, number, header)
        elif stars:
            if start < counted:  # the hands come in order; if not, count from the start again
                counted, lines = 0, first_line
            lines += data.count(b"\n", counted, start)
            counted = start
            first = lines
            hand = reference_stars_hand(text, part.path, number, first, part.file_format)
        else:
            hand = reference_hand(text, part.path, number, header, part.single)
        yield unless_refused(hand, refusal_of(batch, place))


def _replay_block(
    part: HistoryPart, data: bytes, line: int, first_hand: int, keep: bool, threads: int
) -> Batch | None:
    """A block of a part through the kernels (on ``threads`` of Numba's: the setting is the
    calling thread's, and the block may be replayed on another)."""
    with kernel_threads(threads):
        if part.file_format in LAYOUT_HEADERS:
            return replay_stars_text(data, first_hand=first_hand, layout=part.file_format)  # type: ignore[arg-type]
        return replay_phh_text(
            data, single=part.single, first_line=line, first_hand=first_hand, keep=keep
        )


Started = tuple[PartRecords, Iterator[RecordBlock | LongRecord], RecordBlock | LongRecord | None,
                "Future[Batch | None] | None"]  # fmt: skip
"""A part's records, their iterator, the first item read and its replay (running)."""
Opened = tuple[HistoryPart, PartRecords, Iterator[RecordBlock | LongRecord],
               RecordBlock | LongRecord | None]  # fmt: skip
"""The part after one being read, its records, their iterator and the first item read (its
first line and hand not known yet)."""


class BlockReplays:
    """The thread that replays a part's next block through the kernels while the block before
    is made into rows (its all-in EV, the tally: Python and pyarrow on one core, which the
    kernels' threads would otherwise leave waiting), its kernels on as many threads as Numba's
    count where it was made; on one thread (a Dask worker's core) the blocks replay in turn.
    In a run of parts one after another (``analyse_histories`` in this process),
    :attr:`following` is the part after the one running: once that one is read, the next part
    of its file is told where it starts and its first block replays too."""

    def __init__(self) -> None:
        self.threads = numba.get_num_threads()
        self.names = PlayerNames()
        """The players' names the run's blocks met (the tallies' index of them)."""
        self.pool = ThreadPoolExecutor(1, thread_name_prefix="pokerscore-block")
        self.following: HistoryPart | None = None
        self._started: tuple[HistoryPart, Started] | None = None
        self._opened: Opened | None = None

    def __enter__(self) -> BlockReplays:
        return self

    def __exit__(self, *exc: object) -> None:
        self._started = self._opened = None
        self.pool.shutdown(wait=True)

    def submit(
        self, part: HistoryPart, item: RecordBlock | LongRecord, first_hand: int, keep: bool
    ) -> Future[Batch | None] | None:
        """``item``'s replay started, if it is a block of hands (None: the part handles it, as
        it does every block on one Numba thread: a Dask worker's share of the cores is one)."""
        if self.threads < 2 or not isinstance(item, RecordBlock):
            return None
        if not part.single and _blank(item.data):
            return None
        line = part.first_line + item.line
        return self.pool.submit(
            _replay_block, part, item.data, line, first_hand, keep, self.threads
        )

    def take(self, part: HistoryPart) -> Started:
        """The part's records from the start, or as :meth:`start_following` started them."""
        started, self._started = self._started, None
        if started is not None and started[0] == part:
            return started[1]
        records = PartRecords(part)
        return records, iter(records), None, None

    def read_following(self, part: HistoryPart) -> None:
        """``part``'s records all read: the first block of the part after it read, when it is
        the next of the same file read by the kernels (its replay waits for
        :meth:`start_following`, which tells it where it starts)."""
        following = self.following
        if following is None or following.path != part.path or not fast_format(following):
            return
        if os.environ.get(REFERENCE_ONLY) == "1":
            return
        records = PartRecords(following)
        items = iter(records)
        self._opened = (following, records, items, next(items, None))

    def start_following(self, part: HistoryPart, lines: int, next_hand: int, keep: bool) -> None:
        """``part`` read (its ``lines``, its hands before ``next_hand``): the part after it,
        when it is the next of the same file read by the kernels, started (its first block
        read here unless :meth:`read_following` read it)."""
        opened, self._opened = self._opened, None
        if opened is None or opened[0] is not self.following:
            self.read_following(part)
            opened, self._opened = self._opened, None
        self.following = None
        if opened is None:
            return
        following, records, items, item = opened
        following = replace(following, first_line=part.first_line + lines, first_hand=next_hand)
        records.part = following  # its reading needs only the bytes: path, start and stop
        ahead = None if item is None else self.submit(following, item, next_hand, keep)
        self._started = (following, (records, items, item, ahead))


def _blank(data: bytes) -> bool:
    """Whether a block is only white space (``not data.strip()``, without its copy)."""
    return not data or data.isspace()


@dataclass
class _BlockRows:
    rows: pa.Table
    slow_read: dict[int, HandHistory]
    """The hands the reference reader read, by place."""


def _block_rows(
    part: HistoryPart,
    batch: Batch,
    data: bytes,
    line: int,
    summary: HistoriesSummary,
    strict: bool,
    allin_ev: bool,
    names: PlayerNames,
) -> _BlockRows | None:
    """A replayed block's rows (None: none), the hands the kernels left read by the reference
    path and put back in their places; its figures into ``summary``."""
    fast = batch_columns(batch, part.path, allin_ev=allin_ev) if batch.hands else None
    slow_rows = RowBuffer()
    slow_order: list[int] = []
    slow_read: dict[int, HandHistory] = {}
    slow = list(slow_hands(batch))
    # replayed REPLAY_BLOCK at a time (replay.replayed), each block's results by column
    left = _left_hands(part, batch, data, line, slow)
    outcomes = chain.from_iterable(replayed(left, allin_ev=allin_ev))
    for (place, *_), result in zip(slow, outcomes, strict=True):
        if isinstance(result, HandHistoryError):
            _bad(summary, result, strict)
            continue
        slow_rows.add(result)
        slow_order += [place] * len(result.players)
        slow_read[place] = result.hand
        summary.add_result(result, None)
        summary.rows += len(result.players)
    table = _spliced(summary, batch, fast, slow_rows, slow_order, names)
    return None if table is None else _BlockRows(table, slow_read)


def _spliced(
    summary: HistoriesSummary,
    batch: Any,
    fast: Any,
    slow_rows: RowBuffer,
    slow_order: list[int],
    names: PlayerNames,
) -> pa.Table | None:
    """A block's rows: the kernels' and the slow hands' back in their places (None: no rows)."""
    import pyarrow as pa

    tables = []
    orders = []
    if fast is not None and fast.table.num_rows:
        tables.append(fast.table)
        orders.append(fast.order)
        _tally_columns(summary, fast, batch, names)
    if slow_rows.size:
        tables.append(slow_rows.take())
        orders.append(np.array(slow_order, dtype=np.int64))
    if not tables:
        return None
    if len(tables) == 1:
        table = tables[0]
    else:  # the few slow hands back in their places among the fast ones
        fast_order, slow_order_array = orders
        cuts = np.searchsorted(fast_order, slow_order_array)
        ordered = []
        previous = 0
        slow_table = tables[1]
        starts = np.flatnonzero(np.r_[True, slow_order_array[1:] != slow_order_array[:-1]])
        ends = np.r_[starts[1:], len(slow_order_array)]
        for start, stop in zip(starts.tolist(), ends.tolist(), strict=True):
            cut = int(cuts[start])
            ordered.append(tables[0].slice(previous, cut - previous))
            ordered.append(slow_table.slice(start, stop - start))
            previous = cut
        ordered.append(tables[0].slice(previous))
        table = pa.concat_tables(ordered)
    return table


def reference_hand(
    data: bytes, name: str, number: int, header: int, single: bool
) -> HandHistory | HandHistoryError:
    """A hand the kernels left, read by the reference reader as it reads a whole file."""

    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        if single:
            return HandHistoryError(f"not UTF-8 text ({error.reason})", file=name, hand=1)
        bad_line = header + 1 + data[: error.start].count(b"\n")
        return HandHistoryError(
            f"not UTF-8 text ({error.reason})", file=name, hand=number, line=bad_line
        )
    try:
        if single:
            return parse_phh(text, file=name, number=1, line=1)
        return parse_phh(text, file=name, number=number, line=header + 1, header=header)
    except HandHistoryError as error:
        return error.located(name, number, header)


def unless_refused(
    hand: HandHistory | HandHistoryError, refusal: RefusalRecord | None
) -> HandHistory | HandHistoryError:
    """A hand the kernels refused, read again by the lenient reader, or the broken rule's error
    worded from the kernel's refusal where the rule is one and the two readers agree on where."""
    if refusal is None or refusal.code.kind != "rule" or isinstance(hand, HandHistoryError):
        return hand
    if _fits(hand, refusal):
        return refusal_error(hand, rule_game(hand.game), refusal)
    return hand


def _fits(hand: HandHistory, refusal: RefusalRecord) -> bool:
    """Whether the lenient reader's hand has the action and player the kernel refused (a
    guard: the two readers name the same actions in the same order)."""
    if refusal.action < 0:
        return True
    if refusal.action >= len(hand.actions):
        return False
    actor = hand.actions[refusal.action].actor
    return refusal.seat < 0 or actor is None or actor == refusal.seat


def _tally_columns(summary: HistoriesSummary, fast: Any, batch: Any, names: PlayerNames) -> None:
    """The kernels' rows into the summary: counts, and each player's tally, in one pass over
    the rows (:func:`~._stats_kernels.tally_rows`), the players found by their names' bytes
    among the run's (``names``)."""
    table = fast.table
    summary.hands += int(np.count_nonzero(batch.facts[: batch.hands, F_STATUS] == OK))
    summary.rows += table.num_rows
    column = table.column("player")  # one chunk, the kernels' strings
    players = column.chunk(0) if column.num_chunks == 1 else column.combine_chunks()
    summary.tally.add_block(names, players, fast.tally)


def _follow(summary: HistoriesSummary, table: Any, follow: str) -> None:
    import pyarrow.compute as pc

    mine = table.filter(pc.equal(table.column("player"), follow))
    if not mine.num_rows:
        return
    net = mine.column("net").to_numpy()
    ev = mine.column("allin_ev").to_numpy(zero_copy_only=False)
    adjusted = np.where(np.isnan(ev.astype(np.float64)), net, ev)
    summary.series += list(zip(net.tolist(), adjusted.tolist(), strict=True))
