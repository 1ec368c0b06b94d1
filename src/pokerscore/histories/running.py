"""Runs over hand-history files of any number and size: files, folders and globs streamed hand
by hand, each replayed; one row per hand and player written to Parquet (atomically), statistics
per player, the bad hands and the disagreements counted and the first ones kept; on Dask, the
files (and large files cut at hand boundaries) spread over the workers with the same results.

Formats: ``.phh`` and ``.phhs`` are PHH; any other file is read as PokerStars text when its
first line says ``PokerStars``. A folder is searched recursively (hidden files and folders
skipped), in name order.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, Literal

import numpy as np

from pokerscore._support.atomic import atomic_path
from pokerscore._support.errors import ParameterError, PokerScoreError, expect, shorten
from pokerscore._support.extras import require_extra
from pokerscore._support.progress import Progress
from pokerscore._support.tasks import run_tasks
from pokerscore.histories._layout import F_STATUS, OK
from pokerscore.histories.batches import (
    batch_columns,
    refusal_of,
    replay_phh_text,
    replay_stars_text,
    slow_hands,
)
from pokerscore.histories.model import (
    COLUMNS,
    Disagreement,
    HandHistory,
    HandHistoryError,
    HandResult,
    schema,
)
from pokerscore.histories.phh import parse_phh, phh_tables, read_phh
from pokerscore.histories.pokerstars import (
    parse_pokerstars,
    pokerstars_hands,
    read_pokerstars,
)
from pokerscore.histories.refusals import RefusalRecord, refusal_error
from pokerscore.histories.replay import game_named, replay
from pokerscore.histories.stats import PlayerStats, StatsTally

if TYPE_CHECKING:
    import pyarrow as pa
    from distributed import Client

FileFormat = Literal["auto", "phh", "pokerstars"]
KEPT: Final = 100
"""Bad hands and disagreements kept for the summary (all are counted)."""
BATCH_ROWS: Final = 1 << 16
"""Rows gathered before they are written."""
PART_BYTES: Final = 32 << 20
"""On Dask, files larger than this are cut into parts of about this size (at hand starts)."""
HISTORY_SUFFIXES: Final = (".phh", ".phhs", ".txt")


class StrictError(HandHistoryError):
    """The first bad hand of a strict run."""


# -- finding and reading files -------------------------------------------------------------------


def history_files(paths: Sequence[str | Path]) -> list[Path]:
    """The files ``paths`` name: files, folders (searched recursively for ``.phh``, ``.phhs``
    and ``.txt`` files) and globs, each in name order, duplicates dropped."""
    if isinstance(paths, str | os.PathLike) or not isinstance(paths, Sequence):
        raise ParameterError(
            f"{{name}} must be a list of files, folders or globs, got {type(paths).__name__}",
            "paths",
        )
    if not paths:
        raise ParameterError("{name}: give at least one file, folder or glob", "paths")
    for item in paths:
        expect(item, (str, os.PathLike), "paths", "files, folders or globs (strings or paths)")
    found: list[Path] = []
    for item in paths:
        path = Path(item)
        if path.is_dir():
            inside = sorted(
                candidate
                for candidate in path.rglob("*")
                if candidate.is_file()
                and candidate.suffix.lower() in HISTORY_SUFFIXES
                and not any(part.startswith(".") for part in candidate.relative_to(path).parts)
            )
            found += inside
        elif path.is_file():
            found.append(path)
        else:
            matches = sorted(Path(name) for name in glob.glob(str(item), recursive=True))
            files = [match for match in matches if match.is_file()]
            if not files:
                raise PokerScoreError(f"no such file, folder or pattern: {item}")
            found += files
    seen: set[Path] = set()
    unique = []
    for path in found:
        key = path.resolve()
        if key not in seen:
            seen.add(key)
            unique.append(path)
    return unique


def file_format_of(path: Path, declared: FileFormat = "auto") -> Literal["phh", "pokerstars"]:
    """The format of a file: as declared, else by its suffix, else by its first line."""
    if declared != "auto":
        return declared
    if path.suffix.lower() in (".phh", ".phhs"):
        return "phh"
    with path.open("rb") as stream:
        head = stream.read(4096).lstrip(b"\xef\xbb\xbf").lstrip()
    if head.startswith(b"PokerStars"):
        return "pokerstars"
    if head.startswith((b"[", b"variant", b"#")):
        return "phh"
    raise HandHistoryError(
        "not a hand history: neither PHH (.phh, .phhs) nor PokerStars text", file=str(path)
    )


def read_file(
    path: Path, file_format: FileFormat = "auto"
) -> Iterator[HandHistory | HandHistoryError]:
    """The hands of one file, streamed; a bad hand comes as its error."""

    try:
        kind = file_format_of(path, file_format)
    except HandHistoryError as error:
        yield error
        return
    except OSError as error:
        yield HandHistoryError(f"cannot read: {error.strerror or error}", file=str(path))
        return
    if kind == "phh":
        yield from read_phh(path, multiple=path.suffix.lower() != ".phh")
    else:
        yield from read_pokerstars(path)


def read_histories(
    *paths: str | Path, file_format: FileFormat = "auto"
) -> Iterator[HandHistory | HandHistoryError]:
    """Every hand of the files, folders and globs ``paths``, in order, streamed: a
    :class:`~pokerscore.histories.model.HandHistory`, or the
    :class:`~pokerscore.histories.model.HandHistoryError` of a hand that cannot be read
    (it names the file, the hand and the line)."""
    _check_options(file_format)
    files = history_files(paths)  # checked now, not at the first next()
    return (hand for path in files for hand in read_file(path, file_format))


def _check_options(file_format: str, **flags: object) -> None:
    """Refuse an unknown format, and a flag (``strict``, ``allin_ev``) that is not a bool."""
    if not isinstance(file_format, str) or file_format not in ("auto", "phh", "pokerstars"):
        raise ParameterError(
            f"{{name}}: unknown format {shorten(repr(file_format))}, use auto, phh or pokerstars",
            "file_format",
        )
    for name, value in flags.items():
        expect(value, bool, name, "True or False")


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

    >>> from pathlib import Path
    >>> folder = Path(__file__).parents[3] / "tests" / "data" / "histories"
    >>> first = next(history_results(folder / "actions.phhs"))
    >>> [(p.player, p.net) for p in first.players]
    [('Sam', -1.0), ('Bea', -2.0), ('Cy', 3.0)]
    """
    _check_options(file_format, strict=strict, allin_ev=allin_ev)
    if on_error is not None and not callable(on_error):
        raise ParameterError("{name} must be a function or None", "on_error")
    return _results(read_histories(*paths, file_format=file_format), strict, allin_ev, on_error)


