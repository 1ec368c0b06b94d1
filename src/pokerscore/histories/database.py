"""A database of your hands (DuckDB, the ``database`` extra): hand histories imported once, and
reports over them, filtered and grouped, without reading the files again.

Two tables. ``hands``: one row a hand, its key (below), its place in the import order
(``seq``), site, hand id, file, number, month, variant, stakes, big blind, setup and actions.
``players``: one
row per hand and player, the player's own columns of ``histories --out``, the hand's big blind
and ``seq`` (the view ``player_rows`` spreads its flags; a report whose filter names only these
columns reads it); the view ``rows`` joins each with its hand's: the columns of ``histories --out``
(:data:`~pokerscore.histories.model.COLUMNS`, the counts of
:data:`~pokerscore.histories.model.ACTION_COUNTS` among them, 0 or 1 each) and ``hand_key``,
``seq``, ``month``, what the reports and filters read. Each hand's actions are one BLOB in
``hands.actions`` (:mod:`~pokerscore.histories.packed_actions`: each action's street, player
and kind as small integers, the street's place in :data:`~pokerscore.histories.model.STREETS`,
the player's seat in the hand's ``setup``, the kind's code in :data:`ACTION_KINDS`; its amount
in the hand's units, its cards), the view ``actions_named`` giving them a row an action with
their names (``seq``, ``idx``, ``street``, ``player``, ``kind``, ``amount`` in chips,
``cards``); with each hand's ``setup`` in ``hands`` (JSON: what the replayer needs beyond the
actions: the seats, stakes and rules, the site's record, and the few actions' fields the BLOB
has no place for), a hand is rebuilt whole (:func:`database_hand`). The reports' sums (``player_sums``, ``hand_counts``:
:mod:`~pokerscore.histories.report_sums`) add the rows up by the columns filters name most. A
table ``meta`` holds the schema's version (:data:`SCHEMA_VERSION`); a database of another
version is refused by name.

A hand is known by its site and hand id (``site|hand_id``); a hand without both (a PHH file may
give no ``venue``, and its ``hand`` then numbers it only in some collection) by the SHA-256 of
its file's bytes and its number in the file, so importing the same files again, under any name,
adds nothing. An import is one transaction: killed, it leaves the database as it was. With a
Dask client its files' parts run on the workers, staged as Parquet beside the database and
added by DuckDB in bulk (:func:`import_histories`). DuckDB lets one process at a time open a
database file to write: a second import (or a report) waits for the first, up to ``wait``
seconds, then fails in one sentence.
"""

from __future__ import annotations

import hashlib
import os
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, Literal

from pokerscore._support.errors import ParameterError, PokerScoreError, expect
from pokerscore._support.extras import require_extra
from pokerscore.histories import report_sums
from pokerscore.histories.filters import ColumnKind, parse_filter
from pokerscore.histories.model import (
    ACTION_COUNTS,
    COLUMNS,
    STREETS,
    HandHistory,
    HandHistoryError,
    played_month,
)
from pokerscore.histories.packed_actions import (
    ACTION_KINDS,
    NAMED_ACTIONS,
    card_codes,
    cards_text,
    packed,
    text_codes,
    unpacked,
)
from pokerscore.histories.stats import PlayerStats, StatsTally, players_json

if TYPE_CHECKING:  # the readers are imported by an import only: a report loads none of them
    import duckdb
    import numpy as np
    import numpy.typing as npt
    import pyarrow as pa
    from distributed import Client

    from pokerscore.cards import Card
    from pokerscore.histories.batches import Batch
    from pokerscore.histories.part_specs import HistoryPart, PartDone, PartTask
    from pokerscore.histories.reading import FileFormat
    from pokerscore.histories.summary import BadHand

GroupBy = Literal["position", "stakes", "month", "game", "site"]
GROUPS: Final[dict[str, str]] = {
    "position": "position",
    "stakes": "stakes",
    "month": "month",
    "game": "variant",
    "site": "site",
}
"""What ``by`` groups on, and the column it reads (a game is its PHH variant code)."""
BATCH_HANDS: Final = 20_000
"""Hands gathered before they are added to the database."""
SUMS_HANDS: Final = 250_000
"""Hands whose reports' sums are added in one pass: the pass groups the rows by hand, a hash
table DuckDB cannot spill (about 0.6 KB a hand), so one pass over a whole 21.6 M-hand import
ran out of :data:`MEMORY_LIMIT` at its end."""
MEMORY_LIMIT: Final = "1GB"
"""DuckDB's memory in a call: past it, what a transaction holds spills to a temporary folder
beside the database."""
WAIT: Final = 60.0
"""Seconds a call waits for another process's hold on the database file."""
_SQL_TYPES: Final = {
    "string": "VARCHAR",
    "int32": "INTEGER",
    "int16": "SMALLINT",
    "int8": "TINYINT",
    "float64": "DOUBLE",
    "bool_": "BOOLEAN",
}
_EXTRA: Final = (("hand_key", "string"), ("seq", "int64"), ("month", "string"))
HAND_COLUMNS: Final = (
    ("file", "file"),
    ("hand", "number"),
    ("hand_id", "hand_id"),
    ("site", "site"),
    ("variant", "variant"),
    ("stakes", "stakes"),
    ("big_blind", "big_blind"),
)
"""The rows' columns that are the hand's (a run's column, ``hands``' column), kept once a hand in
``hands`` (layout 6), not on each player's row: ``rows`` joins them back (and spreads the
bits of :data:`FLAGS`); but :data:`ON_PLAYERS`."""
ON_PLAYERS: Final = ("big_blind",)
"""The hand-level columns kept on each player's row too (layout 7): what a report's figures read
(the results in big blinds), so that a report whose filter names only the players' own columns
reads ``players`` alone (the view ``player_rows``), no join with ``hands``: over 21.6 million
hands the join was most of such a report (``benchmarks/histories.md``, session 26)."""
FLAGS: Final = (
    "vpip", "pfr", "saw_flop", "went_to_showdown", "won_at_showdown", *ACTION_COUNTS
)  # fmt: skip
"""The rows' flags and action counts (each 0 or 1), kept as the bits of ``players.flags`` in this
order (layout 6: thirteen columns of a bit cost DuckDB a third of the players' appends)."""
SCHEMA_VERSION: Final = 8
"""The database's layout: 8 keeps each hand's actions as one BLOB in ``hands.actions``
(:mod:`~pokerscore.histories.packed_actions`), not a row an action in a table ``actions``
(DuckDB's appends of 15.6 rows a hand cost a fifth of an import's writing; one BLOB a hand
about a fifth of theirs, ``benchmarks/histories.md``, session 27), 7 keeps the big blind on each player's row too (:data:`ON_PLAYERS`),
6 keeps the rows' hand-level columns (:data:`HAND_COLUMNS`, the hand's
key and month) once a hand in ``hands``, the players' own in ``players``, ``rows`` a view joining
them (an import appended nine columns fewer on five rows a hand: DuckDB's appends and commit of
the rows cost about a third less, ``benchmarks/histories.md``), 5 keeps each action's street, player and kind as small integers (4
kept their names: DuckDB's appends and compression of those three strings were a third of the
actions' cost, ``benchmarks/histories.md``), 4 keeps each action's hand by its ``seq`` alone (3 repeated the
hand's key on every action, a sixth of an import's writing) and ``hands`` without a primary key
(an import finds the hands held by :class:`_HeldKeys`; the key's index outgrew the import's
:data:`MEMORY_LIMIT` near 20 million hands, and DuckDB failed the commit), 3 added the reports' sums
(:mod:`~pokerscore.histories.report_sums`), 2 each hand's ``setup`` (version 1, before it, had
no ``meta`` table)."""
_READ_VERSIONS: Final = (2, 3, 4, 5, 6, 7, SCHEMA_VERSION)
"""The layouts read: a database of version 2 is reported on from its rows alone; the next
import brings an older one to :data:`SCHEMA_VERSION` (:func:`_migrate`)."""

IMPORT_SETTINGS: Final = ("SET threads = 1", "SET preserve_insertion_order = false")
"""DuckDB's settings for an import: its appends and commit on one thread cost less CPU than on
two (about 3 s of 20 for 200,000 hands, ``benchmarks/histories.md``), and the order of rows
within a table is the import's ``seq``, not the appends' order."""


SETUP_COMPRESSION: Final = "USING COMPRESSION zstd"
"""How ``hands.setup`` is compressed: DuckDB's own choice for its JSON text (``DICT_FSST``) cost
0.72 s of CPU a 200,000 hands' commit for 44 MB, Zstandard 0.31 s for 15 MB
(``benchmarks/histories.md``); a database made before keeps its choice."""

_KIND_CODES: Final = {kind: code for code, kind in enumerate(ACTION_KINDS)}
_GATHERED: Final = (
    "steps", "streets", "players", "kinds", "amounts", "has_amount", "card_counts", "cards"
)  # fmt: skip
"""What an import gathers of the actions of the hands it reads whole: the arguments of
:func:`~pokerscore.histories.packed_actions.packed`."""


class DatabaseBusyError(PokerScoreError):
    """Another process held the database for longer than the wait."""


def row_columns() -> dict[str, ColumnKind]:
    """The columns of ``rows`` a filter may name, with their kinds."""
    kinds: dict[str, ColumnKind] = {}
    for name, kind in (*COLUMNS, *_EXTRA):
        kinds[name] = "text" if kind == "string" else "flag" if kind == "bool_" else "number"
    return kinds


