"""Jambo's private controls end to end: standing orders shown and changed, the hand bringing a half-made decision
back, buttons that say what they do, and what a Cancel leaves. The real bot against the fake Discord."""

from __future__ import annotations

import discord
from e2e import boards, open_game, settled

from offline.fakediscord.state import Interaction, Message, User, walk_components
from offline.sandbox import Sandbox

NO_PINGS = discord.AllowedMentions.none().to_dict()


def menus(message: Message) -> list[dict]:
    return [c for c in walk_components(message.components) if c.get("type") == 3]


def labels(message: Message) -> list[str]:
    return [str(c.get("label")) for c in walk_components(message.components) if c.get("type") == 2]


def private_reply(it: Interaction) -> Message:
    """The newest private message of an interaction (its answer, or the edited message of a click)."""
    found = [m for m in [*reversed(it.followups), it.message] if m is not None and m.ephemeral]
    assert found, it.describe()
    return found[0]


def quiet_and_short(message: Message) -> None:
    """A private answer: within Discord's limits, and pings nobody."""
    assert 0 < len(message.content) <= 2000, message.content
    assert message.allowed_mentions == NO_PINGS and not message.mentions, message.allowed_mentions


async def orders_of(box: Sandbox, game_id: int, user: User) -> dict:
    played = await box.bot.host.snapshot(game_id)
    seat = played.seat_of(user.id)
    return played.view(seat).details["players"][seat]["orders"]


async def test_orders_are_shown_in_words_with_menus_that_change_them(sandbox: Sandbox) -> None:
    ana, ben, cara = sandbox.user("ana"), sandbox.user("ben"), sandbox.user("cara")
    game_id, thread = await open_game(sandbox, "jambo", ana, [ben])
    it = await settled(sandbox.fake.slash(ana, thread, "jambo orders"))
    reply = private_reply(it)
    quiet_and_short(reply)
    assert "—" not in reply.content, reply.content
    assert "Guard" in reply.content and "ask me" in reply.content, reply.content
    assert "Rain Maker" in reply.content and "never" in reply.content, reply.content
    guard, rain = menus(reply)
    assert {o["value"] for o in guard["options"]} == {"ask", "auto", "never"}
    assert {o["value"] for o in rain["options"]} == {"ask", "auto", "never"}

    it = await settled(
        sandbox.fake.slash(
            ana, thread, "jambo orders", {"guard": "never", "animal": "lion", "rain_maker": "auto", "price": 4}
        )
    )
    reply = private_reply(it)
    quiet_and_short(reply)
    assert "Lion: never answer" in reply.content and "10 gold or more" in reply.content, reply.content
    assert (await orders_of(sandbox, game_id, ana))["guard"]["lion"] == "never"

    clicked = await settled(sandbox.fake.select(ana, reply, menus(reply)[0]["custom_id"], ["auto"]))
    edited = private_reply(clicked)
    quiet_and_short(edited)
    assert "answer at once" in edited.content and "Lion" not in edited.content, edited.content
    orders = await orders_of(sandbox, game_id, ana)
    assert set(orders["guard"].values()) == {"auto"} and orders["rain"] == "auto"
    assert (await orders_of(sandbox, game_id, ben))["guard"]["lion"] == "ask", "only the chooser's orders change"

    it = await settled(sandbox.fake.slash(cara, thread, "jambo orders"))
    assert it.ephemeral and "not playing" in it.content, it.content
    assert not menus(private_reply(it))
    assert len(boards(sandbox, thread)) == 1, "orders post no board"
