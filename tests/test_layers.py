"""The package's floors: every module imports only from lower floors (or from its own package),
and no import circle runs between modules of different packages."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "memrevise"

# Lowest first. A module may import a module of a lower floor, or one of its own package
# (the first name after ``memrevise``); anything else is an upward or sideways import.
FLOORS: tuple[frozenset[str], ...] = tuple(
    frozenset(floor.split())
    for floor in (
        "errors text choices",  # plain text, error types, the names users choose from
        # small helpers over the floor below: JSONL files, numbers in names, worker chunks,
        # the shipped demo data, progress on stderr, work kept for shared prefixes
        "jsonl numbers workers data progress prefixes",
        "memory language retrieval",
        "writer bench",
        "search",
        "methods evaluate train console",  # console: terminal rendering of memories and results
        "service distributed chat",
        "cli",
    )
)
FLOOR = {part: level for level, floor in enumerate(FLOORS) for part in floor}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in PACKAGE.rglob("*.py")}


def imported(name: str, path: Path) -> set[str]:
    """The memrevise modules a module imports anywhere (also inside functions and under
    TYPE_CHECKING)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("memrevise."))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".")[
                    : len(name.split(".")) - node.level + (path.stem == "__init__")
                ]
                source = ".".join([*base, *([node.module] if node.module else [])])
            else:
                source = node.module or ""
            if not source.startswith("memrevise."):
                continue
            for alias in node.names:
                submodule = f"{source}.{alias.name}"
                found.add(submodule if submodule in MODULES else source)
    return found


GRAPH = {name: imported(name, path) for name, path in MODULES.items()}


def part(module: str) -> str:
    return module.split(".")[1]


def test_every_package_and_module_has_a_floor():
    parts = {part(module) for module in MODULES if module != "memrevise"}
    assert parts <= set(FLOOR), f"place these on a floor: {sorted(parts - set(FLOOR))}"


def test_no_module_imports_upward_or_sideways():
    wrong = [
        f"{module} -> {target}"
        for module, targets in GRAPH.items()
        if module != "memrevise"
        for target in targets
        if part(target) != part(module) and FLOOR[part(target)] >= FLOOR[part(module)]
    ]
    assert wrong == []


def cycles() -> list[set[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for target in GRAPH.get(module, ()):
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in on_stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            component = set()
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.add(top)
                if top == module:
                    break
            if len(component) > 1:
                found.append(component)

    for module in sorted(GRAPH):
        if module not in index:
            visit(module)
    return found


def test_import_circles_stay_inside_one_small_package():
    for component in cycles():
        packages = {module.rsplit(".", 1)[0] for module in component}
        assert len(packages) == 1 and len(component) <= 3, sorted(component)


def test_the_benchmark_builder_imports_no_writer():
    bench = [m for m in GRAPH if m.startswith("memrevise.bench")]
    assert bench and not any(part(t) == "writer" for m in bench for t in GRAPH[m])
