"""What the XML formats of sites share: a file streamed element by element in bounded memory,
whatever its size, with the line each element starts on; a file with a document type or entity
declaration is refused before anything is expanded (a "billion laughs" file cannot hang or
fill memory), and so are entity references other than XML's own five.

Sites write one hand per element, often as a run of top-level elements with no root (Merge),
sometimes each with its own XML declaration: the elements are read as if inside one root,
declarations dropped; or inside one document element (Boss Media's ``<ROOT>``, iPoker's
``<session>``), each hand then placed at its own line and taken out once read; or as several
documents one after another (iPoker's sessions: ``document``), each read on its own, so that
broken XML gives up only its own document. A hand element longer than
:data:`~pokerscore.histories.sites.text.MAX_HAND_BYTES` (the bytes of its lines, from the one it
starts on to the one it ends on) is read past, its contents dropped as they end, and is a bad
hand with its place: the next one is read. Text is decoded as the client wrote it
(:func:`~pokerscore.histories.sites.text.decoded_lines`). :func:`xml_hands` is the one loop of
every XML reader: each hand element numbered and read, each error placed.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Final, NamedTuple

from pokerscore.histories.model import HandHistory, HandHistoryError
from pokerscore.histories.sites.text import MAX_HAND_BYTES, long_hand_error, numbered_lines

_DECLARATION: Final = re.compile(r"<\?xml[^>]*\?>")
_FORBIDDEN: Final = re.compile(r"<!\s*(?:DOCTYPE|ENTITY)", re.IGNORECASE)
_KEPT: Final = 16
"""Characters of a line's piece kept to find a declaration cut between two pieces."""


class XmlFileError(HandHistoryError):
    """A file (or, where it is one of several documents, a document) that cannot be read on as
    XML: the rest of it is not read."""


class StrayText(XmlFileError):
    """Text before the file's first document (``xml_elements(document=…)``): one bad "hand" of
    no number; the rest is read."""


class XmlElement(NamedTuple):
    """A hand-level element, read whole, and the line it starts on; ``element`` None: the
    element was longer than :data:`~pokerscore.histories.sites.text.MAX_HAND_BYTES`, read
    past."""

    element: ElementTree.Element | None
    line: int
    document: int = 1
    """The document it is in, from 1 (``xml_elements(document=…)``)."""


class _Document:
    """One XML document as it is read: its parser and the elements open in it."""

    def __init__(self, root: str) -> None:
        self.parser: ElementTree.XMLPullParser[ElementTree.Element] = ElementTree.XMLPullParser(
            events=("start", "end")
        )
        self.parser.feed(f"<{root}>")
        self.open: list[ElementTree.Element] = []
        """The elements open, the root first."""
        self.wrapper: ElementTree.Element | None = None
        """The file's one document element where the hands are inside it (Boss Media's
        ``<ROOT>``): a hand element it holds is taken out of it once read."""
        self.level = 2
        """How deep the hand-level elements are (the root is 1): 3 inside a :attr:`wrapper`."""
        self.opened = 0
        """The line the hand-level element being read starts on."""
        self.start = 0
        """The file's byte where that line starts."""
        self.broken = False

    @property
    def inside(self) -> bool:
        """Whether a hand-level element is open."""
        return len(self.open) >= self.level

    def read(
        self, events: list[tuple[str, ElementTree.Element]], tags: frozenset[str], line: int,
        line_start: int, read_to: int, document: int,
    ) -> Iterator[XmlElement]:  # fmt: skip
        """The hand-level elements in ``tags`` that the events end (``line`` starts at the
        file's byte ``line_start``; the bytes read end at ``read_to``)."""
        opened = self.open
        for event, element in events:
            if event == "start":
                opened.append(element)
                depth = len(opened)
                if depth == 2:
                    self.wrapper = None if element.tag in tags else element
                    self.level = 2 if self.wrapper is None else 3
                if depth == self.level:
                    self.opened, self.start = line, line_start
                continue
            opened.pop()
            depth = len(opened) + 1
            level = self.level
            if depth == level:
                if element.tag in tags:
                    long = read_to - self.start > MAX_HAND_BYTES
                    yield XmlElement(None if long else element, self.opened, document)
                element.clear()
                opened[-1].remove(element)  # each hand dropped once read: memory bounded
            elif depth > level and read_to - self.start > MAX_HAND_BYTES:
                element.clear()  # a hand too long to read: its contents dropped as they end
                opened[-1].remove(element)
            elif depth == 2:
                opened[-1].remove(element)  # a document element read to its end


