"""``tables``: the exact preflop equity tables, computed on Dask (``preflop``) and read back
(``show``). Dask, pyarrow, NumPy and Rich tables are imported inside the commands."""

from __future__ import annotations

import contextlib
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Final

import typer

from pokerscore.cli.output import (
    JsonOption,
    console,
    error_console,
    fail,
    print_json,
    progress_bar,
    user_errors,
)

if TYPE_CHECKING:
    import pyarrow as pa
    from rich.table import Table

    from pokerscore.games.holdem.preflop import PreflopTables


DEFAULT_OUT = Path("preflop-tables")
LOW, MIDDLE, HIGH = 0.30, 0.55, 0.85
"""Equities coloured red, yellow and green (the range of hands against a random hand)."""
SHOWN_TRIPLES = 20
FLAGS: Final = {
    name: f"--{name}" for name in ("hands", "out", "overwrite", "players", "resume", "tasks")
}
"""The job's parameters by this command's options: an error about one names the option."""


def _colour(equity: float) -> str:
    """A background from red through yellow to green for an equity."""
    red, yellow, green = (215, 48, 39), (254, 224, 139), (26, 152, 80)
    if equity <= MIDDLE:
        share, start, end = (equity - LOW) / (MIDDLE - LOW), red, yellow
    else:
        share, start, end = (equity - MIDDLE) / (HIGH - MIDDLE), yellow, green
    share = min(1.0, max(0.0, share))
    mixed = [round(a + (b - a) * share) for a, b in zip(start, end, strict=True)]
    return "#{:02x}{:02x}{:02x}".format(*mixed)


def equity_grid(values: dict[str, float], title: str) -> Table:
    """The 13 x 13 grid (pairs on the diagonal, suited above, offsuit below), each class with
    its equity in percent on a coloured background; blank where a class has no value."""
    from rich.table import Table
    from rich.text import Text

    from pokerscore.games.holdem.preflop.heatmap import GRID, grid_cells

    table = Table(title=title, show_header=False, box=None, padding=(0, 0), pad_edge=False)
    for _ in range(GRID):
        table.add_column(justify="center", width=6)
    for row in grid_cells(values):
        cells = []
        for name, value in row:
            if value is None:
                cells.append(Text(f"{name}\n", style="dim"))
            else:
                cells.append(Text(f"{name}\n{100 * value:.1f}", style=f"black on {_colour(value)}"))
        table.add_row(*cells)
    return table


def _column(table: pa.Table, name: str) -> list[Any]:
    return list(table.column(name).to_pylist())


def _vs_random_values(table: pa.Table) -> dict[str, float]:
    return dict(zip(_column(table, "hand"), _column(table, "equity"), strict=True))


def _three_way_table(table: pa.Table) -> Table:
    from rich.table import Table

    shown = Table(title="Three-way equity (exact), %")
    for name in ("hand 1", "hand 2", "hand 3", "equity 1", "equity 2", "equity 3", "deals"):
        shown.add_column(name, justify="right")
    rows = table.to_pylist()
    for row in rows[:SHOWN_TRIPLES]:
        shown.add_row(
            row["hand1"], row["hand2"], row["hand3"],
            *(f"{100 * row[f'equity{seat}']:.2f}" for seat in (1, 2, 3)),
            f"{row['total']:,}",
        )  # fmt: skip
    if len(rows) > SHOWN_TRIPLES:
        shown.caption = f"first {SHOWN_TRIPLES} of {len(rows)} triples: all are in the files"
    return shown


def _print_tables(tables: PreflopTables) -> None:
    if tables.vs_random is not None:
        console.print(
            equity_grid(_vs_random_values(tables.vs_random), "Equity against a random hand, %")
        )
    if tables.three_way is not None:
        console.print(_three_way_table(tables.three_way))


def tables_json(tables: PreflopTables) -> dict[str, Any]:
    """The tables as ``--json`` prints them (the heads-up table by its size only)."""
    payload: dict[str, Any] = {}
    if tables.vs_random is not None:
        payload["vs_random"] = tables.vs_random.to_pylist()
    if tables.heads_up is not None:
        payload["heads_up_rows"] = tables.heads_up.num_rows
    if tables.three_way is not None:
        payload["three_way"] = tables.three_way.to_pylist()
    return payload


