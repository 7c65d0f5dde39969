"""No message of the bot can ping anyone but the users it means to: player names holding ``@everyone``, ``@here``
and a role mention go through every public path (lobby, board posts, the undo request, the turn notices, status,
log, rules, direct messages), and at the fake each message's content is read with its ``allowed_mentions``: what
they would let ping is only ever players of the game, never everyone, here or a role."""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from e2e import open_game, settled
from test_e2e_history import whole_marrakech_turn

from offline.fakediscord.state import Message
from offline.sandbox import Sandbox

EVERYONE = re.compile(r"@(everyone|here)")
ROLE = re.compile(r"<@&(\d+)>")
USER = re.compile(r"<@!?(\d+)>")
THREAD_CREATED = 18
"""Discord's system message for a thread the bot opened: no content of the bot's."""
NICKNAMES = {"ana": "@everyone Ana", "ben": "@here Ben", "cy": "<@&123> Cy"}


class Clock:
    def __init__(self) -> None:
        self.now = 1_750_000_000.0

    def __call__(self) -> float:
        return self.now


def could_ping(message: Message) -> tuple[bool, set[int], set[int]]:
    """Whether the message could ping everyone/here, and the roles and users it could ping (Discord's rules:
    no ``allowed_mentions`` parses every mention in the content)."""
    allowed = message.allowed_mentions
    parse = {"everyone", "roles", "users"} if allowed is None else set(allowed.get("parse") or [])
    listed_roles = {int(r) for r in (allowed or {}).get("roles") or []}
    listed_users = {int(u) for u in (allowed or {}).get("users") or []}
    content = message.content or ""
    everyone = bool(EVERYONE.search(content)) and "everyone" in parse
    roles = {int(r) for r in ROLE.findall(content) if "roles" in parse or int(r) in listed_roles}
    users = {int(u) for u in USER.findall(content) if "users" in parse or int(u) in listed_users}
    return everyone, roles, users


@pytest.fixture
async def box(tmp_path: Path) -> AsyncIterator[Sandbox]:
    sandbox = Sandbox(tmp_path / "bazaar.db", rng=random.Random(4), clock=Clock())
    await sandbox.start()
    try:
        yield sandbox
    finally:
        await sandbox.stop()


async def test_names_that_look_like_mentions_ping_nobody_on_any_path(box: Sandbox) -> None:
    fake = box.fake
    players = {}
    for name, nick in NICKNAMES.items():
        user = fake.add_user(name)
        fake.add_member(box.guild, user, nick=nick)
        box.users[name] = user
        players[name] = user
    ana, ben, cy = players["ana"], players["ben"], players["cy"]
    for user in players.values():
        await settled(fake.slash(user, box.channel, "bazaar notify", {"setting": "on"}))
    game_id, thread = await open_game(box, "marrakech", ana, [ben, cy])
    rng = random.Random(2)
    for _ in range(2):  # two whole turns: turn Assam (the die rolls, answered privately), place a carpet
        last = await whole_marrakech_turn(box, thread, rng)
        await box.settle()
    for path in ("marrakech status", "marrakech log", "marrakech rules", "marrakech board"):
        await settled(fake.slash(ana, thread, path, {}))
    await settled(fake.slash(last, thread, "marrakech undo", {}))
    assert any("asks to take back" in m.content for m in fake.messages(thread)), "the undo request is posted"
    clock = box.clock
    assert isinstance(clock, Clock)
    for hours in (30, 80):  # the reminder, then the deadline's notice
        clock.now += hours * 3600
        await box.bot.get_cog("Clock").tick(clock.now)
        await box.settle()

    sent = [m for m in fake.all_messages() if m.author_id == fake.bot_user.id and m.type != THREAD_CREATED]
    names_shown = [m for m in sent if any(name in (m.content or "") for name in ("Ana", "Ben", " Cy"))]
    assert len(names_shown) >= 8, [m.content for m in sent]
    ids = {u.id for u in players.values()}
    unset = [m.content for m in sent if m.allowed_mentions is None]
    assert not unset, f"messages sent without allowed_mentions: {unset}"
    for message in sent:
        everyone, roles, users = could_ping(message)
        assert not everyone and not roles and users <= ids, (message.content, message.allowed_mentions)
    assert not fake.errors, fake.errors
    assert (await box.bot.host.snapshot(game_id)).game.status == "active"