def _results(
    hands: Iterator[HandHistory | HandHistoryError],
    strict: bool,
    allin_ev: bool,
    on_error: Callable[[HandHistoryError], None] | None,
) -> Iterator[HandResult]:

    for hand in hands:
        try:
            if isinstance(hand, HandHistoryError):
                raise hand
            yield replay(hand, allin_ev=allin_ev)
        except HandHistoryError as error:
            if strict:
                raise StrictError(
                    error.reason, file=error.file, hand=error.hand, line=error.line
                ) from None
            if on_error is not None:
                on_error(error)


# -- the rows ------------------------------------------------------------------------------------


def stakes_text(hand: HandHistory) -> str:
    """``0.5/1``, ``100/200``: the blinds in chips."""
    return f"{_plain(hand.chips(hand.small_blind))}/{_plain(hand.chips(hand.big_blind))}"


def _plain(value: Any) -> str:
    text = f"{value:f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


class RowBuffer:
    """Rows gathered column by column, handed on as Arrow tables."""

    def __init__(self) -> None:
        self.columns: dict[str, list[Any]] = {name: [] for name, _ in COLUMNS}
        self.size = 0

    def add(self, result: HandResult) -> None:
        hand = result.hand
        columns = self.columns
        stakes = stakes_text(hand)
        big_blind = hand.big_blind / hand.scale
        for player in result.players:
            columns["file"].append(hand.file)
            columns["hand"].append(hand.number)
            columns["hand_id"].append(hand.hand_id)
            columns["site"].append(hand.site)
            columns["variant"].append(hand.variant)
            columns["stakes"].append(stakes)
            columns["big_blind"].append(big_blind)
            columns["player"].append(player.player)
            columns["seat"].append(player.seat)
            columns["position"].append(player.position)
            columns["hole"].append("".join(map(str, player.hole)) if player.hole else None)
            columns["put_in"].append(player.put_in)
            columns["won"].append(player.won)
            columns["net"].append(player.net)
            columns["rake_paid"].append(player.rake_paid)
            columns["vpip"].append(player.vpip)
            columns["pfr"].append(player.pfr)
            columns["saw_flop"].append(player.saw_flop)
            columns["went_to_showdown"].append(player.went_to_showdown)
            columns["won_at_showdown"].append(player.won_at_showdown)
            columns["allin_street"].append(player.allin_street)
            columns["allin_ev"].append(player.allin_ev)
        self.size += len(result.players)

    def take(self) -> pa.Table:
        import pyarrow as pa

        table = pa.table(self.columns, schema=schema())
        self.columns = {name: [] for name, _ in COLUMNS}
        self.size = 0
        return table


