"""What the quick run (``-m "not slow"``) plays of a test's seeds: the first few; the full run plays them all."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest


def quick_first(cases: Iterable[Any], count: int = 1) -> list[Any]:
    """``cases`` for ``parametrize``, every one after the first ``count`` marked ``slow`` (a tuple is one case of
    several arguments); their ids stay as plain cases would have them."""
    return [
        case if n < count else pytest.param(*(case if isinstance(case, tuple) else (case,)), marks=pytest.mark.slow)
        for n, case in enumerate(cases)
    ]