def _hands_table(name: str, *, actions: bool = True) -> str:
    """The statement making ``hands`` (under ``name``): each hand once, with the rows'
    hand-level columns (:data:`HAND_COLUMNS`), its setup and its packed actions (layout 8;
    without ``actions``, layout 7's, which a migration from 2 to 5 makes first)."""
    packed_actions = (
        f", actions BLOB {SETUP_COMPRESSION}" if actions else ""
    )  # Zstandard: less CPU than DuckDB's own choice (benchmarks/histories.md, session 27)
    return (
        f"CREATE TABLE IF NOT EXISTS {name} (hand_key VARCHAR, seq BIGINT, "
        "site VARCHAR, hand_id VARCHAR, file VARCHAR, number INTEGER, month VARCHAR, "
        f"setup VARCHAR {SETUP_COMPRESSION}, variant VARCHAR, stakes VARCHAR, big_blind DOUBLE"
        f"{packed_actions})"
    )


def _player_columns() -> list[tuple[str, str]]:
    """The columns of ``players`` (name, SQL type): a run's rows' but the hand-level ones (bar
    :data:`ON_PLAYERS`) and :data:`FLAGS`, then ``seq`` and ``flags``."""
    left_out = ({name for name, _ in HAND_COLUMNS} - set(ON_PLAYERS)) | set(FLAGS)
    columns = [(name, _SQL_TYPES[kind]) for name, kind in COLUMNS if name not in left_out]
    return [*columns, ("seq", "BIGINT"), ("flags", "SMALLINT")]


def _flags_term(name: str) -> str:
    """One of :data:`FLAGS` read from ``p.flags``, typed as the rows' column."""
    bit = f"((p.flags >> {FLAGS.index(name)}) & 1)"
    if dict(COLUMNS)[name] == "bool_":
        return f'{bit} = 1 AS "{name}"'
    return f'CAST({bit} AS TINYINT) AS "{name}"'


def _rows_view() -> str:
    """The view ``rows``: a run's rows' columns then ``hand_key``, ``seq``, ``month`` and the
    action counts (layout 5's table), each player's row joined with its hand's."""
    from_hands = {name: column for name, column in HAND_COLUMNS if name not in ON_PLAYERS}
    names = [name for name, _ in COLUMNS if name not in ACTION_COUNTS]
    names += ["hand_key", "seq", "month", *ACTION_COUNTS]
    terms = []
    for name in names:
        if name in from_hands:
            terms.append(f'h."{from_hands[name]}" AS "{name}"')
        elif name in ("hand_key", "month"):
            terms.append(f'h."{name}"')
        elif name in FLAGS:
            terms.append(_flags_term(name))
        else:
            terms.append(f'p."{name}"')
    return (
        f"CREATE OR REPLACE VIEW rows AS SELECT {', '.join(terms)} "
        "FROM players p JOIN hands h ON p.seq = h.seq"
    )


PLAYER_ROW_COLUMNS: Final = tuple(
    name
    for name in (*(name for name, _ in COLUMNS), "seq")
    if name not in {name for name, _ in HAND_COLUMNS} - set(ON_PLAYERS)
)
"""The columns of the view ``player_rows`` (layout 7): those of ``rows`` that ``players`` holds
(the player's own, :data:`ON_PLAYERS`, ``seq``)."""


def _player_rows_view() -> str:
    """The view ``player_rows``: ``players`` with the bits of :data:`FLAGS` spread, no join (what
    a report reads where its filter names only these columns)."""
    terms = [_flags_term(name) if name in FLAGS else f'p."{name}"' for name in PLAYER_ROW_COLUMNS]
    return f"CREATE OR REPLACE VIEW player_rows AS SELECT {', '.join(terms)} FROM players p"


def _schema(con: duckdb.DuckDBPyConnection) -> None:
    players = ", ".join(f'"{name}" {kind}' for name, kind in _player_columns())
    _run(con, _hands_table("hands"))
    _run(con, f"CREATE TABLE IF NOT EXISTS players ({players})")
    _run(con, _rows_view())
    _run(con, _player_rows_view())
    _run(con, "CREATE TABLE IF NOT EXISTS meta (name VARCHAR PRIMARY KEY, value VARCHAR)")
    _run(con, "INSERT OR IGNORE INTO meta VALUES ('schema', ?)", [str(SCHEMA_VERSION)])
    for statement in report_sums.create_statements():
        _run(con, statement)
    _run(con, NAMED_ACTIONS)


def _sql_list(names: Sequence[str]) -> str:
    return "[" + ", ".join(f"'{name}'" for name in names) + "]"


def _version(con: duckdb.DuckDBPyConnection) -> int | None:
    """The database's schema version: None for an empty one, 1 for one without ``meta``."""
    tables = {name for (name,) in _run(con, "SELECT table_name FROM information_schema.tables")}
    if "meta" in tables:
        found = _run(con, "SELECT value FROM meta WHERE name = 'schema'")
        return int(found[0][0]) if found else 1
    return 1 if "hands" in tables else None


def _check_version(con: duckdb.DuckDBPyConnection, database: Path, *, empty: bool) -> None:
    """Refuse a database of another schema version (or, ``empty`` False, one without hands)."""
    version = _version(con)
    if version is None and not empty:
        raise ParameterError(f"{{name}} {database} holds no hands: import some first", "database")
    if version is not None and version not in _READ_VERSIONS:
        raise ParameterError(
            f"{{name}} {database} has the layout of version {version} of pokerscore's databases, "
            f"this one reads versions {', '.join(map(str, _READ_VERSIONS[:-1]))} and "
            f"{_READ_VERSIONS[-1]}: import the files "
            "again into a new database",
            "database",
        )


def _run(con: duckdb.DuckDBPyConnection, sql: str, values: Sequence[object] = ()) -> list[Any]:
    """A statement run to its end (DuckDB wants every result fetched before the next)."""
    return con.execute(sql, values).fetchall()


def _connect(database: Path, *, read_only: bool, wait: float) -> duckdb.DuckDBPyConnection:
    """A connection, waiting up to ``wait`` seconds while another process holds the file."""
    require_extra("database", "a database of hands")
    import duckdb

    deadline = time.monotonic() + wait
    while True:
        try:
            con = duckdb.connect(str(database), read_only=read_only)
            # an import's uncommitted rows spill to disk past this, not into all the memory
            _run(con, f"SET memory_limit = '{MEMORY_LIMIT}'")
            _run(con, "SET enable_progress_bar = false")  # its own bar on the terminal: never
            return con
        except duckdb.IOException as error:
            text = str(error)
            if "lock" not in text.lower():
                raise ParameterError(
                    f"{{name}} {database} cannot be opened as a DuckDB database: "
                    f"{text.splitlines()[0]}",
                    "database",
                ) from None
            if time.monotonic() >= deadline:
                raise DatabaseBusyError(
                    f"{database} is held by another process (an import?) for more than "
                    f"{wait:g} s: try again when it is done"
                ) from None
            time.sleep(0.2)
        except duckdb.Error as error:
            raise ParameterError(
                f"{{name}} {database} cannot be opened as a DuckDB database: "
                f"{str(error).splitlines()[0]}",
                "database",
            ) from None


