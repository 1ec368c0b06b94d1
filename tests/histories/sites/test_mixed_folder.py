"""A folder of mixed files just works: each file's format told from its first lines, every
site's fixture beside PHH and PokerStars files."""

from __future__ import annotations

import shutil
from pathlib import Path

from pokerscore.histories.reading import file_format_of

from .site_runs import DATA, run

SITE_FILES = {
    "pacific": ["cash.txt", "swedish-cp1252.txt", "tournament.txt"],
    "partypoker": ["cash-old.txt", "cash-2019.txt", "tournament.txt"],
    "ipoker": ["sessions-cp1252.xml"],
    "winning": ["older-utf16.txt", "newer.txt"],
    "bovada": ["cash.txt", "tournament.txt"],
    "betfair": ["hands.txt"],
    "unibet": ["hands.txt"],
}


def test_a_mixed_folder_reads_each_file_in_its_format(tmp_path: Path) -> None:
    expected: dict[str, str] = {}
    for site, names in SITE_FILES.items():
        for name in names:
            target = tmp_path / f"{site}-{name}"
            shutil.copy(DATA / site / name, target)
            expected[target.name] = site
    shutil.copy(DATA.parent / "actions.phhs", tmp_path / "z.phhs")
    shutil.copy(DATA.parent / "pokerstars-shapes.txt", tmp_path / "zz-stars.txt")
    expected.update({"z.phhs": "phh", "zz-stars.txt": "pokerstars"})
    assert {path.name: file_format_of(path) for path in tmp_path.iterdir()} == expected
    done = run(tmp_path)
    assert not done.disagreements
    formats = {result.hand.source_format for result in done.results}
    assert formats >= {*SITE_FILES, "phh"}
    site_hands = [r for r in done.results if r.hand.source_format not in ("phh", "pokerstars")]
    # Betfair's razz hand and Unibet's Courchevel hand are refused
    assert len(site_hands) == 3 + 6 + 4 + 3 + 3 + 2 + 4
