"""The hand-histories API: the files a request names, their report (``histories --json``), the
hand list with its filters, and one hand replayed step by step.

Where the files come from: **uploads**, streamed into the server's own temporary folder (a set
of files per upload id, removed when the server stops; never a folder the user keeps files in),
or a **folder** on this machine, named by its absolute path, only when the server listens on
localhost (it is then the user's own machine asking; a server that other machines reach reads
uploads only). Either way one request reads at most :data:`MAX_HISTORY_BYTES` of history text,
refused up front with the size the files hold. Or a **database** of hands made by ``pokerscore
histories import`` (a DuckDB file of this machine, on localhost only, opened read-only): its
report, hand list and replayer come from its tables, filtered by the ``--where`` grammar. The
rows of a run (one per hand and player, the Parquet rows of ``histories --out``) are kept in the
server's temporary folder for the hand list, and made again when the files change; so are the
places where each hand of a file starts, so that the replayer reads only the hand's bytes.
"""

from __future__ import annotations

import itertools
import re
import secrets
import shutil
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from pokerscore._support.errors import PokerScoreError, shorten
from pokerscore.web.api import RequestError

if TYPE_CHECKING:
    from pokerscore._support.progress import Progress
    from pokerscore.histories.database import GroupBy
    from pokerscore.histories.model import HandHistory, HandHistoryError
    from pokerscore.histories.places import HandPlaces
    from pokerscore.histories.reading import FileFormat

MAX_HISTORY_BYTES: Final = 128 << 20
"""The most hand-history text one request reads (the files of an upload or of a folder):
``pokerscore histories`` reads any size."""
MAX_UPLOADS_BYTES: Final = 512 << 20
"""The most the server keeps of all uploads together."""
MAX_UPLOAD_FILES: Final = 1000
"""The most files in one upload."""
PROGRESS_BYTES: Final = 1 << 20
"""A run reports its progress (and a request whose client has gone stops) every this many bytes
of a file, and after each file."""
MAX_LIST: Final = 500
"""The most hands one page of the hand list holds."""
_NAME: Final = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.,+=@() -]{0,119}")
_UPLOAD_ID: Final = re.compile(r"[0-9a-f]{16}")


class TooLarge(PokerScoreError):
    """An upload past the server's limits (HTTP 413)."""


@dataclass
class _Rows:
    """The rows of one run over a set of files, as long as the files are the same."""

    signature: tuple[tuple[str, int, int], ...]
    path: Path


