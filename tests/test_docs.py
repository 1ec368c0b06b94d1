"""The API reference (``docs/``, built by ``make docs``) has an entry for every public name."""

from __future__ import annotations

import re
from pathlib import Path

import pokerscore

DOCS = Path(__file__).resolve().parents[1] / "docs"
# ``.. autofunction:: score``, ``.. data:: RANKINGS``, ``.. autoexception:: pokerscore.RangeError``
ENTRY = re.compile(
    r"^\.\. (?:auto)?(?:function|class|exception|data)::\s+(?:pokerscore\.)?(\w+)", re.MULTILINE
)


def documented() -> set[str]:
    pages = [*DOCS.glob("*.rst"), *DOCS.glob("api/*.rst")]
    return {name for page in pages for name in ENTRY.findall(page.read_text(encoding="utf-8"))}


def test_every_public_name_has_an_entry_in_the_api_reference() -> None:
    missing = sorted(set(pokerscore.__all__) - documented())
    assert not missing, f"add these to a page of docs/api/ (one page per capability): {missing}"


def test_the_api_reference_documents_only_public_names() -> None:
    # Entries name what users import, ``pokerscore.NAME``; a home module's name is not one.
    unknown = sorted(documented() - set(pokerscore.__all__))
    assert not unknown, f"not on the face (pokerscore.__all__): {unknown}"