def xml_elements(
    path: Path,
    tags: frozenset[str],
    *,
    root: str = "file",
    document: re.Pattern[str] | None = None,
) -> Iterator[XmlElement | XmlFileError]:
    """Each hand-level element (a top-level one, or a child of the one document element)
    named in ``tags``, with all it holds, and the line where it starts, as the file is read;
    the other elements at that level are dropped as soon as they end. ``document``: where a
    match starts on a line, a new document starts (iPoker's ``<session``).

    Yields an :class:`XmlFileError` (with the line) at a DOCTYPE or ENTITY declaration, at text
    that is not well-formed XML and where the file (or a document) ends inside a hand-level
    element; the reading stops there, or, with ``document``, goes on at the next document but
    at a declaration. With ``document``, text before the first document is a
    :class:`StrayText`, and the reading goes on."""
    name = str(path)
    current = _Document(root)
    documents = 1
    position = 0  # the file's bytes read
    line_start = 0  # where the line read starts
    number = 0
    whole = True  # the piece before ended its line
    stray = False  # text before the first document told
    kept = ""  # the end of the piece before
    for number, text, size, ends in numbered_lines(path):
        line_start = position if whole else line_start
        position += size
        if ends:
            text += "\n"
        # both patterns start with "<!" or "<?": a line without them is not searched
        if "<!" in kept + text and _FORBIDDEN.search(kept + text):
            yield XmlFileError(
                "a DOCTYPE or entity declaration: not read (entities are never expanded)",
                file=name, line=number,
            )  # fmt: skip
            return
        kept = "" if ends else text[-_KEPT:]
        if "<?" in text:
            text = _DECLARATION.sub("", text)
        pieces = [text]
        if document is not None and whole and (found := document.search(text)) is not None:
            pieces = [text[: found.start()], text[found.start() :]]
        whole = ends
        for index, piece in enumerate(pieces):
            if index:
                if current.inside and not current.broken:
                    yield XmlFileError(
                        "a new document starts inside an element", file=name, line=current.opened
                    )
                current = _Document(root)
                documents += 1
            if document is not None and documents == 1:  # before the first document
                if piece.strip() and not stray:
                    stray = True
                    yield StrayText("text before the first document", file=name, line=number)
                continue
            if current.broken or not piece:
                continue
            try:
                current.parser.feed(piece)
                events = list(current.parser.read_events())  # ("start" or "end", element)
            except ElementTree.ParseError as error:
                current.broken = True
                yield XmlFileError(f"not well-formed XML ({_reason(error)})", file=name, line=number)  # fmt: skip
                if document is None:
                    return
                continue
            if events:  # most lines end or start nothing
                yield from current.read(events, tags, number, line_start, position, documents)  # type: ignore[arg-type]
    if current.inside and not current.broken:  # a document element left open ends no hand
        yield XmlFileError("the file ends inside an element", file=name, line=current.opened)


class Described:
    """The attributes of the element that describes the hands after it (Merge's
    ``<description>``, Everest's ``<SESSION>``), as :func:`xml_hands` takes a ``context``."""

    def __init__(self, tag: str) -> None:
        self.tag = tag
        self.attributes: dict[str, str] = {}
        """The last such element's, empty before the first."""

    def __call__(self, element: ElementTree.Element) -> bool:
        if element.tag != self.tag:
            return False
        self.attributes = dict(element.attrib)
        return True


def xml_hands(
    path: Path,
    tags: frozenset[str],
    read: Callable[[ElementTree.Element, int, int], HandHistory],
    *,
    context: Callable[[ElementTree.Element], bool] | None = None,
    document: re.Pattern[str] | None = None,
    fresh: Callable[[], None] | None = None,
) -> Iterator[HandHistory | HandHistoryError]:
    """The hands of an XML file (:func:`xml_elements`), streamed: each element in ``tags``
    that ``context`` does not take (a session's or a table's description, which ``context``
    keeps) numbered from 1 and ``read`` (element, number, line) into a hand; a hand that cannot
    be read, or is longer than :data:`~pokerscore.histories.sites.text.MAX_HAND_BYTES`, comes
    as its error with its place, and the reading goes on; an error of the file's XML with the
    number of the hand it stops. ``fresh`` is called as the elements of each new document
    start (``document``: what ``context`` kept of the one before is forgotten)."""
    name = str(path)
    number = 0
    last = 1
    for item in xml_elements(path, tags, document=document):
        if isinstance(item, XmlFileError):
            yield item if isinstance(item, StrayText) else item.located(name, number + 1, None)
            continue
        element, where, within = item
        if within != last and fresh is not None:
            fresh()
        last = within
        if element is not None and context is not None and context(element):
            continue
        number += 1
        if element is None:
            yield long_hand_error(name, number, where)
            continue
        try:
            yield read(element, number, where)
        except HandHistoryError as error:
            yield error.located(name, number, where)


def _reason(error: ElementTree.ParseError) -> str:
    return str(error).split(":")[0]