@dataclass
class HistoryFiles:
    """The server's hand-history files: uploads in ``root`` (its own temporary folder), whether
    requests may name folders of this machine, and the rows of the runs made so far."""

    root: Path
    local_folders: bool
    uploads: dict[str, Path] = field(default_factory=dict)
    rows: dict[str, _Rows] = field(default_factory=dict)
    places: dict[str, tuple[tuple[str, int, int], HandPlaces | None]] = field(default_factory=dict)
    """Where each hand of a file starts (by the file's path and format), as long as the file is
    the same: the replayer reads only the hand's bytes."""
    lock: threading.Lock = field(default_factory=threading.Lock)
    runs: itertools.count[int] = field(default_factory=itertools.count)

    @classmethod
    def create(cls, *, local_folders: bool) -> HistoryFiles:
        """A new store in a new temporary folder (see :meth:`close`)."""
        return cls(Path(tempfile.mkdtemp(prefix="pokerscore-web-")), local_folders)

    def close(self) -> None:
        """Remove every upload and every row file."""
        shutil.rmtree(self.root, ignore_errors=True)

    # -- uploads ---------------------------------------------------------------------------

    def upload_target(self, upload: str | None, name: str, declared: int | None) -> Path:
        """Where a new file of an upload (a new one when ``upload`` is None) is written, once
        checked: its name (a plain file name ending as the files a run reads do: .phh, .phhs,
        .txt …) and, when the request declares it, its size against the limits."""
        from pokerscore.histories.reading import HISTORY_SUFFIXES

        if not _NAME.fullmatch(name) or not name.lower().endswith(HISTORY_SUFFIXES):
            raise RequestError(
                f'the file name "{shorten(name)}" must be a plain name (letters, digits, '
                f"._-+=@(), and spaces) ending {', '.join(HISTORY_SUFFIXES)}"
            )
        with self.lock:
            if upload is None:
                upload = secrets.token_hex(8)
                folder = self.root / "uploads" / upload
                folder.mkdir(parents=True)
                self.uploads[upload] = folder
            folder = self.upload_folder(upload)
            files = [path for path in folder.iterdir() if not path.name.startswith(".")]
            if len(files) >= MAX_UPLOAD_FILES:
                raise TooLarge(f"an upload holds at most {MAX_UPLOAD_FILES:,} files")
            if (folder / name).exists():
                raise RequestError(f'the upload holds a file "{shorten(name)}" already')
        if declared is not None:
            self.check_room(folder, declared)
        return folder / name

    def upload_folder(self, upload: str) -> Path:
        folder = self.uploads.get(upload) if _UPLOAD_ID.fullmatch(upload) else None
        if folder is None:
            raise RequestError(
                f'no upload "{shorten(upload)}" on this server (it may have restarted)'
            )
        return folder

    def check_room(self, folder: Path, size: int) -> None:
        """Refuse ``size`` more bytes in ``folder`` past the limits, with the size it would make."""
        held = _bytes(folder)
        if held + size > MAX_HISTORY_BYTES:
            raise TooLarge(
                f"the upload would hold {held + size:,} bytes: the server reads at most "
                f"{MAX_HISTORY_BYTES:,} bytes of histories at a time (pokerscore histories "
                "reads any size)"
            )
        everything = _bytes(self.root / "uploads")
        if everything + size > MAX_UPLOADS_BYTES:
            raise TooLarge(
                f"the uploads would hold {everything + size:,} bytes: the server keeps at most "
                f"{MAX_UPLOADS_BYTES:,} (restart it to clear them)"
            )

    def listing(self, upload: str) -> dict[str, object]:
        folder = self.upload_folder(upload)
        files = sorted(path for path in folder.iterdir() if not path.name.startswith("."))
        return {
            "upload": upload,
            "files": [path.name for path in files],
            "bytes": sum(path.stat().st_size for path in files),
        }

    # -- what a request names ----------------------------------------------------------------

    def source(self, upload: str | None, folder: str | None) -> tuple[Path, list[Path]]:
        """The folder a request names and the history files in it, checked against the
        limits."""
        from pokerscore.histories.reading import history_files

        if (upload is None) == (folder is None):
            raise RequestError('give "upload" (an id from /api/histories/upload) or "folder"')
        if upload is not None:
            root = self.upload_folder(upload)
        else:
            assert folder is not None
            if not self.local_folders:
                raise RequestError(
                    '"folder" is for a server that listens on localhost only: upload the files'
                )
            root = Path(folder)
            if not root.is_absolute():
                raise RequestError(f'"folder" must be an absolute path, not "{shorten(folder)}"')
            if not root.is_dir():
                raise PokerScoreError(f"{shorten(folder)} is not a folder")
        files = history_files([root])
        size = sum(path.stat().st_size for path in files)
        if size > MAX_HISTORY_BYTES:
            raise PokerScoreError(
                f"the files hold {size:,} bytes: the server reads at most {MAX_HISTORY_BYTES:,} "
                "bytes of histories at a time (pokerscore histories reads any size)"
            )
        return root, files

    def run(
        self,
        files: list[Path],
        file_format: FileFormat,
        follow: str | None,
        progress: Progress | None,
    ) -> tuple[Any, Path]:
        """Replay ``files``: the summary, and the rows kept for the hand list."""
        from pokerscore.histories.running import analyse_histories

        key = _key(files, file_format)
        out = self.root / "rows" / f"run-{next(self.runs)}.parquet"
        summary = analyse_histories(
            files,
            out=out,
            follow=follow,
            file_format=file_format,
            progress=progress,
            part_bytes=PROGRESS_BYTES,
        )
        with self.lock:
            old = self.rows.get(key)
            self.rows[key] = _Rows(_signature(files), out)
        if old is not None:
            old.path.unlink(missing_ok=True)
        return summary, out

    def rows_of(
        self, files: list[Path], file_format: FileFormat, progress: Progress | None
    ) -> Path:
        """The rows of ``files``: kept from a run over the same files, or made now."""
        with self.lock:
            kept = self.rows.get(_key(files, file_format))
        if kept is not None and kept.signature == _signature(files) and kept.path.exists():
            return kept.path
        return self.run(files, file_format, None, progress)[1]

    def places_of(self, path: Path, file_format: str) -> HandPlaces | None:
        """Where each hand of ``path`` starts: found once (a pass over its bytes), kept while
        the file stays the same; None for a file read whole."""
        from pokerscore.histories.places import hand_places
        from pokerscore.histories.reading import file_format_of

        key = file_format + "\0" + str(path)
        signature = _signature([path])[0]
        with self.lock:
            kept = self.places.get(key)
        if kept is not None and kept[0] == signature:
            return kept[1]
        found = hand_places(path, file_format_of(path, _format(file_format)))
        with self.lock:
            self.places[key] = (signature, found)
        return found


