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
