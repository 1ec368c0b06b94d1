"""What the XML formats of sites share: a file streamed element by element in bounded memory,
whatever its size, with the line each element ends on; a file with a document type or entity
declaration is refused before anything is expanded (a "billion laughs" file cannot hang or
fill memory), and so are entity references other than XML's own five.

Sites write one hand per element, often as a run of top-level elements with no root (Merge),
sometimes each with its own XML declaration: the elements are read as if inside one root,
declarations dropped; or inside one document element (Boss Media's ``<ROOT>``), each hand then
placed at its own line and its size bounded by itself. Text is decoded as the client wrote it
(:func:`~pokerscore.histories.sites.text.decoded_lines`).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterator
from pathlib import Path
from typing import Final

from pokerscore.histories.model import HandHistoryError
from pokerscore.histories.sites.text import decoded_lines

_DECLARATION: Final = re.compile(r"<\?xml[^>]*\?>")
_FORBIDDEN: Final = re.compile(r"<!\s*(?:DOCTYPE|ENTITY)", re.IGNORECASE)
MAX_ELEMENT_LINES: Final = 20_000
"""A hand element of more lines is refused (memory stays bounded whatever the file)."""


class XmlFileError(HandHistoryError):
    """A file that cannot be read on as XML: the rest of the file is not read."""


def xml_elements(
    path: Path, tags: frozenset[str], *, root: str = "file"
) -> Iterator[tuple[ElementTree.Element, int]]:
    """Each complete element named in ``tags`` (with all it holds; the tags must not nest) and
    the line where it starts (where its top-level element starts), as the file is read; elements outside them are dropped as soon as they end. Raises
    :class:`XmlFileError` (with the line) at a DOCTYPE or ENTITY declaration or at text that is
    not well-formed XML; the elements before it have been yielded."""
    parser: ElementTree.XMLPullParser[ElementTree.Element] = ElementTree.XMLPullParser(
        events=("start", "end")
    )
    parser.feed(f"<{root}>")
    depth = 0
    opened = 0
    top = ElementTree.Element(root)
    wrapper: ElementTree.Element | None = None
    """The file's one document element where the hands are inside it (Boss Media's
    ``<ROOT>``): a hand element it holds is taken out of it once read."""
    name = str(path)
    number = 0
    for number, line in decoded_lines(path):
        if _FORBIDDEN.search(line):
            raise XmlFileError(
                "a document type or entity declaration: not read (entities are not expanded)",
                file=name,
                line=number,
            )
        try:
            parser.feed(_DECLARATION.sub("", line) + "\n")
            events = [event for event in parser.read_events() if len(event) == 2]
        except ElementTree.ParseError as error:
            raise XmlFileError(
                f"not well-formed XML ({_reason(error)})", file=name, line=number
            ) from None
        for event, element in events:
            assert isinstance(element, ElementTree.Element)
            if event == "start":
                depth += 1
                if depth == 1:
                    top = element
                elif depth == 2:
                    opened = number
                    wrapper = None if element.tag in tags else element
                elif depth == 3 and wrapper is not None and element.tag in tags:
                    opened = number  # a hand inside the document element starts here
                continue
            depth -= 1
            if element.tag in tags:
                yield element, opened
                element.clear()
                if depth == 2 and wrapper is not None:
                    wrapper.remove(element)  # memory stays bounded inside a document element
            if depth == 1:
                top.clear()  # what the root holds so far: memory stays bounded
        if depth >= (2 if wrapper is None else 3) and number - opened > MAX_ELEMENT_LINES:
            raise XmlFileError(
                f"an element of more than {MAX_ELEMENT_LINES:,} lines: not read",
                file=name, line=opened,
            )  # fmt: skip
    if depth > (1 if wrapper is None else 2):  # a document element left open ends no hand
        raise XmlFileError("the file ends inside an element", file=name, line=number)


def _reason(error: ElementTree.ParseError) -> str:
    return str(error).split(":")[0]
