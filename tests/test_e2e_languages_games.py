"""Whole games on a Spanish server: every public message and every Spanish player's private reply is Spanish."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from e2e import settled
from languages import english_in
from test_e2e_jambo import take_turn
from test_e2e_languages import check_limits, click_id, leaks

import engines
from offline.sandbox import Sandbox

PLAYERS = {"marrakech": 3, "cairo": 3, "morocco": 3, "jambo": 2}
LOCALES = ("es-ES", "es-419", "es-ES")


async def play_in_spanish(database_url: str, game: str, seed: int, moves: int) -> tuple[Counter[str], int]:
    """A Spanish server plays ``game`` with ``/<game> play move:`` (a random legal move each turn): the English
    found, and how many moves were made."""
    box = Sandbox(database_url, rng=random.Random(seed), locale="es-ES", guild_locale="es-ES")
    await box.start()
    found: Counter[str] = Counter()
    made = 0
    try:
        users = [box.user(f"p{index}", locale=LOCALES[index]) for index in range(PLAYERS[game])]
        await settled(box.fake.slash(users[0], box.channel, f"{game} new", {}))
        thread = box.fake.threads(box.channel)[-1]
        game_id = int(thread.name.rsplit("#", 1)[1])
        for user in users[1:]:
            lobby = box.fake.messages(thread)[0]
            await (await box.fake.click(user, lobby, click_id(lobby, "join"))).done()
        lobby = box.fake.messages(thread)[0]
        await (await box.fake.click(users[0], lobby, click_id(lobby, "start"))).done()
        await box.settle()
        rng = random.Random(seed)
        assert box.bot is not None
        for _ in range(moves):
            played = await box.bot.host.snapshot(game_id)
            if played.state is None or played.game.over or played.to_move_player is None:
                break
            if game == "jambo":  # no notation command: the buttons and menus of the board and of /jambo hand
                await take_turn(box, thread, rng, set())
            else:
                user_id = played.user_of(played.to_move_player)
                user = next(u for u in users if u.id == user_id)
                legal = played.engine.legal_moves(played.state)
                await settled(box.fake.slash(user, thread, f"{game} play", {"move": rng.choice(legal)}))
            await box.settle()
            made += 1
        for interaction in box.fake.world.interactions.values():
            for message in [interaction.message, *interaction.followups]:
                if message is not None and message.ephemeral:
                    check_limits(message)
                    found.update(leaks(message))
        for message in [*box.fake.messages(box.channel), *box.fake.messages(thread)]:
            check_limits(message)
            found.update(leaks(message))
        for user in users:
            for dm in box.fake.dms(user):
                found.update(english_in(dm.content))
        assert not box.fake.errors, box.fake.errors
    finally:
        await box.stop()
    return found, made


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(PLAYERS))
async def test_a_whole_game_in_spanish(database_url: str, game: str) -> None:
    found, made = await play_in_spanish(database_url, game, seed=4, moves=400)
    assert made > 5
    assert not found, f"English in a Spanish {engines.get(game).title} game: {found.most_common()}"
