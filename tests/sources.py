"""The project's source files as syntax trees, parsed once per test process and shared by the source checks
(layering, allowed mentions, alt text, imports): no check changes a tree, and a run changes no source. The checks
run in one worker of a parallel run (``SOURCES``, an xdist group), so the tree is parsed once a run, not once a
worker."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

SOURCES = "sources"
"""The xdist group of the tests that read the source files (``@pytest.mark.xdist_group(SOURCES)``)."""


def syntax(path: Path) -> ast.Module:
    """The syntax tree of the source file at ``path``."""
    return _parsed(path.resolve())


@cache
def _parsed(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