def _bytes(folder: Path) -> int:
    """The bytes of the finished files in ``folder`` and below (a file being written is
    hidden until it is whole, and counted by its writer)."""
    if not folder.is_dir():
        return 0
    return sum(
        path.stat().st_size
        for path in folder.rglob("*")
        if path.is_file() and not path.name.startswith(".")
    )


def _key(files: list[Path], file_format: str) -> str:
    return file_format + "\0" + "\0".join(str(path) for path in files)


def _signature(files: list[Path]) -> tuple[tuple[str, int, int], ...]:
    found = []
    for path in files:
        stat = path.stat()
        found.append((str(path), stat.st_size, stat.st_mtime_ns))
    return tuple(found)


def _relative(name: str, root: Path) -> str:
    """A file as the answers name it: its path inside the folder the request named."""
    try:
        return Path(name).relative_to(root).as_posix()
    except ValueError:
        return name


def _files_of(context: Any) -> HistoryFiles:
    files: HistoryFiles = context.histories
    return files


def _format(file_format: str) -> FileFormat:
    """The format as the library takes it (which refuses a name it does not know)."""
    return file_format  # type: ignore[return-value]


# -- the endpoints ---------------------------------------------------------------------------


def report(
    upload: str | None,
    folder: str | None,
    player: str | None,
    format: str,
    context: Any,
    progress: Progress | None = None,
) -> dict[str, object]:
    """``histories --json`` over the files (every player), with ``player``'s hand-by-hand net
    and all-in EV adjusted net added up (``series``: one [net, adjusted] pair per hand played)."""
    from pokerscore.histories.model import HandHistoryError

    store = _files_of(context)
    root, files = store.source(upload, folder)
    summary, _ = store.run(files, _format(format), player, progress)
    payload: dict[str, Any] = summary.as_json()
    for entry in payload["errors"]:
        entry["file"] = _relative(entry["file"], root)
        entry["message"] = str(
            HandHistoryError(
                entry["reason"], file=entry["file"], hand=entry["hand"], line=entry["line"]
            )
        )
    for entry in payload["disagreement_list"]:
        entry["file"] = _relative(entry["file"], root)
    _add_series(payload, player, summary.series)
    return payload


def _add_series(
    payload: dict[str, Any], player: str | None, nets: list[tuple[float, float]]
) -> None:
    """``player``'s hand-by-hand net and all-in EV adjusted net added up (``series``: one
    [net, adjusted] pair per hand played), from each hand's pair; nothing without a player."""
    if player is None:
        return
    net = adjusted = 0.0
    series = []
    for one, other in nets:
        net += one
        adjusted += other
        series.append([round(net, 6), round(adjusted, 6)])
    payload["player"] = player
    payload["series"] = series


