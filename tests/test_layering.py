"""Imports point downward only: rules and render stay pure (design: Layers)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = {
    "rules": {"discord", "aiosqlite", "storage", "cogs", "table", "render", "random", "PIL", "bot"},
    "render": {"discord", "aiosqlite", "storage", "cogs", "table", "bot", "random", "rules"},
    "table": {"discord", "cogs", "bot"},
    # AI players see only the rules contract (views in, actions out): never storage, the table,
    # the renderer or Discord.
    "ai": {"discord", "aiosqlite", "asyncpg", "storage", "cogs", "table", "render", "PIL", "bot"},
    "storage": {"discord", "cogs", "rules", "render", "table", "bot"},
}
EXEMPT = {
    # An operator's command above the layers: it verifies copied games by replaying their logs
    # through the table. Nothing in the storage layer imports it.
    "storage/copy.py",
}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found


def test_layers_import_downward_only() -> None:
    problems = []
    for package, banned in FORBIDDEN.items():
        for path in (ROOT / package).rglob("*.py"):
            if str(path.relative_to(ROOT)) in EXEMPT:
                continue
            bad = _imports(path) & banned
            if bad:
                problems.append(f"{path.relative_to(ROOT)} imports {sorted(bad)}")
    assert not problems, "\n".join(problems)


def test_the_check_sees_imports() -> None:
    sample = ROOT / "tests" / "test_layering.py"
    assert "ast" in _imports(sample)



def _imports_exempt(path: Path) -> bool:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import) and any(a.name == "storage.copy" for a in node.names):
            return True
        if isinstance(node, ast.ImportFrom) and (
            node.module == "storage.copy" or (node.module == "storage" and any(a.name == "copy" for a in node.names))
        ):
            return True
    return False


def test_no_layer_imports_the_exempt_commands() -> None:
    for package in FORBIDDEN:
        for path in (ROOT / package).rglob("*.py"):
            assert not _imports_exempt(path), path


def _cogs_graph() -> dict[str, set[str]]:
    """Which cogs modules each cogs module imports (any import, TYPE_CHECKING ones included)."""
    graph: dict[str, set[str]] = {}
    for path in (ROOT / "cogs").glob("*.py"):
        name = path.stem
        edges: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "cogs":
                edges.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("cogs."):
                edges.add(node.module.split(".")[1])
            elif isinstance(node, ast.Import):
                edges.update(a.name.split(".")[1] for a in node.names if a.name.startswith("cogs."))
        graph[name] = edges - {name}
    return graph


def test_cogs_imports_point_one_way() -> None:
    """No import circle inside the Discord adapter (client → commands → flows → posting → components)."""
    graph = _cogs_graph()
    state: dict[str, int] = {}
    cycle: list[str] = []

    def visit(node: str, path: list[str]) -> bool:
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                cycle.extend([*path, node, nxt])
                return True
            if state.get(nxt) is None and visit(nxt, [*path, node]):
                return True
        state[node] = 2
        return False

    for start in sorted(graph):
        if state.get(start) is None and visit(start, []):
            break
    assert not cycle, " → ".join(cycle)
    assert "flows" not in graph["components"] and "client" not in graph["flows"]


# ---- no import circle inside a layer ---------------------------------------------------------
# Every import counts, also one under ``if TYPE_CHECKING:`` and one inside a function (a lazy
# import hides a circle from the interpreter, not from a reader or a type checker).

SERVICE_USERS = {
    # Drivers of the whole assembled service, which imports neither: the durable scheduler runs
    # passes over any verb family, the solo helper plays a DM game through every verb.
    "table.scheduler",
    "table.solo",
}


def _layer_modules(package: str) -> dict[str, Path]:
    modules = {}
    for path in sorted((ROOT / package).glob("*.py")):
        name = package if path.stem == "__init__" else f"{package}.{path.stem}"
        modules[name] = path
    return modules


def _edges(package: str) -> dict[str, set[str]]:
    """Module → the modules of the same package it imports (``from table import announce`` names
    ``table.announce``; ``from table.core import TableCore`` names ``table.core``)."""
    modules = _layer_modules(package)
    edges: dict[str, set[str]] = {}
    for name, path in modules.items():
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                found.add(node.module)
                found.update(f"{node.module}.{alias.name}" for alias in node.names)
        edges[name] = {target for target in found if target in modules and target != name}
    return edges


def _cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One import circle among ``edges``, as a path that returns to its start, or ``None``."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(edges):
        if start not in state and (found := visit(start)):
            return found
    return None


def test_only_adapters_import_the_table_service() -> None:
    """The verb families and mixins build on ``table.core``; ``table.service`` only assembles them."""
    importers = {name for name, targets in _edges("table").items() if "table.service" in targets}
    assert importers <= SERVICE_USERS, sorted(importers - SERVICE_USERS)


def test_no_import_circle_in_table() -> None:
    assert _cycle(_edges("table")) is None, " → ".join(_cycle(_edges("table")) or [])


def test_no_import_circle_in_storage() -> None:
    assert _cycle(_edges("storage")) is None, " → ".join(_cycle(_edges("storage")) or [])


def test_the_circle_check_sees_circles() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_the_core_does_not_load_the_service() -> None:
    import subprocess
    import sys

    code = "import sys, table.core, storage.db; print('table.service' in sys.modules, 'storage.sqlite' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "True"]


def test_backends_register_themselves() -> None:
    """``Database(target)`` finds its backend in the registry the backends fill on import, so
    ``storage.db`` names neither of them (the circle db ↔ sqlite/postgres is gone)."""
    from storage import Database
    from storage.postgres import PostgresDatabase
    from storage.sqlite import SqliteDatabase

    assert Database.backend_for("postgresql://user@host/db") is PostgresDatabase
    assert Database.backend_for("games.db") is SqliteDatabase
    assert _edges("storage")["storage.db"].isdisjoint({"storage.sqlite", "storage.postgres"})