def _file_digest(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        for chunk in iter(lambda: stream.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()[:32]


def hand_key(hand: HandHistory, file_digest: str) -> str:
    """How the database knows a hand: ``site|hand_id`` (a site numbers its hands once), or,
    without both (a PHH hand's ``hand`` with no ``venue`` is a number in some collection), the
    digest of its file's bytes and its number in the file."""
    if hand.hand_id is not None and hand.site:
        return f"{hand.site}|{hand.hand_id}"
    return f"sha256:{file_digest}#{hand.number}"


def _cards_of(text: str | None) -> tuple[Card | None, ...]:
    from pokerscore.cards.notation import parse_card

    if not text:
        return ()
    return tuple(
        None if text[i : i + 2] == "??" else parse_card(text[i : i + 2])
        for i in range(0, len(text), 2)
    )


def _tuples(value: object) -> object:
    """JSON's lists as the hand's tuples, all the way down."""
    return tuple(_tuples(item) for item in value) if isinstance(value, list) else value


def _rebuilt(setup: str, actions: list[tuple[Any, ...]], *, in_units: bool) -> HandHistory:
    """A hand from its ``setup`` and its ``actions`` (player, kind, amount, cards' text: the
    player's seat and the kind's code, or before layout 5 their names; the amount in the hand's
    units where ``in_units``, layout 8's, else in chips, a row of layout 7's ``actions``)."""
    import json

    from pokerscore.histories.model import Action, Seat

    found: dict[str, Any] = json.loads(setup)
    extras: dict[str, list[Any]] = found.pop("action_extras")
    seats = tuple(Seat(*seat) for seat in found.pop("seats"))
    names = {seat.name: index for index, seat in enumerate(seats)}
    scale = int(found["scale"])
    rebuilt = []
    for index, (player, kind, amount, cards) in enumerate(actions):
        runout, all_in, discarded = extras.get(str(index), (0, False, ""))
        rebuilt.append(
            Action(
                ACTION_KINDS[kind] if isinstance(kind, int) else kind,
                None if player is None else player if isinstance(player, int) else names[player],
                None if amount is None else amount if in_units else round(amount * scale),
                _cards_of(cards),
                runout=runout,
                all_in=all_in,
                discarded=_cards_of(discarded),
            )
        )
    values: dict[str, Any] = {name: _tuples(value) for name, value in found.items()}
    return HandHistory(seats=seats, actions=tuple(rebuilt), **values)


@dataclass
class ImportSummary:
    """What an import read and added."""

    files: int = 0
    hands: int = 0
    """Hands read and replayed."""
    added: int = 0
    """Hands new to the database (the others it knew already)."""
    bad: int = 0
    errors: list[BadHand] = field(default_factory=list)
    """The first :data:`~pokerscore.histories.summary.KEPT` bad hands."""

    def as_json(self) -> dict[str, Any]:
        return {
            "files": self.files,
            "hands": self.hands,
            "added": self.added,
            "known": self.hands - self.added,
            "bad": self.bad,
            "errors": [error.as_json() for error in self.errors],
        }


class _FileRows:
    """Some hands of one file new to the database (at most about :data:`BATCH_HANDS`): their
    rows (Arrow tables, the run's columns and ``hand_key``), and each one's month, setup and
    actions: from the PHH fast reader's log (:mod:`~pokerscore.histories.hand_log`), from the
    hands the run read by the reference reader, or else (a PokerStars hand the kernels played,
    another format's) from the lenient reader, read on through the file."""

    def __init__(
        self, path: Path, file_format: FileFormat, part: HistoryPart | None = None
    ) -> None:
        self.path = path
        self.file_format = file_format
        self.part = part
        """A part of the file (an import on Dask): the lenient reader reads its hands only."""
        self.reader: Iterator[HandHistory | HandHistoryError] | None = None
        """The lenient reader, read on as the run's blocks go (the hands come in one order),
        opened when a hand needs it."""
        self.tables: list[pa.Table] = []
        self.keys: set[str] = set()
        """The keys of the hands kept (new to the import and to the database)."""
        self.unread: set[str] = set()
        """The keys of the hands kept that the lenient reader is still to read."""
        self.months: dict[str, str | None] = {}
        self.setups: dict[str, str] = {}
        self.actions: dict[str, list[int]] = {name: [] for name in _GATHERED}
        """The actions of the hands read whole, hand after hand in the order of ``setups``, as
        :func:`~pokerscore.histories.packed_actions.packed` takes them (``steps`` a hand)."""
        self.setup_tables: list[pa.Table] = []
        """The month, setup and packed actions of the hands read from the log, by column
        (``hand_key``, ``month``, ``setup``, ``actions``)."""

    @cached_property
    def digest(self) -> str:
        """The file's :func:`hand_key` digest, read when a hand needs it (a file whose hands
        all have a site and an id is not read twice: 2 s of CPU for 1.1 GB)."""
        return _file_digest(self.path)

    def clear(self) -> None:
        self.tables = []
        self.keys = set()
        self.unread = set()
        self.months = {}
        self.setups = {}
        self.actions = {name: [] for name in self.actions}
        self.setup_tables = []

    def read_actions(self) -> None:
        """The month, setup and actions of the hands kept that neither the log nor the run's
        reference reader gave, from the lenient reader."""
        wanted = self.unread
        if not wanted:
            return
        if self.reader is None and self.part is not None:
            from pokerscore.histories.parts import PartRecords, _part_hands

            self.reader = _part_hands(self.part, PartRecords(self.part))
        elif self.reader is None:
            from pokerscore.histories.reading import read_file

            self.reader = iter(read_file(self.path, self.file_format))
        for hand in self.reader:
            if isinstance(hand, HandHistoryError):
                continue  # the run counted it
            key = hand_key(hand, self.digest)
            if key not in wanted:
                continue
            wanted.discard(key)
            self.add_hand(hand, key)
            if not wanted:
                break

    def add_hand(self, hand: HandHistory, key: str) -> None:
        """A hand read whole: its month, setup and actions."""
        from pokerscore.histories.setups import hand_setup

        self.months[key] = played_month(hand)
        self.setups[key] = hand_setup(hand)
        self._add_actions(hand)

    def add_logged(self, batch: Batch, places: npt.NDArray[np.int64], named: pa.Array) -> None:
        """Hands of a batch read from its log (``places``, their keys ``named``)."""
        import pyarrow as pa

        from pokerscore.histories.hand_log import log_hands

        # a hand whose kept value is no TOML is the lenient reader's: the fast reader leaves it
        found = log_hands(batch, places, str(self.path))
        self.setup_tables.append(
            pa.table(
                {
                    "hand_key": named,
                    "month": found.months,
                    "setup": found.setups,
                    "actions": found.actions,
                }
            )
        )

    def _add_actions(self, hand: HandHistory) -> None:
        street = 0
        kinds = _KIND_CODES
        actions = self.actions
        actions["steps"].append(len(hand.actions))
        for action in hand.actions:
            if action.kind == "deal-board":
                street = min(street + 1, len(STREETS) - 1)
            actions["streets"].append(street)
            actions["players"].append(-1 if action.actor is None else action.actor)
            actions["kinds"].append(kinds[action.kind])
            actions["amounts"].append(0 if action.amount is None else action.amount)
            actions["has_amount"].append(action.amount is not None)
            codes = card_codes(
                "".join("??" if card is None else str(card) for card in action.cards)
            )
            actions["card_counts"].append(len(codes))
            actions["cards"] += codes

    def packed_actions(self) -> pa.Array:
        """The actions of the hands read whole, packed, one BLOB a hand."""
        import numpy as np

        actions = self.actions
        steps, streets, players, kinds, amounts = (
            np.array(actions[name], dtype=np.int64) for name in _GATHERED[:5]
        )
        return packed(
            steps,
            streets,
            players,
            kinds,
            amounts,
            np.array(actions["has_amount"], dtype=np.bool_),
            np.array(actions["card_counts"], dtype=np.int64),
            np.array(actions["cards"], dtype=np.uint8),
        )


def _first_rows(keys: pa.Array) -> npt.NDArray[np.bool_]:
    """Where each hand's rows start (a hand's rows are consecutive)."""
    import numpy as np
    import pyarrow.compute as pc

    if not len(keys):
        return np.zeros(0, dtype=np.bool_)
    later = pc.not_equal(keys.slice(1), keys.slice(0, len(keys) - 1))
    flags: npt.NDArray[np.bool_] = np.ones(len(keys), dtype=np.bool_)
    flags[1:] = later.to_numpy(zero_copy_only=False)
    return flags


def _hand_keys(table: pa.Table, digest: Callable[[], str]) -> pa.Array:
    """Each row's :func:`hand_key`, from its site, hand id and number (the rule of
    :func:`hand_key`, by column; the file's ``digest()`` asked for only if a row needs it)."""
    import pyarrow as pa
    import pyarrow.compute as pc

    site, hand_id = table.column("site"), table.column("hand_id")
    known = pc.and_(pc.is_valid(hand_id), pc.and_(pc.is_valid(site), pc.not_equal(site, "")))
    known = pc.fill_null(known, False)
    keys = pc.binary_join_element_wise(site, hand_id, "|")
    if not pc.all(known).as_py():
        by_file = pc.binary_join_element_wise(
            pa.scalar(f"sha256:{digest()}"), pc.cast(table.column("hand"), pa.string()), "#"
        )
        keys = pc.if_else(known, keys, by_file)
    return keys.combine_chunks() if isinstance(keys, pa.ChunkedArray) else keys


def import_histories(
    paths: Sequence[str | os.PathLike[str]],
    *,
    database: str | os.PathLike[str],
    file_format: FileFormat = "auto",
    wait: float = WAIT,
    progress: Callable[[int, int], None] | None = None,
    client: Client | None = None,
) -> ImportSummary:
    """Add every hand of ``paths`` (files, folders, globs) that the database does not hold yet
    to ``database`` (a DuckDB file, made if need be): its rows per player and its actions (see
    the module). One transaction: it is all added or, on any error, nothing. ``wait``: seconds
    to wait while another process holds the file (a :class:`DatabaseBusyError` after).
    ``progress(files done, files)``.

    With ``client`` (Dask) the files are cut into the plain run's parts and run on its workers
    (:func:`import_part`), each writing its hands (their actions packed) and players as Parquet files into a
    folder beside the database (which the workers must see), and DuckDB adds them in bulk as
    the parts come in file order, :data:`GROUP_BYTES` of the files at a time, the hands the
    database or the import held already left out by a join on their keys
    (:func:`_add_staged`): the same tables as in one process, the memory of the process
    bounded whatever the hands. The folder is removed at the end, or by the next import
    beside the same database if this one was killed.

    The rows are a plain run's (:func:`~pokerscore.histories.running.analyse_histories`: the
    kernels, the hands they refuse by the reference path), the action counts among them. A
    PHH hand's month, setup and actions come from the fast reader as it plays the hand (its
    log), or from the run's own reading of a hand it refused; only the hands new to the
    database of the other formats (PokerStars included) are read again, by the lenient reader.

    >>> import tempfile
    >>> from pathlib import Path
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     source = Path(folder, "one.phh")
    ...     _ = source.write_text("variant = 'NT'\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\n"
    ...                           "min_bet = 2\\nstarting_stacks = [50, 50]\\nactions = ['p2 f']\\n")
    ...     first = import_histories([source], database=Path(folder, "hands.duckdb"))
    ...     again = import_histories([source], database=Path(folder, "hands.duckdb"))
    ...     (first.hands, first.added), (again.hands, again.added)
    ((1, 1), (1, 0))
    """
    from pokerscore.files.finding import refuse_inputs
    from pokerscore.histories.reading import _check_options, history_files

    _check_options(file_format)
    expect(database, (str, os.PathLike), "database", "a DuckDB file's path")
    if isinstance(wait, bool) or not isinstance(wait, int | float) or not wait >= 0:
        raise ParameterError("{name} must be a number of seconds from 0", "wait")
    files = history_files(paths)
    target = Path(database)
    refuse_inputs(target, files, "database")
    summary = ImportSummary(files=len(files))
    con = _connect(target, read_only=False, wait=wait)
    try:
        for setting in IMPORT_SETTINGS:
            _run(con, setting)
        _run(con, "BEGIN TRANSACTION")
        _check_version(con, target, empty=True)
        _migrate(con)
        _schema(con)
        seq = first = int(_run(con, "SELECT coalesce(max(seq), 0) FROM hands")[0][0])
        if client is not None:
            seq = _import_on(client, con, files, file_format, target, seq, summary, progress)
        else:
            # a new database: no hand to look up, but those the import adds (seen)
            held = _HeldKeys(con) if seq > 0 else None
            seen: set[str] = set()
            for done, path in enumerate(files, 1):
                seq = _import_file(con, path, file_format, seen, seq, summary, held=held)
                if progress is not None:
                    progress(done, len(files))
            if summary.added:
                _add_sums_between(con, first, seq)
        if client is not None and summary.added:  # the sums of each addition merged
            _compact(con)
        _run(con, "COMMIT")
    except BaseException:
        _run(con, "ROLLBACK")
        raise
    finally:
        con.close()
    return summary


def _import_file(
    con: duckdb.DuckDBPyConnection,
    path: Path,
    file_format: FileFormat,
    seen: set[str],
    seq: int,
    summary: ImportSummary,
    *,
    held: _HeldKeys | None,
) -> int:
    """A file run as a plain run runs it (one part, in blocks), its rows keyed, the hands the
    import or the database holds already left out (the database's keys ``held``, None when it
    held no hand before the import), the others added about :data:`BATCH_HANDS` at a time
    (memory stays bounded whatever the file); every hand counted in ``summary``; the last
    ``seq`` given."""
    from pokerscore.histories.part_specs import HistoryPart
    from pokerscore.histories.reading import file_format_of
    from pokerscore.histories.summary import KEPT

    try:
        kind = file_format_of(path, file_format)
    except (HandHistoryError, OSError):
        kind = "auto"  # the part reads it, and says why it is no hand history

    def store(found: _FileRows, last: int) -> int:
        return _store_all(con, found, last, summary)

    done, last = _import_part(
        HistoryPart(0, str(path), kind),
        _FileRows(path, file_format),
        seen,
        seq,
        summary,
        held=held,
        con=con,
        store=store,
    )
    summary.bad += done.summary.bad
    summary.errors += done.summary.errors[: KEPT - len(summary.errors)]
    return last


def _import_part(
    part: HistoryPart,
    found: _FileRows,
    seen: set[str],
    seq: int,
    summary: ImportSummary,
    *,
    held: _HeldKeys | None,
    con: duckdb.DuckDBPyConnection | None,
    store: Callable[[_FileRows, int], int],
) -> tuple[PartDone, int]:
    """A part run as a plain run runs it (in blocks), its rows keyed, the hands ``seen``
    already or ``held`` by the database (None: none looked up) left out, the others (``found``)
    given to ``store`` about :data:`BATCH_HANDS` at a time, numbered from ``seq`` + 1 (memory
    stays bounded whatever the part); every hand counted in ``summary``; what the part found
    and the last ``seq`` given."""
    import numpy as np
    import pyarrow as pa
    import pyarrow.compute as pc

    from pokerscore.histories.parts import run_part

    last = seq
    block: list[tuple[Batch, dict[int, HandHistory]]] = []
    """The block whose rows come next (the run tells it just before)."""

    def flush() -> None:
        nonlocal last
        if found.keys:
            found.read_actions()
            last = store(found, last)
        found.clear()

    def told(batch: Batch, read: dict[int, HandHistory]) -> None:
        block.append((batch, read))

    def take(table: pa.Table) -> None:
        keys = _hand_keys(table, lambda: found.digest)
        first_keys = pc.filter(keys, _first_rows(keys))
        firsts = first_keys.to_pylist()
        places = _places(block.pop() if block else None, len(firsts))
        new = [key for key in firsts if key not in seen]
        before = len(seen)
        seen.update(new)
        if len(seen) - before < len(new):  # a hand twice in the block: its first place counts
            new = list(dict.fromkeys(new))
        summary.hands += len(new)
        if not new:
            return
        kept = new if held is None or con is None else held.new(con, new)
        if not kept:
            return
        table = table.append_column("hand_key", keys)
        if len(kept) < len(keys):
            table = table.filter(pc.is_in(keys, value_set=pa.array(kept, pa.string())))
        found.keys.update(kept)
        found.tables.append(table)
        if places is None:
            found.unread.update(kept)
        else:
            batch, read, in_log, hand_places = places
            if len(kept) == len(firsts):  # each hand once, all new: by column
                logs = in_log[hand_places]
                for index in np.flatnonzero(~logs).tolist():
                    key, place = firsts[index], int(hand_places[index])
                    if place in read:
                        found.add_hand(read[place], key)
                    else:
                        found.unread.add(key)
                if logs.any():
                    found.add_logged(batch, hand_places[logs], first_keys.filter(pa.array(logs)))
                if len(found.keys) >= BATCH_HANDS:
                    flush()
                return
            wanted = set(kept)
            logged_keys, logged_places = [], []
            for key, place in zip(firsts, hand_places.tolist(), strict=True):
                if key not in wanted:
                    continue
                wanted.discard(key)  # a key twice in one block: its first place counts
                if in_log[place]:
                    logged_keys.append(key)
                    logged_places.append(place)
                elif place in read:
                    found.add_hand(read[place], key)
                else:
                    found.unread.add(key)
            if logged_keys:
                found.add_logged(
                    batch,
                    np.array(logged_places, dtype=np.int64),
                    pa.array(logged_keys, pa.string()),
                )
        if len(found.keys) >= BATCH_HANDS:
            flush()

    done = run_part(part, strict=False, allin_ev=True, follow=None, write=take, blocks=told)
    flush()
    return done, last


class _HeldKeys:
    """The keys of the hands a database held when an import began, each as two 64-bit hashes
    (DuckDB's ``hash`` of the key, and of the key and a ``|``), sorted by the first: a block's
    keys are hashed and looked up here, so the check costs what the block holds, whatever the
    database holds (a join with ``hands`` scanned the whole table for every block: DuckDB's
    joins never probe an index). The hashes are read once an import, 16 bytes a
    hand (a primary key's index, which layouts 2 and 3 kept, held more in memory); the
    read costs a few blocks' joins (``benchmarks/histories.md``). A new hand is
    taken for a held one only if both its hashes equal a held hand's (about 2**-128 a pair);
    a held hand is never taken for a new one."""

    _HASHES: Final = "hash(hand_key), hash(hand_key || '|')"

    def __init__(self, con: duckdb.DuckDBPyConnection) -> None:
        import numpy as np

        high, low = self._hashes(con.sql(f"SELECT {self._HASHES} FROM hands"))
        order = np.argsort(high)  # by the first hash alone (both: ten times the time)
        self.high, self.low = high[order], low[order]

    def _hashes(
        self, rows: duckdb.DuckDBPyRelation
    ) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint64]]:
        """The two hashes, the first two columns of ``rows``."""
        import numpy as np

        found = list(rows.fetchnumpy().values())
        return np.asarray(found[0], dtype=np.uint64), np.asarray(found[1], dtype=np.uint64)

    def new(self, con: duckdb.DuckDBPyConnection, keys: list[str]) -> list[str]:
        """The keys (in order) that are none of the held hands'."""
        import numpy as np
        import pyarrow as pa

        pending = pa.table({"hand_key": pa.array(keys, pa.string()), "place": np.arange(len(keys))})
        # a relation, not a registered table: DuckDB keeps those to the transaction's end; the
        # order last (an import keeps no insertion order)
        hashed = con.from_arrow(pending).project(f"{self._HASHES}, place").order("place")
        high, low = self._hashes(hashed)  # in the keys' order
        first = np.searchsorted(self.high, high, side="left")
        last = np.searchsorted(self.high, high, side="right")
        held = np.zeros(len(keys), dtype=np.bool_)
        single = last - first == 1
        held[single] = self.low[first[single]] == low[single]
        for index in np.flatnonzero(last - first > 1).tolist():  # one first hash, many hands
            held[index] = bool(np.any(self.low[first[index] : last[index]] == low[index]))
        return [key for key, known in zip(keys, held.tolist(), strict=True) if not known]