def _page(offset: int, limit: int) -> None:
    """A hand list's page checked: ``limit`` rows (1 to :data:`MAX_LIST`) from ``offset``."""
    if not 1 <= limit <= MAX_LIST:
        raise RequestError(f'the field "limit" must be 1 to {MAX_LIST}')
    if offset < 0:
        raise RequestError('the field "offset" must be 0 or more')


def _round_amounts(rows: list[dict[str, Any]]) -> None:
    """A hand list's amounts rounded to six decimals, as the lists show them."""
    for row in rows:
        for name in ("net", "allin_ev", "put_in", "pot"):
            if isinstance(row.get(name), float):
                row[name] = round(row[name], 6)


_COLUMNS: Final = ["file", "hand", "hand_id", "site", "variant", "stakes", "player",
                    "position", "hole", "put_in", "net", "allin_ev"]  # fmt: skip
"""The rows' columns the hand list reads."""


def hands(
    upload: str | None,
    folder: str | None,
    player: str | None,
    game: str | None,
    position: str | None,
    min_net: float | None,
    max_net: float | None,
    offset: int,
    limit: int,
    format: str,
    context: Any,
    progress: Progress | None = None,
) -> dict[str, object]:
    """The hands, one row each, in file order, filtered: with ``player``, the player's hands
    (their position, cards, net and all-in EV; ``position``, ``min_net`` and ``max_net`` filter
    on them), without it every hand (the players and the chips put in); ``game`` keeps one
    variant (``NT``, ``PO`` …). ``offset`` and ``limit`` page through them."""
    import numpy as np
    import pyarrow as pa
    import pyarrow.compute as pc
    import pyarrow.parquet as pq

    _page(offset, limit)
    if player is None and (position is not None or min_net is not None or max_net is not None):
        raise RequestError(
            '"position", "min_net" and "max_net" filter a player\'s hands: give "player"'
        )
    store = _files_of(context)
    root, files = store.source(upload, folder)
    try:
        rows = pq.read_table(store.rows_of(files, _format(format), progress), columns=_COLUMNS)
    except FileNotFoundError:  # replaced by a newer run of the same files just now: read that
        rows = pq.read_table(store.rows_of(files, _format(format), progress), columns=_COLUMNS)
    variants = sorted(set(rows.column("variant").drop_null().to_pylist()))
    players = rows.column("player")
    if player is not None:
        rows = rows.filter(pc.equal(players, player))
        if position is not None:
            rows = rows.filter(pc.equal(rows.column("position"), position))
        if min_net is not None:
            rows = rows.filter(pc.greater_equal(rows.column("net"), min_net))
        if max_net is not None:
            rows = rows.filter(pc.less_equal(rows.column("net"), max_net))
    if game is not None:
        rows = rows.filter(pc.equal(rows.column("variant"), game))
    if player is None:
        # each hand's first row kept beside it: the groups come back sorted by it, in file
        # order, whatever order the grouping gives them in
        rows = rows.append_column("first", pa.array(np.arange(rows.num_rows, dtype=np.int64)))
        grouped = rows.group_by(
            ["file", "hand", "hand_id", "site", "variant", "stakes"], use_threads=False
        ).aggregate([("player", "count"), ("put_in", "sum"), ("first", "min")])
        rows = grouped.rename_columns(
            [*grouped.column_names[:-3], "players", "pot", "first"]
        )  # the aggregates' names: player_count, put_in_sum, first_min
        rows = rows.sort_by("first").select(
            ["file", "hand", "hand_id", "site", "variant", "stakes", "players", "pot"]
        )
    total = rows.num_rows
    page = rows.slice(offset, limit).to_pylist() if offset < total else []
    for row in page:
        row["file"] = _relative(row["file"], root)
    _round_amounts(page)
    return {
        "hands": total,
        "offset": offset,
        "rows": page,
        "variants": variants,
        "player": player,
    }


