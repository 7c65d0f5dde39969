"""The per-user cooldown end to end: a burst of clicks past the limit is answered with a private "slow down"
and changes nothing; other users are not held back; autocomplete is never counted."""

from __future__ import annotations

import random
from pathlib import Path

from e2e import boards, open_game, settled, to_move

from bot.config import Settings
from offline.sandbox import Sandbox


async def test_a_burst_of_clicks_past_the_cooldown_is_told_to_slow_down_and_changes_nothing(tmp_path: Path) -> None:
    settings = Settings(token="", cooldown_rate=4, cooldown_seconds=60.0, image_workers=0, computer_workers=0)
    async with Sandbox(tmp_path / "b.db", rng=random.Random(5), settings=settings) as box:
        ana, bo = box.user("ana"), box.user("bo")
        game_id, thread = await open_game(box, "marrakech", ana, [bo])
        assert box.bot is not None
        board = boards(box, thread)[-1]
        mover = to_move(box, board)
        assert mover is not None
        other = bo if mover is ana else ana
        clicked = board.button_ids[0]
        before = await box.bot.store.get_game(game_id)
        answers = []
        for _ in range(8):
            it = await box.fake.click(mover, board, clicked)
            await it.done()
            answers.append(it)
        slowed = [it for it in answers if "Slow down" in (it.content or "")]
        assert slowed, [it.content for it in answers]
        assert all(it.ephemeral for it in slowed)
        assert "Slow down" not in (answers[0].content or ""), "the first click is obeyed"
        after = await box.bot.store.get_game(game_id)
        assert after is not None and before is not None
        assert after.version == before.version + 1, "one move applied: the repeats were refused or slowed"
        # a slowed click changes nothing: no board for it, and the game stays at the version the first made (the first
        # click turned Assam, a step inside the turn: answered privately, nothing posted until the carpet is laid)
        assert len(boards(box, thread)) == 1
        # the same user's commands are slowed too; another user is not held back
        status = await settled(box.fake.slash(mover, thread, "marrakech status"))
        assert "Slow down" in (status.content or "")
        theirs = await settled(box.fake.slash(other, thread, "marrakech status"))
        assert theirs.ephemeral and "Slow down" not in (theirs.content or "")