def _places(
    told: tuple[Batch, dict[int, HandHistory]] | None, hands: int
) -> tuple[Batch, dict[int, HandHistory], npt.NDArray[np.bool_], npt.NDArray[np.int64]] | None:
    """A block's batch, the hands the reference reader read in it, which hands its log holds,
    and the place in the batch of each hand whose rows the block writes (those the kernels
    played and those the reference path replayed, in order); None when the block's rows are
    not the batch's (nothing told, or not as many hands)."""
    import numpy as np

    from pokerscore.histories._layout import F_STATUS, OK
    from pokerscore.histories.hand_log import logged

    if told is None:
        return None
    batch, read = told
    in_rows = np.flatnonzero(batch.facts[: batch.hands, F_STATUS] == OK)
    if read:
        in_rows = np.union1d(in_rows, np.array(sorted(read), dtype=np.int64))
    if len(in_rows) != hands:
        return None
    return batch, read, logged(batch), in_rows


def _tables(found: _FileRows, seq: int) -> tuple[pa.Table, pa.Table]:
    """A file's new hands as the two tables (``hands``, its actions packed, and ``rows``),
    numbered in import order from ``seq + 1``."""
    import numpy as np
    import pyarrow as pa
    import pyarrow.compute as pc

    rows = pa.concat_tables(found.tables)  # by chunks: DuckDB reads them so, no copy
    starts = _first_rows(rows.column("hand_key").combine_chunks())
    hand_of_row = np.cumsum(starts) - 1
    heads = rows.select(
        ["hand_key", "site", "hand_id", "file", "hand", "variant", "stakes", "big_blind"]
    ).filter(pa.array(starts))
    read = pa.table(
        {
            "hand_key": pa.array(list(found.setups), pa.string()),
            "month": pa.array([found.months[key] for key in found.setups], pa.string()),
            "setup": pa.array(list(found.setups.values()), pa.string()),
            "actions": found.packed_actions(),
        }
    )
    setups = pa.concat_tables([read, *found.setup_tables])
    where = pc.index_in(
        heads.column("hand_key"), value_set=setups.column("hand_key").combine_chunks()
    )
    places = where.to_numpy(zero_copy_only=False) if not where.null_count else None
    if (
        places is not None
        and len(places) == setups.num_rows
        and np.all(places == np.arange(len(places)))
    ):
        # the usual case, every hand from the log in order: no take (it copied the setups'
        # 700 bytes a hand, 2 s of CPU a million hands)
        months = setups.column("month").combine_chunks()
        setup, actions = setups.column("setup"), setups.column("actions")
    else:
        months = setups.column("month").take(where).combine_chunks()
        setup, actions = setups.column("setup").take(where), setups.column("actions").take(where)
    numbers = np.arange(seq + 1, seq + 1 + heads.num_rows, dtype=np.int64)
    hands = pa.table(
        {
            "hand_key": heads.column("hand_key"),
            "seq": numbers,
            "site": heads.column("site"),
            "hand_id": heads.column("hand_id"),
            "file": heads.column("file"),
            "number": heads.column("hand"),
            "month": months,
            "setup": setup,
            "variant": heads.column("variant"),
            "stakes": heads.column("stakes"),
            "big_blind": heads.column("big_blind"),
            "actions": actions,
        }
    )
    rows = rows.append_column("seq", pa.array(numbers[hand_of_row]))
    flags = np.zeros(rows.num_rows, dtype=np.int16)
    for bit, name in enumerate(FLAGS):
        values = rows.column(name).to_numpy().astype(np.int16)
        if len(values) and not 0 <= values.min() <= values.max() <= 1:
            raise AssertionError(f"{name} is a flag: 0 or 1, not {values.max()}")
        flags |= values << bit
    rows = rows.append_column("flags", pa.array(flags))
    return hands, rows