# -- a run ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BadHand:
    """A hand that could not be read or replayed."""

    file: str
    hand: int | None
    line: int | None
    message: str
    reason: str

    @classmethod
    def of(cls, error: HandHistoryError) -> BadHand:
        return cls(error.file, error.hand, error.line, str(error), error.reason)

    def as_json(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "hand": self.hand,
            "line": self.line,
            "reason": self.reason,
            "message": self.message,
        }


@dataclass
class HistoriesSummary:
    """What a run read and found."""

    files: int = 0
    hands: int = 0
    """Hands replayed."""
    bad: int = 0
    """Hands that could not be read or replayed."""
    errors: list[BadHand] = field(default_factory=list)
    """The first :data:`KEPT` bad hands."""
    disagreement_count: int = 0
    """Hands whose site record disagrees with the replay."""
    disagreements: list[Disagreement] = field(default_factory=list)
    """The first :data:`KEPT` disagreements."""
    disagreement_kinds: dict[str, int] = field(default_factory=dict)
    tally: StatsTally = field(default_factory=StatsTally)
    series: list[tuple[float, float]] = field(default_factory=list)
    """The followed player's (net, all-in EV adjusted net) hand by hand, in order."""
    rows: int = 0

    def players(self, player: str | None = None) -> list[PlayerStats]:
        return self.tally.stats(player)

    def add_error(self, error: HandHistoryError) -> None:
        self.bad += 1
        if len(self.errors) < KEPT:
            self.errors.append(BadHand.of(error))

    def add_result(self, result: HandResult, follow: str | None) -> None:
        self.hands += 1
        self.tally.add(result)
        if result.disagreements:
            self.disagreement_count += 1
            for disagreement in result.disagreements:
                kinds = self.disagreement_kinds
                kinds[disagreement.kind] = kinds.get(disagreement.kind, 0) + 1
                if len(self.disagreements) < KEPT:
                    self.disagreements.append(disagreement)
        if follow is not None:
            for player in result.players:
                if player.player == follow:
                    adjusted = player.net if player.allin_ev is None else player.allin_ev
                    self.series.append((player.net, adjusted))

    def merge(self, other: HistoriesSummary) -> None:
        """Add a later part's summary (its errors and disagreements come after these)."""
        self.hands += other.hands
        self.rows += other.rows
        self.bad += other.bad
        self.errors += other.errors[: max(0, KEPT - len(self.errors))]
        self.disagreement_count += other.disagreement_count
        self.disagreements += other.disagreements[: max(0, KEPT - len(self.disagreements))]
        for kind, count in other.disagreement_kinds.items():
            self.disagreement_kinds[kind] = self.disagreement_kinds.get(kind, 0) + count
        self.tally.merge(other.tally)
        self.series += other.series

    def as_json(self, player: str | None = None) -> dict[str, Any]:
        """The ``--json`` object."""
        return {
            "files": self.files,
            "hands": self.hands,
            "bad": self.bad,
            "disagreements": self.disagreement_count,
            "disagreement_kinds": dict(sorted(self.disagreement_kinds.items())),
            "players": [stats.as_json() for stats in self.players(player)],
            "errors": [error.as_json() for error in self.errors],
            "disagreement_list": [
                {
                    "file": d.file,
                    "hand": d.hand,
                    "hand_id": d.hand_id,
                    "kind": d.kind,
                    "message": d.message,
                }
                for d in self.disagreements
            ],
        }


@dataclass(frozen=True)
class _Part:
    """A file, or the hands of a large file that start in a byte range."""

    index: int
    path: str
    file_format: str
    start: int = 0
    stop: int | None = None
    first_hand: int = 1
    """The number of the part's first hand in its file, for PokerStars (counted from 1); PHH
    hands are numbered by their ``[n]`` tables, and a PHH part leaves this at 1."""
    first_line: int = 1


