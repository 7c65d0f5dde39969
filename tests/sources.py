"""The project's source files as syntax trees, parsed once per test process and shared by the source checks
(layering, allowed mentions, alt text, imports): no check changes a tree, and a run changes no source. The checks
run in one worker of a parallel run (``GROUPED``, scheduled together by ``tests/conftest.py``), so the trees are
parsed once a run, not once a worker; that worker freezes them after its last check (they are no longer walked by
the garbage collector)."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

SOURCES = "sources"
"""The scheduling scope of the tests that read the source files (``GROUPED``, ``group_of``)."""

GROUPED = (
    "tests/test_architecture.py::",
    "tests/test_allowed_mentions_source.py::",
    "tests/test_ai.py::test_the_package_imports_only_engines_and_the_standard_library",
    "tests/test_e2e_alt_text.py::test_every_file_the_bot_builds_has_a_description",
    "tests/test_ops_mentions.py::test_every_allowed_mentions_with_users_forbids_everyone_roles_and_the_replied_user",
    "tests/test_render_marrakech.py::test_render_never_imports_the_bot_discord_or_the_database",
)
"""The test ids (or their beginnings) of the ``SOURCES`` group, as the controller of a parallel run sees them. They
take no fixture (a worker freezes what is alive after the last of them, ``tests/conftest.py``).

pytest-xdist's own ``loadgroup`` reads the group from the ``xdist_group`` mark by renaming the test's id, which
pytest 9 no longer allows (ids are structured): its groups are silently ignored. The controller, which never sees
marks, groups by these ids instead (``group_of``, ``tests/conftest.py``); ``test_architecture`` checks that each
names a real test."""


def group_of(nodeid: str) -> str:
    """The scheduling scope of a test: ``SOURCES`` for the source checks, else the test alone."""
    return SOURCES if nodeid.startswith(GROUPED) else nodeid


def syntax(path: Path) -> ast.Module:
    """The syntax tree of the source file at ``path``."""
    return _parsed(path.resolve())


@cache
def _parsed(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