def _store(
    con: duckdb.DuckDBPyConnection, hands: pa.Table, rows: pa.Table, summary: ImportSummary
) -> int:
    """Some hands added with their rows (Arrow tables appended by DuckDB, no row
    by row work, as relations: a table registered with the connection is held to the end of
    the transaction, unregistered or not, so an import's memory grew with its hands, 2.3 kB a
    hand); the last ``seq`` given."""
    for name, table in (("hands", hands), ("players", rows)):
        columns = [column[0] for column in con.execute(f"SELECT * FROM {name} LIMIT 0").description]
        con.from_arrow(table.select(columns)).insert_into(name)  # by place: the table's order
    summary.added += hands.num_rows
    return int(hands.column("seq")[-1].as_py())


def _store_all(
    con: duckdb.DuckDBPyConnection, found: _FileRows, seq: int, summary: ImportSummary
) -> int:
    """A file's new hands added, :data:`BATCH_HANDS` at a time; the last ``seq`` given."""
    import numpy as np

    hands, rows = _tables(found, seq)
    row_seqs = rows.column("seq").to_numpy()
    done = seq
    for first in range(0, hands.num_rows, BATCH_HANDS):
        some = hands.slice(first, BATCH_HANDS)
        low, high = seq + 1 + first, seq + first + some.num_rows
        cut = np.searchsorted(row_seqs, [low, high + 1])
        done = _store(con, some, rows.slice(cut[0], cut[1] - cut[0]), summary)
    return done


def _add_sums_between(
    con: duckdb.DuckDBPyConnection, first: int, last: int, *, compact: bool = True
) -> None:
    """The reports' sums of the rows of ``seq`` ``first`` + 1 to ``last`` (an import's) added,
    :data:`SUMS_HANDS` hands a pass (bounded memory; cheaper than a pass a block), and merged
    with those the database held and each other (unless ``compact`` is False: the caller
    merges them)."""
    for low in range(first, last, SUMS_HANDS):
        high = min(low + SUMS_HANDS, last)
        rows = f"(SELECT * FROM rows WHERE seq > {low:d} AND seq <= {high:d})"
        for statement in report_sums.add_statements(rows):
            _run(con, statement)
    if compact and (first or last - first > SUMS_HANDS):
        _compact(con)


STAGED: Final = ("hands", "players")
"""The tables a part of an import on Dask stages, each a Parquet file of the part."""
STAGED_COMPRESSION: Final = "lz4"
"""How the staged parts are compressed (a few per cent less CPU than Snappy: 7.6 to 7.7 s
against 8.1 to 8.6 s for 100,000 hands in one process, load 12; none: 7.9 to 8.0 s), with no
dictionary pages (:data:`STAGED_DICTIONARY`)."""
STAGED_DICTIONARY: Final = False
"""Whether the staged Parquet dictionary-encodes its columns: without, a million hands' staged
files cost the workers 3.6 to 4.1 s of CPU to write instead of 4.8 to 5.2 s, DuckDB about
0.35 s more to read back (``benchmarks/histories.md``, session 25), 20 % more bytes on disk
until their group is added."""
GROUP_BYTES: Final = 1 << 29
"""An import on Dask adds its staged parts to the database when the parts come in (in file
order) once they cover this much of the files (about 950,000 generated PHH hands), and the
rest at the end, while the workers run the next parts: smaller additions leave less to do
after the last part (DuckDB on one thread, about 19 s of CPU a million hands), but each joins
its keys with every key the import has seen (0.5 to 0.7 s of CPU at 10 M keys, measured)."""


def _staged_schemas() -> dict[str, pa.Schema]:
    """The Arrow schemas of the :data:`STAGED` tables (the columns of the database's, ``seq``
    a part's place for a hand: the part's index times 2**32 plus the hand's number in it)."""
    import pyarrow as pa

    from pokerscore.histories.model import schema

    rows = schema()
    kinds = {"VARCHAR": pa.string(), "BIGINT": pa.int64(), "INTEGER": pa.int32(),
             "DOUBLE": pa.float64(), "BLOB": pa.binary()}  # fmt: skip
    hands = [
        ("hand_key", "VARCHAR"), ("seq", "BIGINT"), ("site", "VARCHAR"), ("hand_id", "VARCHAR"),
        ("file", "VARCHAR"), ("number", "INTEGER"), ("month", "VARCHAR"), ("setup", "VARCHAR"),
        ("variant", "VARCHAR"), ("stakes", "VARCHAR"), ("big_blind", "DOUBLE"), ("actions", "BLOB"),
    ]  # fmt: skip
    players = [
        (name, rows.field(name).type if name in rows.names else pa.int64())
        for name, _ in _player_columns()
    ]
    return {
        "hands": pa.schema([(name, kinds[kind]) for name, kind in hands]),
        "players": pa.schema([*players[:-1], ("flags", pa.int16())]),
    }


def _staged(target: Path, kind: str) -> Path:
    """Where a part whose task names ``target`` stages its table ``kind``."""
    return target.with_name(f"{kind}-{target.name}")


def import_part(task: PartTask) -> PartDone:
    """One part of an import on Dask, on a worker: run as the plain run runs it, every hand of
    it (the first of each key) keyed, with its players' rows, month, setup and actions, staged
    as two Parquet files beside ``task.target`` (:func:`_staged`; none where the part has no
    hand), each hand's ``seq`` its place (the part's index times 2**32 plus its number in the
    part). The hands the database or other parts hold are left out when they are added."""
    import pyarrow.parquet as pq

    if task.target is None:
        raise ParameterError("{name} must name where the part is staged", "task")
    target, part = Path(task.target), task.part
    schemas = _staged_schemas()
    writers: dict[str, pq.ParquetWriter] = {}

    def stage(found: _FileRows, last: int) -> int:
        hands, players = _tables(found, last)
        for kind, table in (("hands", hands), ("players", players)):
            staged = table.select(schemas[kind].names).cast(schemas[kind])
            if kind not in writers:
                writers[kind] = pq.ParquetWriter(
                    _staged(target, kind),
                    schemas[kind],
                    compression=STAGED_COMPRESSION,
                    use_dictionary=STAGED_DICTIONARY,
                )
            writers[kind].write_table(staged)
        return int(hands.column("seq")[-1].as_py())

    try:
        done, _ = _import_part(
            part,
            _FileRows(Path(part.path), part.file_format, part),  # type: ignore[arg-type]
            set(),  # the part's keys: bounded by the part
            part.index << 32,
            ImportSummary(),
            held=None,
            con=None,
            store=stage,
        )
    finally:
        for writer in writers.values():
            writer.close()
    return done