def preflop_command(
    out: Annotated[
        Path, typer.Option("--out", "-o", metavar="DIR", help="Where the tables are written.")
    ] = DEFAULT_OUT,
    scheduler: Annotated[
        str | None,
        typer.Option(
            "--scheduler", metavar="ADDRESS", help="A running Dask scheduler, e.g. tcp://host:8786."
        ),
    ] = None,
    workers: Annotated[
        int | None,
        typer.Option("--workers", "-w", help="Workers of the local cluster (default: the cores)."),
    ] = None,
    resume: Annotated[
        bool, typer.Option("--resume", help="Finish a stopped run: only missing tasks are run.")
    ] = False,
    overwrite: Annotated[
        bool, typer.Option("--overwrite", help="Replace the tables already in DIR.")
    ] = False,
    players: Annotated[
        int, typer.Option("--players", "-p", help="2: heads-up and vs random; 3: three-way.")
    ] = 2,
    hands: Annotated[
        str | None,
        typer.Option("--hands", metavar="AA,KK,AKs", help="Only these classes (default: all 169)."),
    ] = None,
    tasks: Annotated[
        int | None,
        typer.Option("--tasks", help="Slices of the boards to spread over the workers (64)."),
    ] = None,
    vs_random_only: Annotated[
        bool,
        typer.Option("--vs-random-only", help="Only the table against a random hand (faster)."),
    ] = False,
    json_output: JsonOption = False,
) -> None:
    """Compute the exact preflop tables: each class against a random hand and against every
    class (all boards, card removal exact), written to DIR as Parquet, CSV and a PNG heat map.

    Runs on a local Dask cluster by default (--workers sizes it) or on a running one
    (--scheduler). Each finished task is kept in DIR/parts as it finishes: a run that is
    stopped goes on with --resume and gives the same tables. Tables already in DIR are
    replaced only with --overwrite.
    """
    from pokerscore._support.extras import require_extra
    from pokerscore.cli.output import cluster as open_cluster
    from pokerscore.games.holdem.preflop import (
        DEFAULT_TASKS,
        PreflopJob,
        check_out,
        compute_preflop_tables,
        starting_classes,
    )
    from pokerscore.games.holdem.preflop.job import PARTS, unfinished_tasks

    started = time.perf_counter()
    if players == 3 and vs_random_only:
        fail(
            "--vs-random-only is for two players: a three-way run makes no table against a random hand"
        )
    with user_errors(FLAGS):
        job = PreflopJob(
            hands=starting_classes(hands),
            players=players,
            tasks=DEFAULT_TASKS if tasks is None else tasks,
            heads_up=not vs_random_only,
        )
        require_extra("cluster", "computing preflop tables on Dask")
        require_extra("files", "writing preflop tables")
        if players == 2:
            require_extra("plots", "drawing the preflop heat map")
        check_out(out, job, resume=resume, overwrite=overwrite)
        # Every task kept already (a run stopped as it wrote the tables): no cluster to start.
        cluster = open_cluster(scheduler, workers) if unfinished_tasks(job, out) else None
        with progress_bar(disable=json_output) as bar:
            task = bar.add_task("starting the cluster", total=None)

            def advance(done: int, total: int) -> None:
                bar.update(task, completed=done, total=total, description=f"{done}/{total} tasks")

            try:
                with cluster or contextlib.nullcontext() as client:
                    tables = compute_preflop_tables(
                        job,
                        out=out,
                        client=client,
                        resume=resume,
                        overwrite=overwrite,
                        progress=advance,
                    )
            except KeyboardInterrupt:
                kept = (out / PARTS).is_dir()
                fail(
                    f"interrupted: the finished tasks are kept in {out}; go on with --resume"
                    if kept
                    else "interrupted before any task was kept",
                    130,
                )
    seconds = time.perf_counter() - started
    written = sorted(path.name for path in tables.files)
    if json_output:
        print_json(
            {
                "out": str(out),
                "seconds": round(seconds, 3),
                "tasks_run": tables.tasks_run,
                "files": written,
                **tables_json(tables),
            }
        )
        return
    _print_tables(tables)
    error_console.print(f"wrote {', '.join(written)} to {out} in {seconds:.1f} s")


def show_command(
    directory: Annotated[Path, typer.Argument(metavar="DIR", help="A directory of tables.")],
    hand: Annotated[
        str | None, typer.Option("--hand", metavar="CLASS", help="One class's rows, e.g. AKs.")
    ] = None,
    json_output: JsonOption = False,
) -> None:
    """Print saved tables: the grid against a random hand, or one class's rows (--hand)."""
    from pokerscore.games.holdem.preflop import read_preflop_tables, starting_classes

    with user_errors():
        tables = read_preflop_tables(directory)
        name = starting_classes([hand])[0] if hand is not None else None
    if name is None:
        if json_output:
            print_json(tables_json(tables))
        else:
            _print_tables(tables)
        return
    _show_hand(tables, name, json_output)


def _show_hand(tables: PreflopTables, name: str, json_output: bool) -> None:
    import pyarrow.compute as pc

    payload: dict[str, Any] = {"hand": name}
    if tables.vs_random is not None:
        rows = tables.vs_random.filter(pc.equal(tables.vs_random.column("hand"), name)).to_pylist()
        payload["vs_random"] = rows[0] if rows else None
    if tables.heads_up is not None:
        heads_up = tables.heads_up.filter(pc.equal(tables.heads_up.column("hand1"), name))
        payload["heads_up"] = heads_up.to_pylist()
    if tables.three_way is not None:
        three_way = tables.three_way
        holds = pc.or_(
            pc.or_(
                pc.equal(three_way.column("hand1"), name), pc.equal(three_way.column("hand2"), name)
            ),
            pc.equal(three_way.column("hand3"), name),
        )
        payload["three_way"] = three_way.filter(holds).to_pylist()
    if not any(payload.get(key) for key in ("vs_random", "heads_up", "three_way")):
        fail(f"{name} is not in these tables (they were computed for other --hands)")
    if json_output:
        print_json(payload)
        return
    row = payload.get("vs_random")
    if row:
        console.print(
            f"{name} against a random hand: {100 * row['equity']:.4f} % "
            f"(wins {row['wins']:,}, ties {row['ties']:,}, losses {row['losses']:,} "
            f"of {row['total']:,} deals)"
        )
    if payload.get("heads_up"):
        values = {item["hand2"]: item["equity"] for item in payload["heads_up"]}
        console.print(equity_grid(values, f"{name} against each class, %"))
    if payload.get("three_way"):
        import pyarrow as pa

        console.print(_three_way_table(pa.Table.from_pylist(payload["three_way"])))
