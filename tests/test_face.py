"""The public face: every capability is one name on ``pokerscore``, loaded on first use."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import types
from pathlib import Path

import pytest

import pokerscore
from tests.test_layers import loaded_after

FACE = Path(pokerscore.__file__)


def test_every_public_name_resolves_to_what_its_home_defines() -> None:
    for name in pokerscore.__all__:
        value = getattr(pokerscore, name)
        assert not isinstance(value, types.ModuleType), f"pokerscore.{name} is a module"
        if name != "__version__":
            home = importlib.import_module(pokerscore._HOMES[name])
            assert value is getattr(home, name)


def test_the_lazy_table_and_the_type_checking_imports_agree() -> None:
    # mypy reads the TYPE_CHECKING block, Python the table: a name in one only is a defect.
    tree = ast.parse(FACE.read_text(encoding="utf-8"))
    checked = {
        alias.name: node.module
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
        if alias.asname == alias.name
    }
    assert checked == pokerscore._HOMES
    assert set(pokerscore.__all__) == {"__version__", *pokerscore._HOMES}


def test_the_capabilities_users_look_for_are_on_the_face() -> None:
    wanted = {"equity", "showdown", "get_game", "parse_range", "get_paytable", "advise"}
    wanted |= {"analyze", "score_file", "score", "compare", "evaluate_batch", "Range"}
    assert wanted <= set(pokerscore.__all__)
    assert callable(pokerscore.equity) and callable(pokerscore.showdown)


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no_such_thing"):
        _ = pokerscore.no_such_thing  # type: ignore[attr-defined]


@pytest.mark.slow
def test_the_face_loads_neither_numpy_nor_numba() -> None:
    loaded = loaded_after("import pokerscore; pokerscore.score('Ah Kh Qh Jh Th'); pokerscore.Range")
    assert not loaded & {"numpy", "numba", "textual", "typer", "rich"}


def test_no_package_shadows_a_function_with_a_module_of_the_same_name() -> None:
    # Importing a submodule binds it on its package: a function re-exported under the same name
    # would then turn into the module, depending on what was imported first.
    for info in pkgutil.walk_packages(pokerscore.__path__, "pokerscore."):
        if info.name.endswith("__main__"):  # running it runs the command line
            continue
        module = importlib.import_module(info.name)
        package = importlib.import_module(info.name.rpartition(".")[0])
        short = info.name.rpartition(".")[2]
        for name in getattr(package, "__all__", ()):
            value = inspect.getattr_static(package, name, None)
            assert name != short or isinstance(value, types.ModuleType), (
                f"{package.__name__}.{name} is both a module and a re-exported name"
            )
        assert module is not None
