"""The one-way architecture: engines <- render <- bot, checked on the import statements."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

FORBIDDEN = {
    "engines": {"discord", "PIL", "aiosqlite", "aiohttp", "bot", "render"},
    "render": {"discord", "aiosqlite", "aiohttp", "bot"},
}


def imported_roots(path: Path) -> set[str]:
    roots = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            roots |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_lower_layers_never_import_higher_ones(package: str) -> None:
    for path in sorted(Path(package).rglob("*.py")):
        bad = imported_roots(path) & FORBIDDEN[package]
        assert not bad, f"{path} imports {sorted(bad)}"


def test_engines_use_only_the_standard_library_and_pydantic() -> None:
    allowed = set(sys.stdlib_module_names) | {"pydantic", "engines", "data"}
    for path in sorted(Path("engines").rglob("*.py")):
        extra = imported_roots(path) - allowed
        assert not extra, f"{path} imports {sorted(extra)}"


def test_every_module_starts_with_a_docstring() -> None:
    for package in ("engines", "render", "bot", "data", "bench"):
        for path in sorted(Path(package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            assert ast.get_docstring(tree), f"{path} has no module docstring"


def test_the_fake_discord_imports_nothing_of_the_bot() -> None:
    for path in sorted(Path("bot/fakediscord").rglob("*.py")):
        roots = imported_roots(path)
        assert "bot" not in roots, f"{path} imports the bot"
