"""``bot.core.recent.Recent``: the bounded memory the bot keeps of games' timings, players' languages, servers'
settings and handled interactions."""

from __future__ import annotations

from bot.core.recent import Recent


def test_it_keeps_at_most_its_size_and_forgets_the_one_used_longest_ago() -> None:
    recent: Recent[int, str] = Recent(2)
    recent.put(1, "a")
    recent.put(2, "b")
    assert recent.get(1) == "a"  # 1 is now newer than 2
    recent.put(3, "c")
    assert 2 not in recent and recent.get(1) == "a" and recent.get(3) == "c" and len(recent) == 2
    recent.forget(1)
    assert recent.get(1) is None and len(recent) == 1
