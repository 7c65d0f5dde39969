"""``Recent``: what a process remembers of lately used keys, at most so many, the one used longest ago forgotten first.

The bot keeps a few such memories so that a hot path need not ask the database again: each game's timing and each
player's language (``bot.core.schedule``), each server's settings, the interactions already handled
(``bot.ui.seen``). Each says in its own docstring why what it remembers cannot go stale.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Recent(Generic[K, V]):
    """A mapping of at most ``size`` keys; reading or writing a key makes it the newest."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K) -> V | None:
        """The value kept for ``key`` (None: none kept)."""
        found = self._items.get(key)
        if found is not None:
            self._items.move_to_end(key)
        return found

    def put(self, key: K, value: V) -> None:
        """Keep ``value`` for ``key``; beyond ``size`` keys, forget the one used longest ago."""
        self._items[key] = value
        self._items.move_to_end(key)
        if len(self._items) > self.size:
            self._items.popitem(last=False)

    def forget(self, key: K) -> None:
        self._items.pop(key, None)

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def __len__(self) -> int:
        return len(self._items)