def _run_part(
    part: _Part,
    *,
    strict: bool,
    allin_ev: bool,
    follow: str | None,
    write: Callable[[pa.Table], None] | None,
    progress: Callable[[int], None] | None = None,
) -> HistoriesSummary:
    """Replay the hands of one part: rows to ``write``, the rest into a summary. PHH goes
    through the kernels (:mod:`~pokerscore.histories.batches`), the rest hand by hand."""
    if part.file_format in ("phh", "pokerstars") and os.environ.get(REFERENCE_ONLY) != "1":
        return _run_fast_part(part, strict=strict, allin_ev=allin_ev, follow=follow, write=write)

    summary = HistoriesSummary()
    rows = RowBuffer() if write is not None else None
    for hand in _part_hands(part):
        try:
            if isinstance(hand, HandHistoryError):
                raise hand
            result = replay(hand, allin_ev=allin_ev)
        except HandHistoryError as error:
            if strict:
                raise StrictError(
                    error.reason, file=error.file, hand=error.hand, line=error.line
                ) from None
            summary.add_error(error)
            continue
        summary.add_result(result, follow)
        summary.rows += len(result.players)
        if rows is not None and write is not None:
            rows.add(result)
            if rows.size >= BATCH_ROWS:
                write(rows.take())
        if progress is not None:
            progress(1)
    if rows is not None and write is not None and rows.size:
        write(rows.take())
    return summary


REFERENCE_ONLY: Final = "POKERSCORE_HISTORIES_REFERENCE"
"""Set to 1, every hand goes the reference path (tests compare the two)."""
CHUNK_BYTES: Final = 8 << 20
"""PHH text handed to the kernels at a time."""


def _phh_chunks(part: _Part, marker: bytes = b"\n[") -> Iterator[bytes]:
    """The part's text in pieces that end where a hand starts (``marker``: a PHH table, or
    ``\nPokerStars``), a byte-order mark at the start of the file dropped."""
    path = Path(part.path)
    with path.open("rb") as stream:
        stream.seek(part.start)
        left = None if part.stop is None else part.stop - part.start
        carried = b""
        first = part.start == 0
        while True:
            size = CHUNK_BYTES if left is None else min(CHUNK_BYTES, left)
            block = stream.read(size) if size else b""
            if left is not None:
                left -= len(block)
            data = carried + block
            if first:
                data = data.removeprefix(b"\xef\xbb\xbf")
                first = False
            if not block:
                if data:
                    yield data
                return
            cut = data.rfind(marker)
            if cut < 0:
                carried = data
                continue
            yield data[: cut + 1]
            carried = data[cut + 1 :]


def _run_fast_part(
    part: _Part,
    *,
    strict: bool,
    allin_ev: bool,
    follow: str | None,
    write: Callable[[pa.Table], None] | None,
) -> HistoriesSummary:
    """A PHH or PokerStars part through the kernels; the hands they leave through the
    reference path."""
    import pyarrow as pa

    summary = HistoriesSummary()
    name = part.path
    stars = part.file_format == "pokerstars"
    single = (
        not stars
        and Path(part.path).suffix.lower() == ".phh"
        and part.start == 0
        and part.stop is None
    )
    if single:
        pieces: Iterator[bytes] = iter([Path(part.path).read_bytes().removeprefix(b"\xef\xbb\xbf")])
    else:
        pieces = _phh_chunks(part, b"\nPokerStars" if stars else b"\n[")
    line = part.first_line
    next_hand = part.first_hand
    for data in pieces:
        if not single and not data.strip():
            line += data.count(b"\n")
            continue
        if stars:
            batch = replay_stars_text(data, first_hand=next_hand)
        else:
            batch = replay_phh_text(data, single=single, first_line=line)
        if batch is None:  # text before the first hand: the reference reader says so
            for hand in _part_hands(part):
                if isinstance(hand, HandHistoryError) and hand.hand is None:
                    if strict:
                        raise StrictError(hand.reason, file=hand.file, line=hand.line)
                    summary.add_error(hand)
                    break
            return summary
        chunk_line = line
        line = line + data.count(b"\n") if stars else batch.lines
        next_hand += batch.hands
        fast = batch_columns(batch, name) if batch.hands else None
        slow_rows = RowBuffer()
        slow_order: list[int] = []
        for place, number, header, start, stop in slow_hands(batch):
            if stars:
                first = chunk_line + data.count(b"\n", 0, start)
                hand = _reference_stars_hand(data[start:stop], name, number, first)
            else:
                hand = _reference_hand(data[start:stop], name, number, header, single)
            result = _replayed(hand, strict, allin_ev, refusal_of(batch, place))
            if isinstance(result, HandHistoryError):
                summary.add_error(result)
                continue
            slow_rows.add(result)
            slow_order += [place] * len(result.players)
            summary.add_result(result, None)
            summary.rows += len(result.players)
        tables = []
        orders = []
        if fast is not None and fast.table.num_rows:
            tables.append(fast.table)
            orders.append(fast.order)
            _tally_columns(summary, fast, batch)
        if slow_rows.size:
            tables.append(slow_rows.take())
            orders.append(np.array(slow_order, dtype=np.int64))
        if not tables:
            continue
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
        if follow is not None:
            _follow(summary, table, follow)
        if write is not None:
            write(table)
    return summary