def one_hand(
    upload: str | None,
    folder: str | None,
    file: str,
    hand: int,
    format: str,
    context: Any,
    progress: Progress | None = None,
) -> dict[str, object]:
    """One hand replayed: who sat where with what, each player's result and all-in EV, the
    pots, and the table step by step (:func:`~pokerscore.histories.steps.replay_steps`)."""
    from pokerscore.histories.model import HandHistoryError
    from pokerscore.histories.places import hand_at
    from pokerscore.histories.reading import read_histories

    store = _files_of(context)
    root, files = store.source(upload, folder)
    wanted = root / file
    if wanted not in files:
        raise RequestError(f'no file "{shorten(file)}" among the hand histories named')
    found: HandHistory | HandHistoryError | None = None
    try:
        places = store.places_of(wanted, format)
    except HandHistoryError as error:  # a file whose format cannot be told
        raise PokerScoreError(_relative_error(error, root)) from None
    if places is not None:  # only the hand's own bytes
        found = hand_at(places, hand)
    else:  # a file read whole: a .phh file, another site's format
        for read, item in enumerate(read_histories(wanted, file_format=_format(format)), 1):
            if progress is not None and read % 100 == 0:
                progress(read, 0)
            number = item.hand if isinstance(item, HandHistoryError) else item.number
            if number == hand:
                found = item
                break
    if found is None:
        raise PokerScoreError(f"{shorten(file)} has no hand {hand}")
    if isinstance(found, HandHistoryError):
        raise PokerScoreError(_relative_error(found, root))
    try:
        return hand_json(found, root)
    except HandHistoryError as error:
        raise PokerScoreError(_relative_error(error, root)) from None


def _relative_error(error: HandHistoryError, root: Path) -> str:
    from pokerscore.histories.model import HandHistoryError

    return str(
        HandHistoryError(
            error.reason, file=_relative(error.file, root), hand=error.hand, line=error.line
        )
    )


def hand_json(hand: HandHistory, root: Path) -> dict[str, object]:
    """One hand and its replay as the API answers it."""
    from pokerscore.histories.model import DRAW_GAMES
    from pokerscore.histories.replay import replay
    from pokerscore.histories.rows import stakes_text
    from pokerscore.histories.steps import STUD_GAMES, replay_steps

    result = replay(hand)
    steps = list(replay_steps(hand))
    names = hand.names
    seated = hand.game in STUD_GAMES  # no blinds, no button: a seat is its player, no position

    def cards(found: tuple[Any, ...] | None) -> list[str | None] | None:
        return None if found is None else [None if card is None else str(card) for card in found]

    def money(value: float | None) -> float | None:
        return None if value is None else round(value, 6)

    return {
        "file": _relative(hand.file, root),
        "hand": hand.number,
        "hand_id": hand.hand_id,
        "site": hand.site,
        "table": hand.table,
        "variant": hand.variant,
        "game": hand.game,
        "betting": hand.betting,
        "stakes": stakes_text(hand),
        "currency": hand.currency,
        "players": [
            {
                "player": seat.name,
                "seat": seat.seat,
                "position": None if seated else player.position,
                "stack": seat.stack / hand.scale,
                "hole": cards(player.hole),
                "put_in": money(player.put_in),
                "won": money(player.won),
                "net": money(player.net),
                "allin_ev": money(player.allin_ev),
            }
            for seat, player in zip(hand.seats, result.players, strict=True)
        ],
        "board": [str(card) for card in result.board],
        "pots": [
            {
                "amount": pot.amount / hand.scale,
                "eligible": [names[i] for i in pot.eligible],
                "shares": [[names[i], float(share)] for i, share in pot.shares],
            }
            for pot in result.pots
        ],
        "rake": money(result.rake),
        "equity_note": (
            "no all-in equity in the draw games: no drawing policy to deal the draws by"
            if hand.game in DRAW_GAMES
            else None
        ),
        "disagreements": [d.message for d in result.disagreements],
        "steps": [
            {
                "number": step.number,
                "street": step.street,
                "kind": None if step.action is None else step.action.kind,
                "actor": None if step.action is None else step.action.actor,
                "text": step.text,
                "stacks": [money(value) for value in step.stacks],
                "bets": [money(value) for value in step.bets],
                "pot": money(step.pot),
                "board": [str(card) for card in step.board],
                "holes": [cards(hole) for hole in step.holes],
                "folded": list(step.folded),
                "to_act": step.to_act,
                "equity": None if step.equity is None else [money(value) for value in step.equity],
                "equity_samples": step.equity_samples,
                "won": None if step.won is None else [money(value) for value in step.won],
                "runs": [[str(card) for card in run] for run in step.runs],
                "run_won": [[money(value) for value in won] for won in step.run_won],
            }
            for step in steps
        ],
    }