def _import_on(
    client: Client,
    con: duckdb.DuckDBPyConnection,
    files: list[Path],
    file_format: FileFormat,
    database: Path,
    seq: int,
    summary: ImportSummary,
    progress: Callable[[int, int], None] | None,
) -> int:
    """The files run on the client's workers (:func:`import_part`), their staged parts added
    as they come in file order, :data:`GROUP_BYTES` at a time; the last ``seq`` given. The
    staging folder is removed whatever happens."""
    import shutil

    from pokerscore.files.datasets import part_name, staging_folder
    from pokerscore.histories.running import run_parts_into
    from pokerscore.histories.summary import KEPT

    first = seq
    staging = staging_folder(database, "import")
    # the keys the import has seen (DuckDB's: spilled to disk past its memory, never Python's)
    _run(con, "CREATE OR REPLACE TEMPORARY TABLE import_keys (hand_key VARCHAR)")
    try:
        found, parts, added = run_parts_into(
            files, staging, import_part, file_format=file_format, client=client
        )
        last_parts = {part.path: part.index for part in parts}
        group: list[Path] = []
        held = 0
        files_done = 0
        for part in added:
            group.append(staging / part_name(part.index, len(parts)))
            held += part.size
            if held >= GROUP_BYTES:
                seq = _add_staged(con, group, first, seq, summary)
                group, held = [], 0
            if last_parts[part.path] == part.index:
                files_done += 1
                if progress is not None:
                    progress(files_done, len(files))
        seq = _add_staged(con, group, first, seq, summary)
        summary.bad = found.bad
        summary.errors = found.errors[:KEPT]
        _run(con, "DROP TABLE import_keys")
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return seq


def _sql_files(paths: list[Path]) -> str:
    return "[" + ", ".join("'" + str(path).replace("'", "''") + "'" for path in paths) + "]"


def _add_staged(
    con: duckdb.DuckDBPyConnection,
    targets: list[Path],
    first: int,
    seq: int,
    summary: ImportSummary,
) -> int:
    """The staged parts of ``targets`` (:func:`import_part`) added by DuckDB in bulk: each key's
    first hand among them, left out where ``hands`` holds the key (the database's, or the
    import's since ``seq`` ``first``), numbered from ``seq`` + 1 in file order, with its
    players, and the reports' sums of them; the last ``seq`` given."""
    staged = {
        kind: [path for path in (_staged(target, kind) for target in targets) if path.exists()]
        for kind in STAGED
    }
    if not staged["hands"]:
        return seq
    # each key's first place among the parts, unless an earlier addition of the import had it
    _run(
        con,
        "CREATE OR REPLACE TEMPORARY TABLE import_found AS SELECT i.hand_key, i.place FROM "
        "(SELECT hand_key, min(seq) AS place FROM "
        f"read_parquet({_sql_files(staged['hands'])}) GROUP BY hand_key) i "
        "WHERE NOT EXISTS (SELECT 1 FROM import_keys k WHERE k.hand_key = i.hand_key)",
    )
    _run(con, "INSERT INTO import_keys SELECT hand_key FROM import_found")
    # those the database held before the import left out (a new database: none to look up)
    held = (
        "WHERE NOT EXISTS (SELECT 1 FROM hands h WHERE h.hand_key = i.hand_key AND "
        f"h.seq <= {first:d})"
        if first
        else ""
    )
    seen = int(_run(con, "SELECT count(*) FROM import_found")[0][0])
    _run(
        con,
        "CREATE OR REPLACE TEMPORARY TABLE import_fresh AS SELECT place, "
        f"{seq:d} + row_number() OVER (ORDER BY place) AS seq FROM import_found i {held} "
        "ORDER BY place",
    )
    new = int(_run(con, "SELECT count(*) FROM import_fresh")[0][0])
    summary.hands += seen
    if new:
        for kind in STAGED:
            if not staged[kind]:
                continue
            described = con.execute(f"SELECT * FROM {kind} LIMIT 0").description
            names = [column[0] for column in described]  # the table's own order
            terms = ", ".join("f.seq" if name == "seq" else f's."{name}"' for name in names)
            _run(
                con,
                f"INSERT INTO {kind} SELECT {terms} FROM read_parquet({_sql_files(staged[kind])}) "
                "s JOIN import_fresh f ON f.place = s.seq",
            )
        _add_sums_between(con, seq, seq + new, compact=False)
        summary.added += new
    _run(con, "DROP TABLE import_fresh")
    _run(con, "DROP TABLE import_found")
    for paths in staged.values():  # added: the disk they held is the next group's
        for path in paths:
            path.unlink()
    return seq + new


def _compact(con: duckdb.DuckDBPyConnection) -> None:
    """The sums of equal keys merged (the import's beside those the database held)."""
    for statement in report_sums.compact_statements():
        _run(con, statement)


def _migrate(con: duckdb.DuckDBPyConnection) -> None:
    """A database of an older layout brought to :data:`SCHEMA_VERSION`: version 2 given the
    reports' sums of the rows it holds; versions 2 and 3 their actions' keys dropped; versions
    2 to 4 their actions' street, player and kind names made codes (the player's place among
    the seats of the hand's ``setup``); versions 2 to 5 their ``hands`` made again with the
    rows' hand-level columns (and without layout 3's primary key: DuckDB drops no constraint
    in place) and their rows' own columns moved to ``players`` (``rows`` a view after); version 6
    its players' rows given their hand's big blind (:data:`ON_PLAYERS`); versions 2 to 7 their
    ``actions`` rows packed into ``hands.actions`` (:func:`_pack_actions`)."""
    version = _version(con)
    if version not in (2, 3, 4, 5, 6, 7):
        return
    _run(con, "DROP VIEW IF EXISTS actions_named")  # made again by the schema
    if version == 6:  # the big blind on each player's row too, in its place among the columns
        columns = _player_columns()
        typed = ", ".join(f'"{name}" {kind}' for name, kind in columns)
        named = ", ".join(f'{"h" if name in ON_PLAYERS else "p"}."{name}"' for name, _ in columns)
        _run(con, "DROP VIEW IF EXISTS rows")  # made again by the schema
        _run(con, f"CREATE TABLE players_7 ({typed})")
        _run(
            con,
            f"INSERT INTO players_7 SELECT {named} FROM players p LEFT JOIN hands h "
            "ON h.seq = p.seq ORDER BY p.seq, p.rowid",
        )
        _run(con, "DROP TABLE players")
        _run(con, "ALTER TABLE players_7 RENAME TO players")
    if version in (2, 3, 4, 5):
        _migrate_rows(con, version)
    _pack_actions(con)
    _run(con, "UPDATE meta SET value = ? WHERE name = 'schema'", [str(SCHEMA_VERSION)])


def _migrate_rows(con: duckdb.DuckDBPyConnection, version: int) -> None:
    """A database of version 2 to 5 brought to layout 7 (:func:`_migrate`)."""
    if version == 2:
        for statement in (*report_sums.create_statements(), *report_sums.add_statements("rows")):
            _run(con, statement)
        _compact(con)
    if version in (2, 3):
        _run(con, "ALTER TABLE actions DROP COLUMN hand_key")
    if version in (2, 3, 4):
        _run(
            con,
            "CREATE TABLE actions_5 AS SELECT a.seq, a.idx, "
            f"CAST(list_position({_sql_list(STREETS)}, a.street) - 1 AS TINYINT) AS street, "
            "CAST(list_position(h.names, a.player) - 1 AS TINYINT) AS player, "
            f"CAST(list_position({_sql_list(ACTION_KINDS)}, a.kind) - 1 AS TINYINT) AS kind, "
            "a.amount, a.cards FROM actions a LEFT JOIN (SELECT seq, "  # a setup read once
            "json_extract_string(setup, '$.seats[*][0]') AS names FROM hands) h USING (seq) "
            "ORDER BY a.seq, a.idx",
        )
        _run(con, "DROP TABLE actions")
        _run(con, "ALTER TABLE actions_5 RENAME TO actions")
    _run(con, _hands_table("hands_6", actions=False))
    _run(
        con,
        "INSERT INTO hands_6 SELECT h.hand_key, h.seq, h.site, h.hand_id, h.file, h.number, "
        "h.month, h.setup, r.variant, r.stakes, r.big_blind FROM hands h LEFT JOIN (SELECT seq, "
        "any_value(variant) AS variant, any_value(stakes) AS stakes, "
        "any_value(big_blind) AS big_blind FROM rows GROUP BY seq) r ON r.seq = h.seq "
        "ORDER BY h.seq",
    )
    columns = _player_columns()
    typed = ", ".join(f'"{name}" {kind}' for name, kind in columns)
    _run(con, f"CREATE TABLE players ({typed})")
    packed_flags = " | ".join(
        f'(CAST("{name}" AS SMALLINT) << {bit})' for bit, name in enumerate(FLAGS)
    )
    named = ", ".join(
        f"CAST({packed_flags} AS SMALLINT)" if name == "flags" else f'"{name}"'
        for name, _ in columns
    )
    _run(con, f"INSERT INTO players SELECT {named} FROM rows ORDER BY seq, rowid")
    _run(con, "DROP TABLE rows")
    _run(con, "DROP TABLE hands")
    _run(con, "ALTER TABLE hands_6 RENAME TO hands")


