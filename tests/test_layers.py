"""The architecture holds: imports point down the layers, and importing stays light."""

from __future__ import annotations

import ast
import functools
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).parents[1] / "src" / "pokerscore"
LAYERS = {
    "_support": 0,  # domain-free plumbing: any layer may use it
    "cards": 1,
    "engine": 2,
    "hands": 3,
    "games": 4,
    "files": 5,  # hand files: the bulk machinery every large input shares
    "histories": 6,  # hand histories: replayed through the games, run on the files' machinery
    "cli": 7,
    "tui": 7,
    "web": 7,  # the browser's face: the server and its pages
}


def layer_of(module: str) -> int | None:
    parts = module.split(".")
    if parts[0] != "pokerscore" or len(parts) < 2:
        return None
    return LAYERS.get(parts[1])


def imported_modules(path: Path) -> set[str]:
    return _imports(path)[0]


@functools.cache
def _imports(path: Path) -> tuple[set[str], set[str]]:
    """The modules a file imports, and the names ``from module import name`` takes (a name may
    be a module): one parse a file for this worker's tests (parsing the package took 2 s)."""
    modules: set[str] = set()
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            modules.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return modules, names


@pytest.mark.slow
@pytest.mark.parametrize(
    "path",
    [p for p in sorted(PACKAGE.rglob("*.py")) if p.relative_to(PACKAGE).parts[0] in LAYERS],
    ids=lambda p: str(p.relative_to(PACKAGE)),
)
def test_imports_point_down_the_layers(path: Path) -> None:
    own = LAYERS[path.relative_to(PACKAGE).parts[0]]
    upward = sorted(
        module
        for module in imported_modules(path)
        if (layer := layer_of(module)) is not None and layer > own
    )
    assert upward == [], f"{path.name} imports a higher layer: {upward}"


def test_layers_cover_every_package() -> None:
    packages = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").exists()}
    assert packages == set(LAYERS), "a new package needs a place in the layers"


def loaded_after(code: str) -> set[str]:
    """Top-level modules loaded by running ``code`` in a fresh interpreter."""
    script = code + "\nimport sys; print(' '.join(sorted({m.split('.')[0] for m in sys.modules})))"
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    return set(result.stdout.split())


def test_importing_pokerscore_loads_neither_numpy_nor_numba() -> None:
    loaded = loaded_after("import pokerscore; pokerscore.score('Ah Kh Qh Jh Th')")
    assert "pokerscore" in loaded
    assert not loaded & {"numpy", "numba", "textual"}


@pytest.mark.slow
def test_the_score_command_loads_no_kernel_machinery() -> None:
    code = (
        "import sys\n"
        "sys.argv = ['pokerscore', 'score', 'Ah', 'Kh', 'Qh', 'Jh', 'Th']\n"
        "from pokerscore.cli.app import app\n"
        "try:\n    app()\nexcept SystemExit:\n    pass"
    )
    loaded = loaded_after(code)
    assert {"pokerscore", "typer", "rich"} <= loaded
    assert not loaded & {"numpy", "numba", "textual", "sqlite3"}


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@pytest.mark.slow
def test_no_import_circle() -> None:
    # Every import counts, those in function bodies and for type checkers too: a circle there
    # is a circle in the design. A module that imports its own package's face is in one.
    modules = {_module_name(path): path for path in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        imported, taken = _imports(path)  # `from package import module` names the module
        found = imported | taken
        graph[name] = {module for module in found if module in modules and module != name}
    state: dict[str, int] = {}
    circles: list[list[str]] = []

    def visit(node: str, stack: list[str]) -> None:
        state[node] = 1
        for target in sorted(graph[node]):
            if state.get(target) == 1:
                circles.append([*stack[stack.index(target) :], target])
            elif target not in state:
                visit(target, [*stack, target])
        state[node] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])
    assert circles == [], " ; ".join(" -> ".join(circle) for circle in circles)


def test_numbas_compiling_machinery_comes_from_engine_jit_only() -> None:
    """``kernel`` and ``prange`` have one home, ``engine/jit.py`` (its caching and threading
    choices apply to every kernel): no other module takes ``njit``, ``jit`` or ``prange`` from
    Numba, nor ``prange`` from anywhere but ``engine.jit``."""
    home = PACKAGE / "engine" / "jit.py"
    strays = []
    for path in sorted(PACKAGE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if path == home or ("jit" not in text and "prange" not in text):
            continue  # a module that never names them imports neither (parsing all took 2 s)
        for node in ast.walk(ast.parse(text)):
            if not isinstance(node, ast.ImportFrom) or node.module is None:
                continue
            names = {alias.name for alias in node.names}
            from_numba = node.module.split(".")[0] == "numba" and names & {"njit", "jit", "prange"}
            if from_numba or ("prange" in names and node.module != "pokerscore.engine.jit"):
                strays.append(f"{path.relative_to(PACKAGE)}: from {node.module} import {names}")
    assert strays == []
