"""Sphinx configuration of the API reference (``make docs``; pages in ``docs/api/``).

Names are documented as users import them, ``pokerscore.score``: autodoc reads each one through
the face (``pokerscore/__init__.py``), which loads it from its home module, so a page names no
home module and survives a move. ``.. homedoc:: NAME`` adds the docstring of the module that
defines NAME (the notation of ranges, the rules of equity, ...) as the prose of a section.
"""

from __future__ import annotations

import sys

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util.docstrings import prepare_docstring
from sphinx.util.docutils import SphinxDirective

import pokerscore

project = "pokerscore"
author = "pokerscore developers"
copyright = "pokerscore developers"
release = version = pokerscore.__version__

extensions = ["sphinx.ext.autodoc"]
exclude_patterns = ["_build", "screenshots"]
root_doc = "index"

autodoc_member_order = "bysource"
autodoc_default_options = {"members": True}
autodoc_typehints = "signature"
autodoc_preserve_defaults = True
# NumPy's ArrayLike by its name, not its expansion into private protocols.
autodoc_type_aliases = {
    "npt.ArrayLike": "numpy.typing.ArrayLike",
    "Values": "numpy.typing.NDArray[numpy.uint16]",
}

html_theme = "alabaster"
html_title = f"pokerscore {release}"
html_show_sourcelink = False


class HomeDoc(SphinxDirective):
    """The docstring of the module that defines a public name, parsed as reST in place."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        name = self.arguments[0]
        module = sys.modules[getattr(pokerscore, name).__module__]
        lines = prepare_docstring(module.__doc__ or "")
        content = StringList(lines, source=f"docstring of module {module.__name__}")
        container = nodes.container()
        self.state.nested_parse(content, self.content_offset, container)
        return container.children


def _short_rankings(text: str) -> str:
    """A ranking in a default reads ``HIGH`` (or ``get_ranking('...')``), not its long repr."""
    for name, ranking in pokerscore.RANKINGS.items():
        short = "HIGH" if name == "high" else f"get_ranking({name!r})"
        text = text.replace(repr(ranking), short)
    return text


def short_signature(
    app: Sphinx,
    what: str,
    name: str,
    obj: object,
    options: object,
    signature: str | None,
    return_annotation: str | None,
) -> tuple[str | None, str | None]:
    """Dataclass signatures, whose defaults autodoc prints with ``repr``."""
    return signature and _short_rankings(signature), return_annotation


def short_values(app: Sphinx, doctree: nodes.document) -> None:
    """Field values (``Game.high``), also printed with ``repr``."""
    for node in list(doctree.findall(nodes.Text)):
        text = _short_rankings(str(node))
        if text != str(node):
            node.parent.replace(node, nodes.Text(text))


def setup(app: Sphinx) -> None:
    app.add_directive("homedoc", HomeDoc)
    app.connect("autodoc-process-signature", short_signature)
    app.connect("doctree-read", short_values)