# -- a database of hands (pokerscore histories import) ------------------------------------------

_DUCKDB_MAGIC: Final = b"DUCK"
"""What a DuckDB file holds at bytes 8 to 12."""


def _database(database: str, context: Any) -> Path:
    """The database a request names, checked: a DuckDB file of this machine (a server on
    localhost only, as for folders), named by its absolute path; opened read-only."""
    if not _files_of(context).local_folders:
        raise RequestError(
            '"database" is for a server that listens on localhost only: upload the files'
        )
    path = Path(database)
    if not path.is_absolute():
        raise RequestError(f'"database" must be an absolute path, not "{shorten(database)}"')
    if not path.is_file():
        raise PokerScoreError(f"{shorten(database)} is not a file")
    with path.open("rb") as handle:
        head = handle.read(12)
    if head[8:12] != _DUCKDB_MAGIC:
        raise PokerScoreError(
            f"{shorten(database)} is not a database of hands (a DuckDB file made by "
            "pokerscore histories import)"
        )
    return path


def _by(by: str | None) -> GroupBy | None:
    from pokerscore.histories.database import GROUPS

    if by is not None and by not in GROUPS:
        raise RequestError(f'the field "by" must be one of {", ".join(GROUPS)}')
    return by  # type: ignore[return-value]


def database_report(
    database: str, player: str | None, where: str | None, by: str | None, context: Any
) -> dict[str, object]:
    """``histories report --json`` over a database's hands (the rows ``where`` keeps, grouped
    ``by``), with ``player``'s hand-by-hand net and all-in EV adjusted net added up."""
    from pokerscore.histories.database import report_histories

    found = report_histories(
        database=_database(database, context), player=player, where=where, by=_by(by), wait=5
    )
    payload: dict[str, Any] = found.as_json()
    payload["by"] = by
    payload["where"] = where
    _add_series(payload, player, found.series)
    return payload


def database_list(
    database: str,
    player: str | None,
    where: str | None,
    offset: int,
    limit: int,
    context: Any,
) -> dict[str, object]:
    """The database's hands in import order, ``where`` kept: with ``player``, the player's rows
    (position, cards, net, all-in EV), without it each hand (its players and pot); ``seq``
    opens one in the replayer."""
    from pokerscore.histories.database import database_hands

    _page(offset, limit)
    found = database_hands(
        database=_database(database, context),
        player=player,
        where=where,
        offset=offset,
        limit=limit,
        wait=5,
    )
    _round_amounts(found.rows)
    return {"hands": found.total, "offset": offset, "rows": found.rows, "player": player}


def database_one_hand(database: str, seq: int, context: Any) -> dict[str, object]:
    """Hand ``seq`` of the database, rebuilt from its stored actions and replayed step by step
    (as :func:`one_hand` answers a file's hand)."""
    from pokerscore.histories.database import database_hand
    from pokerscore.histories.model import HandHistoryError

    path = _database(database, context)
    hand = database_hand(database=path, seq=seq, wait=5)
    try:
        payload = hand_json(hand, path.parent)
    except HandHistoryError as error:
        raise PokerScoreError(str(error)) from None
    payload["seq"] = seq
    return payload