def _pack_actions(con: duckdb.DuckDBPyConnection) -> None:
    """A layout-7 database's ``actions`` rows packed into ``hands.actions`` (layout 8),
    :data:`SUMS_HANDS` hands at a time (bounded memory), by the import's own packing
    (:func:`~pokerscore.histories.packed_actions.packed`); the ``actions`` table dropped."""
    import numpy as np
    import pyarrow as pa
    import pyarrow.compute as pc

    columns = ", ".join(
        f'"{column[0]}"' for column in con.execute("SELECT * FROM hands LIMIT 0").description
    )
    _run(con, _hands_table("hands_8"))
    last = int(_run(con, "SELECT coalesce(max(seq), 0) FROM hands")[0][0])
    for low in range(0, last, SUMS_HANDS):
        kept = f"seq > {low:d} AND seq <= {min(low + SUMS_HANDS, last):d}"
        heads = con.sql(
            f"SELECT seq, CAST(json_extract(setup, '$.scale') AS BIGINT) AS scale FROM hands "
            f"WHERE {kept} ORDER BY seq"
        ).fetchnumpy()
        rows = con.sql(
            f"SELECT seq, street, player, kind, amount, cards FROM actions WHERE {kept} "
            "ORDER BY seq, idx"
        ).to_arrow_table()
        hand_seqs = np.asarray(heads["seq"], dtype=np.int64)
        row_seqs = rows.column("seq").to_numpy()
        steps = np.searchsorted(row_seqs, hand_seqs, side="right") - np.searchsorted(
            row_seqs, hand_seqs, side="left"
        )
        scales = np.repeat(np.asarray(heads["scale"], dtype=np.float64), steps)
        has_amount = pc.is_valid(rows.column("amount")).to_numpy(zero_copy_only=False)
        amounts = np.round(
            pc.fill_null(rows.column("amount"), 0.0).to_numpy(zero_copy_only=False) * scales
        )
        players = pc.fill_null(rows.column("player"), -1).to_numpy(zero_copy_only=False)
        card_counts, cards = text_codes(rows.column("cards").combine_chunks())
        blobs = packed(
            steps,
            rows.column("street").to_numpy(zero_copy_only=False).astype(np.int64),
            players.astype(np.int64),
            rows.column("kind").to_numpy(zero_copy_only=False).astype(np.int64),
            amounts.astype(np.int64),
            has_amount,
            card_counts,
            cards,
        )
        found = con.from_arrow(pa.table({"packed_seq": hand_seqs, "packed": blobs}))
        con.sql(f"SELECT {columns} FROM hands WHERE {kept}").join(
            found, "seq = packed_seq"
        ).project(f"{columns}, packed").order("seq").insert_into("hands_8")
    _run(con, "DROP TABLE actions")
    _run(con, "DROP TABLE hands")
    _run(con, "ALTER TABLE hands_8 RENAME TO hands")


@dataclass
class DatabaseReport:
    """What :func:`report` found: the filtered hands' count, each group's players' figures
    (one group, ``None``, without ``by``), and a followed player's results hand by hand."""

    hands: int
    groups: list[tuple[str | None, list[PlayerStats]]]
    series: list[tuple[float, float]] = field(default_factory=list)
    """The player's (net, all-in EV adjusted net) hand by hand, in import order (``player``
    given)."""

    def as_json(self) -> dict[str, Any]:
        return {
            "hands": self.hands,
            "groups": [
                {"group": group, "players": [stats.as_json() for stats in players]}
                for group, players in self.groups
            ],
        }

    def json_text(self, *, ensure_ascii: bool = True) -> str:
        """:meth:`as_json` as :func:`json.dumps` writes it (the same characters), the players
        written by column (:func:`~pokerscore.histories.stats.players_json`: some hundred
        thousand of them cost a report more than its queries)."""
        import json

        groups = ", ".join(
            f'{{"group": {json.dumps(group, ensure_ascii=ensure_ascii)}, '
            f'"players": {players_json(players, ensure_ascii=ensure_ascii)}}}'
            for group, players in self.groups
        )
        return f'{{"hands": {json.dumps(self.hands)}, "groups": [{groups}]}}'


def report_histories(
    *,
    database: str | os.PathLike[str],
    player: str | None = None,
    where: str | None = None,
    by: GroupBy | None = None,
    wait: float = WAIT,
) -> DatabaseReport:
    """Each player's figures over the hands of ``database`` (those of ``histories`` and 3-bet,
    fold to 3-bet, c-bet, fold to c-bet: :mod:`~pokerscore.histories.stats`), the rows kept by
    ``where`` (a filter over the rows' columns: :mod:`~pokerscore.histories.filters`), one
    ``player``'s only if given (with the player's results hand by hand), grouped ``by``
    position, stakes, month, game or site.
    """
    expect(player, (str, type(None)), "player", "a player's name or None")
    expect(where, (str, type(None)), "where", "a filter such as position = 'BTN', or None")
    if by is not None and by not in GROUPS:
        raise ParameterError("{name} must be " + ", ".join(GROUPS) + " or None", "by")
    if isinstance(wait, bool) or not isinstance(wait, int | float) or not wait >= 0:
        raise ParameterError("{name} must be a number of seconds from 0", "wait")
    expect(database, (str, os.PathLike), "database", "a DuckDB file's path")
    target = Path(database)
    if not target.is_file():
        raise ParameterError(f"{{name}} {target} is no database: import hands first", "database")
    clause, values = _filtered(where, player)
    # no group: no column of NULLs (DuckDB hands it back masked, and numpy.ma costs 0.01 s)
    group = f'"{GROUPS[by]}" AS grp, ' if by is not None else ""
    order = "grp NULLS LAST, " if by is not None else ""
    con = _connect(target, read_only=True, wait=wait)
    try:
        tables = "SELECT count(*) FROM information_schema.tables WHERE table_name = 'rows'"
        if not _run(con, tables)[0][0]:
            raise ParameterError(f"{{name}} {target} holds no hands: import some first", "database")
        summed = bool(_run(con, report_sums.HELD)[0][0])
        columns = row_columns()
        # the sums where the filter names only their keys (a player is one of them)
        over_sums = (
            report_sums.filter_over(where, report_sums.SUM_KEYS, columns) if summed else None
        )
        scanned = "rows"  # what the queries over the rows read
        if (_version(con) or 0) >= 7 and _over_players(where, by):
            scanned = "player_rows"  # no join with hands: the players' columns alone
        source = scanned if over_sums is None else "player_sums"
        figures = report_sums.sums_select("rows" if over_sums is None else source)
        figures.insert(len(figures) - len(ACTION_COUNTS), figures[0])  # StatsTally's order
        named = ", ".join(f"{figure} AS f{k}" for k, figure in enumerate(figures))
        query = (
            f"SELECT {group}player, {named} FROM {source}{clause} "
            # each group's players in the order of StatsTally.stats (most hands first), which
            # then finds them sorted
            f"GROUP BY ALL ORDER BY {order}f0 DESC, player"
        )
        # by column: Python's objects for some hundred thousand sums cost more than the query
        found = con.execute(query, values).fetchnumpy()
        by_hand = (*report_sums.HAND_KEYS, "position")
        hand_filter = report_sums.filter_over(where, by_hand, columns) if summed else None
        if player is not None:  # one row a hand: the player's hands are the rows kept
            hands = int(_filled(found["f0"]).sum())
        elif not clause:  # every hand: the hands table's count, no scan of the rows
            hands = int(_run(con, "SELECT count(*) FROM hands")[0][0])
        elif hand_filter is not None:  # a hand with a row kept: the counts by positions
            condition, kept_values = hand_filter
            hands = int(_run(con, report_sums.hands_kept(condition), kept_values)[0][0])
        else:  # the costly part of a report over millions of hands (a distinct count)
            counted = f"SELECT count(DISTINCT seq) FROM {scanned}{clause}"
            hands = int(_run(con, counted, values)[0][0])
        series: list[tuple[float, float]] = []
        if player is not None:
            series = [
                (float(net), float(adjusted))
                for net, adjusted in _run(
                    con,
                    f"SELECT net, coalesce(allin_ev, net) FROM {scanned}{clause} ORDER BY seq",
                    values,
                )
            ]
    finally:
        con.close()
    return DatabaseReport(hands, _grouped(found, len(figures)), series)