def _reference_hand(
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


def _reference_stars_hand(
    data: bytes, name: str, number: int, first_line: int
) -> HandHistory | HandHistoryError:
    """A PokerStars hand the kernels left, read by the reference reader."""

    lines = []
    for offset, raw in enumerate(data.splitlines(keepends=True)):
        try:
            lines.append(raw.decode("utf-8-sig" if first_line + offset == 1 else "utf-8"))
        except UnicodeDecodeError as error:
            return HandHistoryError(
                f"not UTF-8 text ({error.reason})", file=name, hand=number, line=first_line + offset
            )
    try:
        return parse_pokerstars(lines, file=name, number=number, first_line=first_line)
    except HandHistoryError as error:
        return error


def _replayed(
    hand: HandHistory | HandHistoryError,
    strict: bool,
    allin_ev: bool,
    refusal: RefusalRecord | None = None,
) -> HandResult | HandHistoryError:
    """A hand the kernels refused, read again by the lenient reader: a broken rule worded
    from the kernel's refusal; a hand written otherwise, or one the kernel leaves to the
    reference replay, replayed."""
    try:
        if isinstance(hand, HandHistoryError):
            raise hand
        if refusal is not None and refusal.code.kind == "rule" and _fits(hand, refusal):
            raise refusal_error(hand, game_named(hand.game), refusal)
        return replay(hand, allin_ev=allin_ev)
    except HandHistoryError as error:
        if strict:
            raise StrictError(
                error.reason, file=error.file, hand=error.hand, line=error.line
            ) from None
        return error


def _fits(hand: HandHistory, refusal: RefusalRecord) -> bool:
    """Whether the lenient reader's hand has the action and player the kernel refused (a
    guard: the two readers name the same actions in the same order)."""
    if refusal.action < 0:
        return True
    if refusal.action >= len(hand.actions):
        return False
    actor = hand.actions[refusal.action].actor
    return refusal.seat < 0 or actor is None or actor == refusal.seat


def _tally_columns(summary: HistoriesSummary, fast: Any, batch: Any) -> None:
    """The kernels' rows into the summary: counts, and each player's tally, by column."""
    import pyarrow.compute as pc

    table = fast.table
    summary.hands += int(np.count_nonzero(batch.facts[: batch.hands, F_STATUS] == OK))
    summary.rows += table.num_rows
    encoded = pc.dictionary_encode(table.column("player")).combine_chunks()
    codes = encoded.indices.to_numpy()
    names = encoded.dictionary.to_pylist()
    size = len(names)
    net = table.column("net").to_numpy()
    adjusted = fast.allin_adjusted
    big = table.column("big_blind").to_numpy()
    with np.errstate(divide="ignore", invalid="ignore"):
        net_bb = np.where(big > 0, net / big, 0.0)
        adjusted_bb = np.where(big > 0, adjusted / big, 0.0)

    flags = [table.column(name).to_numpy(zero_copy_only=False) for name in
             ("vpip", "pfr", "saw_flop", "went_to_showdown", "won_at_showdown")]  # fmt: skip
    counts = np.stack(
        [np.bincount(codes, minlength=size)]
        + [np.bincount(codes, weights=flag, minlength=size).astype(np.int64) for flag in flags],
        axis=1,
    )
    sums = np.stack(
        [np.bincount(codes, weights=values, minlength=size).astype(np.float64)
         for values in (net, adjusted, net_bb, adjusted_bb)],
        axis=1,
    )  # fmt: skip
    summary.tally.add_totals(names, counts, sums)


def _follow(summary: HistoriesSummary, table: Any, follow: str) -> None:
    import pyarrow.compute as pc

    mine = table.filter(pc.equal(table.column("player"), follow))
    if not mine.num_rows:
        return
    net = mine.column("net").to_numpy()
    ev = mine.column("allin_ev").to_numpy(zero_copy_only=False)
    adjusted = np.where(np.isnan(ev.astype(np.float64)), net, ev)
    summary.series += list(zip(net.tolist(), adjusted.tolist(), strict=True))


def _part_hands(part: _Part) -> Iterator[HandHistory | HandHistoryError]:
    path = Path(part.path)
    if part.start == 0 and part.stop is None:
        yield from read_file(path, part.file_format)  # type: ignore[arg-type]
        return

    lines = _lines_between(path, part.start, part.stop, part.first_line)
    name = str(path)
    if part.file_format == "phh":
        for number, start, table in phh_tables(lines):
            if isinstance(table, HandHistoryError):
                yield table.located(name, number, None)
                continue
            try:
                yield parse_phh(table, file=name, number=number, line=start + 1, header=start)
            except HandHistoryError as error:
                yield error.located(name, number, start)
        return
    number = part.first_hand - 1
    for start, hand_lines in pokerstars_hands(lines):  # type: ignore[arg-type]
        number += 1
        try:
            yield parse_pokerstars(hand_lines, file=name, number=number, first_line=start)
        except HandHistoryError as error:
            yield error


def _lines_between(
    path: Path, start: int, stop: int | None, first_line: int
) -> Iterator[tuple[int, str | HandHistoryError]]:
    with path.open("rb") as stream:
        stream.seek(start)
        position = start
        for number, data in enumerate(stream, first_line):
            if stop is not None and position >= stop:
                return
            position += len(data)
            try:
                yield number, data.decode("utf-8-sig" if number == 1 else "utf-8")
            except UnicodeDecodeError as error:
                yield number, HandHistoryError(f"not UTF-8 text ({error.reason})", line=number)


def _plan(files: Sequence[Path], file_format: FileFormat, part_bytes: int) -> Iterator[_Part]:
    """The parts of the files, as they are found: small files whole, large ones cut where a hand
    starts (a file's parts are counted as it is read, so the first can run meanwhile)."""
    index = 0
    for path in files:
        try:
            kind = file_format_of(path, file_format)
        except HandHistoryError:
            yield _Part(index, str(path), "auto")  # read whole: the part reports the file as bad
            index += 1
            continue
        size = path.stat().st_size
        if size <= part_bytes or (kind == "phh" and path.suffix.lower() == ".phh"):
            yield _Part(index, str(path), kind)
            index += 1
            continue
        for start, stop, hands, lines in _cuts(path, kind, part_bytes):
            yield _Part(index, str(path), kind, start, stop, hands + 1, lines + 1)
            index += 1


def _total_size(files: Sequence[Path]) -> int:
    """The bytes of the files, as :func:`_size` counts their parts (for progress)."""
    total = 0
    for path in files:
        try:
            total += max(path.stat().st_size, 1)
        except OSError:
            total += 1
    return total


def _size(part: _Part) -> int:
    """The bytes of a part, for progress."""
    if part.stop is not None:
        return part.stop - part.start
    try:
        return max(Path(part.path).stat().st_size - part.start, 1)
    except OSError:
        return 1


def _cuts(path: Path, kind: str, part_bytes: int) -> Iterator[tuple[int, int | None, int, int]]:
    """(start, stop, hands before, lines before) of each part of a large file, cut at lines
    where a hand starts (``[`` of a PHH table, ``PokerStars`` of a hand); read in blocks, so
    memory stays bounded whatever the size."""
    marker = b"\n[" if kind == "phh" else b"\nPokerStars"
    size = path.stat().st_size
    hands = lines = 0
    start = 0
    with path.open("rb") as stream:
        while start < size:
            target = start + part_bytes
            found = _find(stream, marker, target - 1) if target < size else -1
            stop = None if found < 0 else found + 1
            yield start, stop, hands, lines
            if stop is None:
                return
            # PHH hands are numbered by their tables: only PokerStars hands are counted.
            new_lines, starts = _count(stream, None if kind == "phh" else marker, start, stop)
            lines += new_lines
            hands += starts
            start = stop


_BLOCK: Final = 1 << 22


def _find(stream: Any, marker: bytes, position: int) -> int:
    """The offset of the first ``marker`` at or after ``position``, or -1."""
    stream.seek(position)
    carried = b""
    base = position
    while True:
        block = stream.read(_BLOCK)
        if not block:
            return -1
        data = carried + block
        at = data.find(marker)
        if at >= 0:
            return int(base - len(carried) + at)
        carried = data[-(len(marker) - 1) :]
        base += len(block)


def _count(stream: Any, marker: bytes | None, start: int, stop: int) -> tuple[int, int]:
    """Lines and hand starts in ``[start, stop)`` (a hand starts where a line starts with the
    marker's text; NumPy compares a block's bytes a few times faster than ``bytes.count``);
    lines only, and no hands, without a marker."""
    hands = 0
    if marker is not None:
        stream.seek(start)
        opening = stream.read(min(len(marker) + 2, stop - start))  # a hand at the very start
        hands = int(opening.lstrip(b"\xef\xbb\xbf").startswith(marker[1:]))
    stream.seek(start)
    lines = 0
    carried = b""
    left = stop - start
    while left > 0:
        block = stream.read(min(_BLOCK, left))
        if not block:
            break
        left -= len(block)
        codes = np.frombuffer(block, dtype=np.uint8)
        if marker is None:
            lines += int(np.count_nonzero(codes == 10))
            continue
        head = np.frombuffer(marker[1:2], dtype=np.uint8)[0]
        newlines = codes[:-1] == 10
        lines += int(np.count_nonzero(newlines)) + int(codes[-1] == 10)
        if len(marker) == 2:  # PHH: a newline, then the first byte of the marker
            hands += int(np.count_nonzero(newlines & (codes[1:] == head)))
        else:  # PokerStars: newlines followed by the marker's first byte, checked whole
            for at in np.flatnonzero(newlines & (codes[1:] == head)).tolist():
                hands += block.startswith(marker, at)
        # A marker across the block's edge: the bytes before it and this block's head.
        hands += (carried + block[: len(marker) - 1]).count(marker)
        carried = (carried + block)[-(len(marker) - 1) :]
    return lines, hands


# -- the whole run -------------------------------------------------------------------------------


def analyse_histories(
    paths: Sequence[str | Path],
    *,
    out: Path | None = None,
    follow: str | None = None,
    file_format: FileFormat = "auto",
    strict: bool = False,
    allin_ev: bool = True,
    client: Client | None = None,
    progress: Progress | None = None,
    part_bytes: int = PART_BYTES,
) -> HistoriesSummary:
    """Replay every hand of ``paths`` (files, folders, globs): the summary, and with ``out`` one
    Parquet row per hand and player (written atomically: the file appears whole or not at all).

    ``follow`` names a player whose net and all-in EV adjusted net are kept hand by hand
    (:attr:`HistoriesSummary.series`, for a plot). With ``client`` the parts run on Dask (the
    files must be visible to its workers); the results are those of one process. ``strict``
    stops at the first bad hand, raising it. ``progress(bytes done, bytes)`` as parts finish.
    """
    _check_options(file_format, strict=strict, allin_ev=allin_ev)
    files = history_files(paths)
    expect(out, (str, os.PathLike, type(None)), "out", "a path or None")
    expect(follow, (str, type(None)), "follow", "a player's name or None")
    if isinstance(part_bytes, bool) or not isinstance(part_bytes, int) or part_bytes < 1:
        raise ParameterError("{name} must be a whole number of bytes, 1 or more", "part_bytes")
    if progress is not None and not callable(progress):
        raise ParameterError("{name} must be a function or None", "progress")
    if out is not None:
        require_extra("files", "writing Parquet (out)")
    parts = _plan(files, file_format, part_bytes)
    total = _total_size(files)
    summary = HistoriesSummary(files=len(files))
    if out is not None:
        out = Path(out)
        out.parent.mkdir(parents=True, exist_ok=True)
    if client is None:
        _run_here(parts, total, summary, out, follow, strict, allin_ev, progress)
    else:
        _run_on_dask(client, parts, total, summary, out, follow, strict, allin_ev, progress)
    return summary


def _run_here(
    parts: Iterator[_Part],
    total: int,
    summary: HistoriesSummary,
    out: Path | None,
    follow: str | None,
    strict: bool,
    allin_ev: bool,
    progress: Progress | None,
) -> None:

    with contextlib.ExitStack() as stack:
        write = None
        if out is not None:
            import pyarrow.parquet as pq

            temporary = stack.enter_context(atomic_path(out))
            writer = stack.enter_context(pq.ParquetWriter(temporary, schema()))
            write = writer.write_table
        done = 0
        for part in parts:
            summary.merge(
                _run_part(part, strict=strict, allin_ev=allin_ev, follow=follow, write=write)
            )
            done += _size(part)
            if progress is not None:
                progress(done, total)


def run_part_on_worker(
    part: _Part, folder: str | None, strict: bool, allin_ev: bool, follow: str | None
) -> HistoriesSummary:
    """One part on a Dask worker: its rows to ``folder/part-NNNNN.arrow`` (Arrow's own file
    format: cheap to write, and read back without decoding when the parts are gathered)."""
    if folder is None:
        return _run_part(part, strict=strict, allin_ev=allin_ev, follow=follow, write=None)
    import pyarrow as pa

    target = Path(folder, _staged(part.index))
    options = pa.ipc.IpcWriteOptions(compression="lz4")  # a third of the bytes to stage
    with pa.ipc.new_file(target, schema(), options=options) as writer:
        return _run_part(
            part, strict=strict, allin_ev=allin_ev, follow=follow, write=writer.write_table
        )


def _staged(index: int) -> str:
    return f"part-{index:05d}.arrow"


def _run_on_dask(
    client: Client,
    parts: Iterator[_Part],
    total: int,
    summary: HistoriesSummary,
    out: Path | None,
    follow: str | None,
    strict: bool,
    allin_ev: bool,
    progress: Progress | None,
) -> None:
    """The parts on the client's workers, submitted as the files are cut; their rows gathered
    into ``out`` in file order while later parts still run."""
    staging = (
        Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=out.parent)) if out is not None else None
    )
    sizes: dict[int, int] = {}

    def arguments() -> Iterator[tuple[_Part, str | None, bool, bool, str | None]]:
        folder = None if staging is None else str(staging.resolve())
        for part in parts:  # workers never stop early: the first bad hand is found here
            sizes[part.index] = _size(part)
            yield part, folder, False, allin_ev, follow

    try:
        with contextlib.ExitStack() as stack:
            writer = None
            if out is not None:
                import pyarrow.parquet as pq

                temporary = stack.enter_context(atomic_path(out))
                writer = stack.enter_context(pq.ParquetWriter(temporary, schema()))
            found: dict[int, HistoriesSummary] = {}
            following = 0  # the next part in file order
            done = 0
            for index, result in run_tasks(client, run_part_on_worker, arguments(), retries=2):
                found[index] = result
                done += sizes[index]
                if progress is not None:
                    progress(done, total)
                while following in found:  # in file order: the results of one process
                    ready = found.pop(following)
                    if strict and ready.errors:
                        first = ready.errors[0]
                        raise StrictError(
                            first.reason, file=first.file, hand=first.hand, line=first.line
                        )
                    summary.merge(ready)
                    if writer is not None and staging is not None:
                        _append(staging / _staged(following), writer)
                    following += 1
    finally:
        if staging is not None:
            shutil.rmtree(staging, ignore_errors=True)


