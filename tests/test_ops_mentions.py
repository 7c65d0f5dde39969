"""Mentions: a message the bot writes may ping the players it names, never @everyone, @here or a role.

Player-chosen names end up in the bot's texts; discord.py's ``AllowedMentions(users=…)`` alone still allows
everyone and roles (its defaults), so every construction with ``users`` must say ``everyone=False,
roles=False, replied_user=False``. Checked in the source, and end to end on the undo answer's edit.
"""

from __future__ import annotations

import ast
import random
from pathlib import Path

from e2e import click_label, open_game
from sources import syntax
from test_e2e_history import slash, undo_request, whole_marrakech_turn

from offline.sandbox import Sandbox

BOT = Path(__file__).resolve().parents[1] / "bot"


def test_every_allowed_mentions_with_users_forbids_everyone_roles_and_the_replied_user() -> None:
    found = 0
    for path in BOT.rglob("*.py"):
        if "fakediscord" in path.parts:
            continue
        for node in ast.walk(syntax(path)):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "AllowedMentions":
                given = {k.arg: k.value for k in node.keywords}
                if "users" not in given:
                    continue
                found += 1
                for name in ("everyone", "roles", "replied_user"):
                    value = given.get(name)
                    assert isinstance(value, ast.Constant) and value.value is False, (
                        f"{path.relative_to(BOT.parent)}:{node.lineno}: AllowedMentions(users=…) without {name}=False"
                    )
    assert found >= 2


async def test_the_undo_answer_pings_only_the_players_still_asked(sandbox: Sandbox) -> None:
    ana, ben, cy = sandbox.user("ana"), sandbox.user("ben"), sandbox.user("cy")
    _, thread = await open_game(sandbox, "marrakech", ana, [ben, cy])
    rng = random.Random(7)
    mover = await whole_marrakech_turn(sandbox, thread, rng)
    others = [u for u in (ana, ben, cy) if u is not mover]
    await slash(sandbox, mover, thread, "marrakech undo")
    await click_label(sandbox, others[0], undo_request(sandbox, thread), "Agree")
    edited = undo_request(sandbox, thread)
    assert "Agreed so far" in edited.content
    allowed = edited.allowed_mentions or {}
    assert not {"everyone", "roles"} & set(allowed.get("parse") or []), allowed
    assert not allowed.get("replied_user") and [int(u) for u in allowed.get("users", [])] == [others[1].id]
    assert edited.mentions == [others[1].id]
