"""Finding input files: folders, globs as :func:`glob.glob` matches them, links that loop, and
an output that is an input refused."""

from __future__ import annotations

import glob
import os
from pathlib import Path

import pytest

from pokerscore.cards import PokerScoreError
from pokerscore.files.finding import OutputPathError, find_files, glob_files, refuse_inputs


def tree(root: Path) -> None:
    for name in ("a.phh", "b.txt", ".hidden.phh", "sub/c.phhs", "sub/deep/d.phh", ".dot/e.phh",
                 "sub/f.csv"):  # fmt: skip
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(name)


@pytest.mark.parametrize(
    "pattern", ["*", "*.phh", "**", "**/*.phh", "sub/**", "sub/*/*.phh", "?.txt", "[ab].*", ".*"]
)
def test_globs_match_as_glob_does(
    pattern: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tree(tmp_path)
    monkeypatch.chdir(tmp_path)
    for prefix in ("", f"{tmp_path}{os.sep}"):
        expected = sorted(
            Path(name)
            for name in glob.glob(prefix + pattern, recursive=True)
            if Path(name).is_file()
        )
        assert glob_files(prefix + pattern) == expected


def test_a_link_that_loops_ends_the_search(tmp_path: Path) -> None:
    """``L/**`` through ``L/up -> ..`` and ``L/self -> .``: glob.glob would go round forever
    (the issue: 2.9 GB and no end); links to folders are not followed."""
    tree(tmp_path / "L")
    (tmp_path / "L" / "up").symlink_to("..")
    (tmp_path / "L" / "self").symlink_to(".")
    found = glob_files(f"{tmp_path}/L/**")
    assert sorted(p.relative_to(tmp_path / "L").as_posix() for p in found) == [
        "a.phh", "b.txt", "sub/c.phhs", "sub/deep/d.phh", "sub/f.csv"
    ]  # fmt: skip
    found = find_files([tmp_path / "L"], suffixes=(".phh", ".phhs"))
    assert [p.relative_to(tmp_path / "L").as_posix() for p in found] == [
        "a.phh", "sub/c.phhs", "sub/deep/d.phh"
    ]  # fmt: skip


def test_find_files_keeps_order_and_drops_repeats(tmp_path: Path) -> None:
    tree(tmp_path)
    found = find_files(
        [tmp_path / "sub" / "c.phhs", tmp_path, f"{tmp_path}/*.phh"], suffixes=(".phh", ".phhs")
    )
    assert [p.relative_to(tmp_path).as_posix() for p in found] == [
        "sub/c.phhs", "a.phh", "sub/deep/d.phh"
    ]  # fmt: skip
    with pytest.raises(PokerScoreError, match="no such file, folder or pattern: /no/such/"):
        find_files(["/no/such/*.phh"])


def test_an_output_that_is_an_input_is_refused(tmp_path: Path) -> None:
    tree(tmp_path)
    inputs = [tmp_path / "a.phh", tmp_path / "sub" / "c.phhs"]
    (tmp_path / "link.phhs").symlink_to(tmp_path / "sub" / "c.phhs")
    for output in (inputs[0], tmp_path / "sub" / ".." / "sub" / "c.phhs", tmp_path / "link.phhs"):
        with pytest.raises(OutputPathError, match="out is the input file"):
            refuse_inputs(output, inputs, "out")
    refuse_inputs(tmp_path / "b.txt", inputs, "out")
    refuse_inputs(tmp_path / "new.parquet", inputs, "out")
