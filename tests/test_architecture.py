"""The house rules, checked on the import statements and the files themselves.

* One-way layers: ``engines`` ← ``render`` ← ``bot`` ← ``offline``; ``bot`` never imports ``offline`` (``bazaar
  local`` loads it by name when chosen, and ``bazaar run`` loads none of it); the fake Discord
  (``offline.fakediscord``) imports nothing of the project; the bot's core imports no discord; the
  shared Discord plumbing (``bot.ui``) imports no feature and no game's commands; features never
  import one another; engines use only the standard library and pydantic.
* No import cycle among the project's modules, imports inside functions included.
* A game is its own packages: every engine found has a renderer, a bot package with words and
  commands, a catalog, a data file and a rules page — and nothing shared names a game.
* Every module starts with a docstring; the message catalogs are up to date with the code.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from sources import GROUPED, syntax

import engines
import render
from bot import catalogs

PACKAGES = ("engines", "render", "ai", "bot", "offline", "bench")
FORBIDDEN = {
    "engines": {"discord", "PIL", "aiosqlite", "asyncpg", "aiohttp", "bot", "render", "offline"},
    "render": {"discord", "aiosqlite", "asyncpg", "aiohttp", "bot", "offline"},
    "ai": {"discord", "PIL", "aiosqlite", "asyncpg", "aiohttp", "bot", "render", "offline"},
    "bot": {"offline", "bench", "tests"},
    "offline": {"bench", "tests"},
}


def modules() -> Iterator[tuple[str, Path]]:
    """Every project module as (dotted name, path)."""
    for package in PACKAGES:
        for path in sorted(Path(package).rglob("*.py")):
            parts = list(path.with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            yield ".".join(parts), path


def parsed(path: Path) -> ast.Module:
    """The syntax tree of a project file, parsed once for all the tests of a run (none of them changes it)."""
    return syntax(path)


@cache
def imports_of(path: Path, name: str) -> frozenset[str]:
    """The dotted names a module imports, anywhere in it (functions included), resolved.

    ``from package import module`` counts as importing the module (the package's ``__init__`` is
    loaded by Python either way, as for any submodule, and is not a dependency of its own).
    """
    found: set[str] = set()
    is_package = path.name == "__init__.py"
    for node in ast.walk(parsed(path)):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = name.split(".")
                parent = parent if is_package else parent[:-1]
                parent = parent[: len(parent) - (node.level - 1)]
                base = ".".join([*parent, base]) if base else ".".join(parent)
            for alias in node.names:
                found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in _MODULE_NAMES else base)
    return frozenset(found)


def roots(path: Path, name: str) -> set[str]:
    return {imported.split(".")[0] for imported in imports_of(path, name)}


ALL = dict(modules())
NAMES = {name for name, _ in ALL.items()}
_MODULE_NAMES = NAMES


def project_imports(name: str) -> set[str]:
    """The project modules ``name`` imports (a ``from package import module`` counts as the module)."""
    return {imported for imported in imports_of(ALL[name], name) if imported in NAMES and imported != name}


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_lower_layers_never_import_higher_ones(package: str) -> None:
    for name, path in ALL.items():
        if name.split(".")[0] == package:
            bad = roots(path, name) & FORBIDDEN[package]
            assert not bad, f"{path} imports {sorted(bad)}"


def test_engines_use_only_the_standard_library_and_pydantic() -> None:
    allowed = set(sys.stdlib_module_names) | {"pydantic", "engines", "data"}
    for name, path in ALL.items():
        if name.startswith("engines"):
            extra = roots(path, name) - allowed
            assert not extra, f"{path} imports {sorted(extra)}"


def test_the_core_and_every_games_words_import_no_discord() -> None:
    for name, path in ALL.items():
        if name.startswith("bot.core") or name.endswith(".words") or name == "bot.catalogs":
            assert not roots(path, name) & {"discord", "aiohttp"}, f"{path} imports discord"


def test_shared_plumbing_imports_no_feature_and_features_do_not_import_each_other() -> None:
    for name in NAMES:
        imported = project_imports(name)
        if name.startswith(("bot.ui", "bot.core")):
            bad = {m for m in imported if m.startswith(("bot.features", "bot.app")) or m.endswith(".commands")}
            assert not bad, f"{name} imports {sorted(bad)}"
        if name.startswith("bot.features."):
            others = {m for m in imported if m.startswith("bot.features.")}
            assert not others, f"{name} imports other features {sorted(others)}"
        if name.startswith("bot.games."):
            assert not {m for m in imported if m.startswith("bot.features")}, f"{name} imports a feature"


def test_there_is_no_import_cycle() -> None:
    graph = {name: project_imports(name) for name in NAMES}
    done: set[str] = set()

    def visit(node: str, path: list[str]) -> None:
        if node in path:
            cycle = [*path[path.index(node) :], node]
            pytest.fail("import cycle: " + " -> ".join(cycle))
        if node in done:
            return
        for nxt in sorted(graph.get(node, ())):
            visit(nxt, [*path, node])
        done.add(node)

    for name in sorted(graph):
        visit(name, [])


def test_the_fake_discord_imports_nothing_of_the_project() -> None:
    project = {*PACKAGES, "data", "tests"}
    for name, path in ALL.items():
        if name.startswith("offline.fakediscord"):
            bad = {m for m in imports_of(path, name) if m.split(".")[0] in project} - {
                m for m in imports_of(path, name) if m.startswith("offline.fakediscord")
            }
            assert not bad, f"{path} imports {sorted(bad)}"


def test_nothing_in_bot_names_offline_but_by_importlib_in_the_cli() -> None:
    """``offline`` appears in ``bot`` only as a module name given to importlib, in ``bot.__main__``."""
    for name, path in ALL.items():
        if not name.startswith("bot"):
            continue
        tree = parsed(path)
        named = {
            node.value
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.startswith("offline.")
        }
        if name == "bot.__main__":
            assert named <= {"offline.local", "offline.fakediscord.remote"}, named
        else:
            assert not named, f"{path} names {sorted(named)}"


def test_the_bot_and_its_command_line_load_nothing_of_offline() -> None:
    """A fresh interpreter that imports the bot and its command line (what ``bazaar run`` does) has no
    ``offline`` module loaded."""
    code = (
        "import sys, bot.app, bot.__main__; "
        "loaded = sorted(m for m in sys.modules if m == 'offline' or m.startswith('offline.')); "
        "assert not loaded, loaded; print('clean')"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("FAKEDISCORD_")}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(Path.cwd()), env.get("PYTHONPATH")]))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "clean", done.stderr


@pytest.mark.parametrize("engine", engines.all_engines(), ids=lambda e: e.name)
def test_every_game_is_its_own_packages_in_every_layer(engine: engines.Engine) -> None:
    name = engine.name
    assert Path(f"engines/{name}/__init__.py").is_file()
    assert render.has_board(name), f"{name} has no renderer"
    for part in ("__init__.py", "words.py", "commands.py"):
        assert Path(f"bot/games/{name}/{part}").is_file(), f"bot/games/{name}/{part} is missing"
    assert Path(f"bot/games/{name}/locale/{name}.pot").is_file()
    assert Path(f"data/{name}.json").is_file()
    assert Path(f"docs/rules/{name}.md").is_file()


def test_no_shared_module_names_a_game() -> None:
    games = set(engines.names()) | {alias for e in engines.all_engines() for alias in e.aliases}
    shared = [
        path
        for name, path in ALL.items()
        if not any(f".{game}" in f".{name}" for game in engines.names()) and not name.startswith(("bench",))
    ]
    for path in shared:
        if path.parts[0] == "engines" and path.name == "base.py":
            continue
        tree = parsed(path)
        literals = {n.value.lower() for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
        named = {game for game in games if game in literals}
        assert not named, f"{path} names the game(s) {sorted(named)}: shared code finds games by their engines"


def test_every_module_starts_with_a_docstring() -> None:
    for _, path in ALL.items():
        assert ast.get_docstring(parsed(path)), f"{path} has no module docstring"


def test_the_message_catalogs_are_up_to_date() -> None:
    stale = [path for domain in catalogs.domains() for path in catalogs.update(domain, check=True)]
    assert not stale, f"run `python -m bot.catalogs`: out of date {stale}"


@pytest.mark.parametrize("language", catalogs.COMPLETE)
@pytest.mark.parametrize("domain", list(catalogs.domains()), ids=lambda domain: domain.name)
def test_every_message_is_translated_with_its_placeholders_and_markup(domain: catalogs.Domain, language: str) -> None:
    problems = catalogs.problems(domain, language)
    assert not problems, f"{len(problems)} problems, first: " + "\n".join(problems[:20])


def test_the_catalog_checks_catch_what_breaks_a_message() -> None:
    from babel.messages.catalog import Message

    def check(msgid: str | tuple[str, str], msgstr: str | tuple[str, ...], fuzzy: bool = False) -> list[str]:
        return catalogs._message_problems(Message(msgid, msgstr, flags=("fuzzy",) if fuzzy else ()))

    assert check("<@{user}> wins **{score}**", "<@{user}> gana **{score}**") == []
    assert check("hello", "") == ["untranslated"]
    assert check("hello", "hola", fuzzy=True) == ["fuzzy"]
    assert check("{seat} plays", "{name} juega")
    assert check("<@{user}> wins", "<@{usuario}> gana")
    assert check("ends <t:{at}:R>", "termina {at}")
    assert check("use `pass`", "usa `pasar`")
    assert check("**{seat}** wins", "{seat} gana")
    assert check(("a carpet", "{count} carpets"), ("una alfombra", "{count} alfombras")) == []
    assert check(("a carpet", "{count} carpets"), ("una alfombra", "")) == ["untranslated"]
    assert check(("{count} carpet", "{count} carpets"), ("{count} alfombra", "alfombras"))


def test_the_source_checks_scheduled_together_are_real_tests() -> None:
    """Every id in ``tests/sources.py`` ``GROUPED`` names a test file and, where it names one, a test in it: a renamed
    check would otherwise fall out of the group unnoticed (and parse the sources in a worker of its own)."""
    for prefix in GROUPED:
        path, _, name = prefix.partition("::")
        assert Path(path).is_file(), prefix
        if name:
            assert any(
                isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name == name
                for node in syntax(Path(path)).body
            ), prefix
