"""The stale-command guard orders commands by Discord's clock only: a host clock 5 s fast or slow refuses nothing
typed at a normal pace (the real bot against the fake Discord, whose snowflakes carry the real time)."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest
from e2e import boards, open_game, settled

from offline.sandbox import Sandbox


@pytest.mark.parametrize("skew", [5.0, -5.0])
async def test_commands_typed_at_a_normal_pace_are_never_refused_whatever_the_hosts_clock(
    tmp_path: Path, skew: float
) -> None:
    box = Sandbox(tmp_path / "bazaar.db", rng=random.Random(5), clock=lambda: time.time() + skew)
    await box.start()
    try:
        ana, ben = box.user("ana"), box.user("ben")
        users = {ana.id: ana, ben.id: ben}
        game_id, thread = await open_game(box, "marrakech", ana, [ben])
        accepted = 0
        for _ in range(8):
            await box.settle()
            played = await box.bot.host.snapshot(game_id)
            if played.game.status != "active":
                break
            mover = users[played.user_of(played.to_move)]
            move = played.engine.legal_moves(played.state)[0]
            it = await settled(box.fake.slash(mover, thread, "marrakech play", {"move": move}))
            said = " ".join(m.content for m in [it.message, *it.followups] if m is not None)
            assert "moved on" not in said.lower() and "changed" not in said.lower(), said
            assert (await box.bot.host.snapshot(game_id)).game.version > played.game.version, said
            accepted += 1
        assert accepted == 8
        # one post per turn: the opening board, then one for each whole turn (turn Assam, then place a carpet)
        assert len(boards(box, thread)) >= 1 + accepted // 2
        assert not box.fake.errors, box.fake.errors
    finally:
        await box.stop()
