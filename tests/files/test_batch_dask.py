"""``batch`` on Dask: a local cluster of two workers gives the single process's result (parts cut
inside a text file and a Parquet file, and a folder of files), and without ``--workers`` or
``--scheduler`` nothing of Dask is imported."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from pokerscore._support import tasks
from pokerscore.cards import parse_cards
from pokerscore.cli.app import app
from pokerscore.engine import get_ranking
from pokerscore.files.distributed import score_on_cluster
from pokerscore.files.scoring import ScoreJob, score_file
from tests.cli_runner import separate_streams_runner
from tests.files.test_batch_files import random_deals
from tests.shared_cluster import on_the_shared_cluster

if TYPE_CHECKING:
    from distributed import Client

HIGH = get_ranking("high")


@pytest.mark.cluster
@pytest.mark.xdist_group("dask workers")  # tests/conftest.py's two_dask_workers
def test_two_local_workers_give_the_single_process_result(
    tmp_path: Path, two_dask_workers: Client
) -> None:
    folder = tmp_path / "hands"
    folder.mkdir()
    deals = random_deals(3000, 7, seed=21)
    lines = [" ".join(str(card) for card in parse_cards(deal)) for deal in deals]
    for number in (5, 1234, 2999):  # bad rows inside different parts
        lines[number - 1] = "Ah Ah Kd Qd Jd"
    (folder / "a.txt").write_text("\n".join(lines[:2000]) + "\n")
    matrix = np.array(deals[2000:], dtype=np.uint8)
    matrix[500, 3] = matrix[500, 4]  # a card twice, Parquet row 501, global row 2501
    pq.write_table(
        pa.table({f"c{n + 1}": matrix[:, n] for n in range(7)}),
        folder / "b.parquet",
        row_group_size=128,
    )
    whole = tmp_path / "whole.txt"  # the same rows as one text file, scored in one process
    tail = [
        "Ah Ah Kd Qd Jd" if n == 500 else " ".join(map(str, parse_cards(deal)))
        for n, deal in enumerate(deals[2000:])
    ]
    whole.write_text("\n".join(lines[:2000] + tail) + "\n")
    single = score_file(ScoreJob(whole, HIGH, out=tmp_path / "single.parquet"))

    out, errors = tmp_path / "dataset", tmp_path / "errors.csv"
    found = score_on_cluster(
        ScoreJob(folder, HIGH, out=out, errors=errors),
        two_dask_workers,
        part_bytes=7000,  # several parts in each file
    )
    assert len(list(out.iterdir())) > 4
    assert (found.rows, found.scored, found.bad) == (single.rows, single.scored, single.bad)
    assert found.counts == single.counts
    assert [row for row, _ in found.errors] == [5, 1234, 2501]
    assert [row for row, _ in single.errors] == [5, 1234, 2501]
    written = pq.read_table(out).column("value").to_pylist()
    assert sorted(written) == sorted(
        pq.read_table(tmp_path / "single.parquet")["value"].to_pylist()
    )
    assert [line.split(",")[0] for line in errors.read_text().splitlines()] == [
        "row",
        "5",
        "1234",
        "2501",
    ]


@pytest.mark.cluster
@pytest.mark.xdist_group("dask workers")  # tests/conftest.py's two_dask_workers
def test_the_command_on_a_folder_with_two_workers(
    tmp_path: Path, two_dask_workers: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "hands"
    folder.mkdir()
    for name, seed in (("one.txt", 1), ("two.txt", 2)):
        deals = random_deals(200, 5, seed=seed)
        (folder / name).write_text(
            "\n".join(" ".join(str(c) for c in parse_cards(d)) for d in deals) + "\nxx\n"
        )
    # The command in this process, its local cluster of two the session's: a process and a
    # cluster of its own cost 5.5 s of CPU for the same path.
    monkeypatch.setattr(tasks, "dask_client", on_the_shared_cluster(two_dask_workers, 2))
    command = ["batch", str(folder), "--workers", "2", "--json"]
    result = separate_streams_runner().invoke(app, command)
    payload = json.loads(result.stdout)
    assert result.exit_code == 1
    assert (payload["rows"], payload["bad"]) == (402, 2)
    assert [error["row"] for error in payload["errors"]] == [201, 402]


@pytest.mark.slow
def test_batch_without_dask_options_imports_no_dask(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_text("Ah Kh Qh Jh Th\n")
    code = (
        "import sys\n"
        f"sys.argv = ['pokerscore', 'batch', {str(path)!r}, '--json']\n"
        "from pokerscore.cli.app import app\n"
        "try:\n    app()\nexcept SystemExit:\n    pass\n"
        "print(' '.join(sorted({m.split('.')[0] for m in sys.modules})))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    loaded = set(result.stdout.splitlines()[-1].split())
    assert "pyarrow" in loaded
    assert not loaded & {"dask", "distributed"}
