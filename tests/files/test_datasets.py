"""Parquet datasets written part by part: the parts' names sort in the order of the parts, and
a dataset of any number of parts is one this program may replace."""

from __future__ import annotations

from pathlib import Path

import pytest

from pokerscore.files.datasets import check_dataset_target, part_name


@pytest.mark.parametrize("count", [1, 10, 100_000, 100_001, 1_234_567])
def test_part_names_sort_in_the_order_of_the_parts(count: int) -> None:
    """Readers take a dataset's parts in the order of their names (pyarrow sorts them), so a
    run's rows come in file order only if the names sort as the numbers do: 'part-100000'
    sorted before 'part-99999', and a run of more than 100,000 parts (a folder of that many
    .phh files, one part each) was read out of order."""
    indexes = sorted({0, 1, 9, count // 2, 99_998, 99_999, 100_000, count - 2, count - 1})
    indexes = [index for index in indexes if 0 <= index < count]
    names = [part_name(index, count) for index in indexes]
    assert sorted(names) == names
    assert len({len(name) for name in names}) == 1
    if count <= 100_000:  # the names of every run so far are kept
        assert names[0] == "part-00000.parquet"


def test_a_dataset_of_more_than_100000_parts_may_be_replaced(tmp_path: Path) -> None:
    """Its parts' names have six digits: the next run took the folder for one it did not write
    and refused to replace it."""
    (tmp_path / part_name(100_000, 100_001)).write_bytes(b"")
    (tmp_path / part_name(7, 100_001)).write_bytes(b"")
    check_dataset_target(tmp_path)