def _grouped(
    found: dict[str, npt.NDArray[Any]], figures: int
) -> list[tuple[str | None, list[PlayerStats]]]:
    """The report's columns (``grp`` where it is grouped, ``player``, the figures' sums ``f0``,
    ``f1`` …: a player once a group, the groups in order) as each group's players' figures, a
    group's players added up at once."""
    import numpy as np

    players = found["player"].tolist()
    groups = (
        [None if group is None else str(group) for group in found["grp"].tolist()]
        if "grp" in found
        else [None] * len(players)
    )
    # every sum as a float (counts up to 2**53 exactly), a NULL sum as 0
    numbers = np.column_stack(
        [_filled(found[f"f{k}"]).astype(np.float64) for k in range(figures)]
    ).reshape(len(players), figures)
    starts = [k for k in range(len(groups)) if k == 0 or groups[k] != groups[k - 1]]
    grouped = []
    for first, stop in zip(starts, [*starts[1:], len(groups)][: len(starts)], strict=True):
        tally = StatsTally()
        some = numbers[first:stop]
        tally.add_totals(
            players[first:stop],
            some[:, 0:6].astype(np.int64),
            some[:, 6:10],
            some[:, 10:].astype(np.int64),
        )
        grouped.append((groups[first], tally.stats()))
    return grouped


def _filled(column: npt.NDArray[Any]) -> npt.NDArray[Any]:
    """A column DuckDB handed back, its NULLs (a masked array's) 0; an unmasked one as it is,
    without importing ``numpy.ma``."""
    filled = getattr(column, "filled", None)
    return column if filled is None else filled(0)


def _over_players(where: str | None, by: GroupBy | None) -> bool:
    """Whether ``where`` and the grouping ``by`` name only columns of ``player_rows``
    (:data:`PLAYER_ROW_COLUMNS`)."""
    if by is not None and GROUPS[by] not in PLAYER_ROW_COLUMNS:
        return False
    return report_sums.filter_over(where, PLAYER_ROW_COLUMNS, row_columns()) is not None


def _filtered(where: str | None, player: str | None) -> tuple[str, list[object]]:
    """The ``WHERE`` clause over ``rows`` of a filter and a player, and its values."""
    conditions = []
    values: list[object] = []
    if where is not None:
        found = parse_filter(where, row_columns())
        conditions.append(found.text)
        values += found.values
    if player is not None:
        conditions.append('"player" = ?')
        values.append(player)
    return (" WHERE " + " AND ".join(conditions) if conditions else ""), values


def _opened(
    database: str | os.PathLike[str], wait: float
) -> tuple[Path, duckdb.DuckDBPyConnection]:
    """A database of hands opened to read, its version checked."""
    if isinstance(wait, bool) or not isinstance(wait, int | float) or not wait >= 0:
        raise ParameterError("{name} must be a number of seconds from 0", "wait")
    expect(database, (str, os.PathLike), "database", "a DuckDB file's path")
    target = Path(database)
    if not target.is_file():
        raise ParameterError(f"{{name}} {target} is no database: import hands first", "database")
    con = _connect(target, read_only=True, wait=wait)
    try:
        _check_version(con, target, empty=False)
    except BaseException:
        con.close()
        raise
    return target, con


@dataclass
class DatabaseHands:
    """One page of :func:`database_hands`: how many hands (or a player's rows) the filter keeps,
    and the page's rows in import order."""

    total: int
    rows: list[dict[str, Any]]


_LISTED: Final = ("seq", "file", "hand", "hand_id", "site", "variant", "stakes")


def database_hands(
    *,
    database: str | os.PathLike[str],
    player: str | None = None,
    where: str | None = None,
    offset: int = 0,
    limit: int = 100,
    wait: float = WAIT,
) -> DatabaseHands:
    """The hands of ``database`` in import order, ``limit`` from ``offset``: with ``player``,
    the player's rows the filter ``where`` keeps (position, cards, net, all-in EV), without it
    each hand with a row the filter keeps (its players and the chips put in). ``seq`` names a
    hand for :func:`database_hand`.

    >>> import tempfile
    >>> from pathlib import Path
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     source = Path(folder, "one.phh")
    ...     _ = source.write_text("variant = 'NT'\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\n"
    ...                           "min_bet = 2\\nstarting_stacks = [50, 50]\\nactions = ['p2 f']\\n")
    ...     _ = import_histories([source], database=Path(folder, "hands.duckdb"))
    ...     page = database_hands(database=Path(folder, "hands.duckdb"), where="net > 0")
    >>> page.total, page.rows[0]["seq"], page.rows[0]["players"], page.rows[0]["pot"]
    (1, 1, 2, 2.0)
    """
    expect(player, (str, type(None)), "player", "a player's name or None")
    expect(where, (str, type(None)), "where", "a filter such as position = 'BTN', or None")
    for name, value, low in (("offset", offset, 0), ("limit", limit, 1)):
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            raise ParameterError(f"{{name}} must be an integer from {low}", name)
    clause, values = _filtered(where, player)
    listed = ", ".join(f'"{name}"' for name in _LISTED)
    if player is not None:
        query = (
            f"SELECT {listed}, player, position, hole, put_in, net, allin_ev FROM rows{clause} "
            "ORDER BY seq"
        )
        counted = f"SELECT count(*) FROM rows{clause}"
    else:
        kept = f"seq IN (SELECT seq FROM rows{clause})" if clause else "TRUE"
        firsts = ", ".join(f'any_value("{name}") AS "{name}"' for name in _LISTED[1:])
        query = (
            f"SELECT {firsts}, "
            f"seq, count(*) AS players, sum(put_in) AS pot FROM rows WHERE {kept} "
            "GROUP BY seq ORDER BY seq"
        )
        counted = f"SELECT count(DISTINCT seq) FROM rows{clause}"
    _, con = _opened(database, wait)
    try:
        if player is None and (_version(con) or 0) >= 7:
            # each kept hand's players added up in players, its own columns read from hands
            # (the view's rows joined for every player: 1.98 s of CPU a page at 2 M hands, 1.28)
            columns = dict(HAND_COLUMNS)
            heads = ", ".join(f'h."{columns[name]}" AS "{name}"' for name in _LISTED[1:])
            query = (
                f"SELECT {heads}, p.seq, p.players, p.pot FROM (SELECT seq, count(*) AS players, "
                f"sum(put_in) AS pot FROM players WHERE {kept} GROUP BY seq) p "
                "JOIN hands h ON h.seq = p.seq ORDER BY p.seq"
            )
        total = int(_run(con, counted, values)[0][0])
        cursor = con.execute(f"{query} LIMIT ? OFFSET ?", [*values, limit, offset])
        names = [column[0] for column in cursor.description]
        rows = [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]
    finally:
        con.close()
    return DatabaseHands(total, rows)


def database_hand(*, database: str | os.PathLike[str], seq: int, wait: float = WAIT) -> HandHistory:
    """Hand ``seq`` (its place in the import order, as :func:`database_hands` lists it) of
    ``database``, rebuilt from its actions and setup: the hand the import read, but for the
    file's own fields and each action's text and line (:func:`rebuilt_hands` for many).

    >>> import tempfile
    >>> from pathlib import Path
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     source = Path(folder, "one.phh")
    ...     _ = source.write_text("variant = 'NT'\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\n"
    ...                           "min_bet = 2\\nstarting_stacks = [50, 50]\\nactions = ['p2 f']\\n")
    ...     _ = import_histories([source], database=Path(folder, "hands.duckdb"))
    ...     hand = database_hand(database=Path(folder, "hands.duckdb"), seq=1)
    >>> hand.variant, hand.names, [action.kind for action in hand.actions]
    ('NT', ('p1', 'p2'), ['fold'])
    """
    return rebuilt_hands(database=database, seqs=[seq], wait=wait)[0]


def rebuilt_hands(
    *, database: str | os.PathLike[str], seqs: Sequence[int], wait: float = WAIT
) -> list[HandHistory]:
    """The hands ``seqs`` of ``database``, each rebuilt as :func:`database_hand` rebuilds it,
    in the order asked, the database opened once (once a hand cost 13 s of a test's 1,400
    hands)."""
    expect(seqs, (list, tuple), "seqs", "a list of hands' places in the import order")
    for seq in seqs:
        if isinstance(seq, bool) or not isinstance(seq, int) or seq < 1:
            raise ParameterError("{name} must be a hand's place in the import order, from 1", "seq")
    target, con = _opened(database, wait)
    try:
        wanted = con.from_arrow(_seq_table(seqs))
        packed_layout = _version(con) == SCHEMA_VERSION
        found: dict[int, tuple[str, list[tuple[Any, ...]]]] = {}
        if packed_layout:
            setups = wanted.join(con.table("hands"), "wanted = seq").project("seq, setup, actions")
            for seq, setup, blob in setups.fetchall():
                found[seq] = (
                    setup,
                    [
                        (player, kind, amount, cards_text(cards))
                        for _, player, kind, amount, cards in unpacked(blob)
                    ],
                )
        else:
            setups = wanted.join(con.table("hands"), "wanted = seq").project("seq, setup")
            for seq, setup in setups.fetchall():
                found[seq] = (setup, [])
            rows = (
                wanted.join(con.table("actions"), "wanted = seq")
                .project("seq, idx, player, kind, amount, cards")
                .order("seq, idx")
            )
            for seq, _, *action in rows.fetchall():
                found[seq][1].append(tuple(action))
    finally:
        con.close()
    hands = []
    for seq in seqs:
        if seq not in found:
            raise ParameterError(f"{{name}} {target} holds no hand {seq}", "seq")
        setup, actions = found[seq]
        hands.append(_rebuilt(setup, actions, in_units=packed_layout))
    return hands


def _seq_table(seqs: Sequence[int]) -> pa.Table:
    import pyarrow as pa

    return pa.table({"wanted": pa.array(sorted(set(seqs)), pa.int64())})