def _append(staged: Path, writer: Any) -> None:
    """A part's staged rows onto the Parquet file, a record batch at a time; then removed."""
    import pyarrow as pa

    with pa.memory_map(str(staged)) as source:
        reader = pa.ipc.open_file(source)
        for batch in range(reader.num_record_batches):
            writer.write_batch(reader.get_batch(batch))
    staged.unlink()


def plot_player(series: Sequence[tuple[float, float]], player: str, path: Path) -> Path:
    """Draw a player's cumulative net won and all-in EV adjusted net over the hands (PNG),
    written atomically."""
    require_extra("plots", "drawing the results plot (plot)")
    if not series:
        raise PokerScoreError(f"player: {player!r} plays no hand here: nothing to draw")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    values = np.array(series, dtype=np.float64)
    hands = np.arange(1, len(values) + 1)
    figure, axes = plt.subplots(figsize=(10, 5.5), dpi=100)
    axes.plot(hands, np.cumsum(values[:, 0]), label="net won", color="tab:green", linewidth=1.4)
    axes.plot(
        hands,
        np.cumsum(values[:, 1]),
        label="all-in EV adjusted",
        color="tab:orange",
        linewidth=1.2,
    )
    axes.axhline(0, color="grey", linewidth=0.6)
    axes.set_xlabel("hands")
    axes.set_ylabel("won")
    axes.set_title(f"{player}: {len(values):,} hands")
    axes.legend(loc="best")
    axes.grid(alpha=0.3)
    figure.tight_layout()
    with atomic_path(path) as temporary:
        figure.savefig(temporary, format="png")
    plt.close(figure)
    return path
