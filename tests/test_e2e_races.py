"""Exactly once, for every game: 200 racing pairs of the same decision — two identical commands, or a
command and the button for the same move — sent at the same moment by the player to move. Each pair
changes the game exactly once; the other is refused (out of date), never applied twice, never held
for later.
"""

from __future__ import annotations

import asyncio
import random

import pytest
from e2e import boards, menu, open_game, private_prompt, to_move

import engines
from bench.e2e import command_for, next_move
from offline.sandbox import Sandbox

pytestmark = pytest.mark.slow
PAIRS = 200


async def button_and_move(box: Sandbox, game_id: int, board) -> tuple[str, str] | None:
    """A move button of ``board`` (the public board, or the mover's own reply inside their turn) and the move it
    makes, if it has move buttons for the game as it stands."""
    played = await box.bot.host.snapshot(game_id)
    current = [i for i in board.button_ids if i.startswith(f"bz:mv:{game_id}:{played.game.version}:")]
    if not current:
        return None
    custom_id = current[0]
    index = int(custom_id.rsplit(":", 1)[1])
    return custom_id, played.engine.legal_moves(played.state)[index]


@pytest.mark.parametrize("game", engines.names())
@pytest.mark.parametrize("how", ["two commands", "command and button"])
async def test_racing_pairs_apply_exactly_once(sandbox: Sandbox, game: str, how: str) -> None:
    ana, ben = sandbox.user("ana"), sandbox.user("ben")
    users = {ana.id: ana, ben.id: ben}
    options = {"start": "preset"} if game == "cairo" else {}
    game_id, thread = await open_game(sandbox, game, ana, [ben], options)
    rng = random.Random(5)
    pairs = buttons = 0
    reply = None  # the mover's own reply to their last step inside a turn (its buttons race a command too)
    while pairs < PAIRS:
        board = boards(sandbox, thread)[-1]
        if "Game over" in board.content:
            game_id, thread = await open_game(sandbox, game, ana, [ben], options)
            reply = None
            continue
        found = await next_move(sandbox, game_id, rng)
        assert found is not None
        user_id, move = found
        user = users[user_id]
        assert to_move(sandbox, board) is user
        pressed, target = None, board
        if how == "command and button":
            for where in (board, reply):
                if where is not None and pressed is None:
                    pressed = await button_and_move(sandbox, game_id, where)
                    target = where
        if pressed is not None and menu(target) is None:
            _, move = pressed
            buttons += 1
        command, chosen = command_for(sandbox, game, move)
        first = sandbox.fake.slash(user, thread, f"{game} {command}", chosen)
        if pressed is not None:
            second = sandbox.fake.click(user, target, pressed[0])
        else:
            second = sandbox.fake.slash(user, thread, f"{game} {command}", chosen)
        before = (await sandbox.bot.host.game(game_id)).version
        results = await asyncio.gather(first, second)
        for it in results:
            await it.done()
        after = (await sandbox.bot.host.game(game_id)).version
        assert after == before + 1, [it.content for it in results]
        reply = next((private_prompt(it) for it in results if private_prompt(it) is not None), None)
        pairs += 1
    if how == "command and button" and game in ("marrakech", "morocco", "cairo"):
        assert buttons > 0, "some pairs raced a command against a button"
